// Looking back at co-op sessions: their stored results and events read like any others.
#include <catch2/catch.hpp>

#include "cli/archive.h"

using namespace carcref;

TEST_CASE("a co-op result without breakdowns reads without a crash", "[review][mists]") {
  // Regression: a player entry with no "breakdown" key threw YAML::InvalidNode and aborted
  // sessions, show and stats.
  std::vector<PlayerResult> players = ReadPlayerResults(
      R"({"status":"finished","game":"mists","outcome":"won","players":[)"
      R"({"name":"Anna","color":"red/green","score":53},{"name":"Ben","color":"blue","score":53}]})");
  REQUIRE(players.size() == 2);
  CHECK(players[0].name == "Anna");
  CHECK(players[0].score == 53);
  CHECK(players[0].breakdown.empty());
}
