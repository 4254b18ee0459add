// The base game's line in `carcref bench` (cli/game_views.h, BenchWorkload): random legal games
// on the base tiles with farmers, the bench's headline; and --table's workload board.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "carcref/simulate.h"
#include "cli/data_files.h"
#include "games/base/base_rules.h"
#include "games/base/view/base_view.h"

namespace carcref {

Result<Catalog> ReadBaseTiles() {
  Result<std::vector<CatalogSource>> sources = ReadTileSet("base");
  if (!sources.ok()) return sources.status();
  return BuildCatalog(*sources);
}

Result<BenchWorkload> BaseBench(const std::vector<PlayerSpec>& players) {
  Result<Catalog> catalog = ReadBaseTiles();
  if (!catalog.ok()) return catalog.status();
  GameSetup setup;
  setup.players = players;
  setup.catalog = std::move(catalog.value());
  BenchWorkload workload{"4 players, farmers",
                         [setup](std::uint64_t seed) { return PlayRandomGame(setup, seed); },
                         {}};
  // The base tiles times `copies`: a board bigger than a real game's (the tiles are the
  // catalogue's, only their counts are multiplied), up to `tiles` placed tiles.
  workload.table = [setup](int tiles, std::uint64_t seed) -> Result<TableBenchWorkload> {
    auto big = std::make_shared<GameSetup>(setup);
    int copies = (tiles + 10) / 71 + 1;
    for (auto& t : big->catalog.tiles) {
      auto more = std::make_shared<TileType>(*t);
      more->count = t->count * copies;
      t = more;
    }
    TableBenchWorkload out;
    out.board = "base tiles ×" + std::to_string(copies) + " (a workload board)";
    out.definition = BaseDefinition();
    out.definition.make = [big](const GameStart&) { return BaseRules::FromSetup(*big); };
    out.commands = PlayRandomGame(*big, seed, true).commands;
    out.tiles = [](const GameRules& r) {
      return static_cast<const BaseRules&>(r).state().board().size();
    };
    out.real_commands = PlayRandomGame(setup, seed, true).commands;
    return out;
  };
  return workload;
}

}  // namespace carcref
