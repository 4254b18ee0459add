// The City: the invariant checker (STYLE.md "State you can trust") and the state hash.
#include <algorithm>
#include <charconv>
#include <set>
#include <string_view>

#include "carcref/i18n.h"
#include "city_internal.h"
#include "games/city/city.h"

namespace carcref {

using city_internal::SlotName;

namespace {

// FNV-1a 64 over a sequence of fields, each its bytes then 0xff. A field is fed in pieces
// (Put, PutInt: the decimal digits std::to_string gives) and closed by EndField, so no string is
// built for it; the bytes, and so the hash, are those of the whole field's text.
void Put(std::uint64_t& h, std::string_view s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
}

void PutInt(std::uint64_t& h, long long v) {
  char digits[24];
  auto [end, error] = std::to_chars(digits, digits + sizeof digits, v);
  (void)error;  // 24 bytes hold any long long
  Put(h, std::string_view(digits, static_cast<size_t>(end - digits)));
}

void EndField(std::uint64_t& h) {
  h ^= 0xff;
  h *= 1099511628211ull;
}

void HashBytes(std::uint64_t& h, std::string_view s) {
  Put(h, s);
  EndField(h);
}

void HashInt(std::uint64_t& h, long long v) {
  PutInt(h, v);
  EndField(h);
}

void PutCell(std::uint64_t& h, Cell c) {  // CellName
  PutInt(h, c.x);
  Put(h, ",");
  PutInt(h, c.y);
}

// Where a slot starts and ends, walking clockwise round the city (city with on the right).
std::pair<Cell, Cell> Ends(const WallSlot& w) {
  int x = w.cell.x, y = w.cell.y;
  switch (w.side) {
    case kNorth:
      return {{x, y + 1}, {x + 1, y + 1}};
    case kEast:
      return {{x + 1, y + 1}, {x + 1, y}};
    case kSouth:
      return {{x + 1, y}, {x, y}};
    default:
      return {{x, y}, {x, y + 1}};
  }
}

}  // namespace

Status CityGame::CheckInvariants() const {
  int n = players();
  // Followers: supply + returning + on the board + watchmen = 7 (D.1.2).
  for (int p = 0; p < n; ++p) {
    int on_board =
        static_cast<int>(std::count_if(followers_.begin(), followers_.end(),
                                       [&](const CityFollower& m) { return m.player == p; }));
    int total = supply_[p] + returning_[p] + on_board + Watchmen(p);
    if (total != kCityFollowers)
      // TRANSLATORS: {1} a player, {2} their followers counted, {3} the followers each has.
      return Status::Corrupt(
          Fill(Tr("{1} has {2} followers, not {3}"),
               {setup_.players[p].name, std::to_string(total), std::to_string(kCityFollowers)}));
    if (supply_[p] < 0 || returning_[p] < 0)
      return Status::Corrupt(
          Fill(Tr("a negative follower supply for {1}"), {setup_.players[p].name}));
    if (returning_[p] != 0 && (phase_ == CityPhase::kTile || phase_ == CityPhase::kOver))
      return Status::Corrupt(Tr("followers still returning between turns"));
  }
  // Tiles: one per cell, streets continue (D.3.1).
  if (done_.size() != tiles_.size())
    return Status::Corrupt(Tr("the cell index does not match the tiles"));
  for (int t = 0; t < static_cast<int>(tiles_.size()); ++t) {
    const PlacedCityTile& placed = tiles_[t];
    if (TileAt(placed.cell) != t)
      return Status::Corrupt(Fill(Tr("two tiles on {1}"), {CellName(placed.cell)}));
    for (Side s : kSides) {
      int nt = TileAt(Neighbor(placed.cell, s));
      if (nt >= 0 && placed.tile.HasStreetOn(s) != tiles_[nt].tile.HasStreetOn(Opposite(s)))
        return Status::Corrupt(Fill(Tr("a street ends against a non-street between {1} and {2}"),
                                    {CellName(placed.cell), CellName(tiles_[nt].cell)}));
    }
  }
  if (used_ != static_cast<int>(tiles_.size()) + discarded_)
    return Status::Corrupt(Tr("tiles used do not add up"));
  if (Status live = CheckLiveFeatures(); !live.ok()) return live;
  // Followers stand on streets, markets and residential areas not yet scored.
  CityFeatures features = ComputeFeatures(false);
  for (const CityFollower& m : followers_) {
    if (m.tile < 0 || m.tile >= static_cast<int>(tiles_.size()) || m.area < 0 ||
        m.area >= static_cast<int>(tiles_[m.tile].tile.areas.size()))
      return Status::Corrupt(Tr("a follower stands on no area"));
    const CityFeature& f = features.list[features.of[m.tile][m.area]];
    if (f.kind != CityPart::kResidential && f.done)
      // TRANSLATORS: {1} the area ("street W–E at 1,0").
      return Status::Corrupt(
          Fill(Tr("a follower stays on the completed {1}"), {AreaWords(m.tile, m.area)}));
  }
  if (phase_ == CityPhase::kTile)
    for (const CityFeature& f : features.list)
      if (f.complete && !f.done)
        // TRANSLATORS: {1} a street or market ("street on 0,0 1,0").
        return Status::Corrupt(Fill(Tr("the completed {1} was never scored"), {FeatureWhere(f)}));
  // The wall: pieces ≤ 70, short ≤ 2, one gate, one chain (D.8.4).
  int pieces = 0, shorts = 0, gates = 0;
  std::vector<int> towers(n, 0);
  for (int i = 0; i < static_cast<int>(wall_.size()); ++i) {
    const WallSlot& w = wall_[i];
    if (w.kind == WallKind::kGate) {
      ++gates;
      if (i != gate_) return Status::Corrupt(Tr("the gate is not where gate_index() says"));
      if (w.watchman >= 0) return Status::Corrupt(Tr("a watchman on the gate (D.8.6)"));
    } else {
      ++pieces;
      if (w.kind == WallKind::kShort) ++shorts;
    }
    if (w.tower >= 0) ++towers[w.tower];
    if (TileAt(Neighbor(w.cell, w.side)) >= 0)
      return Status::Corrupt(
          Fill(Tr("a tile beyond the wall piece on {1} (EDGE-19)"), {SlotName(w)}));
    if (!setup_.options.walls_need_no_tile && TileAt(w.cell) < 0)
      return Status::Corrupt(Fill(Tr("the wall piece on {1} lies against no tile"), {SlotName(w)}));
    if (i > 0 && Ends(wall_[i - 1]).second != Ends(w).first)
      return Status::Corrupt(Fill(Tr("the wall is broken between {1} and {2}"),
                                  {SlotName(wall_[i - 1]), SlotName(w)}));
    if (WallIndexAt(w.cell, w.side) != i)
      return Status::Corrupt(Fill(Tr("two wall pieces on {1}"), {SlotName(w)}));
  }
  if (gates != (gate_ >= 0 ? 1 : 0)) return Status::Corrupt(Tr("the wall has no single gate"));
  if (pieces != pieces_placed_ || shorts != shorts_placed_)
    return Status::Corrupt(Tr("the pieces on the wall do not match the pieces used"));
  if (pieces_placed_ > setup_.options.wall_pieces || pieces_placed_ > kCityWallPieces ||
      shorts_placed_ > kCityShortPieces)
    return Status::Corrupt(Tr("more wall pieces than the box holds (D.8.4)"));
  for (int p = 0; p < n; ++p)
    if (towers[p] + towers_[p] != kCityTowers / n || towers_[p] < 0)
      return Status::Corrupt(
          Fill(Tr("{1}'s towers do not add up (D.1.2)"), {setup_.players[p].name}));
  // Scores are the sum of the score lines.
  for (const ScoreLine& l : lines_) {
    if (static_cast<int>(l.points.size()) != n)
      return Status::Corrupt(Tr("a score line without a value per player"));
    for (int p = 0; p < n; ++p)
      if (l.points[p] != 0 && std::find(l.winners.begin(), l.winners.end(), p) == l.winners.end())
        // TRANSLATORS: {1} where the scoring was, as the game keeps it (English).
        return Status::Corrupt(Fill(Tr("points for a player who did not win {1}"), {l.where}));
  }
  return Status::Ok();
}

std::uint64_t CityGame::Hash() const {
  std::uint64_t h = 1469598103934665603ull;
  const CityOptions& o = setup_.options;
  Put(h, "city/");
  for (bool on :
       {o.walls_when_stack1_empty, o.wall_per_feature, o.walls_need_no_tile, o.scored_watchmen})
    Put(h, on ? "1" : "0");
  EndField(h);
  if (o.watchman_per_tile) HashBytes(h, "watchman-per-tile");  // older games hash as before
  for (int s : o.stacks) HashInt(h, s);
  HashInt(h, o.wall_pieces);
  for (const PlayerSpec& p : setup_.players) {
    Put(h, p.name);
    Put(h, ":");
    Put(h, p.color);
    EndField(h);
  }
  HashInt(h, static_cast<int>(phase_));
  for (int v : {current_, turn_, gate_, pieces_placed_, shorts_placed_, used_, discarded_,
                last_tile_, turn_stack_, scorings_})
    HashInt(h, v);
  for (const PlacedCityTile& t : tiles_) {
    Put(h, "t");
    PutCell(h, t.cell);
    EndField(h);
    for (CityPart p : t.tile.ports) HashInt(h, static_cast<int>(p));
    for (const CityArea& a : t.tile.areas) {
      HashInt(h, static_cast<int>(a.kind));
      HashInt(h, a.ports);
      HashInt(h, a.goods);
    }
    for (auto [r, m] : t.tile.touching) HashInt(h, r * 100 + m);
    HashInt(h, t.tile.public_buildings);
    HashInt(h, t.tile.historic_buildings);
    HashInt(h, t.player);
    HashInt(h, t.turn);
    HashInt(h, t.stack);
  }
  for (const std::vector<bool>& d : done_) {
    for (bool b : d) Put(h, b ? "1" : "0");
    EndField(h);
  }
  for (const CityFollower& m : followers_) HashInt(h, (m.player * 1000 + m.tile) * 100 + m.area);
  for (const WallSlot& w : wall_) {
    Put(h, "w");  // SlotName, then the kind
    PutCell(h, w.cell);
    Put(h, " ");
    Put(h, SideName(w.side));
    Put(h, WallKindName(w.kind));
    EndField(h);
    for (int v : {w.player, w.watchman, w.tower, w.turn}) HashInt(h, v);
  }
  if (building_) {
    HashBytes(h, "b");
    for (int v : {building_->trigger, building_->stack, building_->step,
                  building_->first_gate ? 1 : 0, building_->queued})
      HashInt(h, v);
    for (int p : building_->order) HashInt(h, p);
  }
  for (const std::vector<int>* v : {&supply_, &returning_, &towers_})
    for (int x : *v) HashInt(h, x);
  for (const ScoreLine& l : lines_) {
    Put(h, l.what);
    Put(h, "|");
    Put(h, l.where);
    Put(h, "|");
    Put(h, l.reason);
    Put(h, l.final ? "|f" : "|p");
    EndField(h);
    for (int p : l.points) HashInt(h, p);
  }
  HashBytes(h, end_reason_);
  return h;
}

}  // namespace carcref
