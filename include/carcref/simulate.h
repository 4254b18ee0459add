// Seeded random legal games, for the bench and the model-based tests. The randomness is a
// seed the caller passes in (the engine has none of its own).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "carcref/game.h"

namespace carcref {

// splitmix64: small, fast, and the same on every machine.
class SeededRandom {
 public:
  explicit SeededRandom(std::uint64_t seed) : state_(seed) {}
  std::uint64_t Next();
  int Below(int n) { return static_cast<int>(Next() % static_cast<std::uint64_t>(n)); }

 private:
  std::uint64_t state_;
};

struct RandomGameResult {
  int placements = 0;
  int discards = 0;
  std::vector<int> totals;            // final score per player
  std::vector<std::string> commands;  // the game as canonical commands, when asked for
  std::uint64_t final_hash = 0;
};

// Draws the tiles in a shuffled order, places each at a random legal place (discarding
// the unplaceable, A.3.5), puts a meeple on a random free place about half of the time, and
// ends with the final scoring. `after_each` (optional) sees the game after every verb.
RandomGameResult PlayRandomGame(const GameSetup& setup, std::uint64_t seed,
                                bool record_commands = false,
                                const std::function<void(const Game&)>& after_each = {});

}  // namespace carcref
