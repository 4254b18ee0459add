// An expansion of the base game (RULES.md §A): what it adds to a Game at the points of the turn
// where its rules act. The base game plays with the no-op expansion (Expansion::None()); Ghosts,
// Castles and Cemeteries (RULES.md §C, src/games/gcc/gcc.cpp) is the one expansion so far.
//
// An expansion is stateless and shared: its state (GCC: ghosts, guards, the box of described
// tiles, the pending scorings) is an ExpansionState it defines, held by the Game as an opaque
// value that is copied with it (Clone) and hashed by HashState, so a Game stays a value that
// copies and hashes as one. The base game has no such state: its copies cost nothing more.
// Game asks the capabilities once, when the game is made, and keeps the answers: no virtual
// call happens in the meeple checks or other tight loops.
//
// Game knows no expansion by name. An expansion reaches the game it extends only through the
// hooks' arguments, Game's public queries and the protected contract below.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "carcref/features.h"
#include "carcref/scoring.h"
#include "carcref/settled.h"
#include "carcref/status.h"

namespace carcref {

class FieldHash;  // engine/field_hash.h: the fields behind Game::Hash

class Board;
class Game;
class JsonWriter;
class TileBox;
struct Awaiting;
struct FeatureReport;
struct GameCommand;
struct GameSetup;
struct Meeple;
struct TileType;
enum class Phase;

// The state an expansion keeps in a Game (its own subclass). Game never looks inside.
class ExpansionState {
 public:
  virtual ~ExpansionState() = default;
  virtual std::unique_ptr<ExpansionState> Clone() const = 0;
};

// A Game's expansion state as a value: a copy clones the state; empty (the base game) is free.
class ExpansionStateSlot {
 public:
  ExpansionStateSlot() = default;
  ExpansionStateSlot(const ExpansionStateSlot& o)
      : state_(o.state_ ? o.state_->Clone() : nullptr) {}
  ExpansionStateSlot& operator=(const ExpansionStateSlot& o) {
    if (this != &o) state_ = o.state_ ? o.state_->Clone() : nullptr;
    return *this;
  }
  ExpansionStateSlot(ExpansionStateSlot&&) noexcept = default;
  ExpansionStateSlot& operator=(ExpansionStateSlot&&) noexcept = default;
  ~ExpansionStateSlot() = default;

  ExpansionState* get() const { return state_.get(); }
  void reset(std::unique_ptr<ExpansionState> state) { state_ = std::move(state); }

 private:
  std::unique_ptr<ExpansionState> state_;
};

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
  // The meeple a `ghost` command names (command.h: by its number among the candidates, or by
  // where it stands), as an index into meeples(); only asked in Phase::kGhost.
  virtual Result<int> GhostMeeple(const Game& g, const GameCommand& command) const;
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
  // A.6.6 (C.5.3): meeples went home from a scored feature with `ghosts` ghosts between them
  // (asked only when there were some).
  virtual void GhostsReturned(Game&, int /*ghosts*/) const {}
  // A castle's value (C.7.2 surrounded, C.7.3 at the end), the reason in words; castles are
  // only on the board with an expansion that brings them.
  virtual int CastleValue(const Game&, Cell, bool /*complete*/, std::string* /*reason*/) const {
    return 0;
  }
  // The expansion's own invariants (invariants.h), after the base game's: its supply, its
  // state and its steps; a broken one is a Status::Corrupt naming the rule.
  virtual Status CheckInvariants(const Game&) const;
  // Guards in the player's supply (C.4); only asked when HasGuards().
  virtual int Guards(const Game&, int /*player*/) const { return 0; }
  // Tiles that are not the catalogue's (an empty id: described as they lie) come out of this
  // box (C.1.1: the Mists tiles); nullptr: the game takes catalogue tiles only.
  virtual const TileBox* Box(const Game&) const { return nullptr; }
  // A described tile was placed or discarded: it leaves the box (asked only when Box()).
  virtual void TakeFromBox(Game&, const TileType&) const {}

  // --- Words and JSON ---------------------------------------------------------------------
  // What the expansion adds to the base game's words (format.h) and state JSON
  // (state_json.h), each at the point where the base writes its own, so that the base game's
  // text and bytes stay what they are: the base implementation is the base game's (format.cpp)
  // or adds nothing.
  // The game's name: the state JSON's "game" and the table's game ("base"; "gcc").
  virtual std::string_view Name() const { return "base"; }
  // The score table of `score` and `status` (FormatScores): a header and a line per player.
  virtual std::string ScoreTable(const Game& g) const;
  // What `status` shows after the score table (GCC: the ghosts and the guards); "" for none.
  virtual std::string StatusWords(const Game&) const { return {}; }
  // The table's words for what the game awaits and what it is (the base game's Awaits and
  // Facts, rules.h), said the expansion's way at the points where the base says its own:
  // the facts of `player`'s meeple step, what they have left to put ("Anna has 7 meeples
  // left"); the expansion's own steps (Phase::kGhost, Phase::kOrder): `a`'s step, words, listed
  // choices and facts, its player and answers already set (the base game has no such step);
  // the game's facts after the base game's (the tiles in the bag, and the start tile unless
  // ReplacesStartTile()).
  virtual void SupplyFacts(const Game& g, int player, std::vector<std::string>& facts) const;
  virtual void StepAwaits(const Game&, Awaiting&) const {}
  // The answers its own step awaits, as the state JSON lists them ("ghost 1", "first 2").
  virtual std::vector<std::string> StepAnswers(const Game&) const { return {}; }
  // What `where` adds after a cell where a tile from the box fits as it lies (GCC: whether
  // it thickens or disperses mist, C.3.3, C.3.4): " (thickens)"; "" for nothing.
  virtual std::string PlacementWords(const Game&, const TileType&, Cell) const { return {}; }
  // What `explain` adds about a feature after the base game's lines (GCC: the ghosts with
  // its meeples and what they would cost); each line ends in a newline.
  virtual std::string ExplainWords(const Game&, const FeatureReport&) const { return {}; }
  virtual void Facts(const Game&, std::vector<std::string>&) const {}
  // The state JSON's keys the expansion adds: in "options" after "tiles"; in a player's
  // "breakdown" after "farms"; in a player after its base keys; at the top after "meeples".
  virtual void OptionsJson(const Game&, JsonWriter&) const {}
  virtual void BreakdownJson(const Game&, int /*player*/, JsonWriter&) const {}
  virtual void PlayerJson(const Game&, int /*player*/, JsonWriter&) const {}
  virtual void StateJson(const Game&, JsonWriter&) const {}

 protected:
  // --- The contract with Game (game.cpp) --------------------------------------------------
  // What an expansion may do to the Game its hooks are handed, beyond Game's public queries:
  // only while Game is inside one of its verbs (the hooks' callers), and only to that Game.
  // Its own state: set by Setup, read and changed by the hooks (null before Setup).
  static const ExpansionState* StateOf(const Game& g);
  static ExpansionState* StateOf(Game& g);
  static void SetState(Game& g, std::unique_ptr<ExpansionState> state);
  // The parts of the game the expansion's rules change (C.1.1 the start tile, C.3 ghosts on
  // meeples, C.5 totals and events it records itself).
  static Board& BoardOf(Game& g);
  static Features& FeaturesOf(Game& g);
  static std::vector<Meeple>& MeeplesOf(Game& g);
  static std::vector<ScoreTotals>& TotalsOf(Game& g);
  static std::vector<ScoreEvent>& EventsOf(Game& g);
  // The turn's steps, as Game runs them: the expansion awaits its own answer (Phase::kGhost,
  // Phase::kOrder), starts the meeple step, or ends the turn.
  static void Await(Game& g, Phase phase);
  static void StartMeepleStep(Game& g);
  static void EndTurn(Game& g);
  // A.6: the features the tile just placed finished, not yet recorded, with their roots.
  static std::vector<std::pair<ScoreEvent, NodeId>> CompletedFeatures(const Game& g);
  // A.6.6: the meeples on the feature go home (GhostsReturned is asked for their ghosts).
  static void ReturnMeeples(Game& g, NodeId root);
  // History for the table: a note, an answer the rules took by themselves.
  static void Note(Game& g, std::string text);
  static SettledAnswer& Settle(Game& g, SettledAnswer::Kind kind, std::string why);
};

}  // namespace carcref
