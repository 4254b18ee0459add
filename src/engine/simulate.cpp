#include "carcref/simulate.h"

#include <cassert>

namespace carcref {

std::uint64_t SeededRandom::Next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

namespace {

std::string MeepleCommand(int segment, const PlacedTile& placed) {
  const Segment& seg = placed.type->segments[segment];
  switch (seg.kind) {
    case FeatureKind::kMonastery:
      return "meeple monastery";
    case FeatureKind::kCastle:
      return "meeple castle";
    case FeatureKind::kCemetery:
    case FeatureKind::kMist:
      break;
    case FeatureKind::kRoad:
    case FeatureKind::kCity:
      for (Side s : kSides)
        if (placed.OwnerOfBoardPort(MiddlePort(s)) == segment)
          return std::string("meeple ") + (seg.kind == FeatureKind::kRoad ? "road " : "city ") +
                 std::string(SideName(s));
      break;
    case FeatureKind::kField:
      for (Port p = 0; p < kPorts; ++p)
        if (PartOfPort(p) != 1 && placed.OwnerOfBoardPort(p) == segment)
          return "meeple field " + std::string(HalfName(p));
      break;
  }
  return "pass";
}

}  // namespace

std::vector<TilePtr> ShuffledBag(const Game& game, SeededRandom& random) {
  std::vector<TilePtr> bag;
  for (const TilePtr& t : game.setup().catalog.tiles)
    for (int i = 0; i < game.Remaining(*t); ++i) bag.push_back(t);
  for (size_t i = bag.size(); i > 1; --i)
    std::swap(bag[i - 1], bag[static_cast<size_t>(random.Below(static_cast<int>(i)))]);
  return bag;
}

std::uint64_t Perft(const Board& board, const std::vector<TilePtr>& order, size_t next, int depth) {
  if (depth <= 0 || next >= order.size()) return 1;
  std::vector<Placement> places = board.LegalPlacements(*order[next]);
  if (places.empty()) return Perft(board, order, next + 1, depth - 1);  // discarded
  if (depth == 1) return places.size();
  std::uint64_t n = 0;
  for (const Placement& p : places) {
    Board after = board;
    after.Place(order[next], p.cell, p.quarters);
    n += Perft(after, order, next + 1, depth - 1);
  }
  return n;
}

Board PlayLine(Board board, const std::vector<TilePtr>& order, size_t next, size_t tiles,
               std::uint64_t pick) {
  for (size_t i = next; i < next + tiles && i < order.size(); ++i) {
    std::vector<Placement> places = board.LegalPlacements(*order[i]);
    if (places.empty()) continue;
    const Placement& p = places[pick % places.size()];
    board.Place(order[i], p.cell, p.quarters);
  }
  return board;
}

RandomGameResult PlayRandomGame(const GameSetup& setup, std::uint64_t seed, bool record_commands,
                                const std::function<void(const Game&)>& after_each) {
  RandomGameResult out;
  Result<Game> started = Game::New(setup);
  assert(started.ok());
  Game game = std::move(started.value());
  SeededRandom random(seed);
  std::vector<TilePtr> bag = ShuffledBag(game, random);

  for (const TilePtr& tile : bag) {
    if (game.phase() == Phase::kGameOver) break;
    std::vector<Placement> places = game.board().LegalPlacements(*tile);
    if (places.empty()) {
      MustSucceed(game.Discard(tile));
      ++out.discards;
      if (record_commands) out.commands.push_back("discard " + tile->id);
    } else {
      Placement p = places[static_cast<size_t>(random.Below(static_cast<int>(places.size())))];
      MustSucceed(game.PlaceTile(tile, p.cell, p.quarters));
      ++out.placements;
      if (record_commands)
        out.commands.push_back("place " + tile->id + " " + CellName(p.cell) + " " +
                               std::to_string(p.quarters * 90));
      if (game.phase() == Phase::kPlaceMeeple) {
        if (after_each) after_each(game);
        std::vector<int> options = game.MeepleSegments();
        if (random.Below(2) == 0) {
          int segment =
              options[static_cast<size_t>(random.Below(static_cast<int>(options.size())))];
          if (record_commands)
            out.commands.push_back(
                MeepleCommand(segment, game.board().tile(game.placed_tile_index())));
          MustSucceed(game.PlaceMeeple(segment));
        } else {
          if (record_commands) out.commands.push_back("pass");
          MustSucceed(game.Pass());
        }
      }
    }
    if (after_each) after_each(game);
  }
  if (game.phase() != Phase::kGameOver) {
    MustSucceed(game.End());
    if (record_commands) out.commands.push_back("end");
  }
  for (const ScoreTotals& t : game.totals()) out.totals.push_back(t.Total());
  out.final_hash = game.Hash();
  return out;
}

std::vector<Cell> AsItLies(const Board& board, const TileType& type) {
  std::vector<Cell> cells;
  for (const Placement& p : board.LegalPlacements(type))
    if (p.quarters == 0) cells.push_back(p.cell);
  return cells;
}

}  // namespace carcref
