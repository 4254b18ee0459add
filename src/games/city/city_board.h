// The City's board kept up to date as it grows (a part of CityGame, not of the engine's public
// face): constant-time lookups of tiles and wall edges by cell, and the streets, markets and
// residential areas (D.5) joined as tiles are placed, with their totals, so that a verb looks
// only at what it touches instead of flooding the whole board (CityGame::ComputeFeatures stays
// the reference: CityGame::CheckLiveFeatures compares the two).
//
// Every member is a plain value: copying a CityGame (GameRules::Clone, the snapshots undo
// rebuilds from) copies the board as it is.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "carcref/geometry.h"
#include "games/city/city_tile.h"

namespace carcref {

// A value per cell on a rectangle that grows to take every cell written; a cell never written
// (any cell at all, however far) reads as `empty`.
template <typename T>
class CellGrid {
 public:
  explicit CellGrid(T empty) : empty_(empty) {}

  T At(Cell c) const {
    const long long x = static_cast<long long>(c.x) - x0_;
    const long long y = static_cast<long long>(c.y) - y0_;
    if (x < 0 || y < 0 || x >= w_ || y >= h_) return empty_;
    return cells_[static_cast<size_t>(y * w_ + x)];
  }
  // Writes grow the rectangle: only cells next to the board are ever written (tiles, wall
  // slots), so it stays about the size of the board.
  T& Ref(Cell c) {
    if (c.x < x0_ || c.y < y0_ || c.x >= x0_ + w_ || c.y >= y0_ + h_) Grow(c);
    return cells_[static_cast<size_t>((c.y - y0_) * w_ + (c.x - x0_))];
  }

 private:
  static constexpr int kMargin = 8;
  void Grow(Cell c) {
    int x0 = w_ == 0 ? c.x - kMargin : std::min(x0_, c.x - kMargin);
    int y0 = h_ == 0 ? c.y - kMargin : std::min(y0_, c.y - kMargin);
    int x1 = w_ == 0 ? c.x + kMargin : std::max(x0_ + w_ - 1, c.x + kMargin);
    int y1 = h_ == 0 ? c.y + kMargin : std::max(y0_ + h_ - 1, c.y + kMargin);
    int w = x1 - x0 + 1, h = y1 - y0 + 1;
    std::vector<T> cells(static_cast<size_t>(w) * static_cast<size_t>(h), empty_);
    for (int y = 0; y < h_; ++y)
      for (int x = 0; x < w_; ++x)
        cells[static_cast<size_t>((y + y0_ - y0) * w + (x + x0_ - x0))] =
            cells_[static_cast<size_t>(y * w_ + x)];
    cells_ = std::move(cells);
    x0_ = x0;
    y0_ = y0;
    w_ = w;
    h_ = h;
  }

  T empty_;
  int x0_ = 0, y0_ = 0, w_ = 0, h_ = 0;
  std::vector<T> cells_;
};

// The wall on a cell's edges (CellGrid<std::uint8_t>): bit s for a piece or the gate on side s
// (set on both cells sharing the edge), kOutsideWall when one of the cell's edges lies on the
// outer side of a piece or the gate (EDGE-19).
constexpr std::uint8_t WallBit(Side s) { return static_cast<std::uint8_t>(1u << s); }
constexpr std::uint8_t kOutsideWall = 16;

// The features of the board, joined as tiles come (a union of the tiles' areas). An area is
// named by an id: the areas of tile t are ids first_area[t] … in CityTile::areas order, so ids
// ascend with (tile, area). A feature is named by the id of one of its areas, its root; the
// totals of a feature are kept on its root.
struct CityLiveArea {
  int tile = 0;
  int root = 0;  // the feature's root (every area knows it: no chains to follow)
  int next = 0;  // the next area of the same feature, round a ring
  // On a root, the feature's totals:
  CityPart kind = CityPart::kStreet;
  bool done = false;                        // completed on an earlier step (CityFeature::done)
  int size = 1;                             // areas
  int first = 0;                            // the lowest area id: features are listed in this order
  int goods = 0;                            // CityGoods bits
  int open = 0;                             // open ports (CityFeature::open_ports)
  std::array<std::int16_t, 4> followers{};  // per player (D.1.2: at most 4)
};

struct CityLiveFeatures {
  std::vector<int> first_area;                              // per tile
  std::vector<std::array<std::int16_t, kPorts>> port_area;  // per tile: the area id, or -1
  std::vector<CityLiveArea> areas;                          // per area id
  // Areas whose feature may have been completed since the last scoring (CityGame::
  // ScoreCompleted looks at these only).
  std::vector<int> touched;

  int Root(int id) const { return areas[static_cast<size_t>(id)].root; }
  const CityLiveArea& Of(int id) const { return areas[static_cast<size_t>(Root(id))]; }
  CityLiveArea& Of(int id) { return areas[static_cast<size_t>(Root(id))]; }
  int Id(int tile, int area) const { return first_area[static_cast<size_t>(tile)] + area; }

  // Adds the areas of a tile (the next tile index), each its own feature with no open port.
  void AddTile(int tile, const CityTile& t) {
    const int base = static_cast<int>(areas.size());
    first_area.push_back(base);
    std::array<std::int16_t, kPorts> ports;
    ports.fill(-1);
    for (int a = 0; a < static_cast<int>(t.areas.size()); ++a) {
      CityLiveArea live;
      live.tile = tile;
      live.root = live.next = live.first = base + a;
      live.kind = t.areas[a].kind;
      live.goods = t.areas[a].goods;
      areas.push_back(live);
      for (Port p = 0; p < kPorts; ++p)
        if (ports[p] < 0 && (t.areas[a].ports & Bit(p)))
          ports[p] = static_cast<std::int16_t>(base + a);
    }
    port_area.push_back(ports);
  }

  // Joins the features of two areas: the smaller one's areas learn the larger one's root.
  void Join(int a, int b) {
    int ra = Root(a), rb = Root(b);
    if (ra == rb) return;
    if (areas[ra].size < areas[rb].size) std::swap(ra, rb);
    CityLiveArea& big = areas[ra];
    const CityLiveArea small = areas[rb];
    for (int id = rb;;) {
      areas[id].root = ra;
      id = areas[id].next;
      if (id == rb) break;
    }
    std::swap(areas[ra].next, areas[rb].next);  // one ring
    big.size += small.size;
    big.first = std::min(big.first, small.first);
    big.goods |= small.goods;
    big.open += small.open;
    big.done = big.done || small.done;
    for (size_t p = 0; p < big.followers.size(); ++p) big.followers[p] += small.followers[p];
  }
};

}  // namespace carcref
