// CityRules::StateJson: the whole state of a City game as one JSON object.
#include "carcref/json.h"
#include "carcref/rules.h"
#include "city_internal.h"
#include "games/city/city.h"

namespace carcref {

using city_internal::SlotName;

namespace {

std::string Kind(CityPart p) {
  return p == CityPart::kStreet ? "street" : p == CityPart::kMarket ? "market" : "residential";
}

}  // namespace

std::string CityRules::StateJson() const {
  const CityGame& g = game_;
  const CitySetup& setup = g.setup();
  JsonWriter j;
  j.BeginObject().Value("game", "city");
  j.BeginObject("options");
  for (const CityAlternative& a : CityAlternatives()) j.Value(a.key, setup.options.*a.flag);
  j.Ints("stacks", {setup.options.stacks.begin(), setup.options.stacks.end()});
  j.EndObject();
  std::vector<int> scores = g.Scores();
  j.BeginArray("players");
  for (int p = 0; p < g.players(); ++p) {
    j.BeginObject()
        .Value("name", setup.players[p].name)
        .Value("color", setup.players[p].color)
        .Value("score", scores[p])
        .Value("supply", g.Supply(p))
        .Value("returning", g.Returning(p))
        .Value("watchmen", g.Watchmen(p))
        .Value("towers_left", g.TowersLeft(p))
        .EndObject();
  }
  j.EndArray();
  j.Value("turn", g.turn())
      .Value("current", g.current_player())
      .Value("phase", CityPhaseName(g.phase()));
  Awaiting a = Awaits();
  j.BeginObject("awaiting").Value("step", a.step).Value("player", a.player).Value("words", a.words);
  j.BeginArray("answers");
  for (const std::string& s : a.answers) j.Value("", s);
  j.EndArray().EndObject();
  j.Raw("scores", ScoreLinesJson(g.score_lines()));
  j.BeginArray("tiles");
  for (const PlacedCityTile& t : g.tiles())
    j.BeginObject()
        .Ints("cell", {t.cell.x, t.cell.y})
        .Value("tile", t.tile.text)
        .Value("player", t.player)
        .Value("turn", t.turn)
        .Value("stack", t.stack)
        .EndObject();
  j.EndArray();
  j.BeginArray("followers");
  for (const CityFollower& m : g.followers())
    j.BeginObject()
        .Value("kind", "follower")
        .Ints("cell", {g.tiles()[m.tile].cell.x, g.tiles()[m.tile].cell.y})
        .Value("area", Kind(g.tiles()[m.tile].tile.areas[m.area].kind))
        .Value("where", g.AreaWords(m.tile, m.area))
        .Value("player", setup.players[m.player].name)
        .Value("color", setup.players[m.player].color)
        .EndObject();
  for (const WallSlot& w : g.wall())
    if (w.watchman >= 0)
      j.BeginObject()
          .Value("kind", "watchman")
          .Ints("cell", {w.cell.x, w.cell.y})
          .Value("side", SideName(w.side))
          .Value("player", setup.players[w.watchman].name)
          .Value("color", setup.players[w.watchman].color)
          .EndObject();
  j.EndArray();
  j.BeginArray("wall");
  for (const WallSlot& w : g.wall())
    j.BeginObject()
        .Value("slot", SlotName(w))
        .Value("kind", WallKindName(w.kind))
        .Value("player", w.player)
        .Value("watchman", w.watchman)
        .Value("tower", w.tower)
        .EndObject();
  j.EndArray();
  j.Value("gate", g.gate_index()).Value("wall_gap", g.WallGap());
  j.Value("stack", g.stack()).Value("tiles_left_in_stack", g.TilesLeftInStack());
  j.Value("tiles_left", g.TilesLeft()).Value("discarded", g.discarded());
  j.Value("wall_pieces_left", g.WallPiecesLeft()).Value("short_pieces_left", g.ShortPiecesLeft());
  j.Value("over", g.over()).Ints("winners", g.Winners()).Value("end_reason", g.end_reason());
  j.EndObject();
  return j.str();
}

}  // namespace carcref
