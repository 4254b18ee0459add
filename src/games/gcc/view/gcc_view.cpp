// GCC's view: the base game's (base/view/) with the Mists box read too (the 2×2 start tile,
// B.1.4, C.1.1) and `tile save` kept for later games.
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "carcref/simulate.h"
#include "cli/data_files.h"
#include "games/base/base_rules.h"
#include "games/base/view/base_view.h"
#include "games/gcc/gcc.h"
#include "games/mists/view/mists_table.h"
#include "games/registry.h"

namespace carcref {

namespace {

Status PrepareGcc(GameStart& start, const SessionLog* log, std::ostream& out) {
  if (Status s = PrepareBase(start, log, out); !s.ok()) return s;
  return PrepareMistsBox(start, log, out);
}

// The plain tiles' symbols, and what GCC adds to the board: guards, mist, the ghost symbols
// printed on Mists tiles, ghosts with a meeple, castles and cemeteries.
std::vector<std::string> GccLegend() {
  std::vector<std::string> legend = SvgTileLegend();
  legend.insert(legend.end(), {"guard", "mist", "ghost symbols", "ghost", "castle", "cemetery"});
  return legend;
}

// Random GCC games: the base tiles, and about as often a Mists tile where one fits
// (PlayRandomGccGame), on the bench's start tile with the Mists box from the data directory.
Result<BenchWorkload> GccBench(const std::vector<PlayerSpec>& players) {
  Result<Catalog> catalog = ReadBaseTiles();
  if (!catalog.ok()) return catalog.status();
  Result<DescribedSet> box = ReadDescribedSet("mists");
  if (!box.ok()) return box.status();
  Result<std::vector<TilePtr>> start = MistsBenchStart();
  if (!start.ok()) return start.status();
  GameSetup setup;
  setup.players = players;
  setup.catalog = std::move(catalog.value());
  PlayGcc(setup, GccSetup{*start, MistsBenchStartQuarters(), *box, {}});
  BenchWorkload workload{"4 players, base tiles and random Mists tiles invented for the workload",
                         [setup](std::uint64_t seed) { return PlayRandomGccGame(setup, seed); },
                         {}};
  // --table: a random game of the same tiles and start at the table.
  workload.table = [setup](int, std::uint64_t seed) -> Result<TableBenchWorkload> {
    TableBenchWorkload out;
    out.real_commands = PlayRandomGccGame(setup, seed, true).commands;
    out.real_options = {"--start", MistsBenchStartWords()};
    return out;
  };
  return workload;
}

}  // namespace

GameModule GccModule() {
  GameView v = BaseView(GccLegend());
  v.prepare = PrepareGcc;
  v.remember_tile = [](const std::string& n, const std::string& d) { return SaveTile(n, d); };
  v.bench = GccBench;
  return {GccDefinition(), v};
}

}  // namespace carcref
