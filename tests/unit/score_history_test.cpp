// Scorings through the game interface (rules.h, DESIGN.md "Scoring produces events"): every game
// reports each scoring as a ScoreLine in the command's Report and in GameRules::History(), and
// each player's score is the sum of their points there. Seeded random games of the base game,
// GCC and the City check it after every command; worked examples of RULES.md check known
// scorings with their points. (Mists co-op: mists_random_test.cpp, mists_levels_test.cpp.)
#include <algorithm>
#include <functional>
#include <numeric>
#include <random>

#include "carcref/notation.h"
#include "games/base/base_rules.h"
#include "games/city/city.h"
#include "games/mists/mists_rules.h"
#include "support.h"

namespace carcref::test {
namespace {

GameStart BaseStart(std::vector<PlayerSpec> players, bool gcc) {
  GameStart start;
  start.players = std::move(players);
  start.box.emplace_back("base", ReadFile(CARCREF_SOURCE_DATA_DIR "/tiles/base.yaml"));
  if (gcc) {
    start.box.emplace_back(kMistsBoxRecord, ReadFile(CARCREF_SOURCE_DATA_DIR "/tiles/mists.yaml"));
    start.options["--start"] = "ffff ffff ffFf2 ffFf1";
  }
  return start;
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::unique_ptr<GameRules> Make(const GameDefinition& game, const GameStart& start) {
  Result<std::unique_ptr<GameRules>> made = game.make(start);
  INFO((made.ok() ? "" : made.status().message()));
  REQUIRE(made.ok());
  return std::move(made.value());
}

// What the random games reached, so that a test that scored nothing fails.
struct Seen {
  int lines = 0;     // scorings reported
  int final = 0;     // of them at the end
  int negative = 0;  // a player's points below 0 (GCC: the ghosts cost more than the value)
  int ghosts = 0;    // lines with a ghost penalty in their words (GCC, C.5.1, C.9.2)
};

// Applies `line` (it must be accepted) and checks the scorings it reports against History()
// and Scores(): the new lines of History() are the Report's, the scores moved by their points,
// and every score is the sum of the history's points.
void ApplyChecked(GameRules& rules, const std::string& line, Seen& seen) {
  const std::vector<ScoreLine> before = rules.History();
  const std::vector<int> scores_before = rules.Scores();
  INFO("command: " << line);
  Result<Report> report = rules.Apply(line);
  INFO((report.ok() ? "" : report.status().message()));
  REQUIRE(report.ok());
  const std::vector<ScoreLine> after = rules.History();
  const std::vector<int> scores = rules.Scores();
  REQUIRE(after.size() == before.size() + report->scores.size());
  std::vector<int> moved(scores.size(), 0);
  for (std::size_t i = 0; i < report->scores.size(); ++i) {
    const ScoreLine& got = report->scores[i];
    const ScoreLine& kept = after[before.size() + i];
    CHECK(got.what == kept.what);
    CHECK(got.where == kept.where);
    CHECK(got.reason == kept.reason);
    REQUIRE(got.points == kept.points);
    REQUIRE(got.points.size() == scores.size());
    CHECK_FALSE(got.what.empty());
    for (std::size_t p = 0; p < scores.size(); ++p) {
      moved[p] += got.points[p];
      seen.negative += got.points[p] < 0;
    }
    ++seen.lines;
    seen.final += got.final;
    seen.ghosts += Has(got.reason, " ghost");
  }
  for (std::size_t p = 0; p < scores.size(); ++p) CHECK(scores[p] - scores_before[p] == moved[p]);
  Status summed = CheckScoresAreHistory(rules);
  INFO(summed.message());
  REQUIRE(summed.ok());
  Status inv = rules.CheckInvariants();
  INFO(inv.message());
  REQUIRE(inv.ok());
}

// A seeded random game through the interface: the tile step from `tile` (a legal placement,
// or "" for none found), every other step a random legal answer from Awaits(). Ends the game
// with "end" after `turns` tiles if it has not ended by itself.
void PlayRandom(GameRules& rules, std::mt19937& rng,
                const std::function<std::string(const GameRules&, std::mt19937&)>& tile, int turns,
                Seen& seen) {
  int placed = 0;
  for (int step = 0; step < 2000 && !rules.Over(); ++step) {
    Awaiting a = rules.Awaits();
    std::string line;
    if (a.step == "tile") {
      if (placed >= turns) break;
      line = tile(rules, rng);
      if (line.empty()) continue;
      ++placed;
    } else {
      REQUIRE_FALSE(a.answers.empty());
      line = a.answers[rng() % a.answers.size()];
    }
    ApplyChecked(rules, line, seen);
  }
  if (!rules.Over()) ApplyChecked(rules, "end", seen);
  REQUIRE(rules.Over());
}

// A base tile still in the bag at a random legal place, or a Mists tile typed as it lies (GCC).
std::string BaseTile(const GameRules& rules, std::mt19937& rng) {
  const Game& g = static_cast<const BaseRules&>(rules).state();
  static const std::vector<std::string> kMists = {"Ffff1",  "fFff1", "ffFf1", "fffF1",  "FfFf=1",
                                                  "fFfF=1", "ffff",  "FFff2", "Ffffk1", "ffffg"};
  if (g.box() && rng() % 3 == 0) {
    std::string d = kMists[rng() % kMists.size()];
    Result<TileType> t = ParseShortForm(d);
    INFO(d << ": " << (t.ok() ? "" : t.status().message()));
    REQUIRE(t.ok());
    if (!g.box()->CanTake(*t).ok()) return "";
    std::vector<Cell> as_is;
    for (const Placement& p : g.board().LegalPlacements(*t))
      if (p.quarters == 0) as_is.push_back(p.cell);
    if (as_is.empty()) return "";
    return "place " + d + " " + CellName(as_is[rng() % as_is.size()]);
  }
  std::vector<TilePtr> left;
  for (const TilePtr& t : g.setup().catalog.tiles)
    if (g.Remaining(*t) > 0) left.push_back(t);
  if (left.empty()) return "";
  TilePtr t = left[rng() % left.size()];
  std::vector<Placement> places = g.board().LegalPlacements(*t);
  if (places.empty()) return "discard " + t->id;
  const Placement& p = places[rng() % places.size()];
  return "place " + t->id + " " + CellName(p.cell) + " " + std::to_string(p.quarters * 90);
}

const std::vector<PlayerSpec> kColours = {
    {"Anna", "red"}, {"Ben", "blue"}, {"Cleo", "green"}, {"Dan", "yellow"}, {"Eva", "black"}};

std::vector<PlayerSpec> FirstPlayers(std::size_t n) {
  return {kColours.begin(), kColours.begin() + static_cast<long>(n)};
}

}  // namespace

TEST_CASE("base random games: scores are the sum of History() after every command",
          "[history][base][random]") {
  Seen seen;
  for (unsigned seed = 1; seed <= 4; ++seed) {
    INFO("seed " << seed);
    std::mt19937 rng(seed * 104729u);
    std::unique_ptr<GameRules> rules =
        Make(BaseDefinition(), BaseStart(FirstPlayers(2 + seed % 3), false));
    PlayRandom(*rules, rng, BaseTile, 80, seen);
  }
  CHECK(seen.lines > 40);
  CHECK(seen.final > 10);
}

TEST_CASE("GCC random games: scores, ghost penalties included, are the sum of History()",
          "[history][gcc][random]") {
  Seen seen;
  for (unsigned seed = 1; seed <= 6; ++seed) {
    INFO("seed " << seed);
    std::mt19937 rng(seed * 7919u);
    std::unique_ptr<GameRules> rules =
        Make(GccDefinition(), BaseStart(FirstPlayers(2 + seed % 4), true));
    PlayRandom(*rules, rng, BaseTile, 70, seen);
  }
  INFO(seen.lines << " scorings, " << seen.final << " final, " << seen.ghosts
                  << " with ghost penalties, " << seen.negative << " below 0");
  CHECK(seen.lines > 40);
  CHECK(seen.final > 10);
  CHECK(seen.ghosts > 5);  // with these seeds: 30 of 163, 19 of them below 0
}

TEST_CASE("City random games: scores are the sum of History() after every command",
          "[history][city][random]") {
  static const std::vector<std::string> kTiles = {
      "hhhh", "shsh", "hshs", "shhh", "hshh",  "hhsh",  "hhhs",  "sssh", "sshs", "shss",  "ssss",
      "sshh", "hssh", "hhss", "shhs", "mmmmG", "hmhhF", "hhmhL", "hhhm", "smsh", "hhhhp", "mmhh"};
  auto tile = [](const GameRules& rules, std::mt19937& rng) -> std::string {
    const std::string& text = kTiles[rng() % kTiles.size()];
    Result<CityTile> t = ParseCityTile(text);
    REQUIRE(t.ok());
    std::vector<Cell> places = static_cast<const CityRules&>(rules).city().PlacesFor(*t);
    return places.empty() ? "discard " + text
                          : "place " + text + " " + CellName(places[rng() % places.size()]);
  };
  Seen seen;
  for (unsigned seed = 1; seed <= 6; ++seed) {
    INFO("seed " << seed);
    std::mt19937 rng(seed);
    GameStart start;
    start.players = FirstPlayers(2 + seed % 3);
    start.options["--stacks"] = "6,12,12";
    std::unique_ptr<GameRules> rules = Make(CityDefinition(), start);
    PlayRandom(*rules, rng, tile, 200, seen);
  }
  CHECK(seen.lines > 10);
}

TEST_CASE("TC-A-09 in History(): a 3-tile city with a pennant, tied knights, 8 each",
          "[history][base][A.6.4]") {
  std::unique_ptr<GameRules> rules = Make(BaseDefinition(), BaseStart(FirstPlayers(2), false));
  Seen seen;
  for (const char* line :
       {"place U 1,0 0 pass", "place E 1,1 90 meeple city E", "place U 2,0 0 pass",
        "place U 3,0 0 pass", "place E 3,1 270 meeple city W", "place F 2,1 0 pass"})
    ApplyChecked(*rules, line, seen);
  std::vector<ScoreLine> history = rules->History();
  REQUIRE(history.size() == 1);
  const ScoreLine& city = history[0];
  CHECK(city.what == "city");
  CHECK(city.reason == "3 tiles × 2 + 1 pennant × 2 = 8");
  CHECK(city.points == std::vector<int>{8, 8});
  CHECK(city.winners == std::vector<int>{0, 1});
  CHECK(city.followers == std::vector<int>{1, 1});
  CHECK(city.cells.size() == 3);
  CHECK_FALSE(city.final);
  CHECK(rules->Scores() == std::vector<int>{8, 8});
  // status --json carries it, in the City's shape.
  CHECK(rules->StateJson().find("\"scores\":[{\"what\":\"city\"") != std::string::npos);
}

TEST_CASE("TC-C-01 in History(): a city worth 8 whose knight has 2 ghosts gives 4",
          "[history][gcc][C.5.1]") {
  // As gcc_test's TC-C-01: Anna's knight on the city at 0,2 takes 2 ghosts; E closes it.
  std::unique_ptr<GameRules> rules = Make(GccDefinition(), BaseStart(FirstPlayers(2), true));
  Seen seen;
  for (const char* line : {"place E 0,2 0 meeple city N", "place Ffff1 0,-1 pass",
                           "place cfcf+ 0,3 pass", "place Ffff1 1,-1 pass", "place ffcf 0,4 pass"})
    ApplyChecked(*rules, line, seen);
  std::vector<ScoreLine> history = rules->History();
  REQUIRE(history.size() == 1);
  CHECK(history[0].what == "city");
  CHECK(history[0].points == std::vector<int>{4, 0});  // 8 − 2 ghosts × 2 (C.5.1)
  CHECK(Has(history[0].reason, "Anna 8 − 2 ghosts × 2 = 4 → +4"));
  CHECK(rules->Scores() == std::vector<int>{4, 0});
}

TEST_CASE("TC-C-06 in History(): on 1 point, the road's line gives −1, the floor included",
          "[history][gcc][C.5.2]") {
  // gcc_test's BenOnOnePoint and TC-C-06 through the interface: Ben on 1 point closes a 2-tile
  // road whose thief has 2 ghosts: 2 − 2 × 2 = −2, floored at 0: his line says −1 (C.5.2).
  std::unique_ptr<GameRules> rules = Make(GccDefinition(), BaseStart(FirstPlayers(2), true));
  Seen seen;
  for (const char* line :
       {"place ffff -1,0 pass", "place frff 2,1 meeple road E", "place ffff -1,1 pass",
        "place frff 2,0 meeple road E", "place FfFf=1 0,-1", "ghost 2,1", "pass",
        "place frfr 3,1 pass", "place Ffff1 1,-1", "ghost 2,0 road E", "pass",
        "place fffr 4,1 pass", "place Ffff1 0,-2 pass"})
    ApplyChecked(*rules, line, seen);
  REQUIRE(rules->Scores() == std::vector<int>{0, 1});
  std::size_t before = rules->History().size();
  ApplyChecked(*rules, "place fffr 3,0 pass", seen);
  std::vector<ScoreLine> history = rules->History();
  REQUIRE(history.size() == before + 1);
  const ScoreLine& road = history.back();
  CHECK(road.what == "road");
  CHECK(road.points == std::vector<int>{0, -1});
  CHECK(Has(road.reason, "total floored at 0: +1 (C.5.2)"));
  CHECK(rules->Scores() == std::vector<int>{0, 0});
  CHECK(seen.negative > 0);
}

TEST_CASE("TC-D-01 in History(): a 3-tile street scores 3 through the interface",
          "[history][city][D.6.1]") {
  GameStart start;
  start.players = FirstPlayers(2);
  std::unique_ptr<GameRules> rules = Make(CityDefinition(), start);
  Seen seen;
  for (const char* line :
       {"place shhh 0,0", "meeple street N", "place shsh 0,1", "pass", "place hhsh 0,2", "pass"})
    ApplyChecked(*rules, line, seen);
  std::vector<ScoreLine> history = rules->History();
  REQUIRE(history.size() == 1);
  CHECK(history[0].what == "street");
  CHECK(history[0].reason == "3 tiles × 1 = 3");
  CHECK(history[0].points == std::vector<int>{3, 0});
}

GameStart MistsStart(int level, std::vector<PlayerSpec> players) {
  GameStart start;
  start.players = std::move(players);
  start.options["--level"] = std::to_string(level);
  start.options["--start"] = "ffff ffff ffFf2 ffFf1";
  start.box.emplace_back(kMistsBoxRecord, ReadFile(CARCREF_SOURCE_DATA_DIR "/tiles/mists.yaml"));
  return start;
}

TEST_CASE("TC-B-11 in History(): a surrounded castle with 6 misty tiles gives the team 12",
          "[history][mists][B.9.7]") {
  // mists_levels_test's TC-B-11 through the interface (level 2, three players).
  std::unique_ptr<GameRules> rules = Make(
      MistsDefinition(), MistsStart(2, {{"Anna", "red"}, {"Ben", "blue"}, {"Cleo", "yellow"}}));
  Seen seen;
  for (const char* line :
       {"place Ffffk1 1,-1", "meeple castle", "place Ffff1 0,-1", "place fFff1 2,0",
        "place fFff1 2,-1", "place ffff 0,-2", "place ffff 1,-2", "place ffff 2,-2", "score"})
    ApplyChecked(*rules, line, seen);
  std::vector<ScoreLine> history = rules->History();
  REQUIRE(history.size() == 1);
  CHECK(history[0].what == "castle");
  CHECK(Has(history[0].reason, "= 12"));
  CHECK(history[0].points == std::vector<int>{12, 12, 12});  // one shared score (B.9.5)
  CHECK(history[0].followers == std::vector<int>{1, 0, 0});  // Anna's red meeple
  CHECK(history[0].cells.size() == 9);                       // the castle's 3×3 block (B.9.7)
  CHECK(rules->Scores() == std::vector<int>{12, 12, 12});
  CHECK(rules->StateJson().find("\"scores\":[{\"what\":\"castle\"") != std::string::npos);
}

TEST_CASE("TC-B-14 in History(): level 6, red and yellow 6 each on their own markers",
          "[history][mists][B.13.2]") {
  std::unique_ptr<GameRules> rules = Make(
      MistsDefinition(), MistsStart(6, {{"Anna", "red"}, {"Ben", "yellow"}, {"Cleo", "green"}}));
  Seen seen;
  for (const char* line :
       {"place ffff 2,0", "place ffff 3,0", "place ffff 4,0", "place fcff 2,1", "meeple city E",
        "place fffc 4,1", "meeple city W", "place fcfc 3,1", "score"})
    ApplyChecked(*rules, line, seen);
  std::vector<ScoreLine> history = rules->History();
  REQUIRE(history.size() == 1);
  CHECK(history[0].what == "city");
  CHECK(history[0].points == std::vector<int>{6, 6, 0});  // green's marker stays (B.13.2)
  CHECK(history[0].winners == std::vector<int>{0, 1});
  CHECK(rules->Scores() == std::vector<int>{6, 6, 0});
  CHECK(history[0].cells == std::vector<Cell>{{2, 1}, {3, 1}, {4, 1}});
}

TEST_CASE("B.11.5 in History(): the hound scores 1 per ghost left on the board, a line of its own",
          "[history][mists][B.11.5]") {
  // mists_levels_test's hound position through the interface (level 3, three players): blue's
  // road meeple gets hound 1 at 16; after the calms 7 ghosts are on the board; blue's road
  // closes and the team calms the start tile's SW quarter (2) instead of scoring: the hound,
  // scored straight after that evaluation, finds 5.
  std::unique_ptr<GameRules> rules = Make(
      MistsDefinition(), MistsStart(3, {{"Anna", "red"}, {"Ben", "blue"}, {"Cleo", "yellow"}}));
  Seen seen;
  for (const char* line : {"place ffffg 2,0",
                           "place Ffrf2 3,0",
                           "meeple road S",
                           "place fFff1 2,1",
                           "place fffF1 -1,0",
                           "place fffF1 -1,1",
                           "place fcff 0,2",
                           "meeple city E",
                           "place fcfc+ 1,2",
                           "place fffc 2,2",
                           "score",
                           "place fcff 0,3",
                           "meeple city E",
                           "place fcfc+ 1,3",
                           "place fffc 2,3",
                           "score",
                           "hound 3,0",
                           "calm 3,0",
                           "calm 2,0 cemetery 3",
                           "place rfff 3,-1",
                           "calm 0,0"})
    ApplyChecked(*rules, line, seen);
  std::vector<ScoreLine> history = rules->History();
  REQUIRE(history.size() == 3);  // the two cities, then the hound (the road was calmed)
  const ScoreLine& hound = history.back();
  CHECK(hound.what == "hound");
  CHECK(hound.points == std::vector<int>{5, 5, 5});     // the shared score (B.9.5)
  CHECK(hound.followers == std::vector<int>{0, 1, 0});  // Ben's blue meeple held it
  CHECK(rules->Scores() == std::vector<int>{21, 21, 21});
}

TEST_CASE("A.4.7 no meeple: the supply was empty, though the tile's scoring sends one home",
          "[base][A.4.7]") {
  // Anna puts a knight on the city at 0,1 and six monks: her supply is empty. Her I at 1,1
  // finishes the city, whose knight comes home only after the meeple step (A.4.6).
  std::unique_ptr<GameRules> rules = Make(BaseDefinition(), BaseStart(FirstPlayers(2), false));
  Seen seen;
  for (const char* line :
       {"place N 0,1 180 meeple city S", "place U 1,0 0 pass", "place B 0,-1 0 meeple monastery",
        "place U -1,0 0 pass", "place B 1,-1 0 meeple monastery", "place U 2,0 0 pass",
        "place B -1,-1 0 meeple monastery", "place U -2,0 0 pass",
        "place B 2,-1 0 meeple monastery", "place U 3,0 0 pass", "place A -2,-1 0 meeple monastery",
        "place U -3,0 0 pass", "place A 3,-1 0 meeple monastery", "place U 4,0 0 pass"})
    ApplyChecked(*rules, line, seen);
  Result<Report> report = rules->Apply("place I 1,1 0");
  REQUIRE(report.ok());
  const std::vector<std::string>& notes = report->notes;
  CHECK(std::count(notes.begin(), notes.end(), "no meeple: Anna has none left") == 1);
  CHECK(std::count(notes.begin(), notes.end(), "no meeple: every feature of this tile is taken") ==
        0);
  REQUIRE(report->scores.size() == 1);
  CHECK(report->scores[0].what == "city");
  CHECK(report->scores[0].points == std::vector<int>{6, 0});
}

}  // namespace carcref::test
