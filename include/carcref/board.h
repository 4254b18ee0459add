// The board: which tile lies on which cell, turned how. Knows edge matching (A.3.2, A.3.3)
// and nothing of meeples or scores.
#pragma once

#include <cstdint>
#include <vector>

#include "carcref/geometry.h"
#include "carcref/status.h"
#include "carcref/tile.h"

namespace carcref {

struct PlacedTile {
  TilePtr type;
  Cell cell;
  int quarters = 0;  // clockwise quarter turns from the catalogue orientation

  // The segment of this tile that owns board port p (after rotation), or -1.
  int OwnerOfBoardPort(Port board_port) const {
    return type->port_owner[RotatePort(board_port, 4 - quarters)];
  }
  // The mist area covering board port p, or -1 where it is clear.
  int MistOfBoardPort(Port board_port) const {
    return type->mist_owner[RotatePort(board_port, 4 - quarters)];
  }
  EdgeKind EdgeOn(Side board_side) const { return EdgeAfterRotation(*type, board_side, quarters); }
};

struct Placement {
  Cell cell;
  int quarters = 0;
};

class Board {
 public:
  // Index of the tile on `c`, or -1.
  int IndexAt(Cell c) const;
  const PlacedTile* At(Cell c) const;
  const PlacedTile& tile(int index) const { return tiles_[index]; }
  int size() const { return static_cast<int>(tiles_.size()); }
  const std::vector<PlacedTile>& tiles() const { return tiles_; }

  // Whether `type` turned `quarters` may lie on `c`: the cell is free, it shares a full edge
  // with a placed tile (A.3.2; the first tile is exempt) and every touching edge matches
  // (A.3.3). The message says which edge fails, e.g.
  // "east edge: road meets city of the tile at 2,0".
  Status CheckPlacement(const TileType& type, Cell c, int quarters) const;
  bool IsLegal(const TileType& type, Cell c, int quarters) const;

  // Puts a tile down without checks (the caller checked); returns its index.
  int Place(TilePtr type, Cell c, int quarters);

  // Empty cells that share an edge with a placed tile, in a fixed order.
  std::vector<Cell> Frontier() const;

  // Every legal cell and rotation for `type`; rotations that give the same picture on the
  // same cell (a symmetric tile) are listed once.
  std::vector<Placement> LegalPlacements(const TileType& type) const;

  // The cells of the 3×3 block around `c` (itself included) that hold a tile, sorted.
  std::vector<Cell> Block(Cell c) const;
  // Number of the 8 surrounding cells that hold a tile (A.5.3).
  int NeighbourCount(Cell c) const;
  // Number of the 4 orthogonal neighbours that hold a tile (B.10.2).
  int OrthogonalCount(Cell c) const;

  struct Bounds {
    int min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  };
  Bounds bounds() const;

 private:
  static std::uint64_t Key(Cell c) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(c.x)) << 32) |
           static_cast<std::uint32_t>(c.y);
  }
  // An empty cell beside a placed tile, with the edges a tile laid there must show: two bits
  // per side (side s at bit 2s; 0 where the side faces no tile or a face-down one, else the
  // EdgeCode of the neighbour's facing edge). Kept up to date as tiles are placed, so finding
  // legal cells never rescans the board.
  struct OpenCell {
    Cell cell;
    std::uint8_t need = 0;  // the edge codes required
    std::uint8_t care = 0;  // 0b11 on each side that has a requirement
  };
  std::vector<OpenCell>::iterator OpenAt(Cell c);

  // Cell key -> int, open addressing with linear probing: a flat table, cheap to look up and
  // to copy (a Game, and so its Board, is a value). Entries are never removed.
  class CellMap {
   public:
    const int* Find(std::uint64_t key) const;
    // Sets the value for `key`, inserting it when absent.
    void Set(std::uint64_t key, int value);

   private:
    static constexpr int kFree = -2147483647 - 1;  // no real value is this low
    struct Slot {
      std::uint64_t key = 0;
      int value = kFree;
    };
    size_t Home(std::uint64_t key) const {
      return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_);
    }
    void Grow();

    std::vector<Slot> slots_;
    int shift_ = 64;
    size_t size_ = 0;
  };

  std::vector<PlacedTile> tiles_;
  CellMap index_;               // cell key -> tile index
  std::vector<OpenCell> open_;  // sorted by cell: the order LegalPlacements answers in
};

// Rotations 0..3 of `t` that give distinct pictures (all four for an asymmetric tile).
std::vector<int> DistinctRotations(const TileType& t);

}  // namespace carcref
