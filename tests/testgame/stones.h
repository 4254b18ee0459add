// Stones: a deliberately small game that lives in tests/, to prove that a game is one folder
// and one registration line (issue #18). It is no Carcassonne game and has no RULES.md
// section; its rules are the three below, cited by id in stones.cpp.
//
//   S.1 The board is a square of SIZE × SIZE cells, 0,0 to SIZE-1,SIZE-1 (--size, 3 to 5;
//       default 3). Players take turns in the order given.
//   S.2 On their turn a player puts a stone on an empty cell (`stone X,Y`) or passes (`pass`).
//       A stone scores 1, plus 1 for each orthogonal neighbour holding a stone of the same
//       player.
//   S.3 The game ends when the board is full, or when every player has passed in a row.
//       The highest score wins; equal highest scores share the win.
#pragma once

#include "carcref/rules.h"

namespace carcref {
struct GameModule;  // games/registry.h
}  // namespace carcref

namespace carcref::stones {

// "stones", the --size option and the two commands.
GameDefinition Definition();
// The definition with its view (stones_view.cpp): what main.cpp registers (games/registry.h).
GameModule Module();

// The board as the rules keep it, for the pictures: its side, the owner of each cell (an index
// into `players`; -1: empty), row by row from y = 0. Null unless `rules` is a Stones game.
struct Board {
  int size = 0;
  std::vector<int> owner;  // size × size, index y * size + x
  std::vector<PlayerSpec> players;
};
const Board* BoardOf(const GameRules& rules);

}  // namespace carcref::stones
