// Terminal pictures of tiles and of the board, for the front end. Everything here returns
// strings; the caller prints them.
//
// A tile is drawn as it lies (after its quarter turns) in exactly 3 rows of 5 printable ASCII
// characters. Cell by cell:
//
//   row 0:  NW corner   NL   N    NR   NE corner
//   row 1:  W           in   ctr  in   E
//   row 2:  SW corner   SR   S    SL   SE corner
//
// The side cells show the segment owning that port; a corner shows what lies between its two
// half-edges (a field if either is a field, so a strip of field beside a city stays visible; a
// city if both are the same city; a field dot where two separate cities meet); an inner cell
// shows the segment of its side (a city on the east or west side fills two cells), and the
// centre what the roads do or what fills the tile.
//
// Legend (kTileLegend below):
//   #  city                 *  pennant (coat of arms) on that city
//   .  field                +  monastery
//   -  road (east–west)     |  road (north–south)
//   /  \  a road bending    o  roads ending at a junction, village or farmhouse
//   A–Z, 1–9  a meeple (the owner's initial, or a digit when two players share one)
//
// So the start tile D `crfr` at rotation 0 and 90, the monastery A, and tile I (two separate
// caps) look like this:
//
//   .###.   ..|..   .....   .###.
//   -----   ..|##   ..+..   ##...
//   .....   ..|..   ..|..   .....
//
// A road ending in a city gate points into the city; a road ending nowhere else ends at `o`.
//
// Colour is an optional layer of ANSI escape codes: terrain in subtle colours (city yellow,
// road white, field green), meeple marks in their player's colour, the tile just placed on a
// dark background. With colour off the text is the same, minus the escape codes.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carcref/board.h"
#include "carcref/described_set.h"
#include "carcref/game.h"
#include "carcref/status.h"
#include "carcref/tile.h"

namespace carcref {

// The legend above as text lines (for `help` and the tile list).
extern const char* const kTileLegend;

// A meeple to draw on a tile: on `segment` of the tile's type (a road or city on its side's
// middle or where it runs, a field on one of its cells, a monastery in the centre). A segment
// out of range is ignored.
struct MeepleMark {
  int segment = 0;
  char mark = '?';
  std::string color;   // a colour name ("red", "blue", …); unknown or empty: no colour
  int ghosts = 0;      // GCC: drawn as a digit beside the meeple
  bool guard = false;  // GCC: a guard is drawn in lower case
};

struct ArtOptions {
  std::vector<MeepleMark> meeples;
  bool highlight = false;  // the tile just placed: a background colour (colour mode only)
  bool color = false;      // wrap cells in ANSI escape codes
};

// The tile `t` turned `quarters` clockwise (any integer; taken mod 4) as 3 rows of 5 visible
// characters. `t` must be finalized (TileType::Finalize fills port_owner).
std::vector<std::string> TileArt(const TileType& t, int quarters, const ArtOptions& options = {});

// The SGR parameters ("31", "38;5;208") for a colour name, case-insensitive: red, blue, green,
// yellow, black (drawn grey so that it shows), grey/gray, pink, purple, orange, white, brown.
// Empty for an unknown name.
std::string ColorCode(std::string_view color_name);

// One mark per player: the upper-case first letter of the name; players who share an initial
// (or whose name does not start with an ASCII letter) get their index + 1 as a digit instead.
std::vector<char> PlayerMarks(const std::vector<PlayerSpec>& players);

// "A = Anna (red), B = Ben (blue)".
std::string MarksLegend(const std::vector<PlayerSpec>& players, bool color);

// What part of the board a terminal picture shows: `board` fits `width` columns (0: no
// limit), `board X,Y R` shows the cells within R of X,Y (a square window), also fitted.
struct BoardView {
  std::size_t width = 0;
  std::optional<Cell> centre;
  int radius = 0;
};

// The cells a picture shows and, when that is not all of [x0,x1]×[y0,y1], one line saying
// what it left out ("columns -7…-5 left out; board X,Y R shows a window"; empty when nothing
// is). A picture takes `fixed + columns × pitch` characters; when too wide, the columns kept
// are those around `focus_x` (the latest tile). With a window outside the board, `empty`.
struct CellWindow {
  int x0 = 0, x1 = -1, y0 = 0, y1 = -1;
  std::string left_out;
  bool empty = false;
};
CellWindow ChooseCells(int x0, int x1, int y0, int y1, const BoardView& view, std::size_t fixed,
                       std::size_t pitch, int focus_x);

// Reads `board [X,Y R]`'s arguments (after the word "board") into `view`; a line saying what
// is wrong otherwise.
Status ParseBoardView(const std::vector<std::string>& args, BoardView* view);

// A described set (Mists: no tile geometry known) as text: what the box holds (tiles,
// castles, cemeteries, ghost symbols per tile, the start tile) and its printed images.
std::string RenderDescribedSet(const DescribedSet& set);

// `text` (lines without escape codes) broken at spaces so that no line is wider than
// `width` (0: as it is), each line ending in '\n'. A word wider than `width` stays whole.
std::string WrapWords(const std::string& text, std::size_t width);

// The columns of the terminal standard output is (ioctl TIOCGWINSZ, else $COLUMNS, else 80),
// or 0 when standard output is no terminal: a file or a pipe never wraps, so transcripts and
// scripts get the whole board.
std::size_t TerminalColumns();

// The board: x coordinates along the top, y down the left (north up, highest y first), one
// empty cell of margin all round so the cells next to the board have their coordinates, empty
// cells blank, the tile at `highlight_tile` (a board index, -1 for none) between [ and ], and
// meeples marked on their segments. Ends with the marks legend. Lines end in '\n' and carry no
// trailing blanks. An empty board gives "(no tiles on the board)\n".
// `view` fits it to a width or shows a window (BoardView); what it leaves out is said on the
// last line.
std::string RenderBoard(const Board& board, const std::vector<PlayerSpec>& players,
                        const std::vector<Meeple>& meeples, int highlight_tile, bool color,
                        const BoardView& view = {});

// Tiles side by side (up to 8 a row, lines at most 100 columns): each picture at rotation 0
// with its id and its count under it ("x4", or "3/4" = remaining/total when `remaining` is
// given), and under each row of pictures one line per tile: its id, its short form as
// pictured (NOTATION.md; "(long form)" where the short form cannot say it) and it in words
// (DescribeTile).
std::string RenderTileList(const std::vector<TilePtr>& tiles,
                           const std::function<int(const TileType&)>* remaining,
                           bool color = false);

}  // namespace carcref
