// The random games `carcref bench --all` plays (simulate.h): each is the same for the same
// seed and gets somewhere. In debug builds every verb they call is checked to be
// accepted (MustSucceed), so a random player that makes illegal moves fails here.
#include <fstream>
#include <sstream>

#include "carcref/command.h"
#include "carcref/simulate.h"
#include "games/city/city.h"
#include "games/gcc/gcc.h"
#include "games/mists/mists.h"
#include "games/mists/mists_command.h"
#include "support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

DescribedSet MistsBox() {
  Result<DescribedSet> box =
      ParseDescribedSet(ReadFile(CARCREF_SOURCE_DATA_DIR "/tiles/mists.yaml"), "mists.yaml");
  REQUIRE(box.ok());
  return *box;
}

std::vector<TilePtr> MistsStart() {
  std::vector<TilePtr> start;
  for (const char* quarter : {"ffff", "ffff", "ffFf2", "ffFf1"}) {
    Result<TileType> t = ParseTileDescription(quarter);
    REQUIRE(t.ok());
    start.push_back(std::make_shared<const TileType>(*t));
  }
  return start;
}

}  // namespace

TEST_CASE("bench: random GCC games are repeatable and place base and Mists tiles", "[bench]") {
  GameSetup setup = Setup({{"A", "red"}, {"B", "blue"}, {"C", "green"}});
  PlayGcc(setup, GccSetup{MistsStart(), {"ffff", "ffff", "ffFf2", "ffFf1"}, MistsBox(), {}});
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    INFO("seed " << seed);
    RandomGameResult a = PlayRandomGccGame(setup, seed);
    RandomGameResult b = PlayRandomGccGame(setup, seed);
    CHECK(a.final_hash == b.final_hash);
    CHECK(a.totals == b.totals);
    // Every base tile is drawn (71 after the start), and Mists tiles besides.
    CHECK(a.placements + a.discards > 71);
    CHECK(a.totals.size() == 3);
  }
}

TEST_CASE("bench: random Mists co-op games are repeatable and place tiles", "[bench]") {
  MistsSetup setup;
  setup.level = 1;
  setup.players = {{"Anna", {}}, {"Ben", {}}, {"Cleo", {}}};
  REQUIRE(CompleteMistsPlayers(setup.players).ok());
  setup.start = MistsStart();
  setup.box = MistsBox();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    INFO("seed " << seed);
    RandomGameResult a = PlayRandomMistsGame(setup, seed);
    RandomGameResult b = PlayRandomMistsGame(setup, seed);
    CHECK(a.final_hash == b.final_hash);
    CHECK(a.placements > 0);
    REQUIRE(a.totals.size() == 2);  // won or not, ghosts left
  }
}

TEST_CASE("bench: a careful Mists team's games are repeatable, longer, and end", "[bench]") {
  // Issue #21: random play loses in about 10 tiles; the careful team's games (bench --all's
  // second Mists line, bench --table --game mists) last long enough to measure.
  MistsSetup setup;
  setup.level = 1;
  setup.players = {{"Anna", {}}, {"Ben", {}}, {"Cleo", {}}, {"Dan", {}}};
  REQUIRE(CompleteMistsPlayers(setup.players).ok());
  setup.start = MistsStart();
  setup.box = MistsBox();
  long random_placements = 0;
  long careful_placements = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    INFO("seed " << seed);
    RandomGameResult a = PlayRandomMistsGame(setup, seed, true, true);
    RandomGameResult b = PlayRandomMistsGame(setup, seed, false, true);
    CHECK(a.final_hash == b.final_hash);
    REQUIRE(a.totals.size() == 2);
    random_placements += PlayRandomMistsGame(setup, seed).placements;
    careful_placements += a.placements;
    // Played to its end: the recorded game, replayed, is won or lost.
    Result<MistsGame> started = MistsGame::New(setup);
    REQUIRE(started.ok());
    MistsGame replay = std::move(started.value());
    for (const std::string& line : a.commands) REQUIRE(ApplyMistsCommand(replay, line, {}).ok());
    CHECK((replay.phase() == MistsPhase::kWon || replay.phase() == MistsPhase::kLost));
  }
  CHECK(careful_placements >= 2 * random_placements);
}

TEST_CASE("bench: random City games are repeatable and place tiles", "[bench]") {
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    INFO("seed " << seed);
    RandomGameResult a = PlayRandomCityGame(3, seed);
    RandomGameResult b = PlayRandomCityGame(3, seed);
    CHECK(a.final_hash == b.final_hash);
    CHECK(a.totals == b.totals);
    CHECK(a.placements > 10);
    CHECK(a.totals.size() == 3);
  }
}
