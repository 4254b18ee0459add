#include "carcref/explain.h"

#include <algorithm>
#include <cctype>

#include "carcref/i18n.h"

namespace carcref {

Result<NodeId> FeatureAt(const Game& game, Cell c, std::string_view dir) {
  const Board& board = game.board();
  int index = board.IndexAt(c);
  if (index < 0) return Status::NotFound(Fill(Tr("no tile at {1}"), {CellName(c)}));
  const PlacedTile& placed = board.tile(index);
  std::string d(dir);
  for (char& ch : d) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (d == "monastery" || d == "m" || d == "c" || d == "centre" || d == "center" || d == "castle" ||
      d == "cemetery") {
    for (int s = 0; s < static_cast<int>(placed.type->segments.size()); ++s) {
      FeatureKind k = placed.type->segments[s].kind;
      if (k == FeatureKind::kMonastery || k == FeatureKind::kCastle || k == FeatureKind::kCemetery)
        return game.features().Node(index, s);
    }
    // TRANSLATORS: {1} a cell (X,Y).
    return Status::NotFound(Fill(d == "castle"     ? Tr("the tile at {1} has no castle")
                                 : d == "cemetery" ? Tr("the tile at {1} has no cemetery")
                                                   : Tr("the tile at {1} has no monastery"),
                                 {CellName(c)}));
  }
  std::vector<Port> ports;
  if (auto side = ParseSide(dir)) {
    ports = {MiddlePort(*side)};
  } else if (auto half = ParseHalf(dir)) {
    ports = {*half};
  } else if (auto corner = ParseCorner(dir)) {
    ports = {(*corner)[0], (*corner)[1]};
  } else {
    return Status::Syntax(Fill(Tr("name a side (N E S W), a half-edge (NL…WR), a corner (NE…NW) "
                                  "or monastery, not '{1}'"),
                               {std::string(dir)}));
  }
  // A corner names the field there (as `meeple field NE` does); a side or half its owner.
  if (ports.size() == 2) {
    for (Port p : ports) {
      int s = placed.OwnerOfBoardPort(p);
      if (s >= 0 && placed.type->segments[s].kind == FeatureKind::kField)
        return game.features().Node(index, s);
    }
    // TRANSLATORS: {1} a corner (NE, SE, SW, NW), {2} a cell (X,Y).
    return Status::NotFound(
        Fill(Tr("no field at corner {1} of the tile at {2}"), {std::string(dir), CellName(c)}));
  }
  for (Port p : ports) {
    int s = placed.OwnerOfBoardPort(p);
    if (s >= 0) return game.features().Node(index, s);
  }
  // TRANSLATORS: {1} a side or half-edge (N, EL …), {2} a cell (X,Y).
  return Status::NotFound(
      Fill(Tr("nothing at {1} of the tile at {2}"), {std::string(dir), CellName(c)}));
}

FeatureReport Explain(const Game& game, NodeId node) {
  const Board& board = game.board();
  const Features& features = game.features();
  FeatureReport r;
  r.root = features.Find(node);
  const FeatureInfo& info = features.Info(r.root);
  r.kind = info.kind;
  r.meeples = game.MeeplesOn(r.root);
  r.winners = MajorityWinners(r.meeples);
  r.complete = features.IsComplete(board, r.root);
  if (game.expansion().HasGhosts()) {  // C.5.1: what they cost when it scores
    r.ghosts.assign(r.meeples.size(), 0);
    for (const Meeple& m : game.meeples())
      if (features.Find(features.Node(m.tile, m.segment)) == r.root) r.ghosts[m.player] += m.ghosts;
  }
  if (r.kind == FeatureKind::kMonastery || r.kind == FeatureKind::kCastle ||
      r.kind == FeatureKind::kCemetery) {
    Cell c = board.tile(features.TileOf(r.root)).cell;
    for (int dx = -1; dx <= 1; ++dx)
      for (int dy = -1; dy <= 1; ++dy)
        if (board.IndexAt({c.x + dx, c.y + dy}) >= 0) r.cells.push_back({c.x + dx, c.y + dy});
    std::sort(r.cells.begin(), r.cells.end());
    int tiles = static_cast<int>(r.cells.size());
    r.complete = tiles == 9;  // A.5.3, C.6.3, C.7.2: surrounded by 8 tiles
    if (r.kind == FeatureKind::kMonastery) {
      r.value_complete = FeatureValue(r.kind, true, 9, 0, &r.reason_complete);
      r.value_end = FeatureValue(r.kind, r.complete, tiles, 0, &r.reason_end);
    } else if (r.kind == FeatureKind::kCastle) {  // C.7: castles come with an expansion
      r.value_complete = game.expansion().CastleValue(game, c, true, &r.reason_complete);
      r.value_end = game.expansion().CastleValue(game, c, r.complete, &r.reason_end);
      // With their totals, as a monastery's ("5 misty tiles × 2 = 10"; issue #20).
      r.reason_complete += " = " + std::to_string(r.value_complete);
      r.reason_end += " = " + std::to_string(r.value_end);
    } else {  // C.6.3, C.6.4: the gravedigger earns a guard, never points
      r.reason_complete = Tr("0 points; its owner takes a guard from the general supply");
      r.reason_end = Tr("0 (a gravedigger scores nothing at the end)");
    }
    return r;
  }
  for (int t : info.tiles) r.cells.push_back(board.tile(t).cell);
  std::sort(r.cells.begin(), r.cells.end());
  r.pennants = info.pennants;
  int tiles = static_cast<int>(info.tiles.size());
  if (r.kind == FeatureKind::kField) {
    r.completed_cities = static_cast<int>(features.BorderedCities(r.root, board, true).size());
    r.bordered_cities = static_cast<int>(features.BorderedCities(r.root, board, false).size());
    r.value_end = FieldValue(r.completed_cities, &r.reason_end);
    return r;
  }
  for (int n = 0; n < features.node_count(); ++n) {
    if (features.Find(n) != r.root) continue;
    const PlacedTile& placed = board.tile(features.TileOf(n));
    for (Side s : kSides)
      if (placed.OwnerOfBoardPort(MiddlePort(s)) == features.SegmentOf(n) &&
          board.IndexAt(Neighbor(placed.cell, s)) < 0)
        r.open_ends.push_back({placed.cell, s});
  }
  std::sort(r.open_ends.begin(), r.open_ends.end());
  r.value_complete = FeatureValue(r.kind, true, tiles, r.pennants, &r.reason_complete);
  r.value_end = FeatureValue(r.kind, r.complete, tiles, r.pennants, &r.reason_end);
  return r;
}

}  // namespace carcref
