// Carcassonne: The City (RULES.md §D): TC-D-01…12, the refusals of bad input, the redundant
// answers, the state as JSON, and seeded random games checked against the invariants.
#include "games/city/city.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace carcref {
namespace {

std::vector<PlayerSpec> Players(int n) {
  std::vector<PlayerSpec> all = {
      {"Anna", "blue"}, {"Ben", "red"}, {"Cara", "yellow"}, {"Dan", "green"}};
  return {all.begin(), all.begin() + n};
}

// A game at the table, driven by command lines; every accepted command is followed by the
// invariant checker, every refused one must leave the hash as it was.
class Table {
 public:
  explicit Table(int players, OptionValues options = {}) {
    GameStart start;
    start.players = Players(players);
    start.options = std::move(options);
    Result<std::unique_ptr<GameRules>> made = CityDefinition().make(start);
    INFO((made.ok() ? "" : made.status().message()));
    REQUIRE(made.ok());
    rules_.reset(static_cast<CityRules*>(made.value().release()));
  }
  explicit Table(CitySetup setup) {
    Result<CityGame> game = CityGame::New(std::move(setup));
    REQUIRE(game.ok());
    rules_ = std::make_unique<CityRules>(game.value());
  }

  Report Do(const std::string& line) {
    Result<Report> r = rules_->Apply(line);
    INFO("command: " << line << " → " << (r.ok() ? "ok" : r.status().message()));
    REQUIRE(r.ok());
    Status inv = game().CheckInvariants();
    INFO("invariant: " << inv.message());
    REQUIRE(inv.ok());
    return r.value();
  }
  void Play(const std::vector<std::string>& lines) {
    for (const std::string& l : lines) Do(l);
  }
  std::string Refuse(const std::string& line) {
    std::uint64_t before = rules_->Hash();
    Result<Report> r = rules_->Apply(line);
    INFO("command: " << line);
    REQUIRE_FALSE(r.ok());
    REQUIRE(rules_->Hash() == before);  // a refused command changes nothing
    return r.status().message();
  }

  const CityGame& game() const { return rules_->city(); }
  CityRules& rules() { return *rules_; }
  int Score(int player) const { return game().Scores()[player]; }
  Awaiting Awaits() const { return rules_->Awaits(); }

 private:
  std::unique_ptr<CityRules> rules_;
};

bool HasNote(const Report& r, const std::string& text) {
  for (const std::string& n : r.notes)
    if (n.find(text) != std::string::npos) return true;
  return false;
}

// --- D.11 worked examples ------------------------------------------------------------------

TEST_CASE("TC-D-01 a completed 3-tile street with 1 follower scores 3", "[city]") {
  Table t(2);
  t.Play({"place shhh 0,0", "meeple street N", "place shsh 0,1", "pass", "place hhsh 0,2"});
  Report r = t.Do("pass");
  REQUIRE(r.scores.size() == 1);
  CHECK(r.scores[0].what == "street");
  CHECK(r.scores[0].reason == "3 tiles × 1 = 3");
  CHECK(r.scores[0].winners == std::vector<int>{0});
  CHECK(t.Score(0) == 3);
  CHECK(t.Score(1) == 0);
  CHECK(t.game().Supply(0) == kCityFollowers);  // D.6.4: back at the end of the turn
}

TEST_CASE("TC-D-02 a completed 4-tile street scores 2 per tile: 8", "[city]") {
  Table t(2);
  t.Play({"place shhh 0,0", "meeple street N", "place shsh 0,1", "pass", "place shsh at 0,2",
          "pass", "place hhsh 0,3"});
  Report r = t.Do("pass");
  REQUIRE(r.scores.size() == 1);
  CHECK(r.scores[0].reason == "4 tiles × 2 = 8");
  CHECK(t.Score(0) == 8);
}

TEST_CASE("TC-D-03 a completed 5-tile market with fish twice and grain scores 5 × 2 = 10",
          "[city]") {
  Table t(2);
  t.Play({"place hmhhF 0,0", "meeple market E", "place hmhmG=m 1,0", "pass", "place hmhmF=m 2,0",
          "pass", "place hmhm=m 3,0", "pass", "place hhhm 4,0"});
  Report r = t.Do("pass");
  REQUIRE(r.scores.size() == 1);
  CHECK(r.scores[0].what == "market");
  CHECK(r.scores[0].reason == "5 tiles × 2 goods (grain, fish) = 10");
  CHECK(t.Score(0) == 10);
}

TEST_CASE("TC-D-04 a completed 5-tile market with all three goods scores 15", "[city]") {
  Table t(2);
  t.Play({"place hmhhF 0,0", "meeple market E", "place hmhmG=m 1,0", "pass", "place hmhmF=m 2,0",
          "pass", "place hmhm=m 3,0", "pass", "place hhhmL 4,0"});
  Report r = t.Do("pass");
  REQUIRE(r.scores.size() == 1);
  CHECK(r.scores[0].reason == "5 tiles × 3 goods (grain, fish, livestock) = 15");
  CHECK(t.Score(0) == 15);
}

TEST_CASE(
    "TC-D-05 a tile completing an unoccupied market: no follower on it, no scoring, no "
    "wall building (D.4.3, D.6.5)",
    "[city]") {
  Table t(2, {{"--stacks", "1,20,20"}});
  t.Play({"place hmhh 0,0", "pass"});
  t.Do("place hhhm 1,0");  // stack 2: walls would follow a scoring
  for (const std::string& a : t.Awaits().answers) CHECK(a.rfind("meeple market", 0) != 0);
  CHECK(t.Refuse("meeple market W") ==
        "the market W at 1,0 has just been completed by this tile with no follower on it: no "
        "follower may go on it (D.4.3)");
  Report r = t.Do("pass");
  CHECK(r.scores.empty());
  CHECK(HasNote(r, "market on 0,0 1,0 is complete with no follower on it: no scoring (D.6.5)"));
  CHECK(t.game().phase() == CityPhase::kTile);  // no wall building
  CHECK(t.game().gate_index() == -1);
}

TEST_CASE(
    "TC-D-06 a residential area next to 3 markets (1 incomplete), blue 2 followers, red "
    "1: blue +6, red 0 (D.10.1)",
    "[city]") {
  Table t(2);  // Anna blue, Ben red
  t.Play({
      "place hhhh 0,0",   "meeple residential N",  // Anna
      "place mmmm 0,1",   "pass",                  // M1, stays open
      "place bbbbp 1,1",  "pass",                  //
      "place bbbbp 2,1",  "pass",                  //
      "place mmmm 0,-1",  "pass",                  // M2
      "place hhhh 2,0",   "meeple residential N",  // Ben
      "place mmmm 2,-1",  "pass",                  // M3
      "place hhhh 3,-1",  "pass",                  //
      "place hhhh 1,-1",  "meeple residential N",  // Anna's second
      "place hhhh 2,-2",  "pass",                  // M3 complete
      "place hhhh -1,-1", "pass",                  //
      "place hhhh 0,-2",  "pass",                  // M2 complete
      "place hhhh 1,0",   "pass",                  // joins the three residential areas
  });
  Result<CityExplanation> e = t.game().Explain({1, 0}, 0);
  REQUIRE(e.ok());
  CHECK(e->followers == std::vector<int>{2, 1});
  CHECK(e->value_at_end == 6);
  Report r = t.Do("end");
  CHECK(r.game_over);
  REQUIRE(r.scores.size() == 1);
  CHECK(r.scores[0].what == "residential area");
  CHECK(r.scores[0].reason == "3 markets × 2 = 6");
  CHECK(r.scores[0].winners == std::vector<int>{0});
  CHECK(t.Score(0) == 6);
  CHECK(t.Score(1) == 0);
  CHECK(t.game().Winners() == std::vector<int>{0});
}

TEST_CASE(
    "TC-D-07 a watchman sees 2 public and 1 historic building, then an empty cell, then "
    "1 more building: +7 (D.10.2, AMB-23)",
    "[city]") {
  Table t(2, {{"--stacks", "1,20,20"}});
  t.Play({"place hhhhp 0,0", "pass", "place hhhhp 1,0", "pass", "place hhhh* 2,0", "pass",
          "place hhhh 2,1", "pass", "place shhh 3,1", "meeple street N", "place hhhh 4,1", "pass",
          "place hhhhp 4,0", "pass", "place hhsh 3,2"});
  Report scored = t.Do("pass");  // Anna's street: +2, Ben builds the first wall
  REQUIRE(scored.scores.size() == 1);
  CHECK(t.Awaits().step == "gate");
  t.Play({"gate 0,0 S", "wall 0,0 W watchman", "wall 1,0 S", "wall 0,0 N", "pass"});
  Report end = t.Do("end");
  bool seen = false;
  for (const ScoreLine& l : end.scores)
    if (l.what == "watchman") {
      seen = true;
      CHECK(l.where == "watchman on 0,0 W looking E over 3 tiles");
      CHECK(l.reason == "2 public buildings × 2 + 1 historic building × 3 = 7");
      CHECK(l.points == std::vector<int>{7, 0});
    }
  CHECK(seen);
  CHECK(t.Score(0) == 2 + 7);
}

TEST_CASE("AMB-23 alternative --watchman-per-tile: each tile in view once, at its best building",
          "[city]") {
  // TC-D-07's line, with two public buildings on the first tile and both kinds on the third:
  // per building 4 public × 2 + 1 historic × 3 = 11; per tile 2 + 2 + 3 (0,0 and 1,0 public,
  // 2,0 historic) = 7.
  for (bool alt : {false, true}) {
    OptionValues options = {{"--stacks", "1,20,20"}};
    if (alt) options["--watchman-per-tile"] = "";
    Table t(2, options);
    t.Play({"place hhhhpp 0,0", "pass", "place hhhhp 1,0", "pass", "place hhhhp* 2,0", "pass",
            "place hhhh 2,1", "pass", "place shhh 3,1", "meeple street N", "place hhhh 4,1", "pass",
            "place hhhhp 4,0", "pass", "place hhsh 3,2", "pass"});
    t.Play({"gate 0,0 S", "wall 0,0 W watchman", "wall 1,0 S", "wall 0,0 N", "pass"});
    Report end = t.Do("end");
    std::vector<std::string> reasons;
    for (const ScoreLine& l : end.scores)
      if (l.what == "watchman") reasons.push_back(l.reason);
    REQUIRE(reasons.size() == 1);
    CHECK(reasons[0] == (alt ? "2 tiles with a public building × 2 + 1 tile with a historic "
                               "building × 3 = 7"
                             : "4 public buildings × 2 + 1 historic building × 3 = 11"));
    CHECK(t.Score(0) == 2 + (alt ? 7 : 11));
  }
}

TEST_CASE(
    "TC-D-08 a tower with 4 wall pieces back to the gate scores 4 (D.8.7, AMB-21); "
    "EDGE-21 first wall building in stack 3",
    "[city]") {
  Table t(2, {{"--stacks", "1,1,20"}});
  t.Play({"place shhh 0,0", "meeple street N", "place hhhh 1,0", "pass", "place hhhh 2,0", "pass",
          "place hhhh 3,0", "pass", "place hhsh 0,1"});
  t.Do("pass");  // Anna +2 in stack 3: gate + 7 pieces, alternating from Ben
  CHECK(t.game().building()->stack == 3);
  CHECK(t.game().building()->order.size() == 8);
  t.Play({"gate 1,0 S", "wall 2,0 S", "wall 3,0 S", "wall 3,0 E", "wall 3,0 N", "wall 0,0 S",
          "wall 0,0 W", "wall 0,1 W"});
  REQUIRE(t.Awaits().step == "tower");
  CHECK(t.Awaits().player == 0);
  Report r = t.Do("tower 3,0 N");
  REQUIRE(r.scores.size() == 1);
  CHECK(r.scores[0].what == "tower");
  CHECK(r.scores[0].reason == "4 pieces back to the gate = 4");
  CHECK(t.Score(0) == 2 + 4);
  CHECK(t.game().TowersLeft(0) == 5);
}

TEST_CASE(
    "TC-D-09 3 players, first scoring during stack 2: the trigger places the gate, each "
    "other player 1 piece, then the trigger may place a tower (D.8.2)",
    "[city]") {
  Table t(3, {{"--stacks", "1,20,20"}});
  t.Play({"place shhh 0,0", "meeple street N", "place hhhh 1,0", "pass", "place hhsh 0,1"});
  t.Do("pass");  // Cara completes Anna's street
  std::vector<std::pair<std::string, int>> steps;
  while (t.Awaits().step != "tile" && !t.game().over()) {
    Awaiting a = t.Awaits();
    steps.push_back({a.step, a.player});
    if (a.step == "tower") {
      CHECK(a.answers.back() == "pass");
      t.Do(a.answers[0]);
    } else {
      t.Do(a.answers[0]);
    }
  }
  std::vector<std::pair<std::string, int>> want = {
      {"gate", 2}, {"wall", 0}, {"wall", 1}, {"tower", 2}};
  CHECK(steps == want);
}

TEST_CASE(
    "TC-D-10 2 players, first scoring during stack 2: gate (trigger), piece (other), "
    "piece (trigger), piece (other) (D.8.8)",
    "[city]") {
  Table t(2, {{"--stacks", "1,20,20"}});
  t.Play({"place shhh 0,0", "meeple street N", "place hhhh 1,0", "pass", "place hhhh 2,0", "pass",
          "place hhhh 3,0", "pass", "place hhhh 4,0", "pass", "place hhsh 0,1"});
  t.Do("pass");  // Ben completes Anna's street
  std::vector<std::pair<std::string, int>> steps;
  while (t.Awaits().step != "tile" && !t.game().over()) {
    Awaiting a = t.Awaits();
    steps.push_back({a.step, a.player});
    t.Do(a.answers[0]);
  }
  std::vector<std::pair<std::string, int>> want = {
      {"gate", 1}, {"wall", 0}, {"wall", 1}, {"wall", 0}, {"tower", 1}};
  CHECK(steps == want);
}

TEST_CASE(
    "TC-D-11 4 players, a scoring in stack 3 with 7 pieces left: 2 rounds from the "
    "trigger until none remain, the rest place none, then the game ends (D.9.1a)",
    "[city]") {
  CitySetup setup;
  setup.players = Players(4);
  setup.options.stacks = {1, 5, 20};
  setup.options.wall_pieces = 10;
  Table t(setup);
  t.Play({"place hhhh 0,0", "pass", "place hhhh 1,0", "pass", "place hhhh 2,0", "pass",
          "place shhh 3,0", "meeple street N", "place hhhh 4,0", "pass", "place hhsh 3,1",
          "pass"});  // Ben completes Dan's street in stack 2: gate, then Cara, Dan, Anna
  t.Play({"gate 0,0 W", "wall 0,0 N", "wall 1,0 N", "wall 0,0 S", "pass"});
  REQUIRE(t.game().WallPiecesLeft() == 7);
  REQUIRE(t.Awaits().step == "tile");
  t.Play({"place shhh 4,1", "meeple street N", "place hhsh 4,2"});  // Cara's, Dan completes
  Report scored = t.Do("pass");
  CHECK(t.game().building()->stack == 3);
  std::vector<int> placers;
  Report last;
  while (t.Awaits().step == "wall") {
    placers.push_back(t.Awaits().player);
    last = t.Do(t.Awaits().answers[0]);
  }
  CHECK(placers == std::vector<int>{3, 0, 1, 2, 3, 0, 1});
  CHECK(HasNote(last, "no wall piece is left: Cara places none (D.8.3)"));
  REQUIRE(t.Awaits().step == "tower");  // EDGE-23: the tower still comes
  CHECK(t.Awaits().player == 3);
  Report end = t.Do("pass");
  CHECK(end.game_over);
  CHECK(t.game().end_reason() == "the last wall piece has been placed (D.9.1a)");
}

TEST_CASE(
    "TC-D-12 a wall piece completing an occupied street scores it at once and starts no "
    "new wall building (D.8.5)",
    "[city]") {
  Table t(2, {{"--stacks", "1,20,20"}});
  t.Play(
      {"place hshh 0,0", "meeple street E", "place shhh 0,1", "meeple street N", "place hhsh 0,2"});
  t.Do("pass");  // Ben's street scores; Anna builds
  t.Do("gate 0,0 S");
  Report r = t.Do("wall 0,0 E");  // Ben closes Anna's street
  REQUIRE(r.scores.size() == 1);
  CHECK(r.scores[0].where == "street E at 0,0");
  CHECK(r.scores[0].reason == "1 tile × 1 = 1");
  CHECK(HasNote(r, "no new wall building (D.8.5)"));
  CHECK(t.Awaits().step == "wall");  // the same wall building goes on: Anna's piece
  CHECK(t.Awaits().player == 0);
  CHECK(t.game().building()->step == 2);
  CHECK(t.game().Returning(0) == 1);  // D.6.4: back at the end of the turn
}

// --- Refusals ------------------------------------------------------------------------------

TEST_CASE("D.3.1 a street must meet a street, a non-street a non-street", "[city]") {
  Table t(2);
  t.Play({"place shhh 0,0", "pass"});
  CHECK(t.Refuse("place hshs 1,0") ==
        "1,0: the street on the W edge meets a residential area of the tile at 0,0 (D.3.1: "
        "streets must continue)");
  CHECK(t.Refuse("place hhhh 0,1") ==
        "0,1: the tile at 0,0 has a street on its N edge and this tile's S edge does not "
        "continue it (D.3.1: streets must continue)");
  CHECK(t.Refuse("place hhhh 5,5") == "5,5 shares no edge with a placed tile (D.3.1)");
  CHECK(t.Refuse("place hhhh 0,0") == "0,0 already holds a tile");
}

TEST_CASE("D.1.4 the first tile goes on 0,0", "[city]") {
  Table t(2);
  CHECK(t.Refuse("place hhhh 1,0") == "the first tile goes on 0,0 (D.1.4), not on 1,0");
}

TEST_CASE("bad descriptions and commands are refused with their column", "[city]") {
  Table t(2);
  Result<Report> r = t.rules().Apply("place sxsh 0,0");
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() ==
        "expected h, m, b, s or a bracketed edge for the east edge, got 'x'");
  CHECK(r.status().column() == 7);
  CHECK(t.Refuse("plce hhhh 0,0") == "unknown command 'plce'; did you mean place?");
  CHECK(t.Refuse("place hhhh") == "place needs a cell: place DESCRIPTION X,Y");
  CHECK(t.Refuse("place hhhh 0,0 now") == "unexpected 'now'");
  CHECK(t.Refuse("wall 0,0") ==
        "wall X,Y SIDE [short] [watchman] needs a cell and a side: wall "
        "X,Y SIDE [short] [watchman]");
}

TEST_CASE("EDGE-19 no tile outside the wall", "[city]") {
  Table t(2, {{"--stacks", "1,20,20"}});
  t.Play({"place shhh 0,0", "meeple street N", "place hhhh 1,0", "pass", "place hhhh 2,0", "pass",
          "place hhsh 0,1", "pass", "gate 0,0 S", "wall 1,0 S", "wall 2,0 S", "wall 0,0 W",
          "pass"});
  CHECK(t.Refuse("place hhhh 0,-1") ==
        "0,-1 lies outside the wall: its N edge is on the outer side of the gate on 0,0 S "
        "(EDGE-19)");
  CHECK(t.Refuse("place hhhh 2,-1") ==
        "2,-1 lies outside the wall: its N edge is on the outer side of the wall piece on 2,0 S "
        "(EDGE-19)");
}

TEST_CASE("D.4.2 no follower on an occupied area; D.4.3 none on a street just completed empty",
          "[city]") {
  Table t(2);
  t.Play({"place hhhh 0,0", "meeple residential N", "place shsh 1,0"});
  CHECK(t.Refuse("meeple residential W") ==
        "the residential area NL+SR+W at 1,0 is already occupied: Anna's follower stands on it "
        "at 0,0 (D.4.2)");
  CHECK(t.Refuse("meeple market N") == "there is no market at N of the tile at 1,0");
  t.Do("meeple residential E");
  Table u(2);
  u.Play({"place shhh 0,0", "pass", "place hhsh 0,1"});
  CHECK(u.Refuse("meeple street S") ==
        "the street S at 0,1 has just been completed by this tile with no follower on it: no "
        "follower may go on it (D.4.3)");
  CHECK(u.Refuse("meeple market N") == "there is no market at N of the tile at 0,1");
}

TEST_CASE("meeple market|residential names exactly one area, else a half-edge is asked for",
          "[city]") {
  Table t(2);
  t.Do("place shsh 0,0");
  CHECK(t.Refuse("meeple residential N") ==
        "two residential areas meet at N of the tile at 0,0: name a half-edge (NL or NR)");
  Awaiting a = t.Awaits();
  std::vector<std::string> want = {"meeple residential NL", "meeple street N",
                                   "meeple residential NR", "pass"};
  CHECK(a.answers == want);
  CHECK(t.Refuse("meeple 4") ==
        "meeple 4: the choices are 1 meeple residential NL, 2 meeple street N, 3 meeple "
        "residential NR (or pass)");
  t.Do("meeple 2");
  CHECK(t.game().followers().size() == 1);
  CHECK(t.game().followers()[0].area == 1);
}

// A 2-player game in stack 3 with tiles 0,0 1,0 2,0 in a row: Anna builds the first wall.
Table RowInStack3() {
  Table t(2, {{"--stacks", "1,1,20"}});
  t.Play({"place hhhh 0,0", "pass", "place hhhh 1,0", "pass", "place hhhh 2,0", "pass",
          "place shhh 1,1", "meeple street N", "place hhsh 1,2", "pass"});
  return t;
}

TEST_CASE(
    "D.8.4 wall pieces extend an end, lie against a tile, have no tile beyond; short "
    "pieces only beside the gate; tower only on an end",
    "[city]") {
  Table t = RowInStack3();
  REQUIRE(t.Awaits().step == "gate");
  CHECK(t.Refuse("gate 1,0 N") ==
        "gate 1,0 N: there is a tile beyond that edge, at 1,1; the gate goes on the city's "
        "outer edge (D.8.2)");
  CHECK(t.Refuse("wall 1,0 S") ==
        "wall 1,0 S: no wall piece is awaited now; Anna to place the city gate (D.8.2)");
  t.Do("gate 1,0 S");
  CHECK(t.Refuse("wall 0,0 W") ==
        "wall 0,0 W: a piece must extend an end of the wall (D.8.4); it may go on 2,0 S or "
        "0,0 S");
  CHECK(t.Refuse("wall 5,5 N") ==
        "wall 5,5 N: there is no tile at 5,5; a wall piece lies against a tile (CONF-08)");
  CHECK(t.Refuse("wall 0,0 E") ==
        "wall 0,0 E: there is a tile beyond that edge, at 1,0; a wall piece lies on the city's "
        "outer edge (D.8.4)");
  CHECK(t.Refuse("wall 1,0 S") == "wall 1,0 S: the gate is there");
  CHECK(t.Refuse("pass") ==
        "pass: a wall piece must be placed when there is room for it (D.8.3); it may go on 2,0 "
        "S or 0,0 S");
  t.Do("wall 0,0 S");  // Ben
  CHECK(t.Refuse("wall 0,0 W short") ==
        "wall 0,0 W short: a short piece goes only beside the gate, as the first piece on its "
        "side (D.8.4)");
  t.Do("wall 2,0 S short");  // Anna: the first piece on the other side of the gate
  CHECK(t.game().ShortPiecesLeft() == 1);
  CHECK(t.game().WallPiecesLeft() == kCityWallPieces - 2);
  // Where 1,0 and 1,1 meet, the wall turns round 1,1 (NOTATION.md: it follows the outline).
  CHECK(t.Refuse("wall 1,0 N") ==
        "wall 1,0 N: there is a tile beyond that edge, at 1,1; a wall piece lies on the city's "
        "outer edge (D.8.4)");
  t.Play({"wall 0,0 W", "wall 2,0 E", "wall 0,0 N", "wall 2,0 N", "wall 1,1 E"});
  REQUIRE(t.Awaits().step == "tower");
  std::vector<std::string> towers = {"tower 1,1 E", "tower 0,0 N", "pass"};
  CHECK(t.Awaits().answers == towers);
  CHECK(t.Refuse("tower 0,0 S") ==
        "tower 0,0 S: a tower goes on an end of the wall (D.8.7); the ends are 1,1 E and 0,0 N");
  CHECK(t.Refuse("tower 3,3 S") == "tower 3,3 S: there is no wall piece or gate there");
  Report r = t.Do("tower 1,1 E");
  CHECK(r.scores[0].reason == "4 pieces back to the gate = 4");  // AMB-21: short = 1
  CHECK(t.Refuse("tower 0,0 N") ==
        "tower 0,0 N: no tower is awaited now; the game is over: Anna wins with 4");
  CHECK(t.game().end_reason() ==
        "the ends of the wall are 4 free edges apart, 5 or fewer (D.9.1c, D.9.3)");
}

TEST_CASE("AMB-20 no watchman directly opposite another with every cell between filled", "[city]") {
  Table t = RowInStack3();
  t.Play({"gate 1,0 S", "wall 0,0 S", "wall 2,0 S", "wall 0,0 W watchman"});
  CHECK(t.Refuse("wall 2,0 E watchman") ==
        "wall 2,0 E watchman: a watchman of Ben stands directly opposite, on 0,0 W, with no "
        "empty cell between (D.8.6, AMB-20)");
  t.Do("wall 2,0 E");
  // Ben: one follower scored this turn (back at its end), one a watchman for good.
  CHECK(t.game().Supply(1) == kCityFollowers - 2);
  CHECK(t.game().Watchmen(1) == 1);
  CHECK(t.Refuse("wall 0,0 N watchman short") ==
        "wall 0,0 N short watchman: a short piece goes only beside the gate, as the first piece "
        "on its side (D.8.4)");
}

TEST_CASE(
    "the follower step is skipped when no follower can be placed; typing pass anyway "
    "is accepted and changes nothing",
    "[city]") {
  Table t(2);
  t.Play({"place hhhh 0,0", "meeple residential N"});
  Report r = t.Do("place hhhh 1,0");  // joins Anna's area: nothing free
  CHECK(HasNote(r,
                "no follower step: no free street, market or residential area on this tile "
                "(D.4.2, D.4.3)"));
  CHECK(t.Awaits().step == "tile");
  std::uint64_t before = t.rules().Hash();
  Report again = t.Do("pass");
  REQUIRE(again.notes.size() == 1);
  CHECK(again.notes[0] ==
        "nothing to do: no follower step: no free street, market or residential area on this "
        "tile (D.4.2, D.4.3)");
  CHECK(t.rules().Hash() == before);
  CHECK(t.Refuse("pass") ==
        "pass: nothing to pass now; Anna to place a tile from stack 1 (28 "
        "tiles left in it)");
}

TEST_CASE("D.3.2 a tile is discarded only when it fits nowhere", "[city]") {
  Table t(2);
  t.Play({"place shhh 0,0", "pass"});
  CHECK(t.Refuse("discard hhhh") ==
        "this tile fits on -1,0 (and 2 more places); only a tile that fits nowhere leaves the "
        "game (D.3.2)");
  CHECK(t.Refuse("discard sxsh") ==
        "expected h, m, b, s or a bracketed edge for the east edge, got 'x'");
}

TEST_CASE("saved tile names stand for their description", "[city]") {
  GameStart start;
  start.players = Players(2);
  start.saved = {{"cross", "ssss"}};
  Result<std::unique_ptr<GameRules>> made = CityDefinition().make(start);
  REQUIRE(made.ok());
  GameRules& rules = *made.value();
  REQUIRE(rules.Apply("place cross 0,0").ok());
  Result<std::string> saved = rules.SaveTile("westend", "hhhs");
  REQUIRE(saved.ok());
  CHECK(saved.value() == "hhhs");  // the table prints "saved westend: hhhs"
  CHECK(rules.SaveTile("wall", "hhhh").status().message() ==
        "'wall' is a command, not a tile name");
  // A name that is itself a description, or a number, would be read as something else.
  CHECK(rules.SaveTile("hhhh", "smsh").status().message() ==
        "'hhhh' describes a tile itself: choose another name");
  CHECK(rules.SaveTile("12", "smsh").status().message() ==
        "'12' is a number: a tile name needs a letter");
  // Saved once, a name keeps its description (the log keeps it too).
  CHECK(rules.SaveTile("westend", "smsh").status().message() ==
        "westend is saved already as hhhs in this game: choose another name");
  CHECK(rules.SaveTile("westend", "hhhs").ok());
  REQUIRE(rules.Apply("pass").ok());
  REQUIRE(rules.Apply("place westend 1,0").ok());
}

TEST_CASE("options are declared and checked", "[city]") {
  GameDefinition d = CityDefinition();
  CHECK(d.name == "city");
  CHECK(d.title == "Carcassonne: The City");
  std::vector<std::string> names;
  for (const OptionSpec& o : d.options) names.push_back(o.name);
  std::vector<std::string> want = {"--walls-when-stack1-empty", "--wall-per-feature",
                                   "--walls-need-no-tile",      "--scored-watchmen",
                                   "--watchman-per-tile",       "--stacks"};
  CHECK(names == want);
  GameStart start;
  start.players = Players(2);
  start.options = {{"--level", "3"}};
  CHECK(d.make(start).status().message() == "--level is not an option of city");
  start.options = {{"--stacks", "30,25"}};
  CHECK(d.make(start).status().message() ==
        "--stacks takes three tile counts, e.g. 30,25,20, not '30,25'");
  start.players = Players(1);
  start.options = {};
  CHECK(d.make(start).status().message() == "The City is for 2 to 4 players, not 1");
}

TEST_CASE("AMB-19 alternative: one wall building per scored feature", "[city]") {
  Table t(2, {{"--stacks", "1,20,20"}, {"--wall-per-feature", ""}});
  // Two streets end on the crossing at 1,0 and are completed by it together.
  t.Play({"place hshh 0,0", "meeple street E", "place hhhh 0,1", "pass", "place hhhh 1,1", "pass",
          "place hhhh 2,1", "pass", "place hhhh 3,1", "pass", "place hhhs 2,0", "meeple street W",
          "place hsss 1,0"});
  t.Do("meeple street S");
  CHECK(t.game().building()->queued == 1);
  int towers = 0;
  while (!t.game().over() && t.Awaits().step != "tile") {
    if (t.Awaits().step == "tower") ++towers;
    t.Do(t.Awaits().answers.back() == "pass" ? "pass" : t.Awaits().answers[0]);
  }
  CHECK(towers == 2);
}

TEST_CASE(
    "EDGE-20: a follower scored this turn is no watchman in this wall building, unless "
    "--scored-watchmen",
    "[city]") {
  for (bool alt : {false, true}) {
    OptionValues options = {{"--stacks", "14,20,20"}};
    if (alt) options["--scored-watchmen"] = "";
    Table t(2, options);
    // Anna puts all 7 followers on streets running north into Ben's dead ends.
    for (int x = 0; x < 7; ++x) {
      t.Play({"place shsh " + std::to_string(x) + ",0", "meeple street N"});
      t.Play({"place hhsh " + std::to_string(x) + ",1", "pass"});
    }
    REQUIRE(t.game().Supply(0) == 0);
    Report r = t.Do("place shhh 0,-1");  // Anna closes her own street at 0,0; no follower left
    REQUIRE(r.scores.size() == 1);
    CHECK(HasNote(r, "no follower step: Anna has no follower in the supply (D.4.4)"));
    CHECK(t.game().Returning(0) == (alt ? 0 : 1));
    CHECK(t.game().Supply(0) == (alt ? 1 : 0));
    t.Do("gate 0,-1 S");
    t.Do(t.Awaits().answers[0]);  // Ben
    REQUIRE(t.Awaits().player == 0);
    bool watchman = false;
    for (const std::string& a : t.Awaits().answers)
      watchman = watchman || a.find("watchman") != std::string::npos;
    CHECK(watchman == alt);
  }
}

TEST_CASE("AMB-18 alternative: walls as soon as stack 1 is empty", "[city]") {
  for (bool alt : {false, true}) {
    OptionValues options = {{"--stacks", "3,20,20"}};
    if (alt) options["--walls-when-stack1-empty"] = "";
    Table t(2, options);
    t.Play({"place shhh 0,0", "meeple street N", "place hhhh 1,0", "pass", "place hhsh 0,1"});
    Report r = t.Do("pass");  // the last tile of stack 1 completes the street
    CHECK(t.Awaits().step == (alt ? "gate" : "tile"));
    if (!alt) CHECK(HasNote(r, "no wall building while stack 1 lasts (D.7, AMB-18)"));
  }
}

TEST_CASE(
    "CONF-08 alternative: with --walls-need-no-tile a piece may continue the wall past "
    "an empty cell",
    "[city]") {
  for (bool alt : {false, true}) {
    OptionValues options = {{"--stacks", "1,20,20"}};
    if (alt) options["--walls-need-no-tile"] = "";
    Table t(2, options);
    t.Play({"place shhh 0,0", "meeple street N", "place hhhh 1,0", "pass", "place hhhh 2,0", "pass",
            "place hhsh 0,1", "pass", "gate 0,0 S"});
    if (!alt) {
      CHECK(t.Refuse("wall -1,0 S") ==
            "wall -1,0 S: there is no tile at -1,0; a wall piece lies against a tile (CONF-08)");
      continue;
    }
    std::vector<std::string> answers = t.Awaits().answers;
    CHECK(std::find(answers.begin(), answers.end(), "wall -1,0 S") != answers.end());
    t.Do("wall -1,0 S");
    CHECK(t.game().wall().back().cell == Cell{-1, 0});  // the clockwise end
    CHECK(t.game().CheckInvariants().ok());             // one chain, though -1,0 holds no tile
  }
}

TEST_CASE("questions: explain an area, what remains", "[city]") {
  Table t(2);
  t.Play({"place shhh 0,0", "meeple street N", "place shsh 0,1"});
  Result<std::vector<std::string>> e = t.rules().Ask("explain 0,0 street N");
  REQUIRE(e.ok());
  std::vector<std::string> want = {
      "street on 0,0 0,1: 2 tiles × 1 = 2", "1 open edge part, so it is not complete yet (D.5)",
      "if the game ended now the wall would close it (D.9.4)", "now 2, at the end 2"};
  CHECK(e.value() == want);
  Result<std::vector<std::string>> r = t.rules().Ask("remaining");
  REQUIRE(r.ok());
  CHECK(r.value()[0] == "73 tiles left, 28 in stack 1");
  CHECK(r.value()[1] == "70 wall pieces left, 2 short pieces");
  CHECK(r.value()[2] == "Anna: 6 followers in the supply, 6 towers");
  CHECK(t.rules().Ask("explain 5,5 street N").status().message() == "no tile at 5,5");
  // `where` with nothing after it, a space after it included (the whole-script fuzz campaign
  // found that one throwing from std::string::substr).
  for (const char* bare : {"where", "where ", "where \t "})
    CHECK(t.rules().Ask(bare).status().message() == "usage: where DESCRIPTION (e.g. where shsh)");
  Result<std::vector<std::string>> fits = t.rules().Ask("where  hhhh ");
  REQUIRE(fits.ok());
  CHECK(fits.value()[0].rfind("it fits on ", 0) == 0);
}

TEST_CASE("D.9.1c the game ends when the wall's ends are 5 or fewer free edges apart", "[city]") {
  Table t(2, {{"--stacks", "1,20,20"}});
  t.Play({"place shhh 0,0", "meeple street N", "place hhhh 1,0", "pass", "place hhsh 0,1",
          "pass"});  // Anna completes her street and builds: the city's outline has 8 edges
  t.Play({"gate 1,0 S", "wall 0,0 S", "wall 1,0 E"});
  CHECK(t.game().WallGap() == 5);
  Report r = t.Do("wall 0,0 W");
  CHECK(t.game().WallGap() == 4);
  r = t.Do("pass");
  CHECK(r.game_over);
  CHECK(HasNote(r, "the ends of the wall are 4 free edges apart (D.9.3)"));
  CHECK(t.game().end_reason() ==
        "the ends of the wall are 4 free edges apart, 5 or fewer (D.9.1c, D.9.3)");
  CHECK(t.Do("end").notes[0] == "nothing to do: the game has already ended");
}

TEST_CASE("D.9.1c/D.9.3 the game ends when the wall's ends are exactly 5 free edges apart",
          "[city][D.9.3]") {
  // Three players: Cara completes Anna's street and builds; the gate and one piece each of
  // Anna and Ben leave 5 of the outline's 8 edges free between the ends: the limit itself.
  Table t(3, {{"--stacks", "1,20,20"}});
  t.Play({"place shhh 0,0", "meeple street N", "place hhhh 1,0", "pass", "place hhsh 0,1", "pass"});
  t.Play({"gate 1,0 S", "wall 0,0 S", "wall 1,0 E"});
  REQUIRE(t.game().WallGap() == 5);
  Report r = t.Do("pass");  // Cara places no tower
  CHECK(r.game_over);
  CHECK(HasNote(r, "the ends of the wall are 5 free edges apart (D.9.3)"));
  CHECK(t.game().end_reason() ==
        "the ends of the wall are 5 free edges apart, 5 or fewer (D.9.1c, D.9.3)");
}

TEST_CASE("D.10.1 a residential area tied at the end scores for every tied player",
          "[city][D.10.1]") {
  // Anna lies on the south area of 0,0 hshs, Ben on the north area of 1,0 hshs; 2,0 hhhs ends
  // the street and joins the two areas round its dead end; 0,1 mmmm is a market beside it.
  // At the end: 1 follower each, tied: 1 market × 2 = 2 for both.
  Table t(2);
  t.Play({"place hshs 0,0", "meeple residential SL", "place hshs 1,0", "meeple residential NL",
          "place hhhs 2,0", "pass", "place mmmm 0,1", "pass"});
  Report r = t.Do("end");
  CHECK(r.game_over);
  REQUIRE(r.scores.size() == 1);
  CHECK(r.scores[0].what == "residential area");
  CHECK(r.scores[0].final);
  CHECK(r.scores[0].followers == std::vector<int>{1, 1});
  CHECK(r.scores[0].winners == std::vector<int>{0, 1});
  CHECK(r.scores[0].points == std::vector<int>{2, 2});
  CHECK(t.Score(0) == 2);
  CHECK(t.Score(1) == 2);
}

TEST_CASE(
    "D.9.4 closing the city scores what the wall completes; open features score nothing "
    "and their followers leave",
    "[city]") {
  Table t(2);
  // Anna's street runs north out of the city, so the closing wall completes it; Ben's runs
  // north into 2,1, a hole inside the city.
  t.Play({"place shhh 0,0", "meeple street N", "place hhhh 1,0", "pass", "place hhhh 1,1", "pass",
          "place shhh 2,0", "meeple street N", "place hhhh 3,0", "pass", "place hhhh 3,1", "pass",
          "place hhhh 1,2", "pass", "place hhhh 2,2", "pass"});
  Result<CityExplanation> anna = t.game().Explain({0, 0}, 1);
  REQUIRE(anna.ok());
  CHECK(anna->kind == CityPart::kStreet);
  CHECK(anna->value_at_end == 1);
  Result<CityExplanation> ben = t.game().Explain({2, 0}, 1);
  REQUIRE(ben.ok());
  CHECK(ben->value_at_end == 0);
  Report r = t.Do("end");
  REQUIRE(r.scores.size() == 1);
  CHECK(r.scores[0].where == "street N at 0,0");
  CHECK(r.scores[0].reason == "1 tile × 1 = 1 (closed by the city wall at the end, D.9.4)");
  CHECK(r.scores[0].final);
  CHECK(HasNote(r,
                "street N at 2,0 is still open at the end (a hole in the city): no score, "
                "its followers leave (D.9.4)"));
  CHECK(t.game().Supply(1) == kCityFollowers);
  CHECK(t.Score(0) == 1);
  CHECK(t.Score(1) == 0);
}

TEST_CASE("StateJson is one JSON object with the whole state", "[city]") {
  Table t(2, {{"--stacks", "1,20,20"}});
  t.Play({"place shhh 0,0", "meeple street N", "place hhsh 0,1", "meeple residential N"});
  YAML::Node j = YAML::Load(t.rules().StateJson());
  CHECK(j["game"].as<std::string>() == "city");
  CHECK(j["players"].size() == 2);
  CHECK(j["players"][0]["score"].as<int>() == 2);
  CHECK(j["awaiting"]["step"].as<std::string>() == "gate");
  CHECK(j["awaiting"]["answers"].size() > 0);
  CHECK(j["followers"].size() == 1);
  CHECK(j["followers"][0]["area"].as<std::string>() == "residential");
  CHECK(j["scores"][0]["reason"].as<std::string>() == "2 tiles × 1 = 2");
  CHECK(j["wall_pieces_left"].as<int>() == 70);
  CHECK(j["over"].as<bool>() == false);
}

// --- Random games --------------------------------------------------------------------------

const std::vector<std::string> kTiles = {
    "hhhh",  "shsh",  "hshs",  "shhh", "hshh",  "hhsh",  "hhhs",  "sssh",  "sshs",
    "shss",  "hsss",  "ssss",  "sshh", "hssh",  "hhss",  "shhs",  "mmmmG", "mmmmGF",
    "hmhhF", "hhmhL", "mhhhG", "hhhm", "smsh",  "shsm",  "hhhhp", "hhhh*", "[hsm]mmmL*",
    "hbhhp", "mmhh",  "hmmh",  "smmh", "hbhh*", "mmmmFL"};

TEST_CASE("seeded random games keep the invariants after every command", "[city][random]") {
  for (std::uint32_t seed = 1; seed <= 40; ++seed) {
    INFO("seed " << seed);
    std::mt19937 rng(seed);
    auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
    GameStart start;
    start.players = Players(2 + static_cast<int>(seed % 3));
    start.options["--stacks"] = std::to_string(3 + pick(8)) + "," + std::to_string(6 + pick(15)) +
                                "," + std::to_string(6 + pick(15));
    if (seed % 4 == 1) start.options["--walls-when-stack1-empty"] = "";
    if (seed % 5 == 2) start.options["--wall-per-feature"] = "";
    if (seed % 6 == 3) start.options["--walls-need-no-tile"] = "";
    if (seed % 3 == 0) start.options["--scored-watchmen"] = "";
    if (seed % 4 == 1) start.options["--watchman-per-tile"] = "";
    Result<std::unique_ptr<GameRules>> made = CityDefinition().make(start);
    REQUIRE(made.ok());
    CityRules& rules = static_cast<CityRules&>(*made.value());
    std::vector<std::string> log;
    for (int step = 0; step < 2000 && !rules.Over(); ++step) {
      Awaiting a = rules.Awaits();
      std::string line;
      if (a.step == "tile") {
        std::string text = kTiles[pick(kTiles.size())];
        Result<CityTile> tile = ParseCityTile(text);
        REQUIRE(tile.ok());
        std::vector<Cell> places = rules.city().PlacesFor(*tile);
        line = places.empty() ? "discard " + text
                              : "place " + text + " " + CellName(places[pick(places.size())]);
        if (pick(200) == 0) line = "end";
      } else {
        REQUIRE_FALSE(a.answers.empty());
        line = a.answers[pick(a.answers.size())];
      }
      if (pick(10) == 0) {  // a refused command changes nothing
        std::uint64_t before = rules.Hash();
        Result<Report> bad = rules.Apply("wall 99,99 N");
        REQUIRE_FALSE(bad.ok());
        REQUIRE(rules.Hash() == before);
      }
      INFO("command " << step << ": " << line);
      Result<Report> r = rules.Apply(line);
      INFO((r.ok() ? "" : r.status().message()));
      REQUIRE(r.ok());
      log.push_back(line);
      // An answer the rules took by themselves, typed anyway: accepted, nothing changes.
      if (!rules.city().auto_answers().empty() && pick(3) == 0) {
        std::uint64_t before = rules.Hash();
        std::string again = rules.city().auto_answers().front().command;
        Result<Report> redundant = rules.Apply(again);
        INFO("redundant: " << again);
        REQUIRE(redundant.ok());
        REQUIRE(redundant->notes.size() == 1);
        REQUIRE(redundant->notes[0].rfind("nothing to do: ", 0) == 0);
        REQUIRE(rules.Hash() == before);
        log.push_back(again);
      }
      Status inv = rules.city().CheckInvariants();
      INFO(inv.message());
      REQUIRE(inv.ok());
      std::unique_ptr<GameRules> copy = rules.Clone();
      REQUIRE(copy->Hash() == rules.Hash());
    }
    REQUIRE(rules.Over());
    std::vector<int> winners = rules.city().Winners();
    REQUIRE_FALSE(winners.empty());
    // The game is its start plus the accepted commands: replaying them gives the same state.
    Result<std::unique_ptr<GameRules>> replay = CityDefinition().make(start);
    REQUIRE(replay.ok());
    for (const std::string& line : log) REQUIRE(replay.value()->Apply(line).ok());
    REQUIRE(replay.value()->Hash() == rules.Hash());
    REQUIRE(replay.value()->StateJson() == rules.StateJson());
  }
}

}  // namespace
}  // namespace carcref
