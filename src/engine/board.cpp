#include "carcref/board.h"

#include <algorithm>

#include "carcref/i18n.h"

namespace carcref {

namespace {

// The words of a refused placement ("south edge: field meets city …"), in the table's words.
std::string SideWord(Side s) {
  switch (s) {
    case kNorth:
      return TrContext("side", "north");
    case kEast:
      return TrContext("side", "east");
    case kSouth:
      return TrContext("side", "south");
    default:
      return TrContext("side", "west");
  }
}

std::string EdgeWord(EdgeKind e) {
  switch (e) {
    case EdgeKind::kCity:
      return TrContext("edge kind", "city");
    case EdgeKind::kRoad:
      return TrContext("edge kind", "road");
    default:
      return TrContext("edge kind", "field");
  }
}

// Two bits per edge kind, never 0 (0 means "no requirement" in OpenCell::need).
std::uint8_t EdgeCode(EdgeKind e) {
  switch (e) {
    case EdgeKind::kField:
      return 1;
    case EdgeKind::kRoad:
      return 2;
    default:
      return 3;
  }
}

// The four edges of `type` turned `quarters`, packed as OpenCell::need packs them.
std::uint8_t EdgeSignature(const TileType& type, int quarters) {
  std::uint8_t sig = 0;
  for (Side s : kSides)
    sig =
        static_cast<std::uint8_t>(sig | EdgeCode(EdgeAfterRotation(type, s, quarters)) << (2 * s));
  return sig;
}

}  // namespace

const int* Board::CellMap::Find(std::uint64_t key) const {
  if (slots_.empty()) return nullptr;
  size_t mask = slots_.size() - 1;
  for (size_t i = Home(key);; i = (i + 1) & mask) {
    const Slot& slot = slots_[i];
    if (slot.value == kFree) return nullptr;
    if (slot.key == key) return &slot.value;
  }
}

void Board::CellMap::Set(std::uint64_t key, int value) {
  if (const int* there = Find(key)) {
    *const_cast<int*>(there) = value;
    return;
  }
  if (2 * (size_ + 1) > slots_.size()) Grow();  // at most half full: probes stay short
  size_t mask = slots_.size() - 1;
  size_t i = Home(key);
  while (slots_[i].value != kFree) i = (i + 1) & mask;
  slots_[i] = {key, value};
  ++size_;
}

void Board::CellMap::Grow() {
  std::vector<Slot> old = std::move(slots_);
  size_t capacity = old.empty() ? 64 : 2 * old.size();
  slots_.assign(capacity, Slot{});
  shift_ = 64;
  for (size_t c = capacity; c > 1; c >>= 1) --shift_;
  size_t mask = capacity - 1;
  for (const Slot& slot : old) {
    if (slot.value == kFree) continue;
    size_t i = Home(slot.key);
    while (slots_[i].value != kFree) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

int Board::IndexAt(Cell c) const {
  const int* v = index_.Find(Key(c));
  return v ? *v : -1;
}

const PlacedTile* Board::At(Cell c) const {
  int i = IndexAt(c);
  return i < 0 ? nullptr : &tiles_[i];
}

Status Board::CheckPlacement(const TileType& type, Cell c, int quarters) const {
  if (const PlacedTile* there = At(c))
    // TRANSLATORS: {1} a cell (X,Y); {2} the tile's id.
    return Status::Illegal(
        there->type->id.empty()  // typed, or a start quarter
            ? Fill(Tr("{1} already holds a tile"), {CellName(c)})
            : Fill(Tr("{1} already holds tile {2}"), {CellName(c), there->type->id}));
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
      // TRANSLATORS: a refused placement: {1} the side ("south"), {2} what the tile has on
      // that edge ("field"), {3} what the neighbour has there ("city"), {4} the neighbour's
      // cell.
      return Status::Illegal(
          Fill(Tr("{1} edge: {2} meets {3} of the tile at {4}"),
               {SideWord(s), EdgeWord(mine), EdgeWord(theirs), CellName(n->cell)}));
    }
  }
  if (!touches && face_down)
    return Status::Illegal(
        Fill(Tr("{1} touches only face-down tiles: it must also touch a face-up one (B.5.4)"),
             {CellName(c)}));
  if (!touches)
    // TRANSLATORS: {1} a cell (X,Y).
    return Status::Illegal(Fill(Tr("{1} touches no tile along an edge (A.3.2)"), {CellName(c)}));
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

std::vector<Board::OpenCell>::iterator Board::OpenAt(Cell c) {
  return std::lower_bound(open_.begin(), open_.end(), c,
                          [](const OpenCell& o, Cell cell) { return o.cell < cell; });
}

int Board::Place(TilePtr type, Cell c, int quarters) {
  int index = static_cast<int>(tiles_.size());
  tiles_.push_back(PlacedTile{std::move(type), c, quarters});
  const PlacedTile& placed = tiles_.back();
  index_.Set(Key(c), index);
  auto here = OpenAt(c);
  if (here != open_.end() && here->cell == c) open_.erase(here);
  for (Side s : kSides) {
    Cell n = Neighbor(c, s);
    if (IndexAt(n) >= 0) continue;
    auto open = OpenAt(n);
    if (open == open_.end() || open->cell != n) open = open_.insert(open, OpenCell{n, 0, 0});
    if (placed.type->face_down) continue;  // B.5.4, EDGE-02: nothing to match
    int shift = 2 * Opposite(s);
    open->need = static_cast<std::uint8_t>(open->need | EdgeCode(placed.EdgeOn(s)) << shift);
    open->care = static_cast<std::uint8_t>(open->care | 3 << shift);
  }
  return index;
}

std::vector<Cell> Board::Frontier() const {
  std::vector<Cell> cells;
  cells.reserve(open_.size());
  for (const OpenCell& o : open_) cells.push_back(o.cell);
  return cells;
}

std::vector<Placement> Board::LegalPlacements(const TileType& type) const {
  std::vector<Placement> out;
  out.reserve(16);
  std::uint8_t signature[4];
  int period = std::min(type.rotation_period, 4);
  for (int q = 0; q < period; ++q) signature[q] = EdgeSignature(type, q);
  // A cell with no requirement touches only face-down tiles (B.5.4): never legal. open_ is
  // sorted, so the answer comes cells ascending, then rotations, as it always did.
  for (const OpenCell& o : open_)
    if (o.need)
      for (int q = 0; q < period; ++q)
        if ((signature[q] & o.care) == o.need) out.push_back({o.cell, q});
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
