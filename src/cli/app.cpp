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
#include "carcref/words.h"
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

// "base, winter or mists" (`all`: "base, winter and mists"): a help text's list of the
// registry's words.
std::string Alternatives(const std::vector<std::string>& words, bool all = false) {
  if (words.empty()) return "";
  std::string first;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) first += (i == 0 ? "" : ", ") + words[i];
  if (first.empty()) return words.back();
  // TRANSLATORS: the end of a list of names as typed: {1} "base, winter", {2} "mists".
  return Fill(all ? Tr("{1} and {2}") : Tr("{1} or {2}"), {first, words.back()});
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
    // TRANSLATORS: {1} why the log could not be opened (a file name and the reason).
    return Status::NotFound(
        Fill(Tr("{1} (nothing is logged there; check --db)"), {log.status().message()}));
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
  std::cerr << ErrorPrefix() << OneLine(s.message()) << "\n";
  return 2;
}

// The REPL's first words: every game it referees, from the registry (an added game shows
// without a word here), and how to see their options.
std::string Welcome() {
  std::string out = Tr("carcref — Carcassonne referee. Start a game with new GAME --players "
                       "\"Anna:red,Ben:blue\":") +
                    "\n";
  std::size_t width = 0;
  for (const GameDefinition& g : GameDefinitions()) width = std::max(width, g.name.size());
  for (const GameDefinition& g : GameDefinitions())
    out += "  new " + g.name + std::string(width - g.name.size() + 3, ' ') + Tr(g.title.c_str()) +
           (g.expands.empty()
                ? ""
                // TRANSLATORS: after a game's title: how to play it with the game it expands.
                : " " + Fill(Tr("(also: new {1} --with {2})"), {g.expands, g.name})) +
           "\n";
  return out + Tr("help new lists each game's options; or type resume, sessions, tiles, help.") +
         "\n";
}

// --serve: the live board page. A port in use or a bad address is one line; the game goes on.
void StartServing(Table& table, const Options& o) {
  if (o.serve.empty()) return;
  Status s = table.Serve(o.serve);
  if (!s.ok()) std::cerr << ErrorPrefix() << OneLine(s.message()) << "\n";
}

int RunScript(Table& table, const Options& o) {
  std::istream* in = &std::cin;
  std::ifstream file;
  std::string name = "stdin";
  if (o.script != "-") {
    file.open(o.script);
    if (!file) {
      std::cerr << ErrorPrefix() << Fill(Tr("cannot read script {1}"), {o.script}) << "\n";
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
      if (say_refused) std::cout << "  " << Fill(Tr("refused: {1}"), {table.last_error()}) << "\n";
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

constexpr const char* kServeHelp = TrNoop(
    "serve the live board page on [ADDR:]PORT (127.0.0.1 unless ADDR is given; 0: a free port)");

// --with and every option a game declares (carcref/rules.h), each once; read after parsing by
// the same code as the REPL's `new`, which refuses one given to the wrong game.
void AddGameOptions(CLI::App* play, Options& o) {
  for (const GameDefinition& g : GameDefinitions())
    if (!g.expands.empty() && !o.game_options.count("--with")) {
      // TRANSLATORS: --with's help: {1} the game it expands, {2} the expansion's name as
      // typed, {3} its title.
      play->add_option("--with", o.game_options["--with"],
                       Fill(Tr("{1}: an expansion, {2} ({3})"), {g.expands, g.name, g.title}))
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
      // The games' own words (their helpers mark them); the names stay as typed.
      std::string help = owners + ": " + Tr(spec.help.c_str());
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
  sub.play = app.add_subcommand("play", Tr("start a game: the REPL, or a script with --script"));
  CLI::App* play = sub.play;
  std::string games;
  for (const GameDefinition& g : GameDefinitions()) games += (games.empty() ? "" : ", ") + g.name;
  play->add_option("--game", o.game.game, Fill(Tr("the game: {1}"), {games}))
      ->default_val(GameDefinitions().front().name)
      ->type_name("GAME");
  play->add_option("--players", o.game.players, Tr("players in turn order: \"Anna:red,Ben:blue\""))
      ->required();
  AddGameOptions(play, o);
  play->add_option("--script", o.script, Tr("read commands from FILE (- for stdin), one per line"))
      ->type_name("FILE");
  play->add_flag("--echo", o.echo, Tr("with --script: print each command before its output"));
  play->add_flag("--json", o.json,
                 Tr("with --script: end stdout with the result as one JSON object"));
  play->add_option("--serve", o.serve, Tr(kServeHelp));
  play->allow_extras();  // refused by name below, as the REPL's `new` refuses them

  sub.resume = app.add_subcommand("resume", Tr("continue a logged session (latest unfinished)"));
  sub.resume->add_option("id", o.resume_id, Tr("session id (see carcref sessions)"));
  sub.resume->add_option("--serve", o.serve, Tr(kServeHelp));
}

// sessions, show, stats and import: the log as a whole.
void AddReviewCommands(CLI::App& app, Options& o, Subcommands& sub) {
  sub.sessions = app.add_subcommand(
      "sessions", Tr("list the logged sessions: date, game, players, result, length"));
  SessionFilter& sf = o.sessions_filter;
  sub.sessions->add_option("--player", sf.player, Tr("only the sessions NAME played in"));
  sub.sessions->add_option("--game", sf.game, Tr("only the sessions of game G"))->type_name("GAME");
  sub.sessions->add_option("--since", sf.since,
                           Tr("only those begun on or after YYYY-MM-DD (UTC)"));
  sub.sessions->add_option("--until", sf.until,
                           Tr("only those begun on or before YYYY-MM-DD (UTC)"));
  sub.show = app.add_subcommand("show",
                                Tr("a session: setup, scores by feature, winners, scoring events"));
  sub.show->add_option("id", o.show_id, Tr("session id (see carcref sessions)"))->required();
  sub.stats = app.add_subcommand("stats", Tr("statistics across the logged sessions"));
  sub.stats->add_option("--player", o.stats_filter.player,
                        Tr("only the games NAME played, NAME's numbers"));
  sub.stats->add_option("--game", o.stats_filter.game, Tr("only the games of G"))
      ->type_name("GAME");
  sub.importer = app.add_subcommand("import", Tr("merge another carcref log into this one"));
  sub.importer
      ->add_option("file", o.import_file,
                   Tr("the other log (read only; sessions already here are skipped)"))
      ->required()
      ->type_name("FILE");
}

// replay and export: one logged session at a chosen point.
void AddLookBackCommands(CLI::App& app, Options& o, Subcommands& sub) {
  sub.replay = app.add_subcommand(
      "replay", Tr("a logged session after command N: the commands, the board, the scores"));
  sub.replay->add_option("id", o.replay_id, Tr("session id (see carcref sessions)"))->required();
  sub.replay->add_option("--to", o.replay_to,
                         Tr("after live command N (0: the start; default: the last)"));
  sub.exporter = app.add_subcommand(
      "export", Tr("a session as SVG pictures, JSON or CSV; --all: the archive as JSON"));
  ExportOptions& eo = o.export_options;
  CLI::App* exporter = sub.exporter;
  exporter->add_option("id", eo.id, Tr("session id (see carcref sessions)"));
  exporter->add_flag("--all", eo.all, Tr("every session (with --json)"));
  exporter->add_option("--svg", eo.svg, Tr("the board after command N as an SVG picture"))
      ->type_name("FILE");
  exporter
      ->add_option("--chart", eo.chart, Tr("each player's score over the turns as an SVG chart"))
      ->type_name("FILE");
  exporter
      ->add_option("--json", eo.json,
                   Tr("the session (or with --all the archive) as JSON; - for stdout"))
      ->type_name("FILE");
  exporter->add_option("--csv", eo.csv, Tr("one row per scoring event; - for stdout"))
      ->type_name("FILE");
  exporter->add_option("--to", eo.to,
                       Tr("with --svg/--chart: after live command N (default: the last)"));
}

// tiles and bench: no log needed.
void AddToolCommands(CLI::App& app, Options& o, Subcommands& sub) {
  sub.tiles = app.add_subcommand("tiles", Tr("list a tile set with a small picture of each"));
  sub.tiles->add_option("set", o.tiles_set, Alternatives(TileSetNames()))
      ->default_val(DefaultTileSet())
      ->type_name("SET");
  sub.bench =
      app.add_subcommand("bench", Tr("play seeded random games; print speed and a signature"));
  sub.bench->add_option("--games", o.bench_games, Tr("number of games"))
      ->default_val(200)
      ->check(CLI::Range(1, 1000000));
  sub.bench->add_option("--seed", o.bench_seed, Tr("seed"))->default_val(1);
  sub.bench->add_flag("--all", o.bench_all,
                      // TRANSLATORS: {1} the games' names as typed ("gcc, mists and city").
                      Fill(Tr("also {1}, a line each"), {Alternatives(OtherBenchGames(), true)}));
  sub.bench
      ->add_option("--table", o.bench_table,
                   Tr("instead: CPU time per command of a real game at the table with its log, "
                      "and peak memory; the base game also on a board of N tiles"))
      ->check(CLI::Range(20, 100000));
  std::vector<std::string> benched;
  for (const GameDefinition& g : GameDefinitions()) benched.push_back(g.name);
  sub.bench
      ->add_option("--game", o.bench_game,
                   // TRANSLATORS: {1} the games' names as typed ("base, gcc or city").
                   Fill(Tr("with --table: the game ({1}; default {2})"),
                        {Alternatives(benched), benched.front()}))
      ->type_name("GAME")
      ->check(CLI::IsMember(benched));
}

// The shell completion scripts are written from the whole app, every command included.
void AddCompletionCommand(CLI::App& app, Subcommands& sub) {
  sub.completion = app.add_subcommand("completion", Tr("print the shell completion script"));
  sub.completion->add_option("shell", sub.shell, Alternatives(CompletionShells()))
      ->required()
      ->type_name("SHELL");
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
    std::cerr << ErrorPrefix() << Fill(Tr("cannot read script {1}"), {o.script}) << "\n";
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
    std::cerr << ErrorPrefix() << OneLine(s.message()) << "\n";
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
    std::cerr << ErrorPrefix() << OneLine(log.status().message()) << "\n";
    return 2;
  }
  if (sub.Review()) return RunReview(**log, o, sub, color);
  if (*sub.importer) return ReviewExit(ImportFile(**log, o.import_file, std::cout));
  Table table(std::cout, std::cerr, log->get(), color);
  if (*sub.play) return RunPlay(table, o, *sub.play, std::move(extras));
  if (*sub.resume) {
    Status s = table.Resume(o.resume_id);
    if (!s.ok()) {
      std::cerr << ErrorPrefix() << OneLine(s.message()) << "\n";
      return 2;
    }
  } else {
    std::cout << Welcome();
  }
  StartServing(table, o);
  return RunRepl(table);
}

// The language of the words, chosen before the command line is parsed: CLI11's descriptions
// (every --help) are worded when the app is built. --lang X or --lang=X anywhere (the last
// one given), else the environment's; a language carcref does not have is one line naming
// those it has, then English. The completion script is written once for every user (at build
// time): English unless --lang asks otherwise.
void ChooseLanguage(int argc, char** argv) {
  std::optional<std::string> asked;
  bool completion = false;
  bool command_seen = false;
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word == "--") break;
    if (word == "--lang" && i + 1 < argc) {
      asked = argv[++i];
    } else if (word.rfind("--lang=", 0) == 0) {
      asked = word.substr(7);
    } else if (!command_seen && (word == "--db" || word == "--serve") && i + 1 < argc) {
      ++i;  // the value of an option of carcref itself, not the subcommand
    } else if (!command_seen && word.rfind('-', 0) != 0) {
      command_seen = true;
      completion = word == "completion";
    }
  }
  if (!asked) {
    if (!completion) SetLanguage(LanguageFromEnvironment());
    return;
  }
  if (!SetLanguage(*asked))
    // TRANSLATORS: {1} what was given to --lang, {2} the languages: "en, cs, sk".
    std::cerr << Fill(Tr("no language '{1}'; carcref speaks {2}; going on in English"),
                      {*asked, LanguagesWords()})
              << "\n";
}

// CLI11's help with the option column counted in display columns, not bytes: a label in
// Czech ("POVINNÉ") keeps the descriptions aligned. The same as CLI11's otherwise.
class WidthFormatter : public CLI::Formatter {
 public:
  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    std::string name = "  " + make_option_name(opt, is_positional) + make_option_opts(opt);
    std::string description = make_option_desc(opt);
    std::size_t width = get_column_width();
    std::string out = PadRight(name, width);
    if (!description.empty()) {
      if (DisplayWidth(name) >= width) out += "\n" + std::string(width, ' ');
      for (char c : description) {
        out += c;
        if (c == '\n') out += std::string(width, ' ');
      }
    }
    return out + "\n";
  }
};

// CLI11's own words in the language chosen: its labels, the help flag's and the version's.
void WordCli(CLI::App& app) {
  auto f = std::make_shared<WidthFormatter>();
  app.formatter(f);
  for (const char* label :
       {TrNoop("Usage"), TrNoop("OPTIONS"), TrNoop("SUBCOMMAND"), TrNoop("SUBCOMMANDS"),
        TrNoop("REQUIRED"), TrNoop("Positionals"), TrNoop("TEXT"), TrNoop("INT"), TrNoop("UINT")})
    f->label(label, Tr(label));
  app.option_defaults()->group(Tr("Options"));
  app.set_help_flag("-h,--help", Tr("Print this help message and exit"));
  app.set_version_flag("--version", "carcref 0.1.0",
                       Tr("Display program version information and exit"));
}

}  // namespace

int RunMain(int argc, char** argv) {
  ChooseLanguage(argc, argv);
  CLI::App app{
      Tr("carcref — a referee and scoring assistant for Carcassonne played at a real table"),
      "carcref"};
  WordCli(app);
  Options o;
  // TRANSLATORS: {1} the log's default path.
  app.add_option("--db", o.db,
                 Fill(Tr("the session log (SQLite); default {1}; :memory: keeps nothing"),
                      {DefaultDatabasePath()}))
      ->type_name("FILE");
  app.add_flag("--no-color", o.no_color, Tr("no ANSI colours in the board"));
  app.add_option("--serve", o.serve, Tr(kServeHelp));
  // TRANSLATORS: {1} the languages: "en, cs, sk"; the variables' names stay.
  app.add_option("--lang", o.lang,
                 Fill(Tr("the table's language: {1} (default: from LANGUAGE, LC_ALL, "
                         "LC_MESSAGES, LANG; else en)"),
                      {LanguagesWords()}))
      ->type_name("LANG");
  app.fallthrough();
  app.allow_extras();  // with fallthrough, play's extras reach the app: checked in Dispatch

  Subcommands sub;
  AddTableCommands(app, o, sub);
  AddReviewCommands(app, o, sub);
  AddToolCommands(app, o, sub);
  AddLookBackCommands(app, o, sub);
  AddCompletionCommand(app, sub);
  // A subcommand's help flag is made before it takes the option group from carcref's.
  for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; })) {
    command->group(Tr("Subcommands"));
    if (CLI::Option* help = command->get_help_ptr()) help->group(Tr("Options"));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help and version exit 0; any other command-line error is a setup error: 2.
    return app.exit(e) == 0 ? 0 : 2;
  }
  // The words only (chosen above, ChooseLanguage): the log, the hashes and the JSON are the
  // same in every language.
  std::vector<std::string> extras = app.remaining();
  if (!extras.empty() && !*sub.play) {
    std::cerr << ErrorPrefix()
              << Fill(Tr("unexpected '{1}' (carcref --help lists the commands)"), {extras[0]})
              << "\n";
    return 2;
  }
  if (!o.serve.empty() && sub.NotServed()) {
    std::cerr << ErrorPrefix()
              << Tr("--serve goes with play, resume or the REPL (carcref --serve PORT)") << "\n";
    return 2;
  }
  if (*sub.completion) {
    Result<std::string> script = CompletionScript(app, sub.shell);
    if (!script.ok()) {
      std::cerr << ErrorPrefix() << script.status().message() << "\n";
      return 2;
    }
    std::cout << *script;
    return 0;
  }
  return Dispatch(o, sub, std::move(extras));
}

}  // namespace carcref
