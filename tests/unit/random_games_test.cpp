// Model-based tests (STYLE.md): seeded random legal games, checking after every verb that
// the incremental features equal a from-scratch flood fill and that the invariants hold.
// A failure prints its seed.
#include "carcref/simulate.h"
#include "support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

void CheckInvariants(const Game& g, std::uint64_t seed) {
  INFO("seed " << seed << ", turn " << g.turn());
  // Incremental union–find = flood fill (DESIGN.md "Board and features").
  REQUIRE(g.features().TakeSnapshot() == FloodFill(g.board()));
  // Meeples in supply + on the board = issued.
  for (int p = 0; p < static_cast<int>(g.setup().players.size()); ++p) {
    int on_board = 0;
    for (const Meeple& m : g.meeples()) on_board += m.player == p;
    REQUIRE(g.Supply(p) >= 0);
    REQUIRE(g.Supply(p) + on_board == g.setup().meeples_per_player);
  }
  // Scores = the sum of the scoring events.
  std::vector<int> sum(g.setup().players.size(), 0);
  for (const ScoreEvent& e : g.events())
    for (size_t p = 0; p < sum.size(); ++p) sum[p] += e.points[p];
  for (size_t p = 0; p < sum.size(); ++p) REQUIRE(g.totals()[p].Total() == sum[p]);
  // Edges match everywhere.
  for (const PlacedTile& t : g.board().tiles())
    for (Side s : kSides)
      if (const PlacedTile* n = g.board().At(Neighbor(t.cell, s)))
        REQUIRE(t.EdgeOn(s) == n->EdgeOn(Opposite(s)));
  // Between turns no meeple stands on a completed road, city or monastery (they go home when
  // scored); while a meeple is awaited, the features the tile closed still wait for scoring.
  if (g.phase() != Phase::kPlaceTile) return;
  for (const Meeple& m : g.meeples()) {
    NodeId n = g.features().Node(m.tile, m.segment);
    if (g.features().Info(n).kind != FeatureKind::kField)
      REQUIRE_FALSE(g.features().IsComplete(g.board(), n));
  }
}

}  // namespace

TEST_CASE("random games: incremental features equal a flood fill after every verb",
          "[random][features]") {
  GameSetup setup = Setup({{"A", "red"}, {"B", "blue"}, {"C", "green"}});
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    RandomGameResult r =
        PlayRandomGame(setup, seed, false, [&](const Game& g) { CheckInvariants(g, seed); });
    CHECK(r.placements + r.discards == 71);
  }
}

TEST_CASE("random games with the Winter tiles keep the invariants", "[random][winter]") {
  GameSetup setup = Setup({{"A", "red"}, {"B", "blue"}}, "winter");
  for (std::uint64_t seed = 100; seed < 106; ++seed) {
    RandomGameResult r =
        PlayRandomGame(setup, seed, false, [&](const Game& g) { CheckInvariants(g, seed); });
    CHECK(r.placements + r.discards == 83);
  }
}

TEST_CASE("random games replayed from their commands reach the same state",
          "[random][replay]") {
  GameSetup setup = Setup({{"A", "red"}, {"B", "blue"}, {"C", "green"}, {"D", "yellow"}});
  for (std::uint64_t seed = 7; seed < 11; ++seed) {
    INFO("seed " << seed);
    RandomGameResult r = PlayRandomGame(setup, seed, true);
    Referee referee = Start(setup);
    Play(referee, r.commands);
    CHECK(referee.game().phase() == Phase::kGameOver);
    CHECK(referee.game().Hash() == r.final_hash);
    for (size_t p = 0; p < r.totals.size(); ++p)
      CHECK(referee.game().totals()[p].Total() == r.totals[p]);
  }
}

TEST_CASE("random games are the same for the same seed", "[random]") {
  GameSetup setup = TwoPlayers();
  CHECK(PlayRandomGame(setup, 42).final_hash == PlayRandomGame(setup, 42).final_hash);
  CHECK(PlayRandomGame(setup, 42).final_hash != PlayRandomGame(setup, 43).final_hash);
}
