#include "carcref/features.h"

#include <algorithm>
#include <map>
#include <queue>

namespace carcref {

namespace {

// Sides a road or city segment reaches (through its middle port); for other kinds, none.
int SidesOf(const Segment& s, int quarters, std::vector<Side>* out) {
  if (s.kind != FeatureKind::kRoad && s.kind != FeatureKind::kCity) return 0;
  PortMask ports = RotateMask(s.ports, quarters);
  int n = 0;
  for (Side side : kSides)
    if (ports & Bit(MiddlePort(side))) {
      ++n;
      if (out) out->push_back(side);
    }
  return n;
}

// Ports a mist area covers: the field ports it owns and the road middles it covers.
int MistPortCount(const TileType& t, int segment) {
  int n = 0;
  for (Port p = 0; p < kPorts; ++p) n += t.mist_owner[p] == segment;
  return n;
}

// Whether segments facing each other across a port are one feature. Mist and field face each
// other at a border, not a join (mist bounds fields, C.8); mist joins mist through mist_owner.
bool Joins(const TileType& a, int sa, const TileType& b, int sb) {
  FeatureKind ka = a.segments[sa].kind;
  FeatureKind kb = b.segments[sb].kind;
  return ka == kb && ka != FeatureKind::kMist;
}

void MergeSorted(std::vector<int>& into, const std::vector<int>& from) {
  std::vector<int> merged;
  merged.reserve(into.size() + from.size());
  std::set_union(into.begin(), into.end(), from.begin(), from.end(), std::back_inserter(merged));
  into.swap(merged);
}

}  // namespace

NodeId Features::Find(NodeId n) const {
  while (parent_[n] != n) {
    parent_[n] = parent_[parent_[n]];
    n = parent_[n];
  }
  return n;
}

void Features::Union(NodeId a, NodeId b) {
  a = Find(a);
  b = Find(b);
  if (a == b) return;
  if (rank_[a] < rank_[b]) std::swap(a, b);
  parent_[b] = a;
  if (rank_[a] == rank_[b]) ++rank_[a];
  FeatureInfo& into = info_[a];
  FeatureInfo& from = info_[b];
  MergeSorted(into.tiles, from.tiles);
  into.pennants += from.pennants;
  into.open_sides += from.open_sides;
  into.poisoned = into.poisoned || from.poisoned;
  into.cities.insert(into.cities.end(), from.cities.begin(), from.cities.end());
  from = FeatureInfo{};
}

void Features::AddTile(const Board& board, int index) {
  const PlacedTile& placed = board.tile(index);
  const TileType& type = *placed.type;
  first_node_.push_back(static_cast<int>(parent_.size()));
  for (int i = 0; i < static_cast<int>(type.segments.size()); ++i) {
    const Segment& seg = type.segments[i];
    NodeId n = static_cast<NodeId>(parent_.size());
    parent_.push_back(n);
    rank_.push_back(0);
    node_tile_.push_back(index);
    FeatureInfo info;
    info.kind = seg.kind;
    info.tiles = {index};
    info.pennants = seg.pennants;
    info.open_sides = seg.kind == FeatureKind::kMist ? MistPortCount(type, i)
                                                     : SidesOf(seg, placed.quarters, nullptr);
    for (int c : seg.cities) info.cities.push_back(first_node_[index] + c);
    info_.push_back(std::move(info));
  }
  for (Side s : kSides) {
    int other = board.IndexAt(Neighbor(placed.cell, s));
    if (other < 0) continue;
    const PlacedTile& n = board.tile(other);
    for (int part = 0; part < 3; ++part) {
      Port p = PortOf(s, part);
      int mine = placed.OwnerOfBoardPort(p);
      int theirs = n.OwnerOfBoardPort(FacingPort(p));
      if (mine >= 0 && theirs >= 0 && Joins(type, mine, *n.type, theirs)) {
        NodeId a = Node(index, mine);
        NodeId b = Node(other, theirs);
        if (part == 1 && (info_[Find(a)].kind == FeatureKind::kRoad ||
                          info_[Find(a)].kind == FeatureKind::kCity)) {
          // The side is closed for both: one open end each goes away (a loop closes twice).
          --info_[Find(a)].open_sides;
          --info_[Find(b)].open_sides;
        }
        Union(a, b);
      }
      // B.6.1–B.6.3: mist joins mist across a port misty on both sides; misty facing clear
      // closes the port but poisons the bank for good, whichever tile came second.
      int my_mist = placed.MistOfBoardPort(p);
      int their_mist = n.MistOfBoardPort(FacingPort(p));
      if (my_mist < 0 && their_mist < 0) continue;
      if (my_mist >= 0) --info_[Find(Node(index, my_mist))].open_sides;
      if (their_mist >= 0) --info_[Find(Node(other, their_mist))].open_sides;
      if (my_mist >= 0 && their_mist >= 0) {
        Union(Node(index, my_mist), Node(other, their_mist));
      } else {
        NodeId misty = my_mist >= 0 ? Node(index, my_mist) : Node(other, their_mist);
        info_[Find(misty)].poisoned = true;
      }
    }
  }
}

bool Features::IsComplete(const Board& board, NodeId n) const {
  const FeatureInfo& info = Info(n);
  switch (info.kind) {
    case FeatureKind::kRoad:
    case FeatureKind::kCity:
      return info.open_sides == 0;
    case FeatureKind::kMonastery:
    case FeatureKind::kCastle:
      return board.NeighbourCount(board.tile(TileOf(n)).cell) == 8;
    case FeatureKind::kCemetery:
      return board.OrthogonalCount(board.tile(TileOf(n)).cell) == 4;
    case FeatureKind::kMist:
      return info.open_sides == 0 && !info.poisoned;
    case FeatureKind::kField:
      return false;
  }
  return false;
}

std::vector<NodeId> Features::BorderedCities(NodeId field, const Board& board,
                                             bool complete_only) const {
  std::vector<NodeId> out;
  for (NodeId c : Info(field).cities) {
    NodeId root = Find(c);
    if (complete_only && !IsComplete(board, root)) continue;
    out.push_back(root);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

namespace {

// Numbers components by their smallest node and fills the per-component aggregates, given
// any node -> representative mapping.
template <typename RootOf, typename InfoOf>
Features::Snapshot Canonical(int nodes, RootOf root_of, InfoOf info_of) {
  Features::Snapshot snap;
  std::map<int, int> number;  // representative -> component index
  snap.component.resize(nodes);
  for (int n = 0; n < nodes; ++n) {
    int r = root_of(n);
    auto it = number.find(r);
    if (it == number.end()) it = number.emplace(r, static_cast<int>(number.size())).first;
    snap.component[n] = it->second;
  }
  snap.components.resize(number.size());
  for (auto [rep, index] : number) {
    FeatureInfo info = info_of(rep);
    Features::Snapshot::Component& c = snap.components[index];
    c.kind = info.kind;
    c.tiles = info.tiles;
    c.pennants = info.pennants;
    c.open_sides = info.open_sides;
    c.poisoned = info.poisoned;
    for (NodeId city : info.cities) c.cities.push_back(snap.component[city]);
    std::sort(c.cities.begin(), c.cities.end());
    c.cities.erase(std::unique(c.cities.begin(), c.cities.end()), c.cities.end());
  }
  return snap;
}

}  // namespace

Features::Snapshot Features::TakeSnapshot() const {
  return Canonical(
      node_count(), [this](int n) { return Find(n); }, [this](int root) { return info_[root]; });
}

Features::Snapshot FloodFill(const Board& board) {
  // Nodes numbered exactly as Features numbers them: tiles in board order, segments in order.
  std::vector<int> first;
  int nodes = 0;
  for (const PlacedTile& t : board.tiles()) {
    first.push_back(nodes);
    nodes += static_cast<int>(t.type->segments.size());
  }
  std::vector<int> tile_of(nodes);
  for (int t = 0; t < board.size(); ++t)
    for (size_t s = 0; s < board.tile(t).type->segments.size(); ++s)
      tile_of[first[t] + static_cast<int>(s)] = t;

  std::vector<int> rep(nodes, -1);
  for (int start = 0; start < nodes; ++start) {
    if (rep[start] >= 0) continue;
    std::queue<int> todo;
    todo.push(start);
    rep[start] = start;
    while (!todo.empty()) {
      int n = todo.front();
      todo.pop();
      int t = tile_of[n];
      const PlacedTile& placed = board.tile(t);
      int seg = n - first[t];
      bool mist = placed.type->segments[seg].kind == FeatureKind::kMist;
      for (Port p = 0; p < kPorts; ++p) {
        // Mist reaches across the ports it covers, to the mist covering the facing port;
        // everything else across the ports it owns, to an owner of its own kind.
        if ((mist ? placed.MistOfBoardPort(p) : placed.OwnerOfBoardPort(p)) != seg) continue;
        int other = board.IndexAt(Neighbor(placed.cell, SideOfPort(p)));
        if (other < 0) continue;
        const PlacedTile& facing = board.tile(other);
        int theirs =
            mist ? facing.MistOfBoardPort(FacingPort(p)) : facing.OwnerOfBoardPort(FacingPort(p));
        if (theirs < 0) continue;
        if (!mist && facing.type->segments[theirs].kind != placed.type->segments[seg].kind)
          continue;
        int m = first[other] + theirs;
        if (rep[m] < 0) {
          rep[m] = start;
          todo.push(m);
        }
      }
    }
  }
  auto info_of = [&](int representative) {
    FeatureInfo info;
    for (int n = 0; n < nodes; ++n) {
      if (rep[n] != representative) continue;
      int t = tile_of[n];
      const PlacedTile& placed = board.tile(t);
      const Segment& seg = placed.type->segments[n - first[t]];
      info.kind = seg.kind;
      info.tiles.push_back(t);
      info.pennants += seg.pennants;
      std::vector<Side> sides;
      SidesOf(seg, placed.quarters, &sides);
      // B.12.6: a side facing a face-down tile stays open for good, like one facing no tile.
      for (Side s : sides) {
        int other = board.IndexAt(Neighbor(placed.cell, s));
        if (other < 0 || board.tile(other).type->face_down) ++info.open_sides;
      }
      if (seg.kind == FeatureKind::kMist) {
        for (Port p = 0; p < kPorts; ++p) {
          if (placed.MistOfBoardPort(p) != n - first[t]) continue;
          int other = board.IndexAt(Neighbor(placed.cell, SideOfPort(p)));
          if (other < 0)
            ++info.open_sides;
          else if (board.tile(other).MistOfBoardPort(FacingPort(p)) < 0)
            info.poisoned = true;
        }
      }
      for (int c : seg.cities) info.cities.push_back(first[t] + c);
    }
    std::sort(info.tiles.begin(), info.tiles.end());
    info.tiles.erase(std::unique(info.tiles.begin(), info.tiles.end()), info.tiles.end());
    return info;
  };
  return Canonical(
      nodes, [&](int n) { return rep[n]; }, info_of);
}

}  // namespace carcref
