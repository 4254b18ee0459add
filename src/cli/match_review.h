// Looking back at a logged session, one path for every game (DESIGN.md "Reviewing past
// sessions"): the session is rebuilt by RebuildMatch/ApplyLogged (cli/match_log.h), every
// logged state hash checked, and stepped forwards and backwards by a SessionReview. `carcref
// replay`, the REPL's replay mode, `show`'s standings of an unfinished session and `export
// --svg/--chart` all read it here; what a game says or draws of a position is its view's
// (GameView::review, cli/game_views.h), and a game without words of its own gets the generic ones
// made from the GameRules interface. Nothing here writes to the log.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/archive.h"
#include "cli/match_log.h"
#include "cli/render.h"

namespace carcref {

// A position in a logged session: after live command `position()` (0: the start). Live
// commands are the ones not undone, numbered 1 … size() in log order; undone commands are
// skipped as resume skips them.
class SessionReview {
 public:
  // The session rebuilt at its start; Status::Corrupt when it cannot be set up again.
  static Result<SessionReview> Open(SessionRecord session);

  // Moves to just after live command n (forwards from here, backwards from the start). n
  // beyond the last is Status::NotFound ("session 3 has 14 commands: choose 0 to 14"); a
  // command refused on replay or a state that differs from the logged hash is Status::Corrupt
  // naming the command, and the review stays where it was.
  Status Goto(std::size_t n);

  std::size_t size() const { return live_.size(); }
  std::size_t position() const { return position_; }
  std::size_t undone() const { return session_.commands.size() - live_.size(); }
  const SessionRecord& session() const { return session_; }
  const Match& match() const { return *at_; }
  const GameRules& rules() const { return at_->rules(); }
  // Live command n, 1 ≤ n ≤ size().
  const CommandRecord& command(std::size_t n) const { return session_.commands[live_[n - 1]]; }
  // About the command at the position (nothing at 0): who was awaited for it (-1: the table)
  // and what it caused.
  int mover() const { return mover_; }
  const Report& report() const { return report_; }

 private:
  SessionReview(SessionRecord session, Match start);
  SessionRecord session_;
  std::vector<std::size_t> live_;  // indices into session_.commands
  std::optional<Match> start_;
  std::optional<Match> at_;
  std::size_t position_ = 0;
  int mover_ = -1;
  Report report_;
};

// `carcref replay ID [--to N]`: the commands up to N with what each caused, then the position
// after N (default: the last). Errors (no such session, N out of range, a log that does not
// replay) are one line on `err` and exit status 2, with nothing on `out`.
int RunReplay(const SessionLog& log, std::int64_t id, std::optional<std::int64_t> to, bool color,
              std::ostream& out, std::ostream& err);

// The scoring events of the session's live commands 1 … `upto` (default: all), worded afresh
// in the table's language: the session rebuilt and each command's report worded as the table
// words it (Match::Apply's `worded`), for `show` and `stats`, since the log keeps its words in
// English (DESIGN.md "Languages"). Element k-1 holds live command k's events, in the order the
// log keeps them, `command` and `command_text` filled. A session that does not rebuild is its
// Status (the caller falls back on the log's words).
Result<std::vector<std::vector<ScoredEvent>>> WordedEvents(const SessionRecord& session,
                                                           std::optional<std::size_t> upto = {});

// The result of a finished session as its game words it in the table's language (the log
// keeps it in English): the command that ended the game given again to a copy of the game
// before it, and the copy's result (GameDefinition::logged_result). For the co-op game's cause
// in `show`. Status when it does not rebuild or the game keeps no result of its own.
Result<std::string> WordedResult(const SessionRecord& session);

// `show` of an unfinished session: what follows "standings after N commands (STATUS):".
Result<std::string> ReviewStandings(const SessionRecord& session);

// `export --svg` (the board after live command `to`, default the last) and `--chart`: each
// made when its pointer is not null.
Status ReviewPictures(const SessionRecord& session, std::optional<std::int64_t> to,
                      std::string* svg, std::string* chart);

// The REPL's replay mode on a review (cli/table_replay.cpp). Each returns what to print.
// The replay's header, one shape for every game: the session, the game's title, the options it
// was started with, the players (words_table.h PlayersWords), the session's status and its live
// commands: "session 3 · Mists over Carcassonne · level 3 · Anna (red/green), Ben (blue/yellow)
// · finished · 37 commands (1 undone, not replayed)". No newline.
std::string ReplayHeaderLine(const SessionReview& review);
std::string ReplayOpening(const SessionReview& review);  // replay mode starts, at the position
std::string ReplayStep(const SessionReview& review);     // after next, prev, goto
// `board` (window null: the whole board) or `board X,Y R` (render.h BoardView).
Result<std::string> ReplayBoard(const SessionReview& review, bool color,
                                const BoardView* window = nullptr);
std::string ReplayStatus(const SessionReview& review, const std::vector<std::string>& args);
// A question the game answers about the replayed position (`explain`, `ghosts`), or nullopt
// when `name` is none.
std::optional<Result<std::string>> ReplayQuestion(const SessionReview& review,
                                                  const std::string& name,
                                                  const std::vector<std::string>& args);

}  // namespace carcref
