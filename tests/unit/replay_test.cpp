// Looking back at logged sessions: replay equality (the state after replaying to command N
// is the state the live game logged after N, for every N of real games), the REPL's replay
// mode, `carcref replay`, and the JSON/CSV export.
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "carcref/simulate.h"
#include "cli/export.h"
#include "cli/match_review.h"
#include "cli/table.h"
#include "games/base/base_rules.h"
#include "support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

const char* const kPlayers = "Anna:red,Ben:blue,Cleo:green";

std::unique_ptr<SessionLog> MemoryLog() {
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(":memory:");
  REQUIRE(log.ok());
  return std::move(log.value());
}

// A live game as the table plays it: a seeded random game's commands typed one by one into a
// Table logging to `log`, with an undo (and the command typed again) now and then so that the
// log holds undone commands. Returns the state hash after every live command, [0] the start.
std::vector<std::uint64_t> PlayLive(SessionLog& log, std::uint64_t seed,
                                    std::size_t max_commands = 100000) {
  GameSetup setup = Setup({{"Anna", "red"}, {"Ben", "blue"}, {"Cleo", "green"}});
  RandomGameResult game = PlayRandomGame(setup, seed, true);
  std::ostringstream out, err;
  Table table(out, err, &log, false);
  NewGameOptions options;
  options.players = kPlayers;
  REQUIRE(table.NewGame(options).ok());
  std::vector<std::uint64_t> hashes = {table.rules()->Hash()};
  for (std::size_t i = 0; i < game.commands.size() && i < max_commands; ++i) {
    const std::string& command = game.commands[i];
    INFO("seed " << seed << ", command " << i + 1 << ": " << command << "\n" << err.str());
    REQUIRE(table.Execute(command));
    if (i % 23 == 5 && !table.rules()->Over()) {
      REQUIRE(table.Execute("undo"));
      REQUIRE(table.Execute(command));
    }
    hashes.push_back(table.rules()->Hash());
  }
  return hashes;
}

SessionReview OpenCursor(const SessionLog& log, std::int64_t id) {
  Result<SessionRecord> record = log.LoadSession(id);
  REQUIRE(record.ok());
  Result<SessionReview> cursor = SessionReview::Open(std::move(record.value()));
  REQUIRE(cursor.ok());
  return std::move(cursor.value());
}

std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("replay equality: replaying to N gives the hash the live game logged after N",
          "[replay]") {
  for (std::uint64_t seed : {3u, 17u}) {
    INFO("seed " << seed);
    std::unique_ptr<SessionLog> log = MemoryLog();
    std::vector<std::uint64_t> live = PlayLive(*log, seed);
    SessionReview cursor = OpenCursor(*log, 1);
    REQUIRE(cursor.size() == live.size() - 1);
    CHECK(cursor.undone() > 0);
    // Forwards, one step at a time (next).
    for (std::size_t n = 0; n <= cursor.size(); ++n) {
      INFO("command " << n);
      REQUIRE(cursor.Goto(n).ok());
      CHECK(cursor.rules().Hash() == live[n]);
      if (n > 0) CHECK(HashHex(cursor.rules().Hash()) == cursor.command(n).state_hash);
    }
    CHECK(cursor.rules().Over());
    // Backwards and jumping about (prev, goto): replayed from the start each time.
    SeededRandom random(seed);
    for (int k = 0; k < 40; ++k) {
      std::size_t n = static_cast<std::size_t>(random.Below(static_cast<int>(cursor.size()) + 1));
      INFO("goto " << n);
      REQUIRE(cursor.Goto(n).ok());
      CHECK(cursor.position() == n);
      CHECK(cursor.rules().Hash() == live[n]);
    }
  }
}

TEST_CASE("replay: the step shows the command, who played it and what it scored", "[replay]") {
  std::unique_ptr<SessionLog> log = MemoryLog();
  std::ostringstream out, err;
  Table table(out, err, log.get(), false);
  NewGameOptions options;
  options.players = "Anna:red,Ben:blue";
  REQUIRE(table.NewGame(options).ok());
  for (const char* line : {"place U 1,0 0", "meeple road E", "place E 0,1 180 meeple city S",
                           "place B 0,-1 0 meeple monastery", "end"})
    REQUIRE(table.Execute(line));
  SessionReview cursor = OpenCursor(*log, 1);
  REQUIRE(cursor.size() == 5);
  CHECK(ReplayStep(cursor) ==
        "at the start (0 of 5): the start tile D at 0,0\n"
        "  scores: Anna 0 · Ben 0\n");
  REQUIRE(cursor.Goto(3).ok());
  CHECK(ReplayStep(cursor) ==
        "command 3 of 5 · Ben: place E 0,1 180 meeple city S\n"
        "  city (city S at 0,1) [0,0 0,1]: 2 tiles × 2 = 4 → Ben +4 (Ben 1 knight)\n"
        "  scores: Anna 0 · Ben 4\n");
  CHECK(cursor.mover() == 1);
  Status beyond = cursor.Goto(6);
  CHECK(beyond.code() == Status::Code::kNotFound);
  CHECK(beyond.message() == "session 1 has 5 commands: choose 0 to 5");
  CHECK(cursor.position() == 3);  // a refused move stays put
}

TEST_CASE("replay: a log whose state differs is reported, naming the command", "[replay]") {
  std::unique_ptr<SessionLog> log = MemoryLog();
  GameSetup setup = TwoPlayers();
  Result<std::int64_t> id = log->CreateSession("base", OptionsJson(setup, ""), "Anna:red,Ben:blue");
  REQUIRE(id.ok());
  REQUIRE(
      log->AddSessionTile(*id, "base", ReadFile(CARCREF_SOURCE_DATA_DIR "/tiles/base.yaml")).ok());
  REQUIRE(log->AppendCommand(*id, "place U 1,0 0", "00000000deadbeef", {}).ok());
  SessionReview cursor = OpenCursor(*log, *id);
  Status s = cursor.Goto(1);
  CHECK(s.code() == Status::Code::kCorrupt);
  CHECK_THAT(s.message(), Catch::StartsWith("session 1, command 1 (place U 1,0 0) gives another "
                                            "state than the log holds: "));
  CHECK(cursor.position() == 0);
}

TEST_CASE("replay mode in the table: next, prev, goto, board, status, explain, stop",
          "[replay][table]") {
  std::unique_ptr<SessionLog> log = MemoryLog();
  std::ostringstream out, err;
  Table table(out, err, log.get(), false);
  NewGameOptions options;
  options.players = "Anna:red,Ben:blue";
  REQUIRE(table.NewGame(options).ok());
  for (const char* line : {"place U 1,0 0", "meeple road E", "place E 0,1 180 meeple city S",
                           "place B 0,-1 0 meeple monastery", "end"})
    REQUIRE(table.Execute(line));
  // A second game stays open while the first is replayed.
  REQUIRE(table.Execute("new base --players \"Cleo:green,Dirk:yellow\""));
  REQUIRE(table.Execute("place U 1,0 0"));
  std::uint64_t open_game = table.rules()->Hash();
  std::int64_t open_session = table.session_id();
  std::size_t logged = log->LoadSession(open_session)->commands.size();

  auto run = [&](const std::string& line) {
    out.str("");
    err.str("");
    bool ok = table.Execute(line);
    return std::make_pair(ok, out.str() + err.str());
  };
  auto [ok, text] = run("replay 1");
  REQUIRE(ok);
  CHECK_THAT(text, Catch::Contains("replaying session 1 · the base game · Anna (red), Ben (blue)"));
  CHECK_THAT(text, Catch::Contains("at the start (0 of 5)"));
  CHECK(table.Prompt() == "replay 1 · 0/5> ");
  std::tie(ok, text) = run("next");
  CHECK(text == "command 1 of 5 · Anna: place U 1,0 0\n  scores: Anna 0 · Ben 0\n");
  std::tie(ok, text) = run("goto 3");
  CHECK(text ==
        "command 3 of 5 · Ben: place E 0,1 180 meeple city S\n"
        "  city (city S at 0,1) [0,0 0,1]: 2 tiles × 2 = 4 → Ben +4 (Ben 1 knight)\n"
        "  scores: Anna 0 · Ben 4\n");
  std::tie(ok, text) = run("prev");
  CHECK_THAT(text, Catch::StartsWith("command 2 of 5 · Anna: meeple road E\n"));
  std::tie(ok, text) = run("4");  // a bare number is goto
  CHECK_THAT(text, Catch::StartsWith("command 4 of 5 · Anna: place B 0,-1 0 meeple monastery"));
  std::tie(ok, text) = run("board");
  CHECK_THAT(text, Catch::Contains("A = Anna (red), B = Ben (blue)"));
  CHECK_THAT(text, Catch::Contains("..A.."));  // Anna's monk on the monastery at 0,-1
  std::tie(ok, text) = run("status");
  CHECK_THAT(text, Catch::Contains("Ben (blue) to place a tile"));
  std::tie(ok, text) = run("explain 1,0 W");
  CHECK_THAT(text, Catch::StartsWith("road: 2 tiles (0,0 1,0)"));
  std::tie(ok, text) = run("goto 9");
  CHECK_FALSE(ok);
  CHECK(text == "error: session 1 has 5 commands: choose 0 to 5\n");
  std::tie(ok, text) = run("place V 2,0 0");
  CHECK_FALSE(ok);
  CHECK(text ==
        "error: replaying session 1: place is not available here; stop leaves replay mode\n");
  std::tie(ok, text) = run("goto 5");
  CHECK_THAT(text, Catch::Contains("road (end of game) (road W–E at 1,0)"));
  std::tie(ok, text) = run("quit");  // leaves replay mode, not the table
  CHECK(ok);
  CHECK_FALSE(table.quit_requested());
  CHECK_THAT(text, Catch::StartsWith("replay of session 1 stopped; back to game 2\n"));
  std::tie(ok, text) = run("next");
  CHECK_FALSE(ok);
  CHECK(text == "error: not replaying: replay ID starts replay mode (see sessions)\n");
  // The open game and both logs are as they were.
  CHECK(table.rules()->Hash() == open_game);
  CHECK(table.session_id() == open_session);
  CHECK(log->LoadSession(open_session)->commands.size() == logged);
  CHECK(log->LoadSession(1)->commands.size() == 5);
  std::tie(ok, text) = run("pass");  // the open game goes on where it was
  CHECK(ok);
  std::tie(ok, text) = run("replay 7");
  CHECK_FALSE(ok);
  std::tie(ok, text) = run("replay 1 6");
  CHECK_FALSE(ok);
  CHECK(text == "error: session 1 has 5 commands: choose 0 to 5\n");
}

TEST_CASE("carcref replay: the commands to N, the board and the scores; errors exit 2",
          "[replay][cli]") {
  std::unique_ptr<SessionLog> log = MemoryLog();
  std::ostringstream sink, sink_err;
  Table table(sink, sink_err, log.get(), false);
  NewGameOptions options;
  options.players = "Anna:red,Ben:blue";
  REQUIRE(table.NewGame(options).ok());
  for (const char* line : {"place U 1,0 0", "meeple road E", "place E 0,1 180 meeple city S",
                           "place B 0,-1 0 meeple monastery", "undo", "end"})
    REQUIRE(table.Execute(line));
  std::ostringstream out, err;
  CHECK(RunReplay(*log, 1, 3, false, out, err) == 0);
  CHECK(err.str().empty());
  CHECK_THAT(out.str(),
             Catch::StartsWith(
                 "session 1 · the base game · Anna (red), Ben (blue) · finished · 4 commands "
                 "(1 undone, not replayed)\n"
                 "   1  Anna: place U 1,0 0\n"
                 "   2  Anna: meeple road E\n"
                 "   3  Ben: place E 0,1 180 meeple city S\n"
                 "        city closed (city S at 0,1): 2 tiles × 2 = 4 [0,0 0,1] → Ben "
                 "+4 (Ben 1 knight)\n"
                 "after command 3 of 4 (place E 0,1 180 meeple city S):\n"));
  CHECK_THAT(out.str(), Catch::Contains("Anna (red) to place a tile"));
  out.str("");
  CHECK(RunReplay(*log, 1, 5, false, out, err) == 2);
  CHECK(err.str() == "error: --to 5: session 1 has 4 commands: choose 0 to 4\n");
  CHECK(out.str().empty());
  err.str("");
  CHECK(RunReplay(*log, 42, std::nullopt, false, out, err) == 2);
  CHECK_THAT(err.str(), Catch::StartsWith("error: "));
  CHECK(out.str().empty());
}

TEST_CASE("export: JSON and CSV carry every command, event and point", "[export]") {
  std::unique_ptr<SessionLog> log = MemoryLog();
  std::vector<std::uint64_t> live = PlayLive(*log, 5);
  Result<SessionRecord> record = log->LoadSession(1);
  REQUIRE(record.ok());
  SessionReview cursor = OpenCursor(*log, 1);
  REQUIRE(cursor.Goto(cursor.size()).ok());
  std::vector<int> final_scores = cursor.rules().Scores();
  const std::vector<PlayerSpec>& final_players = cursor.match().start().players;

  YAML::Node json = YAML::Load(SessionJson(*record));
  CHECK(json["format"].as<std::string>() == "carcref-session");
  CHECK(json["session"].as<int>() == 1);
  CHECK(json["setup"]["farmers"].as<bool>());
  REQUIRE(json["commands"].size() == record->commands.size());
  std::size_t live_seen = 0, events = 0;
  for (std::size_t i = 0; i < record->commands.size(); ++i) {
    const YAML::Node c = json["commands"][i];
    CHECK(c["seq"].as<std::int64_t>() == record->commands[i].seq);
    CHECK(c["text"].as<std::string>() == record->commands[i].text);
    CHECK(c["undone"].as<bool>() == record->commands[i].undone);
    CHECK(c["hash"].as<std::string>() == record->commands[i].state_hash);
    if (record->commands[i].undone) {
      CHECK(c["number"].IsNull());
    } else {
      CHECK(c["number"].as<std::size_t>() == ++live_seen);
      events += c["events"].size();
    }
  }
  REQUIRE(json["players"].size() == 3);
  for (std::size_t p = 0; p < 3; ++p) {
    CHECK(json["players"][p]["name"].as<std::string>() == final_players[p].name);
    CHECK(json["players"][p]["score"].as<int>() == final_scores[p]);
  }

  std::string csv = ScoringCsv(*record);
  std::istringstream rows(csv);
  std::string header;
  std::getline(rows, header);
  CHECK(header ==
        "session,seq,command,kind,final,where,reason,value,points Anna,points Ben,"
        "points Cleo\r");
  std::vector<int> sums(3, 0);
  std::size_t count = 0;
  std::string row;
  while (std::getline(rows, row)) {
    ++count;
    // The last three fields are the points (no quoting there).
    std::size_t end = row.size() - 1;  // the \r
    for (int p = 2; p >= 0; --p) {
      std::size_t comma = row.rfind(',', end - 1);
      sums[p] += std::stoi(row.substr(comma + 1, end - comma - 1));
      end = comma;
    }
  }
  CHECK(count == events);
  for (std::size_t p = 0; p < 3; ++p) CHECK(sums[p] == final_scores[p]);

  YAML::Node archive = YAML::Load(ArchiveJson({*record, *record}));
  CHECK(archive["format"].as<std::string>() == "carcref-archive");
  CHECK(archive["sessions"].size() == 2);
}

TEST_CASE("export: CSV fields are quoted when they must be", "[export]") {
  CHECK(CsvField("plain") == "plain");
  CHECK(CsvField("a,b") == "\"a,b\"");
  CHECK(CsvField("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(CsvField("two\nlines") == "\"two\nlines\"");
}

TEST_CASE("export: a refused export writes nothing and exits 2", "[export]") {
  std::unique_ptr<SessionLog> log = MemoryLog();
  PlayLive(*log, 9, 20);
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("carcref-export-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string svg = (dir / "board.svg").string();
  std::string json = (dir / "no-such-dir" / "s.json").string();
  std::ostringstream out, err;
  auto export_with = [&](ExportOptions o) {
    out.str("");
    err.str("");
    return RunExport(*log, o, out, err);
  };
  ExportOptions o;
  o.id = 1;
  o.svg = svg;
  o.json = json;
  CHECK(export_with(o) == 2);
  CHECK(err.str() == "error: cannot write " + json + ": no such directory\n");
  CHECK_FALSE(fs::exists(svg));  // the output that could be written was not
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 0);

  o.json.clear();
  o.to = 99;
  CHECK(export_with(o) == 2);
  CHECK(err.str() == "error: --to 99: session 1 has 20 commands: choose 0 to 20\n");
  CHECK_FALSE(fs::exists(svg));

  o.to = 7;
  CHECK(export_with(o) == 0);
  CHECK(fs::exists(svg));
  CHECK_THAT(Slurp(svg), Catch::Contains("after command 7 of 20"));

  ExportOptions none;
  none.id = 1;
  CHECK(export_with(none) == 2);
  CHECK(err.str() ==
        "error: export what? --svg FILE, --chart FILE, --json FILE|- or --csv FILE|-\n");
  ExportOptions all_svg;
  all_svg.all = true;
  all_svg.svg = svg;
  CHECK(export_with(all_svg) == 2);
  CHECK(err.str() == "error: --all exports the whole archive with --json only\n");
  ExportOptions missing;
  missing.id = 3;
  missing.json = "-";
  CHECK(export_with(missing) == 2);
  CHECK(out.str().empty());
  ExportOptions both;
  both.id = 1;
  both.json = "-";
  both.csv = "-";
  CHECK(export_with(both) == 2);
  CHECK(err.str() == "error: only one output can go to standard output (-)\n");
  ExportOptions all;
  all.all = true;
  all.json = "-";
  CHECK(export_with(all) == 0);
  CHECK(YAML::Load(out.str())["sessions"].size() == 1);
  fs::remove_all(dir);
}

TEST_CASE("review: every game steps through the one review path, every logged hash checked",
          "[replay][review]") {
  // The fuzz seed logs hold a session of each game, as carcref logged them.
  for (const char* game : {"base", "gcc", "mists", "city"}) {
    INFO(game);
    std::string path = std::string(CARCREF_TEST_LOG_DIR) + "/seed-" + game + ".log";
    REQUIRE(std::filesystem::exists(path));
    Result<std::unique_ptr<SessionLog>> log = SessionLog::OpenReadOnly(path);
    REQUIRE(log.ok());
    Result<SessionRecord> record = (*log)->LoadSession(1);
    REQUIRE(record.ok());
    REQUIRE(record->game == game);
    SessionReview review = OpenCursor(**log, 1);
    CHECK(review.match().definition().name == game);
    REQUIRE(review.size() > 2);
    // Forwards, then backwards: each position is the state the live game logged there.
    for (std::size_t n = 1; n <= review.size(); ++n) {
      REQUIRE(review.Goto(n).ok());
      CHECK(HashHex(review.rules().Hash()) == review.command(n).state_hash);
    }
    for (std::size_t n = review.size(); n-- > 1;) {
      REQUIRE(review.Goto(n).ok());
      CHECK(HashHex(review.rules().Hash()) == review.command(n).state_hash);
    }
    Status beyond = review.Goto(review.size() + 1);
    CHECK(beyond.code() == Status::Code::kNotFound);
    CHECK(review.position() == 1);
    // replay, the REPL's steps and show read it through the same path.
    std::ostringstream out, err;
    CHECK(RunReplay(**log, 1, 2, false, out, err) == 0);
    CHECK(err.str().empty());
    CHECK_THAT(out.str(), Catch::StartsWith("session 1 · "));
    CHECK_THAT(ReplayStep(review), Catch::Contains(review.command(1).text));
    CHECK(ReviewStandings(*record).ok());
    // A state that differs from the logged one is refused, naming the command.
    SessionRecord damaged = *record;
    for (CommandRecord& c : damaged.commands)
      if (!c.undone) {
        c.state_hash = "00000000deadbeef";
        break;
      }
    Result<SessionReview> opened = SessionReview::Open(damaged);
    REQUIRE(opened.ok());
    Status s = opened->Goto(1);
    CHECK(s.code() == Status::Code::kCorrupt);
    CHECK_THAT(s.message(), Catch::Contains("gives another state than the log holds"));
  }
}

TEST_CASE("replay mode works the same for every game: the end, unknown words, stop",
          "[replay][table]") {
  std::string path = std::string(CARCREF_TEST_LOG_DIR) + "/seed-city.log";
  std::string copy = (std::filesystem::temp_directory_path() /
                      ("carcref-replay-mode-" + std::to_string(::getpid()) + ".db"))
                         .string();
  std::filesystem::copy_file(path, copy, std::filesystem::copy_options::overwrite_existing);
  {
    Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(copy);
    REQUIRE(log.ok());
    std::ostringstream out, err;
    Table table(out, err, log->get(), false);
    REQUIRE(table.Execute("new base --players \"Cleo:green,Dirk:yellow\""));
    std::uint64_t open_game = table.rules()->Hash();
    auto run = [&](const std::string& line) {
      out.str("");
      err.str("");
      bool ok = table.Execute(line);
      return std::make_pair(ok, out.str() + err.str());
    };
    auto [ok, text] = run("replay 1 8");
    REQUIRE(ok);
    CHECK(table.Prompt() == "replay 1 · 8/8> ");
    std::tie(ok, text) = run("next");
    CHECK_FALSE(ok);
    CHECK(text == "error: that was the last command (8 of 8)\n");
    std::tie(ok, text) = run("place D 1,0 0");  // never reaches the open game
    CHECK_FALSE(ok);
    CHECK(text ==
          "error: replaying session 1: place is not available here; stop leaves replay mode\n");
    std::tie(ok, text) = run("stop");
    CHECK(ok);
    CHECK_THAT(text, Catch::StartsWith("replay of session 1 stopped; back to game 2\n"));
    CHECK(table.rules()->Hash() == open_game);
  }
  std::filesystem::remove(copy);
}

TEST_CASE("replay mode: board X,Y R shows a window of the replayed board, in every game",
          "[replay][table]") {
  for (const char* game : {"base", "gcc", "mists", "city"}) {
    INFO(game);
    std::string path = std::string(CARCREF_TEST_LOG_DIR) + "/seed-" + game + ".log";
    REQUIRE(std::filesystem::exists(path));
    std::string copy = (std::filesystem::temp_directory_path() /
                        ("carcref-replay-window-" + std::to_string(::getpid()) + ".db"))
                           .string();
    std::filesystem::copy_file(path, copy, std::filesystem::copy_options::overwrite_existing);
    {
      Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(copy);
      REQUIRE(log.ok());
      std::ostringstream out, err;
      Table table(out, err, log->get(), false);
      auto run = [&](const std::string& line) {
        out.str("");
        err.str("");
        INFO(line);
        CHECK(table.Execute(line));
        CHECK(err.str().empty());
        return out.str();
      };
      Result<SessionRecord> record = (*log)->LoadSession(1);
      REQUIRE(record.ok());
      std::size_t live = 0;
      for (const CommandRecord& c : record->commands) live += c.undone ? 0 : 1;
      run("replay 1 " + std::to_string(live));  // the last position: the fullest board
      std::string whole = run("board");
      std::string window = run("board 0,0 0");
      CHECK(window != whole);
      // Only column 0 is drawn: what is left out is said (the whole board has more columns).
      CHECK_THAT(window, Catch::Contains("left out; board shows the whole board"));
      CHECK_THAT(whole, !Catch::Contains("board shows the whole board"));
      std::istringstream first(window);
      std::string header;
      std::getline(first, header);
      CHECK(header.find_first_not_of(" ") == header.find('0'));
      CHECK(header.find_last_not_of(" ") == header.find('0'));
      // A bad window is refused with the usage, as in a live game; the replay goes on.
      out.str("");
      err.str("");
      CHECK_FALSE(table.Execute("board 0,0 x"));
      CHECK_THAT(err.str(), Catch::Contains("is not a radius"));
      CHECK(run("board") == whole);
    }
    std::filesystem::remove(copy);
  }
}

TEST_CASE("export: a target that is not a file (a pipe, /dev/null) stays what it is", "[export]") {
  // Regression: the temporary file was renamed over the target, so that `export --svg
  // /dev/null` run as root replaced /dev/null with a file.
  std::unique_ptr<SessionLog> log = MemoryLog();
  PlayLive(*log, 9, 10);
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("carcref-export-fifo-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string fifo = (dir / "pipe").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // Open for reading first (not waiting for a writer), so that the export's write does not
  // block; what it writes fits in the pipe.
  int fd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  REQUIRE(fd >= 0);
  ExportOptions o;
  o.id = 1;
  o.csv = fifo;
  std::ostringstream out, err;
  CHECK(RunExport(*log, o, out, err) == 0);
  CHECK(err.str().empty());
  CHECK(fs::is_fifo(fifo));
  std::string got;
  char buf[4096];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;)
    got.append(buf, static_cast<std::size_t>(n));
  ::close(fd);
  CHECK(got == ScoringCsv(*log->LoadSession(1)));
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);  // no temp
  // The streamed `--all` too (a reader first again, as above).
  fd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  REQUIRE(fd >= 0);
  ExportOptions all;
  all.all = true;
  all.json = fifo;
  CHECK(RunExport(*log, all, out, err) == 0);
  CHECK(err.str().empty());
  CHECK(fs::is_fifo(fifo));
  got.clear();
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;)
    got.append(buf, static_cast<std::size_t>(n));
  ::close(fd);
  CHECK(got == ArchiveJson({*log->LoadSession(1)}) + "\n");
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  fs::remove_all(dir);
}

TEST_CASE("export --all streams ArchiveJson byte for byte and writes nothing when refused",
          "[export]") {
  namespace fs = std::filesystem;
  fs::path dir =
      fs::temp_directory_path() / ("carcref-export-all-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string db = (dir / "log.db").string();
  {
    Result<std::unique_ptr<SessionLog>> opened = SessionLog::Open(db);
    REQUIRE(opened.ok());
    PlayLive(**opened, 3, 12);
    PlayLive(**opened, 4, 9);
    PlayLive(**opened, 5, 15);
  }
  Result<std::unique_ptr<SessionLog>> log = SessionLog::OpenForReview(db);
  REQUIRE(log.ok());
  std::vector<SessionRecord> records;
  for (std::int64_t id = 1; id <= 3; ++id) records.push_back(*(*log)->LoadSession(id));
  std::string expected = ArchiveJson(records) + "\n";

  std::ostringstream out, err;
  ExportOptions all;
  all.all = true;
  all.json = "-";
  REQUIRE(RunExport(**log, all, out, err) == 0);
  CHECK(out.str() == expected);
  all.json = (dir / "all.json").string();
  out.str("");
  REQUIRE(RunExport(**log, all, out, err) == 0);
  CHECK(out.str() == "wrote " + all.json + ": the whole archive as JSON\n");  // issue #20
  CHECK(Slurp(all.json) == expected);

  // A damaged session (an event without its command) refuses the whole export: the file
  // already there is left as it was, no temporary file stays, nothing goes to standard output.
  log->reset();
  {
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(db.c_str(), &raw) == SQLITE_OK);
    CHECK(sqlite3_exec(raw, "INSERT INTO events VALUES (2, 99, 0, 'road', '{}')", nullptr, nullptr,
                       nullptr) == SQLITE_OK);
    sqlite3_close(raw);
  }
  log = SessionLog::OpenForReview(db);
  REQUIRE(log.ok());
  err.str("");
  CHECK(RunExport(**log, all, out, err) == 2);
  CHECK_THAT(err.str(), Catch::Contains("event for missing command 99 of session 2"));
  CHECK(Slurp(all.json) == expected);
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) ==
        static_cast<std::ptrdiff_t>(2 + fs::exists(db + "-wal") + fs::exists(db + "-shm")));
  all.json = "-";
  out.str("");
  CHECK(RunExport(**log, all, out, err) == 2);
  CHECK(out.str().empty());
  log->reset();
  fs::remove_all(dir);
}
