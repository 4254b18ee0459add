// A game of the base rules (RULES.md §A): setup, the turn state machine and scoring.
//
// A Game is a value: verbs either change it and return Ok, or return the reason and change
// nothing. The engine says what it awaits (phase()); a verb outside its phase is refused.
// Scoring produces ScoreEvents with their breakdown; scores are their sum.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carcref/board.h"
#include "carcref/catalog.h"
#include "carcref/described_set.h"
#include "carcref/expansion.h"
#include "carcref/features.h"
#include "carcref/scoring.h"
#include "carcref/settled.h"
#include "carcref/status.h"

namespace carcref {

struct PlayerSpec {
  std::string name;
  std::string color;
};

// What an expansion adds to a game's setup (its own subclass: GCC's start tile, box and
// options, src/games/gcc/gcc.h). Game knows only that it names the expansion it plays.
class ExpansionSetup {
 public:
  virtual ~ExpansionSetup() = default;
  virtual const Expansion& expansion() const = 0;
  // The keys it adds to the options the log keeps (OptionsJson, base_rules.h), after the base
  // game's.
  virtual void OptionsJson(JsonWriter& w) const = 0;
};

struct GameSetup {
  std::string game = "base";
  std::vector<PlayerSpec> players;  // in turn order; 2–5 (A.1.2)
  bool farmers = true;              // farmers can be left out, as for a first game
  std::vector<std::string> tile_sets = {"base"};
  Catalog catalog;             // every tile type in play, counts included (base + winter merged)
  int meeples_per_player = 7;  // A.1.2: 8 per colour, one on the scoring track
  // Set: the game is played with an expansion (Expansion::For; GCC, §C), shared by copies.
  std::shared_ptr<const ExpansionSetup> expansion;
};

// kGhost: the active player names the meeple a ghost goes to (C.3.3, C.3.4).
// kOrder: several finished features, and the order they score in changes a total (AMB-29).
enum class Phase { kPlaceTile, kGhost, kPlaceMeeple, kOrder, kGameOver };

struct Meeple {
  int player = 0;
  int tile = 0;        // board index
  int segment = 0;     // segment of that tile's type
  bool guard = false;  // GCC: a guard never takes a ghost (C.4.2)
  int ghosts = 0;      // GCC: ghosts standing with it, 0–2 between steps (C.3.8)
};

// Something that happened besides scoring (GCC ghosts and guards), in words for the table.
struct GameNote {
  int turn = 0;
  std::string text;
};

// A place the player may put a meeple on the tile just placed.
struct MeepleOption {
  int segment = 0;
  FeatureKind kind = FeatureKind::kField;
  std::string description;  // as it lies, e.g. "road W–E", "field EL+WR (beside city N)"
};

class Game {
 public:
  // Checks the setup (2–5 players, distinct names and colours, a start tile) and puts the
  // start tile on 0,0 (A.1.3).
  static Result<Game> New(GameSetup setup);

  // --- Verbs -----------------------------------------------------------------------------
  // A.3: puts the drawn tile on `c` turned `quarters`; then awaits a meeple or pass. When
  // the player cannot place a meeple at all (A.4.7: empty supply; or no free feature) the
  // turn goes straight on to scoring.
  Status PlaceTile(const TilePtr& type, Cell c, int quarters);
  // A.4: a meeple on segment `segment` of the tile just placed, then scoring (A.6).
  // GCC: a guard instead of a regular meeple (C.4.1, C.4.2).
  Status PlaceMeeple(int segment, bool guard = false);
  // GCC, kGhost: the ghost goes to meeple `index` (into meeples()) (C.3.3–C.3.5).
  Status Haunt(int index);
  // GCC, kOrder: the pending feature `index` (into GccPending(), gcc.h) scores next (AMB-29).
  Status ScoreFirst(int index);
  // No meeple this turn, then scoring.
  Status Pass();
  // A.3.5: the drawn tile fits nowhere; it leaves the game and the same player draws again.
  // Refused (with a legal place named) when it fits somewhere.
  Status Discard(const TilePtr& type);
  // A.7/A.8: final scoring now (between turns). Also happens by itself after the last tile.
  Status End();

  // --- Queries ---------------------------------------------------------------------------
  Phase phase() const { return phase_; }
  int current_player() const { return current_; }
  const GameSetup& setup() const { return setup_; }
  const Board& board() const { return board_; }
  const Features& features() const { return features_; }
  const std::vector<Meeple>& meeples() const { return meeples_; }
  int Supply(int player) const;         // meeples in the player's supply (guards included)
  int RegularSupply(int player) const;  // regular meeples (not guards) in the player's supply
  // The expansion played (Expansion::None() for the base game alone): its capabilities, and
  // its words and JSON for the front end.
  const Expansion& expansion() const { return *expansion_; }
  // Tiles the start put on the board (A.1.3: 1; C.1.1: the 4 quarters of the GCC start).
  int start_tiles() const { return start_tiles_; }
  const std::vector<GameNote>& notes() const { return notes_; }
  // A note for the table about the command being applied (ApplyGameCommand: which catalogue
  // tile a short form was taken for). Notes are history, not state: not part of Hash().
  void AddNote(std::string text) { Note(std::move(text)); }
  // Every answer the rules took by themselves so far, in order (settled.h): the meeple step
  // with no meeple possible, the only meeple a ghost could go to, the game's end.
  const std::vector<SettledAnswer>& settled() const { return settled_; }
  // The box described tiles come out of (GCC: the Mists tiles, C.1.1), or nullptr.
  const TileBox* box() const { return expansion_->Box(*this); }
  // Where the current player may put a meeple on the tile just placed (empty outside
  // kPlaceMeeple).
  std::vector<MeepleOption> MeepleOptions() const;
  // The segments of MeepleOptions(), without the words (the cheap form, for engines and bench).
  std::vector<int> MeepleSegments() const;
  // Ok between turns (a tile awaited); otherwise what the turn still waits for.
  Status CheckBetweenTurns() const;
  // Why a meeple may not go on that segment, or Ok.
  Status CheckMeeple(int segment, bool guard = false) const;
  // Copies of `type` not yet placed or discarded.
  int Remaining(const TileType& type) const;
  int RemainingTotal() const;
  const std::map<std::string, int>& remaining() const { return remaining_; }
  int placed_tile_index() const { return placed_; }  // board index of the tile awaiting a meeple

  const std::vector<ScoreEvent>& events() const { return events_; }
  const std::vector<ScoreTotals>& totals() const { return totals_; }
  int turn() const { return turn_; }
  // Meeples put down so far in the game, and the latest (it may have been scored since).
  int meeples_placed() const { return meeples_placed_; }
  const Meeple& last_meeple() const {
    return last_meeple_;
  }                                  // placements so far, the start tile not counted
  std::vector<int> Winners() const;  // after the game: highest total, ties share (AMB-01)
  // The meeples standing when the final scoring began (empty before it): the position it
  // read, which the board no longer shows once the scored meeples went home (A.8.4).
  const std::vector<Meeple>& final_meeples() const { return final_meeples_; }
  // The latest meeple step that nothing could answer (A.4.7, A.4.3): whose it was and whether
  // the supply was empty then (the turn's scoring may have refilled it since).
  struct MeepleSkip {
    int player = -1;  // -1: none yet
    bool no_supply = false;
  };
  const MeepleSkip& last_skip() const { return last_skip_; }

  // Meeples on the feature of node n, per player.
  std::vector<int> MeeplesOn(NodeId n) const;
  // Where a meeple on the feature stands, for messages ("blue at 2,0").
  std::string OccupantWords(NodeId n) const;

  // Deterministic 64-bit hash of everything that matters for the rules (DESIGN.md).
  std::uint64_t Hash() const;

 private:
  friend class Expansion;  // the base rules' hooks and the expansions' contract (expansion.h)

  // Why a meeple may not go on a segment (CheckMeeple's reasons, before they are put in words).
  enum class MeepleBar {
    kNone,
    kPhase,
    kNoSuchSegment,
    kGuardsNotPlayed,
    kNoSupply,
    kNoGuard,
    kMist,
    kNoFarmers,
    kOccupied
  };
  // `supply`: Supply(current_), asked once by the caller (a virtual call with guards).
  MeepleBar BarFor(int segment, bool guard, int supply) const;

  Game() = default;
  Status CheckSupply(const TileType& type) const;
  void TakeFromSupply(const TileType& type);
  void StartMeepleStep();  // A.4: the meeple step, skipped when no meeple can go (A.4.7)
  void FinishTurn();
  void EndTurn();
  void ScoreCompleted();
  void FinalScoring();
  void Record(ScoreEvent e);
  void ReturnMeeples(NodeId root);
  void Note(std::string text);
  SettledAnswer& Settle(SettledAnswer::Kind kind, std::string why);
  void SkipMeepleStep();  // no meeple can be placed: the turn goes on (A.4.7)
  // A.6, C.5–C.7: the features the tile just placed finished, as events not yet recorded.
  std::vector<std::pair<ScoreEvent, NodeId>> CompletedFeatures() const;
  // A.8, C.9: the features scored at the end, as events not yet recorded, with their roots.
  std::vector<std::pair<ScoreEvent, NodeId>> EndFeatures() const;
  int PlayerCount() const { return static_cast<int>(setup_.players.size()); }

  GameSetup setup_;
  const Expansion* expansion_ = &Expansion::None();  // shared, stateless
  // Its capabilities, asked once (Expansion): the meeple checks run for every segment.
  int regulars_ = 0;
  bool guards_ = false;
  int start_tiles_ = 1;
  Board board_;
  Features features_;
  std::vector<Meeple> meeples_;
  std::map<std::string, int> remaining_;  // by tile id
  std::vector<ScoreEvent> events_;
  std::vector<ScoreTotals> totals_;
  Phase phase_ = Phase::kPlaceTile;
  int current_ = 0;
  int placed_ = -1;
  int turn_ = 0;
  int meeples_placed_ = 0;
  Meeple last_meeple_;
  std::vector<std::string> discarded_;
  std::vector<SettledAnswer> settled_;  // history, not state: not part of Hash()
  std::vector<Meeple> final_meeples_;   // history, not state: not part of Hash()
  MeepleSkip last_skip_;                // history, not state: not part of Hash()
  ExpansionStateSlot expansion_state_;  // the expansion's own (GCC: src/games/gcc/)
  std::vector<GameNote> notes_;
};

}  // namespace carcref
