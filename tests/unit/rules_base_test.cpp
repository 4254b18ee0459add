// The base rules (RULES.md §A) through the canonical commands. Every worked example of §A.9
// is a named test; coordinates are worked out in the comments (y grows north; the start tile
// D lies at 0,0 with its city to the north and its road running west–east).
#include "support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

GameSetup ThreePlayers() { return Setup({{"Anna", "red"}, {"Ben", "yellow"}, {"Cleo", "blue"}}); }

const ScoreEvent& LastEvent(const BaseMatch& r) {
  REQUIRE_FALSE(r.game().events().empty());
  return r.game().events().back();
}

}  // namespace

TEST_CASE("TC-A-01 a city pays every field it borders; tied farmers each score", "[base][A.8.5]") {
  // City A: F at 0,-1 (band W–E, pennant) closed by E caps at -1,-1 and 1,-1.
  // City B: D's city closed by E at 0,1 (cap facing south).
  // The big field joins D's south field, F's north field, the east cap's field (through A at
  // 1,0), D's north strip (beside city B) and E(0,1)'s field (through B at 1,1): it borders A
  // and B and holds red farmers from turns 1 and 4 and yellow ones from turns 2 and 5.
  // Blue's field (F's south field + the U at 0,-2) borders A only.
  BaseMatch r = Start(ThreePlayers());
  Play(r, {
              "place F 0,-1 0 meeple field NL",    // Anna: red farmer 1 (D's south field)
              "place E 0,1 180 meeple field NL",   // Ben: closes B; yellow farmer 1
              "place U 0,-2 0 meeple field NL",    // Cleo: blue farmer beside A only
              "place E 1,-1 270 meeple field NL",  // Anna: red farmer 2 (east cap's field)
              "place U -1,0 0 meeple field NL",    // Ben: yellow farmer 2 (D's north strip)
              "place E -1,-1 90 pass",             // Cleo: closes A (3 tiles, 1 pennant)
              "place A 1,0 90 pass",               // Anna: joins D's fields and the east cap's
              "place B 1,1 0 pass",                // Ben: joins E(0,1)'s field
              "end",
          });
  CHECK(r.game().totals()[0].farms == 6);  // red: 2 cities × 3
  CHECK(r.game().totals()[1].farms == 6);  // yellow: tied 2–2, full points
  CHECK(r.game().totals()[2].farms == 3);  // blue: city A only
  CHECK(Total(r, 0) == 6);
  CHECK(Total(r, 1) == 6);
  CHECK(Total(r, 2) == 3);
  int field_events = 0;
  for (const ScoreEvent& e : r.game().events()) {
    if (e.kind != FeatureKind::kField) continue;
    ++field_events;
    if (e.winners.size() == 2) {
      CHECK(e.cities == 2);
      CHECK(e.meeples == std::vector<int>{2, 2, 0});
    } else {
      CHECK(e.cities == 1);
      CHECK(e.winners == std::vector<int>{2});
    }
  }
  CHECK(field_events == 2);
}

TEST_CASE("TC-A-02 an unfinished road of 4 tiles gives its thief 4", "[base][A.8.1]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place U 1,0 0 pass", "place U 2,0 0 meeple road E", "place U -1,0 0 pass", "end"});
  CHECK(Total(r, 1) == 4);
  CHECK(r.game().totals()[1].roads == 4);
  CHECK(Total(r, 0) == 0);
  CHECK(LastEvent(r).final);
  CHECK(LastEvent(r).tiles == 4);
}

TEST_CASE("TC-A-03 an unfinished monastery with 5 neighbours gives 6", "[base][A.8.3]") {
  // Monastery at 0,-1; neighbours D 0,0, U 1,0, U -1,0, B 1,-1, B -1,-1.
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place B 0,-1 0 meeple monastery", "place U 1,0 0 pass", "place U -1,0 0 pass",
           "place B 1,-1 0 pass", "place B -1,-1 0 pass", "end"});
  CHECK(r.game().totals()[0].monasteries == 6);
  CHECK(Total(r, 0) == 6);
}

TEST_CASE("TC-A-04 a completed 2-tile city without pennant gives 4", "[base][A.6.2]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place E 0,1 180 meeple city S"});
  const ScoreEvent& e = LastEvent(r);
  CHECK(e.kind == FeatureKind::kCity);
  CHECK_FALSE(e.final);
  CHECK(e.tiles == 2);
  CHECK(e.value == 4);  // no small-city exception (A.6.2)
  CHECK(Total(r, 0) == 4);
  CHECK(r.game().Supply(0) == 7);  // the knight came back (A.6.6)
}

TEST_CASE("TC-A-05 a loop road through its own junction counts that tile once", "[base][A.6.1]") {
  // Junction W at 1,0 (roads W, E, S); curves at 2,0 (W–S), 2,-1 (N–W), 1,-1 (N–E) bring the
  // east road back into the junction from the south: 4 distinct tiles.
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place W 1,0 0 meeple road E", "place V 2,0 0 pass", "place V 2,-1 90 pass",
           "place V 1,-1 180 pass"});
  const ScoreEvent& e = LastEvent(r);
  CHECK(e.kind == FeatureKind::kRoad);
  CHECK(e.tiles == 4);
  CHECK(e.value == 4);
  CHECK(e.points == std::vector<int>{4, 0});
}

TEST_CASE("TC-A-06 a surrounded monastery gives 9", "[base][A.6.3]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place B 0,-1 0 meeple monastery", "place U 1,0 0 pass", "place U -1,0 0 pass",
           "place B 1,-1 0 pass", "place B -1,-1 0 pass", "place E -1,-2 180 pass",
           "place E 0,-2 180 pass"});
  CHECK(Total(r, 0) == 0);
  Play(r, {"place E 1,-2 180 pass"});
  const ScoreEvent& e = LastEvent(r);
  CHECK(e.kind == FeatureKind::kMonastery);
  CHECK(e.value == 9);
  CHECK(Total(r, 0) == 9);
  CHECK(r.game().Supply(0) == 7);
}

TEST_CASE("TC-A-07 a field with no completed city gives 0 and its farmer stays", "[base][A.8.5]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place U 1,0 0 meeple field SL", "end"});
  const ScoreEvent& e = LastEvent(r);
  CHECK(e.kind == FeatureKind::kField);
  CHECK(e.value == 0);
  CHECK(e.winners == std::vector<int>{0});
  CHECK(Total(r, 0) == 0);
  CHECK(r.game().meeples().size() == 1);  // farmers never go back
}

TEST_CASE("TC-A-08 a tile with two caps closes one city and takes a knight on the other",
          "[base][A.4.5][A.4.6]") {
  // Anna's knight on the cap at 1,1 (facing east); H at 2,1 turned 90 closes that city with
  // its west cap and she puts a new knight on its east cap.
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place U 1,0 0 pass", "place U 2,0 0 pass", "place E 1,1 90 meeple city E",
           "place U -1,0 0 pass"});
  CHECK(r.game().Supply(0) == 6);
  Play(r, {"place H 2,1 90 meeple city E"});
  const ScoreEvent& e = LastEvent(r);
  CHECK(e.kind == FeatureKind::kCity);
  CHECK(e.value == 4);
  CHECK(Total(r, 0) == 4);
  CHECK(r.game().Supply(0) == 6);  // one back from the small city, one on the new cap
  REQUIRE(r.game().meeples().size() == 1);
  CHECK(r.game().board().tile(r.game().meeples()[0].tile).cell == Cell{2, 1});
}

TEST_CASE("TC-A-08 the meeple coming back cannot be placed again that turn", "[base][A.4.6]") {
  GameSetup setup = TwoPlayers();
  setup.meeples_per_player = 1;
  BaseMatch r = Start(setup);
  Play(r, {"place U 1,0 0 pass", "place U 2,0 0 pass", "place E 1,1 90 meeple city E",
           "place U -1,0 0 pass"});
  CHECK(r.game().Supply(0) == 0);
  // With her only knight on the closing city, Anna has none to put on the other cap.
  CHECK(Refusal(r, "place H 2,1 90 meeple city E").find("no meeple") != std::string::npos);
  Play(r, {"place H 2,1 90"});  // nothing to decide: the turn goes straight to scoring
  CHECK(Total(r, 0) == 4);
  CHECK(r.game().meeples().empty());
  CHECK(r.game().current_player() == 1);
}

TEST_CASE("TC-A-09 tied knights on a 3-tile city with a pennant each score 8", "[base][A.6.4]") {
  // Ben's cap at 1,1 faces east, Anna's at 3,1 faces west; F at 2,1 joins and closes them.
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place U 1,0 0 pass", "place E 1,1 90 meeple city E", "place U 2,0 0 pass",
           "place U 3,0 0 pass", "place E 3,1 270 meeple city W", "place F 2,1 0 pass"});
  const ScoreEvent& e = LastEvent(r);
  CHECK(e.tiles == 3);
  CHECK(e.pennants == 1);
  CHECK(e.value == 8);
  CHECK(e.winners == std::vector<int>{0, 1});
  CHECK(Total(r, 0) == 8);
  CHECK(Total(r, 1) == 8);
}

TEST_CASE("majority: more knights take it all", "[base][A.6.4]") {
  // Anna's knights on caps at 1,1 (facing east) and 3,1 (facing west), Ben's on a cap at 2,2
  // (facing south); R at 2,1 (city N, E, W) joins the three: 4 tiles = 8, 2 knights to 1.
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place U 1,0 0 pass", "place U 2,0 0 pass", "place E 1,1 90 meeple city E",
           "place U 3,0 0 pass", "place E 3,1 270 meeple city W", "place B 1,2 0 pass",
           "place U -1,0 0 pass", "place E 2,2 180 meeple city S", "place R 2,1 0 pass"});
  const ScoreEvent& e = LastEvent(r);
  CHECK(e.tiles == 4);
  CHECK(e.value == 8);
  CHECK(e.meeples == std::vector<int>{2, 1});
  CHECK(e.points == std::vector<int>{8, 0});
  CHECK(r.game().Supply(0) == 7);
  CHECK(r.game().Supply(1) == 7);  // the loser's knight comes back too (A.6.6)
}

TEST_CASE("a placement that breaks an edge is refused with the edge named", "[base][A.3]") {
  BaseMatch r = Start(TwoPlayers());
  CHECK(Refusal(r, "place E 0,1 0") == "south edge: field meets city of the tile at 0,0");
  CHECK(Refusal(r, "place U 1,1 0") == "1,1 touches no tile along an edge (A.3.2)");
  CHECK(Refusal(r, "place U 0,0 0") == "0,0 already holds tile D");
  CHECK(Refusal(r, "place U 1,0 90") == "west edge: field meets road of the tile at 0,0");
  CHECK(Refusal(r, "meeple road E").find("place a tile first") != std::string::npos);
}

TEST_CASE("a meeple on an occupied road is refused, however far away", "[base][A.4.3]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place U 1,0 0 meeple road E"});
  CHECK(Refusal(r, "place U -1,0 0 meeple road W") ==
        "the road W–E is already occupied: Anna's meeple at 1,0 (A.4.3)");
  Play(r, {"place U -1,0 0 meeple field NL"});
  CHECK(r.game().meeples().size() == 2);
}

TEST_CASE("A.4.3 your own meeple blocks a feature too", "[base][A.4.3]") {
  // Anna's thief on U 1,0 holds D's road; two turns later her own U at -1,0 extends the same
  // road: a second thief of hers is refused, and the game is unchanged.
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place U 1,0 0 meeple road E", "place U 2,0 0 pass"});
  CHECK(Refusal(r, "place U -1,0 0 meeple road W") ==
        "the road W–E is already occupied: Anna's meeple at 1,0 (A.4.3)");
  Play(r, {"place U -1,0 0 pass"});
  CHECK(r.game().meeples().size() == 1);
}

TEST_CASE("A.8.2 an unfinished city at the end: 1 per tile and 1 per pennant", "[base][A.8.2]") {
  // F at 1,1 (band W–E with a pennant, on U 1,0's north field) holds Ben's knight; its W edge
  // faces the empty 0,1 and its E edge the empty 2,1: open at the end, 1 tile + 1 pennant = 2.
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place U 1,0 0 pass", "place F 1,1 0 meeple city E", "end"});
  const ScoreEvent& e = LastEvent(r);
  CHECK(e.kind == FeatureKind::kCity);
  CHECK(e.final);
  CHECK(e.tiles == 1);
  CHECK(e.pennants == 1);
  CHECK(e.value == 2);
  CHECK(Total(r, 1) == 2);
  CHECK(r.game().totals()[1].cities == 2);
}

TEST_CASE("a tile with no copies left is refused", "[base][A.1]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place X 1,0 0 pass"});
  std::string why = Refusal(r, "place X 2,0 0");
  CHECK(why.rfind("no X left (the game has 1: played or discarded)", 0) == 0);
}

TEST_CASE("A.3.5 discard only what fits nowhere", "[base][A.3.5]") {
  BaseMatch r = Start(TwoPlayers());
  CHECK(Refusal(r, "discard U").find("only a tile that fits nowhere is discarded") !=
        std::string::npos);
  // With D's city closed every free edge is road or field: C (all city) fits nowhere.
  Play(r, {"place E 0,1 180 pass"});
  int before = r.game().RemainingTotal();
  int player = r.game().current_player();
  Play(r, {"discard C"});
  CHECK(r.game().RemainingTotal() == before - 1);
  CHECK(r.game().current_player() == player);  // the same player draws again
  CHECK(Refusal(r, "discard C").rfind("no C left", 0) == 0);
}

TEST_CASE("undo rebuilds the state before the last command", "[base][undo]") {
  BaseMatch r = Start(TwoPlayers());
  std::uint64_t start = r.game().Hash();
  Play(r, {"place U 1,0 0"});
  std::uint64_t placed = r.game().Hash();
  Play(r, {"meeple road E"});
  REQUIRE(r.Undo().ok());
  CHECK(r.game().Hash() == placed);
  CHECK(r.game().phase() == Phase::kPlaceMeeple);
  REQUIRE(r.Undo().ok());
  CHECK(r.game().Hash() == start);
  CHECK_FALSE(r.Undo().ok());
}

TEST_CASE("farmers can be switched off", "[base]") {
  GameSetup setup = TwoPlayers();
  setup.farmers = false;
  BaseMatch r = Start(setup);
  CHECK(Refusal(r, "place U 1,0 0 meeple field NL") == "farmers are not played in this game");
  Play(r, {"place U 1,0 0"});
  for (const MeepleOption& o : r.game().MeepleOptions()) CHECK(o.kind != FeatureKind::kField);
}

TEST_CASE("the game ends by itself after the last tile", "[base][A.7.1]") {
  GameSetup setup = TwoPlayers();
  // A tiny box: the start tile and one U.
  Catalog small;
  for (const TilePtr& t : setup.catalog.tiles) {
    if (t->id != "D" && t->id != "U") continue;
    auto copy = std::make_shared<TileType>(*t);
    copy->count = 1;
    small.tiles.push_back(copy);
  }
  setup.catalog = small;
  BaseMatch r = Start(setup);
  Play(r, {"place U 1,0 0 meeple road E"});
  CHECK(r.game().phase() == Phase::kGameOver);
  CHECK(Total(r, 0) == 2);  // the unfinished road D+U
  // NOTATION.md: the end was taken by itself, so `end` typed next changes nothing; a second
  // one is refused as any command after the end.
  std::uint64_t hash = r.game().Hash();
  Result<Outcome> end = r.Execute("end");
  REQUIRE(end.ok());
  CHECK(end->redundant);
  CHECK(r.game().Hash() == hash);
  CHECK(r.commands().size() == 1);
  CHECK(Refusal(r, "end") == "the game is already over");
}
