// Mists over Carcassonne, co-op (RULES.md §B): the worked examples of §B.16 as named tests,
// through the co-op commands. The start tile used here: quarters NW ffff, NE ffff at 0,1 and
// 1,1; SW ffFf2 and SE ffFf1 at 0,0 and 1,0 (mist on their south edges, 2 + 1 ghosts).
#include <catch2/catch.hpp>
#include <sstream>

#include "mists_support.h"

using namespace carcref;
using namespace carcref::test;

TEST_CASE("TC-B-22 level 5 setup: 3 ghosts on the start tile, 10 in the supply", "[mists]") {
  MistsMatch r = Start(LevelSetup(5));
  CHECK(r.game().GhostsOnBoard() == 3);
  CHECK(r.game().bank() == 10);
  CHECK(r.game().piles() == std::vector<int>{20, 20, 20});
  CHECK(r.game().GhostsOnTile(r.game().board().IndexAt({0, 0})) == 2);  // 2 on one quarter
  CHECK(r.game().GhostsOnTile(r.game().board().IndexAt({1, 0})) == 1);  // 1 on another
}

TEST_CASE("B.2.2 meeples and colours by player count", "[mists]") {
  MistsMatch solo = Start(LevelSetup(1, {{"Anna", {}}}));
  CHECK(solo.game().colours().size() == 4);
  CHECK(solo.game().Supply(0) == 3);
  MistsMatch two = Start(LevelSetup(1, {{"Anna", {"red"}}, {"Ben", {}}}));
  CHECK(two.game().colours().size() == 4);
  CHECK(two.game().ColourOwner(1) == 0);  // Anna's second colour
  CHECK(two.game().Supply(0) == 3);
  MistsMatch three = Start(LevelSetup(1));
  CHECK(three.game().Supply(0) == 5);
}

TEST_CASE("TC-B-01 a finished 3-tile road scores 3 for the team", "[mists][B.9]") {
  // E of the start tile: a dead end at 2,0, a straight road at 3,0, a dead end at 4,0.
  MistsMatch r = Start(LevelSetup(1));
  Play(r, {"place frff 2,0", "pass", "place frfr 3,0", "meeple road E", "place fffr 4,0"});
  // The road closed with red's meeple on it: the team chooses points or ghosts.
  REQUIRE(r.game().phase() == MistsPhase::kEvaluate);
  REQUIRE(r.game().pending().size() == 1);
  CHECK(r.game().pending()[0].value == 3);
  Play(r, {"score"});
  CHECK(r.game().score() == 3);
  CHECK(r.game().Supply(1) == 5);  // Ben's (blue) meeple went home
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
}

TEST_CASE("TC-B-02 a finished 3-tile city with a pennant scores 8", "[mists][B.9.7]") {
  MistsMatch r = Start(LevelSetup(1));
  // The band joins Anna's city, so Ben has nothing to claim and the turn moves on.
  Play(r, {"place fcff 2,1", "meeple city E", "place fcfc+ 3,1", "place fffc 4,1", "score"});
  CHECK(r.game().score() == 8);
}

TEST_CASE("TC-B-03 the team calms 3 ghosts instead of scoring a road worth 4", "[mists][B.9.2]") {
  MistsMatch r = Start(LevelSetup(1));
  // Anna's meeple on the road; the next tiles extend the occupied road (no meeple choice).
  Play(r, {"place frff 2,0", "meeple road E", "place frfr 3,0", "place frfr 4,0",
           "place fFff3 2,1"});  // 3 ghosts on the tile at 2,1 (no bank extended)
  CHECK(r.game().GhostsOnTile(r.game().board().IndexAt({2, 1})) == 3);
  int bank = r.game().bank();
  Play(r, {"place fffr 5,0", "calm 2,1"});
  CHECK(r.game().score() == 0);
  CHECK(r.game().GhostsOnTile(r.game().board().IndexAt({2, 1})) == 0);
  CHECK(r.game().bank() == bank + 3);
  CHECK(r.game().Supply(0) == 5);  // the meeple returns either way (B.9.3)
}

TEST_CASE("TC-B-07 a 1-symbol tile extending mist places no ghost", "[mists][B.7.2]") {
  MistsMatch r = Start(LevelSetup(1));
  // Tile 1 at 2,0: mist on its east edge, 2 symbols, touching no other mist.
  Play(r, {"place fFff2 2,0"});  // nothing to claim: no road, no city
  CHECK(r.game().GhostsOnTile(r.game().board().IndexAt({2, 0})) == 2);
  // Tile 2 at 3,0: a band of mist W–E; its west edge meets tile 1's mist (the bank stays
  // open to the east): 1 symbol - 1 = 0.
  Play(r, {"place fFfF=1 3,0"});
  CHECK(r.game().GhostsOnTile(r.game().board().IndexAt({3, 0})) == 0);
  CHECK(r.game().GhostsOnTile(r.game().board().IndexAt({2, 0})) == 2);
  CHECK(r.game().bank() == 15 - 3 - 2);
}

TEST_CASE("B.7.3 a tile that finishes its own mist places no ghost", "[mists][B.7.3]") {
  MistsMatch r = Start(LevelSetup(1));
  Play(r, {"place fFff2 2,0", "place fffF1 3,0"});  // closes the two-tile bank
  CHECK(r.game().GhostsOnBoard() == 3);             // only the start tile's
  CHECK(r.game().bank() == 12);
}

TEST_CASE("TC-B-08 finishing a mist bank sends its ghosts back", "[mists][B.6.5]") {
  MistsMatch r = Start(LevelSetup(1));
  // The SW quarter's mist (2 ghosts) faces 0,-1; a tile misty on its north edge only closes it.
  int before = r.game().bank();
  Play(r, {"place Ffff1 0,-1"});
  CHECK(r.game().GhostsOnTile(r.game().board().IndexAt({0, 0})) == 0);
  CHECK(r.game().GhostsOnTile(r.game().board().IndexAt({0, -1})) == 0);  // B.7.3
  CHECK(r.game().bank() == before + 2);
}

TEST_CASE("TC-B-21 a ghost shortage loses at once", "[mists][B.7.4]") {
  MistsMatch r = Start(LevelSetup(1));
  // Run the bank down to 1: 12 ghosts left after the start tile.
  Play(r, {"place fFff3 2,0", "place fFff3 2,1", "place Ffff3 -1,1", "place Ffff2 -1,0"});
  CHECK(r.game().bank() == 1);
  Play(r, {"place fFff2 3,1"});
  CHECK(r.game().phase() == MistsPhase::kLost);
  CHECK(r.game().outcome() == "the bank had 1 ghost, this tile needed 2 (B.7.4)");
  CHECK(Refusal(r, "place ffff 3,0").rfind("the game is over", 0) == 0);
}

TEST_CASE("mist meets clear field: the bank can never be finished", "[mists][B.6.3]") {
  MistsMatch r = Start(LevelSetup(1));
  // Below the SW quarter's misty south edge goes a tile with a clear north edge.
  Play(r, {"place ffff 0,-1"});
  NodeId mist = -1;
  const TileType& sw = *r.game().board().tile(r.game().board().IndexAt({0, 0})).type;
  for (int s = 0; s < static_cast<int>(sw.segments.size()); ++s)
    if (sw.segments[s].kind == FeatureKind::kMist)
      mist = r.game().features().Node(r.game().board().IndexAt({0, 0}), s);
  REQUIRE(mist >= 0);
  CHECK(r.game().features().Info(mist).poisoned);
  CHECK_FALSE(r.game().features().IsComplete(r.game().board(), mist));
}

TEST_CASE("co-op refusals change nothing", "[mists]") {
  MistsMatch r = Start(LevelSetup(1));
  CHECK(Refusal(r, "place ffrfk 2,0") == "the castle tiles are not in this game");
  CHECK(Refusal(r, "place ffff 5,5").find("touches no tile") != std::string::npos);
  CHECK(Refusal(r, "meeple road E").find("a meeple goes on the tile just placed") == 0);
  Play(r, {"place RfRf1 2,0"});  // a misty road N–S: a meeple may stand on it (CONF-04)
  CHECK(Refusal(r, "meeple road N green").find("no colour") != std::string::npos);
  CHECK(Refusal(r, "meeple road E").find("no road on its E side") != std::string::npos);
  Play(r, {"meeple road N"});
}

TEST_CASE("B.1.4 the start tile: 3 ghosts, 2 on one quarter and 1 on another", "[mists][B.1.4]") {
  MistsSetup setup = LevelSetup(1);
  setup.start = {Tile("ffff"), Tile("ffff"), Tile("ffFf1"), Tile("ffFf1")};
  Result<MistsGame> three_ones = MistsGame::New(setup);  // 1+1 plus nothing: wrong count
  REQUIRE_FALSE(three_ones.ok());
  setup.start = {Tile("ffff"), Tile("ffFf1"), Tile("ffFf1"), Tile("ffFf1")};
  Result<MistsGame> spread = MistsGame::New(setup);
  REQUIRE_FALSE(spread.ok());
  CHECK(spread.status().message() ==
        "the start tile shows 3 ghost symbols, 2 on one quarter and 1 on another (B.1.4), not 3 "
        "spread that way");
  setup.start = {Tile("ffff"), Tile("ffff"), Tile("ffrfk"), Tile("ffFf3")};
  CHECK_FALSE(MistsGame::New(setup).ok());  // its ruin is no castle
  // Quarters must match each other like any tiles: a road running into a field is refused.
  setup.start = {Tile("ffff"), Tile("ffff"), Tile("frFf2"), Tile("ffFf1")};
  Result<MistsGame> mismatch = MistsGame::New(setup);
  REQUIRE_FALSE(mismatch.ok());
  CHECK(mismatch.status().message().rfind("start tile quarter 1,0: west edge", 0) == 0);
}

TEST_CASE("ghosts: the worst next tile follows the box and the bank", "[mists][B.7.4]") {
  MistsMatch r = Start(LevelSetup(1));
  CHECK(r.game().WorstNextTile() ==
        "a 3-symbol tile that extends no mist would leave 9 ghosts in the bank");
  // Use up the 7 tiles with 3 symbols (each gives its 3 ghosts back when mist is finished
  // below it: here they simply stack up until the bank runs short).
  Play(r, {"place fFff3 2,0", "place fFff3 2,1", "place Ffff3 -1,1"});
  CHECK(r.game().bank() == 3);
  CHECK(r.game().WorstNextTile() ==
        "a 3-symbol tile that extends no mist would leave 0 ghosts in the bank");
  Play(r, {"place Ffff1 -1,0"});
  CHECK(r.game().WorstNextTile() ==
        "a 3-symbol tile that extends no mist would need 3 ghosts: the team would lose (B.7.4)");
}
