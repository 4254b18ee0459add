// Looking back at a logged session (DESIGN.md "Reviewing past sessions"): the game rebuilt
// after any of its live commands, stepped forwards and backwards, with what each command
// scored. Used by `carcref replay`, the REPL's replay mode and `carcref export`. Nothing here
// writes to the log: a session is loaded once and replayed in memory.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "carcref/referee.h"
#include "store/session_log.h"

namespace carcref {

// A position in a logged session: after live command `position()` (0: the start tile only).
// Live commands are the ones not undone, numbered 1 … size() in log order; undone commands
// are skipped as resume skips them.
class ReplayCursor {
 public:
  // The session's setup rebuilt from its stored options and tile definitions, at position 0.
  // A session whose setup cannot be rebuilt is Status::Corrupt.
  static Result<ReplayCursor> Open(SessionRecord session);

  // Moves to just after live command n, replaying from the start when going back. n beyond
  // the last command is Status::NotFound ("session 3 has 14 commands: choose 0 to 14"); a
  // command refused on replay or a state hash that differs from the logged one is
  // Status::Corrupt naming the command, and the cursor stays where it was.
  Status Goto(std::size_t n);

  std::size_t size() const { return live_.size(); }
  std::size_t position() const { return position_; }
  const SessionRecord& session() const { return session_; }
  const Game& game() const { return referee_->game(); }
  // Live command n, 1 ≤ n ≤ size().
  const CommandRecord& command(std::size_t n) const { return session_.commands[live_[n - 1]]; }
  std::size_t undone() const { return session_.commands.size() - live_.size(); }

  // About the command at the position (nothing at 0): who played it and what it scored.
  int mover() const { return mover_; }
  const Outcome& outcome() const { return outcome_; }

 private:
  ReplayCursor(SessionRecord session, GameSetup setup, Referee start);
  // Applies live command position_+1 to `r`, checking its logged hash.
  Status Apply(Referee& r, std::size_t n, Outcome* outcome, int* mover) const;

  SessionRecord session_;
  GameSetup setup_;
  SavedTiles saved_;               // GCC: the named descriptions the session used
  std::vector<std::size_t> live_;  // indices into session_.commands
  std::optional<Referee> referee_;
  std::size_t position_ = 0;
  int mover_ = -1;
  Outcome outcome_;
};

// "session 3 · base game · Anna (red), Ben (blue) · finished · 14 commands (1 undone)".
std::string FormatReplayHeader(const ReplayCursor& cursor);

// "scores: Anna 12 · Ben 9".
std::string FormatScoreLine(const Game& game);

// The command at the cursor and what it scored:
//   "command 3 of 14 · Ben: place E 0,1 180 meeple city S"
//   "  city closed (city S at 0,1): … → Ben +4 (Ben 1 knight)"
// or "at the start (0 of 14): the start tile only" at position 0.
std::string FormatReplayStep(const ReplayCursor& cursor, const std::string& indent = "  ");

// `carcref replay ID [--to N]`: the commands up to N with what each scored, then the board
// and the scores after command N (default: the last). Errors (no such session, N out of
// range, a log that does not replay) are one line on `err` and exit status 2.
int RunReplay(const SessionLog& log, std::int64_t id, std::optional<std::int64_t> to, bool color,
              std::ostream& out, std::ostream& err);

}  // namespace carcref
