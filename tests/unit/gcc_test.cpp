// Ghosts, Castles and Cemeteries (RULES.md §C): the worked examples TC-C-01…10, the register's
// defaults and alternatives, bad input, and the invariants of §F after every command.
//
// The start tile is the Mists 2×2 tile: NW 0,1 and NE 1,1 all field; SW 0,0 and SE 1,0 field
// with mist on their south edge (ffFf2, ffFf1). Every outer edge of it is field. Mists tiles
// are typed as they lie; "ffff" (no mist) is a Mists tile too, since no base tile is plain
// field.
#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

#include "carcref/mists.h"
#include "support.h"

namespace carcref::test {
namespace {

TilePtr Quarter(const std::string& description) {
  Result<TileType> t = ParseTileDescription(description);
  REQUIRE(t.ok());
  return std::make_shared<TileType>(t.value());
}

DescribedSet MistsBox() {
  Result<DescribedSet> box =
      ParseDescribedSet(ReadFile(CARCREF_SOURCE_DATA_DIR "/tiles/mists.yaml"), "mists.yaml");
  REQUIRE(box.ok());
  return *box;
}

GameSetup GccSetup2(std::vector<PlayerSpec> players = {{"Anna", "red"}, {"Ben", "blue"}},
                    GccOptions options = {}) {
  GameSetup s = Setup(std::move(players));
  GccSetup gcc;
  gcc.start = {Quarter("ffff"), Quarter("ffff"), Quarter("ffFf2"), Quarter("ffFf1")};
  gcc.start_text = {"ffff", "ffff", "ffFf2", "ffFf1"};
  gcc.box = MistsBox();
  gcc.options = options;
  s.gcc = gcc;
  return s;
}

// §F's GCC invariants: no meeple holds 3 ghosts once a step resolves (C.3.8); no total below 0
// (C.5.2); ghosts with meeples + bank = 15; guards issued + general supply = 5 per colour.
void CheckInvariants(const Game& g) {
  int on_meeples = 0;
  std::vector<int> guards_on_board(g.setup().players.size(), 0);
  for (const Meeple& m : g.meeples()) {
    REQUIRE(m.ghosts >= 0);
    REQUIRE(m.ghosts <= 2);
    if (m.guard) REQUIRE(m.ghosts == 0);
    on_meeples += m.ghosts;
    if (m.guard) ++guards_on_board[m.player];
  }
  REQUIRE(on_meeples + g.bank() == 15);
  for (int p = 0; p < static_cast<int>(g.setup().players.size()); ++p) {
    REQUIRE(g.totals()[p].Total() >= 0);
    REQUIRE(g.GuardSupply(p) >= 0);
    REQUIRE(g.RegularSupply(p) >= 0);
    REQUIRE(g.GuardSupply(p) + guards_on_board[p] + g.GeneralGuards(p) == 5);
  }
}

Referee StartGcc(const GameSetup& setup) {
  Result<Referee> r = Referee::Start(setup);
  INFO((r.ok() ? "" : r.status().message()));
  REQUIRE(r.ok());
  CheckInvariants(r->game());
  return std::move(r.value());
}

void PlayGcc(Referee& r, const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    Result<Outcome> o = r.Execute(line);
    INFO("command: " << line << " → " << (o.ok() ? "ok" : o.status().message()));
    REQUIRE(o.ok());
    CheckInvariants(r.game());
  }
}

const Meeple* MeepleAt(const Game& g, int x, int y) {
  int tile = g.board().IndexAt({x, y});
  for (const Meeple& m : g.meeples())
    if (m.tile == tile) return &m;
  return nullptr;
}

bool Has(const std::string& text, const std::string& part) {
  INFO(text);
  return text.find(part) != std::string::npos;
}

NodeId FieldAt(const Game& g, int x, int y, Port half) {
  const PlacedTile& t = *g.board().At({x, y});
  int s = t.OwnerOfBoardPort(half);
  REQUIRE(s >= 0);
  REQUIRE(t.type->segments[s].kind == FeatureKind::kField);
  return g.features().Find(g.features().Node(g.board().IndexAt({x, y}), s));
}

}  // namespace

TEST_CASE("GCC setup: the 2×2 start tile, 131 tiles, 5 + 2 meeples, 3 guards per colour",
          "[gcc][C.1]") {
  Referee r = StartGcc(GccSetup2());
  const Game& g = r.game();
  CHECK(g.board().size() == 4);  // C.1.4: four tiles, no base start tile
  CHECK(g.RemainingTotal() == 71 + 60);
  CHECK(g.Remaining(*g.setup().catalog.Find("D")) == 3);  // C.1.1: the base start tile is out
  CHECK(g.bank() == 15);
  CHECK(g.GhostsOnMeeples() == 0);  // C.1.4 RD: no ghost on the start tile
  CHECK(g.RegularSupply(0) == 5);
  CHECK(g.GuardSupply(0) == 2);
  CHECK(g.GeneralGuards(1) == 3);
  GameSetup pink = GccSetup2({{"Anna", "red"}, {"Ben", "grey"}});
  CHECK(Has(Referee::Start(pink).status().message(), "no grey guards"));
}

TEST_CASE("TC-C-01: a city worth 8 whose knight has 2 ghosts scores 4", "[gcc][C.5.1]") {
  Referee r = StartGcc(GccSetup2());
  // Anna's knight on E's city at 0,2; Ben's two mist tiles under the start tile each extend
  // its mist (C.3.3), and Anna's knight is the only opponent meeple: 2 ghosts, bank 13.
  PlayGcc(r, {"place E 0,2 0 meeple city N", "place Ffff1 0,-1 pass", "place cfcf+ 0,3 pass",
              "place Ffff1 1,-1 pass"});
  REQUIRE(MeepleAt(r.game(), 0, 2)->ghosts == 2);
  CHECK(r.game().bank() == 13);
  // 3 tiles × 2 + 1 pennant × 2 = 8; 8 − 2 × 2 = 4 (C.5.1). The knight goes home and its 2
  // ghosts back to the bank (C.5.3).
  PlayGcc(r, {"place ffcf 0,4 pass"});
  const ScoreEvent& e = r.game().events().back();
  CHECK(e.value == 8);
  CHECK(e.ghosts[0] == 2);
  CHECK(e.penalty[0] == -4);
  CHECK(e.points[0] == 4);
  CHECK(Total(r, 0) == 4);
  CHECK(r.game().totals()[0].cities == 8);
  CHECK(r.game().totals()[0].ghosts == -4);
  CHECK(r.game().bank() == 15);
  CHECK(r.game().RegularSupply(0) == 5);
}

TEST_CASE("TC-C-02: the third ghost sends one's own meeple home with no points",
          "[gcc][C.3.8]") {
  Referee r = StartGcc(GccSetup2());
  PlayGcc(r, {"place E 0,2 0 meeple city N", "place Ffff1 0,-1 pass", "place cfcf+ 0,3 pass",
              "place Ffff1 1,-1 pass"});
  REQUIRE(MeepleAt(r.game(), 0, 2)->ghosts == 2);
  // Anna's tile at 2,0: its misty W edge meets the SE quarter's clear E edge: the mist
  // disperses (C.3.4), the ghost goes to her only meeple, its 3rd: home, 3 ghosts back.
  PlayGcc(r, {"place fffF1 2,0"});
  CHECK(MeepleAt(r.game(), 0, 2) == nullptr);
  CHECK(r.game().bank() == 15);  // 13 − 1 + 3
  CHECK(Total(r, 0) == 0);
  CHECK(r.game().events().empty());
  CHECK(Has(r.game().notes().back().text, "3rd ghost"));
  // AMB-32: it is back in the supply at once and may go down in this turn's meeple step.
  CHECK(r.game().phase() == Phase::kPlaceMeeple);
  CHECK(r.game().RegularSupply(0) == 5);
}

TEST_CASE("TC-C-03: a surrounded cemetery gives its gravedigger's owner a guard, 0 points",
          "[gcc][C.6.3]") {
  Referee r = StartGcc(GccSetup2());
  PlayGcc(r, {"place ffffg -1,0 meeple cemetery"});
  CHECK(r.game().RegularSupply(0) == 4);
  // Its 8 neighbours: 0,0 and 0,1 are the start tile; six more plain tiles.
  PlayGcc(r, {"place ffff -1,1 pass", "place ffff -2,1 pass", "place ffff -2,0 pass",
              "place ffff -2,-1 pass", "place ffff -1,-1 pass"});
  CHECK(r.game().GuardSupply(0) == 2);
  PlayGcc(r, {"place ffff 0,-1 pass"});
  const ScoreEvent& e = r.game().events().back();
  CHECK(e.kind == FeatureKind::kCemetery);
  CHECK(e.points[0] == 0);
  CHECK(e.guard_to == 0);
  CHECK(Total(r, 0) == 0);
  CHECK(r.game().GuardSupply(0) == 3);    // usable from her next turn
  CHECK(r.game().GeneralGuards(0) == 2);
  CHECK(r.game().RegularSupply(0) == 5);  // the gravedigger went home
}

TEST_CASE("TC-C-04: a tile with a city and mist separates two fields; the guard farmer is "
          "immune",
          "[gcc][C.8.2][C.4.2]") {
  Referee r = StartGcc(GccSetup2());
  PlayGcc(r, {"place ffff -1,1 meeple field NL",  // Anna's farmer on the start's field
              "place FFFF1 2,1",                  // all mist: nothing to stand on
              "place ffff -1,0 pass",
              "place ffff 3,1 meeple field NL guard",  // Ben's guard: a field beyond the mist
              "place ffff -2,1 pass", "place ffff 3,0 pass"});
  NodeId anna_field = FieldAt(r.game(), -1, 1, PortOf(kNorth, 0));
  NodeId ben_field = FieldAt(r.game(), 3, 0, PortOf(kNorth, 0));
  CHECK(anna_field != ben_field);
  // Anna's tile at 2,0 between them: a city S and mist on its other three sides. Its mist
  // meets 2,1's (thickening: only Ben's guard, who takes none, C.3.7) and clear field on both
  // sides (dispersing: her own farmer).
  PlayGcc(r, {"place FFcF1 2,0"});
  CHECK(FieldAt(r.game(), -1, 1, PortOf(kNorth, 0)) != FieldAt(r.game(), 3, 0, PortOf(kNorth, 0)));
  CHECK(MeepleAt(r.game(), 3, 1)->guard);
  CHECK(MeepleAt(r.game(), 3, 1)->ghosts == 0);
  CHECK(MeepleAt(r.game(), -1, 1)->ghosts == 1);
  CHECK(r.game().bank() == 14);
}

TEST_CASE("TC-C-05: thickening and dispersing on one tile: the opponent's ghost first",
          "[gcc][C.3.5]") {
  Referee r = StartGcc(GccSetup2());
  PlayGcc(r, {"place E 0,2 0 meeple city N", "place E 1,2 0 meeple city N",
              "place Ffff1 0,-1 pass"});  // thickens: Ben's knight, the only candidate
  REQUIRE(MeepleAt(r.game(), 1, 2)->ghosts == 1);
  size_t notes = r.game().notes().size();
  // Ben's tile at 1,-1: N mist meets the SE quarter's mist (thickens), W mist meets 0,-1's
  // clear E edge (disperses).
  PlayGcc(r, {"place FffF1 1,-1"});
  REQUIRE(r.game().notes().size() == notes + 2);
  CHECK(Has(r.game().notes()[notes].text, "thickens"));
  CHECK(Has(r.game().notes()[notes].text, "Anna's"));
  CHECK(Has(r.game().notes()[notes + 1].text, "disperses"));
  CHECK(Has(r.game().notes()[notes + 1].text, "Ben's"));
  CHECK(MeepleAt(r.game(), 0, 2)->ghosts == 1);
  CHECK(MeepleAt(r.game(), 1, 2)->ghosts == 2);
  CHECK(r.game().bank() == 12);
}

namespace {

// Ben's thieves on two dead-end roads east of the start (2,1 and 2,0), and a band of mist
// under the SW quarter that Anna extends (C.3.3). Ben then holds 1 point: his 3-tile road
// with 1 ghost, 3 − 2 = 1.
Referee BenOnOnePoint() {
  Referee r = StartGcc(GccSetup2());
  PlayGcc(r, {"place ffff -1,0 pass", "place frff 2,1 meeple road E", "place ffff -1,1 pass",
              "place frff 2,0 meeple road E", "place FfFf=1 0,-1"});
  REQUIRE(r.game().phase() == Phase::kGhost);  // two of Ben's thieves: Anna chooses
  CHECK(r.game().GhostCandidates().size() == 2);
  PlayGcc(r, {"ghost 2,1", "pass", "place frfr 3,1 pass", "place Ffff1 1,-1"});
  REQUIRE(r.game().phase() == Phase::kGhost);
  PlayGcc(r, {"ghost 2,0 road E", "pass", "place fffr 4,1 pass"});
  REQUIRE(Total(r, 1) == 1);
  return r;
}

}  // namespace

TEST_CASE("TC-C-06: on 1 point, a 2-tile road whose thief has 2 ghosts leaves 0, not -1",
          "[gcc][C.5.2]") {
  Referee r = BenOnOnePoint();
  // Anna's tile under the band gives Ben's last thief its 2nd ghost (the only candidate).
  PlayGcc(r, {"place Ffff1 0,-2 pass"});
  REQUIRE(MeepleAt(r.game(), 2, 0)->ghosts == 2);
  PlayGcc(r, {"place fffr 3,0 pass"});
  const ScoreEvent& e = r.game().events().back();
  CHECK(e.value == 2);
  CHECK(e.penalty[1] == -4);
  CHECK(e.floor[1] == 1);  // 1 + (2 − 4) = −1: floored at 0
  CHECK(e.points[1] == -1);
  CHECK(Total(r, 1) == 0);
  CHECK(r.game().totals()[1].floor == 1);
}

TEST_CASE("TC-C-07: a surrounded castle with 4 misty tiles of 9 scores 8", "[gcc][C.7.2]") {
  Referee r = StartGcc(GccSetup2());
  // The castle 0,-1 shows mist; so do the SW and SE quarters and -1,-2: 4 of its 9 tiles.
  PlayGcc(r, {"place Ffffk1 0,-1 meeple castle", "place ffff -1,-1 pass",
              "place ffFf1 -1,-2 pass", "place ffff 0,-2 pass", "place ffff 1,-2 pass",
              "place ffff 1,-1 pass"});
  std::string reason;
  CHECK(r.game().CastleValue({0, -1}, true, &reason) == 8);
  CHECK(Total(r, 0) == 0);
  PlayGcc(r, {"place ffff -1,0 pass"});
  const ScoreEvent& e = r.game().events().back();
  CHECK(e.kind == FeatureKind::kCastle);
  CHECK(e.value == 8);
  CHECK(Total(r, 0) == 8);
  CHECK(r.game().totals()[0].castles == 8);
  CHECK(r.game().RegularSupply(0) == 5);
}

TEST_CASE("TC-C-08: at the end an unfinished misty castle with 3 misty neighbours scores 4",
          "[gcc][C.7.3][CONF-06]") {
  auto play = [](GccOptions options, const std::string& castle) {
    Referee r = StartGcc(GccSetup2({{"Anna", "red"}, {"Ben", "blue"}}, options));
    PlayGcc(r, {"place " + castle + " 0,-1 meeple castle", "place ffff -1,-1 pass",
                "place ffFf1 -1,-2 pass", "end"});
    return r.game().totals()[0].castles;
  };
  // S003: 1 per misty tile of the block, the castle included: castle, SW, SE, -1,-2 = 4.
  CHECK(play({}, "Ffffk1") == 4);
  // CONF-06: the readings differ only for a castle tile without mist: 3 vs 1 + 3.
  GccOptions itself;
  itself.castle_counts_itself = true;
  CHECK(play(itself, "Ffffk1") == 4);
  CHECK(play({}, "ffffk") == 3);
  CHECK(play(itself, "ffffk") == 4);
}

TEST_CASE("TC-C-09: at the end a meeple with 1 ghost on a feature worth 0: -1, total 0",
          "[gcc][C.9.2][AMB-16][AMB-30]") {
  Referee r = StartGcc(GccSetup2());
  PlayGcc(r, {"place ffff -1,0 meeple field NL",  // a farm with no city: worth 0
              "place Ffff1 0,-1 pass", "end"});
  const ScoreEvent& e = r.game().events().back();
  CHECK(e.kind == FeatureKind::kField);
  CHECK(e.value == 0);
  CHECK(e.penalty[0] == -1);
  CHECK(e.floor[0] == 1);
  CHECK(Total(r, 0) == 0);
  CHECK(r.game().totals()[0].ghosts == -1);
}

TEST_CASE("TC-C-10: with the bank empty a tile that extends mist brings no ghost",
          "[gcc][C.3.7]") {
  // Ben and Cleo put meeples on monasteries and cities north of the start; Anna extends a band
  // of mist southwards, each tile a thickening ghost for the opponent meeple with the fewest,
  // until all 15 stand with meeples.
  Referee r = StartGcc(GccSetup2({{"Ben", "blue"}, {"Cleo", "green"}, {"Anna", "red"}}));
  // A base tile with copies left that fits north of the start; its placement command.
  auto north_tile = [](const Game& g) {
    for (const TilePtr& t : g.setup().catalog.tiles) {
      if (g.Remaining(*t) <= 0) continue;
      for (const Placement& p : g.board().LegalPlacements(*t))
        if (p.cell.y >= 2)
          return "place " + t->id + " " + CellName(p.cell) + " " + std::to_string(p.quarters * 90);
    }
    FAIL("no base tile fits north of the start");
    return std::string();
  };
  int band = 0;
  while (r.game().bank() > 0) {
    REQUIRE(band < 16);
    if (r.game().current_player() == 2) {
      PlayGcc(r, {"place FfFf=1 0," + std::to_string(-1 - band)});
      ++band;
      while (r.game().phase() == Phase::kGhost) {
        std::vector<int> c = r.game().GhostCandidates();
        auto fewest = std::min_element(c.begin(), c.end(), [&](int a, int b) {
          return r.game().meeples()[a].ghosts < r.game().meeples()[b].ghosts;
        });
        PlayGcc(r, {"ghost " + std::to_string(fewest - c.begin() + 1)});
      }
      if (r.game().phase() == Phase::kPlaceMeeple) PlayGcc(r, {"pass"});
      continue;
    }
    PlayGcc(r, {north_tile(r.game())});
    if (r.game().phase() == Phase::kPlaceMeeple) {
      std::string choice = "pass";  // a monastery or a city keeps its meeple longest
      std::vector<MeepleOption> options = r.game().MeepleOptions();
      for (size_t i = 0; i < options.size(); ++i)
        if (options[i].kind == FeatureKind::kMonastery || options[i].kind == FeatureKind::kCity) {
          choice = "meeple " + std::to_string(i + 1);
          break;
        }
      PlayGcc(r, {choice});
    }
    while (r.game().phase() == Phase::kOrder) PlayGcc(r, {"first 1"});
  }
  while (r.game().current_player() != 2) {  // Ben and Cleo finish the round
    PlayGcc(r, {north_tile(r.game())});
    if (r.game().phase() == Phase::kPlaceMeeple) PlayGcc(r, {"pass"});
    while (r.game().phase() == Phase::kOrder) PlayGcc(r, {"first 1"});
  }
  REQUIRE(r.game().bank() == 0);
  REQUIRE(r.game().GhostsOnMeeples() == 15);
  PlayGcc(r, {"place FfFf=1 0," + std::to_string(-1 - band)});
  CHECK(r.game().phase() == Phase::kPlaceMeeple);  // no ghost to give, no choice
  CHECK(r.game().GhostsOnMeeples() == 15);
  CHECK(Has(r.game().notes().back().text, "bank is empty"));
}

TEST_CASE("AMB-11: a tile without mist next to mist brings no ghost; AMB-12: several "
          "thickening edges bring one",
          "[gcc][AMB-11][AMB-12]") {
  Referee r = StartGcc(GccSetup2());
  PlayGcc(r, {"place E 0,2 0 meeple city N",
              "place ffff 1,-1 pass"});  // clear field against the SE quarter's mist
  CHECK(r.game().bank() == 15);
  CHECK(MeepleAt(r.game(), 0, 2)->ghosts == 0);
  // -1,-1 shows mist on its east edge, facing an empty cell: no ghost either.
  PlayGcc(r, {"place ffff -1,0 pass", "place fFff1 -1,-1 pass", "place ffff -2,0 pass"});
  CHECK(r.game().bank() == 15);
  // Ben's tile at 0,-1: mist on its N edge (meets the SW quarter's) and W edge (meets
  // -1,-1's): two thickening edges, one ghost (AMB-12); its clear E edge meets clear field.
  PlayGcc(r, {"place FffF1 0,-1"});
  CHECK(MeepleAt(r.game(), 0, 2)->ghosts == 1);
  CHECK(r.game().bank() == 14);
}

TEST_CASE("AMB-29: the player orders two scorings when the floor makes the order matter",
          "[gcc][AMB-29]") {
  // tests/scenarios/gcc_score_order.txt shows the table's view. Ben, on 0 points, closes his
  // road (3 tiles, thief with 2 ghosts: 3 − 4 = −1) and his city (2 tiles: 4) with one tile.
  // Road first: max(0, −1) = 0, then 4 → 4. City first: 4, then 4 − 1 → 3.
  auto position = [] {
    Referee r = StartGcc(GccSetup2());
    PlayGcc(r, {"place frfr 0,2 pass", "place frff -1,2 meeple road E", "place ffff 2,1 pass",
                "place fffc 2,2 meeple city W", "place Ffff1 0,-1", "ghost 1", "pass",
                "place ffff 3,1 pass", "place Ffff1 1,-1", "ghost -1,2", "pass",
                "place fcfr 1,2 pass"});
    REQUIRE(r.game().phase() == Phase::kOrder);
    REQUIRE(r.game().pending().size() == 2);
    return r;
  };
  Referee road_first = position();
  CHECK(Has(Refusal(road_first, "place ffff 4,1"), "scores first"));
  CHECK(Has(Refusal(road_first, "first 3"), "1 to 2"));
  int road = road_first.game().pending()[0].kind == FeatureKind::kRoad ? 1 : 2;
  PlayGcc(road_first, {"first " + std::to_string(road)});
  CHECK(Total(road_first, 1) == 4);
  CHECK(road_first.game().totals()[1].floor == 1);
  CHECK(road_first.game().phase() == Phase::kPlaceTile);
  Referee city_first = position();
  PlayGcc(city_first, {"first " + std::to_string(3 - road)});
  CHECK(Total(city_first, 1) == 3);
  CHECK(city_first.game().totals()[1].floor == 0);
}

TEST_CASE("GCC bad input is refused with one line and changes nothing", "[gcc][bad-input]") {
  Referee r = StartGcc(GccSetup2({{"Anna", "red"}, {"Ben", "blue"}, {"Cleo", "green"}}));
  // Anna's knight, Ben's guard knight, Cleo's thief, Ben's thief.
  PlayGcc(r, {"place E 0,2 0 meeple city N", "place E 1,2 0 meeple city N guard",
              "place frff 2,1 meeple road E", "place ffff -1,0 pass",
              "place frff 2,0 meeple road E"});
  CHECK(Has(Refusal(r, "meeple city N guard"), "place a tile first"));
  // Cleo's mist tile at 0,-1 extends the SW quarter's mist: an opponent's meeple, her choice
  // between Anna's knight and Ben's thief (Ben's guard is never offered, C.3.7).
  PlayGcc(r, {"place Ffff1 0,-1"});
  REQUIRE(r.game().phase() == Phase::kGhost);
  CHECK(r.game().GhostCandidates().size() == 2);
  CHECK(Has(Refusal(r, "ghost 1,2"), "guard"));
  CHECK(Has(Refusal(r, "ghost 2,1"), "opponent"));  // her own thief
  CHECK(Has(Refusal(r, "ghost 3"), "choose 1 to 2"));
  CHECK(Has(Refusal(r, "ghost 5,5"), "no tile"));
  CHECK(Has(Refusal(r, "pass"), "ghost"));
  CHECK(Has(Refusal(r, "place ffff -2,0"), "ghost"));
  CHECK(Has(Refusal(r, "end"), "ghost"));
  PlayGcc(r, {"ghost 2,0", "pass"});
  CHECK(MeepleAt(r.game(), 2, 0)->ghosts == 1);
  // Anna's tile at 2,-1: its misty N edge meets 2,0's clear S edge: the mist disperses and
  // the ghost goes to her own meeple, the knight (the only one).
  PlayGcc(r, {"place Ffff1 2,-1"});
  CHECK(MeepleAt(r.game(), 0, 2)->ghosts == 1);
  // A farmer on misty field (AMB-13): the tile's north half-edges lie in mist.
  CHECK(Has(Refusal(r, "meeple field NL"), "AMB-13"));
  CHECK(Has(Refusal(r, "meeple road E"), "no road"));
  PlayGcc(r, {"meeple field SL guard"});
  CHECK(r.game().GuardSupply(0) == 1);
  // Ben: a second meeple on his own thief's road.
  CHECK(Has(Refusal(r, "place frfr 3,0 meeple road W"), "occupied"));
  PlayGcc(r, {"place frfr 3,0 pass", "place ffff -2,0 pass",
              "place B -1,1 0 meeple monastery guard",  // Anna's last guard
              "place ffff -3,0 pass", "place ffff -2,1 pass"});
  CHECK(r.game().GuardSupply(0) == 0);
  CHECK(Has(Refusal(r, "place A -1,2 180 meeple monastery guard"), "no guard left"));
  // A sixth castle: the box has 5.
  PlayGcc(r, {"place A -1,2 180 pass"});
  for (int i = 0; i < 5; ++i) {
    const Game& g = r.game();
    Result<TileType> castle = ParseTileDescription("ffffk");
    REQUIRE(castle.ok());
    std::vector<Placement> places = g.board().LegalPlacements(*castle);
    auto as_is = std::find_if(places.begin(), places.end(),
                              [](const Placement& p) { return p.quarters == 0; });
    REQUIRE(as_is != places.end());
    PlayGcc(r, {"place ffffk " + CellName(as_is->cell) + " pass"});
  }
  CHECK(Has(Refusal(r, "place ffffk 9,9"), "castle"));
}

TEST_CASE("GCC random games keep the invariants after every command", "[gcc][invariants]") {
  // Seeded random legal play: base tiles and mist tiles typed as players would; random ghost
  // choices, orders, meeples and guards. CheckInvariants runs after every command.
  const std::vector<std::string> mists = {"Ffff1", "FFff1", "fFfF=1", "FfFf=1", "frFf1",
                                          "FrfF1", "cFff1", "ffFfk1", "fFffg1", "FFFF2",
                                          "crFr1", "FfFf1/1", "ffff", "rFrF=2"};
  for (unsigned seed = 1; seed <= 4; ++seed) {
    std::mt19937 rng(seed);
    Referee r = StartGcc(GccSetup2({{"Anna", "red"}, {"Ben", "blue"}, {"Cleo", "green"}}));
    const Catalog& catalog = r.game().setup().catalog;
    for (int turn = 0; turn < 60 && r.game().phase() != Phase::kGameOver; ++turn) {
      const Game& g = r.game();
      std::string line;
      if (rng() % 2 == 0) {
        std::vector<TilePtr> left;
        for (const TilePtr& t : catalog.tiles)
          if (g.Remaining(*t) > 0) left.push_back(t);
        TilePtr t = left[rng() % left.size()];
        std::vector<Placement> places = g.board().LegalPlacements(*t);
        if (places.empty()) continue;
        const Placement& p = places[rng() % places.size()];
        line = "place " + t->id + " " + CellName(p.cell) + " " + std::to_string(p.quarters * 90);
      } else {
        const std::string& d = mists[rng() % mists.size()];
        Result<TileType> t = ParseTileDescription(d);
        REQUIRE(t.ok());
        if (!g.box()->CanTake(*t).ok()) continue;
        std::vector<Placement> places = g.board().LegalPlacements(*t);
        std::vector<Cell> as_is;
        for (const Placement& p : places)
          if (p.quarters == 0) as_is.push_back(p.cell);
        if (as_is.empty()) continue;
        line = "place " + d + " " + CellName(as_is[rng() % as_is.size()]);
      }
      PlayGcc(r, {line});
      for (int step = 0; step < 20; ++step) {
        const Game& now = r.game();
        if (now.phase() == Phase::kGhost) {
          PlayGcc(r, {"ghost " + std::to_string(rng() % now.GhostCandidates().size() + 1)});
        } else if (now.phase() == Phase::kOrder) {
          PlayGcc(r, {"first " + std::to_string(rng() % now.pending().size() + 1)});
        } else if (now.phase() == Phase::kPlaceMeeple) {
          std::vector<MeepleOption> options = now.MeepleOptions();
          size_t pick = rng() % (options.size() + 1);
          if (pick == options.size()) {
            PlayGcc(r, {"pass"});
          } else {
            bool guard = rng() % 3 == 0 && now.GuardSupply(now.current_player()) > 0;
            PlayGcc(r, {"meeple " + std::to_string(pick + 1) + (guard ? " guard" : "")});
          }
        } else {
          break;
        }
      }
    }
    if (r.game().phase() == Phase::kPlaceTile) PlayGcc(r, {"end"});
    CHECK(r.game().phase() == Phase::kGameOver);
    CheckInvariants(r.game());
  }
}

}  // namespace carcref::test
