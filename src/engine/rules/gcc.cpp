// Ghosts, Castles and Cemeteries (RULES.md §C): the Mists tiles as a competitive expansion of
// the base game. These are the Game's GCC steps: ghosts when a mist tile thickens or disperses
// mist (C.3), guards (C.4.2), the −2 per ghost and the floor at 0 when a feature scores (C.5),
// the gravedigger (C.6), the castle (C.7) and the final scoring (C.9). Fields bounded by mist
// (C.8) need nothing here: a mist area is a segment of its own, so Features never joins clear
// field across it.
#include <algorithm>
#include <numeric>

#include "carcref/game.h"
#include "carcref/words.h"

namespace carcref {

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

int Game::GuardSupply(int player) const {
  if (!gcc()) return 0;
  int out = guards_owned_[player];
  for (const Meeple& m : meeples_)
    if (m.player == player && m.guard) --out;
  return out;
}

int Game::RegularSupply(int player) const {
  int out = gcc() ? kGccRegulars : setup_.meeples_per_player;
  for (const Meeple& m : meeples_)
    if (m.player == player && !m.guard) --out;
  return out;
}

int Game::GeneralGuards(int player) const { return gcc() ? general_guards_[player] : 0; }

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

std::string Game::MeepleWords(const Meeple& m) const {
  const PlacedTile& t = board_.tile(m.tile);
  return setup_.players[m.player].name + "'s " + (m.guard ? "guard" : "meeple") + " on the " +
         DescribeSegment(*t.type, m.segment, t.quarters) + " at " + CellName(t.cell);
}

void Game::Note(std::string text) { notes_.push_back({turn_, std::move(text)}); }

MistContact Game::MistContactAt(const TileType& type, Cell c, int quarters) const {
  MistContact out;
  if (!type.HasMist()) return out;  // C.3.2, AMB-11: only a tile that shows mist
  // AMB-31: port by port (half-edges and road middles) against the placed neighbours.
  for (Port p = 0; p < kPorts; ++p) {
    int n = board_.IndexAt(Neighbor(c, SideOfPort(p)));
    if (n < 0) continue;
    bool mine = type.mist_owner[RotatePort(p, 4 - quarters)] >= 0;
    bool theirs = board_.tile(n).MistOfBoardPort(FacingPort(p)) >= 0;
    if (mine && theirs) out.thickens = true;   // C.3.3
    if (mine != theirs) out.disperses = true;  // C.3.4
  }
  return out;
}

void Game::StartGhostStep() {
  ghost_queue_.clear();
  const PlacedTile& placed = board_.tile(placed_);
  // AMB-12: at most one ghost of each kind per tile; C.3.5: the opponent's first.
  MistContact contact = MistContactAt(*placed.type, placed.cell, placed.quarters);
  if (contact.thickens) ghost_queue_.push_back(GhostTarget::kOpponent);
  if (contact.disperses) ghost_queue_.push_back(GhostTarget::kOwn);
  NextGhost();
}

void Game::NextGhost() {
  while (!ghost_queue_.empty()) {
    bool own = ghost_queue_.front() == GhostTarget::kOwn;
    std::string why = own ? "the mist disperses (C.3.4)" : "the mist thickens (C.3.3)";
    std::vector<int> candidates = GhostCandidates();
    if (bank_ == 0) {
      Note(why + ": no ghost, the bank is empty (C.3.7)");
    } else if (candidates.empty()) {
      Note(why + ": no ghost, " +
           (own ? setup_.players[current_].name + " has no meeple"
                : std::string("no opponent has a meeple")) +
           " that can take one (guards never do, C.3.7)");
    } else if (candidates.size() == 1) {
      // The only answer: taken by itself, and a `ghost` naming this meeple changes nothing.
      const Meeple& m = meeples_[candidates[0]];
      SettledAnswer& a =
          Settle(SettledAnswer::Kind::kGhost, "the ghost went to " + MeepleWords(m) +
                                                  ", the only meeple that could take it (" +
                                                  (own ? "C.3.4)" : "C.3.3)"));
      a.owner = m.player;
      a.tile = m.tile;
      a.segment = m.segment;
      a.cell = board_.tile(m.tile).cell;
      GiveGhost(candidates[0], why + ", and it is the only meeple that can take it");
      continue;
    } else {
      phase_ = Phase::kGhost;  // the active player chooses
      return;
    }
    ghost_queue_.erase(ghost_queue_.begin());
  }
  phase_ = Phase::kPlaceMeeple;
  if (MeepleSegments().empty()) SkipMeepleStep();
}

void Game::GiveGhost(int index, const std::string& why) {
  ghost_queue_.erase(ghost_queue_.begin());
  Meeple& m = meeples_[index];
  ++m.ghosts;
  --bank_;
  std::string who = MeepleWords(m);
  if (m.ghosts < 3) {
    Note("a ghost goes to " + who + ": " + why + "; it has " + Plural(m.ghosts, "ghost", "ghosts") +
         ", the bank " + std::to_string(bank_));
    return;
  }
  // C.3.8, AMB-32: the third ghost sends the meeple home at once, its ghosts to the bank.
  bank_ += 3;
  meeples_.erase(meeples_.begin() + index);
  Note("a ghost goes to " + who + ": " + why + "; its 3rd ghost sends it home with no points and " +
       "3 ghosts back to the bank (C.3.8), the bank " + std::to_string(bank_));
}

Status Game::Haunt(int index) {
  if (phase_ != Phase::kGhost)
    return Status::Illegal(phase_ == Phase::kGameOver ? "the game is over"
                                                      : "no ghost is waiting for a meeple now");
  if (index < 0 || index >= static_cast<int>(meeples_.size()))
    return Status::NotFound("no such meeple on the board");
  const Meeple& m = meeples_[index];
  bool own = ghost_queue_.front() == GhostTarget::kOwn;
  if (m.guard)
    return Status::Illegal("a guard never takes a ghost (C.4.2): choose one of the meeples listed");
  if (own && m.player != current_)
    return Status::Illegal("the mist disperses: the ghost goes to one of " +
                           setup_.players[current_].name + "'s own meeples (C.3.4), not " +
                           setup_.players[m.player].name + "'s");
  if (!own && m.player == current_)
    return Status::Illegal(
        "the mist thickens: the ghost goes to an opponent's meeple (C.3.3), "
        "not one of " +
        setup_.players[current_].name + "'s own");
  GiveGhost(index, own ? "the mist disperses (C.3.4)" : "the mist thickens (C.3.3)");
  NextGhost();
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
  if (setup_.gcc->options.castle_counts_itself) {  // CONF-06 alternative (E-G-FINAL)
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
int Game::GhostsOf(NodeId root, int player) const {
  int ghosts = 0;
  for (const Meeple& m : meeples_)
    if (m.player == player && features_.Find(features_.Node(m.tile, m.segment)) == root)
      ghosts += m.ghosts;
  return ghosts;
}

// The finished features of this turn, in the fixed order (cell, then feature), with what the
// ghosts cost each player (C.5.1, C.5.4 AMB-14); the floor is applied as each one scores.
void Game::GccScoreCompleted() {
  pending_.clear();
  pending_roots_.clear();
  int n = PlayerCount();
  for (auto& [e, root] : CompletedFeatures()) {
    e.ghosts.assign(n, 0);
    e.penalty.assign(n, 0);
    e.floor.assign(n, 0);
    for (int p = 0; p < n; ++p) {
      bool scores = std::find(e.winners.begin(), e.winners.end(), p) != e.winners.end();
      if (setup_.gcc->options.only_scorers_pay && !scores) continue;  // AMB-14 alternative
      e.ghosts[p] = GhostsOf(root, p);
      e.penalty[p] = -2 * e.ghosts[p];  // C.5.1
      e.points[p] += e.penalty[p];
    }
    pending_.push_back(std::move(e));
    pending_roots_.push_back(root);
  }
}

// AMB-29: the order matters when some order gives some player another total.
bool Game::OrderMatters() const {
  if (pending_.size() < 2 || pending_.size() > 7) return false;  // 7! orders at most
  std::vector<int> start;
  for (const ScoreTotals& t : totals_) start.push_back(t.Total());
  std::vector<size_t> order(pending_.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<int> fixed = TotalsAfter(start, pending_, order);
  while (std::next_permutation(order.begin(), order.end()))
    if (TotalsAfter(start, pending_, order) != fixed) return true;
  return false;
}

void Game::ScorePending() {
  while (!pending_.empty()) {
    if (OrderMatters()) {
      phase_ = Phase::kOrder;
      return;
    }
    ScoreEvent e = std::move(pending_.front());
    NodeId root = pending_roots_.front();
    pending_.erase(pending_.begin());
    pending_roots_.erase(pending_roots_.begin());
    RecordGcc(std::move(e), root);
  }
  EndTurn();
}

Status Game::ScoreFirst(int index) {
  if (phase_ != Phase::kOrder)
    return Status::Illegal(phase_ == Phase::kGameOver ? "the game is over"
                                                      : "no finished features wait for an order");
  if (index < 0 || index >= static_cast<int>(pending_.size()))
    return Status::NotFound("there is no finished feature " + std::to_string(index + 1) +
                            ": choose 1 to " + std::to_string(pending_.size()));
  ScoreEvent e = std::move(pending_[index]);
  NodeId root = pending_roots_[index];
  pending_.erase(pending_.begin() + index);
  pending_roots_.erase(pending_roots_.begin() + index);
  RecordGcc(std::move(e), root);
  ScorePending();
  return Status::Ok();
}

void Game::RecordGcc(ScoreEvent e, NodeId root) {
  e.turn = turn_;
  for (int p = 0; p < PlayerCount(); ++p) {
    bool scores = std::find(e.winners.begin(), e.winners.end(), p) != e.winners.end();
    int before = totals_[p].Total();
    if (before + e.points[p] < 0) {  // C.5.2: a total never goes below 0
      e.floor[p] = -(before + e.points[p]);
      e.points[p] += e.floor[p];
    }
    totals_[p].Add(e.kind, scores ? e.value : 0);
    totals_[p].ghosts += e.penalty[p];
    totals_[p].floor += e.floor[p];
  }
  if (e.kind == FeatureKind::kCemetery && !e.winners.empty()) {  // C.6.3
    int owner = e.winners.front();
    if (general_guards_[owner] > 0) {
      --general_guards_[owner];
      ++guards_owned_[owner];
      e.guard_to = owner;
    }
  }
  ReturnMeeples(root);  // C.5.3: the meeples go home, their ghosts to the bank
  events_.push_back(std::move(e));
}

void Game::GccFinalScoring(std::vector<std::pair<ScoreEvent, NodeId>>& end) {
  int n = PlayerCount();
  size_t first_final = events_.size();
  for (auto& [e, root] : end) {
    e.turn = turn_;
    e.ghosts.assign(n, 0);
    e.penalty.assign(n, 0);
    e.floor.assign(n, 0);
    for (int p = 0; p < n; ++p) {
      bool scores = std::find(e.winners.begin(), e.winners.end(), p) != e.winners.end();
      e.ghosts[p] = GhostsOf(root, p);
      e.penalty[p] = -e.ghosts[p];  // C.9.1, AMB-16: −1 per ghost on every meeple left
      e.points[p] += e.penalty[p];
      totals_[p].Add(e.kind, scores ? e.value : 0);
      totals_[p].ghosts += e.penalty[p];
    }
    events_.push_back(e);
  }
  // AMB-30: the floor at 0 once, after every end value and penalty; the points it gives back
  // stand in the player's last final event that cost them points.
  for (int p = 0; p < n; ++p) {
    int total = totals_[p].Total();
    if (total >= 0) continue;
    for (size_t i = events_.size(); i-- > first_final;) {
      if (events_[i].penalty[p] < 0) {
        events_[i].floor[p] = -total;
        events_[i].points[p] += -total;
        totals_[p].floor += -total;
        break;
      }
    }
  }
}

}  // namespace carcref
