// The City: wall geometry and wall building (RULES.md D.8). A slot is one tile edge
// (EDGE-22), named by the cell inside the wall and the side the piece lies against.
//
// Walking along the wall with the city on the right is "clockwise". A slot (c, s) is walked
// towards TurnRight(s): a north edge from west to east, an east edge from north to south. At
// the end of a slot three grid edges continue it: turning left round the far corner into the
// cell diagonally ahead, going straight on along the next cell, or turning right round c
// itself. The wall hugs the city (NOTATION.md: "where two tiles touch only at a corner the
// wall turns into that corner"), so by default (CONF-08) the next slot is the first of the
// three whose inner cell holds a tile; that is always a free outer edge.
#include <algorithm>
#include <deque>

#include "city_internal.h"
#include "games/city/city.h"

namespace carcref {

using city_internal::SlotName;
using city_internal::TurnLeft;
using city_internal::TurnRight;

namespace {

using Slot = std::pair<Cell, Side>;

// The same grid edge, whichever cell names it.
bool SameEdge(Slot a, Slot b) {
  if (a.first == b.first && a.second == b.second) return true;
  return Neighbor(a.first, a.second) == b.first && Opposite(a.second) == b.second;
}

// The three grid edges continuing slot `end` clockwise (or counter-clockwise), in the order
// the hugging wall prefers them: into the diagonal corner, straight on, round the cell.
std::array<Slot, 3> Continuations(Slot end, bool clockwise) {
  auto [c, s] = end;
  Side d = clockwise ? TurnRight(s) : TurnLeft(s);
  Cell ahead = Neighbor(c, d);
  Cell diagonal = Neighbor(ahead, s);
  return {Slot{diagonal, Opposite(d)}, Slot{ahead, s}, Slot{c, d}};
}

}  // namespace

int CityGame::WallIndexAt(Cell c, Side s) const {
  if (!WallOn(c, s)) return -1;
  for (size_t i = 0; i < wall_.size(); ++i)
    if (SameEdge({wall_[i].cell, wall_[i].side}, {c, s})) return static_cast<int>(i);
  return -1;
}

bool CityGame::WallOn(Cell c, Side s) const { return (wall_at_.At(c) & WallBit(s)) != 0; }

// EDGE-19: a cell one of whose edges lies on the outer side of a wall piece or the gate.
bool CityGame::Blocked(Cell c) const { return (wall_at_.At(c) & kOutsideWall) != 0; }

// Empty cells 4-connected to the far outside, never crossing a wall piece. Cells outside the
// returned box (x0, y0, w, h) are outside too.
std::vector<bool> CityGame::OutsideMask(int& x0, int& y0, int& w, int& h) const {
  int min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  bool first = true;
  auto grow = [&](Cell c) {
    if (first) {
      min_x = max_x = c.x;
      min_y = max_y = c.y;
      first = false;
    }
    min_x = std::min(min_x, c.x);
    max_x = std::max(max_x, c.x);
    min_y = std::min(min_y, c.y);
    max_y = std::max(max_y, c.y);
  };
  for (const PlacedCityTile& t : tiles_) grow(t.cell);
  for (const WallSlot& s : wall_) grow(s.cell);
  x0 = min_x - 1;
  y0 = min_y - 1;
  w = max_x - min_x + 3;
  h = max_y - min_y + 3;
  std::vector<bool> outside(static_cast<size_t>(w) * static_cast<size_t>(h), false);
  auto index = [&](Cell c) { return static_cast<size_t>((c.y - y0) * w + (c.x - x0)); };
  auto inside_box = [&](Cell c) { return c.x >= x0 && c.x < x0 + w && c.y >= y0 && c.y < y0 + h; };
  std::deque<Cell> queue;
  for (int x = x0; x < x0 + w; ++x)
    for (int y = y0; y < y0 + h; ++y)
      if (x == x0 || y == y0 || x == x0 + w - 1 || y == y0 + h - 1) {
        Cell c{x, y};
        if (TileAt(c) < 0) {
          outside[index(c)] = true;
          queue.push_back(c);
        }
      }
  while (!queue.empty()) {
    Cell c = queue.front();
    queue.pop_front();
    for (Side s : kSides) {
      Cell n = Neighbor(c, s);
      if (!inside_box(n) || outside[index(n)] || TileAt(n) >= 0 || WallOn(c, s)) continue;
      outside[index(n)] = true;
      queue.push_back(n);
    }
  }
  return outside;
}

bool CityGame::IsOutside(Cell c) const {
  if (TileAt(c) >= 0) return false;
  int x0, y0, w, h;
  std::vector<bool> mask = OutsideMask(x0, y0, w, h);
  if (c.x < x0 || c.x >= x0 + w || c.y < y0 || c.y >= y0 + h) return true;
  return mask[static_cast<size_t>((c.y - y0) * w + (c.x - x0))];
}

// The slot after `end` going round the city (the hugging rule), whether free or not.
std::optional<std::pair<Cell, Side>> CityGame::NextSlot(std::pair<Cell, Side> end,
                                                        bool clockwise) const {
  std::array<Slot, 3> next = Continuations(end, clockwise);
  for (const Slot& s : next)
    if (TileAt(s.first) >= 0) return s;
  return std::nullopt;  // only with walls_need_no_tile: an end whose cell holds no tile
}

// D.8.4: the free slots that extend one end of the wall.
std::vector<std::pair<Cell, Side>> CityGame::EndCandidates(bool clockwise) const {
  std::vector<Slot> out;
  if (gate_ < 0) return out;
  const WallSlot& end = clockwise ? wall_.back() : wall_.front();
  if (setup_.options.walls_need_no_tile) {
    // CONF-08 alternative: any grid edge continuing the end with no tile beyond it.
    for (const Slot& s : Continuations({end.cell, end.side}, clockwise))
      if (TileAt(Neighbor(s.first, s.second)) < 0 && !WallOn(s.first, s.second) &&
          !Blocked(s.first))
        out.push_back(s);
    return out;
  }
  std::optional<Slot> next = NextSlot({end.cell, end.side}, clockwise);
  if (next && !WallOn(next->first, next->second)) out.push_back(*next);
  return out;
}

std::pair<int, int> CityGame::WallEnds() const {
  if (gate_ < 0) return {-1, -1};
  return {0, static_cast<int>(wall_.size()) - 1};
}

std::vector<std::pair<Cell, Side>> CityGame::GateChoices() const {
  std::vector<Slot> out;
  if (phase_ != CityPhase::kGate) return out;
  int x0, y0, w, h;
  std::vector<bool> mask = OutsideMask(x0, y0, w, h);
  for (const PlacedCityTile& t : tiles_)
    for (Side s : kSides) {
      Cell n = Neighbor(t.cell, s);
      if (TileAt(n) >= 0) continue;
      if (mask[static_cast<size_t>((n.y - y0) * w + (n.x - x0))]) out.push_back({t.cell, s});
    }
  std::sort(out.begin(), out.end(), [](const Slot& a, const Slot& b) {
    return a.first != b.first ? a.first < b.first : a.second < b.second;
  });
  return out;
}

// AMB-20: a watchman stands on the piece at the far end of the line of tiles in front of
// (c, s), facing back, with every cell between filled.
bool CityGame::BlockedByOppositeWatchman(Cell c, Side s) const {
  if (TileAt(c) < 0) return false;
  Side look = Opposite(s);
  Cell last = c;
  while (TileAt(Neighbor(last, look)) >= 0) last = Neighbor(last, look);
  int i = WallIndexAt(last, look);
  return i >= 0 && wall_[i].cell == last && wall_[i].watchman >= 0;
}

std::vector<WallChoice> CityGame::WallChoices() const {
  std::vector<WallChoice> out;
  if (phase_ != CityPhase::kWall || !building_) return out;
  int placer = acting_player();
  for (bool clockwise : {true, false}) {
    bool at_gate = clockwise ? gate_ == static_cast<int>(wall_.size()) - 1 : gate_ == 0;
    for (const Slot& s : EndCandidates(clockwise)) {
      auto same = std::find_if(out.begin(), out.end(), [&](const WallChoice& w) {
        return w.cell == s.first && w.side == s.second;
      });
      WallChoice* choice = nullptr;
      if (same == out.end()) {
        out.push_back({s.first, s.second, false, false});
        choice = &out.back();
      } else {
        choice = &*same;
      }
      if (at_gate && ShortPiecesLeft() > 0) choice->can_short = true;
      choice->can_watchman = supply_[placer] > 0 && !BlockedByOppositeWatchman(s.first, s.second);
    }
  }
  return out;
}

std::vector<int> CityGame::TowerChoices() const {
  std::vector<int> out;
  if (phase_ != CityPhase::kTower) return out;
  auto [a, b] = WallEnds();
  for (int i : {a, b})
    if (i >= 0 && wall_[i].tower < 0 && std::find(out.begin(), out.end(), i) == out.end())
      out.push_back(i);
  return out;
}

// D.9.3 (AMB-22): walk round the city from the clockwise end until the other end, counting
// the free outer edges on the way.
int CityGame::WallGap() const {
  if (gate_ < 0) return -1;
  Slot target{wall_.front().cell, wall_.front().side};
  Slot cur{wall_.back().cell, wall_.back().side};
  int bound = 4 * static_cast<int>(tiles_.size()) + 8;
  for (int count = 0; count < bound; ++count) {
    std::optional<Slot> next = NextSlot(cur, true);
    if (!next) return -1;
    if (SameEdge(*next, target)) return count;
    if (WallOn(next->first, next->second)) return -1;
    cur = *next;
  }
  return -1;
}

std::vector<int> CityGame::WatchmanView(int index) const {
  std::vector<int> out;
  const WallSlot& w = wall_[index];
  Side look = Opposite(w.side);
  for (Cell c = w.cell; TileAt(c) >= 0; c = Neighbor(c, look)) out.push_back(TileAt(c));
  return out;
}

std::string CityGame::EndsWords() const {
  std::vector<std::string> slots;
  for (bool clockwise : {false, true})
    for (const Slot& s : EndCandidates(clockwise)) {
      std::string name = SlotName(s.first, s.second);
      if (std::find(slots.begin(), slots.end(), name) == slots.end()) slots.push_back(name);
    }
  if (slots.empty()) return Tr("the wall cannot be extended");
  if (slots.size() == 1) return Fill(Tr("it may go on {1}"), {slots[0]});
  std::string head = slots[0];
  for (size_t i = 1; i + 1 < slots.size(); ++i) head += ", " + slots[i];
  // TRANSLATORS: {1} wall slots ("2,0 E, 0,1 N"), {2} the last one.
  return Fill(Tr("it may go on {1} or {2}"), {head, slots.back()});
}

Status CityGame::PlaceGate(Cell c, Side s) {
  // The command as typed starts the refusal ("gate 2,0 E: …").
  std::string what = "gate " + SlotName(c, s) + ": ";
  if (phase_ != CityPhase::kGate)
    return Status::Illegal(what + Fill(Tr("no gate is awaited now; {1}"), {AwaitWords()}));
  if (TileAt(c) < 0)
    return Status::Illegal(
        what +
        Fill(Tr("there is no tile at {1}; the gate goes against a tile (D.8.2)"), {CellName(c)}));
  Cell beyond = Neighbor(c, s);
  if (TileAt(beyond) >= 0)
    return Status::Illegal(what + Fill(Tr("there is a tile beyond that edge, at {1}; the gate "
                                          "goes on the city's outer edge (D.8.2)"),
                                       {CellName(beyond)}));
  if (!IsOutside(beyond))
    return Status::Illegal(what + Fill(Tr("the cell beyond, {1}, is a hole inside the city; the "
                                          "gate goes on its outer edge (D.8.2)"),
                                       {CellName(beyond)}));
  Begin();
  WallSlot gate;
  gate.cell = c;
  gate.side = s;
  gate.kind = WallKind::kGate;
  gate.player = acting_player();
  gate.turn = turn_;
  wall_.push_back(gate);
  gate_ = 0;
  AddWallToBoard(c, s);
  Note(Fill(Tr("{1} places the city gate on {2} (D.8.2)"),
            {setup_.players[gate.player].name, SlotName(c, s)}));
  ScoreCompleted(true);  // D.8.2 RD: the gate bounds like a wall piece (D.8.5)
  ++building_->step;
  NextWallStep();
  return Status::Ok();
}

Status CityGame::PlaceWall(Cell c, Side s, bool short_piece, bool watchman) {
  std::string what = "wall " + SlotName(c, s) + (short_piece ? " short" : "") +
                     (watchman ? " watchman" : "") + ": ";
  if (phase_ != CityPhase::kWall)
    return Status::Illegal(what + Fill(Tr("no wall piece is awaited now; {1}"), {AwaitWords()}));
  int there = WallIndexAt(c, s);
  if (there >= 0)
    return Status::Illegal(what + (wall_[there].kind == WallKind::kGate
                                       ? Tr("the gate is there")
                                       : Tr("there is already a wall piece there")));
  if (!setup_.options.walls_need_no_tile && TileAt(c) < 0)
    return Status::Illegal(
        what + Fill(Tr("there is no tile at {1}; a wall piece lies against a tile (CONF-08)"),
                    {CellName(c)}));
  Cell beyond = Neighbor(c, s);
  if (TileAt(beyond) >= 0)
    return Status::Illegal(what + Fill(Tr("there is a tile beyond that edge, at {1}; a wall "
                                          "piece lies on the city's outer edge (D.8.4)"),
                                       {CellName(beyond)}));
  std::vector<WallChoice> choices = WallChoices();
  auto it = std::find_if(choices.begin(), choices.end(),
                         [&](const WallChoice& w) { return w.cell == c && w.side == s; });
  if (it == choices.end())
    // TRANSLATORS: {1} where the piece may go ("it may go on 2,0 E or 0,1 N").
    return Status::Illegal(
        what + Fill(Tr("a piece must extend an end of the wall (D.8.4); {1}"), {EndsWords()}));
  int placer = acting_player();
  const std::string& name = setup_.players[placer].name;
  if (short_piece && ShortPiecesLeft() == 0)
    return Status::Illegal(what + Tr("no short piece is left (D.8.4)"));
  if (short_piece && !it->can_short)
    return Status::Illegal(what + Tr("a short piece goes only beside the gate, as the first piece "
                                     "on its side (D.8.4)"));
  if (watchman && supply_[placer] == 0)
    return Status::Illegal(
        what + Fill(Tr("{1} has no follower in the supply for a watchman (D.8.6)"), {name}));
  if (watchman && !it->can_watchman) {
    Side look = Opposite(s);
    Cell last = c;
    while (TileAt(Neighbor(last, look)) >= 0) last = Neighbor(last, look);
    const WallSlot& other = wall_[WallIndexAt(last, look)];
    // TRANSLATORS: {1} a player, {2} a wall slot ("2,0 E").
    return Status::Illegal(what + Fill(Tr("a watchman of {1} stands directly opposite, on {2}, "
                                          "with no empty cell between (D.8.6, AMB-20)"),
                                       {setup_.players[other.watchman].name, SlotName(other)}));
  }
  bool clockwise = false;
  for (const Slot& cand : EndCandidates(true))
    if (cand.first == c && cand.second == s) clockwise = true;
  Begin();
  WallSlot piece;
  piece.cell = c;
  piece.side = s;
  piece.kind = short_piece ? WallKind::kShort : WallKind::kStandard;
  piece.player = placer;
  piece.turn = turn_;
  if (watchman) {
    piece.watchman = placer;
    --supply_[placer];
  }
  if (clockwise) {
    wall_.push_back(piece);
  } else {
    wall_.insert(wall_.begin(), piece);
    ++gate_;
  }
  AddWallToBoard(c, s);
  ++pieces_placed_;
  if (short_piece) ++shorts_placed_;
  {
    const int left = WallPiecesLeft();
    // TRANSLATORS: {1} a player, {2} a wall slot ("2,0 E"), {3} the pieces left in the box.
    const std::string worded =
        short_piece && watchman
            ? TrPlural("{1} places a short wall piece on {2} with a watchman ({3} piece left)",
                       "{1} places a short wall piece on {2} with a watchman ({3} pieces left)",
                       left)
        : short_piece ? TrPlural("{1} places a short wall piece on {2} ({3} piece left)",
                                 "{1} places a short wall piece on {2} ({3} pieces left)", left)
        : watchman
            ? TrPlural("{1} places a wall piece on {2} with a watchman ({3} piece left)",
                       "{1} places a wall piece on {2} with a watchman ({3} pieces left)", left)
            : TrPlural("{1} places a wall piece on {2} ({3} piece left)",
                       "{1} places a wall piece on {2} ({3} pieces left)", left);
    Note(Fill(worded, {name, SlotName(c, s), std::to_string(left)}));
  }
  ScoreCompleted(true);  // D.8.5: scored at once, no new wall building
  ++building_->step;
  NextWallStep();
  return Status::Ok();
}

Status CityGame::PlaceTower(Cell c, Side s) {
  std::string what = "tower " + SlotName(c, s) + ": ";
  if (phase_ != CityPhase::kTower)
    return Status::Illegal(what + Fill(Tr("no tower is awaited now; {1}"), {AwaitWords()}));
  int i = WallIndexAt(c, s);
  if (i < 0) return Status::Illegal(what + Tr("there is no wall piece or gate there"));
  auto [a, b] = WallEnds();
  if (i != a && i != b)
    // TRANSLATORS: {1} and {2} wall slots ("2,0 E").
    return Status::Illegal(what + Fill(Tr("a tower goes on an end of the wall (D.8.7); the ends "
                                          "are {1} and {2}"),
                                       {SlotName(wall_[a]), SlotName(wall_[b])}));
  if (wall_[i].tower >= 0)
    return Status::Illegal(what + Tr("a tower already stands there (AMB-21)"));
  int player = building_->trigger;
  Begin();
  --towers_[player];
  wall_[i].tower = player;
  // D.8.7, AMB-21: every piece (a short one too) back to the previous tower on that side, or
  // to the gate, which counts 0.
  int step = i < gate_ ? 1 : -1;
  int pieces = 0;
  int back_to = -1;  // the previous tower's slot, or -1 for the gate
  for (int j = i; j != gate_; j += step) {
    if (j != i && wall_[j].tower >= 0) {
      back_to = j;
      break;
    }
    ++pieces;
  }
  ScoreLine line;
  line.what = "tower";  // data: the log's kind (cli/match_log.cpp), never worded
  // TRANSLATORS: a tower's scoring, where it stands: {1} a wall slot ("2,0 E").
  line.where = Fill(Tr("tower on {1}"), {SlotName(wall_[i])});
  // TRANSLATORS: a tower's score: {1} the pieces counted, {2} the slot of the previous tower.
  line.reason = Fill(back_to < 0 ? TrPlural("{1} piece back to the gate = {1}",
                                            "{1} pieces back to the gate = {1}", pieces)
                                 : TrPlural("{1} piece back to the tower on {2} = {1}",
                                            "{1} pieces back to the tower on {2} = {1}", pieces),
                     {std::to_string(pieces), back_to < 0 ? "" : SlotName(wall_[back_to])});
  line.turn = turn_;
  line.followers.assign(players(), 0);
  line.winners = {player};
  line.points.assign(players(), 0);
  line.points[player] = pieces;
  line.cells = {wall_[i].cell};
  AddLine(line);
  FinishWallBuilding();
  return Status::Ok();
}

}  // namespace carcref
