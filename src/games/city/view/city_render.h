// Pictures of a game of Carcassonne: The City (RULES.md §D) for the front end: the board as
// text for the terminal and as a standalone SVG document. Pure functions of the game; the
// caller prints or writes the string.
//
// The text board. A tile is a block of 7 columns × 3 rows, north up, with one blank column
// and one blank row between blocks where the wall runs. Cell by cell (ports of geometry.h):
//
//   row 0:  WR   NL NL   N    NR NR   EL
//   row 1:  W    inner   ctr  inner   E
//   row 2:  WL   SR SR   S    SL SL   ER
//
// so every half-edge and every edge middle has its own cell; the inner cells continue the
// side beside them and the centre shows what the streets do (or the tile's largest area).
// Symbols (kCityTextLegend repeats them for the reader):
//   ^  residential area          .  market              %  building (a `b` part)
//   G F L  goods on the market (grain, fish, livestock)
//   p  public building           *  historic building
//   | - / \  street              o  a street ending in the middle
//   +  streets meeting at a crossing (or ending together in the middle, `v`)
//   #  wall piece on the tile edge it lies against (a short piece: a shorter run, `###`)
//   @  the city gate             [ ]  the tile just placed (in the blank column beside it)
//   A–Z  a follower standing on a street or market; a–z  one lying on a residential area
//   on the wall: an upper-case mark is a watchman, a lower-case mark a tower, by owner.
// A player's mark is their initial (CityPlayerMarks). x coordinates run along the top, y down
// the left (the largest y at the top), with one empty cell of margin all round when the board
// fits the view's width with it (BoardView in render.h: too wide even without it, the columns
// round the latest tile and a line saying what was left out). Under the board: the legend, then one
// line per player with their mark, name, colour and score. Colour (ANSI) only when asked, and never
// needed to read it.
#pragma once

#include <string>
#include <vector>

#include "carcref/game.h"
#include "cli/render.h"
#include "games/city/city.h"

namespace carcref {

// The symbol legend printed under the text board (several lines, each under 100 columns).
extern const char* const kCityTextLegend;

// One mark per player for the text board: the upper-case initial; a digit (index + 1) when two
// players share an initial, the name starts with no ASCII letter, or the initial is one the
// tiles use (G, F, L for goods, P for a public building, O for a street end), so that a
// follower never reads as a symbol of the tile.
std::vector<char> CityPlayerMarks(const std::vector<PlayerSpec>& players);

// The board as text (see above). Lines end in '\n' and carry no trailing blanks. With no tile
// and no wall: "(no tiles on the board)" and the players. When the view leaves cells out, a
// last line says which (CellWindow::left_out).
std::string RenderCityBoard(const CityGame& game, bool color, const BoardView& view = {});

// The board as SVG (well-formed XML): a heading with `title`, what the game awaits and the
// players with their scores; tiles as 100×100 squares with residential areas (terracotta),
// markets (yellow) with their goods as lettered badges, buildings (stone) with a `p` badge or
// a star, streets (grey) from the edge middles to the centre or through; followers as
// circles in their player's colour with the player's initial (an ellipse when lying on a
// residential area); the wall as dark bars on the outer side of tile edges (short pieces
// shorter), the gate as an arch, watchmen as circles on their piece and towers as small
// towers at their end, both in the owner's colour; coordinates on all four sides; a legend
// naming every symbol and each player with their colour. Structure for tests and tools:
// one <g class="tile" data-cell="X,Y"> with one <rect class="tile-frame"> per tile, one
// <g class="follower" data-player="NAME" data-cell="X,Y"> per follower, <rect class="wall">
// (class "wall short" for a short piece) and <g class="gate"> with data-cell and data-side,
// <g class="watchman"> and <g class="tower"> with data-player.
std::string CitySvg(const CityGame& game, const std::string& title);

}  // namespace carcref
