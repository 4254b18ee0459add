// Session summaries (cli/archive.h): the summary the table logs with every command, kept up
// command by command (undo, the end of a game and its undo, resume), is the summary of the
// session read whole; and `sessions` and `stats` read from summaries print what they print
// from the whole sessions, for every filter.
#include <catch2/catch.hpp>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "carcref/simulate.h"
#include "cli/archive.h"
#include "cli/review.h"
#include "cli/stats.h"
#include "cli/table.h"
#include "support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

// Every session's stored summary is the summary of the session as read whole.
void CheckSummaries(const SessionLog& log) {
  Result<std::vector<SessionSummary>> list = log.ListSessions();
  REQUIRE(list.ok());
  for (const SessionSummary& s : *list) {
    INFO("session " << s.id << " (" << s.game << ", " << s.status << ")");
    Result<SessionRecord> record = log.LoadSession(s.id);
    REQUIRE(record.ok());
    REQUIRE_FALSE(s.summary.empty());
    CHECK(s.summary == SummaryText(ReadSession(*record)));
    REQUIRE(FactsFromSummary(s).has_value());
  }
}

// The table lines of a game, with a check of every summary after each.
void Play(SessionLog& log, const NewGameOptions& options, const std::vector<std::string>& lines,
          std::size_t check_every = 1) {
  std::ostringstream out, err;
  Table table(out, err, &log, false);
  Status started = table.NewGame(options);
  INFO(started.message());
  REQUIRE(started.ok());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    (void)table.Execute(lines[i]);
    if (i % check_every == 0) CheckSummaries(log);
  }
  CheckSummaries(log);
}

std::string SessionsFromRecords(const SessionLog& log, const SessionFilter& filter) {
  Result<std::vector<SessionRecord>> records = LoadArchive(log);
  REQUIRE(records.ok());
  std::vector<SessionFacts> shown;
  for (const SessionRecord& r : *records) {
    SessionFacts f = ReadSession(r);
    if (Matches(f, filter)) shown.push_back(f);
  }
  return shown.empty() ? "" : FormatSessionList(shown);
}

}  // namespace

TEST_CASE("the table's summaries are the sessions' and review reads them as it reads sessions",
          "[review][summary]") {
  Result<std::unique_ptr<SessionLog>> opened = SessionLog::Open(":memory:");
  REQUIRE(opened.ok());
  SessionLog& log = **opened;

  // A base game played to its end with undos along the way, then the end undone and played
  // again; then one left unfinished, resumed, undone into and ended.
  RandomGameResult game = PlayRandomGame(TwoPlayers(), 21, true);
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < game.commands.size(); ++i) {
    lines.push_back(game.commands[i]);
    if (i % 9 == 4) {
      lines.push_back("undo");
      lines.push_back("undo");
      lines.push_back(game.commands[i - 1]);
      lines.push_back(game.commands[i]);
    }
  }
  lines.push_back("undo");
  lines.push_back(game.commands.back());
  NewGameOptions base;
  base.players = "Anna:red,Ben:blue";
  Play(log, base, lines, 7);
  {
    std::ostringstream out, err;
    Table table(out, err, &log, false);
    REQUIRE(table.NewGame(base).ok());
    for (std::size_t i = 0; i < 30; ++i) REQUIRE(table.Execute(game.commands[i]));
  }
  CheckSummaries(log);
  {
    std::ostringstream out, err;
    Table table(out, err, &log, false);
    REQUIRE(table.Resume(2).ok());
    REQUIRE(table.Execute("undo"));
    CheckSummaries(log);
    for (std::size_t i = 29; i < game.commands.size(); ++i)
      REQUIRE(table.Execute(game.commands[i]));
  }
  CheckSummaries(log);

  NewGameOptions gcc;
  gcc.players = "Anna:red,Ben:blue";
  gcc.words = {"--with", "gcc", "--start", "ffff ffff ffFf2 ffFf1"};
  Play(log, gcc, ScenarioLines("gcc_full_game"));
  NewGameOptions mists;
  mists.game = "mists";
  mists.players = "Anna:red/green,Ben:blue/yellow";
  mists.words = {"--level", "3", "--start", "ffff ffff ffFf2 ffFf1"};
  Play(log, mists, ScenarioLines("mists_level3_hounds"));
  mists.words = {"--level", "1", "--start", "ffff ffff ffFf2 ffFf1"};
  Play(log, mists, ScenarioLines("mists_level1_win"));
  NewGameOptions city;
  city.game = "city";
  city.players = "Anna:red,Ben:blue,Cara:yellow,Dan:green";
  city.words = {"--stacks", "8,2,4"};
  Play(log, city, ScenarioLines("city_4p_wall_gap"));
  std::vector<std::string> short_city = ScenarioLines("city_3p_last_tile");
  short_city.resize(short_city.size() / 2);  // left in progress
  city.players = "Anna:red,Ben:blue,Cara:yellow";
  city.words = {"--stacks", "4,4,4"};
  Play(log, city, short_city);

  for (const char* player : {"", "anna", "Ben", "Cara", "Dan", "nobody"}) {
    for (const char* name : {"", "base", "GCC", "mists", "city"}) {
      INFO("player '" << player << "', game '" << name << "'");
      SessionFilter filter{player, name, "", ""};
      std::ostringstream sessions;
      REQUIRE(PrintSessions(log, filter, sessions).ok());
      std::string whole = SessionsFromRecords(log, filter);
      if (!whole.empty()) CHECK(sessions.str() == whole);
      StatsFilter stats_filter{player, name};
      std::ostringstream stats;
      REQUIRE(PrintStats(log, stats_filter, stats).ok());
      Result<std::vector<SessionRecord>> records = LoadArchive(log);
      REQUIRE(records.ok());
      CHECK(stats.str() == FormatStats(ComputeStats(*records, stats_filter), stats_filter));
    }
  }
  // The archive has what the comparisons are about: finished and unfinished games of each
  // kind, road and city records.
  std::ostringstream all;
  REQUIRE(PrintStats(log, StatsFilter{}, all).ok());
  CHECK_THAT(all.str(), Catch::Contains("longest road: ") && Catch::Contains("biggest city: ") &&
                            Catch::Contains("in progress") && Catch::Contains("co-op: "));
}

TEST_CASE("record candidates hold the record of everybody and of each player",
          "[review][summary][stats]") {
  auto event = [](const char* kind, int tiles, std::vector<std::pair<std::string, int>> points) {
    ScoredEvent e;
    e.kind = kind;
    e.tiles = tiles;
    e.points = std::move(points);
    return e;
  };
  std::vector<ScoredEvent> events = {
      event("road", 3, {{"Anna", 3}, {"Ben", 0}}),  // 0: Anna's first 3
      event("road", 5, {{"Ben", 5}}),               // 1: Ben's and everybody's 5
      event("road", 5, {{"anna", 5}}),              // 2: Anna's 5 (a tie with 1 for everybody)
      event("road", 9, {{"Cara", 0}}),              // 3: nobody scored: no record
      event("city", 4, {{"Ben", 8}, {"Anna", 8}}),  // 4: both, first of the 4s
      event("city", 4, {{"Ben", 8}}),               // 5: a tie, not kept
      event("monastery", 9, {{"Anna", 9}}),         // 6: not a record kind
  };
  events[1].readable = true;
  std::vector<ScoredEvent> kept = RecordCandidates(events);
  std::vector<int> tiles;
  std::vector<std::string> who;
  for (const ScoredEvent& e : kept) {
    tiles.push_back(e.tiles);
    who.push_back(e.points[0].first);
  }
  CHECK(tiles == std::vector<int>{5, 5, 4});
  CHECK(who == std::vector<std::string>{"Ben", "anna", "Ben"});
}

TEST_CASE("review reads every key of a logged event, plain JSON or odd", "[review]") {
  // The plain ones take the quick reader, the odd ones (a quoted number or truth value, a
  // number where text is wanted) YAML; both must give what the event says.
  using Numbers = std::vector<std::pair<std::string, int>>;
  SessionRecord record;
  record.game = "base";
  record.options = R"({"players":[{"name":"Anna","color":"red"},{"name":"Ben","color":"blue"}]})";
  record.status = kSessionActive;
  const std::vector<std::pair<std::string, std::string>> events = {
      {"cemetery",
       R"({"kind":"cemetery","final":true,"where":"cemetery at 2,1","reason":"two guards",)"
       R"("tiles":3,"points":{"Anna":4,"Ben":0},"meeples":{"Anna":1,"Ben":1},)"
       R"("ghosts":{"Ben":2},"penalty":{"Ben":-2},"floor":{"Ben":0},"guard_to":"Anna"})"},
      {"city", R"({"kind":"city","final":"yes","tiles":"5","meeples":{"Ben":"2"},"guard_to":7})"},
      {"road", R"({"final":false,"points":{"Ben":3},"cells":[[0,0],[1,0]]})"},
  };
  for (std::size_t i = 0; i < events.size(); ++i) {
    CommandRecord command;
    command.seq = static_cast<std::int64_t>(i + 1);
    command.text = "place X " + std::to_string(i) + ",0 0";
    command.events.push_back({events[i].first, events[i].second});
    record.commands.push_back(command);
  }
  SessionFacts facts = ReadSession(record);
  REQUIRE(facts.events.size() == 3);
  const ScoredEvent& cemetery = facts.events[0];
  CHECK(cemetery.kind == "cemetery");
  CHECK(cemetery.final);
  CHECK(cemetery.where == "cemetery at 2,1");
  CHECK(cemetery.reason == "two guards");
  CHECK(cemetery.tiles == 3);
  CHECK(cemetery.points == Numbers{{"Anna", 4}, {"Ben", 0}});
  CHECK(cemetery.meeples == Numbers{{"Anna", 1}, {"Ben", 1}});
  CHECK(cemetery.ghosts == Numbers{{"Ben", 2}});
  CHECK(cemetery.penalty == Numbers{{"Ben", -2}});
  CHECK(cemetery.floor == Numbers{{"Ben", 0}});
  CHECK(cemetery.guard_to == "Anna");
  const ScoredEvent& odd = facts.events[1];
  CHECK(odd.final);
  CHECK(odd.tiles == 5);
  CHECK(odd.meeples == Numbers{{"Ben", 2}});
  CHECK(odd.guard_to == "7");
  const ScoredEvent& road = facts.events[2];
  CHECK(road.kind == "road");  // the stored kind where the text names none
  CHECK_FALSE(road.final);
  CHECK(road.points == Numbers{{"Ben", 3}});
  CHECK(road.command == 3);
}

TEST_CASE("the table's summary reads odd event text as review reads it", "[review][summary]") {
  // Events as a game might log them, plain and odd: the keeper's quick reading of plain JSON
  // and review's YAML reading must agree on every one (the odd ones go to YAML).
  const std::vector<std::pair<std::string, std::string>> events = {
      {"road", R"({"kind":"road","tiles":3,"where":"road E at 1,0","points":{"Anna":3}})"},
      {"road", R"({"kind":"road","tiles":"4","points":{"Anna":4}})"},
      {"city", R"({"kind":"city","tiles":5,"where":"a \"quoted\" city","points":{"Ben":10}})"},
      {"city", R"({"kind":null,"tiles":6,"points":{"Ben":12}})"},
      {"road", R"({"tiles":7,"points":{"Anna":7,"Ben":-2},"cells":[[0,0],[1,0]],"final":true})"},
      {"city", R"({"kind":"city","tiles":8,"points":{"Anna":2.5,"Ben":8}})"},
      {"road", R"({"kind":"road","tiles":9,"tiles":1,"points":{"Ben":9}})"},
      {"road", R"( { "kind" : "road" , "tiles" : 10 , "points" : { "Cy" : 10 } } )"},
      {"city", R"({"kind":"city","tiles":11,"points":{"Dee":11},"note":"a – b · c"})"},
      {"road", "not json at all, a road"},
      {"city", R"({"kind":"city","tiles":12,"points":{"Anna":12})"},  // cut short
      {"road", R"({"kind":"road","tiles":1e1,"points":{"Eve":5}})"},
  };
  SessionRecord record;
  record.game = "base";
  record.options = R"({"players":[{"name":"Anna","color":"red"},{"name":"Ben","color":"blue"}]})";
  record.status = kSessionActive;
  SummaryKeeper keeper(record);
  for (std::size_t i = 0; i < events.size(); ++i) {
    CommandRecord command;
    command.seq = static_cast<std::int64_t>(i + 1);
    command.text = "place X " + std::to_string(i) + ",0 0";
    command.events.push_back({events[i].first, events[i].second});
    keeper.Append(command.text, command.events, std::nullopt);
    record.commands.push_back(command);
    INFO("after event " << i << ": " << events[i].second);
    CHECK(keeper.Text() == SummaryText(ReadSession(record)));
  }
  CHECK_THAT(keeper.Text(), Catch::Contains("record\troad\t8\t10\t\tCy\t10"));
}

TEST_CASE("resume takes a whole session number: 1abc is refused, not read as 1", "[table]") {
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(":memory:");
  REQUIRE(log.ok());
  std::ostringstream out, err;
  Table table(out, err, log->get(), false);
  REQUIRE(table.Execute("new base --players \"Anna:red,Ben:blue\""));
  CHECK_FALSE(table.Execute("resume 1abc"));
  CHECK(table.last_error() == "resume takes a session number, not '1abc'");
  CHECK(table.Execute("resume 1"));
}
