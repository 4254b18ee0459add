// A tile of Carcassonne: The City (RULES.md §D), as the players describe it as it lies
// (NOTATION.md "The City"). No catalogue of the 75 city tiles is known (tiles/city.md), so
// every tile is typed: the short form (`smsh`, `[hsm]mmmL*`) or the long form (the same
// schema in YAML flow style). City tiles are never rotated: the description is the tile as
// it lies on the table.
//
// Ports are those of geometry.h: 0 NL, 1 N, 2 NR, 3 EL, … 11 WR. A street edge has its street
// on the middle port and an area part (or a building) on each half; a whole-edge part
// (`h`, `m`, `b`) covers all three ports; a bracketed `[XY]` edge has X on the first half,
// Y on the second and nothing (kNone) on the middle port.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "carcref/geometry.h"
#include "carcref/status.h"

namespace carcref {

// What lies at one port of a city tile.
enum class CityPart : std::uint8_t { kNone, kStreet, kResidential, kMarket, kBuilding };

// "street", "residential area", "market", "building", "nothing"
std::string_view CityPartName(CityPart part);

// Goods drawn on a market (D.6.2), as bits.
enum CityGoods : int { kGrain = 1, kFish = 2, kLivestock = 4 };
int GoodsCount(int goods);          // distinct kinds, 0–3
std::string GoodsWords(int goods);  // "grain, fish", "no goods"

// A connected part of the tile that followers can stand on: a street (owning the middle
// ports of its edges), a market or a residential area (owning half ports, and the middle
// port of a whole-edge part).
struct CityArea {
  CityPart kind = CityPart::kStreet;  // kStreet, kMarket or kResidential
  PortMask ports = 0;
  int goods = 0;  // markets: CityGoods bits
};

struct CityTile {
  std::array<CityPart, kPorts> ports{};  // what lies at each port
  // Streets, residential areas and markets together, ordered by their lowest port (the first
  // port met going clockwise from NL, NL included). So the markets come in the order the short
  // form's `G/F` gives their goods.
  std::vector<CityArea> areas;
  // Pairs (residential area index, market index) of this tile that touch (rule 3), sorted,
  // each pair once.
  std::vector<std::pair<int, int>> touching;
  int public_buildings = 0;    // `p` (D.10.2: 2 each for a watchman)
  int historic_buildings = 0;  // `*` (D.10.2, AMB-23: 3 each)
  std::string text;            // the description as typed, for the log and messages

  // The area owning port p, or -1 (a building, nothing, or no area there).
  int AreaAt(Port p) const;
  bool HasStreetOn(Side s) const { return ports[MiddlePort(s)] == CityPart::kStreet; }
};

// Parses a short form (`smsh`, `[hsm]mmmL*`, `hbhhp`) or a long form (`{…}`, when the text
// starts with `{`) into a tile. An impossible description is refused with Status::Syntax
// naming what is wrong and, for the short form, the column where it is, e.g. "v needs two or
// more street edges: …". Never throws; any text, however long or odd, gets a tile or a
// one-line message.
//
// Short-form decisions where NOTATION.md is silent:
// - `[XY]` needs X != Y (`[hh]` is refused: "write h"); `[XsY]` may have X == Y, even `[bsb]`,
//   since `s` alone can never give a half a building and gives `h` next to a plain street.
// - Goods letters may come in any order within a market, each once. When goods are given
//   on a tile with several markets, there is one `/`-group per market (an empty group for a
//   market without goods: `G/`, `/L`).
// - `v` with three or four street edges changes nothing (they meet at a crossing anyway);
//   `=h` on parts that are one area already changes nothing; `=h` on a tile without a
//   residential part is refused, as is `=m` without a market part. `=h=m` is accepted.
// - At most `pp` and one `*`.
// - Rule 3's "no street between them" counts only streets that separate areas by rule 2: a
//   lone dead end (or, in the long form, dead ends that do not meet in the middle) lets the
//   parts on its two sides touch, as they meet round its end, just as rule 2 joins them
//   there when they are of one kind.
// - `=h` is taken at its word ("whatever lies between them"), even where a street through
//   the middle lies between the parts it joins.
//
// Long form: a YAML flow mapping. Every key but `edges` may be left out and is then derived
// by the short form's rules:
//   edges:    the four edges as the short form writes them, quoted when starting with `[`:
//             "[hsm]mmh" (no suffixes here)
//   streets:  the streets, each a list of one or two sides: [[N, S], [E]]. Default: rule 1.
//   middle:   true when the streets that end on the tile meet in the middle (at a crossing or
//             a building) as one obstacle, the short form's `v`; it needs two or more street
//             edges and no street passing through. Default: true when two or more streets
//             end on the tile and none passes through. With `streets` left out, middle: true
//             makes every street end in the middle (as `v` does).
//   areas:    the residential and market areas, each a list of parts of one kind, a part
//             named by its half-edge (NL … WR) or, for a whole-edge `h` or `m`, by its side
//             (a half of a whole-edge part stands for the whole part): [[NL, W], [NR, E]].
//             Every residential and market part in exactly one area. Default: rule 2
//             (without `=`; listing parts together says what `=h` says).
//   goods:    as in the short form, markets in area order: "G/F". Default: no goods.
//   touching: pairs of parts whose areas touch, one residential and one market:
//             [[NL, NR]]; [] for none. Default: rule 3, where an area that unites parts the
//             border keeps apart touches every area of the other kind.
//   public:   0–2 public buildings (default 0); historic: 0–1 (default 0).
// e.g. {edges: smsh, streets: [[N], [S]], middle: false}: two dead ends that do not meet, so
// the houses and the market meet between their ends and touch.
// Messages start "description: …" and have no column (but for YAML syntax errors).
Result<CityTile> ParseCityTile(std::string_view text);

// The tile's description in canonical spelling (for messages and tests): the plainest short
// form that parses back to the same tile (every street edge `s` where that gives its halves,
// goods letters in the order G F L, `v` and `=` only where they change the tile), or, for a
// tile no short form says, its long form (CityLongForm). Either parses back to the same tile
// for every tile ParseCityTile made; a tile built by hand in a shape no description has (a
// street on a half, say) gets a best-effort text that does not parse.
std::string CityShortForm(const CityTile& tile);

// The tile's long form, saying only what the derivation rules do not give back, e.g.
// {edges: "[hsm]mmh", historic: 1}.
std::string CityLongForm(const CityTile& tile);

// The tile in words, as the base game reads a tile back after `place` (tile.h DescribeTile):
// each street, residential area and market in area order with the sides or half-edges it lies
// on, then the buildings: "street W–E; residential area N; market S with grain; 1 public
// building". City tiles lie as described, so there is no rotation to say.
std::string CityAreaWords(const CityTile& tile, int area);  // "street W–E", "market S"
std::string CityTileWords(const CityTile& tile);

// Whether two tiles are the same as they lie: ports, areas in order with their goods, touching
// and buildings (the typed text is not compared).
bool SameCityTile(const CityTile& a, const CityTile& b);

}  // namespace carcref
