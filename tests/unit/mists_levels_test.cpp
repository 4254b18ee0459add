// Mists over Carcassonne, co-op (RULES.md §B): the worked examples TC-B-04 … TC-B-20 of §B.16
// as named tests, built from legal placements of described tiles through the co-op commands,
// plus the refusals of bad input. mists_test.cpp holds TC-B-01, 02, 03, 07, 08, 21, 22.
//
// Geometry: x grows east, y grows NORTH. The start tile (B.1.4: four tiles) lies at 0,0–1,1:
//   0,1 NW ffff        1,1 NE ffff
//   0,0 SW ffFf2       1,0 SE ffFf1      (mist on the south edges: 2 + 1 ghosts)
// So the start tile is clear on its west, north and east sides, and misty along its south side.
// A tile is written as it lies: edges N E S W; c city, r road, f field, R/F misty road/field;
// `k` castle, `g` cemetery; a number = ghost symbols (NOTATION.md).
//
// The box (data/tiles/mists.yaml) holds 17 tiles with 0 ghost symbols (no mist), 17 with 1,
// 19 with 2 and 7 with 3, and refuses a description whose class is used up: a test may use at
// most 17 clear tiles. Long roads are therefore built as columns of misty road tiles with one
// symbol (Rfff1, RfRf1, ffRf1): the first places a ghost, the middle ones extend the bank (1 − 1
// = 0 ghosts, B.7.2) and the last finishes it (its ghost goes back, B.6.5), so a column costs no
// ghost in the end.
//
// Every command goes through Play(), which checks the engine's invariants after each one
// (carcref/invariants.h), among them: ghosts on the board + bank = bank size (B.14.5); no meeple
// on mist, a field or a cemetery unless buried (B.8.2, AMB-03, B.10.5); and between two states:
// the score (or each colour's score) never decreases; a buried meeple never moves (B.10.3).
#include <catch2/catch.hpp>
#include <sstream>

#include "mists_support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

// The same on the engine itself: a verb that must be refused leaves the game unchanged.
template <typename Verb>
std::string EngineRefusal(const MistsGame& g, Verb verb) {
  MistsGame copy = g;
  Status s = verb(copy);
  REQUIRE_FALSE(s.ok());
  REQUIRE(copy.Hash() == g.Hash());
  return s.message();
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

int At(const MistsGame& g, int x, int y) { return g.board().IndexAt({x, y}); }
int GhostsAt(const MistsGame& g, int x, int y) {
  int t = At(g, x, y);
  REQUIRE(t >= 0);
  return g.GhostsOnTile(t);
}

// Ghosts on the mist area of the tile at x,y that reaches the half-edge `half` ("SL").
int GhostsOnArea(const MistsGame& g, int x, int y, const std::string& half) {
  int t = At(g, x, y);
  REQUIRE(t >= 0);
  int area = g.board().tile(t).MistOfBoardPort(*ParseHalf(half));
  REQUIRE(area >= 0);
  auto it = g.ghosts().find({t, area});
  return it == g.ghosts().end() ? 0 : it->second;
}

// The segment of `kind` on the tile at x,y (the first one).
int SegmentOf(const MistsGame& g, int x, int y, FeatureKind kind) {
  const TileType& t = *g.board().tile(At(g, x, y)).type;
  for (int s = 0; s < static_cast<int>(t.segments.size()); ++s)
    if (t.segments[s].kind == kind) return s;
  FAIL("no such segment at " << x << "," << y);
  return -1;
}

// Standing meeples of a colour (by colour index).
int Standing(const MistsGame& g, int colour) {
  int n = 0;
  for (const MistsMeeple& m : g.meeples()) n += !m.buried && m.colour == colour;
  return n;
}

int Colour(const MistsGame& g, const std::string& name) {
  auto it = std::find(g.colours().begin(), g.colours().end(), name);
  REQUIRE(it != g.colours().end());
  return static_cast<int>(it - g.colours().begin());
}

// A road column of n >= 2 tiles at x, from y0 northwards: a dead end with its road going north
// (the meeple of `colour` on it), n − 2 straight tiles, a dead end with its road coming from
// the south. Every tile touches the tile below it; the first must touch the board (its south
// side or a neighbour column). Misty: the road and its edges lie in mist, 1 symbol per tile
// (Rfff1, RfRf1, ffRf1), net 0 ghosts (see the top of the file); else clear (rfff rfrf ffrf).
// `score`: the closing tile's evaluation takes the points.
std::vector<std::string> RoadColumn(int x, int y0, int n, const std::string& colour, bool misty,
                                    bool score = true) {
  auto at = [&](int y) { return " " + std::to_string(x) + "," + std::to_string(y); };
  std::vector<std::string> out;
  out.push_back(std::string("place ") + (misty ? "Rfff1" : "rfff") + at(y0));
  out.push_back("meeple road N " + colour);
  for (int y = y0 + 1; y < y0 + n - 1; ++y)
    out.push_back(std::string("place ") + (misty ? "RfRf1" : "rfrf") + at(y));
  out.push_back(std::string("place ") + (misty ? "ffRf1" : "ffrf") + at(y0 + n - 1));
  if (score) out.push_back("score");
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// B.9.5 joint scoring
// ---------------------------------------------------------------------------------------------

TEST_CASE("TC-B-04 two colours on one road: a 4-tile road scores 4 + 4", "[mists][B.9.5]") {
  // Turn order Anna (red), Ben (blue), Cleo (yellow). Level 1.
  //   y=1:  start 0,1 1,1 | 2,1 ffff   3,1 ffff   4,1 ffrf (red: road S to a farmhouse)
  //   y=0:  start 0,0 1,0 | 2,0 frff (yellow: road E)   3,0 frfr   4,0 rffr (closes)
  // Yellow's road 2,0–3,0 is open at 4,0; red could close it there alone (3 tiles, +3).
  // Instead red puts a dead end at 4,1 whose road runs south to the same cell 4,0, with her
  // meeple; on her next turn a W–N bend at 4,0 joins both: 2,0 3,0 4,0 4,1 = 4 tiles.
  MistsMatch r = Start(LevelSetup(1));
  Play(r, {"place ffff 2,1",                   // Anna (no road, no city: turn passes)
           "place ffff 3,1",                   // Ben
           "place frff 2,0", "meeple road E",  // Cleo: yellow
           "place frfr 3,0"});                 // Anna: yellow's road, nothing to claim
  // Here red could close it with fffr at 4,0 for 3 points; she plays for more.
  CHECK(r.game().current_player() == 1);
  Play(r, {"place ffff -1,0",    // Ben
           "place ffff -1,1"});  // Cleo
  CHECK(r.game().current_player() == 0);
  Play(r, {"place ffrf 4,1", "meeple road S",  // Anna: red, W f meets 3,1's E f
           "place ffff -1,2",                  // Ben (N of -1,1)
           "place ffff 0,2",                   // Cleo
           "place rffr 4,0"});                 // Anna: W road meets 3,0, N road meets 4,1
  REQUIRE(r.game().phase() == MistsPhase::kEvaluate);
  REQUIRE(r.game().pending().size() == 1);
  const PendingFeature& f = r.game().pending()[0];
  CHECK(f.value == 4);
  CHECK(f.colours == std::vector<int>{0, 2});  // red and yellow
  Play(r, {"score"});
  CHECK(r.game().score() == 8);  // 4 red + 4 yellow (B.9.5)
  CHECK(r.game().Supply(0) == 5);
  CHECK(r.game().Supply(2) == 5);
  CHECK(r.game().meeples().empty());
}

TEST_CASE("TC-B-05 two blue and one red on a 5-tile road: blue 5 + red 5", "[mists][B.9.5]") {
  // Two players: Anna red/green, Ben blue/yellow (B.2.2, 3 meeples per colour). Level 1.
  //   y=1:  2,1 … 6,1 ffff (supports)
  //   y=0:  2,0 frff (blue)  3,0 frfr  4,0 frfr (red)  5,0 frfr  6,0 fffr (blue)
  // Three separate pieces (2,0 | 4,0 | 6,0), joined by 3,0, then 5,0 closes the 5 tiles.
  MistsMatch r = Start(LevelSetup(1, {{"Anna", {"red", "green"}}, {"Ben", {"blue", "yellow"}}}));
  Play(r, {"place ffff 2,1",                        // Anna
           "place frff 2,0", "meeple road E blue",  // Ben
           "place ffff 3,1",                        // Anna
           "place ffff 4,1",                        // Ben
           "place frfr 4,0", "meeple road E red",   // Anna: N f meets 4,1
           "place ffff 5,1",                        // Ben
           "place ffff 6,1",                        // Anna
           "place fffr 6,0", "meeple road W blue",  // Ben
           "place frfr 3,0",                        // Anna: joins blue and red
           "place frfr 5,0"});                      // Ben: closes
  REQUIRE(r.game().pending().size() == 1);
  CHECK(r.game().pending()[0].value == 5);
  CHECK(r.game().pending()[0].colours.size() == 2);  // distinct colours, not meeples
  Play(r, {"score"});
  CHECK(r.game().score() == 10);
  CHECK(r.game().Supply(Colour(r.game(), "blue")) == 3);
  CHECK(r.game().Supply(Colour(r.game(), "red")) == 3);
}

TEST_CASE("TC-B-06 a 3-tile city with a pennant and two colours: 8 + 8", "[mists][B.9.5]") {
  // Anna red/green, Ben blue/yellow. Level 1.
  //   y=1:  2,1 fcff (red: city E)   3,1 fcfc+ (closes)   4,1 fffc (blue: city W)
  //   y=0:  2,0 ffff   3,0 ffff   4,0 ffff
  MistsMatch r = Start(LevelSetup(1, {{"Anna", {"red", "green"}}, {"Ben", {"blue", "yellow"}}}));
  Play(r, {"place ffff 2,0",                        // Anna
           "place ffff 3,0",                        // Ben
           "place ffff 4,0",                        // Anna
           "place fffc 4,1", "meeple city W blue",  // Ben
           "place fcff 2,1", "meeple city E red",   // Anna
           "place fcfc+ 3,1"});                     // Ben: closes
  REQUIRE(r.game().pending().size() == 1);
  CHECK(r.game().pending()[0].value == 8);  // 3 tiles × 2 + 1 pennant × 2
  Play(r, {"score"});
  CHECK(r.game().score() == 16);  // the pennant is worth 4 in all (E-FAQ)
}

// ---------------------------------------------------------------------------------------------
// Level 2: cemeteries and castles
// ---------------------------------------------------------------------------------------------

TEST_CASE("TC-B-09 a 2-symbol tile with an open cemetery on the board takes 3 ghosts",
          "[mists][B.7.5]") {
  MistsMatch r = Start(LevelSetup(2));
  CHECK(r.game().bank() == 12);
  // 2,0 ffffg: a cemetery, W f meets 1,0's E f. Cemetery tiles show no mist here: no ghost.
  Play(r, {"place ffffg 2,0"});
  CHECK(r.game().bank() == 12);
  CHECK(r.game().OpenCemeteries() == std::vector<Cell>{{2, 0}});
  // 2,1 fFff2: mist on its E edge facing the empty 3,1: it extends nothing, finishes nothing.
  Play(r, {"place fFff2 2,1"});
  CHECK(GhostsAt(r.game(), 2, 1) == 2);
  CHECK(GhostsAt(r.game(), 2, 0) == 1);  // the only open cemetery: no choice to make
  CHECK(r.game().bank() == 12 - 3);
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
}

TEST_CASE("TC-B-10 a cemetery closed on its 4 sides: yellow buried, its ghost back",
          "[mists][B.10]") {
  MistsMatch r = Start(LevelSetup(2));
  // The cemetery at 2,0 (neighbours 1,0 start, 2,1, 3,0, 2,-1) gets 1 ghost from 2,1 (B.7.5).
  Play(r, {"place ffffg 2,0",                    // Anna
           "place fFff2 2,1",                    // Ben: 2 + 1 ghosts
           "place rfff -1,0", "meeple road N",   // Cleo: yellow on a road N (E f meets 0,0)
           "place frff 3,0", "meeple road E"});  // Anna: red; the cemetery's 3rd neighbour
  CHECK(GhostsAt(r.game(), 2, 0) == 1);
  int bank = r.game().bank();
  // Ben fills 2,-1 (N f meets the cemetery's S f): the 4th side; two meeples stand.
  Play(r, {"place ffff 2,-1"});
  REQUIRE(r.game().phase() == MistsPhase::kBury);
  CHECK(Has(Refusal(r, "bury 2,1"), "no standing meeple"));
  CHECK(Has(Refusal(r, "bury yellow"), "standing meeple must be buried"));
  Play(r, {"bury -1,0"});
  int yellow = Colour(r.game(), "yellow");
  std::vector<BuriedKey> buried = Buried(r.game());
  REQUIRE(buried.size() == 1);
  CHECK(std::get<0>(buried[0]) == yellow);
  CHECK(std::get<1>(buried[0]) == At(r.game(), 2, 0));
  CHECK(r.game().Supply(yellow) == 4);  // lost for the rest of the game
  CHECK(GhostsAt(r.game(), 2, 0) == 0);
  CHECK(r.game().bank() == bank + 1);
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
  CHECK(Standing(r.game(), Colour(r.game(), "red")) == 1);
}

TEST_CASE("TC-B-11 a surrounded castle with 6 misty tiles in its block scores 12",
          "[mists][B.9.7]") {
  // The castle at 1,-1, under the start tile's SE quarter. Its block:
  //   y=0:   0,0 SW ffFf2 (mist)   1,0 SE ffFf1 (mist)   2,0 fFff1 (mist)
  //   y=-1:  0,-1 Ffff1 (mist)     1,-1 Ffffk1 (castle, mist)   2,-1 fFff1 (mist)
  //   y=-2:  0,-2 ffff             1,-2 ffff             2,-2 ffff
  MistsMatch r = Start(LevelSetup(2));
  // The castle's N mist meets 1,0's S mist: that bank (1 ghost) is finished, back to the bank.
  Play(r, {"place Ffffk1 1,-1", "meeple castle"});  // Anna: red on the castle
  CHECK(GhostsAt(r.game(), 1, 0) == 0);
  CHECK(GhostsAt(r.game(), 1, -1) == 0);
  CHECK(r.game().bank() == 13);
  Play(r, {"place Ffff1 0,-1"});  // finishes 0,0's bank: 2 back
  CHECK(r.game().bank() == 15);
  Play(r, {"place fFff1 2,0",   // 1 ghost
           "place fFff1 2,-1",  // 1 ghost
           "place ffff 0,-2", "place ffff 1,-2"});
  CHECK(r.game().bank() == 13);
  CHECK(r.game().pending().empty());
  Play(r, {"place ffff 2,-2"});  // the 8th neighbour
  REQUIRE(r.game().pending().size() == 1);
  CHECK(r.game().pending()[0].kind == FeatureKind::kCastle);
  CHECK(r.game().pending()[0].value == 12);  // 6 tiles with mist × 2
  Play(r, {"score"});
  CHECK(r.game().score() == 12);
  CHECK(r.game().Supply(0) == 5);
}

// ---------------------------------------------------------------------------------------------
// Level 3: hounds
// ---------------------------------------------------------------------------------------------

TEST_CASE("TC-B-12 score 8 → 16 places hound 1: 5 ghosts calmed, the piles merge",
          "[mists][B.11]") {
  // Level 3 (hound 1 at 15). Anna red, Ben blue, Cleo yellow.
  //   y=3:   0,3 fcff  1,3 fcfc+  2,3 fffc          (second city: 8)
  //   y=2:   0,2 fcff  1,2 fcfc+  2,2 fffc          (first city: 8)
  //   y=1:  -1,1 fffF1 | start | 2,1 fFff1
  //   y=0:  -1,0 fffF1 | start | 2,0 ffffg (cemetery)   3,0 Ffrf2 (blue: road S)
  // Every misty tile places its ghosts and, the cemetery being open (2,-1 stays empty),
  // one more on the cemetery (B.7.5): 4 ghosts on it.
  MistsMatch r = Start(LevelSetup(3));
  Play(r, {"place ffffg 2,0",                   // Anna
           "place Ffrf2 3,0", "meeple road S",  // Ben: 2 ghosts + 1 on the cemetery
           "place fFff1 2,1",                   // Cleo: 1 + 1
           "place fffF1 -1,0",                  // Anna: 1 + 1
           "place fffF1 -1,1"});                // Ben: 1 + 1
  CHECK(GhostsAt(r.game(), 2, 0) == 4);
  CHECK(GhostsAt(r.game(), 3, 0) == 2);
  CHECK(r.game().bank() == 3);
  Play(r, {"place fcff 0,2", "meeple city E",  // Cleo: yellow
           "place fcfc+ 1,2",                  // Anna
           "place fffc 2,2", "score"});        // Ben: 3 tiles + pennant = 8
  CHECK(r.game().score() == 8);
  CHECK(r.game().hounds_reached() == 0);
  Play(r, {"place fcff 0,3", "meeple city E",  // Cleo
           "place fcfc+ 1,3",                  // Anna
           "place fffc 2,3", "score"});        // Ben: 8 → 16
  CHECK(r.game().score() == 16);
  REQUIRE(r.game().phase() == MistsPhase::kHound);
  CHECK(r.game().hounds_reached() == 1);
  CHECK(r.game().piles() == std::vector<int>{9, 20, 20});  // 11 tiles drawn, not yet merged
  CHECK(Has(Refusal(r, "hound 0,2"), "no standing meeple"));
  Play(r, {"hound 3,0"});  // the only standing meeple: blue's
  REQUIRE(r.game().phase() == MistsPhase::kHoundCalm);
  CHECK(Has(Refusal(r, "calm 0,0"), "3×3 block"));  // 0,0 is not in 3,0's block
  Play(r, {"calm 3,0"});                            // the 2 on the hound's own tile
  CHECK(Has(Refusal(r, "calm 2,0 cemetery 4"), "at most 3"));
  Play(r, {"calm 2,0 cemetery 3"});  // 3 of the 4 on the cemetery
  CHECK(GhostsAt(r.game(), 3, 0) == 0);
  CHECK(GhostsAt(r.game(), 2, 0) == 1);  // 1 stays
  CHECK(r.game().bank() == 8);           // 5 back
  // B.11.3 c: the rest of pile 1 on top of pile 2, now active.
  CHECK(r.game().piles() == std::vector<int>{0, 29, 20});
  CHECK(r.game().active_pile() == 1);
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
  // B.11.5: blue's road closes (3,-1 rfff: a dead end N); the hound scores 1 per ghost on the
  // board after the evaluation: 3 (start) + 1 (2,1) + 1 + 1 (-1,0 -1,1) + 1 (cemetery) = 7.
  Play(r, {"place rfff 3,-1", "score"});
  CHECK(r.game().score() == 16 + 2 + 7);
  CHECK(r.game().hounds()[0].done);
}

TEST_CASE("B.11.3 b the hound calms ghosts on two DIFFERENT tiles", "[mists][B.11]") {
  // TC-B-12's position at the hound: the cemetery at 2,0 holds 4 ghosts. Calming 3 there and
  // then 1 more from the same tile would take 4 from one tile.
  MistsMatch r = Start(LevelSetup(3));
  Play(r, {"place ffffg 2,0", "place Ffrf2 3,0", "meeple road S", "place fFff1 2,1",
           "place fffF1 -1,0", "place fffF1 -1,1", "place fcff 0,2", "meeple city E",
           "place fcfc+ 1,2", "place fffc 2,2", "score", "place fcff 0,3", "meeple city E",
           "place fcfc+ 1,3", "place fffc 2,3", "score", "hound 3,0"});
  Play(r, {"calm 2,0 cemetery 3"});
  REQUIRE(r.game().phase() == MistsPhase::kHoundCalm);
  CHECK(Has(Refusal(r, "calm 2,0 cemetery 1"), "2,0"));
  Play(r, {"calm 2,1"});
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
}

// ---------------------------------------------------------------------------------------------
// Level 5: haunted cemeteries and face-down tiles
// ---------------------------------------------------------------------------------------------

TEST_CASE("TC-B-13 a haunted cemetery puts 1 ghost on each of its 3 misty neighbours",
          "[mists][B.7.6]") {
  MistsMatch r = Start(LevelSetup(5));
  // -1,0 fffF1: mist on its W edge (E f meets 0,0's W f): 1 ghost.
  Play(r, {"place fffF1 -1,0"});
  CHECK(r.game().bank() == 9);
  // The cemetery at 0,-1: its 8 neighbours hold -1,0, 0,0 and 1,0, all three with mist.
  Play(r, {"place ffffg 0,-1"});
  CHECK(GhostsAt(r.game(), -1, 0) == 2);
  CHECK(GhostsAt(r.game(), 0, 0) == 3);
  CHECK(GhostsAt(r.game(), 1, 0) == 2);
  CHECK(GhostsAt(r.game(), 0, -1) == 0);  // never on the haunted cemetery itself
  CHECK(r.game().bank() == 6);
  CHECK(r.game().phase() == MistsPhase::kFaceDown);  // 3c: a cemetery is open
}

TEST_CASE("TC-B-14 level 6: a city of red and yellow worth 6 gives each colour 6",
          "[mists][B.13]") {
  // Anna red, Ben yellow, Cleo green.
  //   y=1:  2,1 fcff (red)   3,1 fcfc (closes)   4,1 fffc (yellow)
  //   y=0:  2,0 ffff         3,0 ffff            4,0 ffff
  MistsMatch r =
      Start(LevelSetup(6, {{"Anna", {"red"}}, {"Ben", {"yellow"}}, {"Cleo", {"green"}}}));
  CHECK(r.game().Supply(0) == 4);  // AMB-08: 3 players give a meeple to the score marker
  Play(r, {"place ffff 2,0", "place ffff 3,0", "place ffff 4,0", "place fcff 2,1",
           "meeple city E",                    // Anna: red
           "place fffc 4,1", "meeple city W",  // Ben: yellow
           "place fcfc 3,1"});                 // Cleo: closes 3 tiles
  REQUIRE(r.game().pending().size() == 1);
  CHECK(r.game().pending()[0].value == 6);
  Play(r, {"score"});
  int red = Colour(r.game(), "red"), yellow = Colour(r.game(), "yellow"),
      green = Colour(r.game(), "green");
  CHECK(r.game().colour_scores()[red] == 6);
  CHECK(r.game().colour_scores()[yellow] == 6);
  CHECK(r.game().colour_scores()[green] == 0);
  CHECK(r.game().score() == 0);  // no shared score at level 6
}

TEST_CASE("TC-B-15 a face-down tile on the open end of yellow's road: stuck for good",
          "[mists][B.12.6]") {
  // Yara yellow, Anna red, Ben blue. Level 5.
  //   y=1:  start | 2,1 frff (yellow: road E)   3,1 face-down
  //   y=0:  start | 2,0 ffffg (cemetery)
  MistsMatch r = Start(LevelSetup(5, {{"Yara", {"yellow"}}, {"Anna", {"red"}}, {"Ben", {"blue"}}}));
  Play(r, {"place frff 2,1", "meeple road E",  // Yara
           "place ffffg 2,0"});                // Anna: haunts 1,0 (mist): +1
  CHECK(GhostsAt(r.game(), 1, 0) == 2);
  REQUIRE(r.game().phase() == MistsPhase::kFaceDown);
  std::vector<Cell> cells = r.game().FaceDownCells();
  CHECK(std::find(cells.begin(), cells.end(), Cell{3, 1}) != cells.end());
  Play(r, {"facedown 3,1"});
  CHECK(r.game().current_player() == 2);
  int road =
      r.game().features().Node(At(r.game(), 2, 1), SegmentOf(r.game(), 2, 1, FeatureKind::kRoad));
  CHECK_FALSE(r.game().features().IsComplete(r.game().board(), road));
  // The road's only open end faces the face-down tile: no tile can ever go there.
  CHECK(Has(Refusal(r, "place fffr 3,1"), "3,1"));
  Play(r, {"place ffff 3,0",   // Ben (touches 2,0; 3,1 is face-down)
           "facedown 2,-1"});  // next to the cemetery
  int yellow = Colour(r.game(), "yellow");
  CHECK(Standing(r.game(), yellow) == 1);
  CHECK(r.game().Supply(yellow) == 4);
}

TEST_CASE("TC-B-16 a face-down tile fills the 8th neighbour: the cemetery closes, a burial",
          "[mists][B.12]") {
  // Level 5. The cemetery at 0,-1; its 8 neighbours: -1,0 0,0 1,0 / -1,-1 1,-1 /
  // -1,-2 0,-2 1,-2.
  MistsMatch r = Start(LevelSetup(5));
  Play(r, {"place ffffg 0,-1",  // Anna: haunts 0,0 and 1,0
           "facedown 0,-2"});
  CHECK(r.game().bank() == 8);
  Play(r, {"place rfff -1,0", "meeple road N",  // Ben: blue (E f meets 0,0)
           "facedown -1,-1"});
  // B.5.4: a face-up tile next to a face-down one must touch a face-up tile too.
  CHECK(Has(Refusal(r, "place ffff -1,-2"), "face-down"));
  Play(r, {"place frff 1,-1", "meeple road E",  // Cleo: yellow (W f meets the cemetery)
           "facedown 1,-2"});
  CHECK(r.game().OpenCemeteries() == std::vector<Cell>{{0, -1}});  // 7 of 8
  Play(r, {"place ffff 2,0"});                                     // Anna
  REQUIRE(r.game().phase() == MistsPhase::kFaceDown);
  Play(r, {"facedown -1,-2"});                     // the 8th
  REQUIRE(r.game().phase() == MistsPhase::kBury);  // two standing: the team must choose
  Play(r, {"bury 1,-1"});
  int yellow = Colour(r.game(), "yellow");
  CHECK(r.game().Supply(yellow) == 4);
  CHECK(Buried(r.game()).size() == 1);
  CHECK(r.game().OpenCemeteries().empty());
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
  CHECK(r.game().current_player() == 1);
  CHECK(r.game().bank() == 8);  // a haunted cemetery holds no ghost to give back (B.12.2)
}

TEST_CASE("TC-B-17 hound 1 reached with only buried meeples: lost, the piles still merge",
          "[mists][B.11.4]") {
  // Level 3. Anna red/green, Ben blue/yellow.
  //   y=1:  start | 2,1 ffff   3,1 fcff (red)   4,1 fcfc+   5,1 fffc (blue)
  //   y=0:  start | 2,0 ffffg  3,0 ffff         4,0 ffff    5,0 ffff
  //   y=-1:         2,-1 ffff
  MistsMatch r = Start(LevelSetup(3, {{"Anna", {"red", "green"}}, {"Ben", {"blue", "yellow"}}}));
  Play(r, {"place ffffg 2,0", "place ffff 2,1", "place ffff 3,0", "place ffff 2,-1"});
  // Closed with no meeple on the board: one from a supply, the team picks the colour.
  REQUIRE(r.game().phase() == MistsPhase::kBury);
  Play(r, {"bury blue"});
  CHECK(r.game().Supply(Colour(r.game(), "blue")) == 2);
  Play(r, {"place ffff 4,0",                        // Anna
           "place ffff 5,0",                        // Ben
           "place fcff 3,1", "meeple city E red",   // Anna
           "place fffc 5,1", "meeple city W blue",  // Ben
           "place fcfc+ 4,1", "score"});            // Anna: 8 × 2 colours = 16 ≥ 15
  CHECK(r.game().score() == 16);
  CHECK(r.game().StandingMeeples().empty());
  CHECK(r.game().hounds_reached() == 1);
  CHECK(r.game().hounds()[0].done);
  CHECK(r.game().hounds()[0].tile == -1);                       // never placed
  CHECK(r.game().piles() == std::vector<int>{0, 20 + 11, 20});  // 9 drawn; EDGE-11
  CHECK(r.game().active_pile() == 1);
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
}

TEST_CASE("TC-B-18 calming on the start tile: at most 3, from one quarter", "[mists][B.9.2]") {
  // Level 5: two haunted cemeteries next to the SW quarter 0,0 bring it to 4 ghosts.
  MistsMatch r = Start(LevelSetup(5));
  Play(r, {"place ffffg 0,-1", "facedown 0,-2",     // Anna: 0,0 → 3, 1,0 → 2
           "place ffffg -1,0", "facedown -1,-1"});  // Ben: 0,0 → 4
  CHECK(GhostsAt(r.game(), 0, 0) == 4);
  CHECK(GhostsAt(r.game(), 1, 0) == 2);
  Play(r, {"place frff 2,0", "meeple road E",    // Cleo: yellow
           "facedown -2,0", "place fffr 3,0"});  // Anna: closes the 2-tile road
  REQUIRE(r.game().phase() == MistsPhase::kEvaluate);
  CHECK(Has(Refusal(r, "calm 0,0 SL 4"), "at most 3"));
  CHECK(Refusal(r, "calm 0,0 SL 2 1,0").size() > 0);  // a second tile in one calm
  int sw = At(r.game(), 0, 0), se = At(r.game(), 1, 0);
  int sw_mist = SegmentOf(r.game(), 0, 0, FeatureKind::kMist);
  int se_mist = SegmentOf(r.game(), 1, 0, FeatureKind::kMist);
  CHECK(Has(EngineRefusal(r.game(),
                          [&](MistsGame& g) {
                            return g.CalmFeature(0, {{{sw, sw_mist}, 2}, {{se, se_mist}, 1}});
                          }),
            "one tile"));
  int bank = r.game().bank();
  Play(r, {"calm 0,0"});  // all of that quarter's place: 3 of its 4
  CHECK(GhostsAt(r.game(), 0, 0) == 1);
  CHECK(GhostsAt(r.game(), 1, 0) == 2);
  CHECK(r.game().bank() == bank + 3);
  CHECK(r.game().score() == 0);
}

// ---------------------------------------------------------------------------------------------
// Thresholds reached by real scoring
// ---------------------------------------------------------------------------------------------

TEST_CASE("TC-B-19 level 4: 58 with pile 2 active, then +5: hound 2, pile 2 onto pile 3",
          "[mists][B.11]") {
  // Solo: Anna plays red, green, blue and yellow (3 meeples each). Level 4: hound 1 at 20,
  // hound 2 at 60, goal 120.
  //   x:      0        1           2           3
  //   y=8:   ffRf1    ffRf1 red   ffrf yellow ffrf
  //   y=7:   RfRf1    RfRf1       rfrf        rfrf
  //   y=6:   RfRf1    RfRf1 yel.  rfrf        rfrf
  //   y=5:   RfRf1    RfRf1       rfrf        rfrf
  //   y=4:   RfRf1    RfRf1 blue  rfrf green  rfff red
  //   y=3:   RfRf1    RfRf1       rfrf        ffrf
  //   y=2:   Rfff1 r  Rfff1 green rfff red    rfff red
  //   y=1:   start    start
  //   y=0:   start    start       frff blue (parked: the hounds' meeple)   3,0 fffr (closes)
  MistsMatch r = Start(LevelSetup(4, {{"Anna", {}}}));
  REQUIRE(r.game().colours() == std::vector<std::string>{"red", "green", "blue", "yellow"});
  Play(r, {"place frff 2,0", "meeple road E blue"});
  Play(r, RoadColumn(0, 2, 7, "red", true));  // 7: red
  CHECK(r.game().score() == 7);
  // Column 1: four separate pieces (1,2 | 1,4 | 1,6 | 1,8) next to column 0, then joined.
  Play(r, {"place Rfff1 1,2", "meeple road N green", "place RfRf1 1,4", "meeple road N blue",
           "place RfRf1 1,6", "meeple road N yellow", "place ffRf1 1,8", "meeple road S red"});
  CHECK(r.game().bank() == 10 - 4);                 // 1 ghost on each piece
  Play(r, {"place RfRf1 1,3", "place RfRf1 1,5"});  // extend: no ghost
  CHECK(r.game().bank() == 6);
  Play(r, {"place RfRf1 1,7"});  // finishes the column's mist (4 back) and closes the road
  CHECK(r.game().bank() == 10);
  REQUIRE(r.game().pending().size() == 1);
  CHECK(r.game().pending()[0].value == 7);
  CHECK(r.game().pending()[0].colours.size() == 4);
  Play(r, {"score"});  // 7 × 4 = 28: 35 ≥ 20
  CHECK(r.game().score() == 35);
  REQUIRE(r.game().phase() == MistsPhase::kHound);
  Play(r, {"hound 2,0"});
  REQUIRE(r.game().phase() == MistsPhase::kHoundCalm);  // 1,0 holds a ghost
  Play(r, {"done"});
  CHECK(r.game().piles() == std::vector<int>{0, 25, 20});  // 15 drawn from pile 1
  CHECK(r.game().active_pile() == 1);
  // Column 2, clear: three pieces (2,2 red | 2,4 green | 2,8 yellow): 7 × 3 = 21 → 56.
  Play(r, {"place rfff 2,2", "meeple road N red", "place rfrf 2,4", "meeple road N green",
           "place ffrf 2,8", "meeple road S yellow", "place rfrf 2,3", "place rfrf 2,5",
           "place rfrf 2,6", "place rfrf 2,7", "score"});
  CHECK(r.game().score() == 56);
  Play(r, RoadColumn(3, 2, 2, "red", false));  // +2
  CHECK(r.game().score() == 58);
  CHECK(r.game().active_pile() == 1);
  CHECK(r.game().hounds_reached() == 1);
  CHECK(r.game().piles() == std::vector<int>{0, 25 - 9, 20});
  Play(r, RoadColumn(3, 4, 5, "red", false));  // +5 = 63 ≥ 60
  CHECK(r.game().score() == 63);
  REQUIRE(r.game().phase() == MistsPhase::kHound);
  CHECK(r.game().hounds_reached() == 2);
  Play(r, {"hound 2,0", "done"});  // EDGE-14: both hounds with the parked blue meeple
  CHECK(r.game().piles() == std::vector<int>{0, 0, 20 + 11});
  CHECK(r.game().active_pile() == 2);
  // The parked road closes (3,0 fffr: 2 tiles): blue +2, then each hound 1 per ghost (3).
  Play(r, {"place fffr 3,0", "score"});
  CHECK(r.game().score() == 63 + 2 + 3 + 3);
  CHECK(r.game().hounds()[0].done);
  CHECK(r.game().hounds()[1].done);
}

TEST_CASE("TC-B-20 level 6: hound 1 only once every colour has 10", "[mists][B.13.3]") {
  // Anna red, Yara yellow, Gus green; 4 meeples each (AMB-08). Hound 1 at 10.
  //   x:     0          1            2            3             4
  //   y=8:                                        ffRf1
  //   y=7:                                        RfRf1
  //   y=6:                                        RfRf1
  //   y=5:                                        RcRf1 (red on city E)   4,5 fffc
  //   y=4:   ffcf       ffcf yellow  ffrf yellow  RfRf1
  //   y=3:   cfcf       cfcf         rfrf         RfRf1         ffrf
  //   y=2:   cfff red   cfff red     rfff green   Rfff1 green   rfff yellow
  MistsMatch r =
      Start(LevelSetup(6, {{"Anna", {"red"}}, {"Yara", {"yellow"}}, {"Gus", {"green"}}}));
  const MistsGame& g = r.game();
  auto scores = [&]() { return g.colour_scores(); };  // red, yellow, green (setup order)
  REQUIRE(g.colours() == std::vector<std::string>{"red", "yellow", "green"});
  Play(r, {"place cfff 0,2", "meeple city N",  // T1 Anna
           "place cfcf 0,3",                   // T2 Yara
           "place ffcf 0,4", "score"});        // T3 Gus: red 6
  CHECK(scores() == std::vector<int>{6, 0, 0});
  Play(r, {"place cfff 1,2", "meeple city N",  // T4 Anna: red
           "place ffcf 1,4", "meeple city S",  // T5 Yara: yellow
           "place rfff 2,2", "meeple road N",  // T6 Gus: green
           "place cfcf 1,3", "score"});        // T7 Anna: city of 3, red + yellow
  CHECK(scores() == std::vector<int>{12, 6, 0});
  Play(r, {"place ffrf 2,4", "meeple road S",   // T8 Yara: yellow
           "place Rfff1 3,2", "meeple road N",  // T9 Gus: green
           "place rfrf 2,3", "score"});         // T10 Anna: road of 3, green + yellow
  CHECK(scores() == std::vector<int>{12, 9, 3});
  Play(r, {"place RfRf1 3,3",                   // T11 Yara
           "place RfRf1 3,4",                   // T12 Gus
           "place RcRf1 3,5", "meeple city E",  // T13 Anna: red on the city cap
           "place RfRf1 3,6",                   // T14 Yara
           "place RfRf1 3,7",                   // T15 Gus
           "place ffRf1 3,8", "score"});        // T16 Anna: road of 7, green
  CHECK(scores() == std::vector<int>{12, 9, 10});
  CHECK(g.hounds_reached() == 0);  // red 12 and green 10 are not enough: yellow has 9
  CHECK(g.piles() == std::vector<int>{4, 20, 20});
  Play(r, {"place rfff 4,2", "meeple road N",  // T17 Yara: yellow
           "place ffrf 4,3", "score"});        // T18 Gus: yellow +2 = 11
  CHECK(scores() == std::vector<int>{12, 11, 10});
  REQUIRE(g.phase() == MistsPhase::kHound);
  CHECK(g.hounds_reached() == 1);
  Play(r, {"hound 3,5"});  // no ghost in its block: the hound is done calming
  CHECK(g.phase() == MistsPhase::kPlaceTile);
  CHECK(g.piles() == std::vector<int>{0, 22, 20});
  // AMB-09: the hound's points go to its meeple's colour. Red's city closes (2 tiles = 4),
  // then the hound: 3 ghosts on the board (the start tile's) → red +3.
  Play(r, {"place fffc 4,5", "score"});
  CHECK(scores() == std::vector<int>{12 + 4 + 3, 11, 10});
}

// ---------------------------------------------------------------------------------------------
// Edge cases of the register (§E) and the engine's corners
// ---------------------------------------------------------------------------------------------

namespace {

// TC-B-12's position up to hound 1 waiting (level 3, score 16): blue stands on the road S of
// 3,0 (2 ghosts on that tile), the open cemetery 2,0 holds 4, 2,1 -1,0 -1,1 one each, the start
// tile 3. Bank 3.
MistsMatch HoundPosition(MistsOptions options = {}) {
  MistsSetup setup = LevelSetup(3);
  setup.options = options;
  MistsMatch r = Start(setup);
  Play(r, {"place ffffg 2,0", "place Ffrf2 3,0", "meeple road S", "place fFff1 2,1",
           "place fffF1 -1,0", "place fffF1 -1,1", "place fcff 0,2", "meeple city E",
           "place fcfc+ 1,2", "place fffc 2,2", "score", "place fcff 0,3", "meeple city E",
           "place fcfc+ 1,3", "place fffc 2,3", "score"});
  REQUIRE(r.game().phase() == MistsPhase::kHound);
  return r;
}

}  // namespace

TEST_CASE("a number typed too long for an int is refused in one line, not a crash", "[mists]") {
  // Found by the whole-script fuzz campaign: `meeple 999…9` threw from std::stoi.
  const std::string huge = "99999999999999999999";
  MistsMatch r = Start(LevelSetup(1));
  Play(r, {"place frff 2,0"});
  CHECK(Refusal(r, "meeple " + huge) == "there is no place " + huge);
  Play(r, {"meeple road E", "place fffr 3,0"});
  REQUIRE(r.game().phase() == MistsPhase::kEvaluate);
  CHECK(Refusal(r, "score " + huge) == "no finished feature " + huge);
  CHECK(Refusal(r, "calm " + huge + " 0,0 SL 1") == "no finished feature " + huge);
  CHECK(Refusal(r, "calm 0,0 SL " + huge) == "at most 3 ghosts from one tile, not " + huge);
  Play(r, {"calm 0,0 SL 1 SR 1"});  // and the game goes on
  CHECK(GhostsAt(r.game(), 0, 0) == 0);
}

TEST_CASE("B.9.2 a calm that names one ghost place twice takes no more than stand there",
          "[mists][B.9.2]") {
  // Level 1: the SW quarter's mist (SL S SR) holds 2 ghosts; a road of 2 closes with red on it.
  MistsMatch r = Start(LevelSetup(1));
  Play(r, {"place frff 2,0", "meeple road E", "place fffr 3,0"});
  REQUIRE(r.game().phase() == MistsPhase::kEvaluate);
  CHECK(GhostsAt(r.game(), 0, 0) == 2);
  // SL and SR are the same mist area: 2 + 1 = 3 ghosts asked for where 2 stand.
  Refusal(r, "calm 0,0 SL 2 SR 1");
  Play(r, {"calm 0,0 SL 1 SR 1"});
  CHECK(GhostsAt(r.game(), 0, 0) == 0);
  CHECK(r.game().bank() == 14);
}

TEST_CASE("B.11.5 after a calm the hound counts only the ghosts left", "[mists][B.11.5]") {
  MistsMatch r = HoundPosition();
  Play(r, {"hound 3,0", "calm 3,0", "calm 2,0 cemetery 3"});  // 7 left on the board
  CHECK(r.game().GhostsOnBoard() == 7);
  // Blue's road closes; the team calms the start tile's SW quarter (2) instead of scoring:
  // the hound then finds 5 ghosts.
  Play(r, {"place rfff 3,-1", "calm 0,0"});
  CHECK(r.game().score() == 16 + 5);
}

TEST_CASE("AMB-05 a meeple buried with its hound: the hound goes to the box unscored",
          "[mists][AMB-05]") {
  MistsMatch r = HoundPosition();
  Play(r, {"hound 3,0", "done"});
  CHECK(r.game().GhostsOnTile(At(r.game(), 2, 0)) == 4);
  int bank = r.game().bank();
  // 2,-1 (N f meets the cemetery's S f; E f meets 3,0's W f) closes the cemetery: blue is the
  // only standing meeple, so it is buried at once, and its hound boxed; the 4 ghosts go back.
  Play(r, {"place ffff 2,-1"});
  CHECK(Buried(r.game()).size() == 1);
  CHECK(r.game().hounds()[0].done);
  CHECK(r.game().score() == 16);
  CHECK(r.game().bank() == bank + 4);
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
}

TEST_CASE("AMB-05 alternative: a meeple with its hound is not buried; a supply meeple is",
          "[mists][AMB-05]") {
  MistsOptions options;
  options.no_burying_hounds = true;
  MistsMatch r = HoundPosition(options);
  Play(r, {"hound 3,0", "done"});
  // The same cemetery closes, but blue, the only standing meeple, waits with the hound: it
  // cannot be buried, so the team buries one from a supply and the hound stays.
  Play(r, {"place ffff 2,-1"});
  REQUIRE(r.game().phase() == MistsPhase::kBury);
  CHECK(r.game().BuryCandidates().empty());
  CHECK(Has(Refusal(r, "bury 3,0"), "hound"));
  Play(r, {"bury red"});
  CHECK(Buried(r.game()).size() == 1);
  CHECK_FALSE(r.game().hounds()[0].done);
  CHECK(Standing(r.game(), Colour(r.game(), "blue")) == 1);
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
}

TEST_CASE("B.11.3 a hound never joins a buried meeple", "[mists][B.11.3]") {
  // TC-B-17's burial, then a threshold with a standing meeple left: only that one is offered.
  MistsMatch r = Start(LevelSetup(3, {{"Anna", {"red", "green"}}, {"Ben", {"blue", "yellow"}}}));
  Play(r, {"place ffffg 2,0", "place ffff 2,1", "place ffff 3,0", "place ffff 2,-1", "bury blue",
           "place ffff 4,0", "place ffff 5,0", "place fcff 3,1", "meeple city E red",  // Anna
           "place rfff -1,1", "meeple road N yellow",  // Ben: a dead end W of the start
           "place ffff -1,0",                          // Anna
           "place fffc 5,1", "meeple city W blue",     // Ben
           "place fcfc+ 4,1", "score"});               // Anna: 8 × 2 = 16
  REQUIRE(r.game().phase() == MistsPhase::kHound);
  CHECK(Has(Refusal(r, "hound 2,0"), "no standing meeple"));
  int buried = -1;
  for (int m = 0; m < static_cast<int>(r.game().meeples().size()); ++m)
    if (r.game().meeples()[m].buried) buried = m;
  REQUIRE(buried >= 0);
  CHECK(Has(EngineRefusal(r.game(), [&](MistsGame& g) { return g.PlaceHound(buried); }), "buried"));
  Play(r, {"hound -1,1"});
}

TEST_CASE("EDGE-13 both thresholds in one scoring: two hounds, two pile merges",
          "[mists][EDGE-13]") {
  // Level 3, solo (red green blue yellow). Column 0: a misty road of 7 (red, 7 points). Column
  // 1: a city of 7 tiles, four separate pieces (1,2 cfff | 1,4 cfcf | 1,6 cfcf | 1,8 ffcf), one
  // colour each, then joined: 7 × 2 × 4 colours = 56: 7 → 63 passes 15 and 50 at once.
  MistsMatch r = Start(LevelSetup(3, {{"Anna", {}}}));
  Play(r, {"place frff 2,0", "meeple road E blue"});  // parked: the hounds' meeple
  Play(r, RoadColumn(0, 2, 7, "red", true));
  CHECK(r.game().score() == 7);
  Play(r, {"place cfff 1,2", "meeple city N green", "place cfcf 1,4", "meeple city N blue",
           "place cfcf 1,6", "meeple city N yellow", "place ffcf 1,8", "meeple city S red",
           "place cfcf 1,3", "place cfcf 1,5", "place cfcf 1,7"});
  REQUIRE(r.game().pending().size() == 1);
  CHECK(r.game().pending()[0].value == 14);
  Play(r, {"score"});
  CHECK(r.game().score() == 63);
  REQUIRE(r.game().phase() == MistsPhase::kHound);
  CHECK(r.game().hounds_reached() == 1);
  Play(r, {"hound 2,0", "done"});
  CHECK(r.game().piles() == std::vector<int>{0, 25, 20});
  REQUIRE(r.game().phase() == MistsPhase::kHound);  // hound 2 right after
  CHECK(r.game().hounds_reached() == 2);
  Play(r, {"hound 2,0", "done"});
  CHECK(r.game().piles() == std::vector<int>{0, 0, 45});
  CHECK(r.game().active_pile() == 2);
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
}

TEST_CASE("EDGE-12 a new hound may join a finished feature not yet evaluated", "[mists][EDGE-12]") {
  // Level 3, solo. A score of 8 first (a city of 3 with a pennant, red), then one tile closes
  // two features: a city (+8 → 16 ≥ 15) and a road with blue on it.
  //   y=3:  0,3 fcff (green)   1,3 fcfc+   2,3 frfc (closes both)   3,3 fffr (blue)
  //   y=2:  0,2 fcff (red)     1,2 fcfc+   2,2 fffc                 3,2 ffff
  // 2,3 frfc: city W (the y=3 city's cap) and road E; one road edge on a tile with a city runs
  // into the city (NOTATION rule 2), so the road 2,3–3,3 ends at the city and at 3,3's house.
  MistsMatch r = Start(LevelSetup(3, {{"Anna", {}}}));
  Play(r, {"place fcff 0,2", "meeple city E red", "place fcfc+ 1,2", "place fffc 2,2", "score"});
  CHECK(r.game().score() == 8);
  Play(r, {"place fcff 0,3", "meeple city E green", "place fcfc+ 1,3", "place ffff 3,2",
           "place fffr 3,3", "meeple road W blue", "place frfc 2,3"});
  REQUIRE(r.game().pending().size() == 2);
  int city = r.game().pending()[0].kind == FeatureKind::kCity ? 1 : 2;
  CHECK(r.game().pending()[static_cast<size_t>(city - 1)].value == 8);
  CHECK(r.game().pending()[static_cast<size_t>(2 - city)].value == 2);
  // EDGE-09: the active player picks the order: the city first.
  Play(r, {"score " + std::to_string(city)});
  CHECK(r.game().score() == 16);
  REQUIRE(r.game().phase() == MistsPhase::kHound);
  CHECK(Has(Refusal(r, "hound 0,3"), "no standing meeple"));  // green went home
  Play(r, {"hound 3,3"});  // blue, on the road still waiting (no ghost near: no calming)
  REQUIRE(r.game().phase() == MistsPhase::kEvaluate);
  CHECK(r.game().piles() == std::vector<int>{0, 20 + 12, 20});  // 8 tiles drawn
  Play(r, {"score"});  // the road: 2, then the hound: 3 ghosts on the board
  CHECK(r.game().score() == 16 + 2 + 3);
  CHECK(r.game().hounds()[0].done);
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
}

TEST_CASE("EDGE-07 a new misty cemetery takes the extra ghost itself", "[mists][EDGE-07]") {
  // Level 2: 2,0 Ffffg1 is a cemetery with mist on its N edge (facing the empty 2,1): 1 ghost
  // on its mist, and being the only open cemetery, the extra one on itself (B.7.5).
  MistsMatch r = Start(LevelSetup(2));
  Play(r, {"place Ffffg1 2,0"});
  int t = At(r.game(), 2, 0);
  CHECK(r.game().ghosts().at({t, SegmentOf(r.game(), 2, 0, FeatureKind::kMist)}) == 1);
  CHECK(r.game().ghosts().at({t, SegmentOf(r.game(), 2, 0, FeatureKind::kCemetery)}) == 1);
  CHECK(r.game().bank() == 10);
  // A tile whose 1 symbol is used up by extending (B.7.2): 0 mist ghosts, so no cemetery ghost.
  Play(r, {"place ffFf1 2,1"});          // its S mist meets 2,0's N mist: the bank is finished too
  CHECK(r.game().bank() == 11);          // 2,0's mist ghost back; nothing placed
  CHECK(GhostsAt(r.game(), 2, 0) == 1);  // the cemetery's
}

TEST_CASE("B.7.5 two open cemeteries: the team picks the one that takes the ghost",
          "[mists][B.7.5]") {
  MistsMatch r = Start(LevelSetup(2));
  Play(r, {"place ffffg 2,0", "place ffffg -1,0", "place fFff2 2,1"});
  REQUIRE(r.game().phase() == MistsPhase::kCemeteryGhost);
  CHECK(r.game().bank() == 10);  // the 2 mist ghosts are placed already
  CHECK(Has(Refusal(r, "cemetery 2,1"), "no open cemetery"));
  CHECK(Has(Refusal(r, "place ffff 3,0"), "finish this turn"));
  Play(r, {"cemetery -1,0"});
  CHECK(GhostsAt(r.game(), -1, 0) == 1);
  CHECK(GhostsAt(r.game(), 2, 0) == 0);
  CHECK(r.game().bank() == 9);
}

TEST_CASE("B.7.4 the cemetery's extra ghost counts towards the shortage", "[mists][B.7.4]") {
  MistsMatch r = Start(LevelSetup(2));
  Play(r, {"place ffffg 2,0",
           "place fFff3 2,1",     // 3 + 1: bank 8
           "place fffF3 -1,0",    // 3 + 1: bank 4
           "place fffF1 -1,1"});  // 1 + 1: bank 2
  CHECK(r.game().bank() == 2);
  Play(r, {"place Ffff2 0,2"});  // 2 would fit; 2 + 1 do not
  CHECK(r.game().phase() == MistsPhase::kLost);
  CHECK(Has(r.game().outcome(), "needed 3"));
  CHECK(r.game().bank() == 2);  // no partial placement
}

TEST_CASE("EDGE-10 the meeple on a road the same tile finishes may be buried", "[mists][EDGE-10]") {
  // Level 2. The cemetery at 2,0 has 1,0, 2,1 and 3,0 around it; yellow waits on a dead end
  // at 3,-1 (road W) whose open end is 2,-1, the cemetery's 4th side. 2,-1 frff closes both.
  MistsMatch r = Start(LevelSetup(2));
  Play(r, {"place ffffg 2,0",                   // Anna
           "place ffff 2,1",                    // Ben
           "place ffff 3,0",                    // Cleo
           "place rfff -1,0", "meeple road N",  // Anna: red, elsewhere
           "place ffff 4,0",                    // Ben
           "place fffr 3,-1", "meeple road W",  // Cleo: yellow (N f meets 3,0)
           "place ffff 5,0"});                  // Anna
  Play(r, {"place frff 2,-1"});                 // Ben: the road 2,-1–3,-1 and the cemetery
  REQUIRE(r.game().phase() == MistsPhase::kBury);
  Play(r, {"bury 3,-1"});
  // 1c before 3a: the road is finished with nobody on it. Ben may claim it (B.8.1: a region
  // the tile has just finished) or pass: then it is not evaluated at all (AMB-04).
  REQUIRE(r.game().phase() == MistsPhase::kPlaceMeeple);
  Play(r, {"pass"});
  CHECK(r.game().pending().empty());
  CHECK(r.game().score() == 0);
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
  CHECK(Buried(r.game()).size() == 1);
  CHECK(r.game().Supply(Colour(r.game(), "yellow")) == 4);
}

namespace {

// Level 1, solo. Column 0: a misty road of 7 (red: 7). Column 1: a city of 7 in four pieces, one
// colour each; its last joiner 1,3 is `crcf`: city N–S and a road E that runs into the city (a
// gate), meeting red's dead end at 2,3 (fffr, on 2,2 ffff). The city is scored first:
// 7 + 56 = 63 ≥ 50 wins while red's road (2 tiles) waits.
MistsMatch WinWithARoadWaiting(MistsOptions options = {}) {
  MistsSetup setup = LevelSetup(1, {{"Anna", {}}});
  setup.options = options;
  MistsMatch r = Start(setup);
  Play(r, RoadColumn(0, 2, 7, "red", true));
  Play(r, {"place cfff 1,2", "meeple city N green", "place cfcf 1,4", "meeple city N blue",
           "place cfcf 1,6", "meeple city N yellow", "place ffcf 1,8", "meeple city S red",
           "place ffff 2,2", "place fffr 2,3", "meeple road W red", "place cfcf 1,5",
           "place cfcf 1,7", "place crcf 1,3"});
  REQUIRE(r.game().pending().size() == 2);
  int city = r.game().pending()[0].kind == FeatureKind::kCity ? 1 : 2;
  Play(r, {"score " + std::to_string(city)});
  return r;
}

}  // namespace

TEST_CASE("AMB-26 the team wins at once; another finished feature stays unevaluated",
          "[mists][AMB-26]") {
  MistsMatch r = WinWithARoadWaiting();
  CHECK(r.game().score() == 63);
  CHECK(r.game().phase() == MistsPhase::kWon);
  CHECK(r.game().pending().size() == 1);  // the road: not evaluated
  CHECK(Standing(r.game(), Colour(r.game(), "red")) == 1);
  CHECK(Has(Refusal(r, "score"), ""));
  CHECK(Has(Refusal(r, "place ffff 3,2"), "over"));
}

TEST_CASE("AMB-26 alternative: after the win the waiting road is scored for the record",
          "[mists][AMB-26][options]") {
  MistsOptions options;
  options.evaluate_after_win = true;  // --evaluate-after-win
  MistsMatch r = WinWithARoadWaiting(options);
  CHECK(r.game().phase() == MistsPhase::kWon);
  CHECK(r.game().outcome() == "the score reached 63 of 50");
  CHECK(r.game().score() == 63 + 2);  // the road, for the record
  CHECK(r.game().pending().empty());
  CHECK(Standing(r.game(), Colour(r.game(), "red")) == 0);  // every red meeple home
  CHECK(r.game().events().back().text ==
        "road E into the city at 1,3: 2 tiles = 2 for red = +2 (B.9.5) (for the record, "
        "AMB-26's alternative)");
  CHECK(Has(Refusal(r, "score"), "over"));
}

TEST_CASE("EDGE-06 one finished and one open mist area: the open area's symbols, no discount",
          "[mists][EDGE-06][B.7.3]") {
  // Level 1. 0,-1 FfFf1/1: a patch on its N edge meets the SW quarter's misty S edge and
  // finishes that bank (its 2 ghosts back, B.6.5); the S patch faces the empty 0,-2 and meets
  // no mist. EDGE-06: the open area's symbol is placed, minus 1 only if THAT area extended a
  // bank; it did not, so 1 ghost (the finished area's extension gives no discount).
  MistsMatch r = Start(LevelSetup(1));
  Play(r, {"place FfFf1/1 0,-1"});
  CHECK(GhostsAt(r.game(), 0, 0) == 0);
  CHECK(GhostsAt(r.game(), 0, -1) == 1);
  CHECK(r.game().bank() == 13);  // 12 + 2 back − 1
  const MistsEvent& placed = r.game().events().back();
  CHECK(placed.kind == MistsEvent::Kind::kGhosts);
  CHECK(placed.text == "1 ghost placed: 1 at 0,-1; bank 13");
}

TEST_CASE("EDGE-06 the open area extends a bank too: 1 fewer", "[mists][EDGE-06][B.7.2]") {
  // Level 1. 2,0 fFfF=2: a band W–E; its W edge faces the SE quarter's clear E edge, so that
  // bank can never be finished (B.6.3): 2 ghosts. 3,0 fFfF1/1 has two patches: W meets the
  // band (open for good), E faces the empty 4,0. Both stay open, and W extends a bank:
  // 2 symbols − 1 = 1 (B.7.2, AMB-28: 1 fewer for the tile).
  MistsMatch r = Start(LevelSetup(1));
  Play(r, {"place fFfF=2 2,0"});
  REQUIRE(r.game().bank() == 10);
  Play(r, {"place fFfF1/1 3,0"});
  CHECK(GhostsAt(r.game(), 3, 0) == 1);
  CHECK(r.game().bank() == 9);
}

TEST_CASE("AMB-28 two open mist areas that both extend a bank: 1 fewer for the tile, not 2",
          "[mists][AMB-28][B.7.2]") {
  // Level 1. 2,0 fFfF=2: a band whose W edge faces clear field (never finished, B.6.3): 2
  // ghosts. Clear tiles 2,1 3,1 4,1 lead to 4,0 fFfF=1: a band whose E edge faces the empty
  // 5,0: 1 ghost. 3,0 fFfF1/1 between them: its W patch extends 2,0's band, its E patch 4,0's;
  // neither bank is finished. AMB-28: 1 fewer for the tile: 2 − 1 = 1 ghost (per area: 0).
  MistsMatch r = Start(LevelSetup(1));
  Play(r, {"place fFfF=2 2,0", "place ffff 2,1", "place ffff 3,1", "place ffff 4,1",
           "place fFfF=1 4,0"});
  REQUIRE(r.game().bank() == 9);
  Play(r, {"place fFfF1/1 3,0"});
  CHECK(GhostsAt(r.game(), 3, 0) == 1);
  CHECK(r.game().bank() == 8);
  const MistsEvent& placed = r.game().events().back();
  CHECK(placed.text ==
        "1 ghost placed: 1 at 3,0 (1 fewer: the mist extends a bank, B.7.2); bank 8");
}

TEST_CASE("AMB-28 (B.7.3) the ghost left off is the extending area's: the other keeps its own",
          "[mists][AMB-28][B.7.3]") {
  // Level 1. 0,-1 F[FFf]Ff1/1: its N patch (NL NR EL E) meets the SW quarter's misty S edge and
  // stays open (E faces the empty 1,-1); its S patch (SL SR) faces the empty 0,-2 and extends
  // nothing. 1 fewer for the tile (B.7.2), left off the N patch, the one that extends a bank:
  // the S patch keeps its ghost. (Leaving it off the last area emptied the S patch.)
  MistsMatch r = Start(LevelSetup(1));
  Play(r, {"place F[FFf]Ff1/1 0,-1"});
  CHECK(GhostsOnArea(r.game(), 0, -1, "SL") == 1);
  CHECK(GhostsOnArea(r.game(), 0, -1, "NL") == 0);
  CHECK(r.game().bank() == 11);
}

TEST_CASE("AMB-28 (B.7.3) two areas extend a bank: the ghost left off is the first from NL",
          "[mists][AMB-28][B.7.3]") {
  // The position of the AMB-28 test above: 3,0 fFfF1/1's E patch (EL E ER) and W patch (WL W
  // WR) both extend a bank. Reading order NL NR EL ER SL SR WL WR: the E patch comes first and
  // loses its ghost; the W patch keeps its own.
  MistsMatch r = Start(LevelSetup(1));
  Play(r, {"place fFfF=2 2,0", "place ffff 2,1", "place ffff 3,1", "place ffff 4,1",
           "place fFfF=1 4,0", "place fFfF1/1 3,0"});
  CHECK(GhostsOnArea(r.game(), 3, 0, "WL") == 1);
  CHECK(GhostsOnArea(r.game(), 3, 0, "EL") == 0);
}

TEST_CASE("a Mists log names its rules edition; one without it replays by the older rules",
          "[mists][options][log][AMB-28][EDGE-24]") {
  // New sessions are logged with "rules": 2; a log without the key was played before AMB-28
  // (B.7.3) and EDGE-24 (B.14.1) were settled, and replays to the states it logged.
  const std::string before =
      R"({"game":"mists","level":1,"meeples_on_misty_roads":true,"facedown_orthogonal":false,)"
      R"("players":[{"name":"Anna","colours":["red"]},{"name":"Ben","colours":["blue"]},)"
      R"({"name":"Cleo","colours":["green"]}],"start":["cfff","fcff","ffFr2","frFf1"]})";
  GameStart old_start;
  REQUIRE(MistsDefinition().read_logged_options(before, &old_start).ok());
  CHECK(old_start.rules_edition == 1);
  std::string now = before;
  now.insert(now.find(R"(,"players")"), R"(,"rules":2)");
  GameStart new_start;
  REQUIRE(MistsDefinition().read_logged_options(now, &new_start).ok());
  CHECK(new_start.rules_edition == 0);

  // The older B.7.3: the last open area's ghost was left off (0,-1's S patch, which extends
  // nothing), where AMB-28 now leaves off the extending N patch's.
  MistsSetup older = LevelSetup(1);
  older.options.before_amb28_edge24 = true;
  MistsMatch r = Start(older);
  Play(r, {"place F[FFf]Ff1/1 0,-1"});
  CHECK(GhostsOnArea(r.game(), 0, -1, "SL") == 0);
  CHECK(GhostsOnArea(r.game(), 0, -1, "NL") == 1);
}

TEST_CASE("AMB-28 alternative (--fewer-per-area) unchanged: each extending area loses one",
          "[mists][AMB-28][options]") {
  MistsSetup setup = LevelSetup(1);
  setup.options.fewer_per_area = true;
  MistsMatch r = Start(setup);
  Play(r, {"place F[FFf]Ff1/1 0,-1"});
  CHECK(GhostsOnArea(r.game(), 0, -1, "SL") == 1);
  CHECK(GhostsOnArea(r.game(), 0, -1, "NL") == 0);
}

namespace {

// Solo (red green blue yellow) at `level` (3 or 5: hound 1 at 15, hound 2 at 50, goal 100),
// up to the last tile of a cross-shaped city. The city at 0,2–2,2 (red, green; 3 tiles, 3
// pennants: 12 × 2 = 24) brings hound 1, which joins yellow at 0,4 on the cross, still open.
// Its four arms (yellow, blue, red, green) wait for the centre 1,4 cccc+: 5 tiles + 5
// pennants = 20 × 4 colours = 80, 24 + 80 = 104 ≥ 100. Clear tiles only (12 of the box's 17).
MistsMatch CrossCityBeforeItsCentre(int level, bool before_edge24 = false) {
  MistsSetup setup = LevelSetup(level, {{"Anna", {}}});
  setup.options.before_amb28_edge24 = before_edge24;  // a log from before EDGE-24 was settled
  MistsMatch r = Start(setup);
  Play(r, {"place fcff+ 0,2", "meeple city E red", "place ffff 2,1", "place fffc+ 2,2",
           "meeple city W green", "place ffff 0,3", "place fcff+ 0,4", "meeple city E yellow",
           "place fcfc+ 1,2", "score"});
  REQUIRE(r.game().score() == 24);
  REQUIRE(r.game().phase() == MistsPhase::kHound);
  Play(r, {"hound 0,4"});
  Play(r, {"place cfff+ 1,3", "meeple city N blue", "place ffff 2,3", "place fffc+ 2,4",
           "meeple city W red", "place ffff 0,5", "place ffcf+ 1,5", "meeple city S green"});
  REQUIRE(r.game().phase() == MistsPhase::kPlaceTile);
  REQUIRE(r.game().score() == 24);
  return r;
}

}  // namespace

TEST_CASE("EDGE-24 (B.14.1) the evaluation that reaches the goal wins: its hound does not score",
          "[mists][EDGE-24][B.14.1]") {
  // Level 3, solo (red green blue yellow): hound 1 at 15, goal 100. The city at 0,2–2,2 (red,
  // green; 3 tiles, 3 pennants: 12 × 2 = 24) brings hound 1, which joins yellow at 0,4 on a
  // cross-shaped city still open. Four arms (yellow, blue, red, green) and the centre 1,4
  // cccc+ close it: 5 tiles + 5 pennants = 20 × 4 = 80, 24 + 80 = 104 ≥ 100. The team has
  // won at once; hound 1, waiting on that city, goes to the box unscored (3 ghosts would have
  // made it 107).
  MistsMatch r = CrossCityBeforeItsCentre(3);
  Play(r, {"place cccc+ 1,4"});
  REQUIRE(r.game().GhostsOnBoard() == 3);
  Play(r, {"score"});
  CHECK(r.game().phase() == MistsPhase::kWon);
  CHECK(r.game().score() == 104);
  CHECK(r.game().outcome() == "the score reached 104 of 100");
  CHECK(r.game().hounds()[0].done);
  const std::vector<MistsEvent>& events = r.game().events();
  CHECK(events.back().text == "hound 1 goes to the box unscored: the team has won");
  for (const MistsEvent& e : events) CHECK_FALSE(Has(e.text, "hound 1 scores"));
}

TEST_CASE("B.14.1 a level-5 game reaching its goal of 100 is won", "[mists][B.14.1][B.13]") {
  // Level 5 (goal 100, as level 3, haunted cemeteries: none on this board). 24 is far from the
  // goal; the cross's 80 reach 104: the team wins and the game is over.
  MistsMatch r = CrossCityBeforeItsCentre(5);
  CHECK(r.game().level().goal == 100);
  Play(r, {"place cccc+ 1,4", "score"});
  CHECK(r.game().phase() == MistsPhase::kWon);
  CHECK(r.game().score() == 104);
  CHECK(r.game().outcome() == "the score reached 104 of 100");
  CHECK(Has(Refusal(r, "place ffff 3,3"), "over"));
}

TEST_CASE("EDGE-24: a log from before it was settled replays by its rules: the hound scored",
          "[mists][EDGE-24][log]") {
  // The level-3 cross of the EDGE-24 test, logged before the rule was settled (no "rules" in
  // its options): the waiting hound scored its 3 ghosts before the win was checked.
  MistsMatch r = CrossCityBeforeItsCentre(3, /*before_edge24=*/true);
  Play(r, {"place cccc+ 1,4", "score"});
  CHECK(r.game().phase() == MistsPhase::kWon);
  CHECK(r.game().score() == 107);
}

TEST_CASE("B.11.2 pile 1 used up before hound 1: the team loses", "[mists][B.14.3]") {
  // Level 3: 20 tiles and no score. Row y=2 westwards from 0,2 … then eastwards.
  MistsMatch r = Start(LevelSetup(3));
  std::vector<std::string> lines;
  for (int x = 0; x >= -16; --x) lines.push_back("place ffff " + std::to_string(x) + ",2");
  lines.push_back("place fFff1 1,2");  // 18: mist E
  lines.push_back("place fffF1 2,2");  // 19: finishes it
  Play(r, lines);
  CHECK(r.game().piles() == std::vector<int>{1, 20, 20});
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
  CHECK(r.game().box().Left() == 41);
  CHECK(Has(Refusal(r, "place ffff 3,2"), "17"));  // the 18th clear tile: not in the box
  Play(r, {"place fFff1 3,2"});                    // 20
  CHECK(r.game().phase() == MistsPhase::kLost);
  CHECK(Has(r.game().outcome(), "pile 1 is empty"));
}

TEST_CASE("EDGE-03 a tile that fits nowhere is discarded; the same player draws again",
          "[mists][EDGE-03]") {
  MistsMatch r = Start(LevelSetup(1));
  // Every open edge around the start tile is field: a tile of four city edges fits nowhere.
  Play(r, {"discard cccc"});
  CHECK(r.game().piles() == std::vector<int>{49});
  CHECK(r.game().current_player() == 0);
  CHECK(Has(Refusal(r, "discard ffff"), "fits"));
  CHECK(Has(Refusal(r, "discard cfff"), "fits"));  // turned it fits: N would face the start
}

// ---------------------------------------------------------------------------------------------
// Bad input: one clear line, nothing changed
// ---------------------------------------------------------------------------------------------

TEST_CASE("co-op bad input: descriptions that cannot be a tile", "[mists][refusal]") {
  MistsMatch r = Start(LevelSetup(2));
  CHECK(Has(Refusal(r, "place [cFc]fff 2,0"), "mist never lies on a city"));
  CHECK(Has(Refusal(r, "place Cfff 2,0"), "mist never lies on a city"));
  CHECK(Has(Refusal(r, "place {edges: frff, roads: []} 2,0"), "no road runs from it"));
  CHECK(Has(Refusal(r, "place fFff 2,0"), "ghost symbol"));
  CHECK(Has(Refusal(r, "place frfr4 2,0"), "ghost symbols stand in mist"));
  CHECK(Has(Refusal(r, "place fFff4 2,0"), "4 ghost symbols"));  // the box: 0 to 3
  CHECK(Has(Refusal(r, "place ffffm 2,0"), "monastery"));
  CHECK(Has(Refusal(r, "place fffr 2,0"), "west edge"));  // W road meets 1,0's field
  CHECK(Has(Refusal(r, "place frff 2,0 90"), "no rotation"));
}

TEST_CASE("co-op bad input: calming", "[mists][refusal]") {
  MistsMatch r = Start(LevelSetup(1));
  CHECK(Has(Refusal(r, "calm 0,0"), "no finished feature"));
  Play(r, {"place fFff2 2,1",                  // 2 ghosts at 2,1
           "place frff 2,0", "meeple road E",  // Ben: blue
           "place fffr 3,0"});                 // Cleo: closes
  REQUIRE(r.game().phase() == MistsPhase::kEvaluate);
  CHECK(Has(Refusal(r, "calm 0,1"), "no ghost"));  // a tile without ghosts
  CHECK(Has(Refusal(r, "calm 5,5"), "no tile"));
  CHECK(Has(Refusal(r, "calm 2,1 EL 4"), "2 ghosts there, not 4"));
  CHECK(Has(Refusal(r, "calm 0,0 SL 3"), "2 ghosts there, not 3"));
  CHECK(Has(Refusal(r, "calm 0,0 SL 0"), "at least 1"));
  CHECK(Refusal(r, "calm 0,0 SL 1 2,1 EL 1").size() > 0);  // two tiles in one calm
  CHECK(Has(Refusal(r, "calm 0,0 NL 1"), "no mist at NL"));
  CHECK(Has(Refusal(r, "calm 0,0 cemetery 1"), "no cemetery"));
  CHECK(Has(Refusal(r, "calm 2 0,0"), "no finished feature 2"));
  CHECK(Has(Refusal(r, "hound 2,0"), "no hound"));
  CHECK(Has(Refusal(r, "done"), "no hound"));
  Play(r, {"calm 2,1 EL 2"});
  CHECK(r.game().score() == 0);
}

TEST_CASE("co-op bad input: castles", "[mists][refusal]") {
  MistsMatch one = Start(LevelSetup(1));
  CHECK(Refusal(one, "place ffffk 2,0") == "the castle tiles are not in this game");
  CHECK(Refusal(one, "place ffffg 2,0") == "the cemetery tiles are not in this game");
  // Level 2: five castles in a row east of the start tile, then a sixth.
  MistsMatch r = Start(LevelSetup(2));
  for (int x = 2; x <= 6; ++x) Play(r, {"place ffffk " + std::to_string(x) + ",0", "pass"});
  CHECK(Refusal(r, "place ffffk 7,0") == "all 5 castle tiles are on the table");
  CHECK(Refusal(r, "place frffk 7,0") == "all 5 castle tiles are on the table");
  Play(r, {"place ffff 7,0"});
}

TEST_CASE("co-op bad input: meeples", "[mists][refusal]") {
  MistsMatch r = Start(LevelSetup(2));
  // Anna: a cemetery with a road into it (the road ends at the cemetery, B.10.1) and mist.
  Play(r, {"place Frffg1 2,0"});
  REQUIRE(r.game().phase() == MistsPhase::kPlaceMeeple);
  CHECK(Has(Refusal(r, "meeple cemetery"), "only when buried"));      // B.10.5
  CHECK(Has(Refusal(r, "meeple field NL"), "never goes on mist"));    // B.8.2
  CHECK(Has(Refusal(r, "meeple field SL"), "no meeples on fields"));  // AMB-03
  CHECK(Has(Refusal(r, "meeple road E blue"), "Anna does not play that colour"));
  CHECK(Has(Refusal(r, "meeple road E green"), "no colour in this game"));
  CHECK(Has(Refusal(r, "meeple road W"), "no road on its W side"));
  CHECK(Has(Refusal(r, "meeple castle"), "no castle"));
  CHECK(Has(Refusal(r, "meeple 2"), "no place 2"));
  int mist = SegmentOf(r.game(), 2, 0, FeatureKind::kMist);
  int cemetery = SegmentOf(r.game(), 2, 0, FeatureKind::kCemetery);
  CHECK(
      Has(EngineRefusal(r.game(), [&](MistsGame& g) { return g.PlaceMeeple(mist, 0); }), "B.8.2"));
  CHECK(Has(EngineRefusal(r.game(), [&](MistsGame& g) { return g.PlaceMeeple(cemetery, 0); }),
            "B.10.5"));
  CHECK(r.game().MeepleSegments().size() == 1);  // the road only
  Play(r, {"meeple road E"});
  // Ben extends the occupied road: nothing to claim; the turn moves on by itself.
  Play(r, {"place frfr 3,0"});
  CHECK(r.game().current_player() == 2);
}

TEST_CASE("CONF-04 alternative: no meeples on misty roads", "[mists][refusal][CONF-04]") {
  MistsSetup setup = LevelSetup(1);
  setup.options.meeples_on_misty_roads = false;
  MistsMatch r = Start(setup);
  Play(r, {"place RfRf1 2,0"});                       // a misty road N–S, nothing else to claim
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);  // no place offered: the turn moved on
  Play(r, {"place rFff1 0,2"});                       // a clear dead-end road N, mist on the E edge
  REQUIRE(r.game().phase() == MistsPhase::kPlaceMeeple);
  Play(r, {"meeple road N"});
}

TEST_CASE("co-op bad input: face-down tiles", "[mists][refusal]") {
  MistsMatch two = Start(LevelSetup(2));
  Play(two, {"place ffffg 2,0"});
  CHECK(Has(Refusal(two, "facedown 3,0"), "no face-down tile waits"));  // levels 5–6 only
  MistsMatch r = Start(LevelSetup(5));
  CHECK(Has(Refusal(r, "facedown 2,0"), "no face-down tile waits"));
  Play(r, {"place ffffg 2,0"});
  REQUIRE(r.game().phase() == MistsPhase::kFaceDown);
  CHECK(Has(Refusal(r, "facedown 1,0"), "B.12.4"));   // occupied
  CHECK(Has(Refusal(r, "facedown 4,0"), "B.12.4"));   // not next to the cemetery
  CHECK(Has(Refusal(r, "facedown 3,-2"), "B.12.4"));  // not next to it either
  CHECK(Has(Refusal(r, "place ffff 3,0"), "finish this turn"));
  // AMB-06: any of the 8 neighbours that shares an edge with a placed tile.
  std::vector<Cell> cells = r.game().FaceDownCells();
  CHECK(cells == std::vector<Cell>{{1, -1}, {2, -1}, {2, 1}, {3, 0}});
  Play(r, {"facedown 1,-1"});  // a diagonal neighbour, under the SE quarter's mist
  // The SE quarter's bank now faces a face-down tile: never finished (EDGE-05).
  int se = At(r.game(), 1, 0);
  CHECK_FALSE(r.game().features().IsComplete(
      r.game().board(),
      r.game().features().Node(se, SegmentOf(r.game(), 1, 0, FeatureKind::kMist))));

  MistsSetup setup = LevelSetup(5);
  setup.options.facedown_orthogonal = true;  // AMB-06 alternative
  MistsMatch o = Start(setup);
  Play(o, {"place ffffg 2,0"});
  CHECK(Has(Refusal(o, "facedown 1,-1"), "B.12.4"));
  CHECK(o.game().FaceDownCells() == std::vector<Cell>{{2, -1}, {2, 1}, {3, 0}});
}

TEST_CASE("EDGE-16 no tile left for the face-down tile: the team loses", "[mists][EDGE-16]") {
  // Level 5, no meeples. Tile #1 at 0,2; cemetery A at 2,0 (#2) and B at -1,0 (#4); then
  // face-up tiles up the column x=0 and face-down tiles around A and B, 2 tiles a turn, never
  // filling all 8 neighbours of either. The 20th tile of pile 1 is a face-up one: step 3c
  // must draw a 21st from the active pile, which is empty.
  MistsMatch r = Start(LevelSetup(5));
  Play(r, {"place ffff 0,2",                     // #1 (no open cemetery: no 3c)
           "place ffffg 2,0", "facedown 3,0",    // #2 #3  (haunts 1,0)
           "place ffffg -1,0", "facedown 2,-1",  // #4 #5  (haunts 0,0)
           "place ffff 0,3", "facedown 1,-1",    // #6 #7
           "place ffff 0,4", "facedown -1,-1",   // #8 #9
           "place ffff 0,5", "facedown -2,0",    // #10 #11
           "place ffff 0,6", "facedown 2,1",     // #12 #13
           "place ffff 0,7", "facedown -1,1",    // #14 #15
           "place ffff 0,8", "facedown 3,1",     // #16 #17
           "place ffff 0,9", "facedown -2,1"});  // #18 #19
  CHECK(r.game().piles() == std::vector<int>{1, 20, 20});
  CHECK(r.game().OpenCemeteries().size() == 2);
  CHECK(r.game().bank() == 8);
  Play(r, {"place ffff 0,10"});  // #20
  CHECK(r.game().phase() == MistsPhase::kLost);
  CHECK(Has(r.game().outcome(), "EDGE-16"));
}

TEST_CASE("B.12.6 a castle with a face-down neighbour never scores", "[mists][B.12.6]") {
  // Level 5. The castle at 2,0 (red); the cemetery at 2,1 above it keeps asking for face-down
  // tiles; the first goes on 3,1, a diagonal neighbour of the castle.
  MistsMatch r = Start(LevelSetup(5));
  Play(r, {"place ffffk 2,0", "meeple castle",  // Anna: red
           "place ffffg 2,1", "facedown 3,1",   // Ben
           "place ffff 1,-1", "facedown 2,2",   // Cleo
           "place ffff 2,-1", "facedown 1,2",   // Anna
           "place frff 3,-1", "meeple road E",  // Ben: blue on a road E (open)
           "facedown 3,2"});
  CHECK(r.game().OpenCemeteries() == std::vector<Cell>{{2, 1}});  // 3,0 still free
  // 3,0 fills the castle's 8th neighbour and the cemetery's 8th: a burial first (1c).
  Play(r, {"place ffff 3,0"});
  REQUIRE(r.game().phase() == MistsPhase::kBury);
  Play(r, {"bury 3,-1"});
  CHECK(r.game().pending().empty());  // the castle is haunted: no evaluation
  CHECK(r.game().score() == 0);
  CHECK(Standing(r.game(), 0) == 1);  // red stays on the castle for good
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
}

TEST_CASE("CONF-03 a misty haunted cemetery: its symbols on its mist, never on the cemetery",
          "[mists][CONF-03]") {
  MistsMatch r = Start(LevelSetup(5));
  // 2,0 Ffffg1: mist on its N edge (facing the empty 2,1), 1 symbol; its neighbour 1,0 shows
  // mist: +1 there (B.7.6).
  Play(r, {"place Ffffg1 2,0"});
  int t = At(r.game(), 2, 0);
  CHECK(r.game().ghosts().count({t, SegmentOf(r.game(), 2, 0, FeatureKind::kCemetery)}) == 0);
  CHECK(r.game().ghosts().at({t, SegmentOf(r.game(), 2, 0, FeatureKind::kMist)}) == 1);
  CHECK(GhostsAt(r.game(), 1, 0) == 2);
  CHECK(r.game().bank() == 8);
}

TEST_CASE("EDGE-08 a haunted cemetery beside a tile with two mist areas: the team picks one",
          "[mists][EDGE-08][B.7.6]") {
  // Level 5 (bank 13, 10 after the start tile). 2,0 FfFf1/1: two patches, N and S, facing the
  // empty 2,1 and 2,-1: 1 ghost each, bank 8. The cemetery 3,0 ffffg has 2,0 as its only
  // neighbour on the table: 1 ghost goes on one of its mist areas, and the team picks which.
  MistsMatch r = Start(LevelSetup(5));
  Play(r, {"place FfFf1/1 2,0"});
  REQUIRE(r.game().bank() == 8);
  int t = At(r.game(), 2, 0);
  std::vector<int> areas = r.game().MistAreas(t);
  REQUIRE(areas.size() == 2);
  int north = r.game().board().tile(t).MistOfBoardPort(*ParseHalf("NL"));
  int south = r.game().board().tile(t).MistOfBoardPort(*ParseHalf("SL"));
  REQUIRE(north >= 0);
  REQUIRE(south >= 0);
  REQUIRE(north != south);
  Play(r, {"place ffffg 3,0"});
  REQUIRE(r.game().phase() == MistsPhase::kHauntArea);
  CHECK(r.game().haunt_pending() == std::vector<int>{t});
  CHECK(r.game().bank() == 8);  // nothing placed before the team picks
  // Bad answers are refused and change nothing.
  CHECK(Has(Refusal(r, "haunt 2,0"), "2 mist areas"));
  CHECK(Has(Refusal(r, "haunt 2,0 EL"), "no mist at EL"));
  CHECK(Has(Refusal(r, "haunt 1,0 SL"), "goes on a mist area at 2,0"));
  CHECK(Has(Refusal(r, "haunt 2,0 XX"), "expected a mist half-edge"));
  CHECK(Has(Refusal(r, "place ffff 4,0"), "finish this turn"));
  CHECK(Has(Refusal(r, "pass"), ""));
  Play(r, {"haunt 2,0 SR"});  // either half-edge of the S patch names it
  CHECK(r.game().ghosts().at({t, south}) == 2);
  CHECK(r.game().ghosts().at({t, north}) == 1);
  CHECK(r.game().bank() == 7);
  CHECK(r.game().haunt_pending().empty());
  CHECK(r.game().phase() == MistsPhase::kFaceDown);  // 2b: nothing to claim; 3c: it is open
  CHECK(Has(r.game().events().back().text, "1 ghost on the"));
  // The question is over: another `haunt` is refused.
  CHECK(Has(Refusal(r, "haunt 2,0 NL"), "no haunted cemetery's ghost waits"));
}

TEST_CASE("EDGE-08 the shortage counts the ghosts still to be placed by the team's pick",
          "[mists][EDGE-08][B.7.4]") {
  // Level 6 (bank 12, 9 after the start tile): 2,0 FfFf1/1 (2 patches, 2 ghosts), -1,0 and
  // -1,1 fffF3 (3 each), 0,2 Ffff1 (1): the bank is empty. The cemetery 3,0, whose only
  // neighbour is 2,0, needs 1 ghost: the team loses at once (B.7.4), with no question asked.
  MistsMatch r = Start(LevelSetup(6));
  Play(r, {"place FfFf1/1 2,0", "place fffF3 -1,0", "place fffF3 -1,1", "place Ffff1 0,2"});
  REQUIRE(r.game().bank() == 0);
  Play(r, {"place ffffg 3,0"});
  CHECK(r.game().phase() == MistsPhase::kLost);
  CHECK(Has(r.game().outcome(), "needed 1"));
  CHECK(r.game().haunt_pending().empty());
}

TEST_CASE("EDGE-08 one mist area: taken by itself; typing it anyway changes nothing",
          "[mists][EDGE-08][redundant]") {
  // TC-B-13's board: the cemetery at 0,-1 haunts -1,0, 0,0 and 1,0, one mist area each.
  MistsMatch r = Start(LevelSetup(5));
  Play(r, {"place fffF1 -1,0", "place ffffg 0,-1"});
  REQUIRE(r.game().phase() == MistsPhase::kFaceDown);
  std::uint64_t hash = r.game().Hash();
  std::size_t commands = r.commands().size();
  // A cell the rules did not haunt is refused, saying what was taken.
  CHECK(Has(Refusal(r, "haunt 1,1"), "taken by itself: the ghost for"));
  for (const char* typed : {"haunt 1,0", "haunt 0,0 SL", "haunt -1,0 WL"}) {
    Result<Report> done = r.Apply(typed);
    INFO(typed << ": " << (done.ok() ? "" : done.status().message()));
    REQUIRE(done.ok());
    CHECK(done->redundant);
    REQUIRE(done->notes.size() == 1);
    CHECK(Has(done->notes.front(), "only mist area (B.7.6, EDGE-08) (taken by itself)"));
  }
  CHECK(r.game().Hash() == hash);
  CHECK(r.commands().size() == commands);
  // Each answer once.
  CHECK(Has(Refusal(r, "haunt 1,0"), "no haunted cemetery's ghost waits"));
}

TEST_CASE("EDGE-10 one tile closes two cemeteries: two burials", "[mists][EDGE-10]") {
  // Level 2. Cemeteries at 2,0 and 2,2 share their last free side, 2,1.
  //   y=3:                      2,3 ffff
  //   y=2:  start-row  1,2 rfff (yellow, road N)  2,2 ffffg   3,2 ffff
  //   y=1:  start      (2,1: the last cell)
  //   y=0:  start      2,0 ffffg   3,0 frff (red, road E)
  //   y=-1:            2,-1 ffff
  MistsMatch r = Start(LevelSetup(2));
  Play(r, {"place ffffg 2,0",                  // Anna
           "place rfff 1,2", "meeple road N",  // Ben: blue
           "place ffffg 2,2",                  // Cleo
           "place frff 3,0", "meeple road E",  // Anna: red
           "place ffff 2,-1",                  // Ben
           "place ffff 3,2",                   // Cleo
           "place ffff 2,3"});                 // Anna
  CHECK(r.game().OpenCemeteries().size() == 2);
  Play(r, {"place ffff 2,1"});  // Ben: closes both
  REQUIRE(r.game().phase() == MistsPhase::kBury);
  Play(r, {"bury 1,2"});
  // One standing meeple is left: the second burial takes it without a question.
  CHECK(r.game().phase() == MistsPhase::kPlaceTile);
  CHECK(Buried(r.game()).size() == 2);
  CHECK(r.game().StandingMeeples().empty());
  CHECK(r.game().OpenCemeteries().empty());
}

TEST_CASE("EDGE-17 a ghost shortage in 2a beats the winning score of 3a", "[mists][EDGE-17]") {
  // Level 1, solo. As in the AMB-26 test, a city of 7 with four colours (56) would take the
  // score from 7 to 63; but its last tile, 1,3 cfcF3, shows 3 ghost symbols on a mist (facing
  // 0,3's clear E field: it extends nothing) and the bank holds only 2.
  MistsMatch r = Start(LevelSetup(1, {{"Anna", {}}}));
  Play(r, RoadColumn(0, 2, 7, "red", true));
  Play(r, {"place fffF3 -1,0", "place fffF3 -1,1",    // 12 → 9 → 6
           "place ffFf3 0,-1", "place ffFf1 1,-1"});  // → 3 → 2
  CHECK(r.game().bank() == 2);
  Play(r, {"place cfff 1,2", "meeple city N green", "place cfcf 1,4", "meeple city N blue",
           "place cfcf 1,6", "meeple city N yellow", "place ffcf 1,8", "meeple city S red",
           "place cfcf 1,5", "place cfcf 1,7"});
  Play(r, {"place cfcF3 1,3"});
  CHECK(r.game().phase() == MistsPhase::kLost);
  CHECK(r.game().score() == 7);
  CHECK(Has(r.game().outcome(), "needed 3"));
}
