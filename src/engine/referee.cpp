#include "carcref/referee.h"

#include <algorithm>

namespace carcref {

namespace {

// What the rules answered by themselves in the command just applied (the game's settled
// answers from index `before` on), less what the line said itself ("place … pass").
std::vector<SettledAnswer> TakenBy(const Game& game, size_t before, const GameCommand& command) {
  std::vector<SettledAnswer> out(game.settled().begin() + static_cast<long>(before),
                                 game.settled().end());
  if (command.then_pass)
    out.erase(
        std::remove_if(out.begin(), out.end(),
                       [](const SettledAnswer& a) { return a.kind == SettledAnswer::Kind::kPass; }),
        out.end());
  return out;
}

// Whether a `ghost` command names the meeple the rules gave the ghost to: "ghost 1" (it was
// the only one listed) while no other ghost is awaited, or its cell and feature.
bool NamesTakenMeeple(const Game& game, const GameCommand& command, const SettledAnswer& taken) {
  if (command.number > 0) return command.number == 1 && game.phase() != Phase::kGhost;
  if (game.board().IndexAt(command.cell) != taken.tile) return false;
  if (!command.feature) return true;
  Result<int> segment = ResolveFeature(game.board().tile(taken.tile), *command.feature);
  return segment.ok() && *segment == taken.segment;
}

}  // namespace

Result<Referee> Referee::Start(GameSetup setup, SavedTiles saved) {
  Result<Game> game = Game::New(std::move(setup));
  if (!game.ok()) return game.status();
  return Referee(std::move(game.value()), std::move(saved));
}

std::optional<Result<Outcome>> Referee::Redundant(const GameCommand& command,
                                                  std::string_view line) {
  SettledAnswer::Kind kind;
  switch (command.verb) {
    case Verb::kPass:
      kind = SettledAnswer::Kind::kPass;
      break;
    case Verb::kGhost:
      kind = SettledAnswer::Kind::kGhost;
      break;
    case Verb::kEnd:
      kind = SettledAnswer::Kind::kEnd;
      break;
    default:
      return std::nullopt;
  }
  const SettledAnswer* other = nullptr;
  for (auto it = settled_.begin(); it != settled_.end(); ++it) {
    if (it->kind != kind) continue;
    if (kind == SettledAnswer::Kind::kGhost && !NamesTakenMeeple(game_, command, *it)) {
      if (!other) other = &*it;
      continue;
    }
    Outcome out;
    out.redundant = true;
    out.notes.push_back({game_.turn(), RedundantNote(*it)});
    settled_.erase(it);  // each answer once; the others stay open
    return out;
  }
  // A ghost awaited now takes the command as its answer; otherwise it names another meeple.
  if (other && game_.phase() != Phase::kGhost)
    return Result<Outcome>(Status::Illegal(OtherAnswer(*other, line)));
  return std::nullopt;
}

Result<Outcome> Referee::Execute(std::string_view line) {
  Result<GameCommand> command = ParseGameCommand(line);
  if (!command.ok()) return command.status();
  if (std::optional<Result<Outcome>> answered = Redundant(*command, line))
    return std::move(*answered);
  size_t events_before = game_.events().size();
  int board_before = game_.board().size();
  int meeples_before = game_.meeples_placed();
  size_t notes_before = game_.notes().size();
  size_t settled_before = game_.settled().size();
  Status s = ApplyGameCommand(game_, *command, &saved_);
  if (!s.ok()) return s;
  commands_.emplace_back(line);
  settled_ = TakenBy(game_, settled_before, *command);
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
  std::vector<SettledAnswer> settled;
  for (size_t i = 0; i + 1 < commands_.size(); ++i) {
    const std::string& line = commands_[i];
    Result<GameCommand> command = ParseGameCommand(line);
    size_t before = rebuilt.settled().size();
    // Every kept command was accepted before from the same state, so it is accepted again.
    if (!command.ok() || !ApplyGameCommand(rebuilt, *command, &saved_).ok())
      return Status::Corrupt("replaying '" + line + "' failed during undo");
    settled = TakenBy(rebuilt, before, *command);
  }
  game_ = std::move(rebuilt);
  commands_.pop_back();
  settled_ = std::move(settled);  // as right after the command now last
  return last;
}

}  // namespace carcref
