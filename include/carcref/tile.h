// Tile types: what is printed on a tile, in its catalogue orientation (rotation 0).
//
// A tile is a list of segments (a city, a road, a field, a monastery …), each owning a set of
// the tile's twelve ports (geometry.h), plus attributes: pennants on a city, and for a field the
// city segments of the same tile it borders (tiles/base-and-winter.md §6: adjacency is declared
// per tile, not computed from a picture). A catalogue entry and a tile typed as a description
// become the same TileType.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "carcref/geometry.h"
#include "carcref/status.h"

namespace carcref {

enum class EdgeKind : char { kField = 'f', kRoad = 'r', kCity = 'c' };

// Castle, cemetery and mist come with the Mists tiles (RULES.md §B, §C). A mist area is a
// segment of its own: it replaces field where it lies (it bounds fields like a city, C.8) and
// may also cover road middles, which stay roads.
enum class FeatureKind { kRoad, kCity, kField, kMonastery, kCastle, kCemetery, kMist };

// "road", "city", "field", "monastery", "castle", "cemetery", "mist"
std::string_view FeatureKindName(FeatureKind kind);

// What roads that end in the middle of a tile end at, when no feature stands there: a
// village or junction, or the ruin of the Mists start tile (B.1.4: it ends roads and is no
// castle). A monastery, castle or cemetery is a segment instead.
enum class Centre { kNone, kVillage, kRuin };

struct Segment {
  FeatureKind kind = FeatureKind::kField;
  // The ports it owns, in the tile's catalogue orientation. A city owns whole sides; a road
  // owns the middle port of each of its sides; a field owns half ports (and the middle port of
  // a field side); a monastery owns no port.
  PortMask ports = 0;
  int pennants = 0;         // city only
  std::vector<int> cities;  // field only: indices into TileType::segments of bordered cities
  // Road: the road middles (of its own ports) that lie in mist. Mist: the road middles it
  // covers (owned by road segments of the same tile).
  PortMask misty = 0;
  int ghosts = 0;  // mist only: ghost symbols printed in this area (B.7.1)
};

struct TileType {
  std::string id;      // catalogue id ("D", "winter/CFR"); empty for an uncatalogued description
  std::string set;     // catalogue set it comes from ("base", "winter")
  std::string animal;  // Winter Edition: the animal shown (no rules effect, A.1.1)
  int count = 0;       // copies in the box, the start tile included
  bool start = false;  // one of the copies is the start tile (A.1.3)
  std::string origin;  // where it was defined ("data/tiles/base.yaml:40"); empty if typed
  std::array<EdgeKind, 4> edges{EdgeKind::kField, EdgeKind::kField, EdgeKind::kField,
                                EdgeKind::kField};  // N E S W
  std::vector<Segment> segments;
  Centre centre = Centre::kNone;
  // A face-down tile (Mists levels 5–6, B.12): no terrain, no segments; it matches anything
  // and finishes nothing but cemeteries.
  bool face_down = false;
  // Derived by Finalize(): the segment owning each port, -1 if none.
  std::array<int, kPorts> port_owner{};
  // Derived by Finalize(): the mist segment covering each port (a misty field port it owns or
  // a misty road middle it covers), -1 where the port is clear.
  std::array<int, kPorts> mist_owner{};
  // Derived by Finalize(): quarter turns after which the tile looks the same again (1 for
  // B or C, 2 for U or F, 4 for most); rotations 0..period-1 are the distinct pictures.
  int rotation_period = 4;

  // Fills port_owner and checks that the tile is consistent: every port owned exactly once
  // and by a segment of the right kind for its edge, roads on road edges' middles, cities on
  // whole city sides, field borders naming cities. The message names the problem in words.
  Status Finalize();

  EdgeKind Edge(Side s) const { return edges[s]; }
  bool HasMonastery() const;
  bool HasKind(FeatureKind kind) const;
  int Pennants() const;
  int GhostSymbols() const;  // over all mist areas
  bool HasMist() const { return HasKind(FeatureKind::kMist); }
  PortMask MistyPorts() const;
  // The four edge letters as in the short form's first four characters, e.g. "crfr".
  std::string EdgeString() const;
};

using TilePtr = std::shared_ptr<const TileType>;

// The id plus every rules-relevant property, for state hashes: a described tile has no id,
// so its geometry is what the hash must see.
std::string HashKey(const TileType& t);

// The tile's edge kinds seen on the board after `quarters` clockwise quarter turns.
EdgeKind EdgeAfterRotation(const TileType& t, Side board_side, int quarters);

// Words for a tile as it lies, e.g. "city N with a pennant; road W–E; monastery".
std::string DescribeTile(const TileType& t, int quarters);

// Words for one segment as it lies, e.g. "road W–E", "city N+W", "field NR+EL (beside city N)".
std::string DescribeSegment(const TileType& t, int segment, int quarters);

// Two tile types have the same geometry under some rotation: returns the quarter turns that
// map `a` onto `b`, or -1. Ids, counts and animals are ignored.
int SameGeometry(const TileType& a, const TileType& b);
// Whether `a` turned by `quarters` has exactly the geometry of `b`.
bool SameGeometry(const TileType& a, const TileType& b, int quarters);

}  // namespace carcref
