// A game of the base rules (RULES.md §A): setup, the turn state machine and scoring.
//
// A Game is a value: verbs either change it and return Ok, or return the reason and change
// nothing. The engine says what it awaits (phase()); a verb outside its phase is refused.
// Scoring produces ScoreEvents with their breakdown; scores are their sum.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "carcref/board.h"
#include "carcref/catalog.h"
#include "carcref/features.h"
#include "carcref/scoring.h"
#include "carcref/status.h"

namespace carcref {

struct PlayerSpec {
  std::string name;
  std::string color;
};

struct GameSetup {
  std::string game = "base";
  std::vector<PlayerSpec> players;  // in turn order; 2–5 (A.1.2)
  bool farmers = true;              // farmers can be left out, as for a first game
  std::vector<std::string> tile_sets = {"base"};
  Catalog catalog;  // every tile type in play, counts included (base + winter merged)
  int meeples_per_player = 7;  // A.1.2: 8 per colour, one on the scoring track
};

enum class Phase { kPlaceTile, kPlaceMeeple, kGameOver };

struct Meeple {
  int player = 0;
  int tile = 0;     // board index
  int segment = 0;  // segment of that tile's type
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
  Status PlaceMeeple(int segment);
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
  int Supply(int player) const;  // meeples in the player's supply
  // Where the current player may put a meeple on the tile just placed (empty outside
  // kPlaceMeeple).
  std::vector<MeepleOption> MeepleOptions() const;
  // Why a meeple may not go on that segment, or Ok.
  Status CheckMeeple(int segment) const;
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
  const Meeple& last_meeple() const { return last_meeple_; }  // placements so far, the start tile not counted
  std::vector<int> Winners() const;   // after the game: highest total, ties share (AMB-01)

  // Meeples on the feature of node n, per player.
  std::vector<int> MeeplesOn(NodeId n) const;
  // Where a meeple on the feature stands, for messages ("blue at 2,0").
  std::string OccupantWords(NodeId n) const;

  // Deterministic 64-bit hash of everything that matters for the rules (DESIGN.md).
  std::uint64_t Hash() const;

 private:
  Game() = default;
  void FinishTurn();
  void ScoreCompleted();
  void FinalScoring();
  void Record(ScoreEvent e);
  void ReturnMeeples(NodeId root);
  int PlayerCount() const { return static_cast<int>(setup_.players.size()); }

  GameSetup setup_;
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
};

}  // namespace carcref
