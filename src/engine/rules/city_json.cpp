// CityRules::StateJson: the whole state of a City game as one JSON object. The engine may
// not use the cli's JsonWriter (STYLE.md layers), so a minimal writer lives here.
#include <cstdio>

#include "carcref/city.h"
#include "city_internal.h"

namespace carcref {

using city_internal::SlotName;

namespace {

std::string Quote(std::string_view s) {
  std::string out = "\"";
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

// Appends members and elements; commas are handled.
class Json {
 public:
  Json& Open(char bracket, std::string_view key = {}) {
    Key(key);
    out_ += bracket;
    first_ = true;
    return *this;
  }
  Json& Close(char bracket) {
    out_ += bracket;
    first_ = false;
    return *this;
  }
  Json& Str(std::string_view key, std::string_view v) {
    Key(key);
    out_ += Quote(v);
    return *this;
  }
  Json& Int(std::string_view key, long long v) {
    Key(key);
    out_ += std::to_string(v);
    return *this;
  }
  Json& Bool(std::string_view key, bool v) {
    Key(key);
    out_ += v ? "true" : "false";
    return *this;
  }
  Json& Ints(std::string_view key, const std::vector<int>& v) {
    Open('[', key);
    for (int x : v) Int({}, x);
    return Close(']');
  }
  const std::string& str() const { return out_; }

 private:
  void Key(std::string_view key) {
    if (!first_) out_ += ',';
    first_ = false;
    if (!key.empty()) out_ += Quote(key) + ":";
  }
  std::string out_;
  bool first_ = true;
};

std::string Kind(CityPart p) {
  return p == CityPart::kStreet ? "street" : p == CityPart::kMarket ? "market" : "residential";
}

}  // namespace

std::string CityRules::StateJson() const {
  const CityGame& g = game_;
  const CitySetup& setup = g.setup();
  Json j;
  j.Open('{').Str("game", "city");
  j.Open('{', "options");
  j.Bool("walls_when_stack1_empty", setup.options.walls_when_stack1_empty)
      .Bool("wall_per_feature", setup.options.wall_per_feature)
      .Bool("walls_need_no_tile", setup.options.walls_need_no_tile)
      .Bool("scored_watchmen", setup.options.scored_watchmen);
  j.Ints("stacks", {setup.options.stacks.begin(), setup.options.stacks.end()});
  j.Close('}');
  std::vector<int> scores = g.Scores();
  j.Open('[', "players");
  for (int p = 0; p < g.players(); ++p) {
    j.Open('{')
        .Str("name", setup.players[p].name)
        .Str("colour", setup.players[p].color)
        .Int("score", scores[p])
        .Int("supply", g.Supply(p))
        .Int("returning", g.Returning(p))
        .Int("watchmen", g.Watchmen(p))
        .Int("towers_left", g.TowersLeft(p))
        .Close('}');
  }
  j.Close(']');
  j.Int("turn", g.turn()).Int("current", g.current_player()).Str("phase", CityPhaseName(g.phase()));
  Awaiting a = Awaits();
  j.Open('{', "awaiting").Str("step", a.step).Int("player", a.player).Str("words", a.words);
  j.Open('[', "answers");
  for (const std::string& s : a.answers) j.Str({}, s);
  j.Close(']').Close('}');
  j.Open('[', "scores");
  for (const ScoreLine& l : g.score_lines()) {
    j.Open('{').Str("what", l.what).Str("where", l.where).Str("reason", l.reason);
    j.Bool("final", l.final).Int("turn", l.turn);
    j.Ints("followers", l.followers).Ints("winners", l.winners).Ints("points", l.points);
    j.Open('[', "cells");
    for (Cell c : l.cells) j.Str({}, CellName(c));
    j.Close(']').Close('}');
  }
  j.Close(']');
  j.Open('[', "tiles");
  for (const PlacedCityTile& t : g.tiles())
    j.Open('{')
        .Str("cell", CellName(t.cell))
        .Str("tile", t.tile.text)
        .Int("player", t.player)
        .Int("turn", t.turn)
        .Int("stack", t.stack)
        .Close('}');
  j.Close(']');
  j.Open('[', "followers");
  for (const CityFollower& m : g.followers())
    j.Open('{')
        .Str("kind", "follower")
        .Str("cell", CellName(g.tiles()[m.tile].cell))
        .Str("area", Kind(g.tiles()[m.tile].tile.areas[m.area].kind))
        .Str("where", g.AreaWords(m.tile, m.area))
        .Int("player", m.player)
        .Str("colour", setup.players[m.player].color)
        .Close('}');
  for (const WallSlot& w : g.wall())
    if (w.watchman >= 0)
      j.Open('{')
          .Str("kind", "watchman")
          .Str("cell", CellName(w.cell))
          .Str("side", SideName(w.side))
          .Int("player", w.watchman)
          .Str("colour", setup.players[w.watchman].color)
          .Close('}');
  j.Close(']');
  j.Open('[', "wall");
  for (const WallSlot& w : g.wall())
    j.Open('{')
        .Str("slot", SlotName(w))
        .Str("kind", WallKindName(w.kind))
        .Int("player", w.player)
        .Int("watchman", w.watchman)
        .Int("tower", w.tower)
        .Close('}');
  j.Close(']');
  j.Int("gate", g.gate_index()).Int("wall_gap", g.WallGap());
  j.Int("stack", g.stack()).Int("tiles_left_in_stack", g.TilesLeftInStack());
  j.Int("tiles_left", g.TilesLeft()).Int("discarded", g.discarded());
  j.Int("wall_pieces_left", g.WallPiecesLeft()).Int("short_pieces_left", g.ShortPiecesLeft());
  j.Bool("over", g.over()).Ints("winners", g.Winners()).Str("end_reason", g.end_reason());
  j.Close('}');
  return j.str();
}

}  // namespace carcref
