// Internal to the City tile parser: the parts shared by the short form (city_tile.cpp), the
// derivation rules (city_tile_derive.cpp) and the long form (city_tile_long.cpp). Not part
// of the game's public face; see city_tile.h for the contract.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "carcref/geometry.h"
#include "carcref/notation.h"
#include "carcref/status.h"
#include "games/city/city_tile.h"

namespace carcref::city_tile_internal {

constexpr std::array<const char*, 4> kSideWords = {"north", "east", "south", "west"};

Status SyntaxAt(std::string msg, std::size_t column);

// The four edges as typed: what lies at each port (the halves of a plain `s` edge already
// derived), and where each edge starts in the text.
struct TypedEdges {
  std::array<CityPart, kPorts> ports{};
  std::array<int, 4> column{};
};

// Parses four edges starting at text[i] and advances i past them. Errors carry the column in
// `text`.
Status ParseEdges(std::string_view text, std::size_t& i, TypedEdges& edges);

// Goods as typed: one group per market, `/` between groups ("G/F", "/L", "GF").
struct TypedGoods {
  bool given = false;
  std::vector<int> groups;         // CityGoods bits per group
  std::vector<int> slash_columns;  // where each `/` is
  int column = -1;                 // where the goods start
  std::string text;                // as typed, for messages
};

// Parses goods starting at text[i] while it reads G, F, L or /, and advances i.
Status ParseGoods(std::string_view text, std::size_t& i, TypedGoods& goods);
// Rule 5 for goods: a market for them, and one group per market when given.
Status CheckGoods(const TypedGoods& goods, const std::vector<PortMask>& markets);
// Canonical goods: letters in the order G F L, groups joined by `/`; "" when no market has
// any.
std::string GoodsText(const std::vector<int>& per_market);

// The street edges of a tile, north first.
std::vector<Side> StreetSides(const std::array<CityPart, kPorts>& ports);
// NOTATION rule 1: with `meet` (the short form's `v`) or three or four street edges, one
// street per edge; two edges are one street through; one edge is a dead end.
std::vector<PortMask> DeriveStreets(const std::array<CityPart, kPorts>& ports, bool meet);
// Whether the streets ending on a tile meet in the middle when nothing says so: two or more
// end there and no street passes through (rule 1: a crossing, or `v`).
bool StreetsMeetByDefault(const std::vector<PortMask>& streets);
// The street ports that separate areas (rule 2): a street passing through, and the streets
// that end in the middle when they meet there. A lone dead end separates nothing.
PortMask SplittingStreets(const std::vector<PortMask>& streets, bool meet);
// Rule 2 without `=`: the areas of `kind` (kResidential or kMarket) the border shows,
// ordered by lowest port.
std::vector<PortMask> BorderAreas(const std::array<CityPart, kPorts>& ports, CityPart kind,
                                  PortMask splitting);

// Everything a tile is made of, before ordering and touching are worked out.
struct Layout {
  std::array<CityPart, kPorts> ports{};
  std::vector<PortMask> streets;
  std::vector<PortMask> residential;
  std::vector<PortMask> markets;
  PortMask splitting = 0;  // for rule 3's "joined through the middle"
  std::vector<int> goods;  // per market in area order, or empty for none
  int public_buildings = 0;
  int historic_buildings = 0;
};

// The tile: areas ordered by lowest port, goods on the markets in that order, touching by
// rule 3 (border contacts, and an area joined through the middle touches every area of the
// other kind).
CityTile Assemble(const Layout& layout);

// The markets' first halves, "NR and SL", for messages.
std::string MarketPlaces(const std::vector<PortMask>& markets);
std::string CountWord(std::size_t n, const char* one, const char* many);

// The lowest port of a mask (the first clockwise from NL), kPorts for none.
int FirstPort(PortMask m);

// One edge as the short form writes it: `h`, `[hm]`, `[hsm]`, or `s` when `plain` and the
// edge has a street.
std::string EdgeText(const std::array<CityPart, kPorts>& ports, Side side, bool plain);

// The long form `{…}` (city_tile_long.cpp).
Result<CityTile> ParseLongForm(std::string_view text);

}  // namespace carcref::city_tile_internal
