#include "cli/app.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/data_files.h"
#include "cli/format.h"
#include "cli/table.h"
#include "store/session_log.h"

namespace carcref {

namespace {

struct Options {
  std::string db;
  bool no_color = false;
  NewGameOptions game;
  std::string script;
  bool json = false;
  bool echo = false;
  std::optional<std::int64_t> resume_id;
  std::string tiles_set = "base";
  int bench_games = 200;
  unsigned long long bench_seed = 1;
};

Result<std::unique_ptr<SessionLog>> OpenLog(const std::string& db) {
  std::string path = db.empty() ? DefaultDatabasePath() : db;
  return SessionLog::Open(path);
}

int RunScript(Table& table, const Options& o) {
  std::istream* in = &std::cin;
  std::ifstream file;
  std::string name = "stdin";
  if (o.script != "-") {
    file.open(o.script);
    if (!file) {
      std::cerr << "error: cannot read script " << o.script << "\n";
      return 2;
    }
    in = &file;
    name = o.script;
  }
  std::vector<std::string> errors;
  std::string line;
  int number = 0;
  while (std::getline(*in, line)) {
    ++number;
    if (o.echo) std::cout << "> " << line << std::endl;
    table.set_error_prefix(name + ":" + std::to_string(number) + ": ");
    if (!table.Execute(line)) errors.push_back(name + ":" + std::to_string(number) + ": " + table.last_error());
    std::cout.flush();
    if (table.quit_requested()) break;
  }
  if (o.json) {
    const Game* g = table.game();
    std::string status = !errors.empty() ? "refused"
                         : g->phase() == Phase::kGameOver ? "finished"
                                                          : "in_progress";
    std::cout << GameJson(*g, status, errors) << "\n";
  }
  return errors.empty() ? 0 : 1;
}

}  // namespace

int RunMain(int argc, char** argv) {
  CLI::App app{"carcref — a referee and scoring assistant for Carcassonne played at a real table",
               "carcref"};
  app.set_version_flag("--version", "carcref 0.1.0");
  Options o;
  app.add_option("--db", o.db, "the session log (SQLite); default " + DefaultDatabasePath() +
                                   "; :memory: keeps nothing");
  app.add_flag("--no-color", o.no_color, "no ANSI colours in the board");
  app.fallthrough();

  CLI::App* play = app.add_subcommand("play", "start a game: the REPL, or a script with --script");
  play->add_option("--game", o.game.game, "the game: base")->default_val("base");
  play->add_option("--players", o.game.players, "players in turn order: \"Anna:red,Ben:blue\"")
      ->required();
  play->add_option("--tiles", o.game.tiles, "add a tile set: winter (the 12 animal tiles)");
  play->add_flag("--no-farmers", o.game.no_farmers, "play without farmers (a first game)");
  play->add_option("--script", o.script, "read commands from FILE (- for stdin), one per line");
  play->add_flag("--echo", o.echo, "with --script: print each command before its output");
  play->add_flag("--json", o.json, "with --script: end stdout with the result as one JSON object");

  CLI::App* resume = app.add_subcommand("resume", "continue a logged session (latest unfinished)");
  resume->add_option("id", o.resume_id, "session id (see carcref sessions)");
  CLI::App* sessions = app.add_subcommand("sessions", "list the logged sessions");
  CLI::App* tiles = app.add_subcommand("tiles", "list a tile set with a small picture of each");
  tiles->add_option("set", o.tiles_set, "base or winter")->default_val("base");
  CLI::App* bench = app.add_subcommand("bench", "play seeded random games; print speed and a signature");
  bench->add_option("--games", o.bench_games, "number of games")->default_val(200)->check(CLI::Range(1, 1000000));
  bench->add_option("--seed", o.bench_seed, "seed")->default_val(1);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help and version exit 0; any other command-line error is a setup error: 2.
    return app.exit(e) == 0 ? 0 : 2;
  }

  if (*bench) return RunBench(o.bench_games, o.bench_seed);
  bool color = !o.no_color && isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR");
  if (*tiles) {
    Table table(std::cout, std::cerr, nullptr, color);
    return table.Execute("tiles " + o.tiles_set) ? 0 : 1;
  }

  Result<std::unique_ptr<SessionLog>> log = OpenLog(o.db);
  if (!log.ok()) {
    std::cerr << "error: " << log.status().message() << "\n";
    return 2;
  }
  Table table(std::cout, std::cerr, log->get(), color);
  if (*sessions) return table.Execute("sessions") ? 0 : 1;
  if (*resume) {
    Status s = table.Resume(o.resume_id);
    if (!s.ok()) {
      std::cerr << "error: " << s.message() << "\n";
      return 2;
    }
    return RunRepl(table);
  }
  if (*play) {
    if (!o.script.empty() && o.script != "-" && !std::ifstream(o.script)) {
      std::cerr << "error: cannot read script " << o.script << "\n";
      return 2;  // before a session is logged for a game that cannot be played
    }
    Status s = table.NewGame(o.game);
    if (!s.ok()) {
      std::cerr << "error: " << s.message() << "\n";
      return 2;
    }
    if (!o.script.empty()) return RunScript(table, o);
    return RunRepl(table);
  }
  std::cout << "carcref — Carcassonne referee. Start a game with\n"
               "  new base --players \"Anna:red,Ben:blue\"   (add --tiles winter, --no-farmers)\n"
               "or type resume, sessions, tiles, help.\n";
  return RunRepl(table);
}

}  // namespace carcref
