#include "cli/game_views.h"

#include <algorithm>
#include <optional>
#include <ostream>
#include <sstream>
#include <vector>

#include "carcref/base_rules.h"
#include "carcref/city.h"
#include "carcref/mists_rules.h"
#include "carcref/words.h"
#include "cli/city_render.h"
#include "cli/data_files.h"
#include "cli/mists_table.h"
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
  start.options["--start"] = JoinStartQuarters(*quarters);
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
  if (g.expansion().HasGuards())
    for (const char* w : {"castle", "cemetery", "guard"}) out.push_back(w);
  for (const TilePtr& t : g.setup().catalog.tiles) out.push_back(t->id);
  return out;
}

void AddOnce(std::vector<std::string>& out, const std::string& word) {
  if (std::find(out.begin(), out.end(), word) == out.end()) out.push_back(word);
}

// After `meeple` on the tile just placed: the feature words of `segments` (where a meeple may
// go), then after one of them the sides (roads, cities) or half-edges (fields) it lies on.
std::vector<std::string> MeepleWords(const PlacedTile& tile, const std::vector<int>& segments,
                                     const std::vector<std::string>& typed) {
  std::vector<std::string> out;
  for (int s : segments) {
    FeatureKind kind = tile.type->segments[static_cast<std::size_t>(s)].kind;
    std::string name(FeatureKindName(kind));
    if (typed.size() == 1) {
      AddOnce(out, name);
      continue;
    }
    if (typed.size() != 2 || Lower(typed[1]) != name) continue;
    if (kind == FeatureKind::kRoad || kind == FeatureKind::kCity) {
      for (int side = 0; side < 4; ++side)
        if (tile.OwnerOfBoardPort(MiddlePort(static_cast<Side>(side))) == s)
          AddOnce(out, std::string(SideName(static_cast<Side>(side))));
    } else if (kind == FeatureKind::kField) {
      for (Port p = 0; p < kPorts; ++p)
        if (PartOfPort(p) != 1 && tile.OwnerOfBoardPort(p) == s)
          AddOnce(out, std::string(HalfName(p)));
    }
  }
  return out;
}

// The segment of `segments` that `words` (what follows `meeple`) name in full: "2", "road E",
// "field NL", "monastery" (a feature with no sides to name); -1 when they name none in full.
int NamedSegment(const PlacedTile& tile, const std::vector<int>& segments,
                 const std::vector<std::string>& words) {
  if (words.size() == 1 && !words[0].empty() &&
      words[0].find_first_not_of("0123456789") == std::string::npos) {
    std::size_t n = words[0].size() > 3 ? 0 : std::stoul(words[0]);
    return n >= 1 && n <= segments.size() ? segments[n - 1] : -1;
  }
  if (words.empty() || words.size() > 2) return -1;
  for (int s : segments) {
    std::vector<std::string> sides = MeepleWords(tile, {s}, {"meeple", Lower(words[0])});
    if (MeepleWords(tile, {s}, {"meeple"}) != std::vector<std::string>{Lower(words[0])}) continue;
    if (words.size() == 1 ? sides.empty()
                          : std::any_of(sides.begin(), sides.end(), [&](const std::string& w) {
                              return Lower(w) == Lower(words[1]);
                            }))
      return s;
  }
  return -1;
}

// Where `placements` put a tile: after `place TILE` the cells, after `place TILE X,Y` the
// rotations there (with_rotation: the base game's catalogue tiles).
std::vector<std::string> PlacementWords(const std::vector<Placement>& placements,
                                        const std::vector<std::string>& typed, bool with_rotation) {
  std::vector<std::string> out;
  std::size_t at = typed.size() > 2 && Lower(typed[2]) == "at" ? 3 : 2;  // "place T at X,Y"
  if (typed.size() == at) {
    for (const Placement& p : placements) AddOnce(out, CellName(p.cell));
  } else if (with_rotation && typed.size() == at + 1) {
    std::optional<Cell> cell = ParseCell(typed[at]);
    if (cell)
      for (const Placement& p : placements)
        if (p.cell == *cell) AddOnce(out, std::to_string(p.quarters * 90));
  }
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
    if (!guard && !guarded.empty() && typed.size() == 1) AddOnce(out, "guard");
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
  v.review = BaseReviewWords();
  v.context = BaseContext;
  v.after_answer = BaseAfterAnswer;
  v.turn_status = [](const GameRules& r, const std::string& scores) {
    return scores + " · " + Plural(BaseState(r).RemainingTotal(), "tile", "tiles") + " left";
  };
  return v;
}

const MistsGame& MistsState(const GameRules& r) {
  return static_cast<const MistsRules&>(r).state();
}

GameView MistsView() {
  GameView v;
  v.game = "mists";
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
    std::string score = "team " + std::to_string(g.score());
    if (g.level().per_colour) {
      score.clear();
      for (std::size_t c = 0; c < g.colours().size(); ++c)
        score += (score.empty() ? "" : " · ") + g.colours()[c] + " " +
                 std::to_string(g.colour_scores()[c]);
    }
    std::string pile =
        g.piles().size() > 1
            ? " · pile " + std::to_string(g.active_pile() + 1) + ": " +
                  std::to_string(g.piles()[static_cast<std::size_t>(g.active_pile())])
            : "";
    return score + " · " + Plural(g.TilesLeft(), "tile", "tiles") + " left" + pile + " · bank " +
           std::to_string(g.bank());
  };
  return v;
}

GameView CityView() {
  GameView v;
  v.game = "city";
  v.context = [](const GameRules& r, const std::vector<std::string>& typed) {
    // After `place DESCRIPTION` (or a saved name): the cells where the tile fits (D.3).
    const CityRules& rules = static_cast<const CityRules&>(r);
    if (Lower(typed[0]) != "place" || typed.size() < 2 || r.Awaits().step != "tile")
      return std::vector<std::string>{};
    auto saved = rules.saved().find(typed[1]);
    Result<CityTile> tile = ParseCityTile(saved == rules.saved().end() ? typed[1] : saved->second);
    if (!tile.ok()) return std::vector<std::string>{};
    std::vector<Placement> places;
    for (Cell c : rules.city().PlacesFor(*tile)) places.push_back({c, 0});
    return PlacementWords(places, typed, false);
  };
  v.board = [](const GameRules& r, bool color, const BoardView& view) {
    return RenderCityBoard(static_cast<const CityRules&>(r).city(), color, view);
  };
  v.svg = [](const GameRules& r, const std::string& title) {
    return CitySvg(static_cast<const CityRules&>(r).city(), title);
  };
  v.turn_status = [](const GameRules& r, const std::string& scores) {
    const auto& city = static_cast<const CityRules&>(r).city();
    return scores + " · " + Plural(city.TilesLeft(), "tile", "tiles") + " left · stack " +
           std::to_string(city.stack()) + ": " + std::to_string(city.TilesLeftInStack());
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
