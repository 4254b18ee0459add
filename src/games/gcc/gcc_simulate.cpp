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

// GCC: the steps after a tile until the next tile is awaited; random legal answers, each also
// as the command the table would type when `commands` is given (the numbered forms).
void FinishGccTurn(Game& game, SeededRandom& random, std::vector<std::string>* commands) {
  auto say = [commands](std::string line) {
    if (commands) commands->push_back(std::move(line));
  };
  for (int step = 0; step < 64; ++step) {
    switch (game.phase()) {
      case Phase::kGhost: {
        std::vector<int> candidates = GccGhostCandidates(game);
        int pick = random.Below(static_cast<int>(candidates.size()));
        say("ghost " + std::to_string(pick + 1));
        MustSucceed(game.Haunt(candidates[static_cast<size_t>(pick)]));
        break;
      }
      case Phase::kOrder: {
        int first = random.Below(static_cast<int>(GccPending(game).size()));
        say("first " + std::to_string(first + 1));
        MustSucceed(game.ScoreFirst(first));
        break;
      }
      case Phase::kPlaceMeeple: {
        std::vector<int> options = game.MeepleSegments();
        if (options.empty() || random.Below(2) == 0) {
          say("pass");
          MustSucceed(game.Pass());
        } else {
          bool guard = random.Below(3) == 0 && GccGuardSupply(game, game.current_player()) > 0;
          int pick = random.Below(static_cast<int>(options.size()));
          say("meeple " + std::to_string(pick + 1) + (guard ? " guard" : ""));
          MustSucceed(game.PlaceMeeple(options[static_cast<size_t>(pick)], guard));
        }
        break;
      }
      default:
        return;
    }
  }
}

}  // namespace

RandomGameResult PlayRandomGccGame(const GameSetup& setup, std::uint64_t seed,
                                   bool record_commands) {
  RandomGameResult out;
  Result<Game> started = Game::New(setup);
  assert(started.ok());
  Game game = std::move(started.value());
  SeededRandom random(seed);
  std::vector<std::string>* commands = record_commands ? &out.commands : nullptr;
  std::vector<TilePtr> bag = ShuffledBag(game, random);
  size_t next = 0;
  while (game.phase() == Phase::kPlaceTile && next < bag.size()) {
    if (random.Below(2) == 0) {  // a Mists tile described as it lies, when one fits
      std::string d = RandomMistsDescription(random, true);
      Result<TileType> tile = ParseShortForm(d);
      // Recorded for the table, a description that is a catalogue tile would be that tile
      // (NOTATION.md): the recorded game draws only what the table reads as a Mists tile. (The
      // unrecorded one keeps its draws: the bench's signature.)
      bool catalogue =
          record_commands && tile.ok() && !MatchCatalog(*tile, game.setup().catalog).empty();
      if (tile.ok() && !catalogue && game.box()->CanTake(*tile).ok()) {
        std::vector<Cell> cells = AsItLies(game.board(), *tile);
        if (!cells.empty()) {
          auto type = std::make_shared<const TileType>(std::move(tile.value()));
          Cell cell = Pick(random, cells);
          if (commands) commands->push_back("place " + d + " " + CellName(cell));
          MustSucceed(game.PlaceTile(type, cell, 0));
          ++out.placements;
          FinishGccTurn(game, random, commands);
          continue;
        }
      }
    }
    const TilePtr& tile = bag[next++];
    std::vector<Placement> places = game.board().LegalPlacements(*tile);
    if (places.empty()) {
      if (commands) commands->push_back("discard " + tile->id);
      MustSucceed(game.Discard(tile));
      ++out.discards;
      continue;
    }
    const Placement& p = Pick(random, places);
    if (commands)
      commands->push_back("place " + tile->id + " " + CellName(p.cell) + " " +
                          std::to_string(p.quarters * 90));
    MustSucceed(game.PlaceTile(tile, p.cell, p.quarters));
    ++out.placements;
    FinishGccTurn(game, random, commands);
  }
  if (game.phase() == Phase::kPlaceTile) {
    if (commands) commands->push_back("end");
    MustSucceed(game.End());
  }
  for (const ScoreTotals& t : game.totals()) out.totals.push_back(t.Total());
  out.final_hash = game.Hash();
  return out;
}

}  // namespace carcref
