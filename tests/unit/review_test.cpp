// `sessions`, `show` and the review commands of the table (cli/review.h), on games played
// through the real table into an in-memory log.
#include "cli/review.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/table.h"

using namespace carcref;

namespace {

// An in-memory log whose clock the test sets; plays games through the table.
class Archive {
 public:
  Archive() : now_(std::make_shared<std::chrono::system_clock::time_point>()) {
    auto now = now_;
    auto log = SessionLog::Open(":memory:", [now] { return *now; });
    REQUIRE(log.ok());
    log_ = std::move(log.value());
  }

  // Plays `lines` in a new game begun at `epoch_seconds`; every line must be accepted.
  // `game` and `words`: NewGameOptions's (the base game when empty).
  void Play(std::int64_t epoch_seconds, const std::string& players,
            const std::vector<std::string>& lines, const std::string& game = "",
            const std::vector<std::string>& words = {}) {
    *now_ = std::chrono::system_clock::from_time_t(static_cast<std::time_t>(epoch_seconds));
    std::ostringstream out, err;
    Table table(out, err, log_.get(), false);
    NewGameOptions options;
    options.players = players;
    options.game = game;
    options.words = words;
    Status s = table.NewGame(options);
    INFO(s.message());
    REQUIRE(s.ok());
    for (const std::string& line : lines) {
      INFO(line << ": " << err.str());
      REQUIRE(table.Execute(line));
    }
  }

  std::string Sessions(const SessionFilter& filter) {
    std::ostringstream out;
    Status s = PrintSessions(*log_, filter, out);
    INFO(s.message());
    REQUIRE(s.ok());
    return out.str();
  }

  std::string Line(const std::string& line) {
    std::ostringstream out;
    Status s = RunReviewLine(*log_, line, out);
    INFO(s.message());
    REQUIRE(s.ok());
    return out.str();
  }

  Status Refusal(const std::string& line) {
    std::ostringstream out;
    Status s = RunReviewLine(*log_, line, out);
    REQUIRE_FALSE(s.ok());
    CHECK(out.str().empty());
    return s;
  }

  SessionLog& log() { return *log_; }

 private:
  std::shared_ptr<std::chrono::system_clock::time_point> now_;
  std::unique_ptr<SessionLog> log_;
};

constexpr std::int64_t kMay1 = 1714564800;   // 2024-05-01T12:00:00Z
constexpr std::int64_t kMay20 = 1716206400;  // 2024-05-20T12:00:00Z
constexpr std::int64_t kJune3 = 1717416000;  // 2024-06-03T12:00:00Z

// Session 1 (May 1): Ben closes the start city (+4); Anna's road scores 2 at the end.
const std::vector<std::string> kGame1 = {"place U 1,0 0", "meeple road E",
                                         "place E 0,1 180 meeple city S", "end"};
// Session 2 (May 20): Anna, Ben and Cy; Anna's city +4, Cy's road 3, Ben's farm 3.
const std::vector<std::string> kGame2 = {"place E 0,1 180 meeple city S",
                                         "place U 1,0 0 meeple field NL", "place crrf at -1,0",
                                         "meeple road E", "end"};
// Session 3 (June 3): Ben and Anna, in progress; one command undone.
const std::vector<std::string> kGame3 = {"place U 1,0 0", "meeple road E", "undo", "pass",
                                         "place V 2,0 0"};

void PlayAll(Archive& a) {
  a.Play(kMay1, "Anna:red,Ben:blue", kGame1);
  a.Play(kMay20, "Anna:red,Ben:blue,Cy", kGame2);
  a.Play(kJune3, "Ben:blue,Anna:red", kGame3);
}

}  // namespace

TEST_CASE("sessions lists every session with its result and length", "[review]") {
  Archive a;
  CHECK(a.Sessions({}) == "no sessions yet\n");
  PlayAll(a);
  // Session 3: 5 lines, the undo took "meeple road E" back: live commands place, pass,
  // place = 3, of which 2 place tiles.
  CHECK(a.Sessions({}) ==
        "  id  date        game  players        result                 commands  tiles\n"
        "   1  2024-05-01  base  Anna, Ben      Ben 4 · Anna 2                4      2\n"
        "   2  2024-05-20  base  Anna, Ben, Cy  Anna 4 · Ben 3 · Cy 3         5      3\n"
        "   3  2024-06-03  base  Ben, Anna      in progress                   3      2\n");
}

TEST_CASE("sessions names a Winter game base+winter, the columns aligned", "[review]") {
  Archive a;
  a.Play(kMay1, "Anna:red,Ben:blue", {"place U 1,0 0"}, "base", {"--tiles", "winter"});
  a.Play(kMay20, "Anna:red,Ben:blue", {"place U 1,0 0"});
  CHECK(a.Sessions({}) ==
        "  id  date        game         players    result       commands  tiles\n"
        "   1  2024-05-01  base+winter  Anna, Ben  in progress         1      1\n"
        "   2  2024-05-20  base         Anna, Ben  in progress         1      1\n");
  // The filter still knows it as a base game.
  SessionFilter base;
  base.game = "base";
  CHECK(a.Sessions(base) == a.Sessions({}));
}

TEST_CASE("show of a GCC game lists only the options that are on", "[review]") {
  Archive a;  // in memory: the start tile given is not remembered in the data directory
  a.Play(kMay1, "Anna:red,Ben:blue", {"place fFfF=1 0,2"}, "gcc",
         {"--start", "ffff ffff ffFf2 ffFf1", "--fixed-score-order"});
  std::string shown = a.Line("show 1");
  CHECK(shown.find("  options: farmers true · with gcc · fixed_score_order true\n") !=
        std::string::npos);
  CHECK(shown.find(" false") == std::string::npos);
}

TEST_CASE("sessions filters by player, game and date", "[review]") {
  Archive a;
  PlayAll(a);
  auto ids = [&](const SessionFilter& f) {
    std::string ids_shown;
    std::istringstream lines(a.Sessions(f));
    std::string line;
    std::getline(lines, line);  // the header
    while (std::getline(lines, line)) {
      std::istringstream words(line);
      std::string id;
      words >> id;
      ids_shown += id + " ";
    }
    return ids_shown;
  };
  CHECK(ids({"cy", "", "", ""}) == "2 ");  // names without regard to case
  CHECK(ids({"Anna", "", "", ""}) == "1 2 3 ");
  CHECK(ids({"", "BASE", "", ""}) == "1 2 3 ");
  CHECK(ids({"", "", "2024-05-20", ""}) == "2 3 ");  // both bounds count
  CHECK(ids({"", "", "", "2024-05-20"}) == "1 2 ");
  CHECK(ids({"", "", "2024-05-02", "2024-06-02"}) == "2 ");
  CHECK(ids({"Ben", "", "2024-06-01", ""}) == "3 ");
  CHECK(a.Sessions({"Zoe", "", "", ""}) == "no session matches\n");
  CHECK(a.Sessions({"", "mists", "", ""}) == "no session matches\n");

  // The same through the table's command line.
  CHECK(a.Line("sessions --player \"cy\" --until=2024-12-31") == a.Sessions({"Cy", "", "", ""}));
  CHECK(a.Refusal("sessions --since 2024-02-30").message() ==
        "--since wants a date YYYY-MM-DD, not '2024-02-30'");
  CHECK(a.Refusal("sessions --until 24-05-01").message() ==
        "--until wants a date YYYY-MM-DD, not '24-05-01'");
  CHECK(a.Refusal("sessions --player").message() == "sessions: --player needs a value");
  CHECK(a.Refusal("sessions Anna").message() ==
        "sessions: unexpected 'Anna'; usage: sessions [--player …] [--game …] [--since …] "
        "[--until …]");
  CHECK(CheckFilter({"", "", "2024-02-29", "2023-12-31"}).ok());  // a leap day
  CHECK_FALSE(CheckFilter({"", "", "2023-02-29", ""}).ok());
}

TEST_CASE("show a finished game: setup, breakdown, winner and events", "[review]") {
  Archive a;
  PlayAll(a);
  CHECK(a.Line("show 1") ==
        "session 1 · base · 2024-05-01 12:00 UTC · finished\n"
        "  uuid 20240501T120000.000Z-1\n"
        "  options: farmers true\n"
        "  players: Anna (red), Ben (blue)\n"
        "  4 commands, 2 tiles placed\n"
        "final scores:\n"
        "        total  roads  cities  monasteries  farms\n"
        "  Anna      2      2       0            0      0  (red)\n"
        "  Ben       4      0       4            0      0  (blue)\n"
        "Ben wins with 4\n"
        "scoring events:\n"
        "  command 3 · place E 0,1 180 meeple city S\n"
        "    city (city S at 0,1): 2 tiles × 2 = 4 → Ben +4\n"
        "  command 4 · end\n"
        "    road (end of game) (road W–E at 1,0): 2 tiles = 2 → Anna +2\n");

  std::string three = a.Line("show 2");
  CHECK(three.find("players: Anna (red), Ben (blue), Cy (green)\n") != std::string::npos);
  CHECK(three.find("  Ben       3      0       0            0      3  (blue)\n") !=
        std::string::npos);
  CHECK(three.find("  command 5 · end\n"
                   "    road (end of game) (road E–S at -1,0): 3 tiles = 3 → Cy +3\n"
                   "    field (end of game) (field NL+NR+EL+WR at 1,0): 1 completed city × 3 = 3 → "
                   "Ben +3\n") != std::string::npos);
}

TEST_CASE("show an unfinished game: the standings from a replay", "[review]") {
  Archive a;
  PlayAll(a);
  CHECK(a.Line("show 3") ==
        "session 3 · base · 2024-06-03 12:00 UTC · active\n"
        "  uuid 20240603T120000.000Z-3\n"
        "  options: farmers true\n"
        "  players: Ben (blue), Anna (red)\n"
        "  3 commands (1 undone, not counted), 2 tiles placed\n"
        "standings after 3 commands (in progress):\n"
        "        total  roads  cities  monasteries  farms\n"
        "  Ben       0      0       0            0      0  (blue)\n"
        "  Anna      0      0       0            0      0  (red)\n"
        "no scoring events\n");
  CHECK(a.Refusal("show 9").message() == "no session 9");
  CHECK(a.Refusal("show").message() == "usage: show ID (a session number, see sessions)");
  CHECK(a.Refusal("show x").message() == "usage: show ID (a session number, see sessions)");
}

TEST_CASE("show of a co-op result: outcome, cause and the command", "[review]") {
  Archive a;
  auto id = *a.log().CreateSession(
      "mists", R"({"game":"mists","level":3,"players":[{"name":"Anna","color":"red"}]})",
      "Anna:red");
  REQUIRE(a.log().AppendCommand(id, "place X 0,2 0", "h", {}).ok());
  REQUIRE(a.log()
              .SetStatus(id, kSessionFinished,
                         R"({"outcome":"lost","cause":"no place for a ghost","at":1})")
              .ok());
  std::string shown = a.Line("show 1");
  CHECK(shown.rfind("session 1 · mists level 3 · ", 0) == 0);
  CHECK(shown.find("the players lost at command 1: no place for a ghost\n") != std::string::npos);
  CHECK(
      a.Sessions({}).find("  1  1970-01-01  mists level 3  Anna     lost (no place for a ghost)") !=
      std::string::npos);
}

TEST_CASE("the table runs the review commands", "[review]") {
  Archive a;
  PlayAll(a);
  std::ostringstream out, err;
  Table table(out, err, &a.log(), false);
  CHECK(table.Execute("sessions --game base"));
  CHECK(out.str() == a.Sessions({}));
  out.str("");
  CHECK(table.Execute("show 1   # the first game"));
  CHECK(out.str() == a.Line("show 1"));
  out.str("");
  CHECK(table.Execute("stats --player Anna"));
  CHECK(out.str().rfind("Anna: 2 games played (2 base) · 1 in progress\n", 0) == 0);
  CHECK_FALSE(table.Execute("show 99"));
  CHECK(err.str() == "error: no session 99\n");
}
