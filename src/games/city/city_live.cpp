// The City: the board kept up to date as tiles, the gate and wall pieces are placed
// (city_board.h), and its check against the from-scratch flood fill (ComputeFeatures).
#include <algorithm>
#include <map>
#include <set>

#include "games/city/city.h"

namespace carcref {

// A port is open while the cell beyond it is empty and no piece or gate lies on its edge
// (CityFeature::open_ports). No piece ever lies between two tiles: the cell beyond a piece is
// empty when it is placed and stays so (EDGE-19).
void CityGame::AddTileToBoard(int t) {
  const PlacedCityTile& placed = tiles_[t];
  live_.AddTile(t, placed.tile);
  auto at = std::lower_bound(frontier_.begin(), frontier_.end(), placed.cell);
  if (at != frontier_.end() && *at == placed.cell) frontier_.erase(at);
  for (Side s : kSides) {
    Cell n = Neighbor(placed.cell, s);
    if (TileAt(n) >= 0) continue;
    auto it = std::lower_bound(frontier_.begin(), frontier_.end(), n);
    if (it == frontier_.end() || *it != n) frontier_.insert(it, n);
  }
  const std::array<std::int16_t, kPorts> mine = live_.port_area[t];
  for (Port p = 0; p < kPorts; ++p) {
    const int a = mine[p];
    const Side s = SideOfPort(p);
    const int nt = TileAt(Neighbor(placed.cell, s));
    if (nt < 0) {
      if (a >= 0 && !WallOn(placed.cell, s)) ++live_.Of(a).open;
      continue;
    }
    const int b = live_.port_area[nt][FacingPort(p)];
    if (b < 0) continue;
    if (!WallOn(placed.cell, s)) --live_.Of(b).open;  // it faced this cell, empty until now
    live_.touched.push_back(b);
    // city_tile.h rule 4: areas of one kind join across the edge.
    if (a >= 0 && live_.areas[a].kind == live_.areas[b].kind) live_.Join(a, b);
  }
  for (int a = 0; a < static_cast<int>(placed.tile.areas.size()); ++a)
    live_.touched.push_back(live_.Id(t, a));
}

void CityGame::AddWallToBoard(Cell c, Side s) {
  wall_at_.Ref(c) |= WallBit(s);
  const Cell beyond = Neighbor(c, s);
  wall_at_.Ref(beyond) |= static_cast<std::uint8_t>(WallBit(Opposite(s)) | kOutsideWall);
  const int t = TileAt(c);
  if (t < 0 || TileAt(beyond) >= 0) return;
  for (int part = 0; part < 3; ++part) {
    const int a = live_.port_area[t][PortOf(s, part)];
    if (a < 0) continue;
    --live_.Of(a).open;  // D.8.5: the piece bounds it like a tile
    live_.touched.push_back(a);
  }
}

CityFeature CityGame::LiveFeature(int root) const {
  const CityLiveArea& r = live_.areas[root];
  CityFeature f;
  f.kind = r.kind;
  for (int id = root;;) {
    const CityLiveArea& a = live_.areas[id];
    f.areas.push_back({a.tile, id - live_.first_area[a.tile]});
    id = a.next;
    if (id == root) break;
  }
  std::sort(f.areas.begin(), f.areas.end());
  for (auto [t, a] : f.areas)
    if (f.tiles.empty() || f.tiles.back() != t) f.tiles.push_back(t);
  f.goods = r.goods;
  f.followers.assign(players(), 0);
  for (int p = 0; p < players(); ++p) f.followers[p] = r.followers[p];
  f.open_ports = r.open;
  f.complete = f.kind != CityPart::kResidential && f.open_ports == 0;
  f.done = r.done;
  if (f.kind != CityPart::kResidential) return f;
  // D.10.1: markets touching it inside a tile (city_tile.h rule 3) and across an edge where a
  // residential part lies against a market part; as roots, in ComputeFeatures' order.
  auto touch = [&](int market) {
    market = live_.Root(market);
    if (std::find(f.markets.begin(), f.markets.end(), market) == f.markets.end())
      f.markets.push_back(market);
  };
  for (auto [t, a] : f.areas) {
    const PlacedCityTile& placed = tiles_[t];
    for (auto [res, m] : placed.tile.touching)
      if (res == a) touch(live_.Id(t, m));
    const int id = live_.Id(t, a);
    for (Port p = 0; p < kPorts; ++p) {
      if (live_.port_area[t][p] != id) continue;
      const int nt = TileAt(Neighbor(placed.cell, SideOfPort(p)));
      if (nt < 0) continue;
      const int b = live_.port_area[nt][FacingPort(p)];
      if (b >= 0 && live_.areas[b].kind == CityPart::kMarket) touch(b);
    }
  }
  std::sort(f.markets.begin(), f.markets.end(),
            [&](int a, int b) { return live_.areas[a].first < live_.areas[b].first; });
  return f;
}

Status CityGame::CheckLiveFeatures() const {
  // Lookups by cell.
  for (int t = 0; t < static_cast<int>(tiles_.size()); ++t)
    if (at_.At(tiles_[t].cell) != t)
      return Status::Corrupt("the cell index misses the tile on " + CellName(tiles_[t].cell));
  std::set<Cell> frontier;
  for (const PlacedCityTile& t : tiles_)
    for (Side s : kSides)
      if (TileAt(Neighbor(t.cell, s)) < 0) frontier.insert(Neighbor(t.cell, s));
  if (std::vector<Cell>(frontier.begin(), frontier.end()) != frontier_)
    return Status::Corrupt("the cells next to the board are not the empty cells beside its tiles");
  std::map<Cell, std::uint8_t> walled;  // what wall_at_ should hold
  for (const WallSlot& w : wall_) {
    Cell beyond = Neighbor(w.cell, w.side);
    walled[w.cell] |= WallBit(w.side);
    walled[beyond] |= static_cast<std::uint8_t>(WallBit(Opposite(w.side)) | kOutsideWall);
  }
  std::vector<Cell> cells(frontier.begin(), frontier.end());
  for (const PlacedCityTile& t : tiles_) cells.push_back(t.cell);
  for (const auto& [c, bits] : walled) cells.push_back(c);
  for (Cell c : cells) {
    auto it = walled.find(c);
    if (wall_at_.At(c) != (it == walled.end() ? 0 : it->second))
      return Status::Corrupt("the wall index does not match the wall at " + CellName(c));
  }

  // The features against the flood fill.
  CityFeatures scratch = ComputeFeatures(false);
  std::vector<int> roots;
  for (int id = 0; id < static_cast<int>(live_.areas.size()); ++id)
    if (live_.areas[id].root == id) roots.push_back(id);
  std::sort(roots.begin(), roots.end(),
            [&](int a, int b) { return live_.areas[a].first < live_.areas[b].first; });
  if (roots.size() != scratch.list.size())
    return Status::Corrupt("the board keeps " + std::to_string(roots.size()) +
                           " streets, markets and residential areas, the flood fill finds " +
                           std::to_string(scratch.list.size()));
  for (size_t i = 0; i < roots.size(); ++i) {
    const CityFeature kept = LiveFeature(roots[i]);
    const CityFeature& want = scratch.list[i];
    std::string what;
    if (kept.kind != want.kind) what = "kind";
    if (kept.areas != want.areas) what = "areas";
    if (kept.tiles != want.tiles) what = "tiles";
    if (kept.goods != want.goods) what = "goods";
    if (kept.followers != want.followers) what = "followers";
    if (kept.open_ports != want.open_ports)
      what = "open ports (" + std::to_string(kept.open_ports) + " kept, " +
             std::to_string(want.open_ports) + " counted)";
    if (kept.complete != want.complete) what = "completion";
    if (kept.done != want.done) what = "done flag";
    std::vector<int> markets;  // the flood fill's, as roots
    for (int m : want.markets) {
      const CityFeature& market = scratch.list[m];
      markets.push_back(live_.Root(live_.Id(market.areas[0].first, market.areas[0].second)));
    }
    if (kept.markets != markets) what = "markets touching it";
    if (live_.areas[roots[i]].first != live_.Id(want.areas[0].first, want.areas[0].second))
      what = "first area";
    if (!what.empty())
      return Status::Corrupt("the board keeps the " + FeatureWhere(want) + " with other " + what +
                             " than the flood fill finds");
  }
  return Status::Ok();
}

}  // namespace carcref
