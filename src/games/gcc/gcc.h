// Ghosts, Castles and Cemeteries (RULES.md §C) as seen from outside its rules: the state it
// keeps in a Game and the questions the front end, the invariants and the tests ask of it.
// Game does not know these exist: GCC is an Expansion (expansion.h; src/games/gcc/), and its
// state lives in the Game as the expansion's opaque state.
//
// Each function takes a Game; in a game without GCC it answers as if nothing of GCC were
// there (no ghosts, no guards, nothing pending).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "carcref/game.h"

namespace carcref {

struct RandomGameResult;  // simulate.h

// C.1.2: each player's regular meeples and guards, and the guards of each colour left in the
// general supply.
constexpr int kGccRegulars = 5;
constexpr int kGccGuards = 2;
constexpr int kGccGeneralGuards = 3;
constexpr int kGccBank = 15;  // C.1.3

// What a placed tile does to the mist it meets (C.3.3, C.3.4): only a tile showing mist does
// anything, unless --clear-tile-disperses (AMB-11).
struct MistContact {
  bool thickens = false;     // its mist meets mist: a ghost for an opponent's meeple
  bool disperses = false;    // mist meets clear land: a ghost for one of the player's own
  int thickening_sides = 0;  // the sides that thicken (AMB-12 alternative: a ghost each)
  int dispersing_sides = 0;  // the sides that disperse
};

// Who the awaited ghost goes to.
enum class GhostTarget { kOpponent, kOwn };

// Ghosts in the bank (C.1.3), and standing with meeples on the board.
int GccBank(const Game& g);
int GccGhostsOnMeeples(const Game& g);
// Guards in the player's own supply (C.4), and of the player's colour in the general supply
// (C.6.3).
int GccGuardSupply(const Game& g, int player);
int GccGeneralGuards(const Game& g, int player);
// What `type` turned `quarters` on `c` would do to the mist it meets (no mist on the tile:
// nothing, AMB-11; judged half-edge by half-edge, AMB-31; the game's options may choose the
// alternatives of both).
MistContact GccMistContact(const Game& g, const TileType& type, Cell c, int quarters);
// Phase::kGhost: who the awaited ghost goes to, and the meeples (indices into meeples()) it
// may go to (C.3.7).
GhostTarget GccGhostTarget(const Game& g);
std::vector<int> GccGhostCandidates(const Game& g);
// Phase::kOrder: the finished features waiting to score, in the fixed order (AMB-29).
const std::vector<ScoreEvent>& GccPending(const Game& g);
// A castle's value if surrounded now (2 per misty tile of its 3×3 block, C.7.2) and at the
// game end now (C.7.3, CONF-06).
int GccCastleValue(const Game& g, Cell c, bool complete, std::string* reason);

// A seeded random legal GCC game (`setup.gcc` set), for `carcref bench` and the tests
// (src/games/gcc/gcc_simulate.cpp; RandomGameResult: simulate.h): the shuffled base tiles, and
// about as often a Mists tile where one fits, described at random (RandomMistsDescription,
// mists.h); random ghosts, scoring orders, meeples and guards; the final scoring.
RandomGameResult PlayRandomGccGame(const GameSetup& setup, std::uint64_t seed);

}  // namespace carcref
