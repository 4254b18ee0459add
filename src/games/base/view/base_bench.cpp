// The base game's line in `carcref bench` (cli/game_views.h, BenchWorkload): random legal games
// on the base tiles with farmers, the bench's headline.
#include <string>
#include <vector>

#include "carcref/simulate.h"
#include "cli/data_files.h"
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
  return BenchWorkload{"4 players, farmers",
                       [setup](std::uint64_t seed) { return PlayRandomGame(setup, seed); }};
}

}  // namespace carcref
