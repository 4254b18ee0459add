// What the front end keeps of the cooperative game (Mists over Carcassonne) and of the tiles
// players describe: the remembered start tile, `tile save`, and the co-op position in words and
// on the terminal board. The game itself is a rules module (games/mists/mists_rules.h).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/game_views.h"
#include "cli/render.h"
#include "games/mists/mists_rules.h"
#include "store/session_log.h"

namespace carcref {

// The 2×2 start tile's quarter descriptions (NW NE SW SE): `given` ("NW NE SW SE"), else the
// saved start-NW … start-SE (B.1.4: described once and remembered).
Result<std::vector<std::string>> StartQuarters(const std::string& given,
                                               const std::map<std::string, std::string>& saved);
// Saves given quarters as start-NW … for the next game; a different saved start stays and a
// note says this game uses the one given.
// Nothing is written when `log` is an in-memory log (--db :memory: keeps nothing).
Status RememberStart(const std::vector<std::string>& start, const SessionLog* log,
                     std::ostream& out);

// The co-op board with its ghosts listed under it (MistsGhostsText), fitted to `view` (render.h):
// by default, the terminal's width. A window (board X,Y R) lists the ghosts on its cells and
// says how many are outside it.
void PrintMistsBoard(const MistsGame& g, bool color, std::ostream& out,
                     const BoardView& view = BoardView{TerminalColumns(), std::nullopt, 0});
// The board as SVG (cli/svg.h): the colours with their scores, ghosts, hounds and buried
// meeples; the subtitle is `position` ("after command 3 of 9 · ") then the score and the bank.
std::string MistsBoardSvg(const MistsGame& g, const std::string& title,
                          const std::string& position);

// Mists: one PlayerSpec per colour in play, named for the player who controls it, so that
// marks, legends and titles say "Anna (red)" and not "red (red)".
std::vector<PlayerSpec> MistsColourPlayers(const MistsGame& game);

// Reads the Mists box from the data directory into the start, with the described 2×2 start tile
// (B.1.4, C.1.1: --start, else the one remembered; given, it is remembered) and the saved tile
// names, all logged with the session so that replay never reads a file again. GCC reads it too.
Status PrepareMistsBox(GameStart& start, const SessionLog* log, std::ostream& out);

// The start tile of the bench's Mists and GCC workloads: clear but for mist on its south side,
// 2 + 1 ghosts; its quarters (NW NE SW SE) as described, and as tiles.
const std::vector<std::string>& MistsBenchStartQuarters();
Result<std::vector<TilePtr>> MistsBenchStart();
// The same as --start takes it: "ffff ffff ffFf2 ffFf1".
std::string MistsBenchStartWords();

// `carcref bench`'s co-op line (BenchWorkload): level 1 with `players`, the Mists box from the
// data directory and the bench's start tile.
Result<BenchWorkload> MistsBench(const std::vector<PlayerSpec>& players);

// What a logged co-op game says when looked back at.
ReviewWords MistsReviewWords();

}  // namespace carcref
