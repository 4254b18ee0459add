// The table: one game in progress, its log, and the command table that the REPL and script
// mode share (STYLE.md: commands come from one table; handlers parse and call one verb).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carcref/rules.h"
#include "cli/archive.h"
#include "cli/data_files.h"
#include "store/session_log.h"

namespace carcref {

class SessionReview;  // cli/match_review.h
class LivePage;       // cli/live_page.h

struct NewGameOptions {
  std::string game;     // GameDefinition::name; empty: the first game (base)
  std::string players;  // "Anna:red,Ben:blue"
  // Every other option as given, the way `carcref play` and the REPL's `new` read them
  // ("--level", "3", "--no-farmers", "--with", "gcc"): a game's declared options, and --with
  // for a game that has expansions (GameDefinition::expands).
  std::vector<std::string> words;
};

// Parses "Anna:red,Ben:blue" (a missing colour gets the next free one).
Result<std::vector<PlayerSpec>> ParsePlayers(const std::string& text);

// Reads the options of `game` (as NewGameOptions::words) into `out`, as the game declares them
// (carcref/rules.h). An unknown option, or one of another game, is refused with one line, the
// same for `carcref play` and the REPL's `new`. --with is not read here (NewGame reads it).
Status ReadGameOptions(const std::string& game, const std::vector<std::string>& words,
                       OptionValues* out);

// What NewGameOptions start: the game (`--with gcc` on base is gcc, as the expansion declares)
// and its options, read by ReadGameOptions; or the one line saying what is wrong.
struct ChosenGame {
  const GameDefinition* game = nullptr;
  OptionValues options;
};
Result<ChosenGame> ChooseGame(const NewGameOptions& options);

// Tab completion after `new` (`typed`: the words so far, `new` first): the registered games;
// after `new GAME`, what its line takes (--players, --with where ChooseGame reads it, its
// declared options); after `--with`, the games that expand it; after an option that takes a
// value, the values the game lists for it (none: free text).
std::vector<std::string> NewGameWords(const std::vector<std::string>& typed);

class Table {
 public:
  // `log` may be null (no logging). `color` turns on ANSI colours in the board.
  Table(std::ostream& out, std::ostream& err, SessionLog* log, bool color);

  // Starts a new game and logs its session.
  Status NewGame(const NewGameOptions& options);
  // Continues a logged session (the latest unfinished one when id is empty), replaying its
  // commands and checking the state hash after each.
  Status Resume(std::optional<std::int64_t> id);

  // One line of input (REPL or script): a comment, a table command or a game command.
  // Returns false when the command was refused (the game and the log are unchanged).
  // While the live board page is served, it is brought up to date afterwards.
  bool Execute(const std::string& line);

  // The live board page (cli/live_page.h, table_live.cpp): serve it on "[ADDR:]PORT"
  // (`carcref play --serve`, the REPL's `serve`); prints its URL.
  Status Serve(const std::string& address);

  std::string Prompt() const;
  // Script mode puts "FILE:LINE: " before each error.
  void set_error_prefix(std::string prefix) { error_prefix_ = std::move(prefix); }
  // `serve` and --serve are refused from then on (the fuzz targets: no sockets from fuzzed
  // input).
  void forbid_live_page() { live_page_allowed_ = false; }
  // After each command that ends a turn, print the line TurnStatus words ("— Anna 12 · Ben 7 ·
  // 58 tiles left") after what the command reported: the interactive REPL and a script with
  // --echo (a transcript reads as the table did). Off: scripts and piped input as before.
  void set_turn_lines(bool on) { turn_lines_ = on; }
  const std::string& last_error() const { return last_error_; }
  bool quit_requested() const { return quit_; }
  bool has_game() const { return match_.has_value(); }
  // The result as one JSON object (script mode's --json), for either kind of game.
  std::string ResultJson(const std::string& status, const std::vector<std::string>& errors) const;
  bool game_over() const;
  std::int64_t session_id() const { return session_id_; }
  // The game open, or null.
  const GameRules* rules() const { return match_ ? &match_->rules() : nullptr; }
  // Words for tab completion of the word after `before` (the line up to it). First word:
  // the command names. After a game's command: what may come next there, from the legal
  // answers the game awaits (Awaits()) and its view (after `meeple` the features of the tile
  // just placed, after `place TILE X,Y` the rotations that fit …; after a complete answer only
  // what may follow it, maybe nothing); else every word the game knows (tile ids, features).
  std::vector<std::string> CompletionWords(const std::string& before = "") const;

  // Where the open game stands, to tell after a line whether it ended a turn.
  struct TurnMark {
    bool game = false;
    std::int64_t session = 0;
    std::size_t commands = 0;
  };
  TurnMark Mark() const;
  // The one line printed after a line that ended a turn (the game took a command since
  // `before` and now awaits a tile; not at the game's end, which says the final scores;
  // set_turn_lines): the scores and the tiles left,
  // then what else the game counts, in one shape for every game ("Anna 12 · Ben 7 · 58 tiles
  // left"; Mists: "team 12 · 59 tiles left · pile 1: 19 · bank 9"; City: "Anna 3 · Ben 0 · 40
  // tiles left · stack 2: 10"). Empty otherwise.
  std::string TurnStatus(const TurnMark& before) const;

  struct Command {
    std::string name;
    std::string usage;
    std::string help;
    std::function<bool(Table&, const std::vector<std::string>& args, const std::string& line)> run;
  };
  static const std::vector<Command>& Commands();
  bool RefuseFromOutside(const Status& s) { return Refuse(s); }

 private:
  bool Refuse(const Status& s);

  // A game behind the GameRules interface (table_match.cpp).
  Status NewMatch(const GameDefinition& game, const std::string& players_text,
                  const OptionValues& options);
  Status ResumeMatch(const SessionRecord& session);
  // The game's answer to a line, or nullopt when the line is a table command (new, quit …).
  std::optional<bool> MatchIntercept(const std::string& name, const std::vector<std::string>& words,
                                     const std::string& line);
  bool RunMatchCommand(const std::string& line);
  void PrintReport(const Report& report);
  bool MatchStatus(const std::vector<std::string>& words);
  bool MatchUndo();
  bool MatchHelp(const std::vector<std::string>& words);
  std::string MatchPrompt() const;
  // `complete`: the typed words are a complete answer, and the words returned are all that may
  // follow it (GameView::after_answer), none included.
  std::vector<std::string> MatchContextWords(const std::vector<std::string>& typed,
                                             bool* complete) const;
  bool replaying() const { return review_ != nullptr; }
  std::string AfterTurnWords() const;  // TurnStatus's words, whether or not a turn ended

  // Handlers.
  bool Help(const std::vector<std::string>& args);
  // `lang [en|cs|sk]`: the language of the table's words from now on (i18n.h), or the one in
  // use; a language carcref does not have is refused with those it has, nothing changed.
  bool Lang(const std::vector<std::string>& args);
  bool New(const std::string& line);
  bool Tiles(const std::vector<std::string>& args);
  bool Review(const std::string& line);  // sessions, show, stats (cli/review.h)
  bool ResumeCommand(const std::vector<std::string>& args);
  bool ServeCommand(const std::vector<std::string>& args);
  bool ExecuteLine(const std::string& line);

  // Replay mode (table_replay.cpp): replay, next, prev, goto, stop; while replaying,
  // ReplayIntercept answers board, status and the game's questions about the replayed position
  // and refuses what would act on the open game.
  bool ReplayCommand(const std::vector<std::string>& args);
  std::optional<bool> ReplayIntercept(const std::string& name,
                                      const std::vector<std::string>& args);
  std::string ReplayPrompt() const;

  std::ostream& out_;
  std::ostream& err_;
  SessionLog* log_;
  bool color_;
  bool quit_ = false;
  bool turn_lines_ = false;
  std::string error_prefix_;
  std::string last_error_;
  std::string current_line_;  // the line being executed, for the caret under a syntax error
  std::int64_t session_id_ = 0;
  // The summary of the session being logged, written with each of its commands (cli/archive.h);
  // none after a write the log refused midway: the session is then logged without one.
  std::optional<SummaryKeeper> summary_;
  std::optional<Match> match_;             // set while a game is open
  std::shared_ptr<SessionReview> review_;  // set while replaying a logged session, any game
  // The live board page, while served (table_live.cpp): the page's last commands (newest
  // first) and what the page was last given, so that a question changes nothing there.
  std::shared_ptr<LivePage> live_;
  bool live_page_allowed_ = true;
  struct LiveEntry {
    std::string command;
    std::vector<std::string> lines;
  };
  std::vector<LiveEntry> live_recent_;
  // The last scorings as the table worded them (the game's History() keeps its words in
  // English), each with the number of commands after the one that caused it: the page's last
  // scorings in the table's language.
  std::vector<std::pair<std::size_t, ScoreLine>> live_worded_;
  std::string live_key_;
  void NoteLive(const std::string& command, const std::string& text);
  // After an accepted command: its scorings in the table's words (`worded`) beside the log's.
  void NoteLiveScorings(const Report& report, const Report& worded);
  // After a resume at a table that does not speak English: the last scorings of `session`,
  // worded afresh from its game rebuilt command by command (the log keeps them in English), so
  // the live page lists them in the table's language.
  void WordLiveScorings(const SessionRecord& session);
  void PublishLive(bool starting = false);  // `starting`: before the server is up
};

}  // namespace carcref
