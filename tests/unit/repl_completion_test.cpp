// The REPL's help at the table (issue #10): Tab completion that knows the context, from the
// legal answers the game awaits and its view, and the one status line after a turn.
// tests/repl_tty_test.sh drives the same through a real terminal (libedit).
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>

#include "cli/table.h"
#include "store/session_log.h"

using namespace carcref;

namespace {

std::vector<std::string> Sorted(std::vector<std::string> words) {
  std::sort(words.begin(), words.end());
  return words;
}

bool Has(const std::vector<std::string>& words, const std::string& w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

void Start(Table& table, const std::string& game, const std::string& tiles = "") {
  NewGameOptions options;
  options.game = game;
  options.players = "Anna:red,Ben:blue";
  if (!tiles.empty()) options.words = {"--tiles", tiles};
  Status s = table.NewGame(options);
  INFO(s.message());
  REQUIRE(s.ok());
}

void Run(Table& table, const std::string& line, const std::ostringstream& err) {
  INFO(line << ": " << err.str());
  REQUIRE(table.Execute(line));
}

}  // namespace

TEST_CASE("completion after place: the tiles left, the cells they fit, the rotations there",
          "[repl][completion]") {
  std::ostringstream out, err;
  Table table(out, err, nullptr, false);
  Start(table, "base", "winter");
  CHECK(Has(table.CompletionWords(""), "place"));
  std::vector<std::string> tiles = table.CompletionWords("place ");
  CHECK(Has(tiles, "U"));
  CHECK(Has(tiles, "winter/LR"));  // the Winter ids too
  CHECK_FALSE(Has(tiles, "meeple"));
  // U (road W–E) next to the start tile D: only where the road and fields match.
  CHECK(Sorted(table.CompletionWords("place U ")) ==
        std::vector<std::string>{"-1,0", "0,-1", "1,0"});
  CHECK(table.CompletionWords("place U 1,0 ") == std::vector<std::string>{"0"});
  CHECK(table.CompletionWords("place u at 1,0 ") == std::vector<std::string>{"0"});
}

TEST_CASE("completion after meeple: the legal answers, the features, then their sides",
          "[repl][completion]") {
  std::ostringstream out, err;
  Table table(out, err, nullptr, false);
  Start(table, "base");
  Run(table, "place U 1,0 0", err);
  std::vector<std::string> next = table.CompletionWords("meeple ");
  CHECK(Sorted(next) == std::vector<std::string>{"1", "2", "3", "field", "road"});
  CHECK(Sorted(table.CompletionWords("meeple road ")) == std::vector<std::string>{"E", "W"});
  CHECK(Sorted(table.CompletionWords("meeple field ")) ==
        std::vector<std::string>{"EL", "ER", "NL", "NR", "SL", "SR", "WL", "WR"});
  // Not this step's command: every word the game knows, as before.
  CHECK(Has(table.CompletionWords("place "), "U"));
}

TEST_CASE("completion in a City game comes from its legal answers", "[repl][completion]") {
  std::ostringstream out, err;
  Table table(out, err, nullptr, false);
  Start(table, "city");
  Run(table, "place hshsv 0,0", err);
  CHECK(Sorted(table.CompletionWords("meeple ")) ==
        std::vector<std::string>{"residential", "street"});
  CHECK(Sorted(table.CompletionWords("meeple street ")) == std::vector<std::string>{"E", "W"});
}

TEST_CASE("the status line after a turn: scores and tiles left, only when a turn ended",
          "[repl][status]") {
  std::ostringstream out, err;
  Table table(out, err, nullptr, false);
  Table::TurnMark none = table.Mark();
  Start(table, "base");
  CHECK(table.TurnStatus(none).empty());  // a game started: no turn ended
  Table::TurnMark before = table.Mark();
  Run(table, "place U 1,0 0", err);
  CHECK(table.TurnStatus(before).empty());  // the meeple step follows
  before = table.Mark();
  Run(table, "pass", err);
  CHECK(table.TurnStatus(before) == "Anna 0 · Ben 0 · 70 tiles left");
  before = table.Mark();
  CHECK_FALSE(table.Execute("pass"));  // refused: nothing changed, nothing to say
  CHECK(table.TurnStatus(before).empty());
  Run(table, "status", err);
  CHECK(table.TurnStatus(before).empty());
}

TEST_CASE("the City's status line names the stack", "[repl][status]") {
  std::ostringstream out, err;
  Table table(out, err, nullptr, false);
  Start(table, "city");
  Run(table, "place hshsv 0,0", err);
  Table::TurnMark before = table.Mark();
  Run(table, "pass", err);
  std::string line = table.TurnStatus(before);
  CHECK(line.rfind("Anna 0 · Ben 0 · ", 0) == 0);
  CHECK(line.find(" tiles left · stack 1: ") != std::string::npos);  // the Mists pile's shape
}

TEST_CASE("completion after place in a City game: the cells where the described tile fits",
          "[repl][completion]") {
  std::ostringstream out, err;
  Table table(out, err, nullptr, false);
  Start(table, "city");
  // The first tile goes on 0,0 (D.1.4), whatever it is.
  CHECK(table.CompletionWords("place hshsv ") == std::vector<std::string>{"0,0"});
  Run(table, "place hshsv 0,0", err);
  CHECK_FALSE(Has(table.CompletionWords("place hshsv "), "0,1"));  // a follower is awaited
  Run(table, "pass", err);
  // What `where` lists: a street tile fits on the four sides, a residential one only N and S.
  CHECK(Sorted(table.CompletionWords("place hshsv ")) ==
        std::vector<std::string>{"-1,0", "0,-1", "0,1", "1,0"});
  CHECK(Sorted(table.CompletionWords("place hhhh at ")) == std::vector<std::string>{"0,-1", "0,1"});
  Run(table, "tile save corner hhhh", err);
  CHECK(Sorted(table.CompletionWords("place corner ")) == std::vector<std::string>{"0,-1", "0,1"});
  CHECK(table.CompletionWords("place notatile ").size() > 0);  // no cells: every word as before
  CHECK_FALSE(Has(table.CompletionWords("place notatile "), "0,1"));
}

TEST_CASE("completion after meeple in GCC: guard where a guard may go, then its features",
          "[repl][completion]") {
  // In memory: the start tile given here is not remembered in the data directory.
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(":memory:");
  REQUIRE(log.ok());
  std::ostringstream out, err;
  Table table(out, err, log->get(), false);
  NewGameOptions options;
  options.game = "gcc";
  options.players = "Anna:red,Ben:blue";
  options.words = {"--start", "ffff ffff ffFf2 ffFf1"};
  Status s = table.NewGame(options);
  INFO(s.message());
  REQUIRE(s.ok());
  Run(table, "place fFfF=1 0,2", err);
  std::vector<std::string> next = table.CompletionWords("meeple ");
  CHECK(Has(next, "field"));
  CHECK(Has(next, "guard"));  // Anna has 2 guards; a guard may stand on a field (C.4.1)
  CHECK(table.CompletionWords("meeple guard ") == std::vector<std::string>{"field"});
  CHECK(Sorted(table.CompletionWords("meeple guard field ")) ==
        std::vector<std::string>{"NL", "NR", "SL", "SR"});
  CHECK(Sorted(table.CompletionWords("meeple field ")) ==
        std::vector<std::string>{"NL", "NR", "SL", "SR"});
  Run(table, "meeple field NL guard", err);
  CHECK_THAT(out.str(), Catch::Contains("Anna puts a guard on the field NL+NR at 0,2"));
}

namespace {

// A Mists game (level 3: three piles) with the start tile given; Anna plays red and green.
void StartMists(Table& table) {
  NewGameOptions options;
  options.game = "mists";
  options.players = "Anna:red/green,Ben:blue/yellow";
  options.words = {"--level", "3", "--start", "ffff ffff ffFf2 ffFf1"};
  Status s = table.NewGame(options);
  INFO(s.message());
  REQUIRE(s.ok());
}

}  // namespace

TEST_CASE("completion after a complete meeple answer: only what may follow it",
          "[repl][completion]") {
  SECTION("the base game: nothing") {
    std::ostringstream out, err;
    Table table(out, err, nullptr, false);
    Start(table, "base");
    Run(table, "place U 1,0 0", err);
    CHECK(table.CompletionWords("meeple road E ").empty());
    CHECK(table.CompletionWords("meeple field NL ").empty());
    CHECK(table.CompletionWords("meeple 2 ").empty());
    CHECK(Has(table.CompletionWords("meeple road "), "E"));  // not complete yet: its sides
  }
  SECTION("Mists: the current player's colours, then nothing") {
    Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(":memory:");
    REQUIRE(log.ok());
    std::ostringstream out, err;
    Table table(out, err, log->get(), false);
    StartMists(table);
    Run(table, "place frff 2,0", err);
    CHECK(Sorted(table.CompletionWords("meeple road E ")) ==
          std::vector<std::string>{"green", "red"});
    CHECK(Sorted(table.CompletionWords("meeple 1 ")) == std::vector<std::string>{"green", "red"});
    CHECK(table.CompletionWords("meeple road E red ").empty());
    CHECK_FALSE(Has(table.CompletionWords("meeple road E "), "monastery"));
    Run(table, "meeple road E green", err);
    CHECK_THAT(out.str(), Catch::Contains("green meeple on the road E"));
  }
  SECTION("GCC: guard where a guard may go, else nothing") {
    Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(":memory:");
    REQUIRE(log.ok());
    std::ostringstream out, err;
    Table table(out, err, log->get(), false);
    NewGameOptions options;
    options.game = "gcc";
    options.players = "Anna:red,Ben:blue";
    options.words = {"--start", "ffff ffff ffFf2 ffFf1"};
    REQUIRE(table.NewGame(options).ok());
    Run(table, "place fFfF=1 0,2", err);
    CHECK(table.CompletionWords("meeple field NL ") == std::vector<std::string>{"guard"});
    CHECK(table.CompletionWords("meeple guard field NL ").empty());
    CHECK(table.CompletionWords("meeple field NL guard ").empty());
    CHECK(table.CompletionWords("meeple 1 guard ").empty());
    Run(table, "meeple field NL guard", err);
    // Anna's last guard goes on the next tile's field: then only meeples, and nothing follows.
    Run(table, "place rfrf -1,1", err);
    Run(table, "pass", err);
    Run(table, "place fFfF=1 0,3", err);
    Run(table, "meeple field NL guard", err);
    Run(table, "place cfff 2,1", err);
    Run(table, "pass", err);
    Run(table, "place fFfF=1 0,4", err);
    CHECK(table.CompletionWords("meeple field NL ").empty());
  }
}

TEST_CASE("the Mists game's line after a turn: the base game's shape, with the pile",
          "[repl][status]") {
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(":memory:");
  REQUIRE(log.ok());
  std::ostringstream out, err;
  Table table(out, err, log->get(), false);
  table.set_turn_lines(true);
  StartMists(table);
  Table::TurnMark before = table.Mark();
  out.str("");
  Run(table, "place fFff2 2,0", err);
  CHECK(table.TurnStatus(before) == "team 0 · 59 tiles left · pile 1: 19 · bank 10");
  // One status line after the turn: the table's, not the game's own beside it.
  CHECK(out.str() ==
        "  tile at 2,0: mist EL+ER with 2 ghosts; 1 field\n"
        "  2 ghosts placed: 2 at 2,0; bank 10\n"
        "— team 0 · 59 tiles left · pile 1: 19 · bank 10\n");
}

TEST_CASE("the line after a turn is printed only when asked, and not at the game's end",
          "[repl][status]") {
  std::ostringstream out, err;
  Table table(out, err, nullptr, false);
  Start(table, "base");
  Run(table, "place U 1,0 0", err);
  Run(table, "pass", err);
  CHECK(out.str().find("— ") == std::string::npos);  // scripts and piped input as before
  table.set_turn_lines(true);
  Run(table, "place V 2,0 0", err);
  out.str("");
  Table::TurnMark before = table.Mark();
  Run(table, "pass", err);
  CHECK(out.str() == "— Anna 0 · Ben 0 · 69 tiles left\n");
  CHECK(table.TurnStatus(before) == "Anna 0 · Ben 0 · 69 tiles left");
  before = table.Mark();
  out.str("");
  Run(table, "end", err);  // the final scores say it all
  CHECK(table.TurnStatus(before).empty());
  CHECK(out.str().find("— ") == std::string::npos);
}

TEST_CASE("completion after new: the registered games, then that game's options",
          "[repl][completion]") {
  std::ostringstream out, err;
  Table table(out, err, nullptr, false);
  std::vector<std::string> games;
  for (const GameDefinition& g : GameDefinitions()) games.push_back(g.name);
  CHECK(Sorted(table.CompletionWords("new ")) == Sorted(games));
  REQUIRE(Has(games, "gcc"));
  // Each game offers its own declared options and --players, never another game's.
  for (const GameDefinition& g : GameDefinitions()) {
    INFO(g.name);
    std::vector<std::string> words = table.CompletionWords("new " + g.name + " ");
    CHECK(Has(words, "--players"));
    for (const OptionSpec& o : g.options) CHECK(Has(words, o.name));
    for (const GameDefinition& other : GameDefinitions())
      for (const OptionSpec& o : other.options)
        if (std::none_of(g.options.begin(), g.options.end(),
                         [&o](const OptionSpec& mine) { return mine.name == o.name; }))
          CHECK_FALSE(Has(words, o.name));
  }
  CHECK(Has(table.CompletionWords("new base "), "--with"));
  CHECK_FALSE(Has(table.CompletionWords("new city "), "--with"));
  CHECK(table.CompletionWords("new base --with ") == std::vector<std::string>{"gcc"});
  CHECK(table.CompletionWords("new mists --level ") ==
        std::vector<std::string>{"1", "2", "3", "4", "5", "6"});
  CHECK(table.CompletionWords("new base --players ").empty());
  // A flag takes no value: the game's options again.
  CHECK(Has(table.CompletionWords("new base --no-farmers "), "--tiles"));
  // Once a game is on the table, `new` still completes the same way.
  Run(table, "new base --players \"Anna:red,Ben:blue\"", err);
  CHECK(Sorted(table.CompletionWords("new ")) == Sorted(games));
}
