// Pictures as SVG: the board as a schematic a person would rather look at than the text
// board, and each player's score over the game as a line chart. Pure functions returning
// the SVG document as a string; the caller writes it where it goes.
//
// A tile is drawn in a 100×100 box, north up, after its rotation, segment by segment in
// layers: fields (the green ground), cities (tan polygons covering the sides they own, with
// a darker wall where they meet the field: a cap, a band, a corner city, three sides, the
// whole tile; separate cities are separate polygons, each with its own wall), roads (light
// strokes from the side middles through the tile, curving on a bend, ending at a junction
// square, a monastery, a city gate or a farmhouse), the monastery (a small church), pennants
// (a small teal shield in their city: no player has that colour), then the meeples of every tile on
// top (the standard meeple figure in the player's colour: standing on a road, in a city, on a
// monastery; lying in its field). Each segment kind has its own draw function, so that a new kind
// (a mist area as a grey translucent overlay, a castle, a cemetery, a ghost with a count badge) is
// one more case in DrawSegment and one more layer.
//
// The document's structure is part of the contract (tests/unit/svg_test.cpp relies on it):
// one <g class="tile" data-cell="X,Y" data-tile="ID" data-rotation="DEG"> per placed tile,
// one <g class="meeple" data-player="NAME"> per meeple on the board, coordinate labels
// <text class="coord">, and nothing but well-formed XML.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carcref/board.h"
#include "carcref/game.h"

namespace carcref {

// The colour of a player's meeples, lines and swatches ("red" -> "#d7263d"), for the
// meeple colours of PlayerSpec (red, blue, green, yellow, black) and a few more (grey, pink,
// purple, orange, white, brown), case-insensitive; "#888888" for any other name.
std::string SvgPlayerColor(std::string_view color_name);

// A coordinate or length with one decimal at most and no trailing ".0" ("12", "-3.5").
std::string SvgNumber(double v);

// Text for an SVG/XML text node or attribute value: & < > " ' escaped.
std::string XmlEscape(std::string_view text);

struct SvgPlayerLine {
  std::string name;
  std::string color;
  int score = 0;
  bool scored = true;  // false: the score is the team's (Mists levels 1–5), not shown per name
};

// The legend's entries BoardSvg draws a symbol for: the plain tiles' "field", "city", "road",
// "monastery", "pennant", "meeple", "farmer", and "guard", "mist", "ghost symbols", "ghost",
// "castle", "cemetery", "buried meeple", "hound". Any other entry is its word alone.
// SvgTileLegend() is the plain tiles' seven, in that order; a game's view (games/<game>/view/)
// says which its board shows, in the order drawn.
std::vector<std::string> SvgTileLegend();

// Things on a tile's segment that are not meeples: ghosts standing in a mist area or a
// cemetery (Mists), a hound beside the meeple on (tile, segment) (Mists).
struct SvgMarker {
  int tile = 0;
  int segment = 0;
  int count = 1;  // ghosts: how many; hounds: its number (1 Rufus, 2 Ronja)
};

struct BoardSvgOptions {
  std::string title;     // the heading, e.g. "session 3 · base game"
  std::string subtitle;  // a second line, e.g. "after command 12 of 40: place U 1,0 0"
  std::vector<SvgPlayerLine> players;  // under the heading: swatch, name, score
  int highlight_tile = -1;             // board index framed in gold (the latest tile), -1: none
  // The legend under the board, each entry drawn as <g class="legend-item" data-entry="NAME">,
  // in this order, in rows as wide as the picture: what the game's view says its board shows.
  std::vector<std::string> legend = SvgTileLegend();
  std::vector<SvgMarker> ghosts;  // Mists: ghosts on the board, by (tile, area)
  std::vector<SvgMarker> hounds;  // Mists: hounds waiting with a meeple
  std::vector<Meeple> buried;     // Mists: buried meeples, lying on their cemetery
};

// The board: a one-cell margin of empty cells all round (as the text board), a thin grid,
// x coordinates above and below, y coordinates left and right (y grows north: up), every
// placed tile and every meeple. `meeples` whose tile or player is out of range are skipped.
std::string BoardSvg(const Board& board, const std::vector<PlayerSpec>& players,
                     const std::vector<Meeple>& meeples, const BoardSvgOptions& options);

// One line of a chart: a value per x position.
struct ChartSeries {
  std::string name;
  std::string color;  // a colour name as in SvgPlayerColor, or "#rrggbb"
  std::vector<int> values;
  bool dashed = false;
};

struct ScoreChart {
  std::string title;
  std::string x_label = "turn";
  std::string y_label = "points";
  std::vector<std::string>
      x_ticks;  // one per position: "0", "1", …, and "end" for the final scoring
  std::vector<ChartSeries> players;  // one per player, same length as x_ticks
  // Hook for a second series with its own right-hand axis: the co-op ghost bank of Mists
  // over Carcassonne (ghosts left in the bank after each turn), fed from its ghost events by
  // whoever builds the chart. When set it is drawn dashed against `secondary_label`.
  std::optional<ChartSeries> secondary;
  std::string secondary_label = "ghosts in the bank";
};

// The players' scores from the game's scoring events: position t (0 … game.turn()) is the
// total after the t-th placement from the events scored on completion; when there are final
// (end-of-game) events, one more position "end" holds the final totals.
ScoreChart ScoreChartFromEvents(const Game& game, std::string title);

// The line chart: axes with ticks and labels, a light grid, a line per player in the
// player's colour with its final value at the end, a legend, and the secondary series if
// any. A chart with no positions still gives a valid (empty) chart.
std::string ScoreChartSvg(const ScoreChart& chart);

}  // namespace carcref
