#include "carcref/format.h"

#include <algorithm>

#include "carcref/json.h"
#include "carcref/words.h"

namespace carcref {

namespace {

const std::string& Name(const Game& g, int p) { return g.setup().players[p].name; }

std::string MeepleWord(FeatureKind k, int n) {
  switch (k) {
    case FeatureKind::kRoad:
      return Plural(n, "thief", "thieves");
    case FeatureKind::kCity:
      return Plural(n, "knight", "knights");
    case FeatureKind::kMonastery:
      return Plural(n, "monk", "monks");
    case FeatureKind::kField:
      return Plural(n, "farmer", "farmers");
    case FeatureKind::kCastle:
    case FeatureKind::kCemetery:
    case FeatureKind::kMist:
      break;
  }
  return Plural(n, "meeple", "meeples");
}

std::string MeepleList(const Game& g, FeatureKind kind, const std::vector<int>& meeples) {
  std::string out;
  for (int p = 0; p < static_cast<int>(meeples.size()); ++p) {
    if (!meeples[p]) continue;
    if (!out.empty()) out += ", ";
    out += Name(g, p) + " " + MeepleWord(kind, meeples[p]);
  }
  return out;
}

}  // namespace

std::string FormatEventCosts(const Game& g, const ScoreEvent& e) {
  std::string out;
  // GCC: the ghosts' cost and the floor, player by player (C.5, C.9).
  for (size_t p = 0; p < e.penalty.size(); ++p) {
    if (e.penalty[p] == 0 && e.floor[p] == 0) continue;
    bool won =
        std::find(e.winners.begin(), e.winners.end(), static_cast<int>(p)) != e.winners.end();
    out += "; " + Name(g, static_cast<int>(p)) + " " + (won ? std::to_string(e.value) : "0");
    if (e.penalty[p])
      out += " − " + Plural(e.ghosts[p], "ghost", "ghosts") + " × " + (e.final ? "1" : "2") +
             " = " + std::to_string((won ? e.value : 0) + e.penalty[p]);
    if (e.floor[p])
      out += e.final
                 ? ", total below 0 at the end: floor +" + std::to_string(e.floor[p]) + " (AMB-30)"
                 : ", total floored at 0: +" + std::to_string(e.floor[p]) + " (C.5.2)";
    out += " → " + (e.points[p] >= 0 ? "+" : std::string()) + std::to_string(e.points[p]);
  }
  if (e.guard_to >= 0)
    out += "; " + Name(g, e.guard_to) + " takes a guard from the general supply (C.6.3)";
  else if (e.kind == FeatureKind::kCemetery && !e.final && !e.winners.empty())
    out += "; no " + g.setup().players[e.winners[0]].color +
           " guard left in the general supply (C.6.3)";
  return out;
}

std::string FormatPlacement(const Game& g, int tile_index) {
  const PlacedTile& t = g.board().tile(tile_index);
  // A Mists tile (no catalogue id) is typed as it lies: it has no rotation to read back.
  if (t.type->id.empty() && t.quarters == 0)
    return "Mists tile at " + CellName(t.cell) + ": " + DescribeTile(*t.type, 0);
  std::string id = t.type->id.empty() ? "Mists tile" : t.type->id;
  return id + " at " + CellName(t.cell) + " rotated " + std::to_string(t.quarters * 90) + ": " +
         DescribeTile(*t.type, t.quarters);
}

std::string FormatScores(const Game& g) { return g.expansion().ScoreTable(g); }

// The base game's words for the Expansion hooks (expansion.h); an expansion may say more.
void Expansion::SupplyFacts(const Game& g, int player, std::vector<std::string>& facts) const {
  facts.push_back(g.setup().players[player].name + " has " +
                  Plural(g.Supply(player), "meeple", "meeples") + " left");
}

std::string Expansion::ScoreTable(const Game& g) const {
  std::string out;
  size_t width = 4;
  // Display columns, not bytes: "Šárka" lines up with "Anna" (DisplayWidth).
  for (const PlayerSpec& p : g.setup().players) width = std::max(width, DisplayWidth(p.name));
  auto pad = [&](const std::string& s) { return PadRight(s, width + 2); };
  out += pad("") + "total  roads  cities  monast.  farms  meeples\n";
  for (int p = 0; p < static_cast<int>(g.setup().players.size()); ++p) {
    const ScoreTotals& t = g.totals()[p];
    char line[128];
    std::snprintf(line, sizeof line, "%5d  %5d  %6d  %7d  %5d  %7d", t.Total(), t.roads, t.cities,
                  t.monasteries, t.farms, g.Supply(p));
    out += pad(g.setup().players[p].name) + line + "  (" + g.setup().players[p].color + ")\n";
  }
  return out;
}

std::string FormatReport(const Game& g, const FeatureReport& r) {
  std::string out(FeatureKindName(r.kind));
  out += ": " + Plural(static_cast<int>(r.cells.size()), "tile", "tiles");
  std::string cells;
  for (Cell c : r.cells) cells += (cells.empty() ? "" : " ") + CellName(c);
  out += " (" + cells + ")";
  if (r.kind == FeatureKind::kCity) out += ", " + Plural(r.pennants, "pennant", "pennants");
  out += "\n";
  std::string meeples = MeepleList(g, r.kind, r.meeples);
  out += "  meeples: " + (meeples.empty() ? std::string("none") : meeples) + "\n";
  switch (r.kind) {
    case FeatureKind::kField:
      out += "  borders " + Plural(r.bordered_cities, "city", "cities") + ", " +
             std::to_string(r.completed_cities) + " completed\n";
      out += "  at game end: " + r.reason_end + "\n";
      break;
    case FeatureKind::kCastle:
    case FeatureKind::kCemetery:
    case FeatureKind::kMonastery:
      if (r.complete) {
        out += "  complete: scored " + std::to_string(r.value_complete) + " when surrounded (" +
               r.reason_complete + ")\n";
      } else {
        out += "  " + std::to_string(9 - static_cast<int>(r.cells.size())) +
               " neighbouring cells still empty\n";
        out +=
            "  if surrounded: " + r.reason_complete + "; at game end now: " + r.reason_end + "\n";
      }
      break;
    default:
      if (r.complete) {
        out += "  complete: scored " + r.reason_complete + " when it closed\n";
      } else {
        std::string ends;
        for (auto& [cell, side] : r.open_ends)
          ends += (ends.empty() ? "" : ", ") + CellName(cell) + " " + std::string(SideName(side));
        out += "  open: " + ends + "\n";
        out +=
            "  if closed now: " + r.reason_complete + "; at game end now: " + r.reason_end + "\n";
      }
  }
  if (!r.winners.empty() && !(r.complete && r.kind != FeatureKind::kField)) {
    out += "  would go to:";
    for (size_t i = 0; i < r.winners.size(); ++i) out += (i ? ", " : " ") + Name(g, r.winners[i]);
    out += "\n";
  }
  out += g.expansion().ExplainWords(g, r);  // GCC: the ghosts with its meeples (C.5.1)
  return out;
}

std::string EventJson(const Game& g, const ScoreEvent& e) {
  JsonWriter w;
  w.BeginObject()
      .Value("kind", FeatureKindName(e.kind))
      .Value("final", e.final)
      .Value("turn", e.turn)
      .Value("where", e.where)
      .Value("tiles", e.tiles)
      .Value("pennants", e.pennants)
      .Value("cities", e.cities)
      .Value("value", e.value)
      .Value("reason", e.reason);
  w.BeginObject("meeples");
  for (size_t p = 0; p < e.meeples.size(); ++p) w.Value(Name(g, static_cast<int>(p)), e.meeples[p]);
  w.EndObject().BeginObject("points");
  for (size_t p = 0; p < e.points.size(); ++p) w.Value(Name(g, static_cast<int>(p)), e.points[p]);
  w.EndObject();
  if (!e.penalty.empty()) {  // GCC: the ghosts and the floor per player (C.5, C.9)
    w.BeginObject("ghosts");
    for (size_t p = 0; p < e.ghosts.size(); ++p) w.Value(Name(g, static_cast<int>(p)), e.ghosts[p]);
    w.EndObject().BeginObject("penalty");
    for (size_t p = 0; p < e.penalty.size(); ++p)
      w.Value(Name(g, static_cast<int>(p)), e.penalty[p]);
    w.EndObject().BeginObject("floor");
    for (size_t p = 0; p < e.floor.size(); ++p) w.Value(Name(g, static_cast<int>(p)), e.floor[p]);
    w.EndObject();
    if (e.guard_to >= 0) w.Value("guard_to", Name(g, e.guard_to));
  }
  w.BeginArray("cells");
  for (Cell c : e.cells) w.Value("", CellName(c));
  w.EndArray().EndObject();
  return w.str();
}

std::string GameJson(const Game& g, const std::string& status,
                     const std::vector<std::string>& errors) {
  JsonWriter w;
  w.BeginObject().Value("status", status).Value("game", g.setup().game);
  w.Value("turn", g.turn()).Value("tiles_left", g.RemainingTotal());
  w.BeginArray("players");
  std::vector<int> winners = g.phase() == Phase::kGameOver ? g.Winners() : std::vector<int>{};
  for (int p = 0; p < static_cast<int>(g.setup().players.size()); ++p) {
    const ScoreTotals& t = g.totals()[p];
    w.BeginObject()
        .Value("name", g.setup().players[p].name)
        .Value("color", g.setup().players[p].color)
        .Value("score", t.Total())
        .Value("winner", std::find(winners.begin(), winners.end(), p) != winners.end());
    w.BeginObject("breakdown")
        .Value("roads", t.roads)
        .Value("cities", t.cities)
        .Value("monasteries", t.monasteries)
        .Value("farms", t.farms);
    g.expansion().BreakdownJson(g, p, w);
    w.EndObject();
    g.expansion().PlayerJson(g, p, w);
    w.EndObject();
  }
  w.EndArray().BeginArray("errors");
  for (const std::string& e : errors) w.Value("", e);
  w.EndArray().EndObject();
  return w.str();
}

}  // namespace carcref
