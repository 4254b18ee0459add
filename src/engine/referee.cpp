#include "carcref/referee.h"

namespace carcref {

Result<Referee> Referee::Start(GameSetup setup, SavedTiles saved) {
  Result<Game> game = Game::New(std::move(setup));
  if (!game.ok()) return game.status();
  return Referee(std::move(game.value()), std::move(saved));
}

Result<Outcome> Referee::Execute(std::string_view line) {
  Result<GameCommand> command = ParseGameCommand(line);
  if (!command.ok()) return command.status();
  size_t events_before = game_.events().size();
  int board_before = game_.board().size();
  int meeples_before = game_.meeples_placed();
  size_t notes_before = game_.notes().size();
  Status s = ApplyGameCommand(game_, *command, &saved_);
  if (!s.ok()) return s;
  commands_.emplace_back(line);
  Outcome out;
  out.events.assign(game_.events().begin() + static_cast<long>(events_before),
                    game_.events().end());
  out.notes.assign(game_.notes().begin() + static_cast<long>(notes_before), game_.notes().end());
  out.placed_tile = game_.board().size() > board_before;
  out.game_over = game_.phase() == Phase::kGameOver;
  if (game_.meeples_placed() > meeples_before) {
    out.meeple_placed = true;
    out.meeple = game_.last_meeple();
  }
  return out;
}

Result<std::string> Referee::Undo() {
  if (commands_.empty()) return Status::NotFound("nothing to undo: no command yet");
  std::string last = commands_.back();
  Game rebuilt = initial_;
  for (size_t i = 0; i + 1 < commands_.size(); ++i) {
    const std::string& line = commands_[i];
    Result<GameCommand> command = ParseGameCommand(line);
    // Every kept command was accepted before from the same state, so it is accepted again.
    if (!command.ok() || !ApplyGameCommand(rebuilt, *command, &saved_).ok())
      return Status::Corrupt("replaying '" + line + "' failed during undo");
  }
  game_ = std::move(rebuilt);
  commands_.pop_back();
  return last;
}

}  // namespace carcref
