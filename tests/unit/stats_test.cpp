// Statistics across a small archive built by hand (stats.h). Every expected number is worked
// out in the comments from the sessions below.
#include "cli/stats.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace carcref;

namespace {

CommandRecord Command(std::string text, std::vector<EventRecord> events = {}, bool undone = false) {
  static std::int64_t seq = 0;
  CommandRecord c;
  c.seq = ++seq;  // only the order matters here
  c.text = std::move(text);
  c.undone = undone;
  c.events = std::move(events);
  return c;
}

// A scoring event as EventJson stores it (the keys stats reads; the rest left out).
EventRecord Event(const std::string& kind, int tiles, const std::string& points,
                  bool final = false) {
  return {kind, R"({"kind":")" + kind + R"(","final":)" + (final ? "true" : "false") +
                    R"(,"where":")" + kind + R"( somewhere","tiles":)" + std::to_string(tiles) +
                    R"(,"points":{)" + points + "}}"};
}

std::string Player(const std::string& name, int score, bool winner, const std::string& breakdown) {
  return R"({"name":")" + name + R"(","color":"red","score":)" + std::to_string(score) +
         R"(,"winner":)" + (winner ? "true" : "false") + R"(,"breakdown":{)" + breakdown + "}}";
}

std::string Result(const std::vector<std::string>& players) {
  std::string list;
  for (const std::string& p : players) list += (list.empty() ? "" : ",") + p;
  return R"({"status":"finished","players":[)" + list + R"(],"errors":[]})";
}

std::string Options(const std::vector<std::string>& names, int level = 0) {
  std::string list;
  for (const std::string& n : names)
    list += (list.empty() ? "" : ",") + (R"({"name":")" + n + R"(","color":"red"})");
  return std::string(R"({"game":"x")") + (level ? ",\"level\":" + std::to_string(level) : "") +
         R"(,"players":[)" + list + "]}";
}

SessionRecord Session(std::int64_t id, const std::string& game, const std::string& status,
                      const std::string& options, const std::string& result,
                      std::vector<CommandRecord> commands = {}) {
  SessionRecord s;
  s.id = id;
  s.uuid = "u" + std::to_string(id);
  s.created_at = "2024-05-0" + std::to_string(id % 10) + "T12:00:00.000Z";
  s.game = game;
  s.options = options;
  s.status = status;
  s.result = result;
  s.commands = std::move(commands);
  return s;
}

// The archive:
//   1 base  finished  Anna 10 (roads 3, cities 4, monasteries 0, farms 3) wins;
//                     Ben 6 (roads 2, cities 4, monasteries 0, farms 0).
//                     Events: road 3 tiles Anna +3 (live command 2); city 2 tiles Anna +4,
//                     Ben +4 (command 3); road 2 tiles Ben +2 at the end (command 4).
//   2 base  finished  Anna 8 (cities 8) and Ben 8 (roads 5, farms 3) share the win;
//                     Cy 5 (roads 1, monasteries 4).
//                     Events: city 4 tiles Anna +8 (command 2); road 5 tiles Ben +5
//                     (command 3); road 5 tiles Cy +1 (command 4: a tie, not a record).
//   3 base  active    a road of 9 tiles scored (not finished: not counted).
//   4 gcc   finished  Ben 10 (castles 4 listed first, roads 0, cities 8, monasteries 0,
//                     farms 0, ghosts -2) wins; Anna 7 (roads 7, castles 0, …).
//                     Commands: 1 place; 2 place, UNDONE, with a 20-tile city; 3 place with a
//                     road of 7 tiles Anna +7 (live command 2); 4 end with a city of 4 tiles
//                     Ben +8 (live command 3: ties session 2's city, which stays the record)
//                     and a road of 8 tiles that nobody scores.
//   5 mists level 2  won                           Anna, Ben
//   6 mists level 2  lost, "ghost bank empty" at 31   Anna, Ben
//   7 mists level 4  lost, "ghost bank empty"      Anna, Cy
//   8 mists level 4  lost, "piles ran out"         Ben, Cy
//   9 base  abandoned                             Anna, Ben
//  10 base  finished, result not JSON             Anna, Ben
std::vector<SessionRecord> Archive() {
  std::vector<SessionRecord> a;
  a.push_back(Session(
      1, "base", "finished", Options({"Anna", "Ben"}),
      Result({Player("Anna", 10, true, R"("roads":3,"cities":4,"monasteries":0,"farms":3)"),
              Player("Ben", 6, false, R"("roads":2,"cities":4,"monasteries":0,"farms":0)")}),
      {Command("place U 1,0 0"),
       Command("place V 2,0 0", {Event("road", 3, R"("Anna":3,"Ben":0)")}),
       Command("place E 0,1 180", {Event("city", 2, R"("Anna":4,"Ben":4)")}),
       Command("end", {Event("road", 2, R"("Anna":0,"Ben":2)", true)})}));
  a.push_back(Session(
      2, "base", "finished", Options({"Anna", "Ben", "Cy"}),
      Result({Player("Anna", 8, true, R"("roads":0,"cities":8,"monasteries":0,"farms":0)"),
              Player("Ben", 8, true, R"("roads":5,"cities":0,"monasteries":0,"farms":3)"),
              Player("Cy", 5, false, R"("roads":1,"cities":0,"monasteries":4,"farms":0)")}),
      {Command("place A 0,1 0"), Command("place B 1,1 0", {Event("city", 4, R"("Anna":8)")}),
       Command("place C 2,1 0", {Event("road", 5, R"("Ben":5,"Cy":0)")}),
       Command("place D 3,1 0", {Event("road", 5, R"("Cy":1)")})}));
  a.push_back(Session(3, "base", "active", Options({"Anna", "Ben"}), "",
                      {Command("place U 1,0 0", {Event("road", 9, R"("Anna":9)")})}));
  a.push_back(Session(
      4, "gcc", "finished", Options({"Anna", "Ben"}),
      Result({Player("Anna", 7, false,
                     R"("roads":7,"cities":0,"monasteries":0,"farms":0,"castles":0)"),
              Player("Ben", 10, true,
                     R"("castles":4,"roads":0,"cities":8,"monasteries":0,"farms":0,"ghosts":-2)")}),
      {Command("place A 0,1 0"),
       Command("place B 0,2 0", {Event("city", 20, R"("Anna":40)")}, /*undone=*/true),
       Command("place C 0,3 0", {Event("road", 7, R"("Anna":7,"Ben":0)")}),
       Command("end",
               {Event("city", 4, R"("Ben":8)", true), Event("road", 8, R"("Anna":0)", true)})}));
  a.push_back(Session(5, "mists", "finished", Options({"Anna", "Ben"}, 2),
                      R"({"status":"finished","outcome":"won"})"));
  a.push_back(
      Session(6, "mists", "finished", Options({"Anna", "Ben"}, 2),
              R"({"status":"finished","outcome":"lost","cause":"ghost bank empty","at":31})"));
  a.push_back(Session(7, "mists", "finished", Options({"Anna", "Cy"}, 4),
                      R"({"outcome":"lost","cause":"ghost bank empty"})"));
  a.push_back(Session(8, "mists", "finished", Options({"Ben", "Cy"}, 4),
                      R"({"outcome":"lost","cause":"piles ran out"})"));
  a.push_back(Session(9, "base", "abandoned", Options({"Anna", "Ben"}), ""));
  a.push_back(Session(10, "base", "finished", Options({"Anna", "Ben"}), "Anna 12, Ben 9"));
  return a;
}

long long Feature(const ArchiveStats& s, const std::string& key) {
  for (const auto& [k, v] : s.points_by_feature)
    if (k == key) return v;
  FAIL("no feature " << key);
  return 0;
}

std::vector<std::string> FeatureKeys(const ArchiveStats& s) {
  std::vector<std::string> keys;
  for (const auto& item : s.points_by_feature) keys.push_back(item.first);
  return keys;
}

}  // namespace

TEST_CASE("stats over the whole archive", "[stats]") {
  ArchiveStats s = ComputeStats(Archive(), {});
  // Sessions 1–10; finished with a readable result: 1, 2, 4, 5, 6, 7, 8; session 10's
  // result is not JSON; 3 is active, 9 abandoned.
  CHECK(s.sessions == 10);
  CHECK(s.finished == 7);
  CHECK(s.unreadable == 1);
  CHECK(s.active == 1);
  CHECK(s.abandoned == 1);
  CHECK(s.games_by_name ==
        std::vector<std::pair<std::string, int>>{{"base", 2}, {"gcc", 1}, {"mists", 4}});

  // Competitive games 1, 2, 4.
  //   Anna: 3 games; wins 1 (alone) and 2 (shared) = 2; points 10 + 8 + 7 = 25, average
  //         8.33; best 10.
  //   Ben:  3 games; wins 2 (shared) and 4 = 2; points 6 + 8 + 10 = 24, average 8.0;
  //         best 10.
  //   Cy:   1 game, no win, 5 points.
  // Anna and Ben tie on wins and win rate (2/3); Anna's average is higher.
  REQUIRE(s.players.size() == 3);
  CHECK(s.players[0].name == "Anna");
  CHECK(s.players[0].games == 3);
  CHECK(s.players[0].wins == 2);
  CHECK(s.players[0].points == 25);
  CHECK(s.players[0].best == 10);
  CHECK(s.players[0].Average() == Approx(25.0 / 3));
  CHECK(s.players[0].WinRate() == Approx(2.0 / 3));
  CHECK(s.players[1].name == "Ben");
  CHECK(s.players[1].wins == 2);
  CHECK(s.players[1].points == 24);
  CHECK(s.players[1].best == 10);
  CHECK(s.players[2].name == "Cy");
  CHECK(s.players[2].games == 1);
  CHECK(s.players[2].wins == 0);
  CHECK(s.players[2].best == 5);

  // Breakdowns summed over games 1, 2, 4 (the co-op results have no players):
  //   roads       3 + 2 | 0 + 5 + 1 | 7 + 0 = 18
  //   cities      4 + 4 | 8 + 0 + 0 | 0 + 8 = 24
  //   monasteries 0 + 0 | 0 + 0 + 4 | 0 + 0 = 4
  //   farms       3 + 0 | 0 + 3 + 0 | 0 + 0 = 6
  //   castles                         0 + 4 = 4
  //   ghosts                              -2
  // 18 + 24 + 4 + 6 + 4 - 2 = 54 = 25 + 24 + 5. Score-sheet order, unknown keys last.
  CHECK(FeatureKeys(s) ==
        std::vector<std::string>{"roads", "cities", "monasteries", "farms", "castles", "ghosts"});
  CHECK(Feature(s, "roads") == 18);
  CHECK(Feature(s, "cities") == 24);
  CHECK(Feature(s, "monasteries") == 4);
  CHECK(Feature(s, "farms") == 6);
  CHECK(Feature(s, "castles") == 4);
  CHECK(Feature(s, "ghosts") == -2);

  // Roads scored in finished games: 3 (s1), 2 (s1), 5 (s2, Ben), 5 (s2, Cy: a tie), 7 (s4,
  // Anna, live command 2 since command 2 was undone). The 9 of active session 3 and the 8
  // nobody scored do not count.
  REQUIRE(s.longest_road.has_value());
  CHECK(s.longest_road->tiles == 7);
  CHECK(s.longest_road->session == 4);
  CHECK(s.longest_road->command == 2);
  CHECK(s.longest_road->who == "Anna");
  // Cities: 2 (s1), 4 (s2, Anna), 4 (s4, Ben: a tie); the undone 20 does not count.
  REQUIRE(s.biggest_city.has_value());
  CHECK(s.biggest_city->tiles == 4);
  CHECK(s.biggest_city->session == 2);
  CHECK(s.biggest_city->command == 2);
  CHECK(s.biggest_city->who == "Anna");

  // Co-op: 4 games, 1 won. Level 2: 5 won, 6 lost; level 4: 7 and 8 lost. Causes of the 3
  // defeats: ghost bank empty ×2, piles ran out ×1.
  CHECK(s.coop_games == 4);
  CHECK(s.coop_wins == 1);
  REQUIRE(s.levels.size() == 2);
  CHECK(s.levels[0].level == 2);
  CHECK(s.levels[0].games == 2);
  CHECK(s.levels[0].wins == 1);
  CHECK(s.levels[1].level == 4);
  CHECK(s.levels[1].games == 2);
  CHECK(s.levels[1].wins == 0);
  CHECK(s.coop_losses == 3);
  CHECK(s.common_cause == "ghost bank empty");
  CHECK(s.common_cause_count == 2);

  std::string text = FormatStats(s, {});
  CHECK(text.rfind("7 games played (2 base, 1 gcc, 4 mists) · 1 in progress · 1 abandoned\n", 0) ==
        0);
  CHECK(text.find("1 finished session(s) left out: the result cannot be read\n") !=
        std::string::npos);
  CHECK(text.find("player  games  wins  win rate  average  best\n"
                  "Anna        3     2       67%      8.3    10\n"
                  "Ben         3     2       67%      8.0    10\n"
                  "Cy          1     0        0%      5.0     5\n") != std::string::npos);
  CHECK(text.find("points by feature: roads 18 · cities 24 · monasteries 4 · farms 6 · "
                  "castles 4 · ghosts -2\n") != std::string::npos);
  CHECK(text.find("longest road: 7 tiles, Anna (session 4, command 2, road somewhere)\n") !=
        std::string::npos);
  CHECK(text.find("biggest city: 4 tiles, Anna (session 2, command 2, city somewhere)\n") !=
        std::string::npos);
  CHECK(text.find("co-op: 4 games, 1 won (25%)\n"
                  "  level 2: 2 games, 1 won (50%)\n"
                  "  level 4: 2 games, 0 won (0%)\n"
                  "  most common cause of defeat: ghost bank empty (2 of 3 lost)\n") !=
        std::string::npos);
}

TEST_CASE("stats for one player", "[stats]") {
  // Ben (typed in lower case) played in 1, 2, 3, 4, 5, 6, 8, 9, 10: 9 sessions; finished and
  // readable: 1, 2, 4, 5, 6, 8.
  ArchiveStats s = ComputeStats(Archive(), {"ben", ""});
  CHECK(s.sessions == 9);
  CHECK(s.finished == 6);
  CHECK(s.unreadable == 1);
  CHECK(s.active == 1);
  CHECK(s.abandoned == 1);
  // Only Ben's line: 3 games, 2 wins, 24 points.
  REQUIRE(s.players.size() == 1);
  CHECK(s.players[0].name == "Ben");
  CHECK(s.players[0].games == 3);
  CHECK(s.players[0].wins == 2);
  CHECK(s.players[0].points == 24);
  // Ben's breakdowns: roads 2 + 5 + 0 = 7; cities 4 + 0 + 8 = 12; monasteries 0; farms
  // 0 + 3 + 0 = 3; castles 4; ghosts -2 (7 + 12 + 3 + 4 - 2 = 24).
  CHECK(Feature(s, "roads") == 7);
  CHECK(Feature(s, "cities") == 12);
  CHECK(Feature(s, "monasteries") == 0);
  CHECK(Feature(s, "farms") == 3);
  CHECK(Feature(s, "castles") == 4);
  CHECK(Feature(s, "ghosts") == -2);
  // Records Ben scored: roads 2 (s1) and 5 (s2); cities 2 (s1, shared with Anna) and 4 (s4).
  REQUIRE(s.longest_road.has_value());
  CHECK(s.longest_road->tiles == 5);
  CHECK(s.longest_road->session == 2);
  CHECK(s.longest_road->who == "Ben");
  REQUIRE(s.biggest_city.has_value());
  CHECK(s.biggest_city->tiles == 4);
  CHECK(s.biggest_city->session == 4);
  CHECK(s.biggest_city->command == 3);
  // Co-op with Ben: 5 (won), 6 and 8 (lost: one each cause, the first seen is named).
  CHECK(s.coop_games == 3);
  CHECK(s.coop_wins == 1);
  CHECK(s.coop_losses == 2);
  CHECK(s.common_cause == "ghost bank empty");
  CHECK(s.common_cause_count == 1);

  std::string text = FormatStats(s, {"ben", ""});
  CHECK(text.rfind("Ben: 6 games played (2 base, 1 gcc, 3 mists)", 0) == 0);
  CHECK(text.find("points by feature (Ben): roads 7 ·") != std::string::npos);
}

TEST_CASE("stats for one game", "[stats]") {
  ArchiveStats mists = ComputeStats(Archive(), {"", "MISTS"});
  CHECK(mists.sessions == 4);
  CHECK(mists.finished == 4);
  CHECK(mists.players.empty());
  CHECK(mists.points_by_feature.empty());
  CHECK_FALSE(mists.longest_road.has_value());
  CHECK(mists.coop_games == 4);

  // Base games 1 and 2 only: Anna 10 + 8 (2 wins), Ben 6 + 8 (1 win), Cy 5.
  ArchiveStats base = ComputeStats(Archive(), {"", "base"});
  CHECK(base.sessions == 5);  // 1, 2, 3, 9, 10
  CHECK(base.finished == 2);
  REQUIRE(base.players.size() == 3);
  CHECK(base.players[0].name == "Anna");
  CHECK(base.players[0].wins == 2);
  CHECK(base.players[0].points == 18);
  CHECK(base.players[1].name == "Ben");
  CHECK(base.players[1].wins == 1);
  CHECK(base.players[1].points == 14);
  CHECK(base.longest_road->tiles == 5);
  CHECK(base.coop_games == 0);

  ArchiveStats none = ComputeStats(Archive(), {"Zoe", ""});
  CHECK(none.sessions == 0);
  CHECK(FormatStats(none, {"Zoe", ""}) == "no sessions with Zoe in the log\n");
  CHECK(FormatStats(ComputeStats({}, {}), {}) == "no sessions in the log\n");
}
