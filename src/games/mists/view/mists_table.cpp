#include "games/mists/view/mists_table.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <ostream>
#include <sstream>

#include "carcref/i18n.h"
#include "carcref/words.h"
#include "cli/data_files.h"
#include "cli/render.h"
#include "cli/svg.h"
#include "games/mists/mists_rules.h"

namespace carcref {

Result<std::vector<std::string>> StartQuarters(const std::string& given,
                                               const std::map<std::string, std::string>& saved) {
  std::vector<std::string> start;
  if (!given.empty()) return SplitStartQuarters(given);
  for (const char* q : kQuarterNames) {
    auto found = FindSavedTile(saved, std::string("start-") + q);
    if (!found)
      return Status::NotFound(
          "describe the start tile once, as its four quarters as they "
          "lie: --start \"NW NE SW SE\" (e.g. \"ffff ffff ffFf2 ffFf1\")");
    start.push_back(*found);
  }
  return start;
}

Status RememberStart(const std::vector<std::string>& start, const SessionLog* log,
                     std::ostream& out) {
  // A game logged in memory keeps nothing, the saved tiles included.
  if (log && log->path() == ":memory:") return Status::Ok();
  for (size_t q = 0; q < 4 && q < start.size(); ++q) {
    Status s = carcref::SaveTile(std::string("start-") + kQuarterNames[q], start[q]);
    if (!s.ok() && s.code() != Status::Code::kIllegal) return s;
    if (!s.ok()) {  // a different start tile was saved before: replace it only in memory
      out << Tr("(the saved start tile differs; this game uses the one given)") << "\n";
      break;
    }
  }
  return Status::Ok();
}

std::vector<PlayerSpec> MistsColourPlayers(const MistsGame& game) {
  std::vector<PlayerSpec> out;
  for (std::size_t c = 0; c < game.colours().size(); ++c) {
    int owner = game.ColourOwner(static_cast<int>(c));
    const std::vector<MistsPlayer>& players = game.setup().players;
    std::string name = owner >= 0 && owner < static_cast<int>(players.size())
                           ? players[static_cast<std::size_t>(owner)].name
                           : game.colours()[c];
    out.push_back({name, game.colours()[c]});
  }
  return out;
}

void PrintMistsBoard(const MistsGame& g, bool color, std::ostream& out_, const BoardView& view) {
  std::vector<PlayerSpec> marks = MistsColourPlayers(g);
  std::vector<Meeple> meeples;
  for (const MistsMeeple& m : g.meeples()) meeples.push_back({m.colour, m.tile, m.segment});
  out_ << RenderBoard(g.board(), marks, meeples, g.placed_tile_index(), color, view);
  // A window lists the ghosts on its cells (those within the radius of its centre).
  std::function<bool(Cell)> shown;
  if (view.centre)
    shown = [c = *view.centre, r = view.radius](Cell cell) {
      return std::abs(cell.x - c.x) <= r && std::abs(cell.y - c.y) <= r;
    };
  out_ << MistsGhostsText(g, shown);
}

std::string MistsBoardSvg(const MistsGame& g, const std::string& title,
                          const std::string& position) {
  BoardSvgOptions options;
  options.title = title;
  options.subtitle =
      position +
      Fill(Tr("score {1} of {2}"), {std::to_string(g.score()), std::to_string(g.level().goal)}) +
      " · " +
      Fill(TrPlural("{1} ghost on the board, bank {2}", "{1} ghosts on the board, bank {2}",
                    g.GhostsOnBoard()),
           {std::to_string(g.GhostsOnBoard()), std::to_string(g.bank())});
  std::vector<PlayerSpec> colours = MistsColourPlayers(g);
  // A player with two colours (2 players) shows each: "Anna (red)", "Anna (blue)".
  std::map<std::string, int> colours_per_name;
  for (const PlayerSpec& p : colours) ++colours_per_name[p.name];
  for (std::size_t c = 0; c < colours.size(); ++c)
    options.players.push_back(
        {colours_per_name[colours[c].name] > 1 ? colours[c].name + " (" + colours[c].color + ")"
                                               : colours[c].name,
         colours[c].color, g.level().per_colour ? g.colour_scores()[c] : g.score(),
         g.level().per_colour});
  // The plain tiles' symbols but the farmer (no farmers in Mists, AMB-03), and what the co-op
  // game adds: mist, ghost symbols, ghosts, castles, cemeteries, buried meeples and hounds.
  options.legend = {"field",    "city",          "road",          "monastery", "pennant",
                    "meeple",   "mist",          "ghost symbols", "ghost",     "castle",
                    "cemetery", "buried meeple", "hound"};
  std::vector<Meeple> meeples;
  for (const MistsMeeple& m : g.meeples())
    (m.buried ? options.buried : meeples).push_back({m.colour, m.tile, m.segment});
  for (const auto& [spot, count] : g.ghosts())
    if (count > 0) options.ghosts.push_back({spot.tile, spot.segment, count});
  for (const Hound& h : g.hounds())
    if (!h.done && h.tile >= 0) options.hounds.push_back({h.tile, h.segment, h.number});
  options.highlight_tile = g.placed_tile_index();
  return BoardSvg(g.board(), colours, meeples, options);
}

}  // namespace carcref
