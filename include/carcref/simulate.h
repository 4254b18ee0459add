// Seeded random legal games, for the bench and the model-based tests. The randomness is a
// seed the caller passes in (the engine has none of its own).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "carcref/game.h"
#include "carcref/mists.h"

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

// The other games, for the bench (simulate_games.cpp). The Mists tiles have no known geometry
// (tiles/mists.md), so GCC and Mists co-op draw random descriptions that the parser accepts and
// the box can still hold, lying as described: tiles invented for the workload, never added to
// a catalogue.
//
// GCC (`setup.gcc` set): the shuffled base tiles, and about as often a Mists tile where one
// fits; random ghosts, scoring orders, meeples and guards; the final scoring.
RandomGameResult PlayRandomGccGame(const GameSetup& setup, std::uint64_t seed);
// Mists co-op: random legal answers to every step until the team wins or loses. `totals` is
// {1 if won, ghosts left in the bank}.
RandomGameResult PlayRandomMistsGame(const MistsSetup& setup, std::uint64_t seed);
// The City with `players` players and its default options: tiles from the descriptions of its
// seeded random test, random legal answers, to the end.
RandomGameResult PlayRandomCityGame(int players, std::uint64_t seed);

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
