// The register's alternatives for Mists over Carcassonne (RULES.md §E) that `play --game mists`
// offers as options: each plays one small situation with and without its option and checks the
// outcome differs the way the register says; the last tests check the options survive the log
// (a logged game rebuilt or resumed plays with them; a log from before has none of them).
// Every command goes through mists_support.h's Play, which checks the engine's invariants.
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>

#include "cli/match_log.h"
#include "cli/table.h"
#include "games/base/base_rules.h"
#include "games/mists/mists_rules.h"
#include "mists_support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

int At(const MistsGame& g, int x, int y) { return g.board().IndexAt({x, y}); }

int GhostsAt(const MistsGame& g, int x, int y) {
  int t = At(g, x, y);
  REQUIRE(t >= 0);
  return g.GhostsOnTile(t);
}

MistsMatch StartWith(MistsSetup setup, MistsOptions options) {
  setup.options = options;
  return Start(setup);
}

// Three red meeples on three roads at level 6, solo (Anna plays red green blue yellow): the
// third is refused when the marker came out of red's playable meeples. Returns the refusal, or
// "" when it was placed.
std::string ThirdRedMeeple(MistsMatch& r) {
  Play(r, {"place frff 2,0", "meeple road E red", "place frff 2,1", "meeple road E red",
           "place frff 2,2"});
  if (r.game().Supply(0) > 0) {
    Play(r, {"meeple road E red"});
    return "";
  }
  return Refusal(r, "meeple road E red");
}

}  // namespace

TEST_CASE("AMB-08 alternative: level 6's score markers come out of the playable meeples",
          "[mists][AMB-08][options]") {
  MistsOptions alternative;
  alternative.marker_from_meeples = true;
  SECTION("solo: 3 per colour by default, 2 with the option") {
    MistsSetup solo = LevelSetup(6, {{"Anna", {}}});
    MistsMatch rd = Start(solo);
    MistsMatch alt = StartWith(solo, alternative);
    for (int c = 0; c < 4; ++c) {
      CHECK(rd.game().Supply(c) == 3);
      CHECK(alt.game().Supply(c) == 2);
    }
    CHECK(ThirdRedMeeple(rd).empty());
    CHECK(rd.game().Supply(0) == 0);
    CHECK(ThirdRedMeeple(alt) == "no red meeple left");
  }
  SECTION("2 players: the same") {
    MistsSetup two = LevelSetup(6, {{"Anna", {}}, {"Ben", {}}});
    CHECK(Start(two).game().Supply(0) == 3);
    CHECK(StartWith(two, alternative).game().Supply(0) == 2);
  }
  SECTION("3 players take it from their 5 either way; below level 6 there is no marker") {
    CHECK(StartWith(LevelSetup(6), alternative).game().Supply(0) == 4);
    CHECK(Start(LevelSetup(6)).game().Supply(0) == 4);
    CHECK(StartWith(LevelSetup(5, {{"Anna", {}}}), alternative).game().Supply(0) == 3);
  }
}

TEST_CASE("AMB-04 alternative: a finished road with no meeple may calm 3 ghosts",
          "[mists][AMB-04][options]") {
  // Level 1: the road 2,0–3,0 is closed by Ben's tile with no meeple on it.
  const std::vector<std::string> road = {"place frff 2,0", "pass", "place fffr 3,0", "pass"};
  MistsMatch rd = Start(LevelSetup(1));
  Play(rd, road);
  CHECK(rd.game().phase() == MistsPhase::kPlaceTile);  // AMB-04: not evaluated
  CHECK(rd.game().pending().empty());

  MistsOptions options;
  options.calm_unoccupied = true;
  MistsMatch alt = StartWith(LevelSetup(1), options);
  Play(alt, road);
  REQUIRE(alt.game().phase() == MistsPhase::kEvaluate);
  REQUIRE(alt.game().pending().size() == 1);
  CHECK(alt.game().pending()[0].colours.empty());
  REQUIRE_FALSE(alt.rules().Awaits().listed.empty());
  CHECK(alt.rules().Awaits().listed[0].find(
            "worth 2 to no one (no meeple, AMB-04's alternative)") != std::string::npos);
  SECTION("calm: 2 ghosts from the SW quarter back to the bank, no points") {
    int bank = alt.game().bank();
    Play(alt, {"calm 0,0"});
    CHECK(GhostsAt(alt.game(), 0, 0) == 0);
    CHECK(alt.game().bank() == bank + 2);
    CHECK(alt.game().score() == 0);
    CHECK(alt.game().phase() == MistsPhase::kPlaceTile);
  }
  SECTION("score: nothing to score, no ghost calmed") {
    int bank = alt.game().bank();
    Play(alt, {"score"});
    CHECK(alt.game().score() == 0);
    CHECK(alt.game().bank() == bank);
    CHECK(alt.game().events().back().text ==
          "road W to a farmhouse at 3,0: no meeple on it, so no points; no ghost calmed (AMB-04's "
          "alternative)");
    CHECK(alt.game().phase() == MistsPhase::kPlaceTile);
  }
}

TEST_CASE("AMB-28 alternative: 1 ghost fewer per mist area that extends a bank",
          "[mists][AMB-28][B.7.2][options]") {
  // The position of the AMB-28 test (mists_levels_test.cpp): 3,0 fFfF1/1's W patch extends
  // 2,0's band and its E patch 4,0's, neither finished. 1 fewer for the tile: 1 ghost; 1 fewer
  // per area: 0.
  const std::vector<std::string> before = {"place fFfF=2 2,0", "place ffff 2,1", "place ffff 3,1",
                                           "place ffff 4,1", "place fFfF=1 4,0"};
  MistsMatch rd = Start(LevelSetup(1));
  Play(rd, before);
  Play(rd, {"place fFfF1/1 3,0"});
  CHECK(GhostsAt(rd.game(), 3, 0) == 1);
  CHECK(rd.game().bank() == 8);

  MistsOptions options;
  options.fewer_per_area = true;
  MistsMatch alt = StartWith(LevelSetup(1), options);
  Play(alt, before);
  REQUIRE(alt.game().bank() == 9);
  Play(alt, {"place fFfF1/1 3,0"});
  CHECK(GhostsAt(alt.game(), 3, 0) == 0);
  CHECK(alt.game().bank() == 9);
  CHECK(alt.game().events().back().text == "no ghost placed: the mist extends a bank (B.7.2)");
}

namespace {

// Level 3, solo. Blue parks on the road of 2,0 (its 3×3 block holds the SE quarter's ghost).
// A misty road column at x=0 (red, 7; its ghosts come and go with its bank) and a city of 3 with a
// pennant at 2,1–4,1 (+8) give 15: hound 1 joins green's piece of the city of column 1 (four
// pieces, one colour each, as in EDGE-13). Closing that city gives 7 × 2 × 4 = 56: 15 → 71 passes
// hound 2's 50 while hound 1 waits on the city. 3 ghosts on the board (the start tile's).
MistsMatch HoundOnTheCity(MistsOptions options) {
  MistsMatch r = StartWith(LevelSetup(3, {{"Anna", {}}}), options);
  Play(r, {"place frff 2,0", "meeple road E blue"});
  Play(r, {"place Rfff1 0,2", "meeple road N red", "place RfRf1 0,3", "place RfRf1 0,4",
           "place RfRf1 0,5", "place RfRf1 0,6", "place RfRf1 0,7", "place ffRf1 0,8", "score"});
  REQUIRE(r.game().score() == 7);
  Play(r, {"place cfff 1,2", "meeple city N green", "place cfcf 1,4", "meeple city N blue",
           "place cfcf 1,6", "meeple city N yellow", "place ffcf 1,8", "meeple city S red"});
  Play(r, {"place fcff 2,1", "meeple city E green", "place fcfc+ 3,1", "place fffc 4,1", "score"});
  REQUIRE(r.game().score() == 15);
  REQUIRE(r.game().phase() == MistsPhase::kHound);
  Play(r, {"hound 1,2"});
  if (r.game().phase() == MistsPhase::kHoundCalm) Play(r, {"done"});
  REQUIRE(r.game().phase() == MistsPhase::kPlaceTile);
  Play(r, {"place cfcf 1,3", "place cfcf 1,5", "place cfcf 1,7"});
  REQUIRE(r.game().pending().size() == 1);
  REQUIRE(r.game().pending()[0].value == 14);
  REQUIRE(r.game().GhostsOnBoard() == 3);
  return r;
}

}  // namespace

TEST_CASE("AMB-25 alternative: the thresholds before the hounds waiting on the feature",
          "[mists][AMB-25][B.11.5][options]") {
  SECTION("default: hound 1 scores the 3 ghosts, then hound 2 is placed and calms 1") {
    MistsMatch r = HoundOnTheCity({});
    Play(r, {"score"});
    CHECK(r.game().score() == 71 + 3);
    CHECK(r.game().hounds()[0].done);
    REQUIRE(r.game().phase() == MistsPhase::kHound);
    Play(r, {"hound 2,0", "calm 1,0"});
    CHECK(r.game().GhostsOnBoard() == 2);
    CHECK(r.game().score() == 74);
    CHECK(r.game().phase() == MistsPhase::kPlaceTile);
  }
  SECTION("option: hound 2 is placed and calms 1 first; hound 1 then scores the 2 left") {
    MistsOptions options;
    options.thresholds_before_hounds = true;
    MistsMatch r = HoundOnTheCity(options);
    Play(r, {"score"});
    CHECK(r.game().score() == 71);
    CHECK_FALSE(r.game().hounds()[0].done);  // waits to score
    REQUIRE(r.game().phase() == MistsPhase::kHound);
    // Green's meeple went home with the city: hound 2 cannot join it (B.11.7).
    CHECK(Refusal(r, "hound 1,2").find("standing meeple") != std::string::npos);
    Play(r, {"hound 2,0", "calm 1,0"});
    CHECK(r.game().GhostsOnBoard() == 2);
    CHECK(r.game().hounds()[0].done);
    CHECK(r.game().score() == 71 + 2);
    CHECK(r.game().phase() == MistsPhase::kPlaceTile);
    CHECK(r.game().piles()[2] > 0);
    CHECK(r.game().active_pile() == 2);
  }
}

TEST_CASE("AMB-02 alternative: a finished bank sends back every ghost on its tiles",
          "[mists][AMB-02][options]") {
  // The position of EDGE-07 (level 2): 2,0 Ffffg1 is a cemetery with mist on its N edge; 1
  // ghost on its mist and the extra one on its cemetery. 2,1 ffFf1 finishes that bank.
  const std::vector<std::string> lines = {"place Ffffg1 2,0", "place ffFf1 2,1"};
  MistsMatch rd = Start(LevelSetup(2));
  Play(rd, lines);
  CHECK(GhostsAt(rd.game(), 2, 0) == 1);  // the cemetery's ghost stays (AMB-02: per area)
  CHECK(rd.game().bank() == 11);

  MistsOptions options;
  options.bank_takes_tile_ghosts = true;
  MistsMatch alt = StartWith(LevelSetup(2), options);
  Play(alt, lines);
  CHECK(GhostsAt(alt.game(), 2, 0) == 0);  // the cemetery's went too
  CHECK(alt.game().bank() == 12);
  bool worded = false;
  for (const MistsEvent& e : alt.game().events())
    worded = worded || e.text ==
                           "mist finished: 2 ghosts on its tiles back to the bank (B.6.5, "
                           "AMB-02's alternative)";
  CHECK(worded);
}

// --- The options and the log ----------------------------------------------------------------

namespace {

const std::vector<std::string> kAllOptions = {"--marker-from-meeples", "--calm-unoccupied",
                                              "--fewer-per-area",      "--thresholds-before-hounds",
                                              "--evaluate-after-win",  "--bank-takes-tile-ghosts"};

NewGameOptions MistsNewGame(const std::vector<std::string>& extra) {
  NewGameOptions options;
  options.game = "mists";
  options.players = "Anna:red,Ben:blue,Cleo:yellow";
  options.words = {"--level", "1", "--start", "ffff ffff ffFf2 ffFf1"};
  options.words.insert(options.words.end(), extra.begin(), extra.end());
  return options;
}

const MistsOptions& OptionsOf(const GameRules& rules) {
  const auto* mists = dynamic_cast<const MistsRules*>(&rules);
  REQUIRE(mists);
  return mists->state().setup().options;
}

}  // namespace

TEST_CASE("the Mists alternatives survive the log: rebuilt and resumed games play with them",
          "[mists][options][log]") {
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(":memory:");
  REQUIRE(log.ok());
  std::ostringstream out, err;
  {
    Table table(out, err, log->get(), false);
    Status started = table.NewGame(MistsNewGame(kAllOptions));
    INFO(started.message());
    REQUIRE(started.ok());
    // AMB-04's alternative at work: the unoccupied road waits for its evaluation.
    for (const char* line : {"place frff 2,0", "pass", "place fffr 3,0", "pass"})
      REQUIRE(table.Execute(line));
  }
  Result<SessionRecord> record = (*log)->LoadSession(1);
  REQUIRE(record.ok());
  for (const char* key :
       {"marker_from_meeples", "calm_unoccupied", "fewer_per_area", "thresholds_before_hounds",
        "evaluate_after_win", "bank_takes_tile_ghosts"})
    CHECK(record->options.find("\"" + std::string(key) + "\":true") != std::string::npos);
  CHECK(record->options.find("\"rules\":2") != std::string::npos);  // the rules edition

  Result<Match> rebuilt = RebuildMatch(*record);
  INFO((rebuilt.ok() ? "" : rebuilt.status().message()));
  REQUIRE(rebuilt.ok());
  const MistsOptions& o = OptionsOf(rebuilt->rules());
  CHECK(o.marker_from_meeples);
  CHECK(o.calm_unoccupied);
  CHECK(o.fewer_per_area);
  CHECK(o.thresholds_before_hounds);
  CHECK(o.evaluate_after_win);
  CHECK(o.bank_takes_tile_ghosts);
  CHECK(rebuilt->rules().Awaits().step == "score or calm");

  // Resumed at the table, the game goes on with them: the road calms the SW quarter's 2.
  Table table(out, err, log->get(), false);
  REQUIRE(table.Resume(1).ok());
  REQUIRE(table.rules());
  CHECK(OptionsOf(*table.rules()).calm_unoccupied);
  REQUIRE(table.Execute("calm 0,0"));
  const auto* mists = dynamic_cast<const MistsRules*>(table.rules());
  REQUIRE(mists);
  CHECK(mists->state().bank() == 14);
  CHECK(mists->state().phase() == MistsPhase::kPlaceTile);
}

TEST_CASE("a Mists log from before the alternatives reads as the defaults",
          "[mists][options][log]") {
  // The options a log wrote before these keys existed.
  const std::string old_json =
      R"({"game":"mists","level":3,"meeples_on_misty_roads":true,"facedown_orthogonal":false,)"
      R"("meeples_on_fields":false,"no_burying_hounds":false,"unplaceable_loses":false,)"
      R"("players":[{"name":"Anna","colours":["red","green","blue","yellow"]}],)"
      R"("start":["ffff","ffff","ffFf2","ffFf1"]})";
  GameStart start;
  REQUIRE(MistsDefinition().read_logged_options(old_json, &start).ok());
  for (const std::string& option : kAllOptions) CHECK(start.options.count(option) == 0);
  CHECK(start.options.at("--level") == "3");
}

TEST_CASE("the Mists alternatives belong to the Mists game", "[mists][options][refusal]") {
  // Each is declared by the Mists game and by no other game.
  GameDefinition mists = MistsDefinition();
  GameDefinition base = BaseDefinition();
  for (const std::string& option : kAllOptions) {
    INFO(option);
    auto named = [&](const auto& o) { return o.name == option; };
    CHECK(std::any_of(mists.options.begin(), mists.options.end(), named));
    CHECK(std::none_of(base.options.begin(), base.options.end(), named));
  }
}
