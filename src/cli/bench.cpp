// `carcref bench`: seeded random legal base games with full scoring (DESIGN.md
// "Performance"). The signature hashes every final score: it changes only when the rules do.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "carcref/simulate.h"
#include "cli/app.h"
#include "cli/data_files.h"

namespace carcref {

int RunBench(int games, unsigned long long seed) {
  Result<std::vector<CatalogSource>> sources = ReadTileSet("base");
  if (!sources.ok()) {
    std::cerr << "error: " << sources.status().message() << "\n";
    return 2;
  }
  Result<Catalog> catalog = BuildCatalog(*sources);
  if (!catalog.ok()) {
    std::cerr << "error: " << catalog.status().message() << "\n";
    return 2;
  }
  GameSetup setup;
  setup.players = {{"P1", "red"}, {"P2", "blue"}, {"P3", "green"}, {"P4", "yellow"}};
  setup.catalog = *catalog;
  std::uint64_t signature = 1469598103934665603ull;
  long placements = 0;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < games; ++i) {
    RandomGameResult r = PlayRandomGame(setup, seed + static_cast<unsigned long long>(i));
    placements += r.placements;
    for (int total : r.totals) {
      signature ^= static_cast<std::uint64_t>(total);
      signature *= 1099511628211ull;
    }
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char line[256];
  std::snprintf(line, sizeof line,
                "%d games, %ld placements in %.3f s: %.1f games/s, %.0f placements/s\n"
                "signature %016llx (seed %llu, 4 players, farmers)\n",
                games, placements, seconds, games / seconds, static_cast<double>(placements) / seconds,
                static_cast<unsigned long long>(signature), seed);
  std::cout << line;
  return 0;
}

}  // namespace carcref
