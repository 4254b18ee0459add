// Ghosts, Castles and Cemeteries (RULES.md §C): the Mists tiles as a competitive expansion of
// the base game, played by Game through the Expansion hooks (expansion.h). These are its steps:
// the setup (C.1), ghosts when a mist tile thickens or disperses
// mist (C.3), guards (C.4.2), the −2 per ghost and the floor at 0 when a feature scores (C.5),
// the gravedigger (C.6), the castle (C.7) and the final scoring (C.9). Fields bounded by mist
// (C.8) need nothing here: a mist area is a segment of its own, so Features never joins clear
// field across it.
#include "games/gcc/gcc.h"

#include <algorithm>
#include <memory>
#include <numeric>
#include <set>

#include "carcref/expansion.h"
#include "carcref/game.h"
#include "carcref/i18n.h"
#include "carcref/json.h"
#include "carcref/words.h"
#include "games/mists/mists.h"
#include "gcc_internal.h"

namespace carcref {

const std::vector<GccAlternative>& GccAlternatives() {
  static const std::vector<GccAlternative> kAlternatives = {
      {"--only-scorers-pay", "only_scorers_pay", &GccOptions::only_scorers_pay,
       "only players who score pay for ghosts (AMB-14 alternative)"},
      {"--castle-counts-itself", "castle_counts_itself", &GccOptions::castle_counts_itself,
       "an unfinished castle counts itself plus misty neighbours (CONF-06 alternative)"},
      {"--no-cemetery-ghost-penalty", "no_cemetery_ghost_penalty",
       &GccOptions::no_cemetery_ghost_penalty,
       "a gravedigger's ghosts cost nothing when its cemetery scores (AMB-15 alternative)"},
      {"--fixed-score-order", "fixed_score_order", &GccOptions::fixed_score_order,
       "finished features score cell by cell, never asking first N (AMB-29 alternative)"},
      {"--floor-each-end-feature", "floor_each_end_feature", &GccOptions::floor_each_end_feature,
       "at the end the floor at 0 applies after each feature (AMB-30 alternative)"},
      {"--ghost-per-edge", "ghost_per_edge", &GccOptions::ghost_per_edge,
       "1 ghost per thickening or dispersing edge, not per tile (AMB-12 alternative)"},
      {"--clear-tile-disperses", "clear_tile_disperses", &GccOptions::clear_tile_disperses,
       "a tile without mist placed next to mist disperses it (AMB-11 alternative)"},
      {"--mist-per-side", "mist_per_side", &GccOptions::mist_per_side,
       "mist thickens or disperses side by side, not per half-edge (AMB-31 alternative)"},
  };
  return kAlternatives;
}

namespace {

// GCC's part of a game's setup, as Game holds it (GameSetup::expansion).
class GccSetupHolder final : public ExpansionSetup {
 public:
  explicit GccSetupHolder(GccSetup gcc) : gcc_(std::move(gcc)) {}
  const Expansion& expansion() const override { return GhostsCastlesCemeteries::Instance(); }
  // The keys GCC's logs have always had after the base game's: with, the alternatives, start.
  void OptionsJson(JsonWriter& w) const override {
    w.Value("with", "gcc");
    for (const GccAlternative& a : GccAlternatives()) w.Value(a.key, gcc_.options.*a.flag);
    w.BeginArray("start");
    for (const std::string& q : gcc_.start_text) w.Value("", q);
    w.EndArray();
  }
  const GccSetup& gcc() const { return gcc_; }

 private:
  GccSetup gcc_;
};

}  // namespace

void PlayGcc(GameSetup& setup, GccSetup gcc) {
  setup.expansion = std::make_shared<const GccSetupHolder>(std::move(gcc));
}

const GccSetup* GccSetupOf(const GameSetup& setup) {
  const auto* holder = dynamic_cast<const GccSetupHolder*>(setup.expansion.get());
  return holder ? &holder->gcc() : nullptr;
}

const GccOptions& GccOptionsOf(const Game& g) {
  static const GccOptions kNone;
  const GccSetup* gcc = GccSetupOf(g.setup());
  return gcc ? gcc->options : kNone;
}

namespace {

// Each player's total after the events in `order`, the floor at 0 after each (C.5.2).
std::vector<int> TotalsAfter(std::vector<int> totals, const std::vector<ScoreEvent>& events,
                             const std::vector<size_t>& order) {
  for (size_t i : order)
    for (size_t p = 0; p < totals.size(); ++p)
      totals[p] = std::max(0, totals[p] + events[i].points[p]);
  return totals;
}

}  // namespace

// C.1: the guards in the Mists colours, the 2×2 start tile, the box of Mists tiles, the bank.
Status GhostsCastlesCemeteries::Setup(Game& g) const {
  SetState(g, std::make_unique<GccState>());
  const GccSetup& setup = *GccSetupOf(g.setup());
  // C.1.2: guards come in the Mists colours.
  static const std::set<std::string> kGuardColours = {"red",    "green", "blue",
                                                      "yellow", "black", "pink"};
  for (const PlayerSpec& p : g.setup().players)
    if (!kGuardColours.count(Lower(p.color)))
      return Status::Illegal(
          Fill(Tr("there are no {1} guards: GCC colours are red, green, blue, yellow, black, pink"),
               {p.color}));
  // C.1.1, C.1.4: the 2×2 start tile replaces the base start tile, which stays in the box.
  Status placed = PlaceMistsStart(setup.start, BoardOf(g), FeaturesOf(g));
  if (!placed.ok()) return placed;
  Result<TileBox> box = TileBox::Create(setup.box, 0, 0);
  if (!box.ok()) return box.status();
  State(g).box = std::move(box.value());
  State(g).bank = kGccBank;  // C.1.3; RD: no ghost starts on the start tile (C.1.4)
  State(g).guards_owned.assign(g.setup().players.size(), kGccGuards);
  State(g).general_guards.assign(g.setup().players.size(), kGccGeneralGuards);
  return Status::Ok();
}

int GccBank(const Game& g) {
  const GccState* s = GhostsCastlesCemeteries::Find(g);
  return s ? s->bank : 0;
}

int GccGhostsOnMeeples(const Game& g) {
  int n = 0;
  for (const Meeple& m : g.meeples()) n += m.ghosts;
  return n;
}

int GccGuardSupply(const Game& g, int player) {
  const GccState* s = GhostsCastlesCemeteries::Find(g);
  if (!s) return 0;
  int out = s->guards_owned[player];
  for (const Meeple& m : g.meeples())
    if (m.player == player && m.guard) --out;
  return out;
}

int GccGeneralGuards(const Game& g, int player) {
  const GccState* s = GhostsCastlesCemeteries::Find(g);
  return s ? s->general_guards[player] : 0;
}

GhostTarget GccGhostTarget(const Game& g) {
  const GccState* s = GhostsCastlesCemeteries::Find(g);
  return !s || s->ghost_queue.empty() ? GhostTarget::kOpponent : s->ghost_queue.front();
}

std::vector<int> GccGhostCandidates(const Game& g) {
  std::vector<int> out;
  const GccState* s = GhostsCastlesCemeteries::Find(g);
  if (!s || s->ghost_queue.empty()) return out;
  bool own = s->ghost_queue.front() == GhostTarget::kOwn;
  // C.3.7: any non-guard meeple on the board, of an opponent (thickening) or one's own
  // (dispersing); the tile just placed has none yet (EDGE-18).
  const std::vector<Meeple>& meeples = g.meeples();
  for (int i = 0; i < static_cast<int>(meeples.size()); ++i)
    if (!meeples[i].guard && (meeples[i].player == g.current_player()) == own) out.push_back(i);
  return out;
}

const std::vector<ScoreEvent>& GccPending(const Game& g) {
  static const std::vector<ScoreEvent> kNone;
  const GccState* s = GhostsCastlesCemeteries::Find(g);
  return s ? s->pending : kNone;
}

const std::vector<NodeId>& GccPendingRoots(const Game& g) {
  static const std::vector<NodeId> kNone;
  const GccState* s = GhostsCastlesCemeteries::Find(g);
  return s ? s->pending_roots : kNone;
}

std::string GccWhere(const Game& g, const ScoreEvent& e, NodeId root) {
  if ((e.kind != FeatureKind::kRoad && e.kind != FeatureKind::kCity) || g.board().size() == 0)
    return e.where;
  // The tile just placed finished it (A.5.1, A.5.2): the last on the board.
  const PlacedTile& placed = g.board().tile(g.board().size() - 1);
  for (int s = 0; s < static_cast<int>(placed.type->segments.size()); ++s)
    if (g.features().Find(g.features().Node(g.board().size() - 1, s)) == root)
      return Fill(Tr("{1} at {2}"),
                  {DescribeSegment(*placed.type, s, placed.quarters), CellName(placed.cell)});
  return e.where;
}

namespace {

// A finished feature that waited for the order (AMB-29) in the words of the moment: it was
// worded in English, as the game keeps it, a command before the table reads its scoring.
void Reword(const Game& g, ScoreEvent& e, NodeId root) {
  e.where = GccWhere(g, e, root);
  if (e.kind == FeatureKind::kRoad || e.kind == FeatureKind::kCity)
    FeatureValue(e.kind, true, e.tiles, e.pennants, &e.reason);
}

}  // namespace

std::string GhostsCastlesCemeteries::MeepleWords(const Game& g, const Meeple& m) {
  const PlacedTile& t = g.board().tile(m.tile);
  // TRANSLATORS: {1} the player, {2} the feature, {3} x,y.
  return Fill(m.guard ? Tr("{1}'s guard on the {2} at {3}") : Tr("{1}'s meeple on the {2} at {3}"),
              {g.setup().players[m.player].name, DescribeSegment(*t.type, m.segment, t.quarters),
               CellName(t.cell)});
}

MistContact GccMistContact(const Game& g, const TileType& type, Cell c, int quarters) {
  MistContact out;
  const GccOptions& options = GccOptionsOf(g);
  const Board& board = g.board();
  // C.3.2, AMB-11: only a tile that shows mist. AMB-11 alternative: a tile without mist
  // disperses the mist it meets too (C.3.4's "or vice versa"); it never thickens.
  if (!type.HasMist() && !options.clear_tile_disperses) return out;
  for (Side s : kSides) {
    int n = board.IndexAt(Neighbor(c, s));
    if (n < 0) continue;
    bool thickens = false, disperses = false, mine_side = false, theirs_side = false;
    // AMB-31: port by port (half-edges and road middles) against the neighbour.
    for (int part = 0; part < 3; ++part) {
      Port p = PortOf(s, part);
      bool mine = type.mist_owner[RotatePort(p, 4 - quarters)] >= 0;
      bool theirs = board.tile(n).MistOfBoardPort(FacingPort(p)) >= 0;
      thickens |= mine && theirs;   // C.3.3
      disperses |= mine != theirs;  // C.3.4
      mine_side |= mine;
      theirs_side |= theirs;
    }
    if (options.mist_per_side) {  // AMB-31 alternative: a side shows mist if any part does
      thickens = mine_side && theirs_side;
      disperses = mine_side != theirs_side;
    }
    out.thickening_sides += thickens ? 1 : 0;
    out.dispersing_sides += disperses ? 1 : 0;
  }
  out.thickens = out.thickening_sides > 0;
  out.disperses = out.dispersing_sides > 0;
  return out;
}

// C.3: step 2a, the ghosts of the mist the tile meets; then the meeple (C.4).
void GhostsCastlesCemeteries::AfterTilePlaced(Game& g) const {
  const PlacedTile& placed = g.board().tile(g.placed_tile_index());
  // AMB-12: at most one ghost of each kind per tile; C.3.5: the opponent's first.
  MistContact contact = GccMistContact(g, *placed.type, placed.cell, placed.quarters);
  int opponents = contact.thickens ? 1 : 0, own = contact.disperses ? 1 : 0;
  if (GccOptionsOf(g).ghost_per_edge) {  // AMB-12 alternative: 1 ghost per edge
    opponents = contact.thickening_sides;
    own = contact.dispersing_sides;
  }
  State(g).ghost_queue.assign(opponents, GhostTarget::kOpponent);
  State(g).ghost_queue.insert(State(g).ghost_queue.end(), own, GhostTarget::kOwn);
  NextGhost(g);
}

void GhostsCastlesCemeteries::NextGhost(Game& g) {
  while (!State(g).ghost_queue.empty()) {
    bool own = State(g).ghost_queue.front() == GhostTarget::kOwn;
    std::string why = own ? Tr("the mist disperses (C.3.4)") : Tr("the mist thickens (C.3.3)");
    std::vector<int> candidates = GccGhostCandidates(g);
    if (State(g).bank == 0) {
      Note(g, Fill(Tr("{1}: no ghost, the bank is empty (C.3.7)"), {why}));
    } else if (candidates.empty()) {
      Note(g, own ? Fill(Tr("{1}: no ghost, {2} has no meeple that can take one (guards never "
                            "do, C.3.7)"),
                         {why, g.setup().players[g.current_player()].name})
                  : Fill(Tr("{1}: no ghost, no opponent has a meeple that can take one (guards "
                            "never do, C.3.7)"),
                         {why}));
    } else if (candidates.size() == 1) {
      // The only answer: taken by itself, and a `ghost` naming this meeple changes nothing.
      const Meeple& m = Meeples(g)[candidates[0]];
      // The meeple is no guard (C.3.7).
      auto taken = [own, player = g.setup().players[static_cast<std::size_t>(m.player)].name,
                    type = g.board().tile(m.tile).type, segment = m.segment,
                    quarters = g.board().tile(m.tile).quarters,
                    cell = g.board().tile(m.tile).cell] {
        return Fill(own ? Tr("the ghost went to {1}, the only meeple that could take it (C.3.4)")
                        : Tr("the ghost went to {1}, the only meeple that could take it (C.3.3)"),
                    {Fill(Tr("{1}'s meeple on the {2} at {3}"),
                          {player, DescribeSegment(*type, segment, quarters), CellName(cell)})});
      };
      SettledAnswer& a = Settle(g, SettledAnswer::Kind::kGhost, taken());
      a.words = taken;  // worded again when the table reads it (settled.h)
      a.owner = m.player;
      a.tile = m.tile;
      a.segment = m.segment;
      a.cell = g.board().tile(m.tile).cell;
      GiveGhost(g, candidates[0],
                Fill(Tr("{1}, and it is the only meeple that can take it"), {why}));
      continue;
    } else {
      Await(g, Phase::kGhost);  // the active player chooses
      return;
    }
    State(g).ghost_queue.erase(State(g).ghost_queue.begin());
  }
  StartMeepleStep(g);
}

void GhostsCastlesCemeteries::GiveGhost(Game& g, int index, const std::string& why) {
  State(g).ghost_queue.erase(State(g).ghost_queue.begin());
  Meeple& m = Meeples(g)[index];
  ++m.ghosts;
  --State(g).bank;
  std::string who = MeepleWords(g, m);
  if (m.ghosts < 3) {
    // TRANSLATORS: {1} the meeple, {2} why (the mist thickens …), {3} its ghosts now, {4} the
    // ghosts left in the bank.
    Note(g, Fill(TrPlural("a ghost goes to {1}: {2}; it has {3} ghost, the bank {4}",
                          "a ghost goes to {1}: {2}; it has {3} ghosts, the bank {4}", m.ghosts),
                 {who, why, std::to_string(m.ghosts), std::to_string(State(g).bank)}));
    return;
  }
  // C.3.8, AMB-32: the third ghost sends the meeple home at once, its ghosts to the bank.
  State(g).bank += 3;
  Meeples(g).erase(Meeples(g).begin() + index);
  Note(g, Fill(Tr("a ghost goes to {1}: {2}; its 3rd ghost sends it home with no points and 3 "
                  "ghosts back to the bank (C.3.8), the bank {3}"),
               {who, why, std::to_string(State(g).bank)}));
}

Status GhostsCastlesCemeteries::Haunt(Game& g, int index) const {
  if (index < 0 || index >= static_cast<int>(Meeples(g).size()))
    return Status::NotFound(Tr("no such meeple on the board"));
  const Meeple& m = Meeples(g)[index];
  bool own = State(g).ghost_queue.front() == GhostTarget::kOwn;
  const std::string& current = g.setup().players[g.current_player()].name;
  if (m.guard)
    return Status::Illegal(
        Tr("a guard never takes a ghost (C.4.2): choose one of the meeples listed"));
  if (own && m.player != g.current_player())
    return Status::Illegal(
        Fill(Tr("the mist disperses: the ghost goes to one of {1}'s own meeples (C.3.4), not "
                "{2}'s"),
             {current, g.setup().players[m.player].name}));
  if (!own && m.player == g.current_player())
    return Status::Illegal(Fill(
        Tr("the mist thickens: the ghost goes to an opponent's meeple (C.3.3), not one of {1}'s "
           "own"),
        {current}));
  GiveGhost(g, index, own ? Tr("the mist disperses (C.3.4)") : Tr("the mist thickens (C.3.3)"));
  NextGhost(g);
  return Status::Ok();
}

int GccCastleValue(const Game& g, Cell c, bool complete, std::string* reason) {
  int misty = 0;
  bool self = false;
  for (Cell n : g.board().Block(c))
    if (g.board().At(n)->type->HasMist()) {
      ++misty;
      if (n == c) self = true;
    }
  if (complete) {  // C.7.2
    if (reason)
      *reason = Fill(TrPlural("{1} misty tile × 2", "{1} misty tiles × 2", misty),
                     {std::to_string(misty)});
    return 2 * misty;
  }
  if (GccOptionsOf(g).castle_counts_itself) {  // CONF-06 alternative (E-G-FINAL)
    int around = misty - (self ? 1 : 0);
    if (reason)
      *reason = Fill(TrPlural("1 for the castle + {1} misty neighbour",
                              "1 for the castle + {1} misty neighbours", around),
                     {std::to_string(around)});
    return 1 + around;
  }
  if (reason)  // C.7.3
    *reason =
        Fill(TrPlural("{1} misty tile × 1", "{1} misty tiles × 1", misty), {std::to_string(misty)});
  return misty;
}

// Ghosts on `player`'s meeples on the feature: they cost that player points when it scores
// (C.5.4 AMB-14: every returned meeple's owner pays; at the end every meeple left, AMB-16).
int GhostsCastlesCemeteries::GhostsOf(const Game& g, NodeId root, int player) {
  int ghosts = 0;
  for (const Meeple& m : Meeples(g))
    if (m.player == player && g.features().Find(g.features().Node(m.tile, m.segment)) == root)
      ghosts += m.ghosts;
  return ghosts;
}

// The finished features of this turn, in the fixed order (cell, then feature), with what the
// ghosts cost each player (C.5.1, C.5.4 AMB-14); the floor is applied as each one scores. The
// scorings wait for the player's order when it matters (AMB-29).
void GhostsCastlesCemeteries::ScoreTurn(Game& g) const {
  State(g).pending.clear();
  State(g).pending_roots.clear();
  int n = static_cast<int>(g.setup().players.size());
  const GccOptions& options = GccOptionsOf(g);
  for (auto& [e, root] : CompletedFeatures(g)) {
    e.ghosts.assign(n, 0);
    e.penalty.assign(n, 0);
    e.floor.assign(n, 0);
    // AMB-15 alternative: a cemetery scores no points, so its gravedigger's ghosts cost none.
    bool no_penalty = e.kind == FeatureKind::kCemetery && options.no_cemetery_ghost_penalty;
    for (int p = 0; p < n && !no_penalty; ++p) {
      bool scores = std::find(e.winners.begin(), e.winners.end(), p) != e.winners.end();
      if (options.only_scorers_pay && !scores) continue;  // AMB-14 alternative
      e.ghosts[p] = GhostsOf(g, root, p);
      e.penalty[p] = -2 * e.ghosts[p];  // C.5.1
      e.points[p] += e.penalty[p];
    }
    State(g).pending.push_back(std::move(e));
    State(g).pending_roots.push_back(root);
  }
  ScorePending(g);
}

// AMB-29: the order matters when some order gives some player another total.
bool GhostsCastlesCemeteries::OrderMatters(const Game& g) {
  const std::vector<ScoreEvent>& pending = State(g).pending;
  if (pending.size() < 2 || pending.size() > 7) return false;  // 7! orders at most
  std::vector<int> start;
  for (const ScoreTotals& t : Totals(g)) start.push_back(t.Total());
  std::vector<size_t> order(pending.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<int> fixed = TotalsAfter(start, pending, order);
  while (std::next_permutation(order.begin(), order.end()))
    if (TotalsAfter(start, pending, order) != fixed) return true;
  return false;
}

void GhostsCastlesCemeteries::ScorePending(Game& g) {
  while (!State(g).pending.empty()) {
    // AMB-29 alternative: the fixed order (cell, then feature) always, never asked.
    if (!GccOptionsOf(g).fixed_score_order && OrderMatters(g)) {
      Await(g, Phase::kOrder);
      return;
    }
    ScoreEvent e = std::move(State(g).pending.front());
    NodeId root = State(g).pending_roots.front();
    Reword(g, e, root);
    State(g).pending.erase(State(g).pending.begin());
    State(g).pending_roots.erase(State(g).pending_roots.begin());
    Record(g, std::move(e), root);
  }
  EndTurn(g);
}

Status GhostsCastlesCemeteries::ScoreFirst(Game& g, int index) const {
  if (g.phase() != Phase::kOrder) {
    if (GccOptionsOf(g).fixed_score_order)  // AMB-29 alternative
      return Status::Illegal(
          Tr("finished features score in the fixed order (cell, then feature) here: "
             "--fixed-score-order (AMB-29)"));
    return Expansion::ScoreFirst(g, index);
  }
  if (index < 0 || index >= static_cast<int>(State(g).pending.size()))
    return Status::NotFound(
        Fill(Tr("there is no finished feature {1}: choose 1 to {2}"),
             {std::to_string(index + 1), std::to_string(State(g).pending.size())}));
  ScoreEvent e = std::move(State(g).pending[index]);
  NodeId root = State(g).pending_roots[index];
  Reword(g, e, root);
  State(g).pending.erase(State(g).pending.begin() + index);
  State(g).pending_roots.erase(State(g).pending_roots.begin() + index);
  Record(g, std::move(e), root);
  ScorePending(g);
  return Status::Ok();
}

void GhostsCastlesCemeteries::Record(Game& g, ScoreEvent e, NodeId root) {
  e.turn = g.turn();
  for (int p = 0; p < static_cast<int>(g.setup().players.size()); ++p) {
    bool scores = std::find(e.winners.begin(), e.winners.end(), p) != e.winners.end();
    int before = Totals(g)[p].Total();
    if (before + e.points[p] < 0) {  // C.5.2: a total never goes below 0
      e.floor[p] = -(before + e.points[p]);
      e.points[p] += e.floor[p];
    }
    Totals(g)[p].Add(e.kind, scores ? e.value : 0);
    Totals(g)[p].ghosts += e.penalty[p];
    Totals(g)[p].floor += e.floor[p];
  }
  if (e.kind == FeatureKind::kCemetery && !e.winners.empty()) {  // C.6.3
    int owner = e.winners.front();
    if (State(g).general_guards[owner] > 0) {
      --State(g).general_guards[owner];
      ++State(g).guards_owned[owner];
      e.guard_to = owner;
    }
  }
  ReturnMeeples(g, root);  // C.5.3: the meeples go home, their ghosts to the bank
  EventsOf(g).push_back(std::move(e));
}

void GhostsCastlesCemeteries::ScoreFinal(Game& g,
                                         std::vector<std::pair<ScoreEvent, NodeId>>& end) const {
  int n = static_cast<int>(g.setup().players.size());
  std::vector<ScoreEvent>& events = EventsOf(g);
  size_t first_final = events.size();
  bool each = GccOptionsOf(g).floor_each_end_feature;
  for (auto& [e, root] : end) {
    e.turn = g.turn();
    e.ghosts.assign(n, 0);
    e.penalty.assign(n, 0);
    e.floor.assign(n, 0);
    for (int p = 0; p < n; ++p) {
      bool scores = std::find(e.winners.begin(), e.winners.end(), p) != e.winners.end();
      e.ghosts[p] = GhostsOf(g, root, p);
      e.penalty[p] = -e.ghosts[p];  // C.9.1, AMB-16: −1 per ghost on every meeple left
      e.points[p] += e.penalty[p];
      Totals(g)[p].Add(e.kind, scores ? e.value : 0);
      Totals(g)[p].ghosts += e.penalty[p];
      int total = Totals(g)[p].Total();
      if (each && total < 0) {  // AMB-30 alternative: the floor after each end feature
        e.floor[p] = -total;
        e.points[p] += -total;
        Totals(g)[p].floor += -total;
      }
    }
    events.push_back(e);
  }
  // AMB-30: the floor at 0 once, after every end value and penalty (with the alternative no
  // total is below 0 any more); the points it gives back stand in the player's last final
  // event that cost them points.
  for (int p = 0; p < n; ++p) {
    int total = Totals(g)[p].Total();
    if (total >= 0) continue;
    for (size_t i = events.size(); i-- > first_final;) {
      if (events[i].penalty[p] < 0) {
        events[i].floor[p] = -total;
        events[i].points[p] += -total;
        Totals(g)[p].floor += -total;
        break;
      }
    }
  }
}

// C.5.3: the ghosts of meeples gone home go back to the bank.
void GhostsCastlesCemeteries::GhostsReturned(Game& g, int ghosts) const { State(g).bank += ghosts; }

int GhostsCastlesCemeteries::Guards(const Game& g, int player) const {
  return GccGuardSupply(g, player);
}

const TileBox* GhostsCastlesCemeteries::Box(const Game& g) const {
  const GccState* s = Find(g);
  return s && s->box ? &*s->box : nullptr;
}

void GhostsCastlesCemeteries::TakeFromBox(Game& g, const TileType& type) const {
  State(g).box->Take(type);
}

int GhostsCastlesCemeteries::CastleValue(const Game& g, Cell c, bool complete,
                                         std::string* reason) const {
  return GccCastleValue(g, c, complete, reason);
}

const GccState* GhostsCastlesCemeteries::Find(const Game& g) {
  if (&g.expansion() != &Instance()) return nullptr;
  return static_cast<const GccState*>(StateOf(g));
}

GccState& GhostsCastlesCemeteries::State(Game& g) { return *static_cast<GccState*>(StateOf(g)); }

const GccState& GhostsCastlesCemeteries::State(const Game& g) {
  return *static_cast<const GccState*>(StateOf(g));
}

// Game::Hash: a meeple is a guard or regular with its ghosts; then the bank, the box, the
// guards, the GCC columns of the totals, the ghosts still to give and the scorings waiting.
void GhostsCastlesCemeteries::HashMeeples(const Game& g, FieldHash& h) const {
  for (const Meeple& m : Meeples(g))
    (h << "m" << m.player << "/" << m.tile << "/" << m.segment << (m.guard ? "g" : "r") << m.ghosts)
        .End();
}

void GhostsCastlesCemeteries::HashState(const Game& g, FieldHash& h) const {
  (h << "gcc/" << State(g).bank << "/" << State(g).box->Taken()).End();
  for (size_t p = 0; p < State(g).guards_owned.size(); ++p)
    (h << State(g).guards_owned[p] << "/" << State(g).general_guards[p]).End();
  for (const ScoreTotals& t : Totals(g))
    (h << t.castles << "," << t.cemeteries << "," << t.ghosts << "," << t.floor).End();
  for (GhostTarget t : State(g).ghost_queue) (h << "q" << static_cast<int>(t)).End();
  for (const ScoreEvent& e : State(g).pending) (h << "p" << e.where).End();
}

}  // namespace carcref
