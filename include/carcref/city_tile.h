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
int GoodsCount(int goods);             // distinct kinds, 0–3
std::string GoodsWords(int goods);     // "grain, fish", "no goods"

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
  std::vector<CityArea> areas;
  // Pairs (residential area index, market index) of this tile that touch (rule 3).
  std::vector<std::pair<int, int>> touching;
  int public_buildings = 0;    // `p` (D.10.2: 2 each for a watchman)
  int historic_buildings = 0;  // `*` (D.10.2, AMB-23: 3 each)
  std::string text;            // the description as typed, for the log and messages

  // The area owning port p, or -1 (a building, nothing, or no area there).
  int AreaAt(Port p) const;
  bool HasStreetOn(Side s) const { return ports[MiddlePort(s)] == CityPart::kStreet; }
};

// Parses a short form (`smsh`, `[hsm]mmmL*`, `hbhhp`) or a long form (`{…}`) into a tile.
// An impossible description is refused with Status::Syntax naming what is wrong and the
// column where it is, e.g. "`v` needs two or more street edges".
Result<CityTile> ParseCityTile(std::string_view text);

// The tile's short form in canonical spelling (for messages and tests).
std::string CityShortForm(const CityTile& tile);

}  // namespace carcref
