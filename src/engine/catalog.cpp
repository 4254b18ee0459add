#include "carcref/catalog.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <exception>
#include <map>
#include <sstream>
#include <utility>

#include "carcref/i18n.h"
#include "engine/parse_memo.h"
#include "engine/yaml_read.h"

namespace carcref {

namespace {

using yaml_read::Entry;
using yaml_read::Flag;
using yaml_read::Join;
using yaml_read::LineOf;
using yaml_read::List;
using yaml_read::Locator;
using yaml_read::Lower;
using yaml_read::Mapping;
using yaml_read::Number;
using yaml_read::OneLine;
using yaml_read::Shown;
using yaml_read::ValidId;
using yaml_read::ValidSetName;
using yaml_read::Word;

// Caps that keep sums far from overflow; no real box comes near them.
constexpr int kMaxCount = 1000;
constexpr int kMaxPennants = 9;
constexpr int kMaxGhosts = 9;  // per mist area; Mists tiles show 0 to 3 per tile

const std::vector<std::string_view> kCatalogKeys = {"set", "includes", "tiles"};
const std::vector<std::string_view> kCatalogRequired = {"set", "tiles"};
const std::vector<std::string_view> kTileKeys = {
    "id",        "count",  "start",    "animal",  "edges", "cities", "roads",
    "monastery", "castle", "cemetery", "village", "ruin",  "mist",   "fields"};
// What may stand in the middle of a tile, at most one of them (in kTileKeys order).
const std::vector<std::string_view> kMiddleKeys = {"monastery", "castle", "cemetery", "village",
                                                   "ruin"};
const std::vector<std::string_view> kEntryRequired = {"id", "count", "edges", "fields"};
const std::vector<std::string_view> kDescriptionRequired = {"edges"};
const std::vector<std::string_view> kCityKeys = {"sides", "pennants"};
const std::vector<std::string_view> kRoadKeys = {"sides", "misty"};
const std::vector<std::string_view> kMistKeys = {"halves", "roads", "ghosts"};
const std::vector<std::string_view> kFieldKeys = {"halves", "cities"};

// TRANSLATORS: an edge's kind in "city side N is on a road edge (edges: crfr)".
std::string EdgeWord(EdgeKind e) {
  switch (e) {
    case EdgeKind::kCity:
      return TrContext("edge kind", "city");
    case EdgeKind::kRoad:
      return TrContext("edge kind", "road");
    case EdgeKind::kField:
      return TrContext("edge kind", "field");
  }
  return "?";
}

Result<Side> SideAt(const YAML::Node& node, int line, const Locator& loc) {
  if (node.IsScalar())
    if (std::optional<Side> s = ParseSide(node.Scalar())) return *s;
  // TRANSLATORS: {1} the value as written ("'X'", "a list").
  return loc.Error(line, Fill(Tr("{1} is not a side (expected N, E, S or W)"), {Shown(node)}));
}

Result<Port> HalfAt(const YAML::Node& node, int line, const Locator& loc) {
  if (node.IsScalar()) {
    if (std::optional<Port> p = ParseHalf(node.Scalar())) return *p;
    if (std::optional<Side> s = ParseSide(node.Scalar()))
      // TRANSLATORS: {1} a side as written ("n"), {2} and {3} its halves ("NL", "NR"), {4} the
      // side.
      return loc.Error(line,
                       Fill(Tr("'{1}' is not a half-edge: a field names halves ({2} or {3} "
                               "for the {4} edge)"),
                            {node.Scalar(), std::string(HalfName(PortOf(*s, 0))),
                             std::string(HalfName(PortOf(*s, 2))), std::string(SideName(*s))}));
  }
  // TRANSLATORS: {1} the value as written ("'X'", "a list").
  return loc.Error(line, Fill(Tr("{1} is not a half-edge (expected NL, NR, EL, ER, SL, SR, WL or "
                                 "WR)"),
                              {Shown(node)}));
}

// What the later steps of ParseTile check against, gathered by the earlier ones.
struct TileLayout {
  std::string edges_note;                           // "(edges: crfr)", quoted in messages
  std::array<int, 4> city_of_side{-1, -1, -1, -1};  // segment index of the city on each side
  std::array<bool, 4> road_on_side{};
  std::map<int, int> line_of_road;  // road segment index -> line, for the misty-road check
  PortMask misty_halves = 0;        // every half-edge a mist area owns
};

// Reads the `halves:` of one mist area (segment `index`) into `seg` and layout.misty_halves.
Status ParseMistHalves(const Entry& area_halves, int index, const Locator& loc, TileType& tile,
                       TileLayout& layout, Segment& seg) {
  if (!area_halves.present) return Status::Ok();
  Status st = List(area_halves, "halves", "[SL, SR]", loc);
  if (!st.ok()) return st;
  for (const YAML::Node& half_node : area_halves.value) {
    int half_line = LineOf(half_node, area_halves.line);
    Result<Port> half = HalfAt(half_node, half_line, loc);
    if (!half.ok()) return half.status();
    std::string name(HalfName(*half));
    if (tile.edges[SideOfPort(*half)] == EdgeKind::kCity)
      // TRANSLATORS: {1} a half-edge ("NL"), {2} the edges ("(edges: crfr)").
      return loc.Error(half_line, Fill(Tr("mist half-edge {1} is on a city edge {2}; mist lies "
                                          "only over fields and roads (B.5.2)"),
                                       {name, layout.edges_note}));
    if (seg.ports & Bit(*half))
      return loc.Error(half_line, Fill(Tr("the mist area lists half-edge {1} twice"), {name}));
    if (layout.misty_halves & Bit(*half))
      return loc.Error(half_line,
                       Fill(Tr("half-edge {1} is already in another mist area"), {name}));
    seg.ports |= Bit(*half);
    layout.misty_halves |= Bit(*half);
    tile.mist_owner[*half] = index;
  }
  return Status::Ok();
}

// Reads the `roads:` of one mist area (segment `index`) into `seg`: road middles it covers,
// each a side that its road, read already, calls misty.
Status ParseMistRoads(const Entry& area_roads, int index, const Locator& loc, TileType& tile,
                      const TileLayout& layout, Segment& seg) {
  if (!area_roads.present) return Status::Ok();
  Status st = List(area_roads, "roads", Tr("[S] (the sides whose road lies in this mist)"), loc);
  if (!st.ok()) return st;
  for (const YAML::Node& side_node : area_roads.value) {
    int side_line = LineOf(side_node, area_roads.line);
    Result<Side> side = SideAt(side_node, side_line, loc);
    if (!side.ok()) return side.status();
    std::string name(SideName(*side));
    Port p = MiddlePort(*side);
    if (tile.edges[*side] != EdgeKind::kRoad)
      // TRANSLATORS: {1} a side, {2} the edge's kind ("city"), {3} the edges ("(edges: crfr)").
      return loc.Error(side_line, Fill(Tr("mist road {1} is on a {2} edge {3}; mist covers roads "
                                          "only on r edges"),
                                       {name, EdgeWord(tile.edges[*side]), layout.edges_note}));
    if (seg.misty & Bit(p))
      return loc.Error(side_line, Fill(Tr("the mist area lists road {1} twice"), {name}));
    if (tile.mist_owner[p] >= 0)
      return loc.Error(side_line, Fill(Tr("road {1} is already in another mist area"), {name}));
    const Segment* road = nullptr;
    for (const Segment& other : tile.segments)
      if (other.kind == FeatureKind::kRoad && (other.ports & Bit(p))) road = &other;
    if (road == nullptr || !(road->misty & Bit(p)))
      // TRANSLATORS: {1} a side ("S"); keep the braces of the example.
      return loc.Error(side_line, Fill(Tr("the mist covers road {1}, but the road does not say "
                                          "so: write it {sides: [...], misty: [{1}]}"),
                                       {name}));
    seg.misty |= Bit(p);
    tile.mist_owner[p] = index;
  }
  return Status::Ok();
}

// Parses one mist area ({halves, roads, ghosts}) into a mist segment appended to `tile`.
Status ParseMistArea(const YAML::Node& area, int area_line, const Locator& loc, TileType& tile,
                     TileLayout& layout) {
  if (!area.IsMap())
    return loc.Error(area_line, Fill(Tr("a mist area is a mapping such as {halves: [SL, SR], "
                                        "roads: [S], ghosts: 1}, not {1}"),
                                     {Shown(area)}));
  Mapping area_keys;
  Status st = area_keys.Read(area, area_line, kMistKeys, {"ghosts"}, loc);
  if (!st.ok()) return st;
  const int index = static_cast<int>(tile.segments.size());
  Segment seg;
  seg.kind = FeatureKind::kMist;
  Entry ghosts = area_keys.Get("ghosts");
  if (ghosts.value.IsScalar() && ghosts.value.Scalar() == "0")
    return loc.Error(ghosts.line, Tr("a mist area shows at least one ghost symbol (B.1.3), not 0"));
  Result<int> n = Number(ghosts, "ghosts", kMaxGhosts, loc, 1);
  if (!n.ok()) return n.status();
  seg.ghosts = *n;
  st = ParseMistHalves(area_keys.Get("halves"), index, loc, tile, layout, seg);
  if (!st.ok()) return st;
  st = ParseMistRoads(area_keys.Get("roads"), index, loc, tile, layout, seg);
  if (!st.ok()) return st;
  if (seg.ports == 0 && seg.misty == 0)
    return loc.Error(area_line, Tr("a mist area covers at least one half-edge or road (halves: "
                                   "[SL, SR], roads: [S])"));
  tile.segments.push_back(seg);
  return Status::Ok();
}

// Parses `mist:` into mist segments appended to `tile`, whose edges and roads are read already.
// Fills tile.mist_owner for the halves and road middles each area covers and
// layout.misty_halves with every misty half-edge.
Status ParseMist(const Entry& mist, const Locator& loc, TileType& tile, TileLayout& layout) {
  const std::string example = "[{halves: [SL, SR], roads: [S], ghosts: 1}]";
  Status st = List(mist, "mist", example, loc);
  if (!st.ok()) return st;
  for (const YAML::Node& area : mist.value) {
    st = ParseMistArea(area, LineOf(area, mist.line), loc, tile, layout);
    if (!st.ok()) return st;
  }
  return Status::Ok();
}

// Reads the optional id, count, start and animal (the caller has checked the required keys).
Status ParseLabels(const Mapping& keys, const Locator& loc, TileType& tile) {
  if (keys.Has("id")) {
    Result<std::string> id =
        Word(keys.Get("id"), "id", Tr("a tile id such as D or winter/CFR"), loc);
    if (!id.ok()) return id.status();
    if (!ValidId(*id))
      // TRANSLATORS: {1} the id as written.
      return loc.Error(keys.Get("id").line,
                       Fill(Tr("id '{1}' may contain only letters, digits and / _ . - (and not "
                               "start or end with /)"),
                            {*id}));
    tile.id = *id;
  }
  if (keys.Has("count")) {
    Result<int> count = Number(keys.Get("count"), "count", kMaxCount, loc);
    if (!count.ok()) return count.status();
    tile.count = *count;
  }
  if (keys.Has("start")) {
    Result<bool> start = Flag(keys.Get("start"), "start", loc);
    if (!start.ok()) return start.status();
    tile.start = *start;
  }
  if (keys.Has("animal")) {
    Result<std::string> animal = Word(keys.Get("animal"), "animal", Tr("an animal's name"), loc);
    if (!animal.ok()) return animal.status();
    tile.animal = *animal;
  }
  return Status::Ok();
}

// The middle: at most one of monastery, castle, cemetery (segments), village, ruin (centre).
// Returns the key that is true, or "" if none is.
Result<std::string> ParseMiddle(const Mapping& keys, const Locator& loc) {
  std::string middle;
  for (std::string_view key : kMiddleKeys) {
    if (!keys.Has(key)) continue;
    Entry e = keys.Get(key);
    Result<bool> on = Flag(e, key, loc);
    if (!on.ok()) return on.status();
    if (!*on) continue;
    if (!middle.empty())
      // TRANSLATORS: {1} and {2} keys ("monastery", "village"), {3} the keys of the middle.
      return loc.Error(std::max(e.line, keys.Get(middle).line),
                       Fill(Tr("'{1}' and '{2}' are both true: a tile has at most one thing in "
                               "the middle ({3})"),
                            {middle, std::string(key), Join(kMiddleKeys, ", ")}));
    middle = std::string(key);
  }
  return middle;
}

// Adds the thing in the middle that ParseMiddle found: a segment, or the tile's centre.
void AddMiddle(const std::string& middle, TileType& tile) {
  if (middle == "monastery" || middle == "castle" || middle == "cemetery") {
    Segment seg;
    seg.kind = middle == "monastery" ? FeatureKind::kMonastery
               : middle == "castle"  ? FeatureKind::kCastle
                                     : FeatureKind::kCemetery;
    tile.segments.push_back(seg);
  }
  if (middle == "village") tile.centre = Centre::kVillage;
  if (middle == "ruin") tile.centre = Centre::kRuin;
}

// Reads `edges:` into tile.edges and layout.edges_note.
Status ParseEdges(const Entry& edges, const Locator& loc, TileType& tile, TileLayout& layout) {
  if (!edges.value.IsScalar() || edges.value.Scalar().size() != 4)
    // TRANSLATORS: {1} the value as written ("'crf'", "a list").
    return loc.Error(edges.line, Fill(Tr("'edges' must be 4 letters c, r or f for the N E S W "
                                         "edges, e.g. crfr, not {1}"),
                                      {Shown(edges.value)}));
  std::string edge_text = Lower(edges.value.Scalar());
  for (int i = 0; i < 4; ++i) {
    char c = edge_text[i];
    if (c != 'c' && c != 'r' && c != 'f')
      // TRANSLATORS: {1} the edges as written, {2} the letter that is none.
      return loc.Error(edges.line, Fill(Tr("edges '{1}': '{2}' is not an edge letter (c city, r "
                                           "road, f field)"),
                                        {edges.value.Scalar(), edges.value.Scalar().substr(i, 1)}));
    tile.edges[i] = static_cast<EdgeKind>(c);
  }
  layout.edges_note = "(edges: " + edge_text + ")";
  return Status::Ok();
}

// Parses one city (a list of sides, or {sides, pennants}) into a city segment appended to `tile`.
Status ParseCity(const YAML::Node& city, int city_line, const Locator& loc, TileType& tile,
                 TileLayout& layout) {
  YAML::Node sides = city;
  int sides_line = city_line;
  Segment seg;
  seg.kind = FeatureKind::kCity;
  if (city.IsMap()) {
    Mapping city_keys;
    Status st = city_keys.Read(city, city_line, kCityKeys, {"sides"}, loc);
    if (!st.ok()) return st;
    sides = city_keys.Get("sides").value;
    sides_line = city_keys.Get("sides").line;
    if (city_keys.Has("pennants")) {
      Result<int> p = Number(city_keys.Get("pennants"), "pennants", kMaxPennants, loc);
      if (!p.ok()) return p.status();
      seg.pennants = *p;
    }
  } else if (!city.IsSequence()) {
    return loc.Error(city_line, Fill(Tr("a city is a list of sides ([N, W]) or {sides: [N, W], "
                                        "pennants: 1}, not {1}"),
                                     {Shown(city)}));
  }
  if (!sides.IsSequence() || sides.size() == 0)
    return loc.Error(sides_line,
                     Fill(Tr("a city needs a list of one or more sides, not {1}"), {Shown(sides)}));
  const int index = static_cast<int>(tile.segments.size());
  for (const YAML::Node& side_node : sides) {
    int side_line = LineOf(side_node, sides_line);
    Result<Side> side = SideAt(side_node, side_line, loc);
    if (!side.ok()) return side.status();
    std::string name(SideName(*side));
    if (tile.edges[*side] != EdgeKind::kCity)
      // TRANSLATORS: {1} a side, {2} the edge's kind ("road"), {3} the edges ("(edges: crfr)").
      return loc.Error(side_line, Fill(Tr("city side {1} is on a {2} edge {3}; cities cover only "
                                          "c edges"),
                                       {name, EdgeWord(tile.edges[*side]), layout.edges_note}));
    if (layout.city_of_side[*side] == index)
      return loc.Error(side_line, Fill(Tr("city lists side {1} twice"), {name}));
    if (layout.city_of_side[*side] >= 0)
      return loc.Error(side_line, Fill(Tr("side {1} is already in another city"), {name}));
    layout.city_of_side[*side] = index;
    seg.ports |= SideMask(*side);
  }
  tile.segments.push_back(seg);
  return Status::Ok();
}

// Cities: whole sides, each c edge in exactly one city.
Status ParseCities(const Entry& cities, const Locator& loc, TileType& tile, TileLayout& layout) {
  if (cities.present) {
    Status st = List(cities, "cities", "[[N], {sides: [N, W], pennants: 1}]", loc);
    if (!st.ok()) return st;
    for (const YAML::Node& city : cities.value) {
      st = ParseCity(city, LineOf(city, cities.line), loc, tile, layout);
      if (!st.ok()) return st;
    }
  }
  for (Side s : kSides)
    if (tile.edges[s] == EdgeKind::kCity && layout.city_of_side[s] < 0)
      // TRANSLATORS: {1} a side, {2} the edges ("(edges: crfr)").
      return loc.Error(cities.line, Fill(Tr("edge {1} is a city edge but no city covers it {2}"),
                                         {std::string(SideName(s)), layout.edges_note}));
  return Status::Ok();
}

// Reads the sides of one road into `seg` and returns them as "W, E" for later messages.
Result<std::string> ParseRoadSides(const YAML::Node& road, int road_line, const Locator& loc,
                                   const TileType& tile, TileLayout& layout, Segment& seg) {
  std::string road_sides;
  for (const YAML::Node& side_node : road) {
    int side_line = LineOf(side_node, road_line);
    Result<Side> side = SideAt(side_node, side_line, loc);
    if (!side.ok()) return side.status();
    std::string name(SideName(*side));
    if (tile.edges[*side] != EdgeKind::kRoad)
      // TRANSLATORS: {1} a side, {2} the edge's kind ("city"), {3} the edges ("(edges: crfr)").
      return loc.Error(side_line, Fill(Tr("road side {1} is on a {2} edge {3}; roads run only "
                                          "from r edges"),
                                       {name, EdgeWord(tile.edges[*side]), layout.edges_note}));
    if (seg.ports & Bit(MiddlePort(*side)))
      return loc.Error(side_line, Fill(Tr("road lists side {1} twice"), {name}));
    if (layout.road_on_side[*side])
      return loc.Error(side_line, Fill(Tr("side {1} already has a road"), {name}));
    layout.road_on_side[*side] = true;
    seg.ports |= Bit(MiddlePort(*side));
    road_sides += (road_sides.empty() ? "" : ", ") + name;
  }
  return road_sides;
}

// Reads a road's `misty:` sides (each one of its `road_sides`) into seg.misty.
Status ParseMistySides(const Entry& misty, const std::string& road_sides, const Locator& loc,
                       Segment& seg) {
  if (!misty.present) return Status::Ok();
  Status st = List(misty, "misty", Tr("[W] (the road's sides that lie in mist)"), loc);
  if (!st.ok()) return st;
  for (const YAML::Node& side_node : misty.value) {
    int side_line = LineOf(side_node, misty.line);
    Result<Side> side = SideAt(side_node, side_line, loc);
    if (!side.ok()) return side.status();
    std::string name(SideName(*side));
    Port p = MiddlePort(*side);
    if (!(seg.ports & Bit(p)))
      // TRANSLATORS: {1} a side, {2} the road's sides ("W, E").
      return loc.Error(side_line, Fill(Tr("misty side {1} is not a side of the road ({2})"),
                                       {name, road_sides}));
    if (seg.misty & Bit(p))
      return loc.Error(side_line, Fill(Tr("the road lists misty side {1} twice"), {name}));
    seg.misty |= Bit(p);
  }
  return Status::Ok();
}

// Parses one road (a list of sides, or {sides, misty}) into a road segment appended to `tile`.
Status ParseRoad(const YAML::Node& road_node, int road_line, const Locator& loc, TileType& tile,
                 TileLayout& layout) {
  YAML::Node road = road_node;
  Entry misty;
  if (road_node.IsMap()) {
    Mapping road_keys;
    Status st = road_keys.Read(road_node, road_line, kRoadKeys, {"sides"}, loc);
    if (!st.ok()) return st;
    road = road_keys.Get("sides").value;
    road_line = road_keys.Get("sides").line;
    misty = road_keys.Get("misty");
  }
  if (!road.IsSequence())
    return loc.Error(road_line, Fill(Tr("a road is a list of one or two sides ([W, E] or [S]) or "
                                        "{sides: [W, E], misty: [W]}, not {1}"),
                                     {Shown(road)}));
  if (road.size() == 0 || road.size() > 2)
    return loc.Error(road_line, Fill(Tr("a road runs from one or two sides, not {1} (roads "
                                        "meeting at a junction are separate roads, e.g. [[E], "
                                        "[S], [W]])"),
                                     {std::to_string(road.size())}));
  Segment seg;
  seg.kind = FeatureKind::kRoad;
  Result<std::string> road_sides = ParseRoadSides(road, road_line, loc, tile, layout, seg);
  if (!road_sides.ok()) return road_sides.status();
  Status st = ParseMistySides(misty, *road_sides, loc, seg);
  if (!st.ok()) return st;
  layout.line_of_road[static_cast<int>(tile.segments.size())] = road_line;
  tile.segments.push_back(seg);
  return Status::Ok();
}

// Roads: one or two sides each, each r edge in exactly one road.
Status ParseRoads(const Entry& roads, const Locator& loc, TileType& tile, TileLayout& layout) {
  if (roads.present) {
    Status st = List(roads, "roads", "[[W, E]] or [[E], [S], [W]]", loc);
    if (!st.ok()) return st;
    for (const YAML::Node& road_node : roads.value) {
      st = ParseRoad(road_node, LineOf(road_node, roads.line), loc, tile, layout);
      if (!st.ok()) return st;
    }
  }
  for (Side s : kSides)
    if (tile.edges[s] == EdgeKind::kRoad && !layout.road_on_side[s])
      // TRANSLATORS: {1} a side, {2} the edges ("(edges: crfr)").
      return loc.Error(roads.line, Fill(Tr("edge {1} is a road edge but no road runs from it {2}"),
                                        {std::string(SideName(s)), layout.edges_note}));
  return Status::Ok();
}

// Every side a road calls misty lies in some mist area (its roads list that side).
Status CheckMistyRoadsCovered(const TileLayout& layout, const Locator& loc, const TileType& tile) {
  for (const auto& [index, road_line] : layout.line_of_road) {
    const Segment& seg = tile.segments[index];
    for (Side s : kSides) {
      Port p = MiddlePort(s);
      if ((seg.misty & Bit(p)) && tile.mist_owner[p] < 0)
        // TRANSLATORS: {1} a side.
        return loc.Error(road_line, Fill(Tr("the road's misty side {1} lies in no mist area (add "
                                            "{1} to the roads of the mist area over it)"),
                                         {std::string(SideName(s))}));
    }
  }
  return Status::Ok();
}

// Reads a field's `cities:` (one side of each city it borders) into seg.cities.
Status ParseBorderedCities(const Entry& bordered, const TileLayout& layout, const Locator& loc,
                           Segment& seg) {
  if (!bordered.present) return Status::Ok();
  Status st = List(bordered, "cities", Tr("[N] (one side of each bordered city)"), loc);
  if (!st.ok()) return st;
  std::map<int, std::string> named_by;
  for (const YAML::Node& side_node : bordered.value) {
    int side_line = LineOf(side_node, bordered.line);
    Result<Side> side = SideAt(side_node, side_line, loc);
    if (!side.ok()) return side.status();
    std::string name(SideName(*side));
    int city = layout.city_of_side[*side];
    if (city < 0)
      // TRANSLATORS: {1} a side, {2} the edges ("(edges: crfr)").
      return loc.Error(side_line, Fill(Tr("the field borders side {1}, which is not a city edge "
                                          "{2}"),
                                       {name, layout.edges_note}));
    auto [it, fresh] = named_by.emplace(city, name);
    if (!fresh && it->second == name)
      return loc.Error(side_line, Fill(Tr("the field names city {1} twice"), {name}));
    if (!fresh)
      // TRANSLATORS: {1} and {2} sides of one city.
      return loc.Error(side_line, Fill(Tr("the field names one city twice ({1} and {2} are the "
                                          "same city)"),
                                       {it->second, name}));
    seg.cities.push_back(city);
  }
  return Status::Ok();
}

// Reads the half-edges of one field into `seg` and `covered` (those of the fields so far).
Status ParseFieldHalves(const YAML::Node& halves, int halves_line, const TileLayout& layout,
                        const Locator& loc, const TileType& tile, Segment& seg, PortMask& covered) {
  for (const YAML::Node& half_node : halves) {
    int half_line = LineOf(half_node, halves_line);
    Result<Port> half = HalfAt(half_node, half_line, loc);
    if (!half.ok()) return half.status();
    std::string name(HalfName(*half));
    EdgeKind edge = tile.edges[SideOfPort(*half)];
    if (edge == EdgeKind::kCity)
      // TRANSLATORS: {1} a half-edge ("NL"), {2} the edges ("(edges: crfr)").
      return loc.Error(half_line, Fill(Tr("half-edge {1} is on a city edge {2}; fields touch "
                                          "only f and r edges"),
                                       {name, layout.edges_note}));
    if (layout.misty_halves & Bit(*half))
      return loc.Error(half_line, Fill(Tr("half-edge {1} lies in mist (a mist area owns it); a "
                                          "field lists only clear half-edges"),
                                       {name}));
    if (seg.ports & Bit(*half))
      return loc.Error(half_line, Fill(Tr("field lists half-edge {1} twice"), {name}));
    if (covered & Bit(*half))
      return loc.Error(half_line, Fill(Tr("half-edge {1} is already in another field"), {name}));
    seg.ports |= Bit(*half);
    covered |= Bit(*half);
  }
  return Status::Ok();
}

// Parses one field (a list of half-edges, or {halves, cities}) into a field segment appended to
// `tile`.
Status ParseField(const YAML::Node& field, int field_line, const TileLayout& layout,
                  const Locator& loc, TileType& tile, PortMask& covered) {
  YAML::Node halves = field;
  int halves_line = field_line;
  Segment seg;
  seg.kind = FeatureKind::kField;
  if (field.IsMap()) {
    Mapping field_keys;
    Status st = field_keys.Read(field, field_line, kFieldKeys, {"halves"}, loc);
    if (!st.ok()) return st;
    halves = field_keys.Get("halves").value;
    halves_line = field_keys.Get("halves").line;
    st = ParseBorderedCities(field_keys.Get("cities"), layout, loc, seg);
    if (!st.ok()) return st;
  } else if (!field.IsSequence()) {
    return loc.Error(field_line, Fill(Tr("a field is a list of half-edges ([NL, NR]) or {halves: "
                                         "[NL, NR], cities: [N]}, not {1}"),
                                      {Shown(field)}));
  }
  if (!halves.IsSequence() || halves.size() == 0)
    return loc.Error(
        halves_line,
        Fill(Tr("a field needs a list of one or more half-edges, not {1}"), {Shown(halves)}));
  Status st = ParseFieldHalves(halves, halves_line, layout, loc, tile, seg, covered);
  if (!st.ok()) return st;
  tile.segments.push_back(seg);
  return Status::Ok();
}

// Fields: each half-edge of an f or r edge in exactly one field or mist area.
Status ParseFields(const Entry& fields, const TileLayout& layout, const Locator& loc,
                   TileType& tile) {
  Status st = List(fields, "fields", "[{halves: [EL, WR], cities: [N]}, [ER, SL, SR, WL]]", loc);
  if (!st.ok()) return st;
  PortMask covered = 0;
  for (const YAML::Node& field : fields.value) {
    st = ParseField(field, LineOf(field, fields.line), layout, loc, tile, covered);
    if (!st.ok()) return st;
  }
  std::vector<std::string_view> missing;
  for (Port p = 0; p < kPorts; ++p)
    if (PartOfPort(p) != 1 && tile.edges[SideOfPort(p)] != EdgeKind::kCity &&
        !((covered | layout.misty_halves) & Bit(p)))
      missing.push_back(HalfName(p));
  if (!missing.empty())
    // TRANSLATORS: {1} the half-edges ("NL, NR").
    return loc.Error(
        fields.line,
        Fill(tile.HasMist()
                 ? TrPlural("half-edge {1} is in no field and no mist area",
                            "half-edges {1} are in no field and no mist area",
                            static_cast<long long>(missing.size()))
                 : TrPlural("half-edge {1} is in no field", "half-edges {1} are in no field",
                            static_cast<long long>(missing.size())),
             {Join(missing, ", ")}));
  return Status::Ok();
}

// Parses one tile mapping into `tile`. `line` is the tile's own line. `entry` selects the
// catalogue's required keys (id, count, edges, fields) over a description's (edges).
Status ParseTile(const YAML::Node& node, int line, const Locator& loc, bool entry, TileType& tile) {
  if (!node.IsMap())
    // TRANSLATORS: {1} the keys, {2} the value as written ("a list").
    return loc.Error(line, Fill(Tr("a tile is a mapping with keys {1}, not {2}"),
                                {Join(kTileKeys, ", "), Shown(node)}));
  Mapping keys;
  Status st = keys.Read(node, line, kTileKeys, entry ? kEntryRequired : kDescriptionRequired, loc);
  if (!st.ok()) return st;
  tile.port_owner.fill(-1);
  tile.mist_owner.fill(-1);
  st = ParseLabels(keys, loc, tile);
  if (!st.ok()) return st;
  Result<std::string> middle = ParseMiddle(keys, loc);
  if (!middle.ok()) return middle.status();

  // Edges first: everything else is checked against them.
  TileLayout layout;
  st = ParseEdges(keys.Get("edges"), loc, tile, layout);
  if (!st.ok()) return st;
  st = ParseCities(keys.Get("cities"), loc, tile, layout);
  if (!st.ok()) return st;
  st = ParseRoads(keys.Get("roads"), loc, tile, layout);
  if (!st.ok()) return st;
  AddMiddle(*middle, tile);
  // Mist areas: halves they own, road middles they cover (each a misty side of a road).
  Entry mist = keys.Get("mist");
  if (mist.present) {
    st = ParseMist(mist, loc, tile, layout);
    if (!st.ok()) return st;
  }
  st = CheckMistyRoadsCovered(layout, loc, tile);
  if (!st.ok()) return st;

  Entry fields = keys.Get("fields");
  if (!fields.present) {
    // A description without fields: the caller derives them (catalog.h).
    return Status::Ok();
  }
  st = ParseFields(fields, layout, loc, tile);
  if (!st.ok()) return st;
  st = tile.Finalize();
  if (!st.ok()) return loc.Error(line, st.message());
  return Status::Ok();
}

}  // namespace

TilePtr Catalog::Find(std::string_view id) const {
  std::string want = Lower(id);
  for (const TilePtr& t : tiles)
    if (t && Lower(t->id) == want) return t;
  return nullptr;
}

TilePtr Catalog::StartTile() const {
  for (const TilePtr& t : tiles)
    if (t && t->start) return t;
  return nullptr;
}

int Catalog::TotalCount() const {
  int n = 0;
  for (const TilePtr& t : tiles)
    if (t) n += t->count;
  return n;
}

namespace {

// The catalogue's `includes`: set names, none twice, not its own.
Status ReadIncludes(const Entry& includes, const Locator& loc, Catalog& catalog) {
  if (!includes.present) return Status::Ok();
  Status st = List(includes, "includes", "[base]", loc);
  if (!st.ok()) return st;
  for (const YAML::Node& inc : includes.value) {
    int inc_line = LineOf(inc, includes.line);
    if (!inc.IsScalar() || !ValidSetName(inc.Scalar()))
      return loc.Error(inc_line,
                       Fill(Tr("'includes' lists set names such as base, not {1}"), {Shown(inc)}));
    const std::string& name = inc.Scalar();
    if (Lower(name) == Lower(catalog.set))
      return loc.Error(inc_line, Fill(Tr("set '{1}' includes itself"), {catalog.set}));
    for (const std::string& earlier : catalog.includes)
      if (Lower(earlier) == Lower(name))
        return loc.Error(inc_line, Fill(Tr("set '{1}' is included twice"), {name}));
    catalog.includes.push_back(name);
  }
  return Status::Ok();
}

// The catalogue's `tiles`: each a tile entry (ParseTile), ids unique whatever their case, at
// most one start tile, counted with the start tile in its count.
Status ReadTiles(const Entry& tiles, const Locator& loc, Catalog& catalog) {
  Status st = List(tiles, "tiles", "[{id: A, count: 2, edges: ffrf, …}]", loc);
  if (!st.ok()) return st;
  if (tiles.value.size() == 0) return loc.Error(tiles.line, Tr("'tiles' lists no tile"));
  std::map<std::string, std::pair<std::string, int>> ids;  // lower-case id -> id, line
  int start_line = 0;
  std::string start_id;
  for (const YAML::Node& node : tiles.value) {
    int line = LineOf(node, tiles.line);
    TileType tile;
    st = ParseTile(node, line, loc, /*entry=*/true, tile);
    if (!st.ok()) return st;
    auto [it, fresh] = ids.emplace(Lower(tile.id), std::make_pair(tile.id, line));
    if (!fresh)
      // TRANSLATORS: {1} the id, {2} the id it clashes with, {3} that one's line.
      return loc.Error(line, Fill(Tr("duplicate tile id '{1}': '{2}' on line {3} has it already "
                                     "(ids are case-insensitive)"),
                                  {tile.id, it->second.first, std::to_string(it->second.second)}));
    if (tile.start) {
      if (!start_id.empty())
        // TRANSLATORS: {1} and {2} tile ids, {3} the line of the second.
        return loc.Error(line, Fill(Tr("a second start tile: '{1}' and '{2}' (line {3}) both say "
                                       "start: true; only one type is the start tile"),
                                    {tile.id, start_id, std::to_string(start_line)}));
      if (tile.count < 1)
        return loc.Error(line, Fill(Tr("the start tile '{1}' needs count 1 or more (the count "
                                       "includes the start tile)"),
                                    {tile.id}));
      start_id = tile.id;
      start_line = line;
    }
    tile.set = catalog.set;
    tile.origin = loc.Prefix(line);
    catalog.tiles.push_back(std::make_shared<const TileType>(std::move(tile)));
  }
  return Status::Ok();
}

}  // namespace

Result<Catalog> ParseCatalog(std::string_view yaml_text, std::string_view file_name) {
  const Locator loc = Locator::InFile(file_name);
  try {
    // One document; yaml-cpp 0.7's LoadAll() loops forever on a stray ',' (yaml_read.h).
    Result<YAML::Node> loaded = yaml_read::LoadOneDocument(
        std::string(yaml_text), TrContext("yaml document", "a catalogue"), loc);
    if (!loaded.ok()) return loaded.status();
    if (loaded->IsNull())
      return loc.Error(1, Fill(Tr("the catalogue is empty (expected a mapping with keys {1})"),
                               {Join(kCatalogKeys, ", ")}));
    const YAML::Node root = *loaded;
    if (!root.IsMap())
      return loc.Error(LineOf(root, 1), Fill(Tr("a catalogue is a mapping with keys {1}, not {2}"),
                                             {Join(kCatalogKeys, ", "), Shown(root)}));
    Mapping keys;
    Status st = keys.Read(root, LineOf(root, 1), kCatalogKeys, kCatalogRequired, loc);
    if (!st.ok()) return st;

    Catalog catalog;
    Entry set = keys.Get("set");
    Result<std::string> set_name = Word(set, "set", Tr("the set's name, e.g. base"), loc);
    if (!set_name.ok()) return set_name.status();
    if (!ValidSetName(*set_name))
      return loc.Error(set.line, Fill(Tr("set name '{1}' may contain only letters, digits, _ and "
                                         "-"),
                                      {*set_name}));
    catalog.set = *set_name;

    st = ReadIncludes(keys.Get("includes"), loc, catalog);
    if (!st.ok()) return st;
    st = ReadTiles(keys.Get("tiles"), loc, catalog);
    if (!st.ok()) return st;
    return catalog;
  } catch (const YAML::Exception& e) {
    // TRANSLATORS: {1} the YAML reader's own words (English).
    return loc.Error(e.mark.line >= 0 ? e.mark.line + 1 : 1, Fill(Tr("YAML syntax: {1}"), {e.msg}));
  } catch (const std::exception& e) {
    return loc.Error(1, Fill(Tr("cannot read the catalogue: {1}"), {e.what()}));
  }
}

Status MergeCatalog(Catalog& into, const Catalog& extra) {
  auto where = [&extra](const TileType& t) {
    if (!t.origin.empty()) return t.origin;
    return Fill(Tr("set {1}"), {t.set.empty() ? extra.set : t.set});
  };
  Catalog merged;
  merged.tiles = into.tiles;
  TilePtr start = into.StartTile();
  for (const TilePtr& t : extra.tiles) {
    if (!t) return Status::Corrupt(Fill(Tr("set {1}: an empty tile entry"), {extra.set}));
    if (TilePtr clash = merged.Find(t->id))
      // TRANSLATORS: {1} where the tile is (FILE:LINE), {2} its id, {3} the other tile's id, {4}
      // where that one is.
      return Status::Corrupt(OneLine(Fill(Tr("{1}: tile id '{2}' is already used by '{3}' ({4}); "
                                             "ids are case-insensitive"),
                                          {where(*t), t->id, clash->id, where(*clash)})));
    if (t->start) {
      if (start)
        // TRANSLATORS: {1} where the tile is (FILE:LINE), {2} its id, {3} the start tile's id,
        // {4} where that one is.
        return Status::Corrupt(OneLine(Fill(Tr("{1}: a second start tile: '{2}', but '{3}' ({4}) "
                                               "is the start tile already"),
                                            {where(*t), t->id, start->id, where(*start)})));
      start = t;
    }
    merged.tiles.push_back(t);
  }
  into.tiles = std::move(merged.tiles);
  return Status::Ok();
}

Result<TileType> ParseTileNode(const YAML::Node& node, std::string_view where) {
  const Locator loc = Locator::Fixed(where);
  try {
    TileType tile;
    Status st = ParseTile(node, 1, loc, /*entry=*/false, tile);
    if (!st.ok()) return st;
    return tile;
  } catch (const YAML::Exception& e) {
    // TRANSLATORS: {1} the YAML reader's own words (English).
    return loc.Error(1, Fill(Tr("YAML: {1}"), {e.msg}));
  } catch (const std::exception& e) {
    return loc.Error(1, Fill(Tr("cannot read the tile: {1}"), {e.what()}));
  }
}

bool TileNodeHasFields(const YAML::Node& node) {
  try {
    if (!node.IsMap()) return false;
    for (YAML::const_iterator it = node.begin(); it != node.end(); ++it)
      if (it->first.IsScalar() && it->first.Scalar() == "fields") return true;
    return false;
  } catch (const std::exception&) {
    return false;
  }
}

Result<Catalog> BuildCatalog(const std::vector<CatalogSource>& sources) {
  Catalog all;
  for (const CatalogSource& src : sources) {
    // The same texts come again with every game started or resumed: parsed once (parse_memo.h).
    Result<Catalog> parsed = ParseCatalogMemo(src.text, src.file);
    if (!parsed.ok()) return parsed.status();
    if (all.set.empty()) all.set = parsed->set;
    Status s = MergeCatalog(all, *parsed);
    if (!s.ok()) return s;
    all.set = parsed->set;  // the last one read is the one asked for
  }
  return all;
}

}  // namespace carcref
