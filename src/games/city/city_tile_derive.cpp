// The derivation rules of a City tile (NOTATION.md "The City", derivation rules 1–3 and 5):
// which streets a tile has, which border parts are one area, which areas touch, where the
// goods go. Shared by the short and the long form.
#include <algorithm>
#include <cstddef>
#include <numeric>
#include <utility>

#include "carcref/i18n.h"
#include "city_tile_internal.h"

namespace carcref::city_tile_internal {

namespace {

int Find(std::array<int, kPorts>& parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

CityPart OtherKind(CityPart kind) {
  return kind == CityPart::kResidential ? CityPart::kMarket : CityPart::kResidential;
}

int SidesOf(PortMask street) {
  int n = 0;
  for (Side s : kSides) n += (street & Bit(MiddlePort(s))) != 0;
  return n;
}

// Rule 2: going round the border from `from` to `to` (both excluded), clockwise, meets no part
// of `other` kind and no street that separates. Buildings and the bare middle of an `[XY]`
// edge are passed over.
bool CleanArc(const std::array<CityPart, kPorts>& ports, Port from, Port to, CityPart other,
              PortMask splitting) {
  for (Port p = (from + 1) % kPorts; p != to; p = (p + 1) % kPorts)
    if (ports[p] == other || (splitting & Bit(p))) return false;
  return true;
}

}  // namespace

int FirstPort(PortMask m) {
  for (Port p = 0; p < kPorts; ++p)
    if (m & Bit(p)) return p;
  return kPorts;
}

std::vector<Side> StreetSides(const std::array<CityPart, kPorts>& ports) {
  std::vector<Side> out;
  for (Side s : kSides)
    if (ports[MiddlePort(s)] == CityPart::kStreet) out.push_back(s);
  return out;
}

std::vector<PortMask> DeriveStreets(const std::array<CityPart, kPorts>& ports, bool meet) {
  std::vector<Side> sides = StreetSides(ports);
  std::vector<PortMask> out;
  if (sides.size() == 2 && !meet) {
    out.push_back(static_cast<PortMask>(Bit(MiddlePort(sides[0])) | Bit(MiddlePort(sides[1]))));
  } else {
    for (Side s : sides) out.push_back(Bit(MiddlePort(s)));
  }
  return out;
}

bool StreetsMeetByDefault(const std::vector<PortMask>& streets) {
  int ending = 0;
  for (PortMask s : streets) {
    if (SidesOf(s) >= 2) return false;  // a street through the middle: nothing meets there
    ++ending;
  }
  return ending >= 2;
}

PortMask SplittingStreets(const std::vector<PortMask>& streets, bool meet) {
  PortMask out = 0;
  for (PortMask s : streets)
    if (SidesOf(s) >= 2 || meet) out |= s;
  return out;
}

// All pairs are tested, not only neighbours along the border, so that parts joined round a
// lone dead end (`[hsh]`) or past a building are one area; the pairwise relation is then
// closed transitively.
std::vector<PortMask> BorderAreas(const std::array<CityPart, kPorts>& ports, CityPart kind,
                                  PortMask splitting) {
  std::array<int, kPorts> parent{};
  std::iota(parent.begin(), parent.end(), 0);
  const CityPart other = OtherKind(kind);
  for (Port a = 0; a < kPorts; ++a) {
    if (ports[a] != kind) continue;
    for (Port b = a + 1; b < kPorts; ++b) {
      if (ports[b] != kind) continue;
      if (CleanArc(ports, a, b, other, splitting) || CleanArc(ports, b, a, other, splitting))
        parent[Find(parent, a)] = Find(parent, b);
    }
  }
  std::array<PortMask, kPorts> by_root{};
  for (Port p = 0; p < kPorts; ++p)
    if (ports[p] == kind) by_root[Find(parent, p)] |= Bit(p);
  std::vector<PortMask> out;
  for (PortMask m : by_root)
    if (m != 0) out.push_back(m);
  std::sort(out.begin(), out.end(),
            [](PortMask x, PortMask y) { return FirstPort(x) < FirstPort(y); });
  return out;
}

CityTile Assemble(const Layout& layout) {
  CityTile tile;
  tile.ports = layout.ports;
  tile.public_buildings = layout.public_buildings;
  tile.historic_buildings = layout.historic_buildings;
  for (PortMask m : layout.streets) tile.areas.push_back({CityPart::kStreet, m, 0});
  for (PortMask m : layout.residential) tile.areas.push_back({CityPart::kResidential, m, 0});
  for (PortMask m : layout.markets) tile.areas.push_back({CityPart::kMarket, m, 0});
  std::sort(tile.areas.begin(), tile.areas.end(), [](const CityArea& x, const CityArea& y) {
    return FirstPort(x.ports) < FirstPort(y.ports);
  });
  size_t market = 0;
  for (CityArea& a : tile.areas) {
    if (a.kind != CityPart::kMarket) continue;
    if (market < layout.goods.size()) a.goods = layout.goods[market];
    ++market;
  }

  // Rule 3, on the border: from each area part, the next part going clockwise that is not a
  // building (nor the bare middle of an `[XY]` edge). A street that separates areas (rule 2)
  // stands between them; a lone dead end does not: the parts on its two sides meet round its
  // end, just as rule 2 joins them there when they are of one kind.
  std::vector<std::pair<int, int>> touching;
  auto add = [&](int a, int b) {
    if (a < 0 || b < 0) return;
    if (tile.areas[a].kind != CityPart::kResidential) std::swap(a, b);
    touching.emplace_back(a, b);
  };
  for (Port p = 0; p < kPorts; ++p) {
    const CityPart kind = tile.ports[p];
    if (kind != CityPart::kResidential && kind != CityPart::kMarket) continue;
    for (int k = 1; k < kPorts; ++k) {
      const Port q = (p + k) % kPorts;
      const CityPart next = tile.ports[q];
      if (next == CityPart::kBuilding || next == CityPart::kNone) continue;
      if (next == CityPart::kStreet && !(layout.splitting & Bit(q))) continue;
      if (next == OtherKind(kind)) add(tile.AreaAt(p), tile.AreaAt(q));
      break;
    }
  }
  // Rule 3, `=`: an area that unites parts the border keeps apart runs through the middle and
  // touches every area of the other kind on the tile.
  const std::array<std::vector<PortMask>, 2> border = {
      BorderAreas(tile.ports, CityPart::kResidential, layout.splitting),
      BorderAreas(tile.ports, CityPart::kMarket, layout.splitting)};
  for (int a = 0; a < static_cast<int>(tile.areas.size()); ++a) {
    const CityArea& area = tile.areas[a];
    if (area.kind == CityPart::kStreet) continue;
    int pieces = 0;
    for (PortMask m : border[area.kind == CityPart::kMarket ? 1 : 0])
      pieces += (m & area.ports) != 0;
    if (pieces < 2) continue;
    for (int b = 0; b < static_cast<int>(tile.areas.size()); ++b)
      if (tile.areas[b].kind == OtherKind(area.kind)) add(a, b);
  }
  std::sort(touching.begin(), touching.end());
  touching.erase(std::unique(touching.begin(), touching.end()), touching.end());
  tile.touching = std::move(touching);
  return tile;
}

std::string GoodsText(const std::vector<int>& per_market) {
  bool any = std::any_of(per_market.begin(), per_market.end(), [](int g) { return g != 0; });
  if (!any) return "";
  std::string out;
  for (std::size_t k = 0; k < per_market.size(); ++k) {
    if (k) out += '/';
    if (per_market[k] & kGrain) out += 'G';
    if (per_market[k] & kFish) out += 'F';
    if (per_market[k] & kLivestock) out += 'L';
  }
  return out;
}

Status CheckGoods(const TypedGoods& goods, const std::vector<PortMask>& markets) {
  if (!goods.given) return Status::Ok();
  const std::size_t n = markets.size();
  const std::size_t groups = goods.groups.size();
  if (n == 0)
    return SyntaxAt(
        Tr("goods (G F L) belong to a market (rule 5), and this tile has no market part (m)"),
        static_cast<std::size_t>(goods.column));
  const std::string places = MarketPlaces(markets);
  // A typed text can be any length; the message shows its start.
  const std::string shown = goods.text.size() > 20 ? goods.text.substr(0, 20) + "…" : goods.text;
  const std::string groups_text = std::to_string(groups);
  const std::string n_text = std::to_string(n);
  if (groups > n) {  // two or more groups
    const std::size_t column = static_cast<std::size_t>(goods.slash_columns[n - 1]);
    if (n == 1) {
      int all = 0;
      for (int g : goods.groups) all |= g;
      if (all)
        // TRANSLATORS: {1} the goods as typed ("G/F"), {2} how many groups they give (2 or
        // more), {3} where the market is ("NL"), {4} the goods written together ("GF").
        return SyntaxAt(Fill(Tr("'{1}' gives goods for {2} markets, but this tile has 1 market "
                                "(at {3}): write its goods together, {4}"),
                             {shown, groups_text, places, GoodsText({all})}),
                        column);
      // TRANSLATORS: {1} the goods as typed ("/"), {2} how many groups they give (2 or more),
      // {3} where the market is ("NL").
      return SyntaxAt(Fill(Tr("'{1}' gives goods for {2} markets, but this tile has 1 market "
                              "(at {3}): leave out the /"),
                           {shown, groups_text, places}),
                      column);
    }
    // TRANSLATORS: {1} the goods as typed ("G/F/L"), {2} how many groups they give, {3} how
    // many markets the tile has (2 or more), {4} where they are ("NL and ER").
    return SyntaxAt(Fill(Tr("'{1}' gives goods for {2} markets, but this tile has {3} markets "
                            "(at {4}): one group of goods per market, clockwise from NL, "
                            "separated by /"),
                         {shown, groups_text, n_text, places}),
                    column);
  }
  if (groups < n) {  // two or more markets
    std::vector<int> padded = goods.groups;
    padded.resize(n, 0);
    std::string example = GoodsText(padded);
    // TRANSLATORS: {1} the goods as typed ("G"), {2} how many groups they give, {3} how many
    // markets the tile has (2 or more), {4} where they are ("NL and ER"), {5} an example
    // ("G/").
    return SyntaxAt(
        Fill(example.empty()
                 ? TrPlural("'{1}' gives goods for {2} market, but this tile has {3} markets (at "
                            "{4}): give every market its goods, clockwise from NL, separated by / "
                            "(a market without goods gets an empty group)",
                            "'{1}' gives goods for {2} markets, but this tile has {3} markets (at "
                            "{4}): give every market its goods, clockwise from NL, separated by / "
                            "(a market without goods gets an empty group)",
                            static_cast<long long>(groups))
                 : TrPlural("'{1}' gives goods for {2} market, but this tile has {3} markets (at "
                            "{4}): give every market its goods, clockwise from NL, separated by / "
                            "(a market without goods gets an empty group), e.g. {5}",
                            "'{1}' gives goods for {2} markets, but this tile has {3} markets (at "
                            "{4}): give every market its goods, clockwise from NL, separated by / "
                            "(a market without goods gets an empty group), e.g. {5}",
                            static_cast<long long>(groups)),
             {shown, groups_text, n_text, places, example}),
        static_cast<std::size_t>(goods.column));
  }
  return Status::Ok();
}

std::string CountWord(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string MarketPlaces(const std::vector<PortMask>& markets) {
  std::string out;
  for (size_t k = 0; k < markets.size(); ++k) {
    if (k) out += k + 1 == markets.size() ? " " + Tr("and") + " " : std::string(", ");
    Port first = FirstPort(markets[k]);
    if (first < kPorts) out += HalfName(first);
  }
  return out;
}

}  // namespace carcref::city_tile_internal
