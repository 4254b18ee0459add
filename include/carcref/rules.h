// Every game behind one interface (DESIGN.md "Game state and rules modules").
//
// A rules module is one game: it is made from its declared options, applies one command line
// at a time (all or nothing), says what it awaits with the legal answers, hashes its state and
// reports it as JSON. It never prints, logs or reads a file: the front end routes lines to it,
// prints its Reports, logs what it accepts and rebuilds a logged session from the same setup
// plus the accepted commands (Match below).
//
// Each game's module is a folder of its own under src/games/ (base/, gcc/, mists/,
// city/: its rules, state, commands and internal headers, and in view/ its pictures and words
// for the front end); adding a game means adding such a folder and its GameModule (definition
// and view) to the one list in src/games/registry.cpp (games/registry.h).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "carcref/game.h"
#include "carcref/geometry.h"
#include "carcref/status.h"

namespace carcref {

// An option a game declares, shared by `carcref play` and the REPL's `new`.
struct OptionSpec {
  std::string name;        // "--no-watchman-after-scoring"
  std::string value_name;  // empty for a flag, else what the value is ("N")
  std::string help;        // one line, citing the register entry it switches
  // Every value it takes, where they are few (offered by the shell completion); empty: the
  // value is free text, or (value_name "SET") a tile set of the data directory.
  std::vector<std::string> values = {};
};

// The options given: name -> value ("" for a flag).
using OptionValues = std::map<std::string, std::string>;

// A command of the game, for help, completion and "did you mean".
struct CommandSpec {
  std::string name;       // "wall"
  std::string usage;      // "wall X,Y SIDE [short] [watchman]"
  std::string help;       // one line
  bool question = false;  // read-only: answered by GameRules::Ask, never logged
  // A command only while the game awaits this step (Awaiting::step); at any other step it is a
  // question Ask answers (the Mists `score`: it scores at "score or calm", else it is status).
  std::string command_at = "";
  // A status question (`status`, the Mists `score` away from its step): typed bare, the table
  // follows the game's answer with what the game waits for (cli/words_table.h AwaitingLine).
  bool says_awaiting = false;
};

// A scoring, whatever the game, with the words that let anyone at the table check it.
struct ScoreLine {
  std::string what;            // "street", "market", "residential area", "watchman", "tower"
  std::string where;           // "street N–S at 1,0"
  std::string reason;          // "4 tiles × 2 = 8"
  bool final = false;          // end-of-game scoring
  int turn = 0;                // the turn that caused it
  std::vector<int> followers;  // per player, those that counted for the majority
  std::vector<int> winners;    // players who scored it
  std::vector<int> points;     // per player: the change to the total
  std::vector<Cell> cells;     // the tiles it covers
  int after_notes = -1;        // in a Report: printed after this many of its notes (-1: all)
  // How the table names the followers that counted, one and several: the base game names them
  // by the feature they stand on ("thief", "thieves"; A.2).
  std::string follower = "follower";
  std::string followers_word = "followers";
  bool show_cells = false;  // the table lists `cells` after the reason ("[-1,0 0,0 1,0]")
  // A team game's scoring (Mists): the colours whose meeples counted, worded "for green" after
  // the reason instead of naming followers; with `team` ("team") the points are the team's
  // shared score, worded once ("→ team +4") instead of per player.
  std::vector<std::string> colours = {};
  std::string team = "";
  std::string rule = "";  // the rule it follows, worded last: "(B.9.5)"
  // In a Report: what the log keeps of it, (kind, JSON), for a game whose review and export
  // read their own shape (the base game's EventJson); empty: made from the line
  // (cli/match_log.h ScoreRecords).
  std::string logged_kind = "";
  std::string logged_json = "";
};

// What the game waits for now.
struct Awaiting {
  std::string step;  // "tile", "follower", "gate", "wall", "tower", "over"
  int player = -1;   // whose answer; -1 for the whole table
  std::string who;   // with player -1: who answers, as the prompt says it ("team"); "" table
  // Who and what, without the answers: "Anna to place a wall piece (1 of 2)".
  std::string words;
  // The legal answers as commands ("pass", "wall 2,0 E", "tower 3,1 S"); for a tile, the
  // pattern "place DESCRIPTION X,Y". status --json, completion and the simulators read them.
  std::vector<std::string> answers;
  // How the table lists the answers where `answers` would not tell a player what each is
  // ("1 city N" for "meeple 1", typed as "1" or "meeple 1"); empty: `answers` themselves.
  std::vector<std::string> listed = {};
  // What the step needs to know besides, short phrases the table joins with " · " after the
  // answers: "Anna has 7 meeples left", "bank 12".
  std::vector<std::string> facts = {};
};

// How a game ended (GameRules::Ended, once Over()), as data the table words.
struct Ending {
  std::vector<int> winners;  // the players who won, in turn order (several: a shared win)
  // A team game ("team"): the team won or lost, and why ("the score reached 100"); `winners`
  // is then empty.
  std::string team;
  bool team_won = false;
  std::string cause;
};

// What one accepted command caused.
struct Report {
  std::vector<ScoreLine> scores;
  // Everything else worth saying, one line each: what was placed and how it was read, what
  // the rules did besides scoring. What comes next is not among them: the table words it from
  // Awaits(), and the end of the game from Ended() and Scores().
  std::vector<std::string> notes;
  bool game_over = false;
  // The command was an answer the rules had already taken (NOTATION.md): nothing changed,
  // and there is nothing to log or undo.
  bool redundant = false;
  // What the log keeps of this command when it is more than its scorings, (kind, JSON) each in
  // order (Mists: every event, the ghosts and the mist too); empty: the scorings, each as
  // its ScoreLine says (logged_kind, logged_json, else made from the line).
  std::vector<std::pair<std::string, std::string>> logged;
};

class GameRules {
 public:
  virtual ~GameRules() = default;

  virtual std::string_view game() const = 0;  // "city"
  // Applies one command line. On error nothing changed. An answer the rules had already
  // taken by themselves (NOTATION.md "Canonical commands") is accepted, changes nothing and
  // reports a note saying so.
  [[nodiscard]] virtual Result<Report> Apply(std::string_view line) = 0;
  virtual Awaiting Awaits() const = 0;
  virtual bool Over() const = 0;
  virtual std::uint64_t Hash() const = 0;       // deterministic, everything the rules read
  virtual std::vector<int> Scores() const = 0;  // per player, in turn order
  virtual std::string StateJson() const = 0;    // the whole state, one JSON object
  virtual std::unique_ptr<GameRules> Clone() const = 0;

  // The game's invariants (STYLE.md "State you can trust"): Ok, or the first one broken.
  // Match checks them after every command in debug builds, which the tests run.
  [[nodiscard]] virtual Status CheckInvariants() const { return Status::Ok(); }
  // Every scoring so far, in order (a player's score is the sum of their points in them).
  virtual std::vector<ScoreLine> History() const { return {}; }
  // A read-only question (`where`, `explain`, `remaining`): the answer as lines, or why not.
  // The game does not change.
  [[nodiscard]] virtual Result<std::vector<std::string>> Ask(std::string_view line) const {
    return Status::NotFound("this game answers no questions: '" + std::string(line) + "'");
  }
  // What the table says of the game besides the players and scores, when it starts, resumes
  // or is undone to: short phrases it joins with " · " ("71 tiles in the bag", "start tile D
  // at 0,0", "goal 100").
  virtual std::vector<std::string> Facts() const { return {}; }
  // How the game ended, once Over(): by default the players with the highest Scores().
  virtual Ending Ended() const;
  // `tile save NAME DESCRIPTION`: checks the description and lets later commands use NAME
  // for it. Returns the tile in words.
  [[nodiscard]] virtual Result<std::string> SaveTile(const std::string& name,
                                                     const std::string& description) {
    (void)name;
    (void)description;
    return Status::Illegal("this game has no tiles to describe");
  }
};

// What a game is made from.
struct GameStart {
  std::vector<PlayerSpec> players;           // in turn order
  OptionValues options;                      // only options the game declares
  std::map<std::string, std::string> saved;  // named tile descriptions (`tile save`)
  // The tile definitions the game is played with, by record name (catalogue sets, the Mists
  // box), as the front end read them and the log keeps them: a rebuild never reads a file.
  std::vector<std::pair<std::string, std::string>> box;
  // The edition of the game's rules a logged session was played by (read_logged_options):
  // 0, today's; an older one when a rule was settled since, so that an old log replays to the
  // states it logged.
  int rules_edition = 0;
};

struct GameDefinition {
  std::string name;   // "city", as typed after --game and logged with the session
  std::string title;  // "Carcassonne: The City"
  std::vector<OptionSpec> options;
  std::vector<CommandSpec> commands;
  std::function<Result<std::unique_ptr<GameRules>>(const GameStart&)> make;
  // The JSON shapes of a game whose logs and script results have a shape of their own (data
  // that external suites and old logs read, so kept byte for byte; each is given the game's own
  // rules). Empty: the generic shapes (cli/match_log.h).
  // The session's options as the log keeps them.
  std::function<std::string(const GameRules& rules)> logged_options;
  // Reads the players and options back from that JSON into a start whose box and saved tiles
  // hold the session's tile records.
  std::function<Status(const std::string& json, GameStart* start)> read_logged_options;
  // Reads one of the tile records `make` takes from GameStart::box (a catalogue set, the Mists
  // box) alone, as `make` reads it: Ok, or the parser's refusal, its message starting
  // "RECORD:LINE: " with RECORD the record's name. A rebuild whose `make` fails asks it which
  // of the log's records is damaged (cli/match_log.h). Empty: the game takes no such records.
  std::function<Status(const std::string& record, const std::string& text)> read_tile_record;
  // The result the log keeps when the game ends.
  std::function<std::string(const GameRules& rules)> logged_result;
  // The result for script mode (`carcref play --script --json`) and the standings.
  std::function<std::string(const GameRules& rules, const std::string& status,
                            const std::vector<std::string>& errors)>
      result_json;
  // For a game whose players are more than "NAME:COLOUR,…" (the co-op game's "Ben:blue/green"):
  // reads and completes them. Empty: one colour each.
  std::function<Result<std::vector<PlayerSpec>>(const std::string& text)> read_players;
  // A game that is another game with an expansion: `--with NAME` on the game named here is
  // this game (NAME being this game's name; `new base --with gcc` is `new gcc`). Empty: a game
  // of its own.
  std::string expands;
  // The step (Awaiting::step) that begins a player's turn: the table prints its one line after
  // a turn ("— Anna 12 · Ben 7 · 58 tiles left") before it, and leaves saying whose turn it is
  // to the prompt.
  std::string turn_step = "tile";
  // An option whose value has spaces and so comes in quotes on a REPL line: option -> what the
  // table says when the quotes are missing ("--start takes the four quarters in quotes: …").
  std::map<std::string, std::string> in_quotes;
};

// Every game carcref referees through this interface, in the order registered. The list is the
// front end's (src/games/registry.cpp, built into carcref_cli with the games' views): the
// engine itself never reads it. References stay valid when a game is registered later
// (RegisterGame, games/registry.h).
const std::deque<GameDefinition>& GameDefinitions();

// DESIGN.md "Scoring produces events": each player's score is the sum of their points in
// History(). Ok, or which player's does not add up.
[[nodiscard]] Status CheckScoresAreHistory(const GameRules& rules);
// The scorings as a JSON array, one object each with the keys of ScoreLine (what, where,
// reason, final, turn, followers, winners, points, cells as [x, y]): `status --json`'s "scores".
std::string ScoreLinesJson(const std::vector<ScoreLine>& lines);
// The registered game called `name`, or null (registry.cpp, as GameDefinitions).
const GameDefinition* FindGame(std::string_view name);

// Checks the options against the game's declaration: an unknown option, or one of another
// registered game, is refused by name, with how to play that game ("--level belongs to Mists
// over Carcassonne (--game mists), not to Carcassonne: The City"). (registry.cpp.)
[[nodiscard]] Status CheckOptions(const GameDefinition& game, const OptionValues& options);
// The registered games other than `game` that `option` belongs to, each with how to play it
// ("Mists over Carcassonne (--game mists)"), joined by "and"; "" if none. An expansion's own
// options are its; those it shares with the game it expands are that game's; --with belongs
// to the games that have expansions. (registry.cpp.)
std::string OptionOwners(const std::string& option, const std::string& game);
// The same against the game's declaration alone (an unknown option is refused with the game's
// own options): what Match::Start checks, knowing no other game.
[[nodiscard]] Status CheckDeclaredOptions(const GameDefinition& game, const OptionValues& options);
// The option `name` as `game` declares it, or null.
const OptionSpec* FindOption(const GameDefinition& game, const std::string& name);

// How many commands, in this process, broke a game's invariants (debug builds check them after
// every command, Match::Apply; release builds do not, and say 0). Tests and fuzz targets read
// it: the refusal's words can be imitated by what a user typed or a damaged log holds, this
// count cannot.
std::uint64_t InvariantBreaks();

// A game as its start plus the accepted commands. Undo drops the last command and rebuilds
// (DESIGN.md: cheap and always right): from the nearest snapshot, a clone of the rules taken
// after every kSnapshotEvery-th command, so an undo replays fewer than kSnapshotEvery
// commands whatever the length of the game. Only the latest kSnapshots snapshots are kept
// (memory stays bounded on a long game); an undo further back rebuilds from the start and
// takes the snapshots again on its way.
class Match {
 public:
  static constexpr std::size_t kSnapshotEvery = 16;
  static constexpr std::size_t kSnapshots = 8;

  static Result<Match> Start(const GameDefinition& game, GameStart start);

  // Applies one command line to the game. The game changes, and the report is worded, in
  // English whatever the table speaks (an EnglishWords scope): what the game keeps, the log
  // and the JSON are words-free of the language (DESIGN.md "Languages"). With `worded`, the
  // table's lines are given too: in the table's language from a copy of the game given the
  // same command first (so a refusal is in that language and the game is left as it was),
  // or the report itself when the table speaks English.
  [[nodiscard]] Result<Report> Apply(std::string_view line, Report* worded = nullptr);
  // Drops the last accepted command and returns it; NotFound when there is none.
  [[nodiscard]] Result<std::string> Undo();
  // `tile save`: the name joins the start (so a rebuild knows it) and the game.
  [[nodiscard]] Result<std::string> SaveTile(const std::string& name,
                                             const std::string& description);

  const GameRules& rules() const { return *current_; }
  const GameDefinition& definition() const { return *definition_; }
  const GameStart& start() const { return start_; }
  const std::vector<std::string>& commands() const { return commands_; }

  Match(const Match& other);
  Match& operator=(const Match& other);
  Match(Match&&) = default;
  Match& operator=(Match&&) = default;

 private:
  // The rules after the first `commands` commands; never changed once taken (SaveTile
  // replaces them), so copies of a Match share them.
  struct Snapshot {
    std::size_t commands = 0;
    std::shared_ptr<const GameRules> rules;
  };

  Match(const GameDefinition& game, GameStart start, std::unique_ptr<GameRules> initial);
  // Keeps a snapshot of `rules`, the state after `commands` commands, when that is one of the
  // counts snapshots are taken at; drops the oldest beyond kSnapshots.
  void MaybeSnapshot(std::size_t commands, const GameRules& rules);
  // The rules after the first `target` commands (at most commands_.size()), rebuilt from the
  // nearest snapshot at or before it, or from the start; drops the snapshots after `target`
  // and, on a rebuild from the start, takes the latest ones again on the way.
  Result<std::unique_ptr<GameRules>> Rebuild(std::size_t target);

  const GameDefinition* definition_;
  GameStart start_;
  std::unique_ptr<GameRules> initial_;
  std::unique_ptr<GameRules> current_;
  std::vector<std::string> commands_;
  std::vector<Snapshot> snapshots_;  // by number of commands, all at most commands_.size()
};

}  // namespace carcref
