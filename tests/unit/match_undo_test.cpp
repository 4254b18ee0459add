// Undo is always right (issue 11): Match rebuilds an undone state from its nearest snapshot
// (rules.h), and the state it reaches must be the state a fresh rebuild of the same commands
// reaches, hash for hash, in every game behind the interface, whatever undos and redos came
// before: all the way back from the end (past the snapshots kept, which an undo takes again on
// its way), and on a seeded random walk of undos and redos, also on copies of the match.
#include <catch2/catch.hpp>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "carcref/rules.h"
#include "carcref/simulate.h"
#include "cli/match_log.h"
#include "cli/table.h"
#include "games/base/base_rules.h"
#include "log_support.h"
#include "support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

// Undo on `full` (a match after `commands`) against `fresh`, the hashes of fresh rebuilds of
// the first k commands.
void CheckUndo(const Match& full, const std::vector<std::string>& commands,
               const std::vector<std::uint64_t>& fresh, std::uint64_t seed) {
  INFO(full.definition().name << ", " << commands.size() << " commands");
  REQUIRE(commands.size() > Match::kSnapshotEvery * 2);
  REQUIRE(fresh.size() == commands.size() + 1);
  // All the way back, then all the way forward again, then back once more.
  Match match = full;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t k = commands.size(); k-- > 0;) {
      Result<std::string> undone = match.Undo();
      REQUIRE(undone.ok());
      CHECK(*undone == commands[k]);
      REQUIRE(match.commands().size() == k);
      CHECK(match.rules().Hash() == fresh[k]);
    }
    CHECK(match.Undo().status().code() == Status::Code::kNotFound);
    if (pass == 1) break;
    for (std::size_t k = 0; k < commands.size(); ++k) {
      REQUIRE(match.Apply(commands[k]).ok());
      CHECK(match.rules().Hash() == fresh[k + 1]);
    }
  }

  // A seeded walk: runs of undos (up to 40) and redos, on the match and on copies of it.
  SeededRandom random(seed);
  match = full;
  std::size_t at = commands.size();
  for (int step = 0; step < 200; ++step) {
    int run = 1 + random.Below(40);
    bool back = random.Below(2) == 0;
    for (int i = 0; i < run; ++i) {
      if (back && at > 0) {
        REQUIRE(match.Undo().ok());
        --at;
      } else if (!back && at < commands.size()) {
        REQUIRE(match.Apply(commands[at]).ok());
        ++at;
      }
    }
    INFO("step " << step << " at " << at);
    REQUIRE(match.commands().size() == at);
    CHECK(match.rules().Hash() == fresh[at]);
    if (step % 17 == 0) {
      Match copy = match;
      if (at > 0) {
        REQUIRE(copy.Undo().ok());
        CHECK(copy.rules().Hash() == fresh[at - 1]);
      }
      CHECK(match.rules().Hash() == fresh[at]);  // the copy shares nothing it changes
    }
  }
}

// The same for a logged session: fresh[k] is RebuildMatch of its first k live commands.
void CheckUndo(const SessionRecord& session, std::uint64_t seed) {
  std::vector<std::string> commands;
  for (const CommandRecord& c : session.commands)
    if (!c.undone) commands.push_back(c.text);
  std::vector<std::uint64_t> fresh;
  for (std::size_t k = 0; k <= commands.size(); ++k) {
    Result<Match> rebuilt = RebuildMatch(session, k);
    REQUIRE(rebuilt.ok());
    fresh.push_back(rebuilt->rules().Hash());
  }
  Result<Match> full = RebuildMatch(session);
  REQUIRE(full.ok());
  CheckUndo(*full, commands, fresh, seed);
}

}  // namespace

TEST_CASE("undo equals a fresh rebuild in every game, snapshots or not", "[undo][random]") {
  SECTION("base: a seeded random game") {
    for (std::uint64_t seed : {3u, 8u}) {
      RandomGameResult game = PlayRandomGame(TwoPlayers(), seed, true);
      NewGameOptions options;
      options.players = "Anna:red,Ben:blue";
      CheckUndo(Logged(options, game.commands), seed);
    }
  }
  SECTION("base: a 200-tile workload board, longer than the snapshots kept") {
    // The bench's board: the base tiles three times over (bench.cpp).
    GameSetup setup = Setup({{"P1", "red"}, {"P2", "blue"}, {"P3", "green"}, {"P4", "yellow"}});
    for (auto& t : setup.catalog.tiles) {
      auto more = std::make_shared<TileType>(*t);
      more->count = t->count * 3;
      t = more;
    }
    RandomGameResult game = PlayRandomGame(setup, 11, true);
    GameDefinition workload = BaseDefinition();
    workload.make = [&setup](const GameStart&) { return BaseRules::FromSetup(setup); };
    Result<Match> match = Match::Start(workload, GameStart{setup.players, {}, {}, {}});
    REQUIRE(match.ok());
    std::vector<std::string> commands;
    std::vector<std::uint64_t> fresh = {match->rules().Hash()};  // one fresh game, forward
    for (const std::string& line : game.commands) {
      if (commands.size() >= 300) break;
      Result<Report> report = match->Apply(line);
      REQUIRE(report.ok());
      if (report->redundant) continue;
      commands.push_back(line);
      fresh.push_back(match->rules().Hash());
    }
    REQUIRE(commands.size() > Match::kSnapshots * Match::kSnapshotEvery * 2);
    CheckUndo(*match, commands, fresh, 12);
  }
  SECTION("gcc: the full game of its transcript") {
    NewGameOptions options;
    options.players = "Anna:red,Ben:blue";
    options.words = {"--with", "gcc", "--start", "ffff ffff ffFf2 ffFf1"};
    CheckUndo(Logged(options, ScenarioLines("gcc_full_game")), 5);
  }
  SECTION("mists: level 3 with hounds, from its transcript") {
    NewGameOptions options;
    options.game = "mists";
    options.players = "Anna:red/green,Ben:blue/yellow";
    options.words = {"--level", "3", "--start", "ffff ffff ffFf2 ffFf1"};
    CheckUndo(Logged(options, ScenarioLines("mists_level3_hounds")), 6);
  }
  SECTION("city: a 4-player game from its transcript") {
    NewGameOptions options;
    options.game = "city";
    options.players = "Anna:red,Ben:blue,Cara:yellow,Dan:green";
    options.words = {"--stacks", "8,2,4"};
    CheckUndo(Logged(options, ScenarioLines("city_4p_wall_gap")), 7);
  }
}

#ifndef NDEBUG
namespace {

// A game that adds up the numbers typed; its invariant: the sum stays under 10.
class Tally : public GameRules {
 public:
  std::string_view game() const override { return "tally"; }
  Result<Report> Apply(std::string_view line) override {
    sum_ += std::stoi(std::string(line));
    return Report{};
  }
  Awaiting Awaits() const override { return {}; }
  bool Over() const override { return false; }
  std::uint64_t Hash() const override { return static_cast<std::uint64_t>(sum_); }
  std::vector<int> Scores() const override { return {sum_}; }
  std::string StateJson() const override { return "{}"; }
  std::unique_ptr<GameRules> Clone() const override { return std::make_unique<Tally>(*this); }
  Status CheckInvariants() const override {
    if (sum_ < 10) return Status::Ok();
    return Status::Corrupt("the sum reached " + std::to_string(sum_));
  }

 private:
  int sum_ = 0;
};

}  // namespace

TEST_CASE("a command that breaks a game's invariants is refused, the game as it was before it",
          "[undo]") {
  // Debug builds only (Match checks invariants there): the state before the command comes
  // back by a rebuild from the latest snapshot, as undo rebuilds.
  GameDefinition tally;
  tally.name = "tally";
  tally.make = [](const GameStart&) -> Result<std::unique_ptr<GameRules>> {
    return std::unique_ptr<GameRules>(std::make_unique<Tally>());
  };
  Result<Match> match = Match::Start(tally, GameStart{});
  REQUIRE(match.ok());
  for (const char* line :
       {"1", "0", "0", "0", "0", "0", "0", "0", "0", "0",
        "0", "0", "0", "0", "0", "0", "0", "0", "4", "4"})  // past the snapshot after 16
    REQUIRE(match->Apply(line).ok());
  const std::uint64_t breaks = InvariantBreaks();
  Result<Report> broken = match->Apply("3");
  REQUIRE_FALSE(broken.ok());
  CHECK(InvariantBreaks() == breaks + 1);  // what tests and fuzz targets count
  CHECK(broken.status().message() ==
        "internal error after '3': invariant broken: the sum reached 12");
  CHECK(match->rules().Scores() == std::vector<int>{9});
  CHECK(match->commands().size() == 20);
  REQUIRE(match->Apply("-2").ok());  // and it goes on from there
  CHECK(match->rules().Scores() == std::vector<int>{7});
  REQUIRE(match->Undo().ok());
  CHECK(match->rules().Scores() == std::vector<int>{9});
}
#endif
