// Scoring events and the arithmetic of A.6 and A.8: what a feature is worth, who wins the
// majority. Every point a player has is in some ScoreEvent, with its reason.
#pragma once

#include <string>
#include <vector>

#include "carcref/geometry.h"
#include "carcref/tile.h"

namespace carcref {

struct ScoreEvent {
  FeatureKind kind = FeatureKind::kRoad;
  bool final = false;        // end-of-game scoring (A.8) rather than on completion (A.6)
  int turn = 0;              // the placement that caused it
  int tiles = 0;             // distinct tiles of the feature (0.2)
  int pennants = 0;          // cities
  int cities = 0;            // fields: completed cities bordering it (A.8.5)
  int value = 0;             // points for each winner
  std::vector<int> meeples;  // per player
  std::vector<int> winners;  // player indices with the majority (A.6.4)
  std::vector<int> points;   // per player: the change to the total, penalty and floor included
  // GCC (C.5, C.9): per player, ghosts that pay on this feature, the penalty they cost (<= 0:
  // −2 each in play, −1 at the end) and what the floor at 0 gave back (>= 0). Empty outside
  // GCC. points = (winner ? value : 0) + penalty + floor.
  std::vector<int> ghosts;
  std::vector<int> penalty;
  std::vector<int> floor;
  int guard_to = -1;        // GCC cemetery: the player who took a guard (C.6.3)
  std::vector<Cell> cells;  // the feature's tiles, sorted
  std::string where;        // "road W–E at 1,0"
  std::string reason;       // "3 tiles = 3", "2 tiles + 1 pennant = 6", "2 cities × 3 = 6"
};

struct ScoreTotals {
  int roads = 0;
  int cities = 0;
  int monasteries = 0;
  int farms = 0;
  int castles = 0;     // Mists tiles
  int cemeteries = 0;  // GCC: the gravedigger
  int ghosts = 0;      // GCC: −2 per ghost in play, −1 at the end (C.5.1, C.9.1); <= 0
  int floor = 0;       // GCC: points the floor at 0 gave back (C.5.2); >= 0
  int Total() const {
    return roads + cities + monasteries + farms + castles + cemeteries + ghosts + floor;
  }
  void Add(FeatureKind kind, int points);
};

// A.6.1–A.6.3 (complete) and A.8.1–A.8.3 (incomplete at the end): the value and its words.
// `tiles` for a monastery is the 3×3 block count including itself.
int FeatureValue(FeatureKind kind, bool complete, int tiles, int pennants, std::string* reason);

// A.8.5 (3rd edition): 3 per completed bordering city.
int FieldValue(int completed_cities, std::string* reason);

// A.6.4: the players with the most meeples (none when nobody has one).
std::vector<int> MajorityWinners(const std::vector<int>& meeples);

}  // namespace carcref
