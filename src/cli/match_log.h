// A game behind the GameRules interface (carcref/rules.h) and its session log: what is
// logged when it starts (options, players, named tiles), what each accepted command logs (its
// scoring lines in the shape review reads, cli/archive.h), the result when it ends, and the
// rebuild of a logged session from its start plus its live commands, with the state hash
// checked after each. Resume, show, replay and export use this one path for every such game.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "carcref/rules.h"
#include "store/session_log.h"

namespace carcref {

// The 16-hex-digit form of a state hash, as the log stores it.
std::string HashHex(std::uint64_t hash);

// The session-tile record name of a named tile description (`tile save`) a session used.
std::string SavedTileRecord(const std::string& name);

// {"game":…, "players":[{"name","color"}], "options":{…}, and each option as a key of its own
// so that `show` lists it}.
std::string MatchOptionsJson(const Match& match);

// One EventRecord per scoring line: the line's own (ScoreLine::logged_kind, logged_json) where
// it has one, else kind, final, where, reason, tiles, points {NAME: n}.
std::vector<EventRecord> ScoreRecords(const Match& match, const Report& report);

// The result: {"status", "game", "players":[{"name","color","score","winner","breakdown"}],
// "errors"[, "state": the rules' own JSON]}.
std::string MatchResultJson(const Match& match, const std::string& status,
                            const std::vector<std::string>& errors, bool with_state);

// Rebuilds the session: its start from the log, then its live commands (at most `upto`),
// each checked against its logged hash. `each` sees every replayed command and its report.
// Anything that does not match is Status::Corrupt naming the command; a tile record of the
// session (a catalogue set, the Mists box, a saved description a command names) that the game
// cannot read is "session ID: its tile definitions in the log are damaged (RECORD, line N:
// what)". Text from the log in a message is Printable().
using MatchStep = std::function<void(const CommandRecord&, const Report&, const Match&)>;
Result<Match> RebuildMatch(const SessionRecord& session, std::optional<std::size_t> upto = {},
                           const MatchStep& each = {});

// Set up again before any command, only to read the session's tile records: Status::Corrupt
// "session ID: its tile definitions in the log are damaged (RECORD, line N: what)" when one
// cannot be read, else Ok (whatever else may be wrong with the session: RebuildMatch says it).
// For the commands that print a session without rebuilding it (show, export --json/--csv).
Status CheckTileRecords(const SessionRecord& session);

// Applies one logged command of `session` to `match` and checks the state against its logged
// hash: what it caused, or Status::Corrupt naming the command. RebuildMatch and review's
// stepping (cli/match_review.h) replay through it. `worded`: as Match::Apply, what it caused in
// the table's language.
Result<Report> ApplyLogged(const SessionRecord& session, const CommandRecord& command, Match& match,
                           Report* worded = nullptr);

// `text` with every control character (C0, DEL, C1) written \xNN: text from a log (a name,
// a damaged record) printed so that it never drives the terminal or breaks a line. Idempotent.
std::string Printable(const std::string& text);
// The same for a whole printout (`show`, `replay`) whose lines come from a log: line breaks
// stay, and with `keep_colours` so do the terminal's colour codes (ESC [ digits ; m) that
// carcref writes itself; a name can only repeat such a code, never move the cursor or clear.
std::string PrintableLines(const std::string& text, bool keep_colours);

// Every score line's points added up per player and per kind, in the order kinds first
// scored ("street", "market", …).
std::vector<std::vector<std::pair<std::string, int>>> Breakdowns(
    const Match& match, const std::vector<ScoreLine>& lines);

}  // namespace carcref
