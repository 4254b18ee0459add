// A game as its setup plus the accepted commands (DESIGN.md "Game state and rules modules").
// Execute() applies one command line; Undo() drops the last accepted command and rebuilds
// the state from the setup, which is cheap and always right. No I/O: the front end logs.
#pragma once

#include <string>
#include <vector>

#include "carcref/command.h"
#include "carcref/game.h"

namespace carcref {

struct Outcome {
  std::vector<ScoreEvent> events;  // scoring caused by this command
  bool placed_tile = false;        // the command put a tile down
  bool game_over = false;          // the game ended with this command
  bool meeple_placed = false;      // the command put a meeple down (it may be scored already)
  Meeple meeple;                   // that meeple
};

class Referee {
 public:
  static Result<Referee> Start(GameSetup setup);

  // Parses and applies one game command (place, meeple, pass, discard, end). On error the
  // state is unchanged.
  Result<Outcome> Execute(std::string_view line);
  // Drops the last accepted command; returns it, or NotFound when there is none.
  Result<std::string> Undo();

  const Game& game() const { return game_; }
  const std::vector<std::string>& commands() const { return commands_; }

 private:
  explicit Referee(Game initial) : initial_(initial), game_(std::move(initial)) {}
  Game initial_;
  Game game_;
  std::vector<std::string> commands_;
};

}  // namespace carcref
