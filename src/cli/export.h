// `carcref export`: a session (or the whole archive) out of the log as data or pictures.
//
//   --json FILE|-   the session: setup, players, every command (seq, text, undone, hash) with
//                   its events; with --all, every session of the log
//   --csv FILE|-    one row per scoring event of a live command, a points column per player
//   --svg FILE      the board after command N (svg.h), default the last
//   --chart FILE    each player's score over the turns up to command N
//
// Reading only: the log is loaded, never written. Every output is made in memory first and
// then written through a temporary file renamed into place, so a refused export (no such
// session, N out of range, a file that cannot be written, a log that does not replay, a
// session whose tile definitions in the log are damaged (CheckTileRecords), with --all too)
// writes nothing, not even the outputs that would have worked. A target that is not a file
// (a pipe, /dev/null) is written as it is, after the files: never replaced by one. `--all` is
// streamed instead: each session is loaded and written to a temporary file (an anonymous one
// for "-" or a target that is not a file, copied out at the end) before the next is read, so
// memory holds one session whatever the size of the archive; a refusal still writes nothing.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carcref/status.h"
#include "store/session_log.h"

namespace carcref {

struct ExportOptions {
  std::optional<std::int64_t> id;
  bool all = false;
  std::optional<std::int64_t> to;  // live command N for --svg and --chart
  std::string svg;                 // file; empty: not asked
  std::string chart;               // file
  std::string json;                // file or "-" for standard output
  std::string csv;                 // file or "-"
};

// The session as one JSON object:
//   {"format": "carcref-session", "version": 1, "session": ID, "uuid", "created_at",
//    "updated_at", "game", "status", "setup": {the stored options}, "tiles": [set names],
//    "players": [{"name", "color", "score"}], "result": {the stored result} or null,
//    "commands": [{"seq", "number" (1… among live commands, null when undone), "text",
//                  "undone", "hash", "created_at", "events": [{the stored event}]}]}
// A player's score is the sum of the points of the events of live commands. Stored text that
// is not JSON is kept as a string under "raw" instead of failing the export.
std::string SessionJson(const SessionRecord& session);

// {"format": "carcref-archive", "version": 1, "sessions": [SessionJson …]}.
std::string ArchiveJson(const std::vector<SessionRecord>& sessions);

// Header "session,seq,command,kind,final,where,reason,value,points NAME…" then one row per
// event of a live command (RFC 4180 quoting; final is 0 or 1).
std::string ScoringCsv(const SessionRecord& session);

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string CsvField(std::string_view text);

// Checks the options, makes every output, then writes them; a refusal is one line on `err`
// and exit status 2. Outputs to "-" go to `out`.
int RunExport(const SessionLog& log, const ExportOptions& options, std::ostream& out,
              std::ostream& err);

}  // namespace carcref
