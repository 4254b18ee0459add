// The base game's view (with the Winter tiles, and GCC's on top: gcc/view/): its catalogue
// read from the data directory, `remaining`, and the words offered for completion.
#include "games/base/view/base_view.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <vector>

#include "carcref/i18n.h"
#include "carcref/notation.h"
#include "carcref/words.h"
#include "cli/data_files.h"
#include "cli/render.h"
#include "cli/svg.h"
#include "games/base/base_rules.h"
#include "games/registry.h"

namespace carcref {

namespace {

const Game& BaseState(const GameRules& r) { return static_cast<const BaseRules&>(r).state(); }

Result<std::string> BaseRemaining(const GameRules& r) {
  const Game& g = BaseState(r);
  std::function<int(const TileType&)> left = [&g](const TileType& t) { return g.Remaining(t); };
  std::string out = RenderTileList(g.setup().catalog.tiles, &left);
  if (g.box()) out += Fill(Tr("Mists tiles: {1}"), {g.box()->Describe()}) + "\n";
  long long total = g.RemainingTotal();
  return out + Fill(TrPlural("{1} tile left", "{1} tiles left", total), {std::to_string(total)}) +
         "\n";
}

std::vector<std::string> BaseWords(const GameRules& r) {
  const Game& g = BaseState(r);
  std::vector<std::string> out;
  if (g.expansion().HasGuards())
    for (const char* w : {"castle", "cemetery", "guard"}) out.push_back(w);
  for (const TilePtr& t : g.setup().catalog.tiles) out.push_back(t->id);
  return out;
}

std::vector<std::string> BaseContext(const GameRules& r, const std::vector<std::string>& typed) {
  const Game& g = BaseState(r);
  std::string verb = Lower(typed[0]);
  if (verb == "place" && g.phase() == Phase::kPlaceTile) {
    std::vector<std::string> out;
    if (typed.size() == 1) {  // the tiles still in the supply, Winter's too (winter/…)
      for (const TilePtr& t : g.setup().catalog.tiles)
        if (g.Remaining(*t) > 0) out.push_back(t->id);
      return out;
    }
    for (const TilePtr& t : g.setup().catalog.tiles)
      if (Lower(t->id) == Lower(typed[1]))
        return PlacementWords(g.board().LegalPlacements(*t), typed, true);
    return out;
  }
  if (verb == "meeple" && g.phase() == Phase::kPlaceMeeple && g.placed_tile_index() >= 0) {
    const PlacedTile& tile = g.board().tile(g.placed_tile_index());
    if (!g.expansion().HasGuards()) return MeepleWords(tile, g.MeepleSegments(), typed);
    // GCC: `guard` anywhere after the verb puts a guard instead (C.4.1): offered where one
    // may go, and after it the features that take one.
    std::vector<int> guarded;
    for (int s = 0; s < static_cast<int>(tile.type->segments.size()); ++s)
      if (g.CheckMeeple(s, true).ok()) guarded.push_back(s);
    std::vector<std::string> rest;
    bool guard = false;
    for (const std::string& w : typed) {
      if (Lower(w) == "guard")
        guard = true;
      else
        rest.push_back(w);
    }
    std::vector<std::string> out = MeepleWords(tile, guard ? guarded : g.MeepleSegments(), rest);
    if (!guard && !guarded.empty() && typed.size() == 1) AddWordOnce(out, "guard");
    return out;
  }
  return {};
}

// After a complete `meeple` answer: nothing, or in GCC `guard` where a guard may stand (C.4.1).
std::optional<std::vector<std::string>> BaseAfterAnswer(const GameRules& r,
                                                        const std::vector<std::string>& typed) {
  const Game& g = BaseState(r);
  if (Lower(typed[0]) != "meeple" || g.phase() != Phase::kPlaceMeeple || g.placed_tile_index() < 0)
    return std::nullopt;
  const PlacedTile& tile = g.board().tile(g.placed_tile_index());
  std::vector<int> segments = g.MeepleSegments();
  std::vector<int> guarded;
  if (g.expansion().HasGuards())
    for (int s = 0; s < static_cast<int>(tile.type->segments.size()); ++s)
      if (g.CheckMeeple(s, true).ok()) guarded.push_back(s);
  bool guard = false;
  std::vector<std::string> rest;
  for (std::size_t i = 1; i < typed.size(); ++i) {
    if (g.expansion().HasGuards() && Lower(typed[i]) == "guard")
      guard = true;
    else
      rest.push_back(typed[i]);
  }
  int named = NamedSegment(tile, guard ? guarded : segments, rest);
  if (named < 0 && !guard) named = NamedSegment(tile, guarded, rest);
  if (named < 0) return std::nullopt;
  if (!guard && std::find(guarded.begin(), guarded.end(), named) != guarded.end())
    return std::vector<std::string>{"guard"};
  return std::vector<std::string>{};
}

}  // namespace

// The base game's catalogue texts: the set asked for and every set it includes, checked here
// with their file names so that a damaged file is named in the error.
Status PrepareBase(GameStart& start, const SessionLog*, std::ostream&) {
  auto tiles = start.options.find("--tiles");
  std::string set = tiles == start.options.end() ? "base" : Lower(tiles->second);
  Result<std::vector<CatalogSource>> sources = ReadTileSet(set);
  if (!sources.ok()) return sources.status();
  Result<Catalog> catalog = BuildCatalog(*sources);
  if (!catalog.ok()) return catalog.status();
  for (const CatalogSource& src : *sources) start.box.emplace_back(src.set, src.text);
  return Status::Ok();
}

namespace {

// The tile step in the players' language, from the game's own data; any other step, or a
// tile step the rules word otherwise (an expansion's), is the rules' words (nullopt).
std::optional<std::string> BaseAwaiting(const GameRules& r, const Awaiting& a) {
  const Game& g = BaseState(r);
  const auto& players = g.setup().players;
  if (a.step != "tile" || a.player < 0 || a.player >= static_cast<int>(players.size()) ||
      !a.listed.empty() || a.answers.empty() || a.answers.size() > 8 || a.facts.size() != 1)
    return std::nullopt;
  const PlayerSpec& p = players[static_cast<std::size_t>(a.player)];
  std::string named = p.name + " (" + p.color + ")";
  long long left = g.RemainingTotal();
  // The rules' own English, as base_rules.cpp words it: anything else is not this step.
  if (a.words != named + " to place a tile" ||
      a.facts[0] != Plural(left, "tile", "tiles") + " left")
    return std::nullopt;
  std::string answers;
  for (const std::string& answer : a.answers) answers += (answers.empty() ? "" : " · ") + answer;
  // TRANSLATORS: whose turn it is: {1} the player and colour ("Anna (red)"), {2} the commands
  // that answer (kept as they are typed), {3} the number of tiles still to be drawn.
  return Fill(TrPlural("{1} to place a tile: {2} ({3} tile left)",
                       "{1} to place a tile: {2} ({3} tiles left)", left),
              {named, answers, std::to_string(left)});
}

}  // namespace

GameView BaseView(const std::vector<std::string>& legend) {
  GameView v;
  v.board = [](const GameRules& r, bool color, const BoardView& view) {
    return RenderBoard(BaseState(r), color, view);
  };
  v.svg = [legend](const GameRules& r, const std::string& title) {
    const Game& g = BaseState(r);
    BoardSvgOptions options;
    options.legend = legend;
    options.title = title;
    if (g.board().size() > 1) options.highlight_tile = g.board().size() - 1;  // the latest tile
    return BoardSvg(g, options);
  };
  v.prepare = PrepareBase;
  v.questions["remaining"] = BaseRemaining;
  v.completion = BaseWords;
  v.words = {"road", "city", "field", "monastery", "at"};
  v.statistics.road_and_city_records = true;
  v.review = BaseReviewWords(legend);
  v.context = BaseContext;
  v.after_answer = BaseAfterAnswer;
  v.turn_status = [](const GameRules& r, const std::string& scores) {
    long long left = BaseState(r).RemainingTotal();
    // TRANSLATORS: the line after every turn: {1} the scores ("Anna 12 · Ben 7"), {2} the
    // number of tiles still to be drawn.
    return Fill(TrPlural("{1} · {2} tile left", "{1} · {2} tiles left", left),
                {scores, std::to_string(left)});
  };
  v.awaiting = BaseAwaiting;
  return v;
}

// The plain tiles' symbols (with the Winter tiles too: they draw the same).
GameModule BaseModule() {
  GameView v = BaseView(SvgTileLegend());
  v.bench = BaseBench;
  v.tile_sets = {"base", "winter"};
  return {BaseDefinition(), v};
}

}  // namespace carcref
