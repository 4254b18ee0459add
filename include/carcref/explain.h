// "What is this feature?" — the answer behind `explain X,Y DIR`: its tiles, pennants,
// meeples, open ends, and what it would score now and at the end of the game.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "carcref/game.h"

namespace carcref {

struct FeatureReport {
  NodeId root = -1;
  FeatureKind kind = FeatureKind::kField;
  std::vector<Cell> cells;  // its tiles, sorted
  int pennants = 0;
  std::vector<int> meeples;                      // per player
  std::vector<std::pair<Cell, Side>> open_ends;  // roads/cities: sides facing an empty cell
  bool complete = false;
  int value_complete = 0;  // what it is (or would be) worth completed, with its reason
  std::string reason_complete;
  int value_end = 0;  // what it would be worth in the final scoring now
  std::string reason_end;
  std::vector<int> winners;  // who would take it now
  int completed_cities = 0;  // fields
  int bordered_cities = 0;   // fields: all bordering cities, finished or not
  std::vector<int> ghosts;   // GCC: per player, the ghosts with their meeples on it (C.5, C.9)
};

// The feature on the tile at `c` in direction `dir`: a side (N E S W: the road or city there,
// or the field of a field side), a half-edge (NL…WR), a corner (NE…NW), "monastery", and on
// Mists tiles "castle" or "cemetery".
Result<NodeId> FeatureAt(const Game& game, Cell c, std::string_view dir);

FeatureReport Explain(const Game& game, NodeId node);

}  // namespace carcref
