// The City: features (D.5), scoring in play (D.6), closing the city (D.9.4) and the final
// scoring (D.10).
#include <algorithm>
#include <numeric>
#include <set>

#include "city_internal.h"
#include "games/city/city.h"

namespace carcref {

using city_internal::Counted;
using city_internal::SlotName;

namespace {

struct UnionFind {
  std::vector<int> parent;
  explicit UnionFind(int n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int Find(int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void Join(int a, int b) {
    a = Find(a);
    b = Find(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
};

}  // namespace

// A flood fill from scratch: areas join across an edge when both sides are the same kind
// (city_tile.h rule 4). With `closing`, every edge facing an empty cell outside the city
// counts as walled (D.9.4).
CityFeatures CityGame::ComputeFeatures(bool closing) const {
  int n_tiles = static_cast<int>(tiles_.size());
  std::vector<int> offset(n_tiles + 1, 0);
  for (int t = 0; t < n_tiles; ++t)
    offset[t + 1] = offset[t] + static_cast<int>(tiles_[t].tile.areas.size());
  UnionFind uf(offset[n_tiles]);
  for (int t = 0; t < n_tiles; ++t) {
    const PlacedCityTile& placed = tiles_[t];
    for (Port p = 0; p < kPorts; ++p) {
      int a = placed.tile.AreaAt(p);
      if (a < 0) continue;
      int nt = TileAt(Neighbor(placed.cell, SideOfPort(p)));
      if (nt < 0) continue;
      int b = tiles_[nt].tile.AreaAt(FacingPort(p));
      if (b >= 0 && tiles_[nt].tile.areas[b].kind == placed.tile.areas[a].kind)
        uf.Join(offset[t] + a, offset[nt] + b);
    }
  }
  CityFeatures out;
  out.of.resize(n_tiles);
  std::vector<int> feature_of_root(offset[n_tiles], -1);
  for (int t = 0; t < n_tiles; ++t) {
    const CityTile& tile = tiles_[t].tile;
    out.of[t].resize(tile.areas.size());
    for (int a = 0; a < static_cast<int>(tile.areas.size()); ++a) {
      int root = uf.Find(offset[t] + a);
      if (feature_of_root[root] < 0) {
        feature_of_root[root] = static_cast<int>(out.list.size());
        CityFeature f;
        f.kind = tile.areas[a].kind;
        f.followers.assign(players(), 0);
        out.list.push_back(f);
      }
      int fi = feature_of_root[root];
      out.of[t][a] = fi;
      CityFeature& f = out.list[fi];
      f.areas.push_back({t, a});
      if (f.tiles.empty() || f.tiles.back() != t) f.tiles.push_back(t);
      f.goods |= tile.areas[a].goods;
      if (done_[t][a]) f.done = true;
    }
  }
  for (const CityFollower& m : followers_) ++out.list[out.of[m.tile][m.area]].followers[m.player];

  int x0 = 0, y0 = 0, w = 0, h = 0;
  std::vector<bool> outside;
  if (closing) outside = OutsideMask(x0, y0, w, h);
  for (CityFeature& f : out.list) {
    for (auto [t, a] : f.areas) {
      const PlacedCityTile& placed = tiles_[t];
      for (Port p = 0; p < kPorts; ++p) {
        if (!(placed.tile.areas[a].ports & Bit(p))) continue;
        Side s = SideOfPort(p);
        Cell n = Neighbor(placed.cell, s);
        if (TileAt(n) >= 0 || WallOn(placed.cell, s)) continue;
        if (closing && (n.x < x0 || n.x >= x0 + w || n.y < y0 || n.y >= y0 + h ||
                        outside[static_cast<size_t>((n.y - y0) * w + (n.x - x0))]))
          continue;
        ++f.open_ports;
      }
    }
    f.complete = f.kind != CityPart::kResidential && f.open_ports == 0;
  }
  // D.10.1: markets touching a residential area inside a tile (city_tile.h rule 3) and across
  // an edge where a residential part lies against a market part.
  auto touch = [&](int res, int market) {
    std::vector<int>& m = out.list[res].markets;
    if (std::find(m.begin(), m.end(), market) == m.end()) m.push_back(market);
  };
  for (int t = 0; t < n_tiles; ++t) {
    const PlacedCityTile& placed = tiles_[t];
    for (auto [r, m] : placed.tile.touching) touch(out.of[t][r], out.of[t][m]);
    for (Port p = 0; p < kPorts; ++p) {
      int a = placed.tile.AreaAt(p);
      if (a < 0 || placed.tile.areas[a].kind != CityPart::kResidential) continue;
      int nt = TileAt(Neighbor(placed.cell, SideOfPort(p)));
      if (nt < 0) continue;
      int b = tiles_[nt].tile.AreaAt(FacingPort(p));
      if (b >= 0 && tiles_[nt].tile.areas[b].kind == CityPart::kMarket)
        touch(out.of[t][a], out.of[nt][b]);
    }
  }
  for (CityFeature& f : out.list) std::sort(f.markets.begin(), f.markets.end());
  return out;
}

CityFeatures CityGame::Features() const { return ComputeFeatures(false); }

std::string CityGame::AreaWords(int tile, int area) const {
  const PlacedCityTile& placed = tiles_[tile];
  // TRANSLATORS: an area of a tile and the tile's cell: "street W–E at 1,0".
  return Fill(Tr("{1} at {2}"), {CityAreaWords(placed.tile, area), CellName(placed.cell)});
}

std::string CityGame::FeatureWhere(const CityFeature& f) const {
  if (f.tiles.size() == 1) return AreaWords(f.areas[0].first, f.areas[0].second);
  std::string cells;
  for (int t : f.tiles) cells += (cells.empty() ? "" : " ") + CellName(tiles_[t].cell);
  // TRANSLATORS: a street, market or residential area across several tiles: {1} their cells
  // ("0,0 1,0 2,0").
  return Fill(f.kind == CityPart::kStreet   ? Tr("street on {1}")
              : f.kind == CityPart::kMarket ? Tr("market on {1}")
                                            : Tr("residential area on {1}"),
              {cells});
}

// D.6.1, D.6.2, D.10.1.
int CityGame::FeatureValue(const CityFeature& f, std::string* reason) const {
  int n = static_cast<int>(f.tiles.size());
  int value = 0;
  std::string why;
  if (f.kind == CityPart::kStreet) {
    int per = n >= 4 ? 2 : 1;
    value = n * per;
    if (reason)
      // TRANSLATORS: a street's score: {1} tiles × {2} points each = {3}.
      *reason = Fill(TrPlural("{1} tile × {2} = {3}", "{1} tiles × {2} = {3}", n),
                     {std::to_string(n), std::to_string(per), std::to_string(value)});
  } else if (f.kind == CityPart::kMarket) {
    int kinds = GoodsCount(f.goods);
    value = n * kinds;
    if (reason) {
      // TRANSLATORS: a market's score: {1} tiles × {2} kinds of goods ({3}: which) = {4}.
      const std::string goods = Fill(TrPlural("{1} good ({2})", "{1} goods ({2})", kinds),
                                     {std::to_string(kinds), GoodsWords(f.goods)});
      *reason = Fill(TrPlural("{1} tile × {2} = {3}", "{1} tiles × {2} = {3}", n),
                     {std::to_string(n), goods, std::to_string(value)});
    }
  } else {
    int markets = static_cast<int>(f.markets.size());
    value = 2 * markets;
    if (reason)
      // TRANSLATORS: a residential area's score: {1} markets it touches × 2 = {2}.
      *reason = Fill(TrPlural("{1} market × 2 = {2}", "{1} markets × 2 = {2}", markets),
                     {std::to_string(markets), std::to_string(value)});
  }
  return value;
}

ScoreLine CityGame::MajorityLine(const CityFeature& f, int top, bool final) const {
  ScoreLine line;
  line.what = std::string(CityPartName(f.kind));
  line.where = FeatureWhere(f);
  int value = FeatureValue(f, &line.reason);
  line.final = final;
  line.turn = turn_;
  line.followers = f.followers;
  line.points.assign(players(), 0);
  for (int p = 0; p < players(); ++p)
    if (f.followers[p] == top) {  // D.6.3: every tied player scores in full
      line.winners.push_back(p);
      line.points[p] = value;
    }
  for (int t : f.tiles) line.cells.push_back(tiles_[t].cell);
  return line;
}

void CityGame::AddLine(ScoreLine line) {
  line.after_notes = static_cast<int>(report_.notes.size());  // in the order it happened
  report_.scores.push_back(line);
  lines_.push_back(std::move(line));
}

// D.6.4, EDGE-20: scored followers come back at the end of the turn (or at once, with the
// alternative), so they cannot be watchmen in this turn's wall building.
void CityGame::ReturnFollowers(const CityFeature& f) {
  std::vector<CityFollower> keep;
  for (const CityFollower& m : followers_) {
    bool on =
        std::find(f.areas.begin(), f.areas.end(), std::make_pair(m.tile, m.area)) != f.areas.end();
    if (!on) {
      keep.push_back(m);
    } else if (setup_.options.scored_watchmen) {
      ++supply_[m.player];
    } else {
      ++returning_[m.player];
    }
  }
  followers_ = std::move(keep);
}

// Scores every street and market completed since the last check (D.6) and returns how many
// scorings there were: a completed feature with no follower is none (D.6.5). Only a feature
// the tile or piece touched can have been completed: those are looked at, in the order
// ComputeFeatures lists them (by their first area).
int CityGame::ScoreCompleted(bool by_wall) {
  std::vector<int> roots;
  for (int id : live_.touched) {
    const int r = live_.Root(id);
    const CityLiveArea& f = live_.areas[r];
    if (f.kind != CityPart::kResidential && f.open == 0 && !f.done) roots.push_back(r);
  }
  live_.touched.clear();
  std::sort(roots.begin(), roots.end(),
            [&](int a, int b) { return live_.areas[a].first < live_.areas[b].first; });
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  int scorings = 0;
  for (int root : roots) {
    const CityFeature f = LiveFeature(root);
    for (auto [t, a] : f.areas) done_[t][a] = true;
    live_.areas[root].done = true;
    int top = *std::max_element(f.followers.begin(), f.followers.end());
    if (top == 0) {
      // TRANSLATORS: {1} a street or market ("street on 0,0 1,0").
      Note(Fill(Tr("{1} is complete with no follower on it: no scoring (D.6.5)"),
                {FeatureWhere(f)}));
      continue;
    }
    ScoreLine line = MajorityLine(f, top, false);
    AddLine(line);
    ReturnFollowers(f);
    live_.areas[root].followers.fill(0);
    ++scorings;
    if (by_wall)
      // TRANSLATORS: {1} a street or market ("street on 0,0 1,0").
      Note(Fill(Tr("{1} was completed by the wall: no new wall building (D.8.5)"), {line.where}));
  }
  return scorings;
}

// D.9.4: the wall is completed round the whole city. Streets and markets it completes score;
// those still open (holes inside the city) score nothing and their followers leave.
void CityGame::CloseCity() {
  CityFeatures features = ComputeFeatures(true);
  for (const CityFeature& f : features.list) {
    if (f.kind == CityPart::kResidential || f.done) continue;
    for (auto [t, a] : f.areas) done_[t][a] = true;
    // Scored or not, its followers leave it.
    CityLiveArea& kept = live_.Of(live_.Id(f.areas[0].first, f.areas[0].second));
    kept.done = true;
    kept.followers.fill(0);
    int top = *std::max_element(f.followers.begin(), f.followers.end());
    if (top == 0) continue;
    if (!f.complete) {
      // TRANSLATORS: {1} a street or market ("street on 0,0 1,0").
      Note(Fill(Tr("{1} is still open at the end (a hole in the city): no score, its followers "
                   "leave (D.9.4)"),
                {FeatureWhere(f)}));
      std::vector<CityFollower> keep;
      for (const CityFollower& m : followers_) {
        if (features.of[m.tile][m.area] == features.of[f.areas[0].first][f.areas[0].second])
          ++supply_[m.player];
        else
          keep.push_back(m);
      }
      followers_ = std::move(keep);
      continue;
    }
    ScoreLine line = MajorityLine(f, top, true);
    // TRANSLATORS: {1} the score's breakdown ("2 tiles × 1 = 2").
    line.reason = Fill(Tr("{1} (closed by the city wall at the end, D.9.4)"), {line.reason});
    AddLine(line);
    for (int p = 0; p < players(); ++p) supply_[p] += f.followers[p];
    std::vector<CityFollower> keep;
    for (const CityFollower& m : followers_)
      if (std::find(f.areas.begin(), f.areas.end(), std::make_pair(m.tile, m.area)) ==
          f.areas.end())
        keep.push_back(m);
    followers_ = std::move(keep);
  }
}

// D.10: residential areas (D.10.1), then watchmen (D.10.2).
void CityGame::FinalScoring() {
  std::vector<int> roots;  // residential areas with a follower, in ComputeFeatures' order
  for (int id = 0; id < static_cast<int>(live_.areas.size()); ++id) {
    const CityLiveArea& r = live_.areas[id];
    if (r.root == id && r.kind == CityPart::kResidential &&
        std::any_of(r.followers.begin(), r.followers.end(), [](int n) { return n > 0; }))
      roots.push_back(id);
  }
  std::sort(roots.begin(), roots.end(),
            [&](int a, int b) { return live_.areas[a].first < live_.areas[b].first; });
  for (int root : roots) {
    const CityFeature f = LiveFeature(root);
    int top = *std::max_element(f.followers.begin(), f.followers.end());
    if (top == 0) continue;
    AddLine(MajorityLine(f, top, true));  // D.10.1
  }
  for (int i = 0; i < static_cast<int>(wall_.size()); ++i) {
    const WallSlot& w = wall_[i];
    if (w.watchman < 0) continue;
    int pub = 0, hist = 0;
    ScoreLine line;
    const bool per_tile = setup_.options.watchman_per_tile;
    for (int t : WatchmanView(i)) {
      const CityTile& seen = tiles_[t].tile;
      if (per_tile) {  // AMB-23 alternative: each tile once, at its best building
        hist += seen.historic_buildings > 0;
        pub += seen.historic_buildings == 0 && seen.public_buildings > 0;
      } else {
        pub += seen.public_buildings;
        hist += seen.historic_buildings;
      }
      line.cells.push_back(tiles_[t].cell);
    }
    int value = 2 * pub + 3 * hist;  // AMB-23: a historic building 3, not 2 + 3
    line.what = "watchman";          // data: the log's kind (cli/match_log.cpp), never worded
    const int seen = static_cast<int>(line.cells.size());
    // TRANSLATORS: a watchman's scoring: {1} its wall slot ("2,0 E"), {2} the direction it
    // looks (N, E, S, W), {3} how many tiles it sees.
    line.where = Fill(TrPlural("watchman on {1} looking {2} over {3} tile",
                               "watchman on {1} looking {2} over {3} tiles", seen),
                      {SlotName(w), std::string(SideName(Opposite(w.side))), std::to_string(seen)});
    // "3 public buildings × 2", or with the alternative "3 tiles with a public building × 2".
    const std::string pub_words =
        per_tile
            ? TrPlural("{1} tile with a public building", "{1} tiles with a public building", pub)
            : TrPlural("{1} public building", "{1} public buildings", pub);
    const std::string hist_words =
        per_tile ? TrPlural("{1} tile with a historic building",
                            "{1} tiles with a historic building", hist)
                 : TrPlural("{1} historic building", "{1} historic buildings", hist);
    // TRANSLATORS: a watchman's score: {1} public buildings × 2 + {2} historic buildings × 3
    // = {3} ("3 public buildings × 2 + 1 historic building × 3 = 9").
    line.reason = Fill(Tr("{1} × 2 + {2} × 3 = {3}"),
                       {Counted(pub_words, pub), Counted(hist_words, hist), std::to_string(value)});
    line.final = true;
    line.turn = turn_;
    line.followers.assign(players(), 0);
    line.followers[w.watchman] = 1;
    line.winners = {w.watchman};
    line.points.assign(players(), 0);
    line.points[w.watchman] = value;
    AddLine(line);
  }
}

std::vector<int> CityGame::Scores() const {
  std::vector<int> out(players(), 0);
  for (const ScoreLine& l : lines_)
    for (size_t p = 0; p < l.points.size() && p < out.size(); ++p) out[p] += l.points[p];
  return out;
}

std::vector<int> CityGame::Winners() const {
  std::vector<int> out;
  if (!over()) return out;
  std::vector<int> s = Scores();
  int top = *std::max_element(s.begin(), s.end());
  for (int p = 0; p < players(); ++p)
    if (s[p] == top) out.push_back(p);  // AMB-24: a tie is a shared win
  return out;
}

Result<CityExplanation> CityGame::Explain(Cell c, int area) const {
  int t = TileAt(c);
  if (t < 0) return Status::NotFound(Fill(Tr("no tile at {1}"), {CellName(c)}));
  if (area < 0 || area >= static_cast<int>(tiles_[t].tile.areas.size()))
    return Status::NotFound(
        Fill(Tr("the tile at {1} has no area {2}"), {CellName(c), std::to_string(area)}));
  CityFeatures now = ComputeFeatures(false);
  CityFeatures closed = ComputeFeatures(true);
  const CityFeature& f = now.list[now.of[t][area]];
  const CityFeature& g = closed.list[closed.of[t][area]];
  CityExplanation e;
  e.kind = f.kind;
  for (int i : f.tiles) e.cells.push_back(tiles_[i].cell);
  e.followers = f.followers;
  e.complete = f.complete;
  std::string reason;
  e.value_now = FeatureValue(f, &reason);
  e.words.push_back(FeatureWhere(f) + ": " + reason);
  if (f.kind == CityPart::kResidential) {
    e.value_at_end = e.value_now;
    e.words.push_back(Tr("scored only at the end, by the majority of its followers (D.10.1)"));
  } else if (f.done) {
    e.value_at_end = 0;
    e.words.push_back(Tr("completed earlier: it scores no more"));
  } else if (f.complete) {
    e.value_at_end = e.value_now;
    e.words.push_back(Tr("complete: it scores at the end of this step"));
  } else {
    e.words.push_back(
        Counted(TrPlural("{1} open edge part, so it is not complete yet (D.5)",
                         "{1} open edge parts, so it is not complete yet (D.5)", f.open_ports),
                f.open_ports));
    e.value_at_end = g.complete ? e.value_now : 0;
    e.words.push_back(g.complete ? Tr("if the game ended now the wall would close it (D.9.4)")
                                 : Tr("if the game ended now it would stay open and score "
                                      "nothing (D.9.4)"));
  }
  return e;
}

}  // namespace carcref
