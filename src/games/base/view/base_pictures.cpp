// The base game's board (with GCC's ghosts and guards) in the terminal and as SVG, drawn with
// the shared tile pictures (cli/render.h, cli/svg.h).
#include <string>

#include "carcref/features.h"
#include "carcref/i18n.h"
#include "carcref/notation.h"
#include "games/base/view/base_view.h"
#include "games/gcc/gcc.h"

namespace carcref {

std::string RenderBoard(const Game& game, bool color, const BoardView& view) {
  std::string out = RenderBoard(game.board(), game.setup().players, game.meeples(),
                                game.placed_tile_index(), color, view);
  if (!game.expansion().HasGhosts()) return out;
  // TRANSLATORS: the GCC board's legend: {1} the ghosts in the bank.
  out += Fill(Tr("lower case = a guard; a digit beside a meeple = the ghosts with it; bank {1}"),
              {std::to_string(GccBank(game))}) +
         "\n";
  for (const Meeple& m : game.meeples()) {
    if (m.ghosts == 0) continue;
    const PlacedTile& t = game.board().tile(m.tile);
    // TRANSLATORS: {1} the player, {2} the feature ("city N"), {3} the cell, {4} the ghosts.
    out +=
        "  " +
        Fill(TrPlural("{1}'s meeple on the {2} at {3}: {4} ghost",
                      "{1}'s meeple on the {2} at {3}: {4} ghosts", m.ghosts),
             {game.setup().players[m.player].name, DescribeSegment(*t.type, m.segment, t.quarters),
              CellName(t.cell), std::to_string(m.ghosts)}) +
        "\n";
  }
  return out;
}

std::string BoardSvg(const Game& game, BoardSvgOptions options) {
  if (options.players.empty())
    for (size_t p = 0; p < game.setup().players.size(); ++p)
      options.players.push_back(
          {game.setup().players[p].name, game.setup().players[p].color, game.totals()[p].Total()});
  bool final_position = game.phase() == Phase::kGameOver && !game.final_meeples().empty();
  return BoardSvg(game.board(), game.setup().players,
                  final_position ? game.final_meeples() : game.meeples(), options);
}

}  // namespace carcref
