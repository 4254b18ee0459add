// The invariant checkers (invariants.h). Each check recomputes its quantity from the state in
// the plainest way the public queries allow, and says what it found against what it expected.
#include "carcref/invariants.h"

#include <algorithm>
#include <string>
#include <vector>

#include "carcref/features.h"
#include "carcref/scoring.h"

namespace carcref {

namespace {

std::string N(int n) { return std::to_string(n); }
std::string N(std::size_t n) { return std::to_string(n); }

Status Broken(std::string rule, std::string what) {
  return Status::Corrupt(std::move(rule) + ": " + std::move(what));
}

std::string TileWords(const Board& board, int tile) {
  return "the tile at " + CellName(board.tile(tile).cell);
}

std::string ComponentWords(const Features::Snapshot::Component& c) {
  return std::string(FeatureKindName(c.kind)) + " of " + N(c.tiles.size()) + " tiles, " +
         N(c.open_sides) + " open, " + N(c.pennants) + " pennants" +
         (c.poisoned ? ", never finished" : "") + ", " + N(c.cities.size()) + " cities beside";
}

}  // namespace

// A.3.2, A.3.3 (B.5.1, B.5.4): one tile per cell; each tile after the first touches an earlier
// one along an edge, a face-up one unless it lies face down itself; touching edges match, a
// face-down tile matching anything.
Status CheckBoard(const Board& board) {
  for (int t = 0; t < board.size(); ++t) {
    const PlacedTile& placed = board.tile(t);
    if (board.IndexAt(placed.cell) != t)
      return Broken("0.2", "two tiles on " + CellName(placed.cell));
    bool touches = t == 0, touches_face_up = t == 0;
    for (Side s : kSides) {
      int other = board.IndexAt(Neighbor(placed.cell, s));
      if (other < 0) continue;
      const PlacedTile& n = board.tile(other);
      if (other < t) {
        touches = true;
        touches_face_up = touches_face_up || !n.type->face_down;
      }
      if (placed.type->face_down || n.type->face_down) continue;  // B.5.4
      if (placed.EdgeOn(s) != n.EdgeOn(Opposite(s)))
        return Broken("A.3.3", "the edge between " + CellName(placed.cell) + " and " +
                                   CellName(n.cell) + " does not match");
    }
    if (!touches || (!placed.type->face_down && !touches_face_up))
      return Broken("A.3.2", TileWords(board, t) + " touched no face-up tile when it was placed");
  }
  return Status::Ok();
}

// 0.2: the features kept incrementally (union–find) are the ones a flood fill of the board
// finds, with the same aggregates.
Status CheckFeatures(const Board& board, const Features& features) {
  Features::Snapshot fast = features.TakeSnapshot();
  Features::Snapshot slow = FloodFill(board);
  if (fast == slow) return Status::Ok();
  if (fast.component.size() != slow.component.size())
    return Broken("0.2", "the features hold " + N(fast.component.size()) +
                             " segments, the tiles on the board " + N(slow.component.size()));
  for (std::size_t n = 0; n < fast.component.size(); ++n) {
    if (fast.component[n] == slow.component[n]) continue;
    NodeId node = static_cast<NodeId>(n);
    return Broken("0.2", "segment " + N(features.SegmentOf(node)) + " of " +
                             TileWords(board, features.TileOf(node)) +
                             " lies in another feature than a flood fill finds");
  }
  for (std::size_t c = 0; c < fast.components.size(); ++c) {
    if (fast.components[c] == slow.components[c]) continue;
    int first = static_cast<int>(
        std::find(fast.component.begin(), fast.component.end(), static_cast<int>(c)) -
        fast.component.begin());
    return Broken("0.2", "the feature through " + TileWords(board, features.TileOf(first)) +
                             " is a " + ComponentWords(fast.components[c]) +
                             "; a flood fill finds a " + ComponentWords(slow.components[c]));
  }
  return Status::Ok();
}

// A segment of a placed tile, or nullptr when (tile, segment) names none.
const Segment* SegmentAt(const Board& board, int tile, int segment) {
  if (tile < 0 || tile >= board.size()) return nullptr;
  const TileType& type = *board.tile(tile).type;
  if (segment < 0 || segment >= static_cast<int>(type.segments.size())) return nullptr;
  return &type.segments[static_cast<std::size_t>(segment)];
}

int FaceDownTiles(const Board& board) {
  int n = 0;
  for (const PlacedTile& t : board.tiles()) n += t.type->face_down;
  return n;
}

namespace {

// --- The base game and GCC --------------------------------------------------------------

Status CheckGameBoard(const Game& g) {
  const Board& board = g.board();
  if (Status s = CheckBoard(board); !s.ok()) return s;
  // A.2: one tile per turn, after the start tile (C.1.4: GCC's counts as 4).
  int start = g.start_tiles();
  if (board.size() != g.turn() + start)
    return Broken("A.2", N(board.size()) + " tiles on the board after " + N(g.turn()) +
                             " turns and a start tile of " + N(start));
  // A.1.1: the catalogue's tiles are on the board, left, or discarded; never more.
  for (const TilePtr& type : g.setup().catalog.tiles) {
    int on_board = 0;
    for (const PlacedTile& t : board.tiles()) on_board += t.type->id == type->id;
    int left = g.Remaining(*type);
    if (left < 0 || on_board + left > type->count)
      return Broken("A.1.1", "tile " + type->id + ": " + N(on_board) + " on the board + " +
                                 N(left) + " left > the " + N(type->count) + " in the box");
  }
  if (const TileBox* box = g.box()) {  // C.1.1: described Mists tiles come out of the box
    int described = 0;
    for (int t = start; t < board.size(); ++t) described += board.tile(t).type->id.empty();
    if (box->Taken() < described || box->Taken() > box->InPlay())
      return Broken("C.1.1", N(described) + " Mists tiles on the board, " + N(box->Taken()) +
                                 " taken out of the box of " + N(box->InPlay()));
  }
  return CheckFeatures(board, g.features());
}

Status CheckGameMeeples(const Game& g) {
  const Board& board = g.board();
  const int players = static_cast<int>(g.setup().players.size());
  std::vector<int> regulars(static_cast<std::size_t>(players), 0);
  for (const Meeple& m : g.meeples()) {
    const Segment* seg = SegmentAt(board, m.tile, m.segment);
    if (m.player < 0 || m.player >= players || !seg)
      return Broken("A.4.2", "a meeple stands on no feature of a placed tile");
    std::string where = "on the " + std::string(FeatureKindName(seg->kind)) + " at " +
                        CellName(board.tile(m.tile).cell);
    if (seg->kind == FeatureKind::kMist)
      return Broken("C.4.3", "a meeple " + where + ": no meeple stands on mist");
    if (seg->kind == FeatureKind::kField && !g.setup().farmers)
      return Broken("A.4.2", "a farmer " + where + " in a game without farmers");
    if ((m.guard && !g.expansion().HasGuards()) || (m.ghosts != 0 && !g.expansion().HasGhosts()))
      return Broken("C.1.2", "a guard or a ghost " + where + " in a game without them");
    if (m.ghosts < 0 || m.ghosts > 2)  // C.3.8: the third ghost sends it home at once
      return Broken("C.3.8", "a meeple " + where + " with " + N(m.ghosts) + " ghosts");
    if (m.guard && m.ghosts != 0)
      return Broken("C.4.2", "a guard " + where + " with " + N(m.ghosts) + " ghosts");
    if (!m.guard) ++regulars[static_cast<std::size_t>(m.player)];
    // A.6.6: between turns a finished feature has been scored and its meeples are home. A
    // field never finishes; a GCC cemetery is finished by its 8 neighbours (C.6.3).
    if (g.phase() != Phase::kPlaceTile || seg->kind == FeatureKind::kField) continue;
    bool finished = seg->kind == FeatureKind::kCemetery
                        ? board.NeighbourCount(board.tile(m.tile).cell) == 8
                        : g.features().IsComplete(board, g.features().Node(m.tile, m.segment));
    if (finished)
      return Broken("A.6.6", "a meeple stays " + where + " between turns, though it is finished");
  }
  for (int p = 0; p < players; ++p) {
    const std::size_t i = static_cast<std::size_t>(p);
    const std::string& who = g.setup().players[i].name;
    if (g.Supply(p) < 0) return Broken("A.4.1", who + "'s supply holds " + N(g.Supply(p)));
    if (!g.expansion().HasGuards()) {  // A.1.2: 7 in the supply, one on the scoring track
      if (g.Supply(p) + regulars[i] != g.setup().meeples_per_player)
        return Broken("A.1.2", who + ": " + N(g.Supply(p)) + " in the supply + " + N(regulars[i]) +
                                   " on the board != " + N(g.setup().meeples_per_player));
      continue;
    }
    // C.1.2: 5 regular meeples; 2 guards, 3 more in the general supply (C.6.3 moves them).
    const int own = g.expansion().Regulars(g.setup());
    if (g.RegularSupply(p) < 0 || g.RegularSupply(p) + regulars[i] != own)
      return Broken("C.1.2", who + ": " + N(g.RegularSupply(p)) +
                                 " regular meeples in the supply + " + N(regulars[i]) +
                                 " on the board != " + N(own));
  }
  return Status::Ok();
}

// A.6.4 counted here from the meeples themselves, not with MajorityWinners (the function the
// engine scores with, which this check must be able to catch): `winners` lists, in ascending
// order, exactly the players with at least one meeple and none fewer than any other player.
bool WinnersHaveTheMost(const std::vector<int>& winners, const std::vector<int>& meeples) {
  std::vector<int> expected;
  for (std::size_t p = 0; p < meeples.size(); ++p) {
    bool most = meeples[p] > 0;
    for (int other : meeples)
      if (other > meeples[p]) most = false;
    if (most) expected.push_back(static_cast<int>(p));
  }
  return winners == expected;
}

Status CheckGameScores(const Game& g) {
  const int players = static_cast<int>(g.setup().players.size());
  const std::size_t n = static_cast<std::size_t>(players);
  std::vector<ScoreTotals> sum(n);
  std::vector<int> points(n, 0);
  for (const ScoreEvent& e : g.events()) {
    std::string what = "the " + std::string(FeatureKindName(e.kind)) + " scored at turn " +
                       N(e.turn) + " (" + e.where + ")";
    bool gcc_sized = e.ghosts.size() == n && e.penalty.size() == n && e.floor.size() == n;
    // C.5: with ghosts, every event says what they cost and what the floor gave back.
    if (e.points.size() != n || e.meeples.size() != n || g.expansion().HasGhosts() != gcc_sized)
      return Broken("A.6", what + " does not give every player a result");
    if (e.value < 0) return Broken("A.6", what + " is worth " + N(e.value));
    if (!WinnersHaveTheMost(e.winners, e.meeples))  // A.6.4
      return Broken("A.6.4", what + " went to others than the players with the most meeples");
    for (std::size_t p = 0; p < n; ++p) {
      bool wins =
          std::find(e.winners.begin(), e.winners.end(), static_cast<int>(p)) != e.winners.end();
      int value = wins ? e.value : 0;
      int penalty = gcc_sized ? e.penalty[p] : 0;
      int floor = gcc_sized ? e.floor[p] : 0;
      if (gcc_sized) {
        // C.5.1: −2 per ghost in play; C.9.2 (AMB-16): −1 at the end. C.5.2: the floor gives.
        int per_ghost = e.final ? 1 : 2;
        if (e.ghosts[p] < 0 || penalty != -per_ghost * e.ghosts[p])
          return Broken(e.final ? "C.9.2" : "C.5.1", what + " costs " + g.setup().players[p].name +
                                                         " " + N(penalty) + " for " +
                                                         N(e.ghosts[p]) + " ghosts");
        if (floor < 0)
          return Broken("C.5.2", what + " takes " + N(-floor) + " points by the floor");
      }
      if (e.points[p] != value + penalty + floor)
        return Broken("A.6", what + " gives " + g.setup().players[p].name + " " + N(e.points[p]) +
                                 ", not " + N(value) + " + " + N(penalty) + " + " + N(floor));
      sum[p].Add(e.kind, value);
      sum[p].ghosts += penalty;
      sum[p].floor += floor;
      points[p] += e.points[p];
    }
  }
  // Scores = the sum of the scoring events, kind by kind.
  for (std::size_t p = 0; p < n; ++p) {
    const ScoreTotals& t = g.totals()[p];
    const ScoreTotals& s = sum[p];
    const std::string& who = g.setup().players[p].name;
    if (t.Total() != points[p])
      return Broken("A.6", who + "'s score " + N(t.Total()) + " != " + N(points[p]) +
                               " from the score events");
    const std::pair<const char*, std::pair<int, int>> parts[] = {
        {"road", {t.roads, s.roads}},
        {"city", {t.cities, s.cities}},
        {"monastery", {t.monasteries, s.monasteries}},
        {"farm", {t.farms, s.farms}},
        {"castle", {t.castles, s.castles}},
        {"cemetery", {t.cemeteries, s.cemeteries}},
        {"ghost", {t.ghosts, s.ghosts}},
        {"floor", {t.floor, s.floor}},
    };
    for (const auto& [name, values] : parts)
      if (values.first != values.second)
        return Broken("A.6", who + "'s " + name + " points " + N(values.first) +
                                 " != " + N(values.second) + " from the score events");
    if (g.expansion().HasGhosts() && (t.Total() < 0 || t.ghosts > 0 || t.floor < 0))  // C.5.2
      return Broken("C.5.2", who + "'s total is " + N(t.Total()) + " (" + N(t.ghosts) +
                                 " for ghosts, " + N(t.floor) + " by the floor)");
  }
  return Status::Ok();
}

Status CheckGamePhase(const Game& g) {
  const Board& board = g.board();
  Phase phase = g.phase();
  if (phase == Phase::kGameOver) return Status::Ok();
  if (phase == Phase::kPlaceTile) {
    if (g.placed_tile_index() != -1)
      return Broken("A.2", "a tile is awaited while the last one's turn goes on");
  } else if (g.placed_tile_index() != board.size() - 1) {
    return Broken("A.2", "the turn goes on with another tile than the one just placed");
  }
  return Status::Ok();
}

}  // namespace

Status CheckInvariants(const Game& game) {
  for (auto check : {CheckGameBoard, CheckGameMeeples, CheckGameScores, CheckGamePhase})
    if (Status s = check(game); !s.ok()) return s;
  return game.expansion().CheckInvariants(game);
}

}  // namespace carcref
