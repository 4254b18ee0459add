// The base rules (RULES.md §A) as a state machine. Rule ids are cited where they apply.
#include "carcref/game.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "carcref/i18n.h"
#include "carcref/words.h"
#include "engine/field_hash.h"
#include "engine/kind_words.h"

namespace carcref {

Result<Game> Game::New(GameSetup setup) {
  int n = static_cast<int>(setup.players.size());
  if (n < 2 || n > 5)  // A.1.2
    return Status::Illegal(
        Fill(Tr("the base game is for 2 to 5 players, not {1}"), {std::to_string(n)}));
  std::set<std::string> names, colors;
  for (const PlayerSpec& p : setup.players) {
    if (p.name.empty()) return Status::Syntax(Tr("a player needs a name"));
    if (!names.insert(Lower(p.name)).second)
      return Status::Illegal(Fill(Tr("two players are called {1}"), {p.name}));
    if (!colors.insert(Lower(p.color)).second)
      // TRANSLATORS: {1} a colour as typed ("red").
      return Status::Illegal(Fill(Tr("two players play {1}"), {p.color}));
  }
  TilePtr start = setup.catalog.StartTile();
  if (!start) return Status::Corrupt(Tr("the tile catalogue names no start tile"));
  Game g;
  const Expansion& expansion = Expansion::For(setup);
  g.expansion_ = &expansion;
  g.regulars_ = expansion.Regulars(setup);
  g.guards_ = expansion.HasGuards();
  g.setup_ = std::move(setup);
  for (const TilePtr& t : g.setup_.catalog.tiles) g.remaining_[t->id] += t->count;
  g.totals_.resize(n);
  Status set_up = expansion.Setup(g);  // C.1
  if (!set_up.ok()) return set_up;
  if (!expansion.ReplacesStartTile()) {
    // A.1.3: the start tile face up at 0,0 in its catalogue orientation.
    g.board_.Place(start, {0, 0}, 0);
    g.features_.AddTile(g.board_, 0);
  }
  g.start_tiles_ = g.board_.size();
  --g.remaining_[start->id];
  return g;
}

int Game::Supply(int player) const {
  return RegularSupply(player) + (guards_ ? expansion_->Guards(*this, player) : 0);
}

int Game::RegularSupply(int player) const {
  int out = regulars_;
  for (const Meeple& m : meeples_)
    if (m.player == player && !m.guard) --out;
  return out;
}

int Game::Remaining(const TileType& type) const {
  auto it = remaining_.find(type.id);
  return it == remaining_.end() ? 0 : it->second;
}

int Game::RemainingTotal() const {
  int n = 0;
  for (const auto& [id, count] : remaining_) n += count;
  if (const TileBox* described = box()) n += described->Left();
  return n;
}

std::vector<int> Game::MeeplesOn(NodeId n) const {
  std::vector<int> out(setup_.players.size(), 0);
  NodeId root = features_.Find(n);
  for (const Meeple& m : meeples_)
    if (features_.Find(features_.Node(m.tile, m.segment)) == root) ++out[m.player];
  return out;
}

std::string Game::OccupantWords(NodeId n) const {
  NodeId root = features_.Find(n);
  for (const Meeple& m : meeples_)
    if (features_.Find(features_.Node(m.tile, m.segment)) == root)
      // TRANSLATORS: who holds a feature already: {1} the player, {2} the cell of the meeple.
      return Fill(Tr("{1}'s meeple at {2}"),
                  {setup_.players[m.player].name, CellName(board_.tile(m.tile).cell)});
  return Tr("nobody");
}

// The checks of CheckMeeple without its words, which cost more than the checks: the meeple
// step asks this of every segment each turn, and only a refused command needs the words.
Game::MeepleBar Game::BarFor(int segment, bool guard, int supply) const {
  if (phase_ != Phase::kPlaceMeeple) return MeepleBar::kPhase;
  const PlacedTile& placed = board_.tile(placed_);
  if (segment < 0 || segment >= static_cast<int>(placed.type->segments.size()))
    return MeepleBar::kNoSuchSegment;
  if (guard && !guards_) return MeepleBar::kGuardsNotPlayed;
  if (supply <= 0) return MeepleBar::kNoSupply;
  if (guard && expansion_->Guards(*this, current_) <= 0) return MeepleBar::kNoGuard;
  const Segment& seg = placed.type->segments[segment];
  if (seg.kind == FeatureKind::kMist) return MeepleBar::kMist;
  if (seg.kind == FeatureKind::kField && !setup_.farmers) return MeepleBar::kNoFarmers;
  NodeId root = features_.Find(features_.Node(placed_, segment));
  for (const Meeple& m : meeples_)
    if (features_.Find(features_.Node(m.tile, m.segment)) == root) return MeepleBar::kOccupied;
  return MeepleBar::kNone;
}

Status Game::CheckMeeple(int segment, bool guard) const {
  MeepleBar bar = BarFor(segment, guard, phase_ == Phase::kPlaceMeeple ? Supply(current_) : 0);
  if (bar == MeepleBar::kNone) return Status::Ok();
  if (bar == MeepleBar::kPhase) {
    if (phase_ == Phase::kGhost)
      return Status::Illegal(Tr("first the ghost: name the meeple it goes to (C.3, then C.4.1)"));
    if (phase_ == Phase::kOrder)
      return Status::Illegal(
          Tr("the turn's meeple step is over: name the feature that scores first"));
    return Status::Illegal(phase_ == Phase::kGameOver
                               ? Tr("the game is over")
                               : Tr("place a tile first: a meeple goes on the tile just placed "
                                    "(A.4.1)"));
  }
  const PlacedTile& placed = board_.tile(placed_);
  const std::string& who = setup_.players[current_].name;
  switch (bar) {
    case MeepleBar::kNoSuchSegment:
      return Status::NotFound(Tr("the tile just placed has no such feature"));
    case MeepleBar::kGuardsNotPlayed:
      return Status::Illegal(
          Tr("guards are not played in this game: an expansion brings them (help new)"));
    case MeepleBar::kNoSupply:
      return Status::Illegal(Fill(Tr("{1} has no meeple left (A.4.7)"), {who}));
    case MeepleBar::kNoGuard:
      return Status::Illegal(
          Fill(Tr("{1} has no guard left; place a regular meeple instead"), {who}));
    case MeepleBar::kMist:  // B.8, C.8.2: mist is not a feature a meeple can hold
      return Status::Illegal(
          Tr("no meeple stands on mist; misty roads and the clear field can take one (C.4.3)"));
    case MeepleBar::kNoFarmers:
      return Status::Illegal(Tr("farmers are not played in this game"));
    default:
      break;
  }
  // A.4.3: any meeple on the whole feature, one's own included.
  NodeId node = features_.Node(placed_, segment);
  // TRANSLATORS: {1} the feature ("road E to the junction"), {2} who holds it ("Anna's meeple
  // at 1,0").
  return Status::Illegal(
      Fill(Tr("the {1} is already occupied: {2} (A.4.3)"),
           {DescribeSegment(*placed.type, segment, placed.quarters), OccupantWords(node)}));
}

std::vector<int> Game::MeepleSegments() const {
  std::vector<int> out;
  if (phase_ != Phase::kPlaceMeeple) return out;
  int segments = static_cast<int>(board_.tile(placed_).type->segments.size());
  int supply = Supply(current_);  // once: no virtual call per segment
  for (int s = 0; s < segments; ++s)
    if (BarFor(s, false, supply) == MeepleBar::kNone) out.push_back(s);
  return out;
}

std::vector<MeepleOption> Game::MeepleOptions() const {
  std::vector<MeepleOption> out;
  if (phase_ != Phase::kPlaceMeeple) return out;
  const PlacedTile& placed = board_.tile(placed_);
  for (int s : MeepleSegments())
    out.push_back(
        {s, placed.type->segments[s].kind, DescribeSegment(*placed.type, s, placed.quarters)});
  return out;
}

namespace {

Status MidTurn(Phase phase) {
  switch (phase) {
    case Phase::kGameOver:
      return Status::Illegal(Tr("the game is over"));
    case Phase::kPlaceMeeple:
      return Status::Illegal(Tr("finish this turn first: place a meeple or pass"));
    case Phase::kGhost:
      return Status::Illegal(Tr("finish this turn first: name the meeple the ghost goes to"));
    case Phase::kOrder:
      return Status::Illegal(Tr("finish this turn first: name the feature that scores first"));
    case Phase::kPlaceTile:
      break;
  }
  return Status::Ok();
}

}  // namespace

Status Game::CheckBetweenTurns() const { return MidTurn(phase_); }

// A tile that is not the catalogue's: one described as it lies, taken from the expansion's box.
Status Game::CheckSupply(const TileType& type) const {
  if (type.id.empty()) {
    const TileBox* described = box();
    if (!described)
      return Status::NotFound(
          Tr("that tile is not in the catalogue of this game: the base game takes catalogue "
             "tiles only"));
    return described->CanTake(type);
  }
  if (remaining_.find(type.id) == remaining_.end())
    return Status::NotFound(Fill(Tr("tile {1} is not in this game"), {type.id}));
  if (Remaining(type) <= 0)
    // TRANSLATORS: {1} a tile's id, {2} how many the game has.
    return Status::Illegal(Fill(TrPlural("no {1} left: all {2} are on the table",
                                         "no {1} left: all {2} are on the table", type.count),
                                {type.id, std::to_string(type.count)}));
  return Status::Ok();
}

void Game::TakeFromSupply(const TileType& type) {
  if (type.id.empty())
    expansion_->TakeFromBox(*this, type);
  else
    --remaining_[type.id];
}

Status Game::PlaceTile(const TilePtr& type, Cell c, int quarters) {
  Status busy = MidTurn(phase_);
  if (!busy.ok()) return busy;
  if (!type) return Status::NotFound(Tr("no such tile"));
  Status supply = CheckSupply(*type);
  if (!supply.ok()) return supply;
  Status legal = board_.CheckPlacement(*type, c, quarters);
  if (!legal.ok()) return legal;
  placed_ = board_.Place(type, c, quarters);
  features_.AddTile(board_, placed_);
  TakeFromSupply(*type);
  ++turn_;
  expansion_->AfterTilePlaced(*this);  // C.3: step 2a, then the meeple
  return Status::Ok();
}

Status Game::Haunt(int index) {
  if (phase_ != Phase::kGhost)
    return Status::Illegal(phase_ == Phase::kGameOver ? Tr("the game is over")
                                                      : Tr("no ghost is waiting for a meeple now"));
  return expansion_->Haunt(*this, index);
}

Status Game::ScoreFirst(int index) {
  if (phase_ == Phase::kGameOver) return Status::Illegal(Tr("the game is over"));
  return expansion_->ScoreFirst(*this, index);  // outside kOrder: why no order is asked
}

void Game::StartMeepleStep() {
  phase_ = Phase::kPlaceMeeple;
  if (MeepleSegments().empty()) SkipMeepleStep();
}

void Game::Note(std::string text) { notes_.push_back({turn_, std::move(text)}); }

SettledAnswer& Game::Settle(SettledAnswer::Kind kind, std::string why) {
  SettledAnswer a;
  a.kind = kind;
  a.why = std::move(why);
  settled_.push_back(std::move(a));
  return settled_.back();
}

// A.4.7 (an empty supply), A.4.3 (every feature taken): nothing to decide, so no `pass` is
// awaited; one typed anyway changes nothing (NOTATION.md).
void Game::SkipMeepleStep() {
  last_skip_ = {current_, Supply(current_) <= 0};
  Settle(SettledAnswer::Kind::kPass, Tr("no meeple could be placed")).words = [] {
    return Tr("no meeple could be placed");
  };
  FinishTurn();
}

Status Game::PlaceMeeple(int segment, bool guard) {
  Status ok = CheckMeeple(segment, guard);
  if (!ok.ok()) return ok;
  if (!guard && RegularSupply(current_) <= 0) guard = true;  // C.4: only guards are left
  meeples_.push_back({current_, placed_, segment, guard, 0});
  last_meeple_ = meeples_.back();
  ++meeples_placed_;
  FinishTurn();
  return Status::Ok();
}

Status Game::Pass() {
  if (phase_ == Phase::kGhost || phase_ == Phase::kOrder) return MidTurn(phase_);
  if (phase_ != Phase::kPlaceMeeple)
    return Status::Illegal(
        phase_ == Phase::kGameOver
            ? Tr("the game is over")
            : Fill(Tr("nothing to pass: {1} is to place a tile"), {setup_.players[current_].name}));
  FinishTurn();
  return Status::Ok();
}

Status Game::Discard(const TilePtr& type) {
  Status busy = MidTurn(phase_);
  if (!busy.ok()) return busy;
  if (!type) return Status::NotFound(Tr("no such tile in this game"));
  Status supply = CheckSupply(*type);
  if (!supply.ok()) return supply;
  std::vector<Placement> legal = board_.LegalPlacements(*type);
  if (!legal.empty())  // A.3.5: only a tile that fits nowhere is discarded
  {
    std::string tile = type->id.empty() ? Tr("the tile") : type->id;
    std::vector<std::string> values = {tile, CellName(legal[0].cell),
                                       std::to_string(legal[0].quarters * 90)};
    if (legal.size() == 1)
      // TRANSLATORS: a refused discard: {1} the tile, {2} a cell where it fits, {3} the
      // rotation there (degrees clockwise).
      return Status::Illegal(Fill(
          Tr("{1} fits at {2} turned {3}: only a tile that fits nowhere is discarded"), values));
    long long more = static_cast<long long>(legal.size()) - 1;
    values.push_back(std::to_string(more));
    // TRANSLATORS: as "{1} fits at {2} turned {3}…", {4} the number of other places it fits.
    return Status::Illegal(
        Fill(TrPlural("{1} fits at {2} turned {3} (and {4} more place): only a tile that fits "
                      "nowhere is discarded",
                      "{1} fits at {2} turned {3} (and {4} more places): only a tile that fits "
                      "nowhere is discarded",
                      more),
             values));
  }
  TakeFromSupply(*type);
  discarded_.push_back(type->id.empty() ? HashKey(*type) : type->id);
  if (RemainingTotal() == 0) {  // EDGE-01: the last tile fits nowhere; the game ends
    FinalScoring();
    phase_ = Phase::kGameOver;
    Settle(SettledAnswer::Kind::kEnd, Tr("the game ended: the last tile fit nowhere (EDGE-01)"))
        .words = [] { return Tr("the game ended: the last tile fit nowhere (EDGE-01)"); };
  }
  return Status::Ok();
}

Status Game::End() {
  if (phase_ == Phase::kGameOver) return Status::Illegal(Tr("the game is already over"));
  Status busy = MidTurn(phase_);
  if (!busy.ok()) return busy;
  FinalScoring();
  phase_ = Phase::kGameOver;
  return Status::Ok();
}

// A.2: scoring comes after the meeple (C.5: it may wait for the player's order, AMB-29).
void Game::FinishTurn() { expansion_->ScoreTurn(*this); }

void Game::EndTurn() {
  phase_ = Phase::kPlaceTile;
  placed_ = -1;
  current_ = (current_ + 1) % PlayerCount();
  if (RemainingTotal() == 0) {  // A.7.1: the turn of the last tile is over
    FinalScoring();
    phase_ = Phase::kGameOver;
    Settle(SettledAnswer::Kind::kEnd, Tr("the game ended after the last tile (A.7.1)")).words = [] {
      return Tr("the game ended after the last tile (A.7.1)");
    };
  }
}

void Game::Record(ScoreEvent e) {
  e.turn = turn_;
  for (int p = 0; p < PlayerCount(); ++p) totals_[p].Add(e.kind, e.points[p]);
  events_.push_back(std::move(e));
}

// A.6.6; C.5.3: the ghosts with them go back to the bank (GCC; elsewhere there are none).
void Game::ReturnMeeples(NodeId root) {
  auto on_it = [&](const Meeple& m) {
    return features_.Find(features_.Node(m.tile, m.segment)) == root;
  };
  int ghosts = 0;
  for (const Meeple& m : meeples_)
    if (on_it(m)) ghosts += m.ghosts;
  if (ghosts > 0) expansion_->GhostsReturned(*this, ghosts);
  meeples_.erase(std::remove_if(meeples_.begin(), meeples_.end(), on_it), meeples_.end());
}

namespace {

std::vector<Cell> CellsOf(const Board& board, const std::vector<int>& tiles) {
  std::vector<Cell> cells;
  for (int t : tiles) cells.push_back(board.tile(t).cell);
  std::sort(cells.begin(), cells.end());
  return cells;
}

}  // namespace

std::vector<std::pair<ScoreEvent, NodeId>> Game::CompletedFeatures() const {
  std::vector<std::pair<ScoreEvent, NodeId>> out;
  auto add = [&](ScoreEvent e, NodeId root) {
    e.meeples = MeeplesOn(root);
    e.winners = MajorityWinners(e.meeples);  // A.6.4, A.6.5
    e.points.assign(setup_.players.size(), 0);
    for (int w : e.winners) e.points[w] = e.value;
    out.push_back({std::move(e), root});
  };
  // A.5.1, A.5.2: roads and cities through the tile, each once (A.6.7).
  const PlacedTile& placed = board_.tile(placed_);
  std::vector<NodeId> done;
  for (int s = 0; s < static_cast<int>(placed.type->segments.size()); ++s) {
    FeatureKind kind = placed.type->segments[s].kind;
    if (kind != FeatureKind::kRoad && kind != FeatureKind::kCity) continue;
    NodeId root = features_.Find(features_.Node(placed_, s));
    if (!features_.IsComplete(board_, root)) continue;
    if (std::find(done.begin(), done.end(), root) != done.end()) continue;
    done.push_back(root);
    const FeatureInfo& info = features_.Info(root);
    ScoreEvent e;
    e.kind = kind;
    e.tiles = static_cast<int>(info.tiles.size());
    e.pennants = info.pennants;
    e.value = FeatureValue(kind, true, e.tiles, e.pennants, &e.reason);
    e.cells = CellsOf(board_, info.tiles);
    // TRANSLATORS: where a scored feature lies: {1} the feature ("road E to the junction"),
    // {2} the cell of the tile that closed it or holds it.
    e.where = Fill(Tr("{1} at {2}"),
                   {DescribeSegment(*placed.type, s, placed.quarters), CellName(placed.cell)});
    add(std::move(e), root);
  }
  // A.5.3, C.6.3, C.7.2: a monastery, castle or cemetery in the 3×3 block around this tile
  // (itself included) that has just become surrounded; before this tile it had at most 7.
  for (int dx = -1; dx <= 1; ++dx) {
    for (int dy = -1; dy <= 1; ++dy) {
      Cell c{placed.cell.x + dx, placed.cell.y + dy};
      int t = board_.IndexAt(c);
      if (t < 0) continue;
      const TileType& type = *board_.tile(t).type;
      // Most tiles have none of these: skip counting their neighbours.
      if (!type.HasKind(FeatureKind::kMonastery) && !type.HasKind(FeatureKind::kCastle) &&
          !type.HasKind(FeatureKind::kCemetery))
        continue;
      if (board_.NeighbourCount(c) != 8) continue;
      for (int s = 0; s < static_cast<int>(type.segments.size()); ++s) {
        ScoreEvent e;
        e.kind = type.segments[s].kind;
        if (e.kind == FeatureKind::kMonastery) {
          e.value = FeatureValue(e.kind, true, 9, 0, &e.reason);
        } else if (e.kind == FeatureKind::kCastle) {
          e.value = expansion_->CastleValue(*this, c, true, &e.reason);
        } else if (e.kind == FeatureKind::kCemetery) {
          e.reason = Tr("no points; the gravedigger's owner takes a guard from the general supply");
        } else {
          continue;
        }
        e.tiles = 9;
        e.cells = board_.Block(c);
        e.where = Fill(Tr("{1} at {2}"), {FeatureKindWords(e.kind), CellName(c)});
        add(std::move(e), features_.Find(features_.Node(t, s)));
      }
    }
  }
  return out;
}

void Game::ScoreCompleted() {
  for (auto& [e, root] : CompletedFeatures()) {
    Record(std::move(e));
    ReturnMeeples(root);  // A.6.6
  }
}

std::vector<std::pair<ScoreEvent, NodeId>> Game::EndFeatures() const {
  // A.8.1–A.8.4 (C.9.1): every unfinished feature that still holds meeples (a finished one
  // returned its meeples when it was scored), kind by kind in the order the meeples came; then
  // A.8.5 (C.8): each field with farmers on its own.
  std::vector<std::pair<ScoreEvent, NodeId>> out;
  std::vector<NodeId> seen;
  for (FeatureKind kind : {FeatureKind::kRoad, FeatureKind::kCity, FeatureKind::kMonastery,
                           FeatureKind::kCastle, FeatureKind::kCemetery, FeatureKind::kField}) {
    for (const Meeple& m : meeples_) {
      NodeId root = features_.Find(features_.Node(m.tile, m.segment));
      const FeatureInfo& info = features_.Info(root);
      if (info.kind != kind) continue;
      if (std::find(seen.begin(), seen.end(), root) != seen.end()) continue;
      seen.push_back(root);
      const PlacedTile& tile = board_.tile(m.tile);
      ScoreEvent e;
      e.kind = kind;
      e.final = true;
      if (kind == FeatureKind::kRoad || kind == FeatureKind::kCity || kind == FeatureKind::kField) {
        e.tiles = static_cast<int>(info.tiles.size());
        e.pennants = info.pennants;
        e.cells = CellsOf(board_, info.tiles);
        e.where = Fill(Tr("{1} at {2}"), {DescribeSegment(*tile.type, m.segment, tile.quarters),
                                          CellName(tile.cell)});
      } else {
        e.cells = board_.Block(tile.cell);
        e.tiles = static_cast<int>(e.cells.size());
        e.where = Fill(Tr("{1} at {2}"), {FeatureKindWords(kind), CellName(tile.cell)});
      }
      switch (kind) {
        case FeatureKind::kField:  // 3 per completed bordering city
          e.cities = static_cast<int>(features_.BorderedCities(root, board_, true).size());
          e.value = FieldValue(e.cities, &e.reason);
          break;
        case FeatureKind::kCastle:  // C.7.3, CONF-06
          e.value = expansion_->CastleValue(*this, tile.cell, false, &e.reason);
          break;
        case FeatureKind::kCemetery:  // C.6.4
          e.reason = Tr("a gravedigger scores nothing at the end (C.6.4)");
          break;
        default:
          e.value = FeatureValue(kind, false, e.tiles, e.pennants, &e.reason);
      }
      e.meeples = MeeplesOn(root);
      e.winners = MajorityWinners(e.meeples);
      e.points.assign(setup_.players.size(), 0);
      for (int w : e.winners) e.points[w] = e.value;
      out.push_back({std::move(e), root});
    }
  }
  return out;
}

void Game::FinalScoring() {
  final_meeples_ = meeples_;  // the position the final scoring reads, for the pictures
  std::vector<std::pair<ScoreEvent, NodeId>> end = EndFeatures();
  expansion_->ScoreFinal(*this, end);
  // A.8.4: the meeples go back after their feature is scored; farmers stay for the record.
  for (const auto& [e, root] : end)
    if (e.kind != FeatureKind::kField) ReturnMeeples(root);
}

std::vector<int> Game::Winners() const {
  std::vector<int> out;
  int best = -1;
  for (const ScoreTotals& t : totals_) best = std::max(best, t.Total());
  for (int p = 0; p < PlayerCount(); ++p)
    if (totals_[p].Total() == best) out.push_back(p);  // AMB-01: ties share the win
  return out;
}

std::uint64_t Game::Hash() const {
  FieldHash h;
  (h << setup_.game << (setup_.farmers ? "+farmers" : "-farmers")).End();
  for (const PlayerSpec& p : setup_.players) (h << p.name << ":" << p.color).End();
  (h << static_cast<int>(phase_) << "/" << current_ << "/" << placed_ << "/" << turn_).End();
  for (const PlacedTile& t : board_.tiles()) {
    if (t.type->id.empty())
      HashTileKey(h, *t.type);
    else
      h << t.type->id;
    (h << "@" << t.cell << "/" << t.quarters).End();
  }
  expansion_->HashMeeples(*this, h);
  for (const auto& [id, count] : remaining_) (h << id << "=" << count).End();
  for (const ScoreTotals& t : totals_)
    (h << t.roads << "," << t.cities << "," << t.monasteries << "," << t.farms).End();
  for (const std::string& d : discarded_) (h << "d" << d).End();
  expansion_->HashState(*this, h);
  return h.value();
}

// The base game alone: the hooks do what the base rules do.

const Expansion& Expansion::None() {
  static const Expansion none;
  return none;
}

const Expansion& Expansion::For(const GameSetup& setup) {
  return setup.expansion ? setup.expansion->expansion() : None();
}

int Expansion::Regulars(const GameSetup& setup) const { return setup.meeples_per_player; }

Status Expansion::Setup(Game&) const { return Status::Ok(); }

void Expansion::AfterTilePlaced(Game& g) const { g.StartMeepleStep(); }

Status Expansion::Haunt(Game&, int) const {
  return Status::Illegal(Tr("no ghost is waiting for a meeple now"));
}

Result<int> Expansion::GhostMeeple(const Game&, const GameCommand&) const {
  return Status::Illegal(Tr("no ghost is waiting for a meeple now"));
}

// The base game awaits no step of its own between the tile and the meeple, nor after it.
Status Expansion::CheckInvariants(const Game& g) const {
  if (g.phase() == Phase::kGhost || g.phase() == Phase::kOrder)
    return Status::Corrupt("A.2: the base game awaits a step it does not have");
  return Status::Ok();
}

void Expansion::ScoreTurn(Game& g) const {
  g.ScoreCompleted();
  g.EndTurn();
}

Status Expansion::ScoreFirst(Game&, int) const {
  return Status::Illegal(Tr("no finished features wait for an order"));
}

void Expansion::ScoreFinal(Game& g, std::vector<std::pair<ScoreEvent, NodeId>>& end) const {
  for (auto& [e, root] : end) g.Record(e);
}

void Expansion::HashMeeples(const Game& g, FieldHash& h) const {
  for (const Meeple& m : g.meeples_)
    (h << "m" << m.player << "/" << m.tile << "/" << m.segment).End();
}

void Expansion::HashState(const Game&, FieldHash&) const {}

// The expansions' contract (expansion.h): Expansion is Game's friend, its subclasses are not.

const ExpansionState* Expansion::StateOf(const Game& g) { return g.expansion_state_.get(); }
ExpansionState* Expansion::StateOf(Game& g) { return g.expansion_state_.get(); }
void Expansion::SetState(Game& g, std::unique_ptr<ExpansionState> state) {
  g.expansion_state_.reset(std::move(state));
}
Board& Expansion::BoardOf(Game& g) { return g.board_; }
Features& Expansion::FeaturesOf(Game& g) { return g.features_; }
std::vector<Meeple>& Expansion::MeeplesOf(Game& g) { return g.meeples_; }
std::vector<ScoreTotals>& Expansion::TotalsOf(Game& g) { return g.totals_; }
std::vector<ScoreEvent>& Expansion::EventsOf(Game& g) { return g.events_; }
void Expansion::Await(Game& g, Phase phase) { g.phase_ = phase; }
void Expansion::StartMeepleStep(Game& g) { g.StartMeepleStep(); }
void Expansion::EndTurn(Game& g) { g.EndTurn(); }
std::vector<std::pair<ScoreEvent, NodeId>> Expansion::CompletedFeatures(const Game& g) {
  return g.CompletedFeatures();
}
void Expansion::ReturnMeeples(Game& g, NodeId root) { g.ReturnMeeples(root); }
void Expansion::Note(Game& g, std::string text) { g.Note(std::move(text)); }
SettledAnswer& Expansion::Settle(Game& g, SettledAnswer::Kind kind, std::string why) {
  return g.Settle(kind, std::move(why));
}

}  // namespace carcref
