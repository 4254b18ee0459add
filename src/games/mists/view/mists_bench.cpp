// The co-op game's line in `carcref bench` (cli/game_views.h, BenchWorkload), and the start
// tile and box it shares with GCC's: the Mists tiles have no known geometry (tiles/mists.md),
// so the random games draw descriptions invented for the workload (carcref/simulate.h).
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "carcref/command.h"
#include "carcref/simulate.h"
#include "cli/data_files.h"
#include "games/mists/view/mists_table.h"

namespace carcref {

const std::vector<std::string>& MistsBenchStartQuarters() {
  static const std::vector<std::string> quarters = {"ffff", "ffff", "ffFf2", "ffFf1"};
  return quarters;
}

std::string MistsBenchStartWords() {
  std::string words;
  for (const std::string& quarter : MistsBenchStartQuarters())
    words += (words.empty() ? "" : " ") + quarter;
  return words;
}

Result<std::vector<TilePtr>> MistsBenchStart() {
  std::vector<TilePtr> start;
  for (const std::string& quarter : MistsBenchStartQuarters()) {
    Result<TileType> t = ParseTileDescription(quarter);
    if (!t.ok()) return t.status();
    start.push_back(std::make_shared<const TileType>(std::move(t.value())));
  }
  return start;
}

Result<BenchWorkload> MistsBench(const std::vector<PlayerSpec>& players) {
  Result<DescribedSet> box = ReadDescribedSet("mists");
  if (!box.ok()) return box.status();
  Result<std::vector<TilePtr>> start = MistsBenchStart();
  if (!start.ok()) return start.status();
  MistsSetup coop;
  coop.level = 1;
  for (const PlayerSpec& p : players) coop.players.push_back({p.name, {}});
  coop.start = *start;
  coop.box = *box;
  if (Status s = CompleteMistsPlayers(coop.players); !s.ok()) return s;
  BenchWorkload workload{"co-op level 1, 4 players, random Mists tiles invented for the workload",
                         [coop](std::uint64_t seed) { return PlayRandomMistsGame(coop, seed); },
                         {}};
  // Random play loses in about 10 tiles (the bank runs dry, B.7.4): a careful team's games
  // last long enough to measure a whole game (issue #21), on a line and a signature of their own.
  workload.variant = "careful team";
  workload.variant_notes =
      "co-op level 1, 4 players who draw no tile the bank cannot haunt and "
      "calm ghosts when the bank is at half";
  workload.variant_play = [coop](std::uint64_t seed) {
    return PlayRandomMistsGame(coop, seed, false, true);
  };
  // --table: a careful team's random game of the same box and start at the table, level 1.
  workload.table = [coop](int, std::uint64_t seed) -> Result<TableBenchWorkload> {
    TableBenchWorkload out;
    out.real_commands = PlayRandomMistsGame(coop, seed, true, true).commands;
    out.real_options = {"--level", "1", "--start", MistsBenchStartWords()};
    for (const MistsPlayer& p : coop.players) {  // with the colours the random game played
      std::string colours;
      for (const std::string& c : p.colours) colours += (colours.empty() ? "" : "/") + c;
      out.real_players += (out.real_players.empty() ? "" : ",") + p.name + ":" + colours;
    }
    return out;
  };
  return workload;
}

}  // namespace carcref
