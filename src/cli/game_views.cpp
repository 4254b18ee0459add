#include "cli/game_views.h"

#include <ostream>
#include <sstream>
#include <vector>

#include "carcref/base_rules.h"
#include "carcref/city.h"
#include "carcref/coop_referee.h"
#include "carcref/mists_rules.h"
#include "carcref/words.h"
#include "cli/city_render.h"
#include "cli/coop_table.h"
#include "cli/data_files.h"
#include "cli/render.h"
#include "cli/svg.h"

namespace carcref {

namespace {

const Game& BaseState(const GameRules& r) { return static_cast<const BaseRules&>(r).state(); }

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
  std::string joined;
  for (const std::string& q : *quarters) joined += (joined.empty() ? "" : " ") + q;
  start.options["--start"] = joined;
  start.box.emplace_back(kMistsBoxRecord, box_text);
  for (const auto& [name, description] : *saved) start.saved.emplace(name, description);
  return Status::Ok();
}

Status PrepareGcc(GameStart& start, const SessionLog* log, std::ostream& out) {
  if (Status s = PrepareBase(start, log, out); !s.ok()) return s;
  return PrepareMistsBox(start, log, out);
}

Result<std::string> BaseRemaining(const GameRules& r) {
  const Game& g = BaseState(r);
  std::function<int(const TileType&)> left = [&g](const TileType& t) { return g.Remaining(t); };
  std::string out = RenderTileList(g.setup().catalog.tiles, &left);
  if (g.box()) out += "Mists tiles: " + g.box()->Describe() + "\n";
  return out + std::to_string(g.RemainingTotal()) + " tiles left\n";
}

std::vector<std::string> BaseWords(const GameRules& r) {
  const Game& g = BaseState(r);
  std::vector<std::string> out;
  if (g.gcc())
    for (const char* w : {"castle", "cemetery", "guard"}) out.push_back(w);
  for (const TilePtr& t : g.setup().catalog.tiles) out.push_back(t->id);
  return out;
}

GameView BaseView(const std::string& name, bool gcc) {
  GameView v;
  v.game = name;
  v.board = [](const GameRules& r, bool color, const BoardView& view) {
    return RenderBoard(BaseState(r), color, view);
  };
  v.svg = [](const GameRules& r, const std::string& title) {
    const Game& g = BaseState(r);
    BoardSvgOptions options;
    options.title = title;
    if (g.board().size() > 1) options.highlight_tile = g.board().size() - 1;  // the latest tile
    return BoardSvg(g, options);
  };
  v.prepare = gcc ? PrepareGcc : PrepareBase;
  v.questions["remaining"] = BaseRemaining;
  if (gcc)
    v.remember_tile = [](const std::string& n, const std::string& d) { return SaveTile(n, d); };
  v.completion = BaseWords;
  return v;
}

const CoopGame& MistsState(const GameRules& r) { return static_cast<const MistsRules&>(r).state(); }

GameView MistsView() {
  GameView v;
  v.game = "mists";
  v.board = [](const GameRules& r, bool color, const BoardView& view) {
    std::ostringstream out;
    PrintCoopBoard(MistsState(r), color, out, view);
    return out.str();
  };
  v.svg = [](const GameRules& r, const std::string& title) {
    return CoopBoardSvg(MistsState(r), title, "");
  };
  v.prepare = PrepareMistsBox;
  v.remember_tile = [](const std::string& n, const std::string& d) { return SaveTile(n, d); };
  return v;
}

GameView CityView() {
  GameView v;
  v.game = "city";
  v.board = [](const GameRules& r, bool color, const BoardView& view) {
    return RenderCityBoard(static_cast<const CityRules&>(r).city(), color, view);
  };
  v.svg = [](const GameRules& r, const std::string& title) {
    return CitySvg(static_cast<const CityRules&>(r).city(), title);
  };
  return v;
}

}  // namespace

const GameView* FindView(std::string_view game) {
  // One line per game with pictures of its own.
  static const std::vector<GameView> views = {
      BaseView("base", false),
      BaseView("gcc", true),
      MistsView(),
      CityView(),
  };
  for (const GameView& v : views)
    if (v.game == game) return &v;
  return nullptr;
}

}  // namespace carcref
