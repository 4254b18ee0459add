// How the front end draws a game behind the GameRules interface: its board in the terminal
// and as SVG. A game with no view of its own gets words instead of a picture. Adding a game's
// pictures means one line in game_views.cpp.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "carcref/rules.h"

namespace carcref {

struct GameView {
  std::string game;  // GameDefinition::name
  std::function<std::string(const GameRules&, bool color)> board;  // the terminal board
  std::function<std::string(const GameRules&, const std::string& title)> svg;
};

// The view of `game`, or null.
const GameView* FindView(std::string_view game);

}  // namespace carcref
