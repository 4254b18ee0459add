// Carcassonne: The City (RULES.md §D) as a state machine: the turn of D.2 (tile, follower,
// scoring, wall building), the end of D.9. Wall geometry is in city_wall.cpp, features and
// scoring in city_score.cpp.
#include "games/city/city.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "carcref/words.h"
#include "city_internal.h"

namespace carcref {

using city_internal::Count;
using city_internal::SlotName;

namespace {

std::string Names(const CitySetup& setup, const std::vector<int>& players) {
  std::string out;
  for (size_t i = 0; i < players.size(); ++i)
    out += (i == 0                    ? ""
            : i + 1 == players.size() ? " and "
                                      : ", ") +
           setup.players[players[i]].name;
  return out;
}

int StackOf(const CityOptions& o, int index) {  // D.1.3: drawn strictly 1, 2, 3
  if (index < o.stacks[0]) return 1;
  if (index < o.stacks[0] + o.stacks[1]) return 2;
  return 3;
}

}  // namespace

std::string_view CityPhaseName(CityPhase phase) {
  switch (phase) {
    case CityPhase::kTile:
      return "tile";
    case CityPhase::kFollower:
      return "follower";
    case CityPhase::kGate:
      return "gate";
    case CityPhase::kWall:
      return "wall";
    case CityPhase::kTower:
      return "tower";
    default:
      return "over";
  }
}

std::string_view WallKindName(WallKind kind) {
  switch (kind) {
    case WallKind::kGate:
      return "gate";
    case WallKind::kShort:
      return "short";
    default:
      return "standard";
  }
}

Result<CityGame> CityGame::New(CitySetup setup) {
  int n = static_cast<int>(setup.players.size());
  if (n < 2 || n > 4)  // D.1.2
    return Status::Illegal("The City is for 2 to 4 players, not " + std::to_string(n));
  static const char* kColours[] = {"red", "blue", "yellow", "green"};
  std::set<std::string> names, colours;
  for (const PlayerSpec& p : setup.players)
    if (!p.color.empty()) colours.insert(Lower(p.color));
  for (PlayerSpec& p : setup.players) {
    if (p.name.empty()) return Status::Syntax("a player needs a name");
    if (!names.insert(Lower(p.name)).second)
      return Status::Illegal("two players are called " + p.name);
    if (p.color.empty()) {
      for (const char* c : kColours)
        if (colours.insert(c).second) {
          p.color = c;
          break;
        }
    }
  }
  std::set<std::string> seen;
  for (const PlayerSpec& p : setup.players)
    if (!seen.insert(Lower(p.color)).second) return Status::Illegal("two players play " + p.color);
  for (int s : setup.options.stacks)
    if (s < 1) return Status::Illegal("every stack needs at least 1 tile (D.1.3)");
  if (setup.options.wall_pieces < 1 || setup.options.wall_pieces > kCityWallPieces)
    return Status::Illegal("the box holds 1 to 70 wall pieces (D.1.1)");
  CityGame g;
  g.setup_ = std::move(setup);
  g.supply_.assign(n, kCityFollowers);
  g.returning_.assign(n, 0);
  g.towers_.assign(n, kCityTowers / n);  // D.1.2: 6 / 4 / 3
  return g;
}

// --- Queries ---------------------------------------------------------------------------------

int CityGame::TileAt(Cell c) const {
  auto it = at_.find(c);
  return it == at_.end() ? -1 : it->second;
}

int CityGame::acting_player() const {
  if (building_ && phase_ == CityPhase::kWall) return building_->order[building_->step];
  if (building_ && (phase_ == CityPhase::kGate || phase_ == CityPhase::kTower))
    return building_->trigger;
  return current_;
}

int CityGame::stack() const {
  if (phase_ == CityPhase::kTile) return TilesLeft() == 0 ? 3 : StackOf(setup_.options, used_);
  return turn_stack_;
}

int CityGame::TilesLeft() const {
  const auto& s = setup_.options.stacks;
  return s[0] + s[1] + s[2] - used_;
}

int CityGame::TilesLeftInStack() const {
  const auto& s = setup_.options.stacks;
  int end = s[0];
  for (int i = 1; i < 3 && used_ >= end; ++i) end += s[i];
  return std::max(0, end - used_);
}

int CityGame::Watchmen(int player) const {
  int n = 0;
  for (const WallSlot& w : wall_) n += w.watchman == player;
  return n;
}

std::string CityGame::AwaitWords() const {
  const std::string& name = setup_.players[acting_player()].name;
  switch (phase_) {
    case CityPhase::kTile:
      if (tiles_.empty()) return name + " to place the first tile on 0,0 (D.1.4)";
      return name + " to place a tile from stack " + std::to_string(stack()) + " (" +
             Count(TilesLeftInStack(), "tile", "tiles") + " left in it)";
    case CityPhase::kFollower:
      return name + " may place a follower on the tile at " + CellName(tiles_[last_tile_].cell) +
             ", or pass";
    case CityPhase::kGate:
      return name + " to place the city gate (D.8.2)";
    case CityPhase::kWall: {
      int skip = building_->first_gate ? 1 : 0;
      return name + " to place a wall piece (" + std::to_string(building_->step - skip + 1) +
             " of " + std::to_string(static_cast<int>(building_->order.size()) - skip) +
             ", stack " + std::to_string(building_->stack) + ")";
    }
    case CityPhase::kTower:
      return name + " may place a tower on an end of the wall, or pass (D.8.7)";
    default: {
      std::vector<int> w = Winners();
      std::vector<int> s = Scores();
      return "the game is over: " + Names(setup_, w) +
             (w.size() == 1 ? " wins" : " share the win") + " with " + std::to_string(s[w[0]]);
    }
  }
}

// --- Tiles -----------------------------------------------------------------------------------

Status CityGame::CheckPlacement(const CityTile& tile, Cell c) const {
  if (tiles_.empty()) {
    if (c != Cell{0, 0})
      return Status::Illegal("the first tile goes on 0,0 (D.1.4), not on " + CellName(c));
    return Status::Ok();
  }
  if (TileAt(c) >= 0) return Status::Illegal(CellName(c) + " already holds a tile");
  bool touches = false;
  for (Side s : kSides) touches = touches || TileAt(Neighbor(c, s)) >= 0;
  if (!touches) return Status::Illegal(CellName(c) + " shares no edge with a placed tile (D.3.1)");
  for (const WallSlot& w : wall_)  // EDGE-19
    if (Neighbor(w.cell, w.side) == c)
      return Status::Illegal(CellName(c) + " lies outside the wall: its " +
                             std::string(SideName(Opposite(w.side))) +
                             " edge is on the outer side of the " +
                             (w.kind == WallKind::kGate ? "gate" : "wall piece") + " on " +
                             SlotName(w) + " (EDGE-19)");
  for (Side s : kSides) {
    Cell n = Neighbor(c, s);
    int nt = TileAt(n);
    if (nt < 0) continue;
    bool mine = tile.HasStreetOn(s);
    bool theirs = tiles_[nt].tile.HasStreetOn(Opposite(s));
    if (mine && !theirs) {
      CityPart part = tiles_[nt].tile.ports[MiddlePort(Opposite(s))];
      return Status::Illegal(CellName(c) + ": the street on the " + std::string(SideName(s)) +
                             " edge meets " +
                             (part == CityPart::kNone ? std::string("no street")
                                                      : "a " + std::string(CityPartName(part))) +
                             " of the tile at " + CellName(n) + " (D.3.1: streets must continue)");
    }
    if (!mine && theirs)
      return Status::Illegal(CellName(c) + ": the tile at " + CellName(n) +
                             " has a street on its " + std::string(SideName(Opposite(s))) +
                             " edge and this tile's " + std::string(SideName(s)) +
                             " edge does not continue it (D.3.1: streets must continue)");
  }
  return Status::Ok();
}

std::vector<Cell> CityGame::PlacesFor(const CityTile& tile) const {
  std::set<Cell> cells;
  if (tiles_.empty()) cells.insert({0, 0});
  for (const PlacedCityTile& t : tiles_)
    for (Side s : kSides) {
      Cell n = Neighbor(t.cell, s);
      if (TileAt(n) < 0) cells.insert(n);
    }
  std::vector<Cell> out;
  for (Cell c : cells)
    if (CheckPlacement(tile, c).ok()) out.push_back(c);
  return out;
}

void CityGame::Begin() {
  report_ = Report();
  auto_answers_.clear();
}

void CityGame::AutoAnswer(std::string command, std::string why) {
  Note(why);
  auto_answers_.push_back({std::move(command), std::move(why)});
}

std::optional<std::string> CityGame::TakeRedundant(const std::string& command) {
  if (auto_answers_.empty() || auto_answers_.front().first != command) return std::nullopt;
  std::string note = "nothing to do: " + auto_answers_.front().second;
  auto_answers_.erase(auto_answers_.begin());
  return note;
}

Status CityGame::PlaceTile(const CityTile& tile, Cell c) {
  if (phase_ != CityPhase::kTile) return Status::Illegal("no tile is awaited now; " + AwaitWords());
  Status fits = CheckPlacement(tile, c);
  if (!fits.ok()) return fits;
  Begin();
  PlacedCityTile placed;
  placed.cell = c;
  placed.tile = tile;
  placed.player = current_;
  placed.turn = turn_;
  placed.stack = StackOf(setup_.options, used_);
  turn_stack_ = placed.stack;
  last_tile_ = static_cast<int>(tiles_.size());
  at_[c] = last_tile_;
  tiles_.push_back(std::move(placed));
  done_.emplace_back(tiles_.back().tile.areas.size(), false);
  ++used_;
  scorings_ = 0;
  EnterFollowerStep();
  return Status::Ok();
}

Status CityGame::Discard(const CityTile& tile) {
  if (phase_ != CityPhase::kTile) return Status::Illegal("no tile is awaited now; " + AwaitWords());
  std::vector<Cell> places = PlacesFor(tile);
  if (!places.empty())
    return Status::Illegal(
        "this tile fits on " + CellName(places[0]) +
        (places.size() > 1
             ? " (and " + Count(static_cast<int>(places.size()) - 1, "more place", "more places") +
                   ")"
             : std::string()) +
        "; only a tile that fits nowhere leaves the game (D.3.2)");
  Begin();
  ++used_;
  ++discarded_;
  Note("the tile fits nowhere and leaves the game (D.3.2)");
  if (TilesLeft() == 0) {
    EndGame("the last tile has been played (D.9.1b)");
  } else {
    Note(setup_.players[current_].name + " draws again");
  }
  return Status::Ok();
}

// --- Followers (D.4) -------------------------------------------------------------------------

Status CityGame::CheckFollower(int area) const { return CheckFollowerWith(area, nullptr); }

Status CityGame::CheckFollowerWith(int area, const CityFeatures* known) const {
  if (last_tile_ < 0) return Status::Illegal("no tile has been placed this turn");
  const PlacedCityTile& placed = tiles_[last_tile_];
  if (area < 0 || area >= static_cast<int>(placed.tile.areas.size()))
    return Status::NotFound("the tile at " + CellName(placed.cell) + " has no area " +
                            std::to_string(area + 1));
  if (supply_[current_] == 0)
    return Status::Illegal(setup_.players[current_].name +
                           " has no follower in the supply (D.4.4)");
  CityFeatures computed;
  if (!known) computed = ComputeFeatures(false);
  const CityFeatures& features = known ? *known : computed;
  const CityFeature& f = features.list[features.of[last_tile_][area]];
  std::string words = AreaWords(last_tile_, area);
  for (const CityFollower& m : followers_)
    if (features.of[m.tile][m.area] == features.of[last_tile_][area])
      return Status::Illegal(
          "the " + words + " is already occupied: " + setup_.players[m.player].name +
          "'s follower stands on it at " + CellName(tiles_[m.tile].cell) + " (D.4.2)");
  if (f.complete)
    return Status::Illegal("the " + words +
                           " has just been completed by this tile with no follower on it: no "
                           "follower may go on it (D.4.3)");
  return Status::Ok();
}

std::vector<int> CityGame::FollowerChoices() const {
  std::vector<int> out;
  if (phase_ != CityPhase::kFollower || supply_[current_] == 0) return out;
  CityFeatures features = ComputeFeatures(false);
  for (int a = 0; a < static_cast<int>(tiles_[last_tile_].tile.areas.size()); ++a)
    if (CheckFollowerWith(a, &features).ok()) out.push_back(a);
  return out;
}

void CityGame::EnterFollowerStep() {
  phase_ = CityPhase::kFollower;
  if (!FollowerChoices().empty()) return;
  std::string why = supply_[current_] == 0
                        ? setup_.players[current_].name + " has no follower in the supply (D.4.4)"
                        : "no free street, market or residential area on this tile (D.4.2, D.4.3)";
  AutoAnswer("pass", "no follower step: " + why);
  ScoreTurn();
}

Status CityGame::PlaceFollower(int area) {
  if (phase_ != CityPhase::kFollower)
    return Status::Illegal("no follower is awaited now; " + AwaitWords());
  Status ok = CheckFollower(area);
  if (!ok.ok()) return ok;
  Begin();
  followers_.push_back({current_, last_tile_, area});
  --supply_[current_];
  Note(setup_.players[current_].name + " places a follower on the " + AreaWords(last_tile_, area));
  ScoreTurn();
  return Status::Ok();
}

Status CityGame::Pass() {
  if (phase_ == CityPhase::kFollower) {
    Begin();
    ScoreTurn();
    return Status::Ok();
  }
  if (phase_ == CityPhase::kTower) {
    Begin();
    Note(setup_.players[building_->trigger].name + " places no tower");
    FinishWallBuilding();
    return Status::Ok();
  }
  if (phase_ == CityPhase::kWall)
    return Status::Illegal("pass: a wall piece must be placed when there is room for it (D.8.3); " +
                           EndsWords());
  return Status::Illegal("pass: nothing to pass now; " + AwaitWords());
}

// --- The turn --------------------------------------------------------------------------------

void CityGame::ScoreTurn() {
  scorings_ = ScoreCompleted(false);
  const CityOptions& o = setup_.options;
  // D.7, AMB-18: walls from the first scoring by a tile of stack 2 (alternative: as soon as
  // stack 1 is empty).
  bool walls = turn_stack_ >= 2 || (o.walls_when_stack1_empty && used_ >= o.stacks[0]);
  if (scorings_ == 0 || !walls) {
    if (scorings_ > 0) Note("no wall building while stack 1 lasts (D.7, AMB-18)");
    EndTurn();
    return;
  }
  CityWallBuilding b;
  b.trigger = current_;
  b.stack = std::max(2, turn_stack_);
  b.queued = o.wall_per_feature ? scorings_ - 1 : 0;  // AMB-19
  building_ = b;
  StartWallBuilding();
}

// D.8.2, D.8.3, D.8.8: who places the pieces of one wall building.
void CityGame::StartWallBuilding() {
  CityWallBuilding& b = *building_;
  int n = players();
  int each = n == 2 ? (b.stack == 2 ? 2 : 4) : (b.stack == 2 ? 1 : 2);
  b.order.clear();
  for (int r = 0; r < each; ++r)
    for (int i = 0; i < n; ++i) b.order.push_back((b.trigger + i) % n);
  b.step = 0;
  b.first_gate = gate_ < 0;  // EDGE-21: the gate is the trigger's first piece, in stack 3 too
  std::vector<int> rest(b.order.begin() + (b.first_gate ? 1 : 0), b.order.end());
  Note("wall building (D.8, stack " + std::to_string(b.stack) +
       "): " + (b.first_gate ? setup_.players[b.trigger].name + " places the gate, then " : "") +
       "pieces by " + Names(setup_, rest) + ", one at a time in this order");
  if (b.first_gate) {
    phase_ = CityPhase::kGate;
    return;
  }
  NextWallStep();
}

void CityGame::NextWallStep() {
  CityWallBuilding& b = *building_;
  std::vector<int> skipped;
  while (b.step < static_cast<int>(b.order.size())) {
    if (WallPiecesLeft() == 0) {
      std::vector<int> rest(b.order.begin() + b.step, b.order.end());
      Note("no wall piece is left: " + Names(setup_, rest) +
           (rest.size() == 1 ? " places" : " place") + " none (D.8.3)");
      b.step = static_cast<int>(b.order.size());
      break;
    }
    phase_ = CityPhase::kWall;
    std::vector<WallChoice> choices = WallChoices();
    if (choices.empty()) {
      Note("no slot is left for a wall piece: " + setup_.players[b.order[b.step]].name +
           " places none (D.8.2)");
      ++b.step;
      continue;
    }
    if (choices.size() == 1 && !choices[0].can_short && !choices[0].can_watchman) {
      const WallChoice& only = choices[0];
      std::string command = "wall " + SlotName(only.cell, only.side);
      int placer = b.order[b.step];
      bool clockwise = false;
      for (const auto& cand : EndCandidates(true))
        if (cand.first == only.cell && cand.second == only.side) clockwise = true;
      WallSlot piece;
      piece.cell = only.cell;
      piece.side = only.side;
      piece.player = placer;
      piece.turn = turn_;
      if (clockwise) {
        wall_.push_back(piece);
      } else {
        wall_.insert(wall_.begin(), piece);
        ++gate_;
      }
      ++pieces_placed_;
      AutoAnswer(command, setup_.players[placer].name + "'s wall piece goes on " +
                              SlotName(only.cell, only.side) + ", the only place for it (D.8.4)");
      ScoreCompleted(true);
      ++b.step;
      continue;
    }
    return;  // awaits `wall …`
  }
  TowerStep();
}

// D.8.7: after all pieces, the trigger may place a tower on an end of the wall.
void CityGame::TowerStep() {
  phase_ = CityPhase::kTower;
  int t = building_->trigger;
  if (towers_[t] == 0) {
    AutoAnswer("pass", "no tower: " + setup_.players[t].name + " has none left (D.8.7)");
  } else if (TowerChoices().empty()) {
    AutoAnswer("pass", "no tower: a tower already stands on each end of the wall (AMB-21)");
  } else {
    return;
  }
  FinishWallBuilding();
}

void CityGame::FinishWallBuilding() {
  if (building_->queued > 0) {  // AMB-19 alternative: one more wall building
    --building_->queued;
    StartWallBuilding();
    return;
  }
  building_.reset();
  int gap = WallGap();
  if (gap >= 0)
    Note("the ends of the wall are " + Count(gap, "free edge", "free edges") + " apart (D.9.3)");
  EndTurn();
}

void CityGame::EndTurn() {
  for (int p = 0; p < players(); ++p) {  // D.6.4
    supply_[p] += returning_[p];
    returning_[p] = 0;
  }
  // D.9.1, EDGE-23: checked once the turn's steps are done.
  int gap = WallGap();
  if (WallPiecesLeft() == 0) {
    EndGame("the last wall piece has been placed (D.9.1a)");
  } else if (TilesLeft() == 0) {
    EndGame("the last tile has been placed (D.9.1b)");
  } else if (gap >= 0 && gap <= 5) {
    EndGame("the ends of the wall are " + Count(gap, "free edge", "free edges") +
            " apart, 5 or fewer (D.9.1c, D.9.3)");
  } else {
    current_ = (current_ + 1) % players();
    ++turn_;
    last_tile_ = -1;
    phase_ = CityPhase::kTile;
  }
}

void CityGame::EndGame(const std::string& reason) {
  for (int p = 0; p < players(); ++p) {
    supply_[p] += returning_[p];
    returning_[p] = 0;
  }
  building_.reset();
  end_reason_ = reason;
  Note("the game ends: " + reason);
  CloseCity();
  FinalScoring();
  phase_ = CityPhase::kOver;
  last_tile_ = -1;
  report_.game_over = true;
}

Status CityGame::End() {
  if (phase_ == CityPhase::kOver) {  // the redundant answer: accepted, nothing changes
    report_ = Report();
    Note("nothing to do: the game has already ended");
    return Status::Ok();
  }
  if (phase_ != CityPhase::kTile)
    return Status::Illegal("end: the game ends between turns; first " + AwaitWords() +
                           " (EDGE-23)");
  Begin();
  EndGame("the table ends the game (D.9.1c as the players measure it)");
  return Status::Ok();
}

}  // namespace carcref
