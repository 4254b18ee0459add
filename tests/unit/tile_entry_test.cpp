// Tile and meeple entry that cannot silently go wrong (issue #10): a short form whose
// catalogue sibling differs only by a pennant says which tile it took; `meeple city` /
// `meeple road` without a side take the only candidate, else list them; `meeple field SIDE`
// takes the one field along that side.
#include <catch2/catch.hpp>

#include "support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

std::vector<std::string> Notes(const Outcome& o) {
  std::vector<std::string> out;
  for (const GameNote& n : o.notes) out.push_back(n.text);
  return out;
}

}  // namespace

TEST_CASE("a short form with a pennant sibling says which tile it took", "[tile_entry]") {
  BaseMatch r = Start(TwoPlayers());
  // The start tile D's city faces north; G (fcfc turned: cfcf) goes on it.
  Result<Outcome> g = r.Execute("place cfcf 0,1");
  REQUIRE(g.ok());
  CHECK(r.game().board().tile(1).type->id == "G");
  CHECK(Notes(*g) == std::vector<std::string>{"cfcf is G; cfcf+ would be F"});
  REQUIRE(r.Execute("pass").ok());
  Result<Outcome> f = r.Execute("place cfcf+ 0,2");
  REQUIRE(f.ok());
  CHECK(r.game().board().tile(2).type->id == "F");
  CHECK(Notes(*f) == std::vector<std::string>{"cfcf+ is F; cfcf would be G"});
}

TEST_CASE("a short form without a pennant sibling, or an id, adds no note", "[tile_entry]") {
  BaseMatch r = Start(TwoPlayers());
  Result<Outcome> u = r.Execute("place frfr 1,0");  // U: no sibling differs by a pennant
  REQUIRE(u.ok());
  CHECK(Notes(*u).empty());
  REQUIRE(r.Execute("pass").ok());
  Result<Outcome> by_id = r.Execute("place G 0,1 90");
  REQUIRE(by_id.ok());
  CHECK(Notes(*by_id).empty());
}

TEST_CASE("meeple city / meeple road without a side take the only one on the tile",
          "[tile_entry]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place E 0,1 180", "meeple city"});  // E: one city, on its south side here
  CHECK(r.game().last_meeple().tile == 1);
  CHECK(r.game().board().tile(1).type->segments[r.game().last_meeple().segment].kind ==
        FeatureKind::kCity);
  Play(r, {"place U 1,0 0 meeple road"});  // U: one road
  REQUIRE(r.game().meeples().back().tile == 2);
  CHECK(r.game().board().tile(2).type->segments[r.game().meeples().back().segment].kind ==
        FeatureKind::kRoad);
}

TEST_CASE("meeple road with several roads on the tile lists them in one line", "[tile_entry]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place W 1,0 0"});  // a junction of three roads: E, S, W
  CHECK(Refusal(r, "meeple road") ==
        "this tile has 3 roads: meeple road E, meeple road S or meeple road W");
  CHECK(Refusal(r, "meeple city") == "tile W has no city");
  Play(r, {"meeple road S"});
}

TEST_CASE("meeple city with two cities: the only free one, else both listed", "[tile_entry]") {
  BaseMatch r = Start(TwoPlayers());
  // N (a corner city) turned 180 on D's city: city S+E, open to the east; Anna's knight.
  Play(r, {"place N 0,1 180", "meeple city"});
  // I (two caps, N and W) east of it: its W cap closes that city, its N cap is a city alone.
  Play(r, {"place I 1,1 0", "meeple city"});  // Anna's knight holds the one: Ben takes the N cap
  const Meeple& ben = r.game().last_meeple();
  CHECK(ben.player == 1);
  CHECK(r.game().board().tile(ben.tile).OwnerOfBoardPort(MiddlePort(kNorth)) == ben.segment);

  BaseMatch both = Start(TwoPlayers());
  Play(both, {"place I 0,1 270"});  // caps W and S, both free
  CHECK(Refusal(both, "meeple city") == "this tile has 2 cities: meeple city W or meeple city S");
}

TEST_CASE("meeple field SIDE takes the field along that side, or asks for a half-edge",
          "[tile_entry]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place U 1,0 0"});  // road W–E: a field north, a field south
  CHECK(Refusal(r, "meeple field E") ==
        "the E side touches two fields; name a half-edge: meeple field EL or meeple field ER");
  Play(r, {"meeple field N"});
  const Meeple& m = r.game().last_meeple();
  CHECK(r.game().board().tile(m.tile).OwnerOfBoardPort(PortOf(kNorth, 0)) == m.segment);
  CHECK(Refusal(r, "place G 5,5 0") != "");
}
