// Board geometry: cells, sides, ports and rotation (DESIGN.md "Geometry").
//
// Cells are (x, y), x grows east, y grows north. Each tile side has three ports, clockwise:
// left half, middle, right half ("left" as seen from the tile centre looking out), so a tile
// has twelve ports numbered clockwise from the north-west corner:
//
//   0 NL  1 N  2 NR  |  3 EL  4 E  5 ER  |  6 SL  7 S  8 SR  |  9 WL  10 W  11 WR
//
// The half-edge names are those of tiles/base-and-winter.md §1. Rotating a tile 90° clockwise
// moves port p to p + 3 (mod 12).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace carcref {

enum Side : int { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };
constexpr std::array<Side, 4> kSides = {kNorth, kEast, kSouth, kWest};

using Port = int;                // 0..11, see above
using PortMask = std::uint16_t;  // bit p set = port p
constexpr int kPorts = 12;
constexpr PortMask kAllPorts = 0x0FFF;

constexpr Port PortOf(Side side, int part) { return side * 3 + part; }  // part 0 L, 1 mid, 2 R
constexpr Side SideOfPort(Port p) { return static_cast<Side>(p / 3); }
constexpr int PartOfPort(Port p) { return p % 3; }
constexpr Port MiddlePort(Side side) { return side * 3 + 1; }
constexpr PortMask Bit(Port p) { return static_cast<PortMask>(1u << p); }
constexpr PortMask SideMask(Side side) { return static_cast<PortMask>(7u << (side * 3)); }
constexpr Side Opposite(Side s) { return static_cast<Side>((s + 2) % 4); }

// Rotation in quarter turns clockwise (0..3).
constexpr Port RotatePort(Port p, int quarters) { return (p + 3 * quarters) % kPorts; }
constexpr Side RotateSide(Side s, int quarters) { return static_cast<Side>((s + quarters) % 4); }
PortMask RotateMask(PortMask mask, int quarters);

// The port of the neighbouring tile that touches port p across p's side: NL touches the
// northern neighbour's SR, N its S, NR its SL.
constexpr Port FacingPort(Port p) { return PortOf(Opposite(SideOfPort(p)), 2 - PartOfPort(p)); }

struct Cell {
  int x = 0;
  int y = 0;
  friend bool operator==(Cell a, Cell b) { return a.x == b.x && a.y == b.y; }
  friend bool operator!=(Cell a, Cell b) { return !(a == b); }
  friend bool operator<(Cell a, Cell b) { return a.x != b.x ? a.x < b.x : a.y < b.y; }
};

constexpr Cell Neighbor(Cell c, Side s) {
  switch (s) {
    case kNorth:
      return {c.x, c.y + 1};
    case kEast:
      return {c.x + 1, c.y};
    case kSouth:
      return {c.x, c.y - 1};
    default:
      return {c.x - 1, c.y};
  }
}

// Names: "N", "E", "S", "W"; half edges "NL".."WR"; corners "NE", "SE", "SW", "NW".
std::string_view SideName(Side s);
std::string_view HalfName(Port p);                  // p must be a half port (part 0 or 2)
std::optional<Side> ParseSide(std::string_view s);  // case-insensitive
std::optional<Port> ParseHalf(std::string_view s);  // "NL".."WR", case-insensitive
// A corner names the two half ports that meet there, e.g. NE -> {NR, EL}.
std::optional<std::array<Port, 2>> ParseCorner(std::string_view s);
std::string CellName(Cell c);                       // "2,-1"
std::optional<Cell> ParseCell(std::string_view s);  // "2,-1" (spaces around the comma allowed)
// "0", "90", "180", "270" -> 0..3
std::optional<int> ParseRotation(std::string_view s);

}  // namespace carcref
