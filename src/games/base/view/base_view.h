// The base game's view (games/registry.h): what the front end draws and says for a game of
// the base game, with the Winter tiles or GCC's on top (gcc/view/ adds GCC's reading of the
// Mists box). Internal to the games' view folders and their tests.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "carcref/game.h"
#include "carcref/rules.h"
#include "cli/game_views.h"
#include "cli/render.h"
#include "cli/svg.h"
#include "store/session_log.h"

namespace carcref {

// The view: board, SVG, `remaining`, completion words, review words, the after-turn line; its
// prepare reads the catalogue only (PrepareBase). Its pictures (the SVG, and the review's)
// carry `legend` (BoardSvgOptions::legend): what the game's tiles and figures show.
GameView BaseView(const std::vector<std::string>& legend);

// Reads the tile set asked for (--tiles, else base) and every set it includes from the data
// directory into the start's box, each checked with its file name so that a damaged file is
// named in the error.
Status PrepareBase(GameStart& start, const SessionLog* log, std::ostream& out);

// The base tiles, read from the data directory ("base", the catalogue's own set).
Result<Catalog> ReadBaseTiles();

// `carcref bench`'s headline (BenchWorkload): random games of `players` on the base tiles, with
// farmers.
Result<BenchWorkload> BaseBench(const std::vector<PlayerSpec>& players);

// What a logged base game (or GCC) says when looked back at.
ReviewWords BaseReviewWords(const std::vector<std::string>& legend);

// The game's board, its meeples and the tile awaiting a meeple (if any).
std::string RenderBoard(const Game& game, bool color, const BoardView& view = {});

// The game's board; `options.players` is filled from the game (names, colours, totals)
// when it is empty; the legend is the caller's (`options.legend`). After the final scoring the
// meeples drawn are those that stood when it began (Game::final_meeples): the position the
// final scoring read, not the emptied board after it.
std::string BoardSvg(const Game& game, BoardSvgOptions options);

}  // namespace carcref
