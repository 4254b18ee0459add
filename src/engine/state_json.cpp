#include "carcref/state_json.h"

#include <algorithm>

#include "carcref/json.h"

namespace carcref {

void CellJson(JsonWriter& w, Cell c) {
  w.BeginArray("cell").Value("", c.x).Value("", c.y).EndArray();
}

namespace {

std::string PhaseName(Phase p) {
  switch (p) {
    case Phase::kPlaceTile:
      return "tile";
    case Phase::kGhost:
      return "ghost";
    case Phase::kPlaceMeeple:
      return "meeple";
    case Phase::kOrder:
      return "order";
    case Phase::kGameOver:
      return "over";
  }
  return "?";
}

}  // namespace

void AnswersJson(JsonWriter& w, const std::vector<std::string>& answers) {
  w.BeginArray("answers");
  for (const std::string& a : answers) w.Value("", a);
  w.EndArray();
}

std::vector<std::string> NumberedAnswers(const char* verb, std::size_t n) {
  std::vector<std::string> out;
  for (std::size_t i = 1; i <= n; ++i) out.push_back(std::string(verb) + " " + std::to_string(i));
  return out;
}

std::vector<std::string> BaseAnswers(const Game& g) {
  std::vector<std::string> answers;
  switch (g.phase()) {
    case Phase::kPlaceTile:
      answers = {"place TILE X,Y [ROT]", "discard TILE", "end"};
      break;
    case Phase::kPlaceMeeple:
      answers = NumberedAnswers("meeple", g.MeepleOptions().size());
      answers.push_back("pass");
      break;
    case Phase::kGhost:
    case Phase::kOrder:
      answers = g.expansion().StepAnswers(g);
      break;
    case Phase::kGameOver:
      break;
  }
  return answers;
}

std::string BaseStateJson(const Game& g, const std::vector<ScoreLine>& history) {
  JsonWriter w;
  w.BeginObject().Value("game", g.expansion().Name());
  w.BeginObject("options").Value("farmers", g.setup().farmers);
  w.BeginArray("tiles");
  for (const std::string& s : g.setup().tile_sets) w.Value("", s);
  w.EndArray();
  g.expansion().OptionsJson(g, w);
  w.EndObject();
  w.Value("turn", g.turn()).Value("phase", PhaseName(g.phase()));
  std::vector<std::string> answers = BaseAnswers(g);
  w.BeginObject("awaiting")
      .Value("step", PhaseName(g.phase()))
      .Value("player", g.phase() == Phase::kGameOver ? -1 : g.current_player());
  AnswersJson(w, answers);
  w.EndObject();
  w.Value("tiles_left", g.RemainingTotal()).BeginObject("remaining");
  for (const auto& [id, n] : g.remaining()) w.Value(id, n);
  w.EndObject();
  std::vector<int> winners = g.phase() == Phase::kGameOver ? g.Winners() : std::vector<int>{};
  w.BeginArray("players");
  for (int p = 0; p < static_cast<int>(g.setup().players.size()); ++p) {
    const ScoreTotals& t = g.totals()[p];
    w.BeginObject()
        .Value("name", g.setup().players[p].name)
        .Value("color", g.setup().players[p].color)
        .Value("score", t.Total())
        .Value("winner", std::find(winners.begin(), winners.end(), p) != winners.end())
        .BeginObject("breakdown")
        .Value("roads", t.roads)
        .Value("cities", t.cities)
        .Value("monasteries", t.monasteries)
        .Value("farms", t.farms);
    g.expansion().BreakdownJson(g, p, w);
    w.EndObject().Value("supply", g.Supply(p));
    g.expansion().PlayerJson(g, p, w);
    w.EndObject();
  }
  w.EndArray().BeginArray("meeples");
  for (const Meeple& m : g.meeples()) {
    const PlacedTile& t = g.board().tile(m.tile);
    FeatureKind kind = t.type->segments[static_cast<std::size_t>(m.segment)].kind;
    w.BeginObject();
    CellJson(w, t.cell);
    w.Value("feature", FeatureKindName(kind))
        .Value("where", DescribeSegment(*t.type, m.segment, t.quarters))
        .Value("color", g.setup().players[m.player].color)
        .Value("player", g.setup().players[m.player].name)
        .Value("kind", m.guard                       ? "guard"
                       : kind == FeatureKind::kField ? "farmer"
                                                     : "meeple")
        .Value("ghosts", m.ghosts)
        .EndObject();
  }
  w.EndArray();
  g.expansion().StateJson(g, w);
  w.Raw("scores", ScoreLinesJson(history));  // every scoring, as the City's
  w.EndObject();
  return w.str();
}

}  // namespace carcref
