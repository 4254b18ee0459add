#include "carcref/format.h"

#include <algorithm>

#include "carcref/i18n.h"
#include "carcref/json.h"
#include "carcref/words.h"
#include "engine/kind_words.h"

namespace carcref {

namespace {

const std::string& Name(const Game& g, int p) { return g.setup().players[p].name; }

// A.2: a follower is named by the feature it stands on ("2 knights").
std::string MeepleWord(FeatureKind k, int n) {
  std::string count = std::to_string(n);
  switch (k) {
    case FeatureKind::kRoad:
      return Fill(TrPlural("{1} thief", "{1} thieves", n), {count});
    case FeatureKind::kCity:
      return Fill(TrPlural("{1} knight", "{1} knights", n), {count});
    case FeatureKind::kMonastery:
      return Fill(TrPlural("{1} monk", "{1} monks", n), {count});
    case FeatureKind::kField:
      return Fill(TrPlural("{1} farmer", "{1} farmers", n), {count});
    case FeatureKind::kCastle:
    case FeatureKind::kCemetery:
    case FeatureKind::kMist:
      break;
  }
  return Fill(TrPlural("{1} meeple", "{1} meeples", n), {count});
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
      out += " − " +
             Fill(TrPlural("{1} ghost", "{1} ghosts", e.ghosts[p]), {std::to_string(e.ghosts[p])}) +
             " × " + (e.final ? "1" : "2") + " = " +
             std::to_string((won ? e.value : 0) + e.penalty[p]);
    if (e.floor[p])
      // TRANSLATORS: GCC: {1} the points given back so that a total does not fall below 0.
      out += ", " + Fill(e.final ? Tr("total below 0 at the end: floor +{1} (AMB-30)")
                                 : Tr("total floored at 0: +{1} (C.5.2)"),
                         {std::to_string(e.floor[p])});
    out += " → " + (e.points[p] >= 0 ? "+" : std::string()) + std::to_string(e.points[p]);
  }
  if (e.guard_to >= 0)
    out +=
        "; " + Fill(Tr("{1} takes a guard from the general supply (C.6.3)"), {Name(g, e.guard_to)});
  else if (e.kind == FeatureKind::kCemetery && !e.final && !e.winners.empty())
    // TRANSLATORS: {1} a player's colour as typed ("red").
    out += "; " + Fill(Tr("no {1} guard left in the general supply (C.6.3)"),
                       {g.setup().players[e.winners[0]].color});
  return out;
}

std::string FormatPlacement(const Game& g, int tile_index) {
  const PlacedTile& t = g.board().tile(tile_index);
  // A Mists tile (no catalogue id) is typed as it lies: it has no rotation to read back.
  if (t.type->id.empty() && t.quarters == 0)
    // TRANSLATORS: the tile read back after `place`: {1} the cell (X,Y), {2} its features.
    return Fill(Tr("Mists tile at {1}: {2}"), {CellName(t.cell), DescribeTile(*t.type, 0)});
  std::string id = t.type->id.empty() ? Tr("Mists tile") : t.type->id;
  // TRANSLATORS: the tile read back after `place`: {1} the tile's id ("L"), {2} the cell
  // (X,Y), {3} the rotation in degrees clockwise, {4} its features ("city N; road E …").
  return Fill(
      Tr("{1} at {2} rotated {3}: {4}"),
      {id, CellName(t.cell), std::to_string(t.quarters * 90), DescribeTile(*t.type, t.quarters)});
}

std::string FormatScores(const Game& g) { return g.expansion().ScoreTable(g); }

// The base game's words for the Expansion hooks (expansion.h); an expansion may say more.
void Expansion::SupplyFacts(const Game& g, int player, std::vector<std::string>& facts) const {
  int left = g.Supply(player);
  // TRANSLATORS: {1} a player's name, {2} how many meeples they still have in their supply.
  facts.push_back(Fill(TrPlural("{1} has {2} meeple left", "{1} has {2} meeples left", left),
                       {g.setup().players[player].name, std::to_string(left)}));
}

std::string Expansion::ScoreTable(const Game& g) const {
  std::string out;
  size_t width = 4;
  // Display columns, not bytes: "Šárka" lines up with "Anna" (DisplayWidth).
  for (const PlayerSpec& p : g.setup().players) width = std::max(width, DisplayWidth(p.name));
  auto pad = [&](const std::string& s) { return PadRight(s, width + 2); };
  // The columns' heads in the table's words, each column as wide as its head (at least its
  // English width), the numbers right-aligned under it by display columns.
  // TRANSLATORS: the status table's column heads; keep them short (a column is as wide as
  // its head).
  const std::vector<std::string> heads = {
      TrContext("status", "total"),   TrContext("status", "roads"), TrContext("status", "cities"),
      TrContext("status", "monast."), TrContext("status", "farms"), TrContext("status", "meeples")};
  std::vector<std::size_t> widths;
  out += pad("") + HeadRow(heads, {5, 5, 6, 7, 5, 7}, &widths) + "\n";
  for (int p = 0; p < static_cast<int>(g.setup().players.size()); ++p) {
    const ScoreTotals& t = g.totals()[p];
    const int values[] = {t.Total(), t.roads, t.cities, t.monasteries, t.farms, g.Supply(p)};
    std::string line;
    for (std::size_t i = 0; i < widths.size(); ++i)
      line += (i ? "  " : "") + PadLeft(std::to_string(values[i]), widths[i]);
    out += pad(g.setup().players[p].name) + line + "  (" + g.setup().players[p].color + ")\n";
  }
  return out;
}

std::string FormatReport(const Game& g, const FeatureReport& r) {
  std::string cells;
  for (Cell c : r.cells) cells += (cells.empty() ? "" : " ") + CellName(c);
  int tiles = static_cast<int>(r.cells.size());
  // TRANSLATORS: `explain`'s first line: {1} the feature's kind ("city"), {2} its tile count,
  // {3} the cells ("0,0 1,0").
  std::string out = Fill(TrPlural("{1}: {2} tile ({3})", "{1}: {2} tiles ({3})", tiles),
                         {FeatureKindWords(r.kind), std::to_string(tiles), cells});
  if (r.kind == FeatureKind::kCity)
    out += ", " +
           Fill(TrPlural("{1} pennant", "{1} pennants", r.pennants), {std::to_string(r.pennants)});
  out += "\n";
  std::string meeples = MeepleList(g, r.kind, r.meeples);
  // TRANSLATORS: `explain`: {1} whose meeples stand on the feature ("Anna 1 knight").
  out += "  " + Fill(Tr("meeples: {1}"), {meeples.empty() ? Tr("none") : meeples}) + "\n";
  switch (r.kind) {
    case FeatureKind::kField:
      // TRANSLATORS: `explain` of a field: {1} the cities it borders, {2} how many of them
      // are completed.
      out += "  " +
             Fill(TrPlural("borders {1} city, {2} completed", "borders {1} cities, {2} completed",
                           r.bordered_cities),
                  {std::to_string(r.bordered_cities), std::to_string(r.completed_cities)}) +
             "\n";
      // TRANSLATORS: {1} how the field would score now ("2 completed cities × 3 = 6").
      out += "  " + Fill(Tr("at game end: {1}"), {r.reason_end}) + "\n";
      break;
    case FeatureKind::kCastle:
    case FeatureKind::kCemetery:
    case FeatureKind::kMonastery:
      if (r.complete) {
        // TRANSLATORS: {1} the points, {2} how they were counted ("surrounded = 9").
        out += "  " +
               Fill(Tr("complete: scored {1} when surrounded ({2})"),
                    {std::to_string(r.value_complete), r.reason_complete}) +
               "\n";
      } else {
        int empty = 9 - static_cast<int>(r.cells.size());
        out += "  " +
               Fill(TrPlural("{1} neighbouring cell still empty",
                             "{1} neighbouring cells still empty", empty),
                    {std::to_string(empty)}) +
               "\n";
        // TRANSLATORS: {1} how it would score surrounded, {2} how it would score at the end.
        out += "  " +
               Fill(Tr("if surrounded: {1}; at game end now: {2}"),
                    {r.reason_complete, r.reason_end}) +
               "\n";
      }
      break;
    default:
      if (r.complete) {
        // TRANSLATORS: {1} how it was counted ("3 tiles = 3").
        out += "  " + Fill(Tr("complete: scored {1} when it closed"), {r.reason_complete}) + "\n";
      } else {
        std::string ends;
        for (auto& [cell, side] : r.open_ends)
          ends += (ends.empty() ? "" : ", ") + CellName(cell) + " " + std::string(SideName(side));
        // TRANSLATORS: {1} the open ends ("1,0 E, -1,0 W").
        out += "  " + Fill(Tr("open: {1}"), {ends}) + "\n";
        // TRANSLATORS: {1} how it would score closed now, {2} how it would score at the end.
        out += "  " +
               Fill(Tr("if closed now: {1}; at game end now: {2}"),
                    {r.reason_complete, r.reason_end}) +
               "\n";
      }
  }
  if (!r.winners.empty() && !(r.complete && r.kind != FeatureKind::kField)) {
    std::string names;
    for (size_t i = 0; i < r.winners.size(); ++i) names += (i ? ", " : "") + Name(g, r.winners[i]);
    // TRANSLATORS: `explain`: {1} the players who would score the feature ("Anna, Ben").
    out += "  " + Fill(Tr("would go to: {1}"), {names}) + "\n";
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
