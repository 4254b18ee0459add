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

using city_internal::Counted;
using city_internal::SlotName;

namespace {

std::string Names(const CitySetup& setup, const std::vector<int>& players) {
  std::vector<std::string> names;
  for (int p : players) names.push_back(setup.players[p].name);
  return city_internal::NamesWords(names);
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
    return Status::Illegal(
        Fill(Tr("The City is for 2 to 4 players, not {1}"), {std::to_string(n)}));
  static const char* kColours[] = {"red", "blue", "yellow", "green"};
  std::set<std::string> names, colours;
  for (const PlayerSpec& p : setup.players)
    if (!p.color.empty()) colours.insert(Lower(p.color));
  for (PlayerSpec& p : setup.players) {
    if (p.name.empty()) return Status::Syntax(Tr("a player needs a name"));
    if (!names.insert(Lower(p.name)).second)
      return Status::Illegal(Fill(Tr("two players are called {1}"), {p.name}));
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
    if (!seen.insert(Lower(p.color)).second)
      return Status::Illegal(Fill(Tr("two players play {1}"), {p.color}));
  for (int s : setup.options.stacks)
    if (s < 1) return Status::Illegal(Tr("every stack needs at least 1 tile (D.1.3)"));
  if (setup.options.wall_pieces < 1 || setup.options.wall_pieces > kCityWallPieces)
    return Status::Illegal(Tr("the box holds 1 to 70 wall pieces (D.1.1)"));
  CityGame g;
  g.setup_ = std::move(setup);
  g.supply_.assign(n, kCityFollowers);
  g.returning_.assign(n, 0);
  g.towers_.assign(n, kCityTowers / n);  // D.1.2: 6 / 4 / 3
  return g;
}

// --- Queries ---------------------------------------------------------------------------------

int CityGame::TileAt(Cell c) const { return at_.At(c); }

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
      if (tiles_.empty()) return Fill(Tr("{1} to place the first tile on 0,0 (D.1.4)"), {name});
      return Fill(
          TrPlural("{1} to place a tile from stack {2} ({3} tile left in it)",
                   "{1} to place a tile from stack {2} ({3} tiles left in it)", TilesLeftInStack()),
          {name, std::to_string(stack()), std::to_string(TilesLeftInStack())});
    case CityPhase::kFollower:
      return Fill(Tr("{1} may place a follower on the tile at {2}, or pass"),
                  {name, CellName(tiles_[last_tile_].cell)});
    case CityPhase::kGate:
      return Fill(Tr("{1} to place the city gate (D.8.2)"), {name});
    case CityPhase::kWall: {
      int skip = building_->first_gate ? 1 : 0;
      // TRANSLATORS: {2} of {3}: which piece of this wall building; {4}: the stack (1-3).
      return Fill(Tr("{1} to place a wall piece ({2} of {3}, stack {4})"),
                  {name, std::to_string(building_->step - skip + 1),
                   std::to_string(static_cast<int>(building_->order.size()) - skip),
                   std::to_string(building_->stack)});
    }
    case CityPhase::kTower:
      return Fill(Tr("{1} may place a tower on an end of the wall, or pass (D.8.7)"), {name});
    default: {
      std::vector<int> w = Winners();
      std::vector<int> s = Scores();
      const int top = s[w[0]];
      // TRANSLATORS: {1} the winner, {2} their points.
      if (w.size() == 1)
        return Fill(TrPlural("the game is over: {1} wins with {2}",
                             "the game is over: {1} wins with {2}", top),
                    {Names(setup_, w), std::to_string(top)});
      // TRANSLATORS: {1} the winners ("Anna and Ben"), {2} their points.
      return Fill(TrPlural("the game is over: {1} share the win with {2}",
                           "the game is over: {1} share the win with {2}", top),
                  {Names(setup_, w), std::to_string(top)});
    }
  }
}

// --- Tiles -----------------------------------------------------------------------------------

Status CityGame::CheckPlacement(const CityTile& tile, Cell c) const {
  if (tiles_.empty()) {
    if (c != Cell{0, 0})
      return Status::Illegal(
          Fill(Tr("the first tile goes on 0,0 (D.1.4), not on {1}"), {CellName(c)}));
    return Status::Ok();
  }
  if (TileAt(c) >= 0) return Status::Illegal(Fill(Tr("{1} already holds a tile"), {CellName(c)}));
  bool touches = false;
  for (Side s : kSides) touches = touches || TileAt(Neighbor(c, s)) >= 0;
  if (!touches)
    return Status::Illegal(
        Fill(Tr("{1} shares no edge with a placed tile (D.3.1)"), {CellName(c)}));
  for (const WallSlot& w : wall_)  // EDGE-19
    if (Neighbor(w.cell, w.side) == c)
      return Status::Illegal(Fill(
          w.kind == WallKind::kGate
              // TRANSLATORS: {1} the cell, {2} its side (N, E, S, W), {3} the gate's slot.
              ? Tr("{1} lies outside the wall: its {2} edge is on the outer side of the gate on "
                   "{3} (EDGE-19)")
              // TRANSLATORS: {1} the cell, {2} its side (N, E, S, W), {3} the piece's slot.
              : Tr("{1} lies outside the wall: its {2} edge is on the outer side of the wall "
                   "piece on {3} (EDGE-19)"),
          {CellName(c), std::string(SideName(Opposite(w.side))), SlotName(w)}));
  for (Side s : kSides) {
    Cell n = Neighbor(c, s);
    int nt = TileAt(n);
    if (nt < 0) continue;
    bool mine = tile.HasStreetOn(s);
    bool theirs = tiles_[nt].tile.HasStreetOn(Opposite(s));
    if (mine && !theirs) {
      CityPart part = tiles_[nt].tile.ports[MiddlePort(Opposite(s))];
      // TRANSLATORS: {1} the cell, {2} a side (N, E, S, W), {3} the neighbouring tile's cell.
      const std::string meets =
          part == CityPart::kResidential
              ? Tr("{1}: the street on the {2} edge meets a residential area of the tile at {3} "
                   "(D.3.1: streets must continue)")
          : part == CityPart::kMarket
              ? Tr("{1}: the street on the {2} edge meets a market of the tile at {3} (D.3.1: "
                   "streets must continue)")
          : part == CityPart::kBuilding
              ? Tr("{1}: the street on the {2} edge meets a building of the tile at {3} (D.3.1: "
                   "streets must continue)")
              : Tr("{1}: the street on the {2} edge meets no street of the tile at {3} (D.3.1: "
                   "streets must continue)");
      return Status::Illegal(Fill(meets, {CellName(c), std::string(SideName(s)), CellName(n)}));
    }
    if (!mine && theirs)
      // TRANSLATORS: {1} the cell, {2} the neighbouring tile's cell, {3} and {4} sides.
      return Status::Illegal(Fill(Tr("{1}: the tile at {2} has a street on its {3} edge and this "
                                     "tile's {4} edge does not continue it (D.3.1: streets must "
                                     "continue)"),
                                  {CellName(c), CellName(n), std::string(SideName(Opposite(s))),
                                   std::string(SideName(s))}));
  }
  return Status::Ok();
}

// CheckPlacement(tile, c).ok(), without building the words of a refusal.
bool CityGame::Fits(const CityTile& tile, Cell c) const {
  if (tiles_.empty()) return c == Cell{0, 0};                           // D.1.4
  if (TileAt(c) >= 0 || (wall_at_.At(c) & kOutsideWall)) return false;  // EDGE-19
  bool touches = false;
  for (Side s : kSides) {
    int nt = TileAt(Neighbor(c, s));
    if (nt < 0) continue;
    touches = true;
    if (tile.HasStreetOn(s) != tiles_[nt].tile.HasStreetOn(Opposite(s))) return false;  // D.3.1
  }
  return touches;
}

std::vector<Cell> CityGame::PlacesFor(const CityTile& tile) const {
  std::vector<Cell> out;
  if (tiles_.empty()) {
    out.push_back({0, 0});
    return out;
  }
  for (Cell c : frontier_)
    if (Fits(tile, c)) out.push_back(c);
  return out;
}

void CityGame::Begin() {
  report_ = Report();
  auto_answers_.clear();
}

void CityGame::AutoAnswer(std::string command, const char* why, std::vector<std::string> values) {
  Note(Fill(Tr(why), values));
  auto_answers_.push_back({std::move(command), why, std::move(values)});
}

std::optional<std::string> CityGame::TakeRedundant(const std::string& command) {
  if (auto_answers_.empty() || auto_answers_.front().command != command) return std::nullopt;
  // The reason is worded now, from the kept message and values: the game keeps it in English.
  const AutoAnswerNote& answer = auto_answers_.front();
  // TRANSLATORS: {1} why the rules already took the only answer.
  std::string note = Fill(Tr("nothing to do: {1}"), {Fill(Tr(answer.why), answer.values)});
  auto_answers_.erase(auto_answers_.begin());
  return note;
}

Status CityGame::PlaceTile(const CityTile& tile, Cell c) {
  if (phase_ != CityPhase::kTile)
    return Status::Illegal(Fill(Tr("no tile is awaited now; {1}"), {AwaitWords()}));
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
  at_.Ref(c) = last_tile_;
  tiles_.push_back(std::move(placed));
  done_.emplace_back(tiles_.back().tile.areas.size(), false);
  AddTileToBoard(last_tile_);
  ++used_;
  scorings_ = 0;
  EnterFollowerStep();
  return Status::Ok();
}

Status CityGame::Discard(const CityTile& tile) {
  if (phase_ != CityPhase::kTile)
    return Status::Illegal(Fill(Tr("no tile is awaited now; {1}"), {AwaitWords()}));
  std::vector<Cell> places = PlacesFor(tile);
  if (!places.empty()) {
    const int more = static_cast<int>(places.size()) - 1;
    if (more == 0)
      return Status::Illegal(
          Fill(Tr("this tile fits on {1}; only a tile that fits nowhere leaves the game (D.3.2)"),
               {CellName(places[0])}));
    return Status::Illegal(Fill(TrPlural("this tile fits on {1} (and {2} more place); only a "
                                         "tile that fits nowhere leaves the game (D.3.2)",
                                         "this tile fits on {1} (and {2} more places); only a "
                                         "tile that fits nowhere leaves the game (D.3.2)",
                                         more),
                                {CellName(places[0]), std::to_string(more)}));
  }
  Begin();
  ++used_;
  ++discarded_;
  Note(Tr("the tile fits nowhere and leaves the game (D.3.2)"));
  if (TilesLeft() == 0) {
    EndGame(Tr("the last tile has been played (D.9.1b)"));
  } else {
    Note(Fill(Tr("{1} draws again"), {setup_.players[current_].name}));
  }
  return Status::Ok();
}

// --- Followers (D.4) -------------------------------------------------------------------------

// CheckFollower(area).ok(), without building the words of a refusal: the area's feature has no
// follower (D.4.2) and is not a street or market completed by this tile (D.4.3).
bool CityGame::FollowerFits(int area) const {
  if (last_tile_ < 0 || supply_[current_] == 0) return false;
  if (area < 0 || area >= static_cast<int>(tiles_[last_tile_].tile.areas.size())) return false;
  const CityLiveArea& f = live_.Of(live_.Id(last_tile_, area));
  for (int n : f.followers)
    if (n > 0) return false;
  return f.kind == CityPart::kResidential || f.open > 0;
}

Status CityGame::CheckFollower(int area) const {
  if (last_tile_ < 0) return Status::Illegal(Tr("no tile has been placed this turn"));
  const PlacedCityTile& placed = tiles_[last_tile_];
  if (area < 0 || area >= static_cast<int>(placed.tile.areas.size()))
    return Status::NotFound(Fill(Tr("the tile at {1} has no area {2}"),
                                 {CellName(placed.cell), std::to_string(area + 1)}));
  if (supply_[current_] == 0)
    return Status::Illegal(
        Fill(Tr("{1} has no follower in the supply (D.4.4)"), {setup_.players[current_].name}));
  const int root = live_.Root(live_.Id(last_tile_, area));
  const CityLiveArea& f = live_.areas[root];
  for (const CityFollower& m : followers_)
    if (live_.Root(live_.Id(m.tile, m.area)) == root)
      // TRANSLATORS: {1} the area ("street W–E at 1,0"), {2} a player, {3} a cell.
      return Status::Illegal(Fill(Tr("the {1} is already occupied: {2}'s follower stands on it "
                                     "at {3} (D.4.2)"),
                                  {AreaWords(last_tile_, area), setup_.players[m.player].name,
                                   CellName(tiles_[m.tile].cell)}));
  if (f.kind != CityPart::kResidential && f.open == 0)
    // TRANSLATORS: {1} the area ("street W–E at 1,0").
    return Status::Illegal(Fill(Tr("the {1} has just been completed by this tile with no "
                                   "follower on it: no follower may go on it (D.4.3)"),
                                {AreaWords(last_tile_, area)}));
  return Status::Ok();
}

std::vector<int> CityGame::FollowerChoices() const {
  std::vector<int> out;
  if (phase_ != CityPhase::kFollower || supply_[current_] == 0) return out;
  for (int a = 0; a < static_cast<int>(tiles_[last_tile_].tile.areas.size()); ++a)
    if (FollowerFits(a)) out.push_back(a);
  return out;
}

void CityGame::EnterFollowerStep() {
  phase_ = CityPhase::kFollower;
  if (!FollowerChoices().empty()) return;
  if (supply_[current_] == 0)
    // TRANSLATORS: {1} a player.
    AutoAnswer("pass", TrNoop("no follower step: {1} has no follower in the supply (D.4.4)"),
               {setup_.players[current_].name});
  else
    AutoAnswer("pass", TrNoop("no follower step: no free street, market or residential area on "
                              "this tile (D.4.2, D.4.3)"));
  ScoreTurn();
}

Status CityGame::PlaceFollower(int area) {
  if (phase_ != CityPhase::kFollower)
    return Status::Illegal(Fill(Tr("no follower is awaited now; {1}"), {AwaitWords()}));
  Status ok = CheckFollower(area);
  if (!ok.ok()) return ok;
  Begin();
  followers_.push_back({current_, last_tile_, area});
  ++live_.Of(live_.Id(last_tile_, area)).followers[static_cast<size_t>(current_)];
  --supply_[current_];
  // TRANSLATORS: {1} a player, {2} the area ("street W–E at 1,0").
  Note(Fill(Tr("{1} places a follower on the {2}"),
            {setup_.players[current_].name, AreaWords(last_tile_, area)}));
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
    Note(Fill(Tr("{1} places no tower"), {setup_.players[building_->trigger].name}));
    FinishWallBuilding();
    return Status::Ok();
  }
  if (phase_ == CityPhase::kWall)
    // TRANSLATORS: {1} where the piece may go ("it may go on 2,0 E or 0,1 N").
    return Status::Illegal(
        Fill(Tr("pass: a wall piece must be placed when there is room for it (D.8.3); {1}"),
             {EndsWords()}));
  return Status::Illegal(Fill(Tr("pass: nothing to pass now; {1}"), {AwaitWords()}));
}

// --- The turn --------------------------------------------------------------------------------

void CityGame::ScoreTurn() {
  scorings_ = ScoreCompleted(false);
  const CityOptions& o = setup_.options;
  // D.7, AMB-18: walls from the first scoring by a tile of stack 2 (alternative: as soon as
  // stack 1 is empty).
  bool walls = turn_stack_ >= 2 || (o.walls_when_stack1_empty && used_ >= o.stacks[0]);
  if (scorings_ == 0 || !walls) {
    if (scorings_ > 0) Note(Tr("no wall building while stack 1 lasts (D.7, AMB-18)"));
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
  if (b.first_gate)
    // TRANSLATORS: {1} the stack (2 or 3), {2} a player, {3} the players in order.
    Note(Fill(Tr("wall building (D.8, stack {1}): {2} places the gate, then pieces by {3}, one at "
                 "a time in this order"),
              {std::to_string(b.stack), setup_.players[b.trigger].name, Names(setup_, rest)}));
  else
    // TRANSLATORS: {1} the stack (2 or 3), {2} the players in order ("Anna, Ben, Anna and Ben").
    Note(Fill(Tr("wall building (D.8, stack {1}): pieces by {2}, one at a time in this order"),
              {std::to_string(b.stack), Names(setup_, rest)}));
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
      Note(Fill(rest.size() == 1 ? Tr("no wall piece is left: {1} places none (D.8.3)")
                                 : Tr("no wall piece is left: {1} place none (D.8.3)"),
                {Names(setup_, rest)}));
      b.step = static_cast<int>(b.order.size());
      break;
    }
    phase_ = CityPhase::kWall;
    std::vector<WallChoice> choices = WallChoices();
    if (choices.empty()) {
      Note(Fill(Tr("no slot is left for a wall piece: {1} places none (D.8.2)"),
                {setup_.players[b.order[b.step]].name}));
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
      AddWallToBoard(piece.cell, piece.side);
      ++pieces_placed_;
      // TRANSLATORS: {1} a player, {2} a wall slot ("2,0 E").
      AutoAnswer(command, TrNoop("{1}'s wall piece goes on {2}, the only place for it (D.8.4)"),
                 {setup_.players[placer].name, SlotName(only.cell, only.side)});
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
    // TRANSLATORS: {1} a player.
    AutoAnswer("pass", TrNoop("no tower: {1} has none left (D.8.7)"), {setup_.players[t].name});
  } else if (TowerChoices().empty()) {
    AutoAnswer("pass", TrNoop("no tower: a tower already stands on each end of the wall (AMB-21)"));
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
    Note(Counted(TrPlural("the ends of the wall are {1} free edge apart (D.9.3)",
                          "the ends of the wall are {1} free edges apart (D.9.3)", gap),
                 gap));
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
    EndGame(Tr("the last wall piece has been placed (D.9.1a)"));
  } else if (TilesLeft() == 0) {
    EndGame(Tr("the last tile has been placed (D.9.1b)"));
  } else if (gap >= 0 && gap <= 5) {
    EndGame(Counted(TrPlural("the ends of the wall are {1} free edge apart, 5 or fewer (D.9.1c, "
                             "D.9.3)",
                             "the ends of the wall are {1} free edges apart, 5 or fewer (D.9.1c, "
                             "D.9.3)",
                             gap),
                    gap));
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
  // TRANSLATORS: {1} why ("the last tile has been placed (D.9.1b)").
  Note(Fill(Tr("the game ends: {1}"), {reason}));
  CloseCity();
  FinalScoring();
  phase_ = CityPhase::kOver;
  last_tile_ = -1;
  report_.game_over = true;
}

Status CityGame::End() {
  if (phase_ == CityPhase::kOver) {  // the redundant answer: accepted, nothing changes
    report_ = Report();
    Note(Tr("nothing to do: the game has already ended"));
    return Status::Ok();
  }
  if (phase_ != CityPhase::kTile)
    // TRANSLATORS: {1} what the game waits for ("Anna to place the city gate (D.8.2)").
    return Status::Illegal(
        Fill(Tr("end: the game ends between turns; first {1} (EDGE-23)"), {AwaitWords()}));
  Begin();
  EndGame(Tr("the table ends the game (D.9.1c as the players measure it)"));
  return Status::Ok();
}

}  // namespace carcref
