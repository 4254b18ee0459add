// Looking back at the log: `sessions` (the list, filtered), `show` (one session: setup,
// scores with their breakdown, winners, every scoring event with the command that caused
// it), `stats` (see stats.h) and `import` (another machine's log merged into this one).
// The same functions serve the subcommands (app.cpp) and the REPL/script commands
// (table.cpp). Each writes its text to `out` and returns the reason when it cannot; the
// caller prints that as one line.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "carcref/status.h"
#include "cli/archive.h"
#include "cli/stats.h"
#include "store/session_log.h"

namespace carcref {

struct SessionFilter {
  std::string player;  // case-insensitive; empty: anybody
  std::string game;    // case-insensitive; empty: any
  std::string since;   // YYYY-MM-DD (UTC), inclusive; empty: no bound
  std::string until;   // YYYY-MM-DD (UTC), inclusive; empty: no bound
};

// Syntax when a date is not a calendar date written YYYY-MM-DD, e.g.
//   "--since wants a date YYYY-MM-DD, not '2024-13-01'"
Status CheckFilter(const SessionFilter& filter);
bool Matches(const SessionFacts& facts, const SessionFilter& filter);

// Every session of the log, loaded in full, oldest first. A session the log holds damaged
// (Status::Corrupt, e.g. an event without its command) is left out and, with `left_out`,
// named there in one line each ("session 7 left out: …"), so one bad session does not hide
// the others.
Result<std::vector<SessionRecord>> LoadArchive(const SessionLog& log,
                                               std::vector<std::string>* left_out = nullptr);

// One line per session (id, date, game and level, players, result, commands, tiles), or a
// line saying there is none.
std::string FormatSessionList(const std::vector<SessionFacts>& sessions);
// The result column: "Ben 4 · Anna 2" (highest first; tied winners joined by " = "),
// "won", "lost (cause)", "in progress", "abandoned".
std::string ResultSummary(const SessionFacts& facts);

// The players' totals with one column per breakdown key (every key any player has, in the
// order first seen), in the stored order of players.
std::string ScoreTable(const std::vector<PlayerResult>& results);

// A session's status as the log keeps it ("active", "finished", "abandoned"), in the table's
// words; another is printed as it is.
std::string StatusWord(const std::string& status);

// A final score's breakdown key as the log keeps it ("roads"), in the table's words; a key
// carcref has no words for is worded as a scoring's kind (words_table.h WhatWords), else as it is.
std::string BreakdownWord(const std::string& key);

// The summary of one session. An unfinished one is replayed for its current standings
// (Corrupt when the replay does not match the log).
Result<std::string> FormatShow(const SessionRecord& record);

Status PrintSessions(const SessionLog& log, const SessionFilter& filter, std::ostream& out);
Status PrintShow(const SessionLog& log, std::int64_t id, std::ostream& out);
Status PrintStats(const SessionLog& log, const StatsFilter& filter, std::ostream& out);

// Imports the log at `file` (opened read-only, never changed) into `log` and prints
// "imported N sessions, skipped M already present".
Status ImportFile(SessionLog& log, const std::string& file, std::ostream& out);

// The REPL/script forms: "sessions [--player NAME] [--game G] [--since D] [--until D]",
// "show ID", "stats [--player NAME] [--game G]". `line` is the whole line; quotes group
// words (--player "Anna Maria").
Status RunReviewLine(const SessionLog& log, const std::string& line, std::ostream& out);

}  // namespace carcref
