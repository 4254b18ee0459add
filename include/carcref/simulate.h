// Seeded random legal games, for the bench and the model-based tests. The randomness is a
// seed the caller passes in (the engine has none of its own).
#pragma once

#include <cassert>
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

// The other games' random players live in their folders and are declared in their headers:
// PlayRandomGccGame (gcc.h), PlayRandomMistsGame (mists.h), PlayRandomCityGame (city.h). What
// they share:
//
// A random element of `from`, which is not empty.
template <typename T>
const T& Pick(SeededRandom& random, const std::vector<T>& from) {
  assert(!from.empty());
  return from[static_cast<size_t>(random.Below(static_cast<int>(from.size())))];
}
// The cells where `type` fits as it lies (rotation 0: a described tile is typed as it lies).
std::vector<Cell> AsItLies(const Board& board, const TileType& type);

// The tiles of `game`'s catalogue still to draw, in the order PlayRandomGame draws them with
// `random` (it shuffles first, so a bag drawn from a fresh SeededRandom(seed) is the order of
// the game played with that seed).
std::vector<TilePtr> ShuffledBag(const Game& game, SeededRandom& random);

// perft (Stockfish's name): the number of ways to lay the tiles `order[next]`,
// `order[next + 1]` … `depth` deep on `board`, counting every legal cell and distinct rotation
// of each tile (Board::LegalPlacements). A tile that fits nowhere is one way (it is discarded,
// A.3.5). Board legality only: no meeples, no scoring. Pins legality: a change to how legal
// cells are found must leave every count as it was.
std::uint64_t Perft(const Board& board, const std::vector<TilePtr>& order, size_t next, int depth);

// The board after the first `tiles` tiles of `order` (from `next`), each laid at its
// `pick`-th legal placement (modulo their number; discarded when none), starting from `board`.
// A fixed line through a game for Perft to start from.
Board PlayLine(Board board, const std::vector<TilePtr>& order, size_t next, size_t tiles,
               std::uint64_t pick);

}  // namespace carcref
