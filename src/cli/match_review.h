// Looking back at a session of a game behind the GameRules interface: `replay` (the commands
// with their scoring lines, then the position), `show`'s standings of an unfinished session,
// and `export --svg/--chart`. One path for every such game: the session is rebuilt by
// RebuildMatch and drawn by the game's view (cli/game_views.h).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "cli/match_log.h"

namespace carcref {

// `carcref replay ID [--to N]` for such a session; exit status 0, or 2 with one line on err.
int RunMatchReplay(const SessionRecord& session, std::optional<std::int64_t> to, bool color,
                   std::ostream& out, std::ostream& err);

// The standings of an unfinished session, as `show` prints them.
Result<std::string> MatchStandings(const SessionRecord& session);

// The board after live command `to` (default: the last) as SVG, and the score chart.
Result<std::string> MatchSvg(const SessionRecord& session, std::optional<std::int64_t> to);
Result<std::string> MatchChartSvg(const SessionRecord& session);

}  // namespace carcref
