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
#include "carcref/option_flag.h"
#include "carcref/rules.h"

namespace carcref {

struct RandomGameResult;  // simulate.h

// Ghosts, Castles and Cemeteries (RULES.md §C): the Mists tiles as a competitive expansion.
// The alternatives the register offers; the defaults are the recommended ones.
struct GccOptions {
  bool only_scorers_pay = false;  // AMB-14 alternative: only players who score pay −2/ghost
  // CONF-06 alternative (E-G-FINAL): an unfinished castle is worth 1 for the castle plus 1
  // per misty neighbour, instead of 1 per misty tile of its 3×3 block (S003).
  bool castle_counts_itself = false;
  // AMB-15 alternative: a gravedigger's ghosts cost nothing when its cemetery scores in play.
  bool no_cemetery_ghost_penalty = false;
  // AMB-29 alternative: several finished features score in the fixed order (cell, then
  // feature); the player is never asked `first N`.
  bool fixed_score_order = false;
  // AMB-30 alternative: at the end the floor at 0 applies after each end feature, not once.
  bool floor_each_end_feature = false;
  // AMB-12 alternative: 1 ghost per thickening or dispersing edge (side), not 1 per tile.
  bool ghost_per_edge = false;
  // AMB-11 alternative: a tile without mist placed next to mist disperses it (a ghost for
  // one of the player's own meeples).
  bool clear_tile_disperses = false;
  // AMB-31 alternative: thickening and dispersing judged side by side, not half-edge by
  // half-edge: a side shows mist if any part of it does.
  bool mist_per_side = false;
};

// The alternatives as `play` options (default off). A log written before an option existed
// has no key for it: the option is off.
using GccAlternative = OptionFlag<GccOptions>;
const std::vector<GccAlternative>& GccAlternatives();

struct GccSetup {
  // The 2×2 start tile as its quarters NW (0,1), NE (1,1), SW (0,0), SE (1,0) (C.1.1).
  std::vector<TilePtr> start;
  std::vector<std::string> start_text;  // the quarters as the players described them (log)
  DescribedSet box;                     // the 60 Mists tiles, known by counts only (tiles/mists.md)
  GccOptions options;
};

// A game setup plays GCC with `gcc` (GameSetup::expansion).
void PlayGcc(GameSetup& setup, GccSetup gcc);
// The GCC setup of a game setup; nullptr when it does not play GCC.
const GccSetup* GccSetupOf(const GameSetup& setup);
// The options of a GCC game (all off in a game without GCC).
const GccOptions& GccOptionsOf(const Game& g);
// GCC as a game of its own (`--game gcc`, or `--game base --with gcc`): the base game's
// definition with GCC's options, commands and setup (gcc_definition.cpp).
GameDefinition GccDefinition();

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
// Their features' roots, in the same order.
const std::vector<NodeId>& GccPendingRoots(const Game& g);
// Where the waiting finished feature `e` lies, in the words of the moment ("road W–E at 1,0").
std::string GccWhere(const Game& g, const ScoreEvent& e, NodeId root);
// A castle's value if surrounded now (2 per misty tile of its 3×3 block, C.7.2) and at the
// game end now (C.7.3, CONF-06).
int GccCastleValue(const Game& g, Cell c, bool complete, std::string* reason);

// A seeded random legal GCC game (PlayGcc(setup, …)), for `carcref bench` and the tests
// (src/games/gcc/gcc_simulate.cpp; RandomGameResult: simulate.h): the shuffled base tiles, and
// about as often a Mists tile where one fits, described at random (RandomMistsDescription,
// mists.h); random ghosts, scoring orders, meeples and guards; the final scoring.
RandomGameResult PlayRandomGccGame(const GameSetup& setup, std::uint64_t seed,
                                   bool record_commands = false);

}  // namespace carcref
