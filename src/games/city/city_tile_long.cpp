// The long form of a City tile: the short form's information as a YAML flow mapping, plus
// what the short form cannot say (which street edges form one street, which parts are one
// area, which areas touch). The schema is in city_tile.h.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <exception>
#include <utility>

#include "carcref/i18n.h"
#include "city_tile_internal.h"
#include "engine/yaml_read.h"

namespace carcref {

namespace city_tile_internal {

namespace {

using yaml_read::Entry;
using yaml_read::Flag;
using yaml_read::List;
using yaml_read::Locator;
using yaml_read::Mapping;
using yaml_read::Number;
using yaml_read::Shown;

// A long form longer than this is not a tile: the longest real one is a few hundred
// characters. The cap also keeps yaml-cpp far from deep recursion.
constexpr std::size_t kMaxLongForm = 1000;

const std::vector<std::string_view> kKeys = {"edges", "streets",  "middle", "areas",
                                             "goods", "touching", "public", "historic"};

bool IsArea(CityPart p) { return p == CityPart::kResidential || p == CityPart::kMarket; }

// TRANSLATORS: the kind of an area of a City tile, in "NL is residential".
std::string KindWord(CityPart p) {
  return p == CityPart::kMarket ? TrContext("city part", "market")
                                : TrContext("city part", "residential");
}

// "a street", "a building": what a part that makes no area is, in "NL is a street".
std::string NoAreaWord(CityPart p) {
  // TRANSLATORS: what a part of a City tile is, in "NL is a street (edges: …)".
  return p == CityPart::kStreet ? TrContext("city part", "a street")
                                : TrContext("city part", "a building");
}

// One part named in `areas` or `touching`: a half-edge, or a side for a whole-edge `h` or
// `m`. A half of a whole-edge part stands for the whole part (its three ports are one part).
Result<PortMask> PartAt(const YAML::Node& node, int line, const std::array<CityPart, kPorts>& ports,
                        const std::string& edges_note, const Locator& loc) {
  const std::string name = node.IsScalar() ? node.Scalar() : std::string();
  if (std::optional<Port> half = ParseHalf(name)) {
    const CityPart kind = ports[*half];
    if (!IsArea(kind))
      // TRANSLATORS: {1} a half-edge ("NL"), {2} what it is ("a street"), {3} the edges
      // ("(edges: smsh)").
      return loc.Error(line, Fill(Tr("{1} is {2} {3}: only residential and market parts make "
                                     "areas"),
                                  {std::string(HalfName(*half)), NoAreaWord(kind), edges_note}));
    const Side side = SideOfPort(*half);
    if (ports[MiddlePort(side)] == kind) return SideMask(side);
    return Bit(*half);
  }
  if (std::optional<Side> side = ParseSide(name)) {
    const CityPart first = ports[PortOf(*side, 0)];
    const bool whole = ports[MiddlePort(*side)] == first && ports[PortOf(*side, 2)] == first;
    if (whole && IsArea(first)) return SideMask(*side);
    // TRANSLATORS: {1} a side, {2} the edges ("(edges: smsh)"), {3} and {4} its halves.
    return loc.Error(line, Fill(Tr("side {1} is not one residential or market part {2}: name its "
                                   "half, {3} or {4}"),
                                {std::string(SideName(*side)), edges_note,
                                 std::string(HalfName(PortOf(*side, 0))),
                                 std::string(HalfName(PortOf(*side, 2)))}));
  }
  // TRANSLATORS: {1} the value as written ("'X'", "a list").
  return loc.Error(line, Fill(Tr("{1} is not a half-edge or side (expected NL, NR, EL, ER, SL, "
                                 "SR, WL, WR, or N, E, S, W for a whole-edge part)"),
                              {Shown(node)}));
}

std::string PartName(PortMask m) {
  for (Side s : kSides)
    if ((m & SideMask(s)) == SideMask(s)) return std::string(SideName(s));
  return std::string(HalfName(FirstPort(m)));
}

// "N–S" for a street through, "E" for one that ends on the tile.
std::string StreetName(PortMask street) {
  std::string out;
  for (Side s : kSides)
    if (street & Bit(MiddlePort(s))) out += (out.empty() ? "" : "–") + std::string(SideName(s));
  return out;
}

// `streets:` — each street a list of one or two sides (or one side alone), every street edge
// in exactly one street.
Status ParseStreets(const Entry& e, const std::array<CityPart, kPorts>& ports,
                    const std::string& edges_note, const Locator& loc,
                    std::vector<PortMask>& streets) {
  Status st = List(e, "streets", "[[N, S], [E]]", loc);
  if (!st.ok()) return st;
  PortMask seen = 0;
  for (const YAML::Node& street : e.value) {
    const int line = yaml_read::LineOf(street, e.line);
    std::vector<YAML::Node> sides;
    if (street.IsScalar()) {
      sides.push_back(street);
    } else if (street.IsSequence()) {
      for (const YAML::Node& s : street) sides.push_back(s);
    } else {
      return loc.Error(line, Fill(Tr("a street is a list of one or two sides ([N, S] or [E]), "
                                     "not {1}"),
                                  {Shown(street)}));
    }
    if (sides.empty() || sides.size() > 2)
      return loc.Error(line, Fill(Tr("a street runs from one or two sides, not {1} (streets "
                                     "meeting at a crossing are separate streets, e.g. [[N], "
                                     "[E], [S]])"),
                                  {std::to_string(sides.size())}));
    PortMask mask = 0;
    for (const YAML::Node& s : sides) {
      std::optional<Side> side = s.IsScalar() ? ParseSide(s.Scalar()) : std::nullopt;
      if (!side)
        return loc.Error(line, Fill(Tr("{1} is not a side (expected N, E, S or W)"), {Shown(s)}));
      const std::string name(SideName(*side));
      const Port p = MiddlePort(*side);
      if (ports[p] != CityPart::kStreet)
        // TRANSLATORS: {1} a side, {2} the edges ("(edges: smsh)").
        return loc.Error(line,
                         Fill(Tr("street side {1} is not a street edge {2}"), {name, edges_note}));
      if (seen & Bit(p)) return loc.Error(line, Fill(Tr("side {1} is in two streets"), {name}));
      seen |= Bit(p);
      mask |= Bit(p);
    }
    streets.push_back(mask);
  }
  for (Side s : StreetSides(ports))
    if (!(seen & Bit(MiddlePort(s))))
      // TRANSLATORS: {1} a side, {2} the edges ("(edges: smsh)").
      return loc.Error(e.line, Fill(Tr("edge {1} is a street edge but no street covers it {2}"),
                                    {std::string(SideName(s)), edges_note}));
  return Status::Ok();
}

// `areas:` — each area a list of parts (or one part alone), all of one kind; every
// residential and market part in exactly one area.
Status ParseAreas(const Entry& e, const std::array<CityPart, kPorts>& ports,
                  const std::string& edges_note, const Locator& loc, Layout& layout) {
  Status st = List(e, "areas", "[[NL, W], [NR, E]]", loc);
  if (!st.ok()) return st;
  PortMask seen = 0;
  for (const YAML::Node& area : e.value) {
    const int line = yaml_read::LineOf(area, e.line);
    std::vector<YAML::Node> parts;
    if (area.IsScalar()) {
      parts.push_back(area);
    } else if (area.IsSequence()) {
      for (const YAML::Node& p : area) parts.push_back(p);
    } else {
      return loc.Error(line, Fill(Tr("an area is a list of half-edges and sides ([NL, W]), not "
                                     "{1}"),
                                  {Shown(area)}));
    }
    if (parts.empty()) return loc.Error(line, Tr("an area lists one or more half-edges or sides"));
    PortMask mask = 0;
    CityPart kind = CityPart::kNone;
    std::string first_name;
    for (const YAML::Node& p : parts) {
      Result<PortMask> part = PartAt(p, line, ports, edges_note, loc);
      if (!part.ok()) return part.status();
      const std::string name = p.Scalar();
      const CityPart k = ports[FirstPort(*part)];
      if (kind == CityPart::kNone) {
        kind = k;
        first_name = name;
      } else if (k != kind) {
        // TRANSLATORS: {1} and {3} parts ("NL", "E"), {2} and {4} their kinds ("residential",
        // "market"), {5} the edges ("(edges: smsh)").
        return loc.Error(line, Fill(Tr("an area is of one kind: {1} is {2}, {3} {4} {5}"),
                                    {first_name, KindWord(kind), name, KindWord(k), edges_note}));
      }
      if (mask & *part) return loc.Error(line, Fill(Tr("the area names {1} twice"), {name}));
      if (seen & *part) return loc.Error(line, Fill(Tr("{1} is already in another area"), {name}));
      mask |= *part;
    }
    seen |= mask;
    (kind == CityPart::kResidential ? layout.residential : layout.markets).push_back(mask);
  }
  for (Port p = 0; p < kPorts; ++p)
    if (IsArea(ports[p]) && !(seen & Bit(p)))
      // TRANSLATORS: {1} a part ("NL"), {2} its kind ("residential"), {3} the edges.
      return loc.Error(
          e.line,
          Fill(ports[p] == CityPart::kMarket
                   ? Tr("{1} (market) is in no area: every residential and market part belongs "
                        "to one area {2}")
                   : Tr("{1} (residential area) is in no area: every residential and market part "
                        "belongs to one area {2}"),
               {PartName(ports[MiddlePort(SideOfPort(p))] == ports[p] ? SideMask(SideOfPort(p))
                                                                      : Bit(p)),
                edges_note}));
  auto by_first = [](PortMask x, PortMask y) { return FirstPort(x) < FirstPort(y); };
  std::sort(layout.residential.begin(), layout.residential.end(), by_first);
  std::sort(layout.markets.begin(), layout.markets.end(), by_first);
  return Status::Ok();
}

// `touching:` — pairs of parts, one residential and one market, whose areas touch.
Status ParseTouching(const Entry& e, const std::string& edges_note, const Locator& loc,
                     CityTile& tile) {
  Status st = List(e, "touching", "[[NL, NR]]", loc);
  if (!st.ok()) return st;
  std::vector<std::pair<int, int>> pairs;
  for (const YAML::Node& pair : e.value) {
    const int line = yaml_read::LineOf(pair, e.line);
    if (!pair.IsSequence() || pair.size() != 2)
      return loc.Error(line, Fill(Tr("a touching pair names a residential and a market part "
                                     "([NL, NR]), not {1}"),
                                  {Shown(pair)}));
    std::array<int, 2> area{};
    for (std::size_t k = 0; k < 2; ++k) {
      Result<PortMask> part = PartAt(pair[k], line, tile.ports, edges_note, loc);
      if (!part.ok()) return part.status();
      area[k] = tile.AreaAt(FirstPort(*part));
      if (area[k] < 0) return loc.Error(line, Fill(Tr("{1} is in no area"), {pair[k].Scalar()}));
    }
    if (tile.areas[area[0]].kind == tile.areas[area[1]].kind)
      // TRANSLATORS: {1} and {2} parts ("NL", "NR"), {3} their kind ("market").
      return loc.Error(
          line, Fill(Tr("a touching pair is a residential part and a market part: "
                        "{1} and {2} are both {3}"),
                     {pair[0].Scalar(), pair[1].Scalar(), KindWord(tile.areas[area[0]].kind)}));
    if (tile.areas[area[0]].kind != CityPart::kResidential) std::swap(area[0], area[1]);
    pairs.emplace_back(area[0], area[1]);
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  tile.touching = std::move(pairs);
  return Status::Ok();
}

Result<CityTile> ParseMapping(const YAML::Node& root, const Locator& loc) {
  if (!root.IsMap())
    return loc.Error(
        1, Fill(Tr("a tile is a mapping such as {edges: smsh, goods: G}, not {1}"), {Shown(root)}));
  Mapping keys;
  Status st = keys.Read(root, 1, kKeys, {"edges"}, loc);
  if (!st.ok()) return st;

  // Edges, in the short form's spelling.
  const Entry edges_entry = keys.Get("edges");
  if (!edges_entry.value.IsScalar())
    return loc.Error(1, Fill(Tr("'edges' is the four edges as in the short form, e.g. "
                                "\"[hsm]mmh\" (quoted when it starts with [), not {1}"),
                             {Shown(edges_entry.value)}));
  const std::string edges_text = edges_entry.value.Scalar();
  const std::string edges_note = "(edges: " + edges_text + ")";
  TypedEdges edges;
  std::size_t i = 0;
  st = ParseEdges(edges_text, i, edges);
  // TRANSLATORS: {1} the edges as written, {2} what is wrong with them.
  if (!st.ok())
    return loc.Error(1, Fill(Tr("edges '{1}': {2}"), {edges_text, std::string(st.message())}));
  if (i < edges_text.size())
    // TRANSLATORS: {1} the edges as written, {2} what follows them ("'G'").
    return loc.Error(1, Fill(Tr("edges '{1}' goes on after its four edges with {2}: goods and "
                                "buildings have keys of their own (goods: G, public: 1)"),
                             {edges_text, Got(edges_text, i)}));
  Layout layout;
  layout.ports = edges.ports;

  if (keys.Has("public")) {
    Result<int> n = Number(keys.Get("public"), "public", 2, loc);
    if (!n.ok()) return n.status();
    layout.public_buildings = *n;
  }
  if (keys.Has("historic")) {
    Result<int> n = Number(keys.Get("historic"), "historic", 1, loc);
    if (!n.ok()) return n.status();
    layout.historic_buildings = *n;
  }

  // Rule 1, unless the streets are given; `middle` is the short form's `v`.
  bool middle = false;
  if (keys.Has("middle")) {
    Result<bool> flag = Flag(keys.Get("middle"), "middle", loc);
    if (!flag.ok()) return flag.status();
    middle = *flag;
  }
  if (keys.Has("streets")) {
    st = ParseStreets(keys.Get("streets"), layout.ports, edges_note, loc, layout.streets);
    if (!st.ok()) return st;
  } else {
    layout.streets = DeriveStreets(layout.ports, middle);
  }
  if (middle) {
    if (StreetSides(layout.ports).size() < 2)
      return loc.Error(1, Fill(Tr("middle: true (every street ends in the middle, the short "
                                  "form's v) needs two or more street edges {1}"),
                               {edges_note}));
    for (PortMask s : layout.streets)
      if (s != Bit(FirstPort(s)))  // two sides
        // TRANSLATORS: {1} a street ("N–S"), {2} the edges ("(edges: shsh)").
        return loc.Error(1, Fill(Tr("middle: true says every street ends in the middle, but the "
                                    "street {1} passes through {2}"),
                                 {StreetName(s), edges_note}));
  }
  const bool meet = keys.Has("middle") ? middle : StreetsMeetByDefault(layout.streets);
  layout.splitting = SplittingStreets(layout.streets, meet);

  // Rule 2, unless the areas are given.
  if (keys.Has("areas")) {
    st = ParseAreas(keys.Get("areas"), layout.ports, edges_note, loc, layout);
    if (!st.ok()) return st;
  } else {
    layout.residential = BorderAreas(layout.ports, CityPart::kResidential, layout.splitting);
    layout.markets = BorderAreas(layout.ports, CityPart::kMarket, layout.splitting);
  }

  // Rule 5.
  const Entry goods_entry = keys.Get("goods");
  if (goods_entry.present && !goods_entry.value.IsNull()) {
    if (!goods_entry.value.IsScalar())
      return loc.Error(goods_entry.line,
                       Fill(Tr("'goods' is written as in the short form, e.g. G/F, not {1}"),
                            {Shown(goods_entry.value)}));
    const std::string text = goods_entry.value.Scalar();
    TypedGoods goods;
    std::size_t k = 0;
    if (!text.empty()) {
      st = ParseGoods(text, k, goods);
      // TRANSLATORS: {1} the goods as written, {2} what is wrong with them.
      if (!st.ok())
        return loc.Error(goods_entry.line,
                         Fill(Tr("goods '{1}': {2}"), {text, std::string(st.message())}));
      if (k < text.size())
        // TRANSLATORS: {1} the goods as written, {2} the character that is none ("'x'").
        return loc.Error(goods_entry.line,
                         Fill(Tr("goods '{1}': {2} is not a kind of goods (G grain, F fish, L "
                                 "livestock; / between markets)"),
                              {text, Got(text, k)}));
      st = CheckGoods(goods, layout.markets);
      if (!st.ok()) return loc.Error(goods_entry.line, st.message());
      layout.goods = goods.groups;
    }
  }
  if (layout.public_buildings + layout.historic_buildings == 0) {
    for (Port p = 0; p < kPorts; ++p)
      if (layout.ports[p] == CityPart::kBuilding)
        // TRANSLATORS: {1} the edge ("the north edge").
        return loc.Error(1, Fill(Tr("the building (b) on {1} needs public: 1 or historic: 1 "
                                    "(rule 5)"),
                                 {EdgeWords(SideOfPort(p))}));
  }

  CityTile tile = Assemble(layout);
  // Rule 3, unless the touching areas are given.
  if (keys.Has("touching")) {
    st = ParseTouching(keys.Get("touching"), edges_note, loc, tile);
    if (!st.ok()) return st;
  }
  return tile;
}

}  // namespace

Result<CityTile> ParseLongForm(std::string_view text) {
  const Locator loc = Locator::Fixed(Tr("description"));
  auto syntax = [](const Status& s) { return Status::Syntax(s.message()); };
  if (text.size() > kMaxLongForm)
    return Status::Syntax(Fill(Tr("description: a long form is at most {1} characters"),
                               {std::to_string(kMaxLongForm)}));
  try {
    Result<YAML::Node> root =
        yaml_read::LoadOneDocument(std::string(text), TrContext("yaml document", "a tile"), loc);
    if (!root.ok()) return syntax(root.status());
    Result<CityTile> tile = ParseMapping(*root, loc);
    if (!tile.ok()) return syntax(tile.status());
    return tile;
  } catch (const YAML::Exception& e) {
    // TRANSLATORS: {1} the YAML reader's own words (English).
    const std::string message =
        text.find("edges: [") != std::string_view::npos
            ? Fill(Tr("description: YAML syntax: {1} (quote edges that start with [: edges: "
                      "\"[hsm]mmh\")"),
                   {e.msg})
            : Fill(Tr("description: YAML syntax: {1}"), {e.msg});
    return Status::Syntax(message, e.mark.is_null() ? -1 : e.mark.column);
  } catch (const std::exception& e) {
    return Status::Syntax(Fill(Tr("description: cannot read the tile: {1}"), {e.what()}));
  }
}

}  // namespace city_tile_internal

// Every key is written first; then touching, areas and streets are left out, one at a time,
// wherever the derivation gives them back, so the canonical long form says only what the
// rules cannot derive.
std::string CityLongForm(const CityTile& tile) {
  std::string edges, streets, areas, touching;
  for (Side s : kSides) edges += city_tile_internal::EdgeText(tile.ports, s, false);
  std::vector<int> goods;
  bool has_residential = false, has_market = false;
  for (const CityArea& a : tile.areas) {
    std::string parts;
    for (Side s : kSides) {
      if ((a.ports & SideMask(s)) == SideMask(s) && a.kind != CityPart::kStreet) {
        parts += (parts.empty() ? "" : ", ") + std::string(SideName(s));
        continue;
      }
      for (int part = 0; part < 3; ++part) {
        const Port p = PortOf(s, part);
        if (!(a.ports & Bit(p))) continue;
        const std::string name(a.kind == CityPart::kStreet ? SideName(s) : HalfName(p));
        parts += (parts.empty() ? "" : ", ") + name;
      }
    }
    std::string& list = a.kind == CityPart::kStreet ? streets : areas;
    list += (list.empty() ? "[" : ", [") + parts + "]";
    if (a.kind == CityPart::kMarket) goods.push_back(a.goods);
    has_residential = has_residential || a.kind == CityPart::kResidential;
    has_market = has_market || a.kind == CityPart::kMarket;
  }
  for (const auto& [r, m] : tile.touching) {
    if (r < 0 || m < 0 || r >= static_cast<int>(tile.areas.size()) ||
        m >= static_cast<int>(tile.areas.size()))
      continue;
    touching += (touching.empty() ? "[" : ", [") +
                city_tile_internal::PartName(tile.areas[r].ports) + ", " +
                city_tile_internal::PartName(tile.areas[m].ports) + "]";
  }
  const std::string goods_text = city_tile_internal::GoodsText(goods);
  std::array<bool, 3> keep{};
  bool say_middle = false;  // middle: false, for dead ends that do not meet
  auto compose = [&]() {
    std::string out = "{edges: \"" + edges + "\"";
    if (keep[0]) out += ", streets: [" + streets + "]";
    if (say_middle) out += ", middle: false";
    if (keep[1]) out += ", areas: [" + areas + "]";
    if (!goods_text.empty()) out += ", goods: \"" + goods_text + "\"";
    if (keep[2]) out += ", touching: [" + touching + "]";
    if (tile.public_buildings) out += ", public: " + std::to_string(tile.public_buildings);
    if (tile.historic_buildings) out += ", historic: " + std::to_string(tile.historic_buildings);
    return out + "}";
  };
  std::string best;
  bool best_good = false;
  // middle: false says something only where the streets would meet by default.
  std::vector<PortMask> street_masks;
  for (const CityArea& a : tile.areas)
    if (a.kind == CityPart::kStreet) street_masks.push_back(a.ports);
  const bool can_say_middle = city_tile_internal::StreetsMeetByDefault(street_masks);
  for (bool middle : {false, true}) {
    if (middle && !can_say_middle) continue;
    say_middle = middle;
    keep = {!streets.empty(), !areas.empty(), has_residential && has_market};
    for (int key : {2, 1, 0}) {
      if (!keep[key]) continue;
      keep[key] = false;
      Result<CityTile> parsed = ParseCityTile(compose());
      if (!parsed.ok() || !SameCityTile(*parsed, tile)) keep[key] = true;
    }
    Result<CityTile> parsed = ParseCityTile(compose());
    const bool good = parsed.ok() && SameCityTile(*parsed, tile);
    if (best.empty() || (good && (!best_good || compose().size() < best.size()))) {
      best = compose();
      best_good = good;
    }
  }
  return best;
}

}  // namespace carcref
