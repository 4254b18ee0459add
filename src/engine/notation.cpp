#include "carcref/notation.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <utility>

namespace carcref {

namespace {

// ---------------------------------------------------------------------------------------------
// Field derivation (NOTATION.md rules 3–4)
// ---------------------------------------------------------------------------------------------

// Where a road that touches one edge ends (rule 2).
enum class RoadEnd {
  kThrough,  // the road has two edges: it passes through, an obstacle of its own
  kHub,      // the middle feature (monastery, village) or the junction: one shared obstacle
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
// through road; a road ending at a house. A middle feature no road reaches touches no border
// and so separates nothing; it is left out.
std::vector<PortMask> ObstacleContacts(const std::vector<CitySpec>& cities,
                                       const std::vector<RoadSpec>& roads) {
  const int n_cities = static_cast<int>(cities.size());
  const int n_roads = static_cast<int>(roads.size());
  const int hub = n_cities + n_roads;
  std::vector<int> parent(static_cast<size_t>(hub + 1));
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<PortMask> contact(parent.size(), 0);
  for (int c = 0; c < n_cities; ++c) contact[c] = cities[c].ports;
  for (int r = 0; r < n_roads; ++r) {
    contact[n_cities + r] = roads[r].ports;
    if (roads[r].end == RoadEnd::kHub) Union(parent, n_cities + r, hub);
    if (roads[r].end == RoadEnd::kCity) Union(parent, n_cities + r, roads[r].city);
  }
  std::vector<PortMask> by_root(parent.size(), 0);
  for (int i = 0; i <= hub; ++i) by_root[Find(parent, i)] |= contact[i];
  std::vector<PortMask> out;
  for (PortMask m : by_root)
    if (m != 0) out.push_back(m);
  return out;
}

// A maximal run of field ports along the border, clockwise from `first`.
struct Stretch {
  Port first = 0;
  int length = 0;
  PortMask mask = 0;
};

PortMask ArcMask(Port from, Port to_exclusive) {
  PortMask m = 0;
  for (Port p = from; p != to_exclusive; p = (p + 1) % kPorts) m |= Bit(p);
  return m;
}

// Rule 3: field stretches around the border; two stretches are the same field unless one
// connected obstacle touches the border on both arcs between them. All pairs are tested, not
// only neighbours: on winter/RrRr the NE and SW stretches are one field although the stretches
// between them (NW, SE) are cut off by the curves.
// Rule 4: a field borders a city where one of its ports lies next to one of the city's ports.
std::vector<Segment> FieldSegments(PortMask field_ports, const std::vector<PortMask>& obstacles,
                                   const std::vector<CitySpec>& cities) {
  std::vector<Stretch> stretches;
  if (field_ports == kAllPorts) {
    stretches.push_back({0, kPorts, kAllPorts});
  } else if (field_ports != 0) {
    Port start = 0;
    while (field_ports & Bit(start)) ++start;  // an obstacle port: no stretch wraps past it
    for (int k = 1; k <= kPorts; ++k) {
      Port p = (start + k) % kPorts;
      if (!(field_ports & Bit(p))) continue;
      Port prev = (p + kPorts - 1) % kPorts;
      if (!(field_ports & Bit(prev))) stretches.push_back({p, 0, 0});
      stretches.back().length++;
      stretches.back().mask |= Bit(p);
    }
  }
  const int n = static_cast<int>(stretches.size());
  std::vector<int> parent(static_cast<size_t>(n));
  std::iota(parent.begin(), parent.end(), 0);
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      const Stretch& sa = stretches[a];
      const Stretch& sb = stretches[b];
      PortMask arc1 = ArcMask((sa.first + sa.length) % kPorts, sb.first);
      PortMask arc2 = ArcMask((sb.first + sb.length) % kPorts, sa.first);
      bool separated = std::any_of(obstacles.begin(), obstacles.end(),
                                   [&](PortMask o) { return (o & arc1) != 0 && (o & arc2) != 0; });
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
  std::sort(field_masks.begin(), field_masks.end(), [](PortMask x, PortMask y) {
    return (x & static_cast<PortMask>(-x)) < (y & static_cast<PortMask>(-y));
  });
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

void AppendFields(TileType& t, const std::vector<CitySpec>& cities,
                  const std::vector<RoadSpec>& roads) {
  PortMask obstacle_ports = 0;
  std::vector<PortMask> obstacles = ObstacleContacts(cities, roads);
  for (PortMask o : obstacles) obstacle_ports |= o;
  PortMask field_ports = FieldPorts(t.edges) & static_cast<PortMask>(~obstacle_ports);
  for (Segment& f : FieldSegments(field_ports, obstacles, cities))
    t.segments.push_back(std::move(f));
}

// ---------------------------------------------------------------------------------------------
// The short form parser
// ---------------------------------------------------------------------------------------------

constexpr std::array<const char*, 4> kSideWords = {"north", "east", "south", "west"};

enum class Middle { kNone, kMonastery, kVillage };

// One edge as typed: its kind and, per part (left half, middle, right half), whether it lies
// in mist. Mist is refused for now; when Mists tiles come, the parts carry it to the tile.
struct TypedEdge {
  EdgeKind kind = EdgeKind::kField;
  std::array<bool, 3> mist{};
  int column = 0;
};

struct TypedForm {
  std::array<TypedEdge, 4> edges;
  int pennants = 0;
  int pennant_column = -1;
  bool separate = false;
  int separate_column = -1;
  Middle middle = Middle::kNone;
  int middle_column = -1;
};

std::string Got(std::string_view text, size_t i) {
  if (i >= text.size()) return "the end of the description";
  unsigned char ch = static_cast<unsigned char>(text[i]);
  if (ch >= 0x80 || ch < 0x20) return "a character that is not a plain letter";
  return std::string("'") + text[i] + "'";
}

Status SyntaxAt(std::string msg, size_t column) {
  return Status::Syntax(std::move(msg), static_cast<int>(column));
}

Status MistOnly(char letter, size_t column) {
  return SyntaxAt(std::string("mist (") + letter + ") is only for Mists tiles", column);
}

// A bracketed edge `[lmr]` starting at text[i] == '['; advances i past the `]`.
Status ParseBracket(std::string_view text, size_t& i, Side side, TypedEdge& edge) {
  const std::string where = std::string(" of the ") + kSideWords[side] + " edge";
  static constexpr std::array<const char*, 3> kPartWords = {"the left half", "the middle",
                                                            "the right half"};
  edge.kind = EdgeKind::kField;
  for (int part = 0; part < 3; ++part) {
    size_t at = i + 1 + static_cast<size_t>(part);
    char ch = at < text.size() ? text[at] : '\0';
    bool mid = part == 1;
    if (ch == 'f' || (mid && ch == 'r')) {
      if (ch == 'r') edge.kind = EdgeKind::kRoad;
      continue;
    }
    if (ch == 'F' || (mid && ch == 'R')) {
      edge.mist[part] = true;
      return MistOnly(ch, at);
    }
    if (ch == 'c' && at < text.size())
      return SyntaxAt(std::string("a city edge is written c, not in brackets (the ") +
                          kSideWords[side] + " edge)",
                      at);
    return SyntaxAt(std::string("expected ") + (mid ? "r or f" : "f") + " for " + kPartWords[part] +
                        where + ", got " + Got(text, at),
                    at);
  }
  size_t close = i + 4;
  if (close >= text.size() || text[close] != ']')
    return SyntaxAt(std::string("expected ] to close the ") + kSideWords[side] + " edge, got " +
                        Got(text, close),
                    close);
  i = close + 1;
  return Status::Ok();
}

Status ParseTyped(std::string_view text, TypedForm& form) {
  if (text.empty())
    return SyntaxAt(
        "empty tile description: expected four edge letters c, r or f, clockwise "
        "from the north edge",
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
        edge.kind = EdgeKind::kRoad;
        ++i;
        continue;
      case 'f':
        edge.kind = EdgeKind::kField;
        ++i;
        continue;
      case 'R':
      case 'F':
        return MistOnly(ch, i);
      case '[': {
        Status s = ParseBracket(text, i, side, edge);
        if (!s.ok()) return s;
        continue;
      }
      default:
        return SyntaxAt(std::string("expected c, r or f for the ") + kSideWords[side] +
                            " edge, got " + Got(text, i),
                        i);
    }
  }
  while (i < text.size()) {
    char ch = text[i];
    switch (ch) {
      case '+': {
        if (form.pennant_column >= 0)
          return SyntaxAt("pennants are given twice: write ++ for two", i);
        form.pennant_column = static_cast<int>(i);
        while (i < text.size() && text[i] == '+') {
          if (++form.pennants > 2) return SyntaxAt("at most two pennants (++)", i);
          ++i;
        }
        continue;
      }
      case '|':
        if (form.separate) return SyntaxAt("| (separate cities) is given twice", i);
        form.separate = true;
        form.separate_column = static_cast<int>(i);
        ++i;
        continue;
      case 'm':
      case 'v':
        if (form.middle != Middle::kNone)
          return SyntaxAt(std::string("a tile has one middle feature: '") + ch + "' after '" +
                              text[static_cast<size_t>(form.middle_column)] + "'",
                          i);
        form.middle = ch == 'm' ? Middle::kMonastery : Middle::kVillage;
        form.middle_column = static_cast<int>(i);
        ++i;
        continue;
      case 'k':
        return SyntaxAt("a castle (k) is only for Mists tiles", i);
      case 'g':
        return SyntaxAt("a cemetery (g) is only for Mists tiles", i);
      case '=':
        return SyntaxAt("one band of mist (=) is only for Mists tiles", i);
      default:
        if ((ch >= '0' && ch <= '9') || ch == '/')
          return SyntaxAt(std::string("ghost symbols (") + ch + ") are only for Mists tiles", i);
        return SyntaxAt("unexpected " + Got(text, i) +
                            " after the four edges: expected + (pennant), | (separate cities), "
                            "m (monastery) or v (village)",
                        i);
    }
  }
  return Status::Ok();
}

// Rules 1–4 applied to a typed form that passed the syntax checks.
Result<TileType> BuildTile(const TypedForm& form) {
  TileType t;
  std::vector<Side> city_sides, road_sides;
  for (Side s : kSides) {
    t.edges[s] = form.edges[s].kind;
    if (t.edges[s] == EdgeKind::kCity) city_sides.push_back(s);
    if (t.edges[s] == EdgeKind::kRoad) road_sides.push_back(s);
  }
  if (form.pennants > 0 && city_sides.empty())
    return SyntaxAt("a pennant (+) belongs to a city, and this tile has no city edge",
                    static_cast<size_t>(form.pennant_column));
  if (form.separate && city_sides.size() < 2)
    return SyntaxAt("| (separate cities) needs two or more city edges",
                    static_cast<size_t>(form.separate_column));
  if (form.separate && form.pennants > 0)
    return SyntaxAt(
        "a pennant on one of several separate cities needs the long form: the short "
        "form cannot say which city has it",
        static_cast<size_t>(form.pennant_column));
  if (form.middle == Middle::kVillage && road_sides.empty())
    return SyntaxAt("v (a village where roads end) needs a road edge",
                    static_cast<size_t>(form.middle_column));
  if (form.middle == Middle::kNone && road_sides.size() == 1 && form.separate)
    return SyntaxAt(
        "a single road on a tile with separate cities needs the long form: the "
        "short form cannot say which city it runs into",
        static_cast<size_t>(form.separate_column));

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
  for (CitySpec& c : cities) {
    c.segment = static_cast<int>(t.segments.size());
    Segment seg;
    seg.kind = FeatureKind::kCity;
    seg.ports = c.ports;
    seg.pennants = cities.size() == 1 ? form.pennants : 0;
    t.segments.push_back(seg);
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
  for (const RoadSpec& r : roads) {
    Segment seg;
    seg.kind = FeatureKind::kRoad;
    seg.ports = r.ports;
    t.segments.push_back(seg);
  }
  if (form.middle == Middle::kMonastery) {
    Segment seg;
    seg.kind = FeatureKind::kMonastery;
    t.segments.push_back(seg);
  }

  // Rules 3–4.
  AppendFields(t, cities, roads);
  Status s = t.Finalize();
  if (!s.ok()) return Status::Syntax("the description makes an inconsistent tile: " + s.message());
  return t;
}

bool SameAtRotation0(const TileType& a, const TileType& b) {
  return a.edges == b.edges && SameGeometry(a, b) == 0;
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
  bool monastery = false;
  for (int i = 0; i < static_cast<int>(t.segments.size()); ++i) {
    const Segment& seg = t.segments[i];
    switch (seg.kind) {
      case FeatureKind::kField:
        return Status::Syntax(
            "the tile already has fields: fields are derived only when none "
            "are given");
      case FeatureKind::kCity:
        cities.push_back({i, seg.ports});
        break;
      case FeatureKind::kMonastery:
      case FeatureKind::kCastle:
      case FeatureKind::kCemetery:
        monastery = true;  // roads end at any middle feature (NOTATION.md rule 2)
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
  if (monastery || ending.size() >= 2) {
    for (int r : ending) roads[r].end = RoadEnd::kHub;
  } else if (ending.size() == 1) {
    RoadSpec& r = roads[ending[0]];
    if (cities.empty()) {
      r.end = RoadEnd::kHouse;
    } else if (cities.size() == 1) {
      r.end = RoadEnd::kCity;
      r.city = 0;
    } else {
      return Status::Syntax("road " + std::string(SideName(MiddleSides(r.ports)[0])) +
                            " ends on a tile with several separate cities: which city it runs "
                            "into cannot be derived, so the fields must be given");
    }
  }
  AppendFields(t, cities, roads);
  return t.Finalize();
}

TileType RotateTile(const TileType& t, int quarters) {
  int q = ((quarters % 4) + 4) % 4;
  TileType out = t;
  for (Side s : kSides) out.edges[RotateSide(s, q)] = t.edges[s];
  for (Segment& seg : out.segments) seg.ports = RotateMask(seg.ports, q);
  for (Port p = 0; p < kPorts; ++p) out.port_owner[RotatePort(p, q)] = t.port_owner[p];
  return out;
}

std::string ShortFormOf(const TileType& t, int quarters) {
  TileType lying = RotateTile(t, quarters);
  int cities = 0;
  for (const Segment& s : lying.segments) cities += s.kind == FeatureKind::kCity;
  int pennants = lying.Pennants();
  if (pennants > 2) return "";
  std::string base = lying.EdgeString() + std::string(static_cast<size_t>(pennants), '+');
  if (cities >= 2) base += '|';
  // A monastery must be said; otherwise a road ending in the middle may be a village's.
  const std::vector<std::string_view> middles =
      lying.HasMonastery() ? std::vector<std::string_view>{"m"}
                           : std::vector<std::string_view>{"", "v"};
  for (std::string_view middle : middles) {
    std::string text = base + std::string(middle);
    Result<TileType> parsed = ParseShortForm(text);
    if (parsed.ok() && SameAtRotation0(lying, *parsed)) return text;
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
