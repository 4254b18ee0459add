// Stones' view: its board in the terminal and as SVG. Everything else (the words of a turn,
// review, completion of the legal answers) the table makes from the GameRules interface.
#include <string>

#include "games/registry.h"
#include "stones.h"

namespace carcref::stones {

namespace {

// The board as rows from y = 0 down, a player's stone as the initial of its colour.
std::string BoardText(const GameRules& rules) {
  const Board* board = BoardOf(rules);
  if (!board) return "";
  const std::vector<PlayerSpec>& players = board->players;
  std::string out;
  for (int y = 0; y < board->size; ++y) {
    out += "  ";
    for (int x = 0; x < board->size; ++x) {
      int owner = board->owner[static_cast<std::size_t>(y * board->size + x)];
      std::string color = owner >= 0 && owner < static_cast<int>(players.size())
                              ? players[static_cast<std::size_t>(owner)].color
                              : "";
      out += color.empty() ? '.' : color[0];
      out += x + 1 < board->size ? " " : "\n";
    }
  }
  return out;
}

std::string BoardSvg(const GameRules& rules, const std::string& title) {
  const Board* board = BoardOf(rules);
  int size = board ? board->size : 0;
  int side = 40 * size + 20;
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(side) +
                    "\" height=\"" + std::to_string(side) + "\"><title>" + title + "</title>\n";
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      int owner = board->owner[static_cast<std::size_t>(y * size + x)];
      out += "<rect class=\"tile\" x=\"" + std::to_string(10 + 40 * x) + "\" y=\"" +
             std::to_string(10 + 40 * y) + "\" width=\"40\" height=\"40\" fill=\"#eee\" " +
             "stroke=\"#333\"/>\n";
      if (owner >= 0)
        out += "<circle class=\"stone p" + std::to_string(owner) + "\" cx=\"" +
               std::to_string(30 + 40 * x) + "\" cy=\"" + std::to_string(30 + 40 * y) +
               "\" r=\"14\"/>\n";
    }
  return out + "</svg>\n";
}

}  // namespace

GameModule Module() {
  GameView view;
  view.board = [](const GameRules& rules, bool, const BoardView&) { return BoardText(rules); };
  view.svg = BoardSvg;
  view.places_tiles = false;  // stones, not tiles: `show` counts none
  return {Definition(), view};
}

}  // namespace carcref::stones
