// Small helpers shared by the City rules files (city.cpp, city_wall.cpp, city_score.cpp,
// city_rules.cpp). Not part of the engine's public face.
#pragma once

#include <string>

#include "games/city/city.h"

namespace carcref::city_internal {

// "2,0 E": a wall slot as typed in `wall 2,0 E`.
inline std::string SlotName(Cell c, Side s) { return CellName(c) + " " + std::string(SideName(s)); }
inline std::string SlotName(const WallSlot& w) { return SlotName(w.cell, w.side); }

// "1 tile", "4 tiles".
inline std::string Count(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The counter-clockwise or clockwise side next to `s` (the direction of travel along the
// wall when it lies against side `s`, see city_wall.cpp).
inline Side TurnRight(Side s) { return static_cast<Side>((s + 1) % 4); }
inline Side TurnLeft(Side s) { return static_cast<Side>((s + 3) % 4); }

}  // namespace carcref::city_internal
