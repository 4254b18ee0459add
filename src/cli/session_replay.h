// Rebuilding a game from its log: the setup from the stored options and tile definitions
// (never from today's catalogue files), then the live commands replayed with the state hash
// checked after each. Used by resume, and by anything that looks back at a session.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "carcref/base_rules.h"
#include "carcref/referee.h"
#include "cli/data_files.h"
#include "store/session_log.h"

namespace carcref {

// The 16-hex-digit form of a state hash, as the log stores it.
std::string HashHex(std::uint64_t hash);

// The setup a logged session was started with; `sources` receives its catalogue definitions,
// `saved` the named tile descriptions a GCC session used (records "saved:NAME"; the Mists box
// is the record kMistsBoxRecord).
Result<GameSetup> SetupFromLog(const SessionRecord& session, std::vector<CatalogSource>* sources,
                               SavedTiles* saved = nullptr);

// The session-tile record name of a saved description in a GCC session.
std::string SavedTileRecord(const std::string& name);

// Replays the session's live (not undone) commands, at most `upto` of them, checking each
// logged state hash. `each` sees every replayed command with its outcome. A command refused
// on replay or a hash that differs is Status::Corrupt naming the command.
using ReplayStep =
    std::function<void(const CommandRecord& command, const Outcome& outcome, const Referee&)>;
Result<Referee> ReplayLog(const SessionRecord& session, std::optional<std::size_t> upto = {},
                          const ReplayStep& each = {});

}  // namespace carcref
