// A seeded random legal GCC game, for `carcref bench` and the tests (PlayRandomGccGame, gcc.h):
// the shuffled base tiles, and about as often a Mists tile described as it lies where one fits
// (RandomMistsDescription, mists.h) — invented for the workload, never added to a catalogue.
#include <memory>
#include <string>
#include <vector>

#include "carcref/notation.h"
#include "carcref/simulate.h"
#include "games/gcc/gcc.h"
#include "games/mists/mists.h"

namespace carcref {

namespace {

// GCC: the steps after a tile until the next tile is awaited; random legal answers.
void FinishGccTurn(Game& game, SeededRandom& random) {
  for (int step = 0; step < 64; ++step) {
    switch (game.phase()) {
      case Phase::kGhost:
        MustSucceed(game.Haunt(Pick(random, GccGhostCandidates(game))));
        break;
      case Phase::kOrder:
        MustSucceed(game.ScoreFirst(random.Below(static_cast<int>(GccPending(game).size()))));
        break;
      case Phase::kPlaceMeeple: {
        std::vector<int> options = game.MeepleSegments();
        if (options.empty() || random.Below(2) == 0) {
          MustSucceed(game.Pass());
        } else {
          bool guard = random.Below(3) == 0 && GccGuardSupply(game, game.current_player()) > 0;
          MustSucceed(game.PlaceMeeple(Pick(random, options), guard));
        }
        break;
      }
      default:
        return;
    }
  }
}

}  // namespace

RandomGameResult PlayRandomGccGame(const GameSetup& setup, std::uint64_t seed) {
  RandomGameResult out;
  Result<Game> started = Game::New(setup);
  assert(started.ok());
  Game game = std::move(started.value());
  SeededRandom random(seed);
  std::vector<TilePtr> bag = ShuffledBag(game, random);
  size_t next = 0;
  while (game.phase() == Phase::kPlaceTile && next < bag.size()) {
    if (random.Below(2) == 0) {  // a Mists tile described as it lies, when one fits
      std::string d = RandomMistsDescription(random, true);
      Result<TileType> tile = ParseShortForm(d);
      if (tile.ok() && game.box()->CanTake(*tile).ok()) {
        std::vector<Cell> cells = AsItLies(game.board(), *tile);
        if (!cells.empty()) {
          auto type = std::make_shared<const TileType>(std::move(tile.value()));
          MustSucceed(game.PlaceTile(type, Pick(random, cells), 0));
          ++out.placements;
          FinishGccTurn(game, random);
          continue;
        }
      }
    }
    const TilePtr& tile = bag[next++];
    std::vector<Placement> places = game.board().LegalPlacements(*tile);
    if (places.empty()) {
      MustSucceed(game.Discard(tile));
      ++out.discards;
      continue;
    }
    const Placement& p = Pick(random, places);
    MustSucceed(game.PlaceTile(tile, p.cell, p.quarters));
    ++out.placements;
    FinishGccTurn(game, random);
  }
  if (game.phase() == Phase::kPlaceTile) MustSucceed(game.End());
  for (const ScoreTotals& t : game.totals()) out.totals.push_back(t.Total());
  out.final_hash = game.Hash();
  return out;
}

}  // namespace carcref
