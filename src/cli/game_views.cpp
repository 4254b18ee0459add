#include "cli/game_views.h"

#include "carcref/city.h"
#include "cli/city_render.h"

#include <vector>

namespace carcref {

const GameView* FindView(std::string_view game) {
  // One line per game with pictures of its own.
  static const std::vector<GameView> views = {
      {"city",
       [](const GameRules& r, bool color, const BoardView& view) {
         return RenderCityBoard(static_cast<const CityRules&>(r).city(), color, view);
       },
       [](const GameRules& r, const std::string& title) {
         return CitySvg(static_cast<const CityRules&>(r).city(), title);
       }},
  };
  for (const GameView& v : views)
    if (v.game == game) return &v;
  return nullptr;
}

}  // namespace carcref
