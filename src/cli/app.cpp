#include "cli/app.h"

#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>

#include "carcref/format.h"
#include "carcref/i18n.h"
#include "cli/completion.h"
#include "cli/data_files.h"
#include "cli/export.h"
#include "cli/game_views.h"
#include "cli/language.h"
#include "cli/match_review.h"
#include "cli/review.h"
#include "cli/table.h"
#include "store/session_log.h"

namespace carcref {

namespace {

// "base, winter or mists": a help text's list of the registry's words.
std::string Alternatives(const std::vector<std::string>& words, const std::string& last = "or") {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " " + last + " " : ", ") + words[i];
  return out;
}

// The games `bench --all` adds a line for: every registered game with a workload but the first
// (bench's headline, cli/bench.cpp).
std::vector<std::string> OtherBenchGames() {
  std::vector<std::string> out;
  bool headline = true;
  for (const GameDefinition& g : GameDefinitions()) {
    const GameView* view = FindView(g.name);
    if (!view || !view->bench) continue;
    if (!headline) out.push_back(g.name);
    headline = false;
  }
  return out;
}

struct Options {
  std::string db;
  bool no_color = false;
  NewGameOptions game;
  std::string script;
  bool json = false;
  bool echo = false;
  std::optional<std::int64_t> resume_id;
  std::string tiles_set;  // empty: the first registered game's (DefaultTileSet)
  int bench_games = 200;
  unsigned long long bench_seed = 1;
  bool bench_all = false;
  int bench_table = 0;
  std::string bench_game;  // --table's game; empty: the first with a table workload
  SessionFilter sessions_filter;
  std::int64_t show_id = 0;
  StatsFilter stats_filter;
  std::string import_file;
  std::int64_t replay_id = 0;
  std::optional<std::int64_t> replay_to;
  ExportOptions export_options;
  std::string serve;  // --serve [ADDR:]PORT: the live board page
  std::string lang;   // --lang: the table's language (i18n.h); empty: the environment's
  // play: --with and the games' options, by name, and which of them take a value
  std::map<std::string, std::string> game_options;
  std::map<std::string, bool> takes_value;
};

// A log opened to write also gets the summaries `sessions` and `stats` read that it lacks
// (cli/archive.h FillSummaries: a log an older carcref wrote). Failing that changes nothing
// but speed: review reads such a session whole, and the next open tries again.
Result<std::unique_ptr<SessionLog>> OpenLog(const std::string& db) {
  std::string path = db.empty() ? DefaultDatabasePath() : db;
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(path);
  if (log.ok()) (void)FillSummaries(**log);
  return log;
}

// sessions, show, stats, replay and export only read: they never create, upgrade or write
// the log, so a mistyped --db creates nothing and a read-only directory can be reviewed.
// The default log not existing yet is a log with nothing in it.
Result<std::unique_ptr<SessionLog>> OpenReviewLog(const std::string& db) {
  std::string path = db.empty() ? DefaultDatabasePath() : db;
  Result<std::unique_ptr<SessionLog>> log = SessionLog::OpenForReview(path);
  if (!log.ok() && log.status().code() == Status::Code::kNotFound && db.empty())
    return SessionLog::OpenForReview(":memory:");
  if (!log.ok() && log.status().code() == Status::Code::kNotFound)
    return Status::NotFound(log.status().message() + " (nothing is logged there; check --db)");
  return log;
}

// An error is one line (the man page promises it); a message that carries a line break
// (a damaged log can hold any text) is joined into one.
std::string OneLine(const std::string& message) {
  std::string out = message;
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';
  return out;
}

// The exit status of sessions, show, stats and import: a refusal is bad input or a database
// problem, printed as one line; status 2.
int ReviewExit(const Status& s) {
  if (s.ok()) return 0;
  std::cerr << "error: " << OneLine(s.message()) << "\n";
  return 2;
}

// The REPL's first words: every game it referees, from the registry (an added game shows
// without a word here), and how to see their options.
std::string Welcome() {
  std::string out =
      "carcref — Carcassonne referee. Start a game with new GAME --players "
      "\"Anna:red,Ben:blue\":\n";
  std::size_t width = 0;
  for (const GameDefinition& g : GameDefinitions()) width = std::max(width, g.name.size());
  for (const GameDefinition& g : GameDefinitions())
    out += "  new " + g.name + std::string(width - g.name.size() + 3, ' ') + g.title +
           (g.expands.empty() ? "" : " (also: new " + g.expands + " --with " + g.name + ")") + "\n";
  return out + "help new lists each game's options; or type resume, sessions, tiles, help.\n";
}

// --serve: the live board page. A port in use or a bad address is one line; the game goes on.
void StartServing(Table& table, const Options& o) {
  if (o.serve.empty()) return;
  Status s = table.Serve(o.serve);
  if (!s.ok()) std::cerr << "error: " << OneLine(s.message()) << "\n";
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
  // --echo: a refused line reads as refused in the transcript. Where stderr is the same file
  // as stdout (a terminal, or 2>&1 as the transcript tests run it) its error line already
  // follows the echo; otherwise stdout says "  refused: MESSAGE" too.
  bool say_refused = false;
  if (o.echo) {
    struct stat out_file = {};
    struct stat err_file = {};
    say_refused = fstat(STDOUT_FILENO, &out_file) != 0 || fstat(STDERR_FILENO, &err_file) != 0 ||
                  out_file.st_dev != err_file.st_dev || out_file.st_ino != err_file.st_ino;
  }
  if (o.echo) table.set_turn_lines(true);  // the transcript reads as the table did
  std::vector<std::string> errors;
  std::string line;
  int number = 0;
  while (std::getline(*in, line)) {
    ++number;
    if (o.echo) std::cout << "> " << line << std::endl;
    table.set_error_prefix(name + ":" + std::to_string(number) + ": ");
    if (!table.Execute(line)) {
      errors.push_back(name + ":" + std::to_string(number) + ": " + table.last_error());
      if (say_refused) std::cout << "  refused: " << table.last_error() << "\n";
    }
    std::cout.flush();
    if (table.quit_requested()) break;
  }
  if (o.json) {
    std::string status = !errors.empty()     ? "refused"
                         : table.game_over() ? "finished"
                                             : "in_progress";
    std::cout << table.ResultJson(status, errors) << "\n";
  }
  return errors.empty() ? 0 : 1;
}

// The subcommands RunMain dispatches on, once parsed (null: not declared).
struct Subcommands {
  CLI::App* play = nullptr;
  CLI::App* resume = nullptr;
  CLI::App* sessions = nullptr;
  CLI::App* show = nullptr;
  CLI::App* stats = nullptr;
  CLI::App* importer = nullptr;
  CLI::App* tiles = nullptr;
  CLI::App* bench = nullptr;
  CLI::App* replay = nullptr;
  CLI::App* exporter = nullptr;
  CLI::App* completion = nullptr;
  std::string shell;  // completion's argument

  // A subcommand that only reads the log (OpenReviewLog).
  bool Review() const { return *sessions || *show || *stats || *replay || *exporter; }
  // One that is no game at the table, so --serve has nothing to show.
  bool NotServed() const { return *bench || *tiles || *importer || *completion || Review(); }
};

const char kServeHelp[] =
    "serve the live board page on [ADDR:]PORT (127.0.0.1 unless ADDR is given; 0: a free port)";

// --with and every option a game declares (carcref/rules.h), each once; read after parsing by
// the same code as the REPL's `new`, which refuses one given to the wrong game.
void AddGameOptions(CLI::App* play, Options& o) {
  for (const GameDefinition& g : GameDefinitions())
    if (!g.expands.empty() && !o.game_options.count("--with")) {
      play->add_option("--with", o.game_options["--with"],
                       g.expands + ": an expansion, " + g.name + " (" + g.title + ")")
          ->type_name("EXPANSION");
      o.takes_value["--with"] = true;
    }
  for (const GameDefinition& g : GameDefinitions())
    for (const OptionSpec& spec : g.options) {
      if (o.game_options.count(spec.name)) continue;
      std::string owners;
      for (const GameDefinition& h : GameDefinitions())
        for (const OptionSpec& other : h.options)
          if (other.name == spec.name) owners += (owners.empty() ? "" : ", ") + h.name;
      std::string help = owners + ": " + spec.help;
      std::string& value = o.game_options[spec.name];
      o.takes_value[spec.name] = !spec.value_name.empty();
      if (spec.value_name.empty())
        play->add_flag(spec.name)->description(help);
      else
        play->add_option(spec.name, value, help)->type_name(spec.value_name);
    }
}

// play and resume: a game at the table.
void AddTableCommands(CLI::App& app, Options& o, Subcommands& sub) {
  sub.play = app.add_subcommand("play", "start a game: the REPL, or a script with --script");
  CLI::App* play = sub.play;
  std::string games;
  for (const GameDefinition& g : GameDefinitions()) games += (games.empty() ? "" : ", ") + g.name;
  play->add_option("--game", o.game.game, "the game: " + games)
      ->default_val(GameDefinitions().front().name)
      ->type_name("GAME");
  play->add_option("--players", o.game.players, "players in turn order: \"Anna:red,Ben:blue\"")
      ->required();
  AddGameOptions(play, o);
  play->add_option("--script", o.script, "read commands from FILE (- for stdin), one per line")
      ->type_name("FILE");
  play->add_flag("--echo", o.echo, "with --script: print each command before its output");
  play->add_flag("--json", o.json, "with --script: end stdout with the result as one JSON object");
  play->add_option("--serve", o.serve, kServeHelp);
  play->allow_extras();  // refused by name below, as the REPL's `new` refuses them

  sub.resume = app.add_subcommand("resume", "continue a logged session (latest unfinished)");
  sub.resume->add_option("id", o.resume_id, "session id (see carcref sessions)");
  sub.resume->add_option("--serve", o.serve, kServeHelp);
}

// sessions, show, stats and import: the log as a whole.
void AddReviewCommands(CLI::App& app, Options& o, Subcommands& sub) {
  sub.sessions = app.add_subcommand(
      "sessions", "list the logged sessions: date, game, players, result, length");
  SessionFilter& sf = o.sessions_filter;
  sub.sessions->add_option("--player", sf.player, "only the sessions NAME played in");
  sub.sessions->add_option("--game", sf.game, "only the sessions of game G")->type_name("GAME");
  sub.sessions->add_option("--since", sf.since, "only those begun on or after YYYY-MM-DD (UTC)");
  sub.sessions->add_option("--until", sf.until, "only those begun on or before YYYY-MM-DD (UTC)");
  sub.show =
      app.add_subcommand("show", "a session: setup, scores by feature, winners, scoring events");
  sub.show->add_option("id", o.show_id, "session id (see carcref sessions)")->required();
  sub.stats = app.add_subcommand("stats", "statistics across the logged sessions");
  sub.stats->add_option("--player", o.stats_filter.player,
                        "only the games NAME played, NAME's numbers");
  sub.stats->add_option("--game", o.stats_filter.game, "only the games of G")->type_name("GAME");
  sub.importer = app.add_subcommand("import", "merge another carcref log into this one");
  sub.importer
      ->add_option("file", o.import_file,
                   "the other log (read only; sessions already here are skipped)")
      ->required()
      ->type_name("FILE");
}

// replay and export: one logged session at a chosen point.
void AddLookBackCommands(CLI::App& app, Options& o, Subcommands& sub) {
  sub.replay = app.add_subcommand(
      "replay", "a logged session after command N: the commands, the board, the scores");
  sub.replay->add_option("id", o.replay_id, "session id (see carcref sessions)")->required();
  sub.replay->add_option("--to", o.replay_to,
                         "after live command N (0: the start; default: the last)");
  sub.exporter = app.add_subcommand(
      "export", "a session as SVG pictures, JSON or CSV; --all: the archive as JSON");
  ExportOptions& eo = o.export_options;
  CLI::App* exporter = sub.exporter;
  exporter->add_option("id", eo.id, "session id (see carcref sessions)");
  exporter->add_flag("--all", eo.all, "every session (with --json)");
  exporter->add_option("--svg", eo.svg, "the board after command N as an SVG picture")
      ->type_name("FILE");
  exporter->add_option("--chart", eo.chart, "each player's score over the turns as an SVG chart")
      ->type_name("FILE");
  exporter
      ->add_option("--json", eo.json,
                   "the session (or with --all the archive) as JSON; - for stdout")
      ->type_name("FILE");
  exporter->add_option("--csv", eo.csv, "one row per scoring event; - for stdout")
      ->type_name("FILE");
  exporter->add_option("--to", eo.to,
                       "with --svg/--chart: after live command N (default: the last)");
}

// tiles and bench: no log needed.
void AddToolCommands(CLI::App& app, Options& o, Subcommands& sub) {
  sub.tiles = app.add_subcommand("tiles", "list a tile set with a small picture of each");
  sub.tiles->add_option("set", o.tiles_set, Alternatives(TileSetNames()))
      ->default_val(DefaultTileSet())
      ->type_name("SET");
  sub.bench = app.add_subcommand("bench", "play seeded random games; print speed and a signature");
  sub.bench->add_option("--games", o.bench_games, "number of games")
      ->default_val(200)
      ->check(CLI::Range(1, 1000000));
  sub.bench->add_option("--seed", o.bench_seed, "seed")->default_val(1);
  sub.bench->add_flag("--all", o.bench_all,
                      "also " + Alternatives(OtherBenchGames(), "and") + ", a line each");
  sub.bench
      ->add_option("--table", o.bench_table,
                   "instead: CPU time per command of a real game at the table with its log, and "
                   "peak memory; the base game also on a board of N tiles")
      ->check(CLI::Range(20, 100000));
  std::vector<std::string> benched;
  for (const GameDefinition& g : GameDefinitions()) benched.push_back(g.name);
  sub.bench
      ->add_option("--game", o.bench_game,
                   "with --table: the game (" + Alternatives(benched, "or") + "; default " +
                       benched.front() + ")")
      ->type_name("GAME")
      ->check(CLI::IsMember(benched));
}

// The shell completion scripts are written from the whole app, every command included.
void AddCompletionCommand(CLI::App& app, Subcommands& sub) {
  sub.completion = app.add_subcommand("completion", "print the shell completion script");
  std::string shells;
  for (const std::string& s : CompletionShells()) shells += (shells.empty() ? "" : " or ") + s;
  sub.completion->add_option("shell", sub.shell, shells)->required()->type_name("SHELL");
}

// A review subcommand on the log opened for review.
int RunReview(SessionLog& log, const Options& o, const Subcommands& sub, bool color) {
  if (*sub.sessions) return ReviewExit(PrintSessions(log, o.sessions_filter, std::cout));
  if (*sub.show) return ReviewExit(PrintShow(log, o.show_id, std::cout));
  if (*sub.stats) return ReviewExit(PrintStats(log, o.stats_filter, std::cout));
  if (*sub.replay) return RunReplay(log, o.replay_id, o.replay_to, color, std::cout, std::cerr);
  return RunExport(log, o.export_options, std::cout, std::cerr);
}

// `play`: the game named by --game and its options (given back to the table as the words of
// `new`, so both refuse the same way), then the script or the REPL.
int RunPlay(Table& table, Options& o, const CLI::App& play, std::vector<std::string> extras) {
  if (!o.script.empty() && o.script != "-" && !std::ifstream(o.script)) {
    std::cerr << "error: cannot read script " << o.script << "\n";
    return 2;  // before a session is logged for a game that cannot be played
  }
  o.game.words = std::move(extras);
  for (const auto& [name, value] : o.game_options) {
    if (play.count(name) == 0) continue;
    o.game.words.push_back(name);
    if (o.takes_value[name]) o.game.words.push_back(value);
  }
  Status s = table.NewGame(o.game);
  if (!s.ok()) {
    std::cerr << "error: " << OneLine(s.message()) << "\n";
    return 2;
  }
  StartServing(table, o);
  if (!o.script.empty()) return RunScript(table, o);
  return RunRepl(table);
}

// After parsing and the checks of the arguments: the subcommand given, or the REPL.
int Dispatch(Options& o, const Subcommands& sub, std::vector<std::string> extras) {
  if (*sub.bench)
    return RunBench(o.bench_games, o.bench_seed, o.bench_all, o.bench_table, o.bench_game);
  bool color = !o.no_color && isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR");
  if (*sub.tiles) {
    Table table(std::cout, std::cerr, nullptr, color);
    return table.Execute("tiles " + o.tiles_set) ? 0 : 1;
  }

  Result<std::unique_ptr<SessionLog>> log = sub.Review() ? OpenReviewLog(o.db) : OpenLog(o.db);
  if (!log.ok()) {
    std::cerr << "error: " << OneLine(log.status().message()) << "\n";
    return 2;
  }
  if (sub.Review()) return RunReview(**log, o, sub, color);
  if (*sub.importer) return ReviewExit(ImportFile(**log, o.import_file, std::cout));
  Table table(std::cout, std::cerr, log->get(), color);
  if (*sub.play) return RunPlay(table, o, *sub.play, std::move(extras));
  if (*sub.resume) {
    Status s = table.Resume(o.resume_id);
    if (!s.ok()) {
      std::cerr << "error: " << OneLine(s.message()) << "\n";
      return 2;
    }
  } else {
    std::cout << Welcome();
  }
  StartServing(table, o);
  return RunRepl(table);
}

}  // namespace

int RunMain(int argc, char** argv) {
  CLI::App app{"carcref — a referee and scoring assistant for Carcassonne played at a real table",
               "carcref"};
  app.set_version_flag("--version", "carcref 0.1.0");
  Options o;
  app.add_option(
         "--db", o.db,
         "the session log (SQLite); default " + DefaultDatabasePath() + "; :memory: keeps nothing")
      ->type_name("FILE");
  app.add_flag("--no-color", o.no_color, "no ANSI colours in the board");
  app.add_option("--serve", o.serve, kServeHelp);
  app.add_option("--lang", o.lang,
                 "the table's language: " + LanguagesWords() +
                     " (default: from LANGUAGE, LC_ALL, LC_MESSAGES, LANG; else en)")
      ->type_name("LANG");
  app.fallthrough();
  app.allow_extras();  // with fallthrough, play's extras reach the app: checked in Dispatch

  Subcommands sub;
  AddTableCommands(app, o, sub);
  AddReviewCommands(app, o, sub);
  AddToolCommands(app, o, sub);
  AddLookBackCommands(app, o, sub);
  AddCompletionCommand(app, sub);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help and version exit 0; any other command-line error is a setup error: 2.
    return app.exit(e) == 0 ? 0 : 2;
  }
  // The words only: the log, the hashes and the JSON are the same in every language.
  if (!o.lang.empty() && !SetLanguage(o.lang)) {
    std::cerr << "error: no language '" << o.lang << "'; carcref speaks " << LanguagesWords()
              << "\n";
    return 2;
  }
  if (o.lang.empty()) SetLanguage(LanguageFromEnvironment());
  std::vector<std::string> extras = app.remaining();
  if (!extras.empty() && !*sub.play) {
    std::cerr << "error: unexpected '" << extras[0] << "' (carcref --help lists the commands)\n";
    return 2;
  }
  if (!o.serve.empty() && sub.NotServed()) {
    std::cerr << "error: --serve goes with play, resume or the REPL (carcref --serve PORT)\n";
    return 2;
  }
  if (*sub.completion) {
    Result<std::string> script = CompletionScript(app, sub.shell);
    if (!script.ok()) {
      std::cerr << "error: " << script.status().message() << "\n";
      return 2;
    }
    std::cout << *script;
    return 0;
  }
  return Dispatch(o, sub, std::move(extras));
}

}  // namespace carcref
