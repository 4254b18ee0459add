// Features (roads, cities, fields, monasteries) merged across tiles with union–find
// (DESIGN.md "Board and features"). Each node is one segment of one placed tile; each root
// keeps the feature's aggregates. A from-scratch flood fill computes the same thing slowly
// and obviously-correctly; tests compare the two on random games.
#pragma once

#include <cstdint>
#include <vector>

#include "carcref/board.h"

namespace carcref {

using NodeId = int;

struct FeatureInfo {
  FeatureKind kind = FeatureKind::kField;
  std::vector<int> tiles;      // distinct board tile indices, sorted (a tile counts once, 0.2)
  int pennants = 0;            // cities
  int open_sides = 0;          // roads and cities: segment sides not yet facing a tile;
                               // mist: misty ports not yet facing a tile
  bool poisoned = false;       // mist: some misty port faces clear terrain (B.6.3, EDGE-04)
  std::vector<NodeId> cities;  // fields: nodes of the city segments it borders (any node)
};

class Features {
 public:
  // Adds the nodes of board tile `index` (already on `board`) and merges them with the
  // matching ports of its neighbours. Tiles must be added in board order.
  void AddTile(const Board& board, int index);

  NodeId Node(int tile, int segment) const { return first_node_[tile] + segment; }
  int TileOf(NodeId n) const { return node_tile_[n]; }
  int SegmentOf(NodeId n) const { return n - first_node_[node_tile_[n]]; }
  int node_count() const { return static_cast<int>(parent_.size()); }

  NodeId Find(NodeId n) const;
  const FeatureInfo& Info(NodeId n) const { return info_[Find(n)]; }

  // A road or city is complete when no side is open (A.5.1, A.5.2); a monastery or castle when
  // its 8 neighbours hold tiles (A.5.3, B.9.7); a cemetery when its 4 orthogonal neighbours do
  // (B.10.2; haunted cemeteries are the game's business); a mist bank when every misty port
  // faces mist and none faces clear terrain (B.6.2); a field never (A.5.4).
  bool IsComplete(const Board& board, NodeId n) const;

  // Distinct roots of the completed cities a field borders (A.8.5 d).
  std::vector<NodeId> BorderedCities(NodeId field, const Board& board, bool complete_only) const;

  // Canonical description of the partition and aggregates, for comparing with FloodFill().
  struct Snapshot {
    std::vector<int> component;  // per node: index of its component (numbered by first node)
    struct Component {
      FeatureKind kind;
      std::vector<int> tiles;
      int pennants;
      int open_sides;
      bool poisoned;
      std::vector<int> cities;  // component indices, sorted, distinct
      bool operator==(const Component& o) const {
        return kind == o.kind && tiles == o.tiles && pennants == o.pennants &&
               open_sides == o.open_sides && poisoned == o.poisoned && cities == o.cities;
      }
    };
    std::vector<Component> components;
    bool operator==(const Snapshot& o) const {
      return component == o.component && components == o.components;
    }
  };
  Snapshot TakeSnapshot() const;

 private:
  void Union(NodeId a, NodeId b);

  mutable std::vector<NodeId> parent_;
  std::vector<int> rank_;
  std::vector<FeatureInfo> info_;  // valid at roots
  std::vector<int> first_node_;    // per tile
  std::vector<int> node_tile_;     // per node
};

// The same features computed from scratch by breadth-first search over the board.
Features::Snapshot FloodFill(const Board& board);

}  // namespace carcref
