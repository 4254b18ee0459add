// Matching a described tile against a catalogue, and the nearest tiles when none fits
// (notation.h: MatchCatalog, TileDistance, NearestTiles, DescribeDifference).
#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "carcref/i18n.h"
#include "carcref/notation.h"

namespace carcref {

namespace {

std::vector<Side> MiddleSides(PortMask mask) {
  std::vector<Side> out;
  for (Side s : kSides)
    if (mask & Bit(MiddlePort(s))) out.push_back(s);
  return out;
}

// The edges of `t` turned by `quarters`, without a turned copy of the whole tile.
std::array<EdgeKind, 4> TurnedEdges(const TileType& t, int quarters) {
  std::array<EdgeKind, 4> edges{};
  for (Side s : kSides) edges[RotateSide(s, quarters)] = t.edges[s];
  return edges;
}

bool SameAtRotation0(const TileType& a, const TileType& b) {
  return a.edges == b.edges && SameGeometry(a, b) == 0;
}

std::vector<PortMask> MasksOf(const TileType& t, FeatureKind kind) {
  std::vector<PortMask> out;
  for (const Segment& s : t.segments)
    if (s.kind == kind) out.push_back(s.ports);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::pair<PortMask, std::vector<PortMask>>> FieldsOf(const TileType& t) {
  std::vector<std::pair<PortMask, std::vector<PortMask>>> out;
  for (const Segment& s : t.segments) {
    if (s.kind != FeatureKind::kField) continue;
    std::vector<PortMask> cities;
    for (int c : s.cities) cities.push_back(t.segments[c].ports);
    std::sort(cities.begin(), cities.end());
    out.emplace_back(s.ports, std::move(cities));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The mist areas of a tile: the ports each owns and the road middles it covers.
std::vector<std::pair<PortMask, PortMask>> MistOf(const TileType& t) {
  std::vector<std::pair<PortMask, PortMask>> out;
  for (const Segment& s : t.segments)
    if (s.kind == FeatureKind::kMist) out.emplace_back(s.ports, s.misty);
  std::sort(out.begin(), out.end());
  return out;
}

// What differs between `d` and `o`, both as they lie.
struct Difference {
  std::vector<Side> edges;  // sides whose letters differ
  bool cities = false;      // edges equal: the cities are grouped differently
  bool roads = false;       // edges equal: the roads run differently (or in other mist)
  bool monastery = false;
  bool castle = false;
  bool cemetery = false;
  bool mist = false;    // edges equal: the mist lies elsewhere
  bool fields = false;  // edges, cities, roads, middle features and mist equal: fields differ
  int pennants = 0;     // |difference|
  int ghosts = 0;       // |difference| in ghost symbols

  int Distance() const {
    int structural = 0;
    int small = pennants + ghosts;
    if (edges.empty()) {
      structural = cities + roads + monastery + castle + cemetery + mist + fields;
    } else {
      small += monastery + castle + cemetery;
    }
    return 100 * static_cast<int>(edges.size()) + 10 * structural + small;
  }
};

// `o` turned by `quarters` against `d`. Only equal edges need the turned tile itself: what
// else is compared (monastery, castle, cemetery, pennants, ghosts) does not turn.
Difference Compare(const TileType& d, const TileType& o, int quarters) {
  Difference diff;
  std::array<EdgeKind, 4> edges = TurnedEdges(o, quarters);
  for (Side s : kSides)
    if (d.edges[s] != edges[s]) diff.edges.push_back(s);
  diff.monastery = d.HasMonastery() != o.HasMonastery();
  diff.castle = d.HasKind(FeatureKind::kCastle) != o.HasKind(FeatureKind::kCastle);
  diff.cemetery = d.HasKind(FeatureKind::kCemetery) != o.HasKind(FeatureKind::kCemetery);
  diff.pennants = std::abs(d.Pennants() - o.Pennants());
  diff.ghosts = std::abs(d.GhostSymbols() - o.GhostSymbols());
  if (diff.edges.empty()) {
    TileType turned = RotateTile(o, quarters);
    diff.cities = MasksOf(d, FeatureKind::kCity) != MasksOf(turned, FeatureKind::kCity);
    diff.roads = MasksOf(d, FeatureKind::kRoad) != MasksOf(turned, FeatureKind::kRoad);
    diff.mist = MistOf(d) != MistOf(turned);
    diff.fields = !diff.cities && !diff.roads && !diff.monastery && !diff.castle &&
                  !diff.cemetery && !diff.mist && FieldsOf(d) != FieldsOf(turned);
  }
  return diff;
}

// The rotation of `other` nearest to `described`, and its distance.
std::pair<int, int> BestRotation(const TileType& described, const TileType& other) {
  int best_q = 0;
  int best = -1;
  for (int q = 0; q < 4; ++q) {
    int d = TileDistance(described, other, q);
    if (best < 0 || d < best) {
      best = d;
      best_q = q;
    }
  }
  return {best_q, best};
}

// "two separate caps": the count as a word, in the table's words.
std::string CountWord(size_t n) {
  switch (n) {
    case 0:
      return TrContext("count", "no");
    case 1:
      return TrContext("count", "one");
    case 2:
      return TrContext("count", "two");
    case 3:
      return TrContext("count", "three");
    case 4:
      return TrContext("count", "four");
    default:
      return std::to_string(n);
  }
}

std::string EdgeWord(EdgeKind k) {
  switch (k) {
    case EdgeKind::kCity:
      return TrContext("edge", "a city");
    case EdgeKind::kRoad:
      return TrContext("edge", "a road");
    case EdgeKind::kField:
      return TrContext("edge", "a field");
  }
  return "?";
}

std::string SidesList(PortMask mask, const char* sep) {
  std::string out;
  for (Side s : MiddleSides(mask)) {
    if (!out.empty()) out += sep;
    out += SideName(s);
  }
  return out;
}

// "a", "a and b", "a, b and c".
std::string JoinAnd(const std::vector<std::string>& parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i + 1 == parts.size() && i > 0)
      // TRANSLATORS: the last two items of a list ("a road N, a city E and a field S").
      out = Fill(Tr("{1} and {2}"), {out, parts[i]});
    else
      out += (i ? ", " : "") + parts[i];
  }
  return out;
}

std::string GhostWords(int n) {
  if (n == 0) return Tr("no ghost symbol");
  return Fill(TrPlural("{1} ghost symbol", "{1} ghost symbols", n), {std::to_string(n)});
}

std::string PennantWords(int n) {
  if (n == 0) return Tr("no pennant");
  if (n == 1) return Tr("a pennant");
  return Fill(TrPlural("{1} pennant", "{1} pennants", n), {std::to_string(n)});
}

// "with a pennant", "without a pennant", "with 2 pennants".
std::string WithPennants(int n) {
  if (n == 0) return Tr("without a pennant");
  if (n == 1) return Tr("with a pennant");
  return Fill(TrPlural("with {1} pennant", "with {1} pennants", n), {std::to_string(n)});
}

}  // namespace

std::vector<CatalogMatch> MatchCatalog(const TileType& described, const Catalog& catalog) {
  std::vector<CatalogMatch> out;
  for (const TilePtr& tile : catalog.tiles) {
    for (int q = 0; q < 4; ++q) {
      // The edges first: most rotations of most tiles differ there, and comparing them needs
      // no rotated copy of the tile.
      if (TurnedEdges(*tile, q) != described.edges) continue;
      if (SameAtRotation0(RotateTile(*tile, q), described)) {
        out.push_back({tile, q, 0});
        break;
      }
    }
  }
  return out;
}

int TileDistance(const TileType& described, const TileType& other, int quarters) {
  return Compare(described, other, quarters).Distance();
}

std::vector<CatalogMatch> NearestTiles(const TileType& described, const Catalog& catalog,
                                       size_t max) {
  std::vector<CatalogMatch> all;
  for (const TilePtr& tile : catalog.tiles) {
    auto [q, d] = BestRotation(described, *tile);
    if (d < 200) all.push_back({tile, q, d});
  }
  std::stable_sort(all.begin(), all.end(), [](const CatalogMatch& a, const CatalogMatch& b) {
    return a.distance < b.distance;
  });
  if (all.size() > max) all.resize(max);
  return all;
}

// TRANSLATORS (the messages below): the "did you mean" after a tile typed by its edges that no
// tile of the game has: what the nearest tiles have instead, each part of the list a phrase
// ("F has a city on the N edge (not a field)", "F is the same city with a pennant").
std::string DescribeDifference(const TileType& described, const TileType& other) {
  int q = BestRotation(described, other).first;
  TileType o = RotateTile(other, q);
  Difference diff = Compare(described, o, 0);
  if (diff.Distance() == 0) return "";
  std::string name = other.id.empty() ? Tr("that tile") : other.id;
  int d_pennants = described.Pennants();
  int o_pennants = o.Pennants();
  std::vector<std::string> parts;

  if (!diff.edges.empty()) {
    // TRANSLATORS: {1} a tile, {2} the rotation (degrees clockwise) at which it is nearest.
    if (q != 0) name = Fill(Tr("{1} turned {2}"), {name, std::to_string(90 * q)});
    for (Side s : diff.edges)
      // TRANSLATORS: {1} what that tile has on an edge ("a city"), {2} the side (N, E, S, W),
      // {3} what was typed there.
      parts.push_back(
          Fill(Tr("{1} on the {2} edge (not {3})"),
               {EdgeWord(o.edges[s]), std::string(SideName(s)), EdgeWord(described.edges[s])}));
    if (diff.monastery) parts.push_back(o.HasMonastery() ? Tr("a monastery") : Tr("no monastery"));
    if (diff.castle)
      parts.push_back(o.HasKind(FeatureKind::kCastle) ? Tr("a castle") : Tr("no castle"));
    if (diff.cemetery)
      parts.push_back(o.HasKind(FeatureKind::kCemetery) ? Tr("a cemetery") : Tr("no cemetery"));
    if (diff.pennants) parts.push_back(PennantWords(o_pennants));
    if (diff.ghosts) parts.push_back(GhostWords(o.GhostSymbols()));
    // TRANSLATORS: {1} a tile, {2} the list of what it has ("a city on the N edge (not a
    // field) and a pennant").
    return Fill(Tr("{1} has {2}"), {name, JoinAnd(parts)});
  }

  bool only_pennants = !diff.cities && !diff.roads && !diff.monastery && !diff.castle &&
                       !diff.cemetery && !diff.mist && !diff.ghosts && !diff.fields;
  if (only_pennants) {
    std::string words = WithPennants(o_pennants);
    if (d_pennants > 0 && o_pennants > 0)
      // TRANSLATORS: {1} "with 2 pennants", {2} the number typed.
      words = Fill(Tr("{1}, not {2}"), {words, std::to_string(d_pennants)});
    // TRANSLATORS: {1} a tile, {2} "with a pennant", "without a pennant" …
    return Fill(Tr("{1} is the same city {2}"), {name, words});
  }
  if (diff.cities) {
    std::vector<PortMask> d_cities = MasksOf(described, FeatureKind::kCity);
    std::vector<PortMask> o_cities = MasksOf(o, FeatureKind::kCity);
    std::vector<std::string> names;
    for (PortMask m : o_cities) names.push_back(SidesList(m, "+"));
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    if (d_cities.size() == 1 && o_cities.size() > 1) {
      long long n = static_cast<long long>(o_cities.size());
      // TRANSLATORS: {1} how many (a word: "two"), {2} their sides ("N, S").
      parts.push_back(Fill(TrPlural("has {1} separate cap ({2}), not one city",
                                    "has {1} separate caps ({2}), not one city", n),
                           {CountWord(o_cities.size()), list}));
    } else if (o_cities.size() == 1) {
      parts.push_back(Fill(Tr("has one city ({1}), not separate caps"), {list}));
    } else {
      parts.push_back(Fill(Tr("has the cities {1}"), {list}));
    }
  }
  // TRANSLATORS: {1} a list of a tile's features ("road N–S and road W to the junction").
  if (diff.roads) {
    std::vector<std::string> roads;
    for (int i = 0; i < static_cast<int>(other.segments.size()); ++i)
      if (other.segments[i].kind == FeatureKind::kRoad)
        roads.push_back(DescribeSegment(other, i, q));
    parts.push_back(roads.empty() ? Tr("has no road") : Fill(Tr("has {1}"), {JoinAnd(roads)}));
  }
  if (diff.monastery)
    parts.push_back(o.HasMonastery() ? Tr("has a monastery") : Tr("has no monastery"));
  if (diff.castle)
    parts.push_back(o.HasKind(FeatureKind::kCastle) ? Tr("has a castle") : Tr("has no castle"));
  if (diff.cemetery)
    parts.push_back(o.HasKind(FeatureKind::kCemetery) ? Tr("has a cemetery")
                                                      : Tr("has no cemetery"));
  if (diff.mist) {
    std::vector<std::string> mists;
    for (int i = 0; i < static_cast<int>(other.segments.size()); ++i)
      if (other.segments[i].kind == FeatureKind::kMist)
        mists.push_back(DescribeSegment(other, i, q));
    parts.push_back(mists.empty() ? Tr("has no mist") : Fill(Tr("has {1}"), {JoinAnd(mists)}));
  } else if (diff.ghosts) {
    // TRANSLATORS: {1} "2 ghost symbols", {2} the number typed.
    parts.push_back(Fill(Tr("has {1}, not {2}"),
                         {GhostWords(o.GhostSymbols()), std::to_string(described.GhostSymbols())}));
  }
  if (diff.fields) {
    std::vector<std::string> fields;
    for (int i = 0; i < static_cast<int>(other.segments.size()); ++i)
      if (other.segments[i].kind == FeatureKind::kField)
        fields.push_back(DescribeSegment(other, i, q));
    parts.push_back(Fill(Tr("has other fields: {1}"), {JoinAnd(fields)}));
  }
  std::string out = name + " " + JoinAnd(parts);
  if (diff.pennants) out += ", " + WithPennants(o_pennants);
  return out;
}

}  // namespace carcref
