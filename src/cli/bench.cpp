// `carcref bench`: seeded random legal games with full scoring (DESIGN.md "Performance"), of
// each registered game that brings a workload (GameView::bench): the first one's (the base
// game's) alone, or with --all every one's. The signature hashes every final score: it changes
// only when the rules do. --table measures the CPU time of each command of a random real game
// typed at the table with its log, undo included, and the peak memory, for the first game with a
// table workload or the one --game names; for the base game also on a large board (its tiles
// multiplied).
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <iostream>
#include <sstream>

#include "carcref/rules.h"
#include "carcref/simulate.h"
#include "cli/app.h"
#include "cli/data_files.h"
#include "cli/game_views.h"
#include "cli/table.h"
#include "store/session_log.h"

namespace carcref {

namespace {

const std::vector<PlayerSpec> kFourPlayers = {
    {"P1", "red"}, {"P2", "blue"}, {"P3", "green"}, {"P4", "yellow"}};

struct Tally {
  long placements = 0;
  std::uint64_t signature = 1469598103934665603ull;
  double seconds = 0;

  void Add(const RandomGameResult& r) {
    placements += r.placements;
    for (int total : r.totals) {
      signature ^= static_cast<std::uint64_t>(total);
      signature *= 1099511628211ull;
    }
  }
};

Tally Play(int games, unsigned long long seed,
           const std::function<RandomGameResult(std::uint64_t)>& play) {
  Tally t;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < games; ++i) t.Add(play(seed + static_cast<unsigned long long>(i)));
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return t;
}

// The further games' lines: "NAME: G games, P placements in S s: …, signature X (notes)".
void PrintLine(const char* name, int games, const Tally& t, const char* notes) {
  char line[320];
  std::snprintf(line, sizeof line,
                "%s: %d games, %ld placements in %.3f s: %.1f games/s, %.0f placements/s, "
                "signature %016llx (%s)\n",
                name, games, t.placements, t.seconds, games / t.seconds,
                static_cast<double>(t.placements) / t.seconds,
                static_cast<unsigned long long>(t.signature), notes);
  std::cout << line;
}

int Fail(const Status& s) {
  std::cerr << "error: " << s.message() << "\n";
  return 2;
}

double CpuMicros() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

std::string Distribution(std::vector<double> us) {
  if (us.empty()) return "none";
  std::sort(us.begin(), us.end());
  auto at = [&](double q) {
    return us[std::min(us.size() - 1, static_cast<size_t>(q * static_cast<double>(us.size())))];
  };
  char line[200];
  std::snprintf(line, sizeof line,
                "%zu commands: p50 %.0f µs, p90 %.0f µs, p99 %.0f µs, max %.0f µs", us.size(),
                at(0.50), at(0.90), at(0.99), us.back());
  return line;
}

// The workload board of `work` (the base game's): its random game on a board bigger than a
// real game's, played the way the table plays it (a Match of the game's rules module) up to
// `tiles` placed tiles: the CPU time of every command, and of an undo (then the command again)
// after every fifth.
int RunBoardBench(const TableBenchWorkload& work, int tiles, unsigned long long seed) {
  Result<Match> match = Match::Start(work.definition, GameStart{kFourPlayers, {}, {}, {}});
  if (!match.ok()) return Fail(match.status());
  auto board = [&] { return work.tiles(match->rules()); };
  std::vector<double> commands, undos, big;
  std::uint64_t hashes = 0;
  int n = 0;
  for (const std::string& line : work.commands) {
    if (board() >= tiles + 1 || line == "end") break;
    double before = CpuMicros();
    Result<Report> done = match->Apply(line);
    hashes ^= match->rules().Hash();  // the table logs the state hash after each command
    double took = CpuMicros() - before;
    if (!done.ok()) return Fail(done.status());
    commands.push_back(took);
    if (board() > tiles - 10) big.push_back(took);
    if (++n % 5 == 0) {
      before = CpuMicros();
      Result<std::string> undone = match->Undo();
      hashes ^= match->rules().Hash();
      took = CpuMicros() - before;
      if (!undone.ok()) return Fail(undone.status());
      undos.push_back(took);
      if (board() > tiles - 10) big.push_back(took);
      if (!match->Apply(line).ok()) return Fail(Status::Corrupt("redo of '" + line + "' failed"));
    }
  }
  std::cout << "table: " << work.board << ", 4 players, seed " << seed << ", up to " << board()
            << " tiles on the board\n"
            << "  CPU time of Match::Apply (or Undo) plus the state hash logged after it, as the\n"
            << "  table runs them; no session log, no printing (hashes " << std::hex << hashes
            << std::dec << ")\n"
            << "  every command: " << Distribution(commands) << "\n"
            << "  undo (every 5th command): " << Distribution(undos) << "\n"
            << "  at " << tiles - 10 << "+ tiles, undo included: " << Distribution(big) << "\n";
  return 0;
}

// A random real game of `game` typed into a Table logging to a log in memory (SQL and the
// session summary; no disk, so no sync), to its end: the CPU time of every command, and of an
// undo (then the command again) after every fifth; the slowest command named.
int RunRealTableBench(const std::string& game, const TableBenchWorkload& work,
                      unsigned long long seed) {
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(":memory:");
  if (!log.ok()) return Fail(log.status());
  std::ostringstream printed;
  Table table(printed, printed, log->get(), false);
  NewGameOptions options;
  options.game = game;
  options.players =
      work.real_players.empty() ? "P1:red,P2:blue,P3:green,P4:yellow" : work.real_players;
  options.words = work.real_options;
  if (Status s = table.NewGame(options); !s.ok()) return Fail(s);
  std::vector<double> logged, logged_undos, all;
  double slowest = -1;
  std::string slowest_line;
  auto timed = [&](const std::string& line, std::vector<double>& into) {
    printed.str("");
    double before = CpuMicros();
    bool done = table.Execute(line);
    double took = CpuMicros() - before;
    into.push_back(took);
    all.push_back(took);
    if (took > slowest) {
      slowest = took;
      slowest_line = line;
    }
    return done;
  };
  int n = 0;
  for (const std::string& line : work.real_commands) {
    if (!timed(line, logged))
      return Fail(Status::Corrupt("the table refused '" + line + "': " + printed.str()));
    if (++n % 5 == 0) {
      if (!timed("undo", logged_undos) || !table.Execute(line))
        return Fail(Status::Corrupt("undo and redo of '" + line + "' failed"));
    }
  }
  if (!table.game_over() && !table.Execute("end"))
    return Fail(Status::Corrupt("the game did not end: " + printed.str()));
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::cout << "at the table with the log (a " << game << " game, 4 players, seed " << seed
            << ", played to its end; Table::Execute: parse, rules, words, SQL and summary, in "
               "memory)\n"
            << "  every command: " << Distribution(logged) << "\n"
            << "  undo (every 5th command): " << Distribution(logged_undos) << "\n"
            << "  all, undo included: " << Distribution(all) << "\n"
            << "  slowest: '" << slowest_line << "'\n"
            << "  peak memory (maxrss): " << usage.ru_maxrss << " KiB\n";
  return 0;
}

// The table bench of `game` (its workload, TableBenchWorkload): its workload board if it has
// one, then a real game at the table.
int RunTableBench(const std::string& game, const TableBenchWorkload& work, int tiles,
                  unsigned long long seed) {
  if (!work.commands.empty())
    if (int failed = RunBoardBench(work, tiles, seed); failed != 0) return failed;
  return RunRealTableBench(game, work, seed);
}

}  // namespace

int RunBench(int games, unsigned long long seed, bool all, int table_tiles,
             const std::string& table_game) {
  if (table_tiles > 0) {
    for (const GameDefinition& game : GameDefinitions()) {
      if (!table_game.empty() && game.name != table_game) continue;
      const GameView* view = FindView(game.name);
      if (!view || !view->bench) continue;
      Result<BenchWorkload> workload = view->bench(kFourPlayers);
      if (!workload.ok()) return Fail(workload.status());
      if (!workload->table) continue;
      Result<TableBenchWorkload> work = workload->table(table_tiles, seed);
      if (!work.ok()) return Fail(work.status());
      return RunTableBench(game.name, *work, table_tiles, seed);
    }
    return Fail(Status::Illegal(table_game.empty() ? "no registered game has a table bench"
                                                   : table_game + " has no table bench"));
  }
  // Each registered game's workload (GameView::bench), in the registry's order: the first one's
  // is the headline, the others' follow with --all.
  bool headline = true;
  for (const GameDefinition& game : GameDefinitions()) {
    const GameView* view = FindView(game.name);
    if (!view || !view->bench) continue;
    Result<BenchWorkload> workload = view->bench(kFourPlayers);
    if (!workload.ok()) return Fail(workload.status());
    Tally t = Play(games, seed, workload->play);
    if (!headline) {
      PrintLine(game.name.c_str(), games, t, workload->notes.c_str());
      if (workload->variant_play) {
        std::string name = game.name + " (" + workload->variant + ")";
        PrintLine(name.c_str(), games, Play(games, seed, workload->variant_play),
                  workload->variant_notes.c_str());
      }
      continue;
    }
    char line[320];
    std::snprintf(line, sizeof line,
                  "%d games, %ld placements in %.3f s: %.1f games/s, %.0f placements/s\n"
                  "signature %016llx (seed %llu, %s)\n",
                  games, t.placements, t.seconds, games / t.seconds,
                  static_cast<double>(t.placements) / t.seconds,
                  static_cast<unsigned long long>(t.signature), seed, workload->notes.c_str());
    std::cout << line;
    if (!all) break;
    headline = false;
  }
  return 0;
}

}  // namespace carcref
