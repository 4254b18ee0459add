// A game as its setup plus the accepted commands (DESIGN.md "Game state and rules modules").
// Execute() applies one command line; Undo() drops the last accepted command and rebuilds
// the state from the setup, which is cheap and always right. No I/O: the front end logs.
#pragma once

#include <optional>
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
  std::vector<GameNote> notes;     // GCC: ghosts and guards this command caused
  // The command was an answer the rules had already taken by themselves (settled.h): nothing
  // changed, it is not kept (so not logged, and undo passes it by); `notes` says so.
  bool redundant = false;
};

class Referee {
 public:
  // `saved`: the named tile descriptions the session may use (GCC; NOTATION.md "tile save").
  static Result<Referee> Start(GameSetup setup, SavedTiles saved = {});

  // Parses and applies one game command (place, meeple, pass, discard, end). On error the
  // state is unchanged. NOTATION.md: an answer the last accepted command's rules took by
  // themselves (`pass` after a meeple step with no meeple possible, `ghost` naming the only
  // meeple that could take it, `end` after the game ended by itself) is accepted as redundant;
  // the same verb naming another meeple is refused, saying what was taken.
  Result<Outcome> Execute(std::string_view line);
  // Drops the last accepted command; returns it, or NotFound when there is none.
  Result<std::string> Undo();

  const Game& game() const { return game_; }
  const std::vector<std::string>& commands() const { return commands_; }
  const SavedTiles& saved() const { return saved_; }
  // A newly saved description joins the session (it is logged with it).
  void AddSaved(const std::string& name, const std::string& description) {
    saved_[name] = description;
  }

 private:
  Referee(Game initial, SavedTiles saved)
      : initial_(initial), game_(std::move(initial)), saved_(std::move(saved)) {}
  // The answer `command` gives when the rules took it already; nullopt when it is no such
  // answer and is to be applied.
  std::optional<Result<Outcome>> Redundant(const GameCommand& command, std::string_view line);

  Game initial_;
  Game game_;
  SavedTiles saved_;
  std::vector<std::string> commands_;
  // The answers the last accepted command's rules took by themselves, not yet typed.
  std::vector<SettledAnswer> settled_;
};

}  // namespace carcref
