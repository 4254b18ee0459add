// The one list of games (DESIGN.md "A module per game"): each game's folder under src/games/
// gives a GameModule, its rules' GameDefinition (carcref/rules.h) and the front end's GameView
// (cli/game_views.h), and src/games/registry.cpp lists each once. GameDefinitions(),
// FindGame() and CheckOptions() (rules.h) and FindView() (game_views.h) read that list; no other
// code names a game.
//
// Built into the front end's library (carcref_cli), with the games' view/ folders: the views
// print, the rules engine does not, and the list needs both.
#pragma once

#include "carcref/rules.h"
#include "carcref/status.h"
#include "cli/game_views.h"

namespace carcref {

// Everything about one game: how its rules are made and what the front end draws and says for
// it. `view.game` is filled from `definition.name` when it is registered; an empty view is
// allowed (the table then words the game from the GameRules interface alone).
struct GameModule {
  GameDefinition definition;
  GameView view;
};

// The built-in games' modules, each made in its folder's view/ (base/view/base_view.cpp, …).
GameModule BaseModule();
GameModule GccModule();
GameModule MistsModule();
GameModule CityModule();

// Adds one more game after the built-in ones, for a program that brings a game of its own (a
// test executable with a test game): call it at startup, before RunMain (cli/app.h) or any
// other use of the games, from one thread. Definitions and views already handed out stay
// valid. Refused (nothing registered) when the name is empty or already registered, or the
// definition has no `make`.
[[nodiscard]] Status RegisterGame(GameModule module);

}  // namespace carcref
