// Ghosts, Castles and Cemeteries (RULES.md §C): the Mists tiles as a competitive expansion of
// the base game, played by Game through the Expansion hooks (expansion.h). These are its steps:
// the setup (C.1), ghosts when a mist tile thickens or disperses
// mist (C.3), guards (C.4.2), the −2 per ghost and the floor at 0 when a feature scores (C.5),
// the gravedigger (C.6), the castle (C.7) and the final scoring (C.9). Fields bounded by mist
// (C.8) need nothing here: a mist area is a segment of its own, so Features never joins clear
// field across it.
#include <algorithm>
#include <numeric>
#include <set>

#include "carcref/expansion.h"
#include "carcref/game.h"
#include "carcref/mists.h"
#include "carcref/words.h"
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

const Expansion& Expansion::For(const GameSetup& setup) {
  if (setup.gcc) return GhostsCastlesCemeteries::Instance();
  return None();
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
  const GccSetup& setup = *g.setup_.gcc;
  // C.1.2: guards come in the Mists colours.
  static const std::set<std::string> kGuardColours = {"red",    "green", "blue",
                                                      "yellow", "black", "pink"};
  for (const PlayerSpec& p : g.setup_.players)
    if (!kGuardColours.count(Lower(p.color)))
      return Status::Illegal("there are no " + p.color +
                             " guards: GCC colours are red, green, blue, yellow, black, pink");
  // C.1.1, C.1.4: the 2×2 start tile replaces the base start tile, which stays in the box.
  Status placed = PlaceMistsStart(setup.start, g.board_, g.features_);
  if (!placed.ok()) return placed;
  Result<TileBox> box = TileBox::Create(setup.box, 0, 0);
  if (!box.ok()) return box.status();
  g.box_ = std::move(box.value());
  g.bank_ = kGccBank;  // C.1.3; RD: no ghost starts on the start tile (C.1.4)
  g.guards_owned_.assign(g.setup_.players.size(), kGccGuards);
  g.general_guards_.assign(g.setup_.players.size(), kGccGeneralGuards);
  return Status::Ok();
}

int Game::GeneralGuards(int player) const { return guards_ ? general_guards_[player] : 0; }

int Game::GhostsOnMeeples() const {
  int n = 0;
  for (const Meeple& m : meeples_) n += m.ghosts;
  return n;
}

GhostTarget Game::ghost_target() const {
  return ghost_queue_.empty() ? GhostTarget::kOpponent : ghost_queue_.front();
}

std::vector<int> Game::GhostCandidates() const {
  std::vector<int> out;
  if (ghost_queue_.empty()) return out;
  bool own = ghost_queue_.front() == GhostTarget::kOwn;
  // C.3.7: any non-guard meeple on the board, of an opponent (thickening) or one's own
  // (dispersing); the tile just placed has none yet (EDGE-18).
  for (int i = 0; i < static_cast<int>(meeples_.size()); ++i)
    if (!meeples_[i].guard && (meeples_[i].player == current_) == own) out.push_back(i);
  return out;
}

std::string GhostsCastlesCemeteries::MeepleWords(const Game& g, const Meeple& m) {
  const PlacedTile& t = g.board_.tile(m.tile);
  return g.setup_.players[m.player].name + "'s " + (m.guard ? "guard" : "meeple") + " on the " +
         DescribeSegment(*t.type, m.segment, t.quarters) + " at " + CellName(t.cell);
}

MistContact Game::MistContactAt(const TileType& type, Cell c, int quarters) const {
  MistContact out;
  GccOptions options = setup_.gcc ? setup_.gcc->options : GccOptions{};
  // C.3.2, AMB-11: only a tile that shows mist. AMB-11 alternative: a tile without mist
  // disperses the mist it meets too (C.3.4's "or vice versa"); it never thickens.
  if (!type.HasMist() && !options.clear_tile_disperses) return out;
  for (Side s : kSides) {
    int n = board_.IndexAt(Neighbor(c, s));
    if (n < 0) continue;
    bool thickens = false, disperses = false, mine_side = false, theirs_side = false;
    // AMB-31: port by port (half-edges and road middles) against the neighbour.
    for (int part = 0; part < 3; ++part) {
      Port p = PortOf(s, part);
      bool mine = type.mist_owner[RotatePort(p, 4 - quarters)] >= 0;
      bool theirs = board_.tile(n).MistOfBoardPort(FacingPort(p)) >= 0;
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
  const PlacedTile& placed = g.board_.tile(g.placed_);
  // AMB-12: at most one ghost of each kind per tile; C.3.5: the opponent's first.
  MistContact contact = g.MistContactAt(*placed.type, placed.cell, placed.quarters);
  int opponents = contact.thickens ? 1 : 0, own = contact.disperses ? 1 : 0;
  if (g.setup_.gcc->options.ghost_per_edge) {  // AMB-12 alternative: 1 ghost per edge
    opponents = contact.thickening_sides;
    own = contact.dispersing_sides;
  }
  g.ghost_queue_.assign(opponents, GhostTarget::kOpponent);
  g.ghost_queue_.insert(g.ghost_queue_.end(), own, GhostTarget::kOwn);
  NextGhost(g);
}

void GhostsCastlesCemeteries::NextGhost(Game& g) {
  while (!g.ghost_queue_.empty()) {
    bool own = g.ghost_queue_.front() == GhostTarget::kOwn;
    std::string why = own ? "the mist disperses (C.3.4)" : "the mist thickens (C.3.3)";
    std::vector<int> candidates = g.GhostCandidates();
    if (g.bank_ == 0) {
      g.Note(why + ": no ghost, the bank is empty (C.3.7)");
    } else if (candidates.empty()) {
      g.Note(why + ": no ghost, " +
             (own ? g.setup_.players[g.current_].name + " has no meeple"
                  : std::string("no opponent has a meeple")) +
             " that can take one (guards never do, C.3.7)");
    } else if (candidates.size() == 1) {
      // The only answer: taken by itself, and a `ghost` naming this meeple changes nothing.
      const Meeple& m = g.meeples_[candidates[0]];
      SettledAnswer& a =
          g.Settle(SettledAnswer::Kind::kGhost, "the ghost went to " + MeepleWords(g, m) +
                                                    ", the only meeple that could take it (" +
                                                    (own ? "C.3.4)" : "C.3.3)"));
      a.owner = m.player;
      a.tile = m.tile;
      a.segment = m.segment;
      a.cell = g.board_.tile(m.tile).cell;
      GiveGhost(g, candidates[0], why + ", and it is the only meeple that can take it");
      continue;
    } else {
      g.phase_ = Phase::kGhost;  // the active player chooses
      return;
    }
    g.ghost_queue_.erase(g.ghost_queue_.begin());
  }
  g.StartMeepleStep();
}

void GhostsCastlesCemeteries::GiveGhost(Game& g, int index, const std::string& why) {
  g.ghost_queue_.erase(g.ghost_queue_.begin());
  Meeple& m = g.meeples_[index];
  ++m.ghosts;
  --g.bank_;
  std::string who = MeepleWords(g, m);
  if (m.ghosts < 3) {
    g.Note("a ghost goes to " + who + ": " + why + "; it has " +
           Plural(m.ghosts, "ghost", "ghosts") + ", the bank " + std::to_string(g.bank_));
    return;
  }
  // C.3.8, AMB-32: the third ghost sends the meeple home at once, its ghosts to the bank.
  g.bank_ += 3;
  g.meeples_.erase(g.meeples_.begin() + index);
  g.Note("a ghost goes to " + who + ": " + why +
         "; its 3rd ghost sends it home with no points and " +
         "3 ghosts back to the bank (C.3.8), the bank " + std::to_string(g.bank_));
}

Status GhostsCastlesCemeteries::Haunt(Game& g, int index) const {
  if (index < 0 || index >= static_cast<int>(g.meeples_.size()))
    return Status::NotFound("no such meeple on the board");
  const Meeple& m = g.meeples_[index];
  bool own = g.ghost_queue_.front() == GhostTarget::kOwn;
  const std::string& current = g.setup_.players[g.current_].name;
  if (m.guard)
    return Status::Illegal("a guard never takes a ghost (C.4.2): choose one of the meeples listed");
  if (own && m.player != g.current_)
    return Status::Illegal("the mist disperses: the ghost goes to one of " + current +
                           "'s own meeples (C.3.4), not " + g.setup_.players[m.player].name + "'s");
  if (!own && m.player == g.current_)
    return Status::Illegal(
        "the mist thickens: the ghost goes to an opponent's meeple (C.3.3), "
        "not one of " +
        current + "'s own");
  GiveGhost(g, index, own ? "the mist disperses (C.3.4)" : "the mist thickens (C.3.3)");
  NextGhost(g);
  return Status::Ok();
}

int Game::CastleValue(Cell c, bool complete, std::string* reason) const {
  int misty = 0;
  bool self = false;
  for (Cell n : board_.Block(c))
    if (board_.At(n)->type->HasMist()) {
      ++misty;
      if (n == c) self = true;
    }
  if (complete) {  // C.7.2
    if (reason) *reason = Plural(misty, "misty tile", "misty tiles") + " × 2";
    return 2 * misty;
  }
  if (setup_.gcc && setup_.gcc->options.castle_counts_itself) {  // CONF-06 alternative (E-G-FINAL)
    int around = misty - (self ? 1 : 0);
    if (reason)
      *reason = "1 for the castle + " + Plural(around, "misty neighbour", "misty neighbours");
    return 1 + around;
  }
  if (reason) *reason = Plural(misty, "misty tile", "misty tiles") + " × 1";  // C.7.3
  return misty;
}

// Ghosts on `player`'s meeples on the feature: they cost that player points when it scores
// (C.5.4 AMB-14: every returned meeple's owner pays; at the end every meeple left, AMB-16).
int GhostsCastlesCemeteries::GhostsOf(const Game& g, NodeId root, int player) {
  int ghosts = 0;
  for (const Meeple& m : g.meeples_)
    if (m.player == player && g.features_.Find(g.features_.Node(m.tile, m.segment)) == root)
      ghosts += m.ghosts;
  return ghosts;
}

// The finished features of this turn, in the fixed order (cell, then feature), with what the
// ghosts cost each player (C.5.1, C.5.4 AMB-14); the floor is applied as each one scores. The
// scorings wait for the player's order when it matters (AMB-29).
void GhostsCastlesCemeteries::ScoreTurn(Game& g) const {
  g.pending_.clear();
  g.pending_roots_.clear();
  int n = g.PlayerCount();
  const GccOptions& options = g.setup_.gcc->options;
  for (auto& [e, root] : g.CompletedFeatures()) {
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
    g.pending_.push_back(std::move(e));
    g.pending_roots_.push_back(root);
  }
  ScorePending(g);
}

// AMB-29: the order matters when some order gives some player another total.
bool GhostsCastlesCemeteries::OrderMatters(const Game& g) {
  const std::vector<ScoreEvent>& pending = g.pending_;
  if (pending.size() < 2 || pending.size() > 7) return false;  // 7! orders at most
  std::vector<int> start;
  for (const ScoreTotals& t : g.totals_) start.push_back(t.Total());
  std::vector<size_t> order(pending.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<int> fixed = TotalsAfter(start, pending, order);
  while (std::next_permutation(order.begin(), order.end()))
    if (TotalsAfter(start, pending, order) != fixed) return true;
  return false;
}

void GhostsCastlesCemeteries::ScorePending(Game& g) {
  while (!g.pending_.empty()) {
    // AMB-29 alternative: the fixed order (cell, then feature) always, never asked.
    if (!g.setup_.gcc->options.fixed_score_order && OrderMatters(g)) {
      g.phase_ = Phase::kOrder;
      return;
    }
    ScoreEvent e = std::move(g.pending_.front());
    NodeId root = g.pending_roots_.front();
    g.pending_.erase(g.pending_.begin());
    g.pending_roots_.erase(g.pending_roots_.begin());
    Record(g, std::move(e), root);
  }
  g.EndTurn();
}

Status GhostsCastlesCemeteries::ScoreFirst(Game& g, int index) const {
  if (g.phase_ != Phase::kOrder) {
    if (g.setup_.gcc->options.fixed_score_order)  // AMB-29 alternative
      return Status::Illegal(
          "finished features score in the fixed order (cell, then feature) here: "
          "--fixed-score-order (AMB-29)");
    return Expansion::ScoreFirst(g, index);
  }
  if (index < 0 || index >= static_cast<int>(g.pending_.size()))
    return Status::NotFound("there is no finished feature " + std::to_string(index + 1) +
                            ": choose 1 to " + std::to_string(g.pending_.size()));
  ScoreEvent e = std::move(g.pending_[index]);
  NodeId root = g.pending_roots_[index];
  g.pending_.erase(g.pending_.begin() + index);
  g.pending_roots_.erase(g.pending_roots_.begin() + index);
  Record(g, std::move(e), root);
  ScorePending(g);
  return Status::Ok();
}

void GhostsCastlesCemeteries::Record(Game& g, ScoreEvent e, NodeId root) {
  e.turn = g.turn_;
  for (int p = 0; p < g.PlayerCount(); ++p) {
    bool scores = std::find(e.winners.begin(), e.winners.end(), p) != e.winners.end();
    int before = g.totals_[p].Total();
    if (before + e.points[p] < 0) {  // C.5.2: a total never goes below 0
      e.floor[p] = -(before + e.points[p]);
      e.points[p] += e.floor[p];
    }
    g.totals_[p].Add(e.kind, scores ? e.value : 0);
    g.totals_[p].ghosts += e.penalty[p];
    g.totals_[p].floor += e.floor[p];
  }
  if (e.kind == FeatureKind::kCemetery && !e.winners.empty()) {  // C.6.3
    int owner = e.winners.front();
    if (g.general_guards_[owner] > 0) {
      --g.general_guards_[owner];
      ++g.guards_owned_[owner];
      e.guard_to = owner;
    }
  }
  g.ReturnMeeples(root);  // C.5.3: the meeples go home, their ghosts to the bank
  g.events_.push_back(std::move(e));
}

void GhostsCastlesCemeteries::ScoreFinal(Game& g,
                                         std::vector<std::pair<ScoreEvent, NodeId>>& end) const {
  int n = g.PlayerCount();
  std::vector<ScoreEvent>& events = g.events_;
  size_t first_final = events.size();
  bool each = g.setup_.gcc->options.floor_each_end_feature;
  for (auto& [e, root] : end) {
    e.turn = g.turn_;
    e.ghosts.assign(n, 0);
    e.penalty.assign(n, 0);
    e.floor.assign(n, 0);
    for (int p = 0; p < n; ++p) {
      bool scores = std::find(e.winners.begin(), e.winners.end(), p) != e.winners.end();
      e.ghosts[p] = GhostsOf(g, root, p);
      e.penalty[p] = -e.ghosts[p];  // C.9.1, AMB-16: −1 per ghost on every meeple left
      e.points[p] += e.penalty[p];
      g.totals_[p].Add(e.kind, scores ? e.value : 0);
      g.totals_[p].ghosts += e.penalty[p];
      int total = g.totals_[p].Total();
      if (each && total < 0) {  // AMB-30 alternative: the floor after each end feature
        e.floor[p] = -total;
        e.points[p] += -total;
        g.totals_[p].floor += -total;
      }
    }
    events.push_back(e);
  }
  // AMB-30: the floor at 0 once, after every end value and penalty (with the alternative no
  // total is below 0 any more); the points it gives back stand in the player's last final
  // event that cost them points.
  for (int p = 0; p < n; ++p) {
    int total = g.totals_[p].Total();
    if (total >= 0) continue;
    for (size_t i = events.size(); i-- > first_final;) {
      if (events[i].penalty[p] < 0) {
        events[i].floor[p] = -total;
        events[i].points[p] += -total;
        g.totals_[p].floor += -total;
        break;
      }
    }
  }
}

// Game::Hash: a meeple is a guard or regular with its ghosts; then the bank, the box, the
// guards, the GCC columns of the totals, the ghosts still to give and the scorings waiting.
void GhostsCastlesCemeteries::HashMeeples(const Game& g, FieldHash& h) const {
  for (const Meeple& m : g.meeples_)
    (h << "m" << m.player << "/" << m.tile << "/" << m.segment << (m.guard ? "g" : "r") << m.ghosts)
        .End();
}

void GhostsCastlesCemeteries::HashState(const Game& g, FieldHash& h) const {
  (h << "gcc/" << g.bank_ << "/" << g.box_->Taken()).End();
  for (size_t p = 0; p < g.guards_owned_.size(); ++p)
    (h << g.guards_owned_[p] << "/" << g.general_guards_[p]).End();
  for (const ScoreTotals& t : g.totals_)
    (h << t.castles << "," << t.cemeteries << "," << t.ghosts << "," << t.floor).End();
  for (GhostTarget t : g.ghost_queue_) (h << "q" << static_cast<int>(t)).End();
  for (const ScoreEvent& e : g.pending_) (h << "p" << e.where).End();
}

}  // namespace carcref
