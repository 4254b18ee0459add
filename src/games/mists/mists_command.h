// The cooperative game's command language and what the front end shares with it: tile tokens,
// the start tile's quarters and the Mists box record. The commands extend NOTATION.md's
// canonical ones (which keep working):
//
//   place DESCRIPTION|NAME X,Y          the tile as it lies (short form, long form or a saved
//                                       name); "at" may stand before the cell
//   discard DESCRIPTION|NAME            it fits nowhere (EDGE-03)
//   meeple road|city SIDE [COLOUR]      meeple castle [COLOUR]   meeple N [COLOUR]   pass
//   bury X,Y [road|city SIDE | castle]  the meeple standing there (B.10.3)
//   bury COLOUR                         one from the supply, when none stands on the board
//   cemetery X,Y                        the open cemetery that takes the extra ghost (B.7.5)
//   haunt X,Y HALF|road SIDE            L5–6: the mist area of the neighbour at X,Y that takes
//                                       the haunted cemetery's ghost, where it has several
//                                       (EDGE-08); HALF is a half-edge NL…WR of that area
//   score [N]                           the finished feature N (default 1) takes its points
//   calm [N] X,Y [WHERE COUNT]…         …or calms up to 3 ghosts from the tile at X,Y; WHERE
//                                       is a half-edge of a mist area (NL…WR), a road side
//                                       (road E), or `cemetery` (AMB-27)
//   hound X,Y [road|city SIDE | castle] the meeple the hound joins (B.11.3)
//   calm X,Y [WHERE COUNT]… | done      what the hound calms, up to 2 tiles
//   facedown X,Y                        where the face-down tile goes (B.12.4)
//   end                                 only as a redundant answer, after the game ended
//
// NOTATION.md: an answer the rules took by themselves in the last accepted command (settled.h:
// pass, cemetery, bury, haunt, done, end) is accepted when typed next anyway: it changes nothing,
// is not kept as a command, and MistsRules::Apply reports it as redundant. A `cemetery` or
// `bury` or `haunt` naming something else is refused, saying what was taken. (That is the game
// module's part, mists_rules.h; ApplyMistsCommand knows only the commands themselves.)
#pragma once

#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "games/mists/mists.h"

namespace YAML {
class Node;
}  // namespace YAML

namespace carcref {

// A tile token: a saved name, a long form {…} or a short form, as it lies.
Result<TilePtr> ParseMistsTile(std::string_view token,
                               const std::map<std::string, std::string>& saved);

// The session-tile name under which the Mists box (mists.yaml) is logged; saved tile names
// cannot contain ':'.
inline constexpr char kMistsBoxRecord[] = "set:mists";

// The 2×2 start tile's quarters, NW NE SW SE (B.1.4, C.1.1).
extern const std::array<const char*, 4> kQuarterNames;
// The quarters as `--start` gives them and the log keeps them, "NW NE SW SE", and back.
std::vector<std::string> SplitStartQuarters(const std::string& text);
std::string JoinStartQuarters(const std::vector<std::string>& quarters);
// The `--start` value of a logged session's options: its "start" list of quarters, joined.
std::string LoggedStartQuarters(const YAML::Node& options);
// What the table says when a REPL line gives --start without its quotes.
inline constexpr char kStartInQuotes[] =
    "--start takes the four quarters in quotes: --start \"ffff ffff ffFf2 ffFf1\"";
// Parses the four quarters (saved names allowed).
Result<std::vector<TilePtr>> ParseStartQuarters(const std::vector<std::string>& start,
                                                const std::map<std::string, std::string>& saved);

// Applies a co-op command to `game` (all or nothing); `saved` are the named tile descriptions
// the session may use (NOTATION.md "tile save"). `end` is always refused here: only a redundant
// answer after the game ended (see above).
Status ApplyMistsCommand(MistsGame& game, std::string_view line,
                         const std::map<std::string, std::string>& saved);

}  // namespace carcref
