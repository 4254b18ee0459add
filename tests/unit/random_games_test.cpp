// Model-based tests (STYLE.md): seeded random legal games, checking after every verb that
// the incremental features equal a from-scratch flood fill and that the invariants hold.
// A failure prints its seed.
#include "carcref/simulate.h"
#include "invariants_support.h"
#include "support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

// The engine's invariants (carcref/invariants.h), among them: incremental union–find = flood
// fill (DESIGN.md "Board and features"); meeples in supply + on the board = issued; scores = the
// sum of the scoring events; edges match everywhere; between turns no meeple stands on a
// completed road, city or monastery (they go home when scored).
void RequireInvariantsAt(const Game& g, std::uint64_t seed) {
  INFO("seed " << seed << ", turn " << g.turn());
  RequireInvariants(g);
}

}  // namespace

TEST_CASE("random games: incremental features equal a flood fill after every verb",
          "[random][features]") {
  GameSetup setup = Setup({{"A", "red"}, {"B", "blue"}, {"C", "green"}});
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    RandomGameResult r =
        PlayRandomGame(setup, seed, false, [&](const Game& g) { RequireInvariantsAt(g, seed); });
    CHECK(r.placements + r.discards == 71);
  }
}

TEST_CASE("random games with the Winter tiles keep the invariants", "[random][winter]") {
  GameSetup setup = Setup({{"A", "red"}, {"B", "blue"}}, "winter");
  for (std::uint64_t seed = 100; seed < 106; ++seed) {
    RandomGameResult r =
        PlayRandomGame(setup, seed, false, [&](const Game& g) { RequireInvariantsAt(g, seed); });
    CHECK(r.placements + r.discards == 83);
  }
}

TEST_CASE("random games replayed from their commands reach the same state", "[random][replay]") {
  GameSetup setup = Setup({{"A", "red"}, {"B", "blue"}, {"C", "green"}, {"D", "yellow"}});
  for (std::uint64_t seed = 7; seed < 11; ++seed) {
    INFO("seed " << seed);
    RandomGameResult r = PlayRandomGame(setup, seed, true);
    BaseMatch match = Start(setup);
    Play(match, r.commands);
    CHECK(match.game().phase() == Phase::kGameOver);
    CHECK(match.game().Hash() == r.final_hash);
    for (size_t p = 0; p < r.totals.size(); ++p)
      CHECK(match.game().totals()[p].Total() == r.totals[p]);
  }
}

TEST_CASE("random games are the same for the same seed", "[random]") {
  GameSetup setup = TwoPlayers();
  CHECK(PlayRandomGame(setup, 42).final_hash == PlayRandomGame(setup, 42).final_hash);
  CHECK(PlayRandomGame(setup, 42).final_hash != PlayRandomGame(setup, 43).final_hash);
}
