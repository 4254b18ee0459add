// Small helpers shared by the City rules files (city.cpp, city_wall.cpp, city_score.cpp,
// city_rules.cpp). Not part of the engine's public face.
#pragma once

#include <string>
#include <vector>

#include "carcref/i18n.h"
#include "games/city/city.h"

namespace carcref::city_internal {

// "2,0 E": a wall slot as typed in `wall 2,0 E`.
inline std::string SlotName(Cell c, Side s) { return CellName(c) + " " + std::string(SideName(s)); }
inline std::string SlotName(const WallSlot& w) { return SlotName(w.cell, w.side); }

// "1 tile", "4 tiles".
inline std::string Count(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// A message with one count filled in: Counted(TrPlural("{1} tile", "{1} tiles", n), n).
inline std::string Counted(const std::string& worded, int n) {
  return Fill(worded, {std::to_string(n)});
}

// Players' names as one phrase: "Anna", "Anna and Ben", "Anna, Ben and Cleo".
inline std::string NamesWords(const std::vector<std::string>& names) {
  if (names.empty()) return "";
  std::string head = names[0];
  for (size_t i = 1; i + 1 < names.size(); ++i) head += ", " + names[i];
  if (names.size() == 1) return head;
  // TRANSLATORS: the last two names of a list of players: "Anna, Ben and Cleo".
  return Fill(Tr("{1} and {2}"), {head, names.back()});
}

// The counter-clockwise or clockwise side next to `s` (the direction of travel along the
// wall when it lies against side `s`, see city_wall.cpp).
inline Side TurnRight(Side s) { return static_cast<Side>((s + 1) % 4); }
inline Side TurnLeft(Side s) { return static_cast<Side>((s + 3) % 4); }

}  // namespace carcref::city_internal
