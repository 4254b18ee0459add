// Reading the archive: what a logged session says about its game, read back from the text the
// log stores (the options JSON, the result JSON written when the game ends, the events JSON
// of each command). The store is rules-agnostic; this is where its text gets meaning, for
// `sessions`, `show` and `stats`.
//
// The keys read (any of them may be missing; a missing key is left at its default):
//   options: "players" [{"name", "color"}], "level" (co-op games), and every other scalar
//            key, shown as the session's options.
//   result:  "players" [{"name", "color", "score", "winner", "breakdown": {KEY: points}}]
//            (every breakdown key is kept, in order, so a new game's keys show up);
//            "outcome" ("won"/"lost"), "cause" and "at" (the command at which a co-op game
//            was decided), for a game whose registration says the table wins or loses
//            together (StatisticsCategories::team_outcome, cli/game_views.h).
//   events:  "kind", "final", "where", "reason", "tiles", "points" {NAME: points}.
// Text that is not JSON (a damaged or hand-edited row) never fails a read: the fact is
// marked unreadable and the raw text kept.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "store/session_log.h"

namespace carcref {

using Breakdown = std::vector<std::pair<std::string, int>>;  // in the stored order

struct PlayerResult {
  std::string name;
  std::string color;
  int score = 0;
  bool winner = false;
  Breakdown breakdown;
};

// A scoring event of a live command.
struct ScoredEvent {
  std::int64_t command = 0;  // 1-based among the session's live commands (replay's count)
  std::string command_text;
  std::string kind;    // "road", "city", "monastery", "field", … as stored
  bool final = false;  // end-of-game scoring
  std::string where;
  std::string reason;
  int tiles = 0;
  std::vector<std::pair<std::string, int>> points;  // per player, as stored
  // Per player, meeples on the feature (base and GCC events); those with the most score, even
  // 0 (the live game says "Anna +0"). Empty when not stored.
  std::vector<std::pair<std::string, int>> meeples;
  // GCC (C.5, C.9): per player, ghosts that paid, their penalty and the floor; empty otherwise.
  std::vector<std::pair<std::string, int>> ghosts, penalty, floor;
  std::string guard_to;  // GCC cemetery: who took a guard
  bool readable = true;  // false: `reason` holds the raw text
};

struct SessionFacts {
  std::int64_t id = 0;
  std::string uuid;
  std::string created_at;
  std::string date;  // YYYY-MM-DD (UTC) of created_at
  std::string game;
  int level = 0;                                             // options "level"; 0 when absent
  std::vector<std::pair<std::string, std::string>> options;  // other scalar options
  std::vector<std::pair<std::string, std::string>> players;  // name, colour
  std::string status;
  std::string origin;

  // From the result (finished sessions).
  bool result_readable = false;  // a JSON object was stored
  std::string raw_result;
  std::vector<PlayerResult> results;
  bool coop = false;  // the result has "outcome" and the game is played as a team
  std::string outcome;
  std::string cause;
  std::string at;

  std::int64_t commands = 0;       // all logged commands, undone ones included
  std::int64_t live_commands = 0;  // not undone
  std::int64_t tiles_placed = 0;   // live commands whose first word is "place"
  std::vector<ScoredEvent> events;
};

// Never fails; see the header comment for unreadable text.
SessionFacts ReadSession(const SessionRecord& record);

// The scoring events one command's records hold, read as ReadSession reads them (`command` and
// `command_text` left empty): for the events a rebuilt game words afresh (match_review.h
// WordedEvents).
std::vector<ScoredEvent> ReadEvents(const std::vector<EventRecord>& events);

// Summaries (SessionLog "Summaries"): what `sessions` and `stats` read of a session, kept in
// the log beside it so that they read one row per session instead of every command. A summary
// is text beginning with kSummaryPrefix (a summary of another shape is none), holding the
// facts ReadSession makes but for what the session's row holds itself (id, dates, game,
// status, result text) and with `events` cut down to the record candidates (RecordCandidates).
inline constexpr const char kSummaryPrefix[] = "carcref-summary 1\n";

// The scoring events `stats` can take a record from (the longest road, the biggest city): for
// each of the two kinds and each player who scored one, the first of the most tiles, in the
// order given. The records of the whole archive and of any one player are among them.
std::vector<ScoredEvent> RecordCandidates(const std::vector<ScoredEvent>& events);

// The summary of `facts` (ReadSession's), and the facts a listed session's summary and row
// give (equal to ReadSession's but for `events`, cut to RecordCandidates); nullopt when the
// session has no summary of this shape.
std::string SummaryText(const SessionFacts& facts);
std::optional<SessionFacts> FactsFromSummary(const SessionSummary& listed);

// The facts of every session for `sessions` and `stats`, oldest first: from its summary, or,
// for a session without one (a log written by an older carcref, reviewed read-only), read
// from the whole session; a damaged one of those is left out as LoadArchive leaves it out.
Result<std::vector<SessionFacts>> LoadFacts(const SessionLog& log,
                                            std::vector<std::string>* left_out = nullptr);

// Makes the summaries a log opened for writing lacks (it was written by an older carcref, or
// imported from one): a session at a time, each checked unchanged since it was read. A damaged
// session is left without one (its facts are read whole, and it is left out, on review).
Status FillSummaries(SessionLog& log);

// The summary of the session the table is logging, kept up to date command by command without
// reading the log again: what each command added (its tile, its events), so that an undo takes
// it off.
class SummaryKeeper {
 public:
  explicit SummaryKeeper(const SessionRecord& session);  // its commands included

  // A command logged, with the status change logged with it.
  void Append(const std::string& text, const std::vector<EventRecord>& events,
              const std::optional<SessionStatusChange>& status);
  // The last live command marked undone (it still counts among the logged ones), with the
  // status change logged with the undo.
  void Undo(const std::optional<SessionStatusChange>& status);
  // Takes back the last Append, which the log refused.
  void Forget(const SessionStatusChange& previous);

  SessionStatusChange status() const { return {head_.status, head_.result}; }
  std::string Text() const { return SummaryText(facts_); }

 private:
  void SetStatus(const SessionStatusChange& change);

  SessionRecord head_;        // the session's row, without its commands
  SessionFacts facts_;        // events: those of the live commands that may be records
  std::vector<bool> placed_;  // per live command: whether it placed a tile
};

// The "players" of a result in GameJson's form (also what `show` reads the standings of an
// unfinished game from); empty when the text is not such JSON.
std::vector<PlayerResult> ReadPlayerResults(const std::string& result_json);

// The winners by the stored "winner" flags; when no player has one, the highest scores.
std::vector<std::string> Winners(const SessionFacts& facts);

// Names compare without regard to case ("anna" finds Anna).
bool SameName(const std::string& a, const std::string& b);

// True when the session's players (options, else the players text, else the result) include
// `name`.
bool HasPlayer(const SessionFacts& facts, const std::string& name);

}  // namespace carcref
