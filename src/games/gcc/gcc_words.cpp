// Ghosts, Castles and Cemeteries in words and JSON: the columns, supplies and keys it adds to
// the base game's (Expansion's word and JSON hooks), at the points where the base writes its
// own, so the base game's text and bytes are the same with or without this file.
#include <algorithm>
#include <cstdio>

#include "carcref/explain.h"
#include "carcref/i18n.h"
#include "carcref/json.h"
#include "carcref/rules.h"
#include "carcref/state_json.h"
#include "carcref/words.h"
#include "gcc_internal.h"

namespace carcref {

// C.5–C.9: castles, the ghosts' cost and the floor have columns of their own; the supply is
// regular meeples and guards.
std::string GhostsCastlesCemeteries::ScoreTable(const Game& g) const {
  std::string out;
  size_t width = 4;
  for (const PlayerSpec& p : g.setup().players) width = std::max(width, DisplayWidth(p.name));
  auto pad = [&](const std::string& s) { return PadRight(s, width + 2); };
  // The columns' heads in the table's words, each column as wide as its head (at least its
  // English width), the numbers right-aligned under it by display columns (as the base game's).
  // TRANSLATORS: the status table's column heads; keep them short (a column is as wide as
  // its head).
  const std::vector<std::string> heads = {
      TrContext("status", "total"),   TrContext("status", "roads"),
      TrContext("status", "cities"),  TrContext("status", "monast."),
      TrContext("status", "castles"), TrContext("status", "farms"),
      TrContext("status", "ghosts"),  TrContext("status", "floor"),
      TrContext("status", "meeples"), TrContext("status", "guards")};
  std::vector<std::size_t> widths;
  out += pad("") + HeadRow(heads, {5, 5, 6, 7, 7, 5, 6, 5, 7, 6}, &widths) + "\n";
  for (int p = 0; p < static_cast<int>(g.setup().players.size()); ++p) {
    const ScoreTotals& t = g.totals()[p];
    const int values[] = {t.Total(), t.roads,  t.cities, t.monasteries,      t.castles,
                          t.farms,   t.ghosts, t.floor,  g.RegularSupply(p), GccGuardSupply(g, p)};
    std::string line;
    for (std::size_t i = 0; i < widths.size(); ++i)
      line += (i ? "  " : "") + PadLeft(std::to_string(values[i]), widths[i]);
    out += pad(g.setup().players[p].name) + line + "  (" + g.setup().players[p].color + ")\n";
  }
  return out;
}

// C.1.3, C.6.3: the bank, and each player's meeples, guards and guards in the general supply.
std::string GhostsCastlesCemeteries::StatusWords(const Game& g) const {
  std::string out = Fill(Tr("ghosts: {1} with meeples, {2} in the bank (of {3})"),
                         {std::to_string(GccGhostsOnMeeples(g)), std::to_string(GccBank(g)),
                          std::to_string(kGccBank)}) +
                    "\n";
  for (int p = 0; p < static_cast<int>(g.setup().players.size()); ++p) {
    const int guards = GccGuardSupply(g, p);
    // TRANSLATORS: {1} a player, {2} "N meeples", {3} guards in their supply, {4} guards of
    // their colour {5} (as typed) in the general supply.
    out += "  " +
           Fill(TrPlural("{1}: {2} and {3} guard in supply; {4} {5} guards in the general supply",
                         "{1}: {2} and {3} guards in supply; {4} {5} guards in the general supply",
                         guards),
                {g.setup().players[p].name,
                 Fill(TrPlural("{1} meeple", "{1} meeples", g.RegularSupply(p)),
                      {std::to_string(g.RegularSupply(p))}),
                 std::to_string(guards), std::to_string(GccGeneralGuards(g, p)),
                 g.setup().players[p].color}) +
           "\n";
  }
  return out;
}

// C.4.1: regular meeples and guards are apart, and a guard is put with the word `guard`.
void GhostsCastlesCemeteries::SupplyFacts(const Game& g, int player,
                                          std::vector<std::string>& facts) const {
  const int guards = GccGuardSupply(g, player);
  facts.push_back(
      Fill(TrPlural("{1} has {2} and {3} guard left", "{1} has {2} and {3} guards left", guards),
           {g.setup().players[player].name,
            Fill(TrPlural("{1} meeple", "{1} meeples", g.RegularSupply(player)),
                 {std::to_string(g.RegularSupply(player))}),
            std::to_string(guards)}));
  // TRANSLATORS: "guard" is the word typed after a meeple command: keep "add guard".
  facts.push_back(Tr("add guard for a guard"));
}

namespace {

std::string Named(const Game& g, int player) {
  const PlayerSpec& p = g.setup().players[static_cast<std::size_t>(player)];
  return p.name + " (" + p.color + ")";
}

// A meeple a ghost may go to (C.3): "Ben's meeple on the road N–S at 0,1 (1 ghost)".
std::string GhostCandidate(const Game& g, const Meeple& m) {
  const PlacedTile& t = g.board().tile(m.tile);
  // TRANSLATORS: {1} the player, {2} the feature, {3} x,y, {4} the ghosts with the meeple.
  return Fill(TrPlural("{1}'s meeple on the {2} at {3} ({4} ghost)",
                       "{1}'s meeple on the {2} at {3} ({4} ghosts)", m.ghosts),
              {g.setup().players[static_cast<std::size_t>(m.player)].name,
               DescribeSegment(*t.type, m.segment, t.quarters), CellName(t.cell),
               std::to_string(m.ghosts)});
}

// A finished feature that may score first (AMB-29): "road N–S at 0,1: Anna +3, Ben -1".
std::string ScoresFirst(const Game& g, const ScoreEvent& e, NodeId root) {
  std::string out = GccWhere(g, e, root) + ":";
  bool any = false;
  for (std::size_t p = 0; p < e.points.size(); ++p) {
    if (e.points[p] == 0 && e.meeples[p] == 0) continue;
    out += std::string(any ? "," : "") + " " + g.setup().players[p].name + " " +
           (e.points[p] >= 0 ? "+" : "") + std::to_string(e.points[p]);
    any = true;
  }
  return any ? out : out + " " + Tr("nobody");
}

}  // namespace

// C.3.3/C.3.4: who gives the ghost to whose meeple; AMB-29: which finished feature scores first.
// A numbered choice is listed with what it stands for: "1" and "ghost 1" type it.
void GhostsCastlesCemeteries::StepAwaits(const Game& g, Awaiting& a) const {
  const int p = g.current_player();
  auto numbered = [&a](std::size_t i, const std::string& what) {
    a.listed.push_back(std::to_string(i + 1) + " " + what);
  };
  if (g.phase() == Phase::kGhost) {
    a.step = "ghost";
    a.words = Fill(GccGhostTarget(g) == GhostTarget::kOwn
                       ? Tr("{1} to give a ghost: the mist disperses, one of their own meeples "
                            "takes it (C.3.4)")
                       : Tr("{1} to give a ghost: the mist thickens, an opponent's meeple takes "
                            "it (C.3.3)"),
                   {Named(g, p)});
    std::vector<int> candidates = GccGhostCandidates(g);
    for (std::size_t i = 0; i < candidates.size(); ++i)
      numbered(i, GhostCandidate(g, g.meeples()[static_cast<std::size_t>(candidates[i])]));
    // TRANSLATORS: the command, typed in English: keep both "ghost".
    a.facts = {Tr("ghost N or ghost X,Y"), Fill(Tr("bank {1}"), {std::to_string(GccBank(g))})};
  } else if (g.phase() == Phase::kOrder) {
    a.step = "first";
    a.words = Fill(Tr("{1} to say which finished feature scores first: the order changes a "
                      "total (the floor at 0, AMB-29)"),
                   {Named(g, p)});
    for (std::size_t i = 0; i < GccPending(g).size(); ++i)
      numbered(i, ScoresFirst(g, GccPending(g)[i], GccPendingRoots(g)[i]));
  }
}

// C.1: the 2×2 start tile, each player's meeples and guards, the general supply, the bank.
void GhostsCastlesCemeteries::Facts(const Game& g, std::vector<std::string>& facts) const {
  facts.push_back(Tr("the 2×2 start tile on 0,0 to 1,1"));
  facts.push_back(Fill(Tr("each player {1} meeples and {2} guards"),
                       {std::to_string(kGccRegulars), std::to_string(kGccGuards)}));
  facts.push_back(
      Fill(Tr("general supply {1} guards per colour"), {std::to_string(kGccGeneralGuards)}));
  facts.push_back(Fill(Tr("bank {1} ghosts"), {std::to_string(GccBank(g))}));
}

void GhostsCastlesCemeteries::OptionsJson(const Game& g, JsonWriter& w) const {
  for (const GccAlternative& a : GccAlternatives()) w.Value(a.key, GccOptionsOf(g).*a.flag);
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

// The answers its steps await: the meeples the ghost may go to (C.3.7), the features that may
// score first (AMB-29).
std::vector<std::string> GhostsCastlesCemeteries::StepAnswers(const Game& g) const {
  if (g.phase() == Phase::kGhost) return NumberedAnswers("ghost", GccGhostCandidates(g).size());
  if (g.phase() == Phase::kOrder) return NumberedAnswers("first", GccPending(g).size());
  return {};
}

// `explain`: the ghosts with the feature's meeples and what they would cost (C.5.1, C.9.1).
std::string GhostsCastlesCemeteries::ExplainWords(const Game& g, const FeatureReport& r) const {
  std::string out;
  for (size_t p = 0; p < r.ghosts.size(); ++p) {
    if (!r.ghosts[p]) continue;
    bool wins =
        std::find(r.winners.begin(), r.winners.end(), static_cast<int>(p)) != r.winners.end();
    const GccOptions& options = GccOptionsOf(g);
    // AMB-15 alternative: a cemetery's gravedigger pays nothing when it scores in play.
    bool cemetery_free = r.kind == FeatureKind::kCemetery && options.no_cemetery_ghost_penalty;
    bool pays_now = (wins || !options.only_scorers_pay) && !cemetery_free;
    const std::string name = g.setup().players[p].name, n = std::to_string(r.ghosts[p]),
                      now = std::to_string(2 * r.ghosts[p]);
    // TRANSLATORS: `explain` in GCC: {1} a player, {2} the ghosts with their meeples on the
    // feature, {3} what they cost if it scores now (2 each), {2} again at the end (1 each).
    out += "  " +
           (pays_now ? Fill(TrPlural("ghosts: {1} {2}, −{3} if it scores now (C.5.1), −{2} at the "
                                     "end (C.9.1); totals never below 0",
                                     "ghosts: {1} {2}, −{3} if it scores now (C.5.1), −{2} at the "
                                     "end (C.9.1); totals never below 0",
                                     r.ghosts[p]),
                            {name, n, now})
            : cemetery_free
                ? Fill(TrPlural("ghosts: {1} {2}, nothing if it scores now (AMB-15 option), −{2} "
                                "at the end (C.9.1); totals never below 0",
                                "ghosts: {1} {2}, nothing if it scores now (AMB-15 option), −{2} "
                                "at the end (C.9.1); totals never below 0",
                                r.ghosts[p]),
                       {name, n})
                : Fill(TrPlural("ghosts: {1} {2}, nothing if it scores now without {1} (AMB-14 "
                                "option), −{2} at the end (C.9.1); totals never below 0",
                                "ghosts: {1} {2}, nothing if it scores now without {1} (AMB-14 "
                                "option), −{2} at the end (C.9.1); totals never below 0",
                                r.ghosts[p]),
                       {name, n})) +
           "\n";
  }
  return out;
}

// `where`: what a tile typed as it lies would do to the mist at `c` (C.3.3, C.3.4).
std::string GhostsCastlesCemeteries::PlacementWords(const Game& g, const TileType& type,
                                                    Cell c) const {
  MistContact contact = GccMistContact(g, type, c, 0);
  if (!contact.thickens && !contact.disperses) return {};
  // TRANSLATORS: `where`: what the tile would do to the mist where it fits.
  if (contact.thickens && contact.disperses) return " " + Tr("(thickens, disperses)");
  return " " + (contact.thickens ? Tr("(thickens)") : Tr("(disperses)"));
}

}  // namespace carcref
