// The City's view: its board in the terminal and as SVG, and the cells offered after `place`.
#include <string>
#include <vector>

#include "carcref/i18n.h"
#include "carcref/words.h"
#include "games/city/city.h"
#include "games/city/view/city_render.h"
#include "games/registry.h"

namespace carcref {

namespace {

GameView CityView() {
  GameView v;
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
    const int left = city.TilesLeft();
    // TRANSLATORS: the line after a turn: {1} the scores, {2} tiles left in all, {3} the stack
    // they come from now (1-3), {4} the tiles left in it.
    return Fill(TrPlural("{1} · {2} tile left · stack {3}: {4}",
                         "{1} · {2} tiles left · stack {3}: {4}", left),
                {scores, std::to_string(left), std::to_string(city.stack()),
                 std::to_string(city.TilesLeftInStack())});
  };
  return v;
}

}  // namespace

GameModule CityModule() {
  GameView v = CityView();
  // Random games with its default options on tiles from the descriptions of its seeded random
  // test (PlayRandomCityGame); no data files.
  v.bench = [](const std::vector<PlayerSpec>& players) -> Result<BenchWorkload> {
    const int count = static_cast<int>(players.size());
    BenchWorkload workload{"4 players, tiles from the descriptions of its random test",
                           [count](std::uint64_t seed) { return PlayRandomCityGame(count, seed); },
                           {}};
    // --table: a random game with its default options at the table.
    workload.table = [count](int, std::uint64_t seed) -> Result<TableBenchWorkload> {
      TableBenchWorkload out;
      out.real_commands = PlayRandomCityGame(count, seed, true).commands;
      return out;
    };
    return workload;
  };
  return {CityDefinition(), v};
}

}  // namespace carcref
