// The state JSON of a Mists co-op game (MistsStateJson, MistsAnswers: mists_rules.h), with the
// keys state_json.h lists for Mists, written with the helpers the base game's uses.
#include <string>
#include <vector>

#include "carcref/json.h"
#include "carcref/state_json.h"
#include "games/mists/mists_internal.h"
#include "games/mists/mists_rules.h"

namespace carcref {

namespace mists_internal {

PhaseNames NamesOf(MistsPhase phase) {
  switch (phase) {
    case MistsPhase::kPlaceTile:
      return {"tile", "tile"};
    case MistsPhase::kBury:
      return {"bury", "bury"};
    case MistsPhase::kCemeteryGhost:
      return {"cemetery", "cemetery"};
    case MistsPhase::kPlaceMeeple:
      return {"meeple", "meeple"};
    case MistsPhase::kEvaluate:
      return {"score or calm", "score or calm"};
    case MistsPhase::kHound:
      return {"hound", "hound"};
    case MistsPhase::kHoundCalm:
      return {"hound calm", "hound calms"};
    case MistsPhase::kFaceDown:
      return {"facedown", "face-down"};
    case MistsPhase::kWon:
      return {"won", "won"};
    case MistsPhase::kLost:
      return {"lost", "lost"};
    case MistsPhase::kHauntArea:
      return {"haunt", "haunt"};
  }
  return {"?", ""};
}

}  // namespace mists_internal

namespace {

std::string MistsPhaseName(MistsPhase p) { return mists_internal::NamesOf(p).json; }

}  // namespace

std::vector<std::string> MistsAnswers(const MistsGame& g) {
  std::vector<std::string> answers;
  switch (g.phase()) {
    case MistsPhase::kPlaceTile:
      answers = {"place DESCRIPTION X,Y", "discard DESCRIPTION"};
      break;
    case MistsPhase::kPlaceMeeple:
      answers = NumberedAnswers("meeple", g.MeepleSegments().size());
      answers.push_back("pass");
      break;
    case MistsPhase::kBury:
      answers = {"bury X,Y [FEATURE]", "bury COLOUR"};
      break;
    case MistsPhase::kCemeteryGhost:
      for (Cell c : g.OpenCemeteries()) answers.push_back("cemetery " + CellName(c));
      break;
    case MistsPhase::kEvaluate:
      for (std::size_t i = 1; i <= g.pending().size(); ++i) {
        answers.push_back("score " + std::to_string(i));
        answers.push_back("calm " + std::to_string(i) + " X,Y [WHERE COUNT]");
      }
      break;
    case MistsPhase::kHound:
      answers = {"hound X,Y [FEATURE]"};
      break;
    case MistsPhase::kHoundCalm:
      answers = {"calm X,Y [WHERE COUNT]", "done"};
      break;
    case MistsPhase::kFaceDown:
      for (Cell c : g.FaceDownCells()) answers.push_back("facedown " + CellName(c));
      break;
    case MistsPhase::kHauntArea:  // EDGE-08: each mist area by its first misty half-edge
      for (int t : g.haunt_pending()) {
        const PlacedTile& placed = g.board().tile(t);
        for (int area : g.MistAreas(t)) {
          std::string where;
          for (Port p = 0; p < kPorts && where.empty(); ++p)
            if (PartOfPort(p) != 1 && placed.MistOfBoardPort(p) == area)
              where = std::string(HalfName(p));
          for (int side = 0; side < 4 && where.empty(); ++side)
            if (placed.MistOfBoardPort(MiddlePort(static_cast<Side>(side))) == area)
              where = "road " + std::string(SideName(static_cast<Side>(side)));
          if (!where.empty()) answers.push_back("haunt " + CellName(placed.cell) + " " + where);
        }
      }
      break;
    case MistsPhase::kWon:
    case MistsPhase::kLost:
      break;
  }
  return answers;
}

std::string MistsStateJson(const MistsGame& g, const std::vector<ScoreLine>& history) {
  const MistsOptions& o = g.setup().options;
  JsonWriter w;
  w.BeginObject().Value("game", "mists").Value("level", g.level().level);
  w.BeginObject("options")
      .Value("meeples_on_misty_roads", o.meeples_on_misty_roads)
      .Value("facedown_orthogonal", o.facedown_orthogonal);
  for (const MistsAlternative& a : MistsAlternatives()) w.Value(a.key, o.*a.flag);
  w.EndObject();
  w.Value("turn", g.turn()).Value("phase", MistsPhaseName(g.phase()));
  std::vector<std::string> answers = MistsAnswers(g);
  bool over = g.phase() == MistsPhase::kWon || g.phase() == MistsPhase::kLost;
  w.BeginObject("awaiting")
      .Value("step", MistsPhaseName(g.phase()))
      .Value("player", over ? -1 : g.current_player());
  AnswersJson(w, answers);
  w.EndObject();
  w.Value("score", g.score()).Value("goal", g.level().goal);
  w.BeginArray("players");
  for (const MistsPlayer& p : g.setup().players) {
    w.BeginObject().Value("name", p.name).BeginArray("colours");
    for (const std::string& c : p.colours) w.Value("", c);
    w.EndArray().EndObject();
  }
  w.EndArray();
  if (g.level().per_colour) {
    w.BeginObject("colour_scores");
    for (std::size_t c = 0; c < g.colours().size(); ++c)
      w.Value(g.colours()[c], g.colour_scores()[c]);
    w.EndObject();
  }
  w.BeginObject("supply");
  for (std::size_t c = 0; c < g.colours().size(); ++c)
    w.Value(g.colours()[c], g.Supply(static_cast<int>(c)));
  w.EndObject().BeginArray("meeples");
  for (const MistsMeeple& m : g.meeples()) {
    const PlacedTile& t = g.board().tile(m.tile);
    int hound = 0;
    for (const Hound& h : g.hounds())
      if (!h.done && h.tile == m.tile && h.segment == m.segment && !m.buried) hound = h.number;
    w.BeginObject();
    CellJson(w, t.cell);
    w.Value("feature", FeatureKindName(t.type->segments[static_cast<std::size_t>(m.segment)].kind))
        .Value("where", DescribeSegment(*t.type, m.segment, t.quarters))
        .Value("color", g.colours()[static_cast<std::size_t>(m.colour)])
        .Value("kind", "meeple")
        .Value("buried", m.buried)
        .Value("hound", hound)
        .EndObject();
  }
  w.EndArray().BeginArray("ghosts");
  for (const auto& [spot, count] : g.ghosts()) {
    if (count == 0) continue;
    const PlacedTile& t = g.board().tile(spot.tile);
    w.BeginObject();
    CellJson(w, t.cell);
    w.Value("feature",
            FeatureKindName(t.type->segments[static_cast<std::size_t>(spot.segment)].kind))
        .Value("where", DescribeSegment(*t.type, spot.segment, t.quarters))
        .Value("count", count)
        .EndObject();
  }
  w.EndArray().Value("bank", g.bank()).Value("ghosts_on_board", g.GhostsOnBoard());
  w.BeginArray("piles");
  for (int n : g.piles()) w.Value("", n);
  w.EndArray().Value("active_pile", g.active_pile()).Value("tiles_left", g.TilesLeft());
  w.BeginArray("hounds");
  for (const Hound& h : g.hounds()) {
    w.BeginObject().Value("number", h.number).Value("done", h.done);
    if (h.tile >= 0) CellJson(w, g.board().tile(h.tile).cell);
    w.EndObject();
  }
  w.EndArray().Value("outcome", g.outcome());
  w.Raw("scores", ScoreLinesJson(history));  // every scoring, as the City's
  w.EndObject();
  return w.str();
}

}  // namespace carcref
