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

std::string MeepleCommand(const MeepleOption& option, const PlacedTile& placed) {
  const Segment& seg = placed.type->segments[option.segment];
  switch (seg.kind) {
    case FeatureKind::kMonastery: return "meeple monastery";
    case FeatureKind::kCastle: return "meeple castle";
    case FeatureKind::kCemetery:
    case FeatureKind::kMist: break;
    case FeatureKind::kRoad:
    case FeatureKind::kCity:
      for (Side s : kSides)
        if (placed.OwnerOfBoardPort(MiddlePort(s)) == option.segment)
          return std::string("meeple ") + (seg.kind == FeatureKind::kRoad ? "road " : "city ") +
                 std::string(SideName(s));
      break;
    case FeatureKind::kField:
      for (Port p = 0; p < kPorts; ++p)
        if (PartOfPort(p) != 1 && placed.OwnerOfBoardPort(p) == option.segment)
          return "meeple field " + std::string(HalfName(p));
      break;
  }
  return "pass";
}

}  // namespace

RandomGameResult PlayRandomGame(const GameSetup& setup, std::uint64_t seed, bool record_commands,
                                const std::function<void(const Game&)>& after_each) {
  RandomGameResult out;
  Result<Game> started = Game::New(setup);
  assert(started.ok());
  Game game = std::move(started.value());
  SeededRandom random(seed);
  std::vector<TilePtr> bag;
  for (const TilePtr& t : setup.catalog.tiles)
    for (int i = 0; i < game.Remaining(*t); ++i) bag.push_back(t);
  for (size_t i = bag.size(); i > 1; --i)
    std::swap(bag[i - 1], bag[static_cast<size_t>(random.Below(static_cast<int>(i)))]);

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
        std::vector<MeepleOption> options = game.MeepleOptions();
        if (random.Below(2) == 0) {
          const MeepleOption& o =
              options[static_cast<size_t>(random.Below(static_cast<int>(options.size())))];
          if (record_commands)
            out.commands.push_back(MeepleCommand(o, game.board().tile(game.placed_tile_index())));
          MustSucceed(game.PlaceMeeple(o.segment));
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

}  // namespace carcref
