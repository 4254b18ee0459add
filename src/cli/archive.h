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
//            was decided). A result with "outcome" is a co-op game's.
//   events:  "kind", "final", "where", "reason", "tiles", "points" {NAME: points}.
// Text that is not JSON (a damaged or hand-edited row) never fails a read: the fact is
// marked unreadable and the raw text kept.
#pragma once

#include <cstdint>
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
  bool coop = false;  // the result has "outcome"
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
