// The base game's and GCC's command step (base_rules.h): one line parsed and applied to the
// Game, the answers the rules took by themselves (settled.h) kept until typed, and what the
// command caused gathered as an Outcome. Undo is Match's (rules.h), not this file's.
#include <algorithm>

#include "games/base/base_rules.h"

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

std::optional<Result<Outcome>> BaseRules::Redundant(const GameCommand& command,
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

Result<Outcome> BaseRules::Execute(std::string_view line) {
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

}  // namespace carcref
