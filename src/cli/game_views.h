// How the front end draws a game behind the GameRules interface: its board in the terminal
// and as SVG. A game with no view of its own gets words instead of a picture. Adding a game's
// pictures means one line in game_views.cpp.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "carcref/rules.h"
#include "cli/render.h"

namespace carcref {

struct GameView {
  std::string game;  // GameDefinition::name
  // The terminal board, fitted to the view (render.h).
  std::function<std::string(const GameRules&, bool color, const BoardView& view)> board;
  std::function<std::string(const GameRules&, const std::string& title)> svg;
};

// The view of `game`, or null.
const GameView* FindView(std::string_view game);

}  // namespace carcref
