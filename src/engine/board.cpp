#include "carcref/board.h"

#include <algorithm>
#include <set>

namespace carcref {

namespace {

std::string_view SideWord(Side s) {
  switch (s) {
    case kNorth: return "north";
    case kEast: return "east";
    case kSouth: return "south";
    default: return "west";
  }
}

std::string_view EdgeWord(EdgeKind e) {
  switch (e) {
    case EdgeKind::kCity: return "city";
    case EdgeKind::kRoad: return "road";
    default: return "field";
  }
}

}  // namespace

int Board::IndexAt(Cell c) const {
  auto it = index_.find(Key(c));
  return it == index_.end() ? -1 : it->second;
}

const PlacedTile* Board::At(Cell c) const {
  int i = IndexAt(c);
  return i < 0 ? nullptr : &tiles_[i];
}

Status Board::CheckPlacement(const TileType& type, Cell c, int quarters) const {
  if (const PlacedTile* there = At(c))
    return Status::Illegal(CellName(c) + " already holds tile " + there->type->id);
  if (tiles_.empty()) return Status::Ok();
  bool touches = false;
  bool face_down = false;
  for (Side s : kSides) {
    const PlacedTile* n = At(Neighbor(c, s));
    if (n && n->type->face_down) face_down = true;
    if (!n || n->type->face_down) continue;  // B.5.4, EDGE-02: nothing to match
    touches = true;
    EdgeKind mine = EdgeAfterRotation(type, s, quarters);
    EdgeKind theirs = n->EdgeOn(Opposite(s));
    if (mine != theirs) {
      return Status::Illegal(std::string(SideWord(s)) + " edge: " + std::string(EdgeWord(mine)) +
                             " meets " + std::string(EdgeWord(theirs)) + " of the tile at " +
                             CellName(n->cell));
    }
  }
  if (!touches && face_down)
    return Status::Illegal(CellName(c) + " touches only face-down tiles: it must also touch a "
                           "face-up one (B.5.4)");
  if (!touches)
    return Status::Illegal(CellName(c) + " touches no tile along an edge (A.3.2)");
  return Status::Ok();
}

bool Board::IsLegal(const TileType& type, Cell c, int quarters) const {
  if (IndexAt(c) >= 0) return false;
  bool touches = tiles_.empty();
  for (Side s : kSides) {
    const PlacedTile* n = At(Neighbor(c, s));
    if (!n || n->type->face_down) continue;
    touches = true;
    if (EdgeAfterRotation(type, s, quarters) != n->EdgeOn(Opposite(s))) return false;
  }
  return touches;
}

int Board::Place(TilePtr type, Cell c, int quarters) {
  int index = static_cast<int>(tiles_.size());
  tiles_.push_back(PlacedTile{std::move(type), c, quarters});
  index_[Key(c)] = index;
  return index;
}

std::vector<Cell> Board::Frontier() const {
  std::set<Cell> cells;
  for (const PlacedTile& t : tiles_)
    for (Side s : kSides) {
      Cell n = Neighbor(t.cell, s);
      if (IndexAt(n) < 0) cells.insert(n);
    }
  return {cells.begin(), cells.end()};
}

std::vector<Placement> Board::LegalPlacements(const TileType& type) const {
  std::vector<Placement> out;
  std::vector<int> rotations = DistinctRotations(type);
  for (Cell c : Frontier())
    for (int q : rotations)
      if (IsLegal(type, c, q)) out.push_back({c, q});
  return out;
}

std::vector<Cell> Board::Block(Cell c) const {
  std::vector<Cell> cells;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy)
      if (IndexAt({c.x + dx, c.y + dy}) >= 0) cells.push_back({c.x + dx, c.y + dy});
  std::sort(cells.begin(), cells.end());
  return cells;
}

int Board::NeighbourCount(Cell c) const {
  int n = 0;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy)
      if ((dx || dy) && IndexAt({c.x + dx, c.y + dy}) >= 0) ++n;
  return n;
}

int Board::OrthogonalCount(Cell c) const {
  int n = 0;
  for (Side s : kSides) n += IndexAt(Neighbor(c, s)) >= 0;
  return n;
}

Board::Bounds Board::bounds() const {
  Bounds b;
  if (tiles_.empty()) return b;
  b.min_x = b.max_x = tiles_[0].cell.x;
  b.min_y = b.max_y = tiles_[0].cell.y;
  for (const PlacedTile& t : tiles_) {
    b.min_x = std::min(b.min_x, t.cell.x);
    b.max_x = std::max(b.max_x, t.cell.x);
    b.min_y = std::min(b.min_y, t.cell.y);
    b.max_y = std::max(b.max_y, t.cell.y);
  }
  return b;
}

std::vector<int> DistinctRotations(const TileType& t) {
  std::vector<int> out;
  for (int q = 0; q < t.rotation_period; ++q) out.push_back(q);
  return out;
}

}  // namespace carcref
