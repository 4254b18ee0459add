// GCC's answer to its ghost step (C.3): which meeple a `ghost` command names.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "carcref/command.h"
#include "carcref/i18n.h"
#include "gcc_internal.h"

namespace carcref {

// The meeple a "ghost" command names: by its number among the candidates, or by where it
// stands (any meeple there, so that a wrong choice is refused with the rule's reason, C.3.7).
Result<int> GhostsCastlesCemeteries::GhostMeeple(const Game& game,
                                                 const GameCommand& command) const {
  if (command.number > 0) {
    std::vector<int> candidates = GccGhostCandidates(game);
    if (command.number > static_cast<int>(candidates.size()))
      return Status::NotFound(
          Fill(Tr("there is no meeple {1}: choose 1 to {2}"),
               {std::to_string(command.number), std::to_string(candidates.size())}));
    return candidates[command.number - 1];
  }
  int tile = game.board().IndexAt(command.cell);
  if (tile < 0) return Status::NotFound(Fill(Tr("no tile at {1}"), {CellName(command.cell)}));
  std::optional<int> segment;
  if (command.feature) {
    Result<int> s = ResolveFeature(game.board().tile(tile), *command.feature);
    if (!s.ok()) return s.status();
    segment = *s;
  }
  std::vector<int> here;
  for (int i = 0; i < static_cast<int>(game.meeples().size()); ++i) {
    const Meeple& m = game.meeples()[i];
    if (m.tile == tile && (!segment || m.segment == *segment)) here.push_back(i);
  }
  if (here.empty())
    return Status::NotFound(Fill(
        segment ? Tr("no meeple stands on that feature at {1}") : Tr("no meeple stands at {1}"),
        {CellName(command.cell)}));
  if (here.size() > 1) {  // prefer the one the ghost may go to
    std::vector<int> candidates = GccGhostCandidates(game);
    std::vector<int> eligible;
    for (int i : here)
      if (std::find(candidates.begin(), candidates.end(), i) != candidates.end())
        eligible.push_back(i);
    if (eligible.size() == 1) return eligible[0];
    return Status::Syntax(
        Fill(Tr("several meeples stand at {1}: name the feature, e.g. ghost {1} road E"),
             {CellName(command.cell)}));
  }
  return here[0];
}

}  // namespace carcref
