// Ghosts, Castles and Cemeteries in words and JSON: the columns, supplies and keys it adds to
// the base game's (Expansion's word and JSON hooks), at the points where the base writes its
// own, so the base game's text and bytes are the same with or without this file.
#include <algorithm>
#include <cstdio>

#include "carcref/json.h"
#include "carcref/words.h"
#include "gcc_internal.h"

namespace carcref {

// C.5–C.9: castles, the ghosts' cost and the floor have columns of their own; the supply is
// regular meeples and guards.
std::string GhostsCastlesCemeteries::ScoreTable(const Game& g) const {
  std::string out;
  size_t width = 4;
  for (const PlayerSpec& p : g.setup().players) width = std::max(width, p.name.size());
  auto pad = [&](const std::string& s) { return s + std::string(width + 2 - s.size(), ' '); };
  out +=
      pad("") + "total  roads  cities  monast.  castles  farms  ghosts  floor  meeples  guards\n";
  for (int p = 0; p < static_cast<int>(g.setup().players.size()); ++p) {
    const ScoreTotals& t = g.totals()[p];
    char line[160];
    std::snprintf(line, sizeof line, "%5d  %5d  %6d  %7d  %7d  %5d  %6d  %5d  %7d  %6d", t.Total(),
                  t.roads, t.cities, t.monasteries, t.castles, t.farms, t.ghosts, t.floor,
                  g.RegularSupply(p), GccGuardSupply(g, p));
    out += pad(g.setup().players[p].name) + line + "  (" + g.setup().players[p].color + ")\n";
  }
  return out;
}

// C.1.3, C.6.3: the bank, and each player's meeples, guards and guards in the general supply.
std::string GhostsCastlesCemeteries::StatusWords(const Game& g) const {
  std::string out = "ghosts: " + std::to_string(GccGhostsOnMeeples(g)) + " with meeples, " +
                    std::to_string(GccBank(g)) + " in the bank (of " + std::to_string(kGccBank) +
                    ")\n";
  for (int p = 0; p < static_cast<int>(g.setup().players.size()); ++p)
    out += "  " + g.setup().players[p].name + ": " +
           Plural(g.RegularSupply(p), "meeple", "meeples") + " and " +
           Plural(GccGuardSupply(g, p), "guard", "guards") + " in supply; " +
           std::to_string(GccGeneralGuards(g, p)) + " " + g.setup().players[p].color +
           " guards in the general supply\n";
  return out;
}

void GhostsCastlesCemeteries::OptionsJson(const Game& g, JsonWriter& w) const {
  for (const GccAlternative& a : GccAlternatives()) w.Value(a.key, g.setup().gcc->options.*a.flag);
}

void GhostsCastlesCemeteries::BreakdownJson(const Game& g, int player, JsonWriter& w) const {
  const ScoreTotals& t = g.totals()[player];
  w.Value("castles", t.castles)
      .Value("cemeteries", t.cemeteries)
      .Value("ghosts", t.ghosts)
      .Value("floor", t.floor);
}

void GhostsCastlesCemeteries::PlayerJson(const Game& g, int player, JsonWriter& w) const {
  w.Value("meeples", g.RegularSupply(player))
      .Value("guards", GccGuardSupply(g, player))
      .Value("general_guards", GccGeneralGuards(g, player));
}

void GhostsCastlesCemeteries::StateJson(const Game& g, JsonWriter& w) const {
  w.Value("bank", GccBank(g)).Value("ghosts_on_meeples", GccGhostsOnMeeples(g));
}

}  // namespace carcref
