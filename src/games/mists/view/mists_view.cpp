// The Mists game's view: its box read from the data directory, its board, and the words offered
// for completion (the colours after a meeple, B.2.2).
#include <algorithm>
#include <optional>
#include <ostream>
#include <sstream>
#include <vector>

#include "carcref/command.h"
#include "carcref/i18n.h"
#include "carcref/notation.h"
#include "carcref/words.h"
#include "cli/data_files.h"
#include "cli/render.h"
#include "games/mists/mists_rules.h"
#include "games/mists/view/mists_table.h"
#include "games/registry.h"

namespace carcref {

// What GCC and the co-op game take from the Mists box: the box itself, the described 2×2
// start tile (B.1.4, C.1.1; remembered when given) and the saved tile names, all logged with
// the session so replay never reads a file again.
Status PrepareMistsBox(GameStart& start, const SessionLog* log, std::ostream& out) {
  Result<SavedTiles> saved = ReadSavedTiles();
  if (!saved.ok()) return saved.status();
  auto given = start.options.find("--start");
  Result<std::vector<std::string>> quarters =
      StartQuarters(given == start.options.end() ? "" : given->second, *saved);
  if (!quarters.ok()) return quarters.status();
  Result<std::vector<TilePtr>> parsed = ParseStartQuarters(*quarters, *saved);
  if (!parsed.ok()) return parsed.status();
  std::string box_text;
  Result<DescribedSet> box = ReadDescribedSet("mists", &box_text);
  if (!box.ok()) return box.status();
  if (given != start.options.end()) {
    if (Status s = RememberStart(*quarters, log, out); !s.ok()) return s;
  }
  start.options["--start"] = JoinStartQuarters(*quarters);
  start.box.emplace_back(kMistsBoxRecord, box_text);
  for (const auto& [name, description] : *saved) start.saved.emplace(name, description);
  return Status::Ok();
}

namespace {

const MistsGame& MistsState(const GameRules& r) {
  return static_cast<const MistsRules&>(r).state();
}

GameView MistsView() {
  GameView v;
  v.board = [](const GameRules& r, bool color, const BoardView& view) {
    std::ostringstream out;
    PrintMistsBoard(MistsState(r), color, out, view);
    return out.str();
  };
  v.svg = [](const GameRules& r, const std::string& title) {
    return MistsBoardSvg(MistsState(r), title, "");
  };
  v.prepare = PrepareMistsBox;
  v.remember_tile = [](const std::string& n, const std::string& d) { return SaveTile(n, d); };
  v.review = MistsReviewWords();
  v.words = {"road", "city", "field", "monastery", "at"};
  v.statistics.team_outcome = true;
  v.context = [](const GameRules& r, const std::vector<std::string>& typed) {
    const MistsGame& g = MistsState(r);
    std::string verb = Lower(typed[0]);
    if (verb == "meeple" && g.phase() == MistsPhase::kPlaceMeeple && g.placed_tile_index() >= 0)
      return MeepleWords(g.board().tile(g.placed_tile_index()), g.MeepleSegments(), typed);
    if (verb == "place" && g.phase() == MistsPhase::kPlaceTile && typed.size() >= 2) {
      // The described tile lies as described: the cells where it fits that way.
      Result<TilePtr> tile = ParseMistsTile(typed[1], static_cast<const MistsRules&>(r).saved());
      if (!tile.ok()) return std::vector<std::string>{};
      std::vector<Placement> as_it_lies;
      for (const Placement& p : g.board().LegalPlacements(**tile))
        if (p.quarters == 0) as_it_lies.push_back(p);
      return PlacementWords(as_it_lies, typed, false);
    }
    return std::vector<std::string>{};
  };
  v.after_answer =
      [](const GameRules& r,
         const std::vector<std::string>& typed) -> std::optional<std::vector<std::string>> {
    // After a complete `meeple` answer, the colour it is of: the current player's colours with a
    // meeple left (B.2.2: a player may play several), unless one is typed already.
    const MistsGame& g = MistsState(r);
    if (Lower(typed[0]) != "meeple" || g.phase() != MistsPhase::kPlaceMeeple ||
        g.placed_tile_index() < 0)
      return std::nullopt;
    std::vector<std::string> rest(typed.begin() + 1, typed.end());
    const std::vector<std::string>& colours = g.colours();
    bool coloured = !rest.empty() &&
                    std::find(colours.begin(), colours.end(), Lower(rest.back())) != colours.end();
    if (coloured) rest.pop_back();
    if (NamedSegment(g.board().tile(g.placed_tile_index()), g.MeepleSegments(), rest) < 0)
      return std::nullopt;
    std::vector<std::string> out;
    if (!coloured)
      for (int c : g.PlayableColours()) out.push_back(colours[static_cast<std::size_t>(c)]);
    return out;
  };
  v.turn_status = [](const GameRules& r, const std::string&) {
    // The base game's shape: the team's score (level 6: each colour's, B.13), the tiles left in
    // all, then the active pile (B.11.1: when there are three) and the bank.
    const MistsGame& g = MistsState(r);
    std::string score = Fill(Tr("team {1}"), {std::to_string(g.score())});
    if (g.level().per_colour) {
      score.clear();
      for (std::size_t c = 0; c < g.colours().size(); ++c)
        score += (score.empty() ? "" : " · ") + g.colours()[c] + " " +
                 std::to_string(g.colour_scores()[c]);
    }
    std::string pile =
        g.piles().size() > 1
            ? " · " + Fill(Tr("pile {1}: {2}"),
                           {std::to_string(g.active_pile() + 1),
                            std::to_string(g.piles()[static_cast<std::size_t>(g.active_pile())])})
            : "";
    return score + " · " +
           Fill(TrPlural("{1} tile left", "{1} tiles left", g.TilesLeft()),
                {std::to_string(g.TilesLeft())}) +
           pile + " · " + Fill(Tr("bank {1}"), {std::to_string(g.bank())});
  };
  return v;
}

}  // namespace

GameModule MistsModule() {
  GameView v = MistsView();
  v.bench = MistsBench;
  v.tile_sets = {"mists"};  // the box's tiles, listed as a described set
  return {MistsDefinition(), v};
}

}  // namespace carcref
