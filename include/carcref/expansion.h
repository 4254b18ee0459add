// An expansion of the base game (RULES.md §A): what it adds to a Game at the points of the turn
// where its rules act. The base game plays with the no-op expansion (Expansion::None()); Ghosts,
// Castles and Cemeteries (RULES.md §C, src/games/gcc/gcc.cpp) is the one expansion so far.
//
// An expansion is stateless and shared: its state (ghosts, guards, the box of described tiles,
// the pending scorings) lives in the Game, which stays a value that copies and hashes as one.
// Game asks the capabilities once, when the game is made, and keeps the answers: no virtual
// call happens in the meeple checks or other tight loops.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "carcref/features.h"
#include "carcref/field_hash.h"
#include "carcref/scoring.h"
#include "carcref/status.h"

namespace carcref {

class Game;
class JsonWriter;
struct GameSetup;
struct Meeple;

class Expansion {
 public:
  virtual ~Expansion() = default;

  // The base game alone: every hook does what the base rules do, every capability is absent.
  static const Expansion& None();
  // The expansion a setup plays (GameSetup::gcc: Ghosts, Castles and Cemeteries).
  static const Expansion& For(const GameSetup& setup);

  // --- Capabilities (asked once, when the game is made) ----------------------------------
  // Regular meeples per player (A.1.2: the setup's count; C.1.2: 5).
  virtual int Regulars(const GameSetup& setup) const;
  // Guards are played (C.1.2, C.4): a meeple may be a guard, and guards are counted apart.
  virtual bool HasGuards() const { return false; }
  // Ghosts in the game (C.1.3: the bank's size); 0: no ghosts, so no ghost penalties and no
  // floor at 0 on the totals (C.5).
  virtual int GhostBank() const { return 0; }
  bool HasGhosts() const { return GhostBank() > 0; }
  // The expansion's start replaces the base start tile, which stays in the box (C.1.1).
  virtual bool ReplacesStartTile() const { return false; }

  // --- Hooks ------------------------------------------------------------------------------
  // After the base setup checks: the expansion's own setup (C.1); an error refuses the game.
  virtual Status Setup(Game& g) const;
  // After a tile is placed (A.3): what happens before the meeple step (C.3: mist and ghosts).
  // It ends by starting the meeple step, or leaves the game awaiting the expansion's answer.
  virtual void AfterTilePlaced(Game& g) const;
  // An awaited ghost goes to meeple `index` (C.3.3–C.3.5); only asked in Phase::kGhost.
  virtual Status Haunt(Game& g, int index) const;
  // After the meeple step (A.6): the features the tile finished score, then the turn ends
  // (C.5: with ghosts, the floor, and an order the player may choose, AMB-29).
  virtual void ScoreTurn(Game& g) const;
  // The pending feature `index` scores next (AMB-29); asked in any phase but kGameOver: outside
  // kOrder it says why no order is asked.
  virtual Status ScoreFirst(Game& g, int index) const;
  // A.8, C.9: records the end scorings `end` (events with their features' roots).
  virtual void ScoreFinal(Game& g, std::vector<std::pair<ScoreEvent, NodeId>>& end) const;
  // Game::Hash: the meeples' fields (one call for all: the hash is taken after every
  // command), and the expansion's own fields at the end.
  virtual void HashMeeples(const Game& g, FieldHash& h) const;
  virtual void HashState(const Game& g, FieldHash& h) const;

  // --- Words and JSON ---------------------------------------------------------------------
  // What the expansion adds to the base game's words (format.h) and state JSON
  // (state_json.h), each at the point where the base writes its own, so that the base game's
  // text and bytes stay what they are: the base implementation is the base game's (format.cpp)
  // or adds nothing.
  // The game's name: the state JSON's "game" and the table's game ("base"; "gcc").
  virtual std::string_view Name() const { return "base"; }
  // The score table of `score` and `status` (FormatScores): a header and a line per player.
  virtual std::string ScoreTable(const Game& g) const;
  // What `player` has left, as the meeple question ends ("Anna has 3 meeples left").
  virtual std::string SupplyWords(const Game& g, int player) const;
  // What `status` shows after the score table (GCC: the ghosts and the guards); "" for none.
  virtual std::string StatusWords(const Game&) const { return {}; }
  // The state JSON's keys the expansion adds: in "options" after "tiles"; in a player's
  // "breakdown" after "farms"; in a player after its base keys; at the top after "meeples".
  virtual void OptionsJson(const Game&, JsonWriter&) const {}
  virtual void BreakdownJson(const Game&, int /*player*/, JsonWriter&) const {}
  virtual void PlayerJson(const Game&, int /*player*/, JsonWriter&) const {}
  virtual void StateJson(const Game&, JsonWriter&) const {}
};

}  // namespace carcref
