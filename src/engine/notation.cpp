#include "carcref/notation.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <utility>

#include "carcref/i18n.h"

namespace carcref {

std::string EdgeWords(Side side) {
  switch (side) {
    case kNorth:
      return TrContext("edge", "the north edge");
    case kEast:
      return TrContext("edge", "the east edge");
    case kSouth:
      return TrContext("edge", "the south edge");
    default:
      return TrContext("edge", "the west edge");
  }
}

std::string Got(std::string_view text, std::size_t i) {
  if (i >= text.size()) return Tr("the end of the description");
  unsigned char ch = static_cast<unsigned char>(text[i]);
  if (ch >= 0x80 || ch < 0x20 || ch == 0x7f) return Tr("a character that is not a plain letter");
  return std::string("'") + text[i] + "'";
}

namespace {

// ---------------------------------------------------------------------------------------------
// Field derivation (NOTATION.md rules 3–5)
// ---------------------------------------------------------------------------------------------

// Where a road that touches one edge ends (rule 2).
enum class RoadEnd {
  kThrough,  // the road has two edges: it passes through, an obstacle of its own
  kHub,      // the middle feature (monastery, castle, cemetery, village) or the junction
  kCity,     // a city gate: the road joins that city's obstacle
  kHouse,    // a house in the middle: an obstacle of its own
};

struct RoadSpec {
  PortMask ports = 0;  // middle ports of its edges
  RoadEnd end = RoadEnd::kThrough;
  int city = -1;  // kCity: index into the city list
};

struct CitySpec {
  int segment = -1;  // index into TileType::segments
  PortMask ports = 0;
};

int Find(std::vector<int>& parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

void Union(std::vector<int>& parent, int a, int b) { parent[Find(parent, a)] = Find(parent, b); }

// The connected obstacles of rule 3, each given by the border ports it touches: a city with the
// roads that end at its gate; the middle feature or junction with the roads that end there; a
// through road; a road ending at a house; a mist area (rule 5) with the roads it covers. A
// middle feature no road reaches touches no border and so separates nothing; it is left out.
// `mists` holds every port each mist area covers: the field ports it owns and road middles.
std::vector<PortMask> ObstacleContacts(const std::vector<CitySpec>& cities,
                                       const std::vector<RoadSpec>& roads,
                                       const std::vector<PortMask>& mists) {
  const int n_cities = static_cast<int>(cities.size());
  const int n_roads = static_cast<int>(roads.size());
  const int hub = n_cities + n_roads;
  const int n_mists = static_cast<int>(mists.size());
  std::vector<int> parent(static_cast<size_t>(hub + 1 + n_mists));
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<PortMask> contact(parent.size(), 0);
  for (int c = 0; c < n_cities; ++c) contact[c] = cities[c].ports;
  for (int r = 0; r < n_roads; ++r) {
    contact[n_cities + r] = roads[r].ports;
    if (roads[r].end == RoadEnd::kHub) Union(parent, n_cities + r, hub);
    if (roads[r].end == RoadEnd::kCity) Union(parent, n_cities + r, roads[r].city);
  }
  for (int m = 0; m < n_mists; ++m) {
    const int node = hub + 1 + m;
    contact[node] = mists[m];
    for (int r = 0; r < n_roads; ++r)  // mist lying on a road is one obstacle with it
      if (mists[m] & roads[r].ports) Union(parent, node, n_cities + r);
  }
  std::vector<PortMask> by_root(parent.size(), 0);
  for (int i = 0; i < static_cast<int>(parent.size()); ++i) by_root[Find(parent, i)] |= contact[i];
  std::vector<PortMask> out;
  for (PortMask m : by_root)
    if (m != 0) out.push_back(m);
  return out;
}

// A maximal run of ports along the border, clockwise from `first`.
struct Stretch {
  Port first = 0;
  int length = 0;
  PortMask mask = 0;
};

// The maximal runs of `ports` round the border (NR and EL are neighbours across the corner),
// in clockwise order of their first port from NL; a run that wraps past NL comes first.
std::vector<Stretch> Stretches(PortMask ports) {
  std::vector<Stretch> out;
  if (ports == kAllPorts) {
    out.push_back({0, kPorts, kAllPorts});
  } else if (ports != 0) {
    Port start = 0;
    while (ports & Bit(start)) ++start;  // a port outside: no run wraps past it
    for (int k = 1; k <= kPorts; ++k) {
      Port p = (start + k) % kPorts;
      if (!(ports & Bit(p))) continue;
      Port prev = (p + kPorts - 1) % kPorts;
      if (!(ports & Bit(prev))) out.push_back({p, 0, 0});
      out.back().length++;
      out.back().mask |= Bit(p);
    }
  }
  return out;
}

PortMask ArcMask(Port from, Port to_exclusive) {
  PortMask m = 0;
  for (Port p = from; p != to_exclusive; p = (p + 1) % kPorts) m |= Bit(p);
  return m;
}

// The two arcs of border between stretches a and b (exclusive of both).
std::pair<PortMask, PortMask> ArcsBetween(const Stretch& a, const Stretch& b) {
  return {ArcMask((a.first + a.length) % kPorts, b.first),
          ArcMask((b.first + b.length) % kPorts, a.first)};
}

// Whether `obstacle` touches the border on both arcs between two of the stretches.
bool Separates(PortMask obstacle, const Stretch& a, const Stretch& b) {
  auto [arc1, arc2] = ArcsBetween(a, b);
  return (obstacle & arc1) != 0 && (obstacle & arc2) != 0;
}

// The lowest port of a mask (the first clockwise from NL).
int FirstPort(PortMask m) {
  for (Port p = 0; p < kPorts; ++p)
    if (m & Bit(p)) return p;
  return kPorts;
}

// Rule 3: field stretches around the border; two stretches are the same field unless one
// connected obstacle touches the border on both arcs between them. All pairs are tested, not
// only neighbours: on winter/RrRr the NE and SW stretches are one field although the stretches
// between them (NW, SE) are cut off by the curves.
// Rule 4: a field borders a city where one of its ports lies next to one of the city's ports.
std::vector<Segment> FieldSegments(PortMask field_ports, const std::vector<PortMask>& obstacles,
                                   const std::vector<CitySpec>& cities) {
  std::vector<Stretch> stretches = Stretches(field_ports);
  const int n = static_cast<int>(stretches.size());
  std::vector<int> parent(static_cast<size_t>(n));
  std::iota(parent.begin(), parent.end(), 0);
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      bool separated = std::any_of(obstacles.begin(), obstacles.end(), [&](PortMask o) {
        return Separates(o, stretches[a], stretches[b]);
      });
      if (!separated) Union(parent, a, b);
    }
  }
  std::vector<PortMask> field_masks;
  for (int a = 0; a < n; ++a) {
    if (Find(parent, a) != a) continue;
    PortMask m = 0;
    for (int b = 0; b < n; ++b)
      if (Find(parent, b) == a) m |= stretches[b].mask;
    field_masks.push_back(m);
  }
  // Fields in the order of their first port clockwise from NL.
  std::sort(field_masks.begin(), field_masks.end(),
            [](PortMask x, PortMask y) { return FirstPort(x) < FirstPort(y); });
  std::vector<Segment> out;
  for (PortMask m : field_masks) {
    Segment field;
    field.kind = FeatureKind::kField;
    field.ports = m;
    PortMask next_to = 0;
    for (Port p = 0; p < kPorts; ++p) {
      if (m & Bit(p))
        next_to |= static_cast<PortMask>(Bit((p + 1) % kPorts) | Bit((p + kPorts - 1) % kPorts));
    }
    for (const CitySpec& c : cities)
      if (c.ports & next_to) field.cities.push_back(c.segment);
    std::sort(field.cities.begin(), field.cities.end());
    out.push_back(std::move(field));
  }
  return out;
}

// The border ports that can hold field: all of a field edge, the halves of a road edge.
PortMask FieldPorts(const std::array<EdgeKind, 4>& edges) {
  PortMask m = 0;
  for (Side s : kSides) {
    if (edges[s] == EdgeKind::kField) m |= SideMask(s);
    if (edges[s] == EdgeKind::kRoad)
      m |= static_cast<PortMask>(Bit(PortOf(s, 0)) | Bit(PortOf(s, 2)));
  }
  return m;
}

std::vector<Side> MiddleSides(PortMask mask) {
  std::vector<Side> out;
  for (Side s : kSides)
    if (mask & Bit(MiddlePort(s))) out.push_back(s);
  return out;
}

// Rules 3–5: the clear field ports (not city, road or mist) split into fields around the
// obstacles; mist areas are obstacles too and border no field as a city does.
void AppendFields(TileType& t, const std::vector<CitySpec>& cities,
                  const std::vector<RoadSpec>& roads, const std::vector<PortMask>& mists) {
  PortMask obstacle_ports = 0;
  std::vector<PortMask> obstacles = ObstacleContacts(cities, roads, mists);
  for (PortMask o : obstacles) obstacle_ports |= o;
  PortMask field_ports = FieldPorts(t.edges) & static_cast<PortMask>(~obstacle_ports);
  for (Segment& f : FieldSegments(field_ports, obstacles, cities))
    t.segments.push_back(std::move(f));
}

// ---------------------------------------------------------------------------------------------
// The short form parser
// ---------------------------------------------------------------------------------------------

enum class Middle { kNone, kMonastery, kCastle, kCemetery, kVillage };

// One edge as typed: its kind and, per part (left half, middle, right half), whether it lies
// in mist.
struct TypedEdge {
  EdgeKind kind = EdgeKind::kField;
  std::array<bool, 3> mist{};
  int column = 0;
};

struct TypedForm {
  std::string_view text;
  std::array<TypedEdge, 4> edges;
  int pennants = 0;
  int pennant_column = -1;
  bool separate = false;
  int separate_column = -1;
  Middle middle = Middle::kNone;
  int middle_column = -1;
  bool one_band = false;  // `=`
  int band_column = -1;
  std::vector<int> ghosts;         // the ghost numbers, `N` or `N/M/…`
  std::vector<int> ghost_columns;  // where each starts
  // Whether the text so far uses the Mists parts of the notation: error messages then list
  // them among what would be right (a base description keeps the base vocabulary).
  bool mists = false;
};

Status SyntaxAt(std::string msg, size_t column) {
  return Status::Syntax(std::move(msg), static_cast<int>(column));
}

Status SyntaxAt(std::string msg, int column) { return Status::Syntax(std::move(msg), column); }

// "the left half of the north edge": a part of an edge, after "for" in the messages below.
std::string PartWords(Side side, int part) {
  // TRANSLATORS: a part of a tile's edge, used after "for" ("expected f for the left half of
  // the north edge"; Czech: "pro levou polovinu severního okraje").
  static const char* const kParts[4][3] = {
      {TrNoop("the left half of the north edge"), TrNoop("the middle of the north edge"),
       TrNoop("the right half of the north edge")},
      {TrNoop("the left half of the east edge"), TrNoop("the middle of the east edge"),
       TrNoop("the right half of the east edge")},
      {TrNoop("the left half of the south edge"), TrNoop("the middle of the south edge"),
       TrNoop("the right half of the south edge")},
      {TrNoop("the left half of the west edge"), TrNoop("the middle of the west edge"),
       TrNoop("the right half of the west edge")}};
  return Tr(kParts[side][part]);
}

// A bracketed edge `[lmr]` starting at text[i] == '['; advances i past the `]`.
Status ParseBracket(std::string_view text, size_t& i, Side side, TypedForm& form) {
  TypedEdge& edge = form.edges[side];
  edge.kind = EdgeKind::kField;
  for (int part = 0; part < 3; ++part) {
    size_t at = i + 1 + static_cast<size_t>(part);
    char ch = at < text.size() ? text[at] : '\0';
    bool mid = part == 1;
    if (ch == 'f' || ch == 'F' || (mid && (ch == 'r' || ch == 'R'))) {
      if (ch == 'r' || ch == 'R') edge.kind = EdgeKind::kRoad;
      if (ch == 'F' || ch == 'R') edge.mist[part] = form.mists = true;
      continue;
    }
    if (ch == 'c' && at < text.size()) {
      bool misty = false;
      for (size_t k = i + 1; k < std::min(text.size(), i + 4); ++k)
        misty = misty || text[k] == 'F' || text[k] == 'R';
      // TRANSLATORS: {1} the edge ("the north edge").
      return SyntaxAt(Fill(misty ? Tr("mist never lies on a city (B.5.2): a city edge is "
                                      "written c, not in brackets ({1})")
                                 : Tr("a city edge is written c, not in brackets ({1})"),
                           {EdgeWords(side)}),
                      at);
    }
    if (ch == 'R')  // R in a half: the road runs along the middle only
      // TRANSLATORS: {1} a part of an edge ("the left half of the north edge").
      return SyntaxAt(Fill(Tr("a road runs along the middle of an edge: expected f or F for {1}, "
                              "got 'R'"),
                           {PartWords(side, part)}),
                      at);
    std::string expected =
        mid ? (form.mists ? Tr("r, R, f or F") : Tr("r or f")) : (form.mists ? Tr("f or F") : "f");
    return SyntaxAt(
        Fill(Tr("expected {1} for {2}, got {3}"), {expected, PartWords(side, part), Got(text, at)}),
        at);
  }
  size_t close = i + 4;
  if (close >= text.size() || text[close] != ']')
    // TRANSLATORS: {1} the edge ("the north edge"), {2} what stands there instead.
    return SyntaxAt(
        Fill(Tr("expected ] to close {1}, got {2}"), {EdgeWords(side), Got(text, close)}), close);
  i = close + 1;
  return Status::Ok();
}

// The ghost numbers `N` or `N/M/…` starting at a digit text[i]; advances i past them.
Status ParseGhosts(std::string_view text, size_t& i, TypedForm& form) {
  if (!form.ghosts.empty())
    return SyntaxAt(Tr("ghost symbols are given twice: write N/M for several mist areas"), i);
  while (true) {
    if (i >= text.size() || text[i] < '0' || text[i] > '9')
      // TRANSLATORS: {1} what stands there instead ("'x'", "the end of the description").
      return SyntaxAt(Fill(Tr("expected a number after / (the ghost symbols of the next mist "
                              "area), got {1}"),
                           {Got(text, i)}),
                      i);
    int value = 0;
    size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      value = value * 10 + (text[i] - '0');
      if (value > 9) return SyntaxAt(Tr("at most 9 ghost symbols in one mist area"), start);
      ++i;
    }
    form.ghosts.push_back(value);
    form.ghost_columns.push_back(static_cast<int>(start));
    if (i >= text.size() || text[i] != '/') return Status::Ok();
    ++i;
  }
}

Middle MiddleOf(char ch) {
  switch (ch) {
    case 'm':
      return Middle::kMonastery;
    case 'k':
      return Middle::kCastle;
    case 'g':
      return Middle::kCemetery;
    case 'v':
      return Middle::kVillage;
    default:
      return Middle::kNone;
  }
}

Status ParseTyped(std::string_view text, TypedForm& form) {
  form.text = text;
  if (text.empty())
    return SyntaxAt(Tr("empty tile description: expected four edge letters c, r or f, clockwise "
                       "from the north edge"),
                    0);
  size_t i = 0;
  for (Side side : kSides) {
    TypedEdge& edge = form.edges[side];
    edge.column = static_cast<int>(i);
    char ch = i < text.size() ? text[i] : '\0';
    switch (ch) {
      case 'c':
        edge.kind = EdgeKind::kCity;
        ++i;
        continue;
      case 'r':
      case 'R':
        edge.kind = EdgeKind::kRoad;
        break;
      case 'f':
      case 'F':
        edge.kind = EdgeKind::kField;
        break;
      case 'C':
        // TRANSLATORS: {1} the edge ("the north edge").
        return SyntaxAt(Fill(Tr("there is no misty city: mist never lies on a city (B.5.2); "
                                "write c for {1}"),
                             {EdgeWords(side)}),
                        i);
      case '[': {
        Status s = ParseBracket(text, i, side, form);
        if (!s.ok()) return s;
        continue;
      }
      default:
        // TRANSLATORS: {1} the letters that may stand there (notation), {2} the edge ("the
        // north edge"), {3} what stands there instead ("'x'", "the end of the description").
        return SyntaxAt(Fill(Tr("expected {1} for {2}, got {3}"),
                             {form.mists ? Tr("c, r, f, R, F or a bracketed edge") : "c, r or f",
                              EdgeWords(side), Got(text, i)}),
                        i);
    }
    if (ch == 'R' || ch == 'F') edge.mist = {true, true, true};
    form.mists = form.mists || ch == 'R' || ch == 'F';
    ++i;
  }
  while (i < text.size()) {
    char ch = text[i];
    switch (ch) {
      case '+': {
        if (form.pennant_column >= 0)
          return SyntaxAt(Tr("pennants are given twice: write ++ for two"), i);
        form.pennant_column = static_cast<int>(i);
        while (i < text.size() && text[i] == '+') {
          if (++form.pennants > 2) return SyntaxAt(Tr("at most two pennants (++)"), i);
          ++i;
        }
        continue;
      }
      case '|':
        if (form.separate) return SyntaxAt(Tr("| (separate cities) is given twice"), i);
        form.separate = true;
        form.separate_column = static_cast<int>(i);
        ++i;
        continue;
      case 'm':
      case 'k':
      case 'g':
      case 'v':
        if (form.middle != Middle::kNone)
          return SyntaxAt(Fill(Tr("a tile has one middle feature: '{1}' after '{2}'"),
                               {std::string(1, ch),
                                std::string(1, text[static_cast<size_t>(form.middle_column)])}),
                          i);
        form.middle = MiddleOf(ch);
        form.middle_column = static_cast<int>(i);
        form.mists = form.mists || ch == 'k' || ch == 'g';
        ++i;
        continue;
      case '=':
        if (form.one_band) return SyntaxAt(Tr("= (one band of mist) is given twice"), i);
        form.one_band = form.mists = true;
        form.band_column = static_cast<int>(i);
        ++i;
        continue;
      case '/':
        return SyntaxAt(
            Tr("a / separates the ghost symbols of two mist areas (N/M): expected a number "
               "before it"),
            i);
      default:
        if (ch >= '0' && ch <= '9') {
          form.mists = true;
          Status s = ParseGhosts(text, i, form);
          if (!s.ok()) return s;
          continue;
        }
        // TRANSLATORS: {1} what was typed ("'x'"), {2} what may follow the edges (notation with
        // its meaning in parentheses).
        return SyntaxAt(Fill(Tr("unexpected {1} after the four edges: expected {2}"),
                             {Got(text, i),
                              form.mists ? Tr("+ (pennant), | (separate cities), m k g v "
                                              "(monastery, castle, cemetery, village), = (one "
                                              "band of mist) or a number (ghost symbols)")
                                         : Tr("+ (pennant), | (separate cities), m (monastery) or "
                                              "v (village)")}),
                        i);
    }
  }
  return Status::Ok();
}

// Words for where some mist lies: whole sides by name, else the half-edges ("NR+EL"), a road
// middle as "road N", the middle of a field edge as "N middle".
std::string MistPlace(const std::array<EdgeKind, 4>& edges, PortMask mask) {
  std::string out;
  for (Side s : kSides) {
    PortMask bits = mask & SideMask(s);
    if (bits == 0) continue;
    std::vector<std::string> parts;
    if (bits == SideMask(s)) {
      parts.emplace_back(SideName(s));
    } else {
      for (int part = 0; part < 3; ++part) {
        Port p = PortOf(s, part);
        if (!(bits & Bit(p))) continue;
        if (part != 1)
          parts.emplace_back(HalfName(p));
        else if (edges[s] == EdgeKind::kRoad)
          parts.push_back(Fill(Tr("road {1}"), {std::string(SideName(s))}));
        else
          // TRANSLATORS: the middle of a field edge where mist lies; {1} the side (N, E, S, W).
          parts.push_back(Fill(Tr("{1} middle"), {std::string(SideName(s))}));
      }
    }
    for (const std::string& p : parts) out += (out.empty() ? "" : "+") + p;
  }
  return out;
}

// "at N and at S", "at N, at E and at S".
std::string AtPlaces(const std::array<EdgeKind, 4>& edges, const std::vector<PortMask>& places) {
  std::string out;
  for (size_t k = 0; k < places.size(); ++k) {
    // TRANSLATORS: where mist lies on a tile: {1} its sides or half-edges ("N+EL").
    std::string at = Fill(Tr("at {1}"), {MistPlace(edges, places[k])});
    if (k > 0 && k + 1 == places.size())
      out = Fill(Tr("{1} and {2}"), {out, at});
    else
      out += (k ? ", " : "") + at;
  }
  return out;
}

std::string Ones(size_t n) {
  std::string out;
  for (size_t k = 0; k < n; ++k) out += k ? "/1" : "1";
  return out;
}

std::string GhostList(const std::vector<int>& ghosts) {
  std::string out;
  for (size_t k = 0; k < ghosts.size(); ++k) out += (k ? "/" : "") + std::to_string(ghosts[k]);
  return out;
}

// Rule 5: the misty parts of the border, grouped into the parts that are one mist area
// whatever else is said: misty ports that meet along the border, and the two ends of a misty
// road running through the tile. In clockwise order of their first port from NL.
std::vector<PortMask> MistGroups(PortMask misty, const std::vector<RoadSpec>& roads) {
  std::vector<Stretch> stretches = Stretches(misty);
  const int n = static_cast<int>(stretches.size());
  std::vector<int> parent(static_cast<size_t>(n));
  std::iota(parent.begin(), parent.end(), 0);
  auto stretch_of = [&](Port p) {
    for (int k = 0; k < n; ++k)
      if (stretches[k].mask & Bit(p)) return k;
    return -1;
  };
  for (const RoadSpec& r : roads) {
    if (r.end != RoadEnd::kThrough || (r.ports & misty) != r.ports) continue;
    std::vector<Side> sides = MiddleSides(r.ports);
    Union(parent, stretch_of(MiddlePort(sides[0])), stretch_of(MiddlePort(sides[1])));
  }
  std::vector<PortMask> groups;
  for (int a = 0; a < n; ++a) {
    if (Find(parent, a) != a) continue;
    PortMask m = 0;
    for (int b = 0; b < n; ++b)
      if (Find(parent, b) == a) m |= stretches[b].mask;
    groups.push_back(m);
  }
  std::sort(groups.begin(), groups.end(),
            [](PortMask x, PortMask y) { return FirstPort(x) < FirstPort(y); });
  return groups;
}

// Rules 5–6 on a typed form: the mist areas (every port each covers), in the order their
// ghost numbers are given, and their ghost symbols; or why the description cannot say.
Status MistAreas(const TypedForm& form, const std::array<EdgeKind, 4>& edges, PortMask misty,
                 const std::vector<RoadSpec>& roads, const std::vector<CitySpec>& cities,
                 std::vector<PortMask>& areas) {
  const int end = static_cast<int>(form.text.size());
  const int ghost_column = form.ghost_columns.empty() ? end : form.ghost_columns[0];
  const size_t numbers = form.ghosts.size();
  if (misty == 0) {
    if (form.one_band)
      return SyntaxAt(Tr("= joins separate stretches of mist; this tile shows none"),
                      form.band_column);
    if (numbers > 1 || (numbers == 1 && form.ghosts[0] != 0))
      return SyntaxAt(Tr("ghost symbols stand in mist: this tile shows none"), ghost_column);
    return Status::Ok();
  }
  std::vector<PortMask> groups = MistGroups(misty, roads);
  const std::string text(form.text);
  if (form.one_band && groups.size() == 1)
    return SyntaxAt(Tr("= joins separate stretches of mist; this tile has only one"),
                    form.band_column);
  if (form.one_band && numbers > 1)
    // TRANSLATORS: {1} the ghost numbers typed ("1/2").
    return SyntaxAt(
        Fill(Tr("= makes the mist one area: give its ghost symbols as one number, not {1}"),
             {GhostList(form.ghosts)}),
        ghost_column);
  if (!form.one_band && groups.size() > 1 && numbers <= 1) {
    std::string band_example = "=" + std::to_string(numbers == 1 ? form.ghosts[0] : 1);
    // TRANSLATORS: {1} where the mist lies ("at N and at S"), {2} and {3} examples of the
    // notation ("=1", "1/1").
    return SyntaxAt(Fill(Tr("the mist lies apart {1}: is it one band of mist (add =, then its "
                            "ghost symbols, e.g. {2}) or separate patches (add the ghost symbols "
                            "of each, clockwise from the north edge's left half, e.g. {3})?"),
                         {AtPlaces(edges, groups), band_example, Ones(groups.size())}),
                    ghost_column);
  }
  if (form.one_band) {
    PortMask all = 0;
    for (PortMask g : groups) all |= g;
    // Mist never lies on a city: one band cannot reach round a city that lies between.
    std::vector<Stretch> stretches = Stretches(all);
    for (const CitySpec& c : cities)
      for (size_t a = 0; a < stretches.size(); ++a)
        for (size_t b = a + 1; b < stretches.size(); ++b)
          if (Separates(c.ports, stretches[a], stretches[b]))
            // TRANSLATORS: {1} where the mist lies ("at N and at S"), {2} the city's sides,
            // {3} an example of the notation ("1/1").
            return SyntaxAt(
                Fill(Tr("= makes one band of the mist {1}, but the city {2} lies "
                        "between and mist never lies on a city (B.5.2): give each "
                        "patch its ghost symbols instead, e.g. {3}"),
                     {AtPlaces(edges, groups), MistPlace(edges, c.ports), Ones(groups.size())}),
                form.band_column);
    areas = {all};
  } else {
    areas = groups;
  }
  if (numbers == 0)
    // TRANSLATORS: {1} the description with ghost numbers added ("fFfF1").
    return SyntaxAt(Fill(Tr("every mist area shows at least one ghost symbol (B.1.3): add how "
                            "many this tile shows, e.g. {1}"),
                         {text + Ones(areas.size())}),
                    end);
  if (numbers != areas.size()) {
    if (areas.size() == 1)
      // TRANSLATORS: {1} the one number, {2} the numbers typed ("1/2").
      return SyntaxAt(
          Fill(Tr("this tile's mist is one area: give its ghost symbols as one number, e.g. {1}, "
                  "not {2}"),
               {std::to_string(std::accumulate(form.ghosts.begin(), form.ghosts.end(), 0)),
                GhostList(form.ghosts)}),
          ghost_column);
    // TRANSLATORS: {1} the ghost numbers typed ("1/2/1"), {2} how many areas they give,
    // {3} how many separate places the mist lies in (2 or more), {4} where ("at N and at S"),
    // {5} an example ("1/1").
    return SyntaxAt(
        Fill(TrPlural("{1} gives ghost symbols for {2} mist area, but the mist lies in {3} "
                      "separate places ({4}): give one number per area, clockwise from the north "
                      "edge's left half, e.g. {5}",
                      "{1} gives ghost symbols for {2} mist areas, but the mist lies in {3} "
                      "separate places ({4}): give one number per area, clockwise from the north "
                      "edge's left half, e.g. {5}",
                      static_cast<long long>(numbers)),
             {GhostList(form.ghosts), std::to_string(numbers), std::to_string(areas.size()),
              AtPlaces(edges, areas), Ones(areas.size())}),
        ghost_column);
  }
  for (size_t k = 0; k < numbers; ++k)
    if (form.ghosts[k] == 0)
      // TRANSLATORS: {1} where that mist lies ("at N+EL").
      return SyntaxAt(Fill(Tr("every mist area shows at least one ghost symbol (B.1.3): 0 for the "
                              "mist {1}"),
                           {AtPlaces(edges, {areas[k]})}),
                      form.ghost_columns[k]);
  return Status::Ok();
}

// Rules 1–6 applied to a typed form that passed the syntax checks.
Result<TileType> BuildTile(const TypedForm& form) {
  TileType t;
  std::vector<Side> city_sides, road_sides;
  PortMask mist_fields = 0;  // misty field ports (halves, and middles of field edges)
  PortMask mist_roads = 0;   // misty road middles
  for (Side s : kSides) {
    const TypedEdge& e = form.edges[s];
    t.edges[s] = e.kind;
    if (t.edges[s] == EdgeKind::kCity) city_sides.push_back(s);
    if (t.edges[s] == EdgeKind::kRoad) road_sides.push_back(s);
    for (int part = 0; part < 3; ++part) {
      if (!e.mist[part]) continue;
      if (part == 1 && e.kind == EdgeKind::kRoad)
        mist_roads |= Bit(PortOf(s, part));
      else
        mist_fields |= Bit(PortOf(s, part));
    }
  }
  if (form.pennants > 0 && city_sides.empty())
    return SyntaxAt(Tr("a pennant (+) belongs to a city, and this tile has no city edge"),
                    form.pennant_column);
  if (form.separate && city_sides.size() < 2)
    return SyntaxAt(Tr("| (separate cities) needs two or more city edges"), form.separate_column);
  if (form.separate && form.pennants > 0)
    return SyntaxAt(Tr("a pennant on one of several separate cities needs the long form: the short "
                       "form cannot say which city has it"),
                    form.pennant_column);
  if (form.middle == Middle::kVillage && road_sides.empty())
    return SyntaxAt(Tr("v (a village where roads end) needs a road edge"), form.middle_column);
  if (form.middle == Middle::kNone && road_sides.size() == 1 && form.separate)
    return SyntaxAt(Tr("a single road on a tile with separate cities needs the long form: the "
                       "short form cannot say which city it runs into"),
                    form.separate_column);

  // Rule 1: one city, or one per city edge with `|`.
  std::vector<CitySpec> cities;
  if (!city_sides.empty()) {
    if (form.separate) {
      for (Side s : city_sides) cities.push_back({-1, SideMask(s)});
    } else {
      PortMask m = 0;
      for (Side s : city_sides) m |= SideMask(s);
      cities.push_back({-1, m});
    }
  }

  // Rule 2.
  std::vector<RoadSpec> roads;
  if (form.middle != Middle::kNone || road_sides.size() >= 3) {
    for (Side s : road_sides) roads.push_back({Bit(MiddlePort(s)), RoadEnd::kHub, -1});
  } else if (road_sides.size() == 2) {
    roads.push_back(
        {static_cast<PortMask>(Bit(MiddlePort(road_sides[0])) | Bit(MiddlePort(road_sides[1]))),
         RoadEnd::kThrough, -1});
  } else if (road_sides.size() == 1) {
    PortMask m = Bit(MiddlePort(road_sides[0]));
    if (cities.empty())
      roads.push_back({m, RoadEnd::kHouse, -1});
    else
      roads.push_back({m, RoadEnd::kCity, 0});
  }

  // Rules 5–6.
  std::vector<PortMask> mists;
  Status mist_status = MistAreas(form, t.edges, static_cast<PortMask>(mist_fields | mist_roads),
                                 roads, cities, mists);
  if (!mist_status.ok()) return mist_status;

  for (CitySpec& c : cities) {
    c.segment = static_cast<int>(t.segments.size());
    Segment seg;
    seg.kind = FeatureKind::kCity;
    seg.ports = c.ports;
    seg.pennants = cities.size() == 1 ? form.pennants : 0;
    t.segments.push_back(seg);
  }
  for (const RoadSpec& r : roads) {
    Segment seg;
    seg.kind = FeatureKind::kRoad;
    seg.ports = r.ports;
    seg.misty = r.ports & mist_roads;
    t.segments.push_back(seg);
  }
  switch (form.middle) {
    case Middle::kMonastery:
    case Middle::kCastle:
    case Middle::kCemetery: {
      Segment seg;
      seg.kind = form.middle == Middle::kMonastery ? FeatureKind::kMonastery
                 : form.middle == Middle::kCastle  ? FeatureKind::kCastle
                                                   : FeatureKind::kCemetery;
      t.segments.push_back(seg);
      break;
    }
    case Middle::kVillage:
      t.centre = Centre::kVillage;
      break;
    case Middle::kNone:
      break;
  }
  for (size_t k = 0; k < mists.size(); ++k) {
    Segment seg;
    seg.kind = FeatureKind::kMist;
    seg.ports = mists[k] & mist_fields;
    seg.misty = mists[k] & mist_roads;
    seg.ghosts = form.ghosts[k];
    t.segments.push_back(seg);
  }

  // Rules 3–5.
  AppendFields(t, cities, roads, mists);
  Status s = t.Finalize();
  if (!s.ok())
    return Status::Syntax(
        Fill(Tr("the description makes an inconsistent tile: {1}"), {s.message()}));
  return t;
}

bool SameAtRotation0(const TileType& a, const TileType& b) {
  return a.edges == b.edges && SameGeometry(a, b) == 0;
}

// Every port each mist area of `t` covers (field ports it owns, the road middles it covers,
// and the middle of a field edge whose two halves it owns: TileType::Finalize gives it that
// middle), in segment order, with the segment indices.
std::vector<std::pair<int, PortMask>> MistCover(const TileType& t) {
  std::vector<std::pair<int, PortMask>> out;
  for (int i = 0; i < static_cast<int>(t.segments.size()); ++i) {
    const Segment& seg = t.segments[i];
    if (seg.kind != FeatureKind::kMist) continue;
    PortMask m = seg.ports | seg.misty;
    for (Side s : kSides) {
      PortMask halves = static_cast<PortMask>(Bit(PortOf(s, 0)) | Bit(PortOf(s, 2)));
      bool middle_taken = false;
      for (const Segment& other : t.segments)
        middle_taken = middle_taken || (other.ports & Bit(MiddlePort(s)));
      if (t.edges[s] == EdgeKind::kField && (seg.ports & halves) == halves && !middle_taken)
        m |= Bit(MiddlePort(s));
    }
    out.emplace_back(i, m);
  }
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Public functions
// ---------------------------------------------------------------------------------------------

Result<TileType> ParseShortForm(std::string_view text) {
  TypedForm form;
  Status s = ParseTyped(text, form);
  if (!s.ok()) return s;
  return BuildTile(form);
}

Status DeriveFields(TileType& t) {
  std::vector<CitySpec> cities;
  std::vector<int> ending;  // indices into `roads` of roads that end on the tile
  std::vector<RoadSpec> roads;
  bool middle = t.centre != Centre::kNone;  // a village or the ruin ends roads too
  for (int i = 0; i < static_cast<int>(t.segments.size()); ++i) {
    const Segment& seg = t.segments[i];
    switch (seg.kind) {
      case FeatureKind::kField:
        return Status::Syntax(
            Tr("the tile already has fields: fields are derived only when none are given"));
      case FeatureKind::kCity:
        cities.push_back({i, seg.ports});
        break;
      case FeatureKind::kMonastery:
      case FeatureKind::kCastle:
      case FeatureKind::kCemetery:
        middle = true;  // roads end at any middle feature (NOTATION.md rule 2)
        break;
      case FeatureKind::kMist:
        break;
      case FeatureKind::kRoad: {
        size_t sides = MiddleSides(seg.ports).size();
        if (sides == 1) ending.push_back(static_cast<int>(roads.size()));
        roads.push_back({seg.ports, RoadEnd::kThrough, -1});
        break;
      }
    }
  }
  // Rule 2, for the roads that end on the tile.
  if (middle || ending.size() >= 2) {
    for (int r : ending) roads[r].end = RoadEnd::kHub;
  } else if (ending.size() == 1) {
    RoadSpec& r = roads[ending[0]];
    if (cities.empty()) {
      r.end = RoadEnd::kHouse;
    } else if (cities.size() == 1) {
      r.end = RoadEnd::kCity;
      r.city = 0;
    } else {
      // TRANSLATORS: {1} the side the road leaves by (N, E, S, W).
      return Status::Syntax(Fill(Tr("road {1} ends on a tile with several separate cities: which "
                                    "city it runs into cannot be derived, so the fields must be "
                                    "given"),
                                 {std::string(SideName(MiddleSides(r.ports)[0]))}));
    }
  }
  // Rule 5: each mist area is an obstacle where it lies.
  std::vector<PortMask> mists;
  for (const auto& [segment, cover] : MistCover(t)) mists.push_back(cover);
  AppendFields(t, cities, roads, mists);
  return t.Finalize();
}

TileType RotateTile(const TileType& t, int quarters) {
  int q = ((quarters % 4) + 4) % 4;
  TileType out = t;
  for (Side s : kSides) out.edges[RotateSide(s, q)] = t.edges[s];
  for (Segment& seg : out.segments) {
    seg.ports = RotateMask(seg.ports, q);
    seg.misty = RotateMask(seg.misty, q);
  }
  for (Port p = 0; p < kPorts; ++p) {
    out.port_owner[RotatePort(p, q)] = t.port_owner[p];
    out.mist_owner[RotatePort(p, q)] = t.mist_owner[p];
  }
  return out;
}

namespace {

// One edge of a tile as it lies, in the short form: a letter, or brackets when only some of
// its parts lie in mist.
std::string EdgeForm(const TileType& t, Side s) {
  EdgeKind kind = t.edges[s];
  if (kind == EdgeKind::kCity) return "c";
  std::array<bool, 3> misty{};
  for (int part = 0; part < 3; ++part) misty[part] = t.mist_owner[PortOf(s, part)] >= 0;
  char clear = kind == EdgeKind::kRoad ? 'r' : 'f';
  char mist = kind == EdgeKind::kRoad ? 'R' : 'F';
  if (!misty[0] && !misty[1] && !misty[2]) return std::string(1, clear);
  if (misty[0] && misty[1] && misty[2]) return std::string(1, mist);
  std::string out = "[";
  out += misty[0] ? 'F' : 'f';
  out += misty[1] ? mist : clear;
  out += misty[2] ? 'F' : 'f';
  return out + "]";
}

}  // namespace

std::string ShortFormOf(const TileType& t, int quarters) {
  if (t.face_down || t.centre == Centre::kRuin) return "";  // no short form says these
  TileType lying = RotateTile(t, quarters);
  int cities = 0;
  for (const Segment& s : lying.segments) cities += s.kind == FeatureKind::kCity;
  int pennants = lying.Pennants();
  if (pennants > 2) return "";
  std::string base;
  for (Side s : kSides) base += EdgeForm(lying, s);
  base += std::string(static_cast<size_t>(pennants), '+');
  if (cities >= 2) base += '|';
  // A middle feature must be said; otherwise a road ending in the middle may be a village's
  // (said first when the tile has a village, so that the village is kept).
  std::vector<std::string> middles = {"", "v"};
  if (lying.centre == Centre::kVillage) middles = {"v", ""};
  if (lying.HasKind(FeatureKind::kMonastery)) middles = {"m"};
  if (lying.HasKind(FeatureKind::kCastle)) middles = {"k"};
  if (lying.HasKind(FeatureKind::kCemetery)) middles = {"g"};
  // The ghost symbols of the mist areas in clockwise order of where each first meets the
  // border (rule 6); one area may need = to join its stretches.
  std::vector<std::pair<int, int>> areas;  // first port, ghosts
  for (const auto& [segment, cover] : MistCover(lying))
    areas.emplace_back(FirstPort(cover), lying.segments[segment].ghosts);
  std::sort(areas.begin(), areas.end());
  std::vector<std::string> mist_suffixes = {""};
  if (areas.size() == 1) {
    mist_suffixes = {std::to_string(areas[0].second), "=" + std::to_string(areas[0].second)};
  } else if (areas.size() > 1) {
    std::string list;
    for (size_t k = 0; k < areas.size(); ++k)
      list += (k ? "/" : "") + std::to_string(areas[k].second);
    mist_suffixes = {list};
  }
  for (const std::string& middle : middles) {
    for (const std::string& mist : mist_suffixes) {
      std::string text = base + middle + mist;
      Result<TileType> parsed = ParseShortForm(text);
      if (parsed.ok() && SameAtRotation0(lying, *parsed)) return text;
    }
  }
  return "";
}

bool LooksLikeShortForm(std::string_view token) {
  if (!token.empty() && token[0] == '[') return true;
  if (token.size() < 4) return false;
  for (size_t i = 0; i < 4; ++i) {
    char ch = token[i];
    if (ch == '[') return true;
    if (std::string_view("crfCRF").find(ch) == std::string_view::npos) return false;
  }
  return true;
}

}  // namespace carcref
