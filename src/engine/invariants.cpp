// The invariant checkers (invariants.h). Each check recomputes its quantity from the state in
// the plainest way the public queries allow, and says what it found against what it expected.
#include "carcref/invariants.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "carcref/features.h"
#include "carcref/gcc.h"
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

std::string ComponentWords(const Features::Snapshot::Component& c) {
  return std::string(FeatureKindName(c.kind)) + " of " + N(c.tiles.size()) + " tiles, " +
         N(c.open_sides) + " open, " + N(c.pennants) + " pennants" +
         (c.poisoned ? ", never finished" : "") + ", " + N(c.cities.size()) + " cities beside";
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
  std::vector<int> guards(static_cast<std::size_t>(players), 0);
  int ghosts = 0;
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
      return Broken("C.1.2", "a guard or a ghost " + where + " outside GCC");
    if (m.ghosts < 0 || m.ghosts > 2)  // C.3.8: the third ghost sends it home at once
      return Broken("C.3.8", "a meeple " + where + " with " + N(m.ghosts) + " ghosts");
    if (m.guard && m.ghosts != 0)
      return Broken("C.4.2", "a guard " + where + " with " + N(m.ghosts) + " ghosts");
    ghosts += m.ghosts;
    ++(m.guard ? guards : regulars)[static_cast<std::size_t>(m.player)];
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
    if (GccGuardSupply(g, p) < 0 || GccGeneralGuards(g, p) < 0 ||
        GccGuardSupply(g, p) + guards[i] + GccGeneralGuards(g, p) != kGccGuards + kGccGeneralGuards)
      return Broken("C.6.3", who + "'s guards: " + N(GccGuardSupply(g, p)) + " in the supply + " +
                                 N(guards[i]) + " on the board + " + N(GccGeneralGuards(g, p)) +
                                 " in the general supply != " + N(kGccGuards + kGccGeneralGuards));
    if (g.Supply(p) != g.RegularSupply(p) + GccGuardSupply(g, p))
      return Broken("C.1.2", who + "'s supply is not their regular meeples and guards");
  }
  // C.1.3: the ghosts are with meeples or in the bank (none at all outside GCC).
  const int bank_size = g.expansion().GhostBank();
  if (ghosts != GccGhostsOnMeeples(g) || GccBank(g) < 0 || ghosts + GccBank(g) != bank_size)
    return Broken("C.1.3", "ghosts with meeples " + N(ghosts) + " + bank " + N(GccBank(g)) +
                               " != " + N(bank_size));
  return Status::Ok();
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
    if (e.winners != MajorityWinners(e.meeples))  // A.6.4
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
  // AMB-29: features wait for an order only while the order is asked for, 2 or more.
  if ((phase == Phase::kOrder) != !GccPending(g).empty() ||
      (phase == Phase::kOrder && GccPending(g).size() < 2))
    return Broken("AMB-29", N(GccPending(g).size()) + " finished features wait for an order");
  // C.3.7: a ghost waits for a meeple only with one in the bank and a meeple to take it.
  if (phase == Phase::kGhost && (GccBank(g) <= 0 || GccGhostCandidates(g).empty()))
    return Broken("C.3.7", "a ghost waits with " + N(GccBank(g)) + " in the bank and " +
                               N(GccGhostCandidates(g).size()) + " meeples to take it");
  return Status::Ok();
}

// --- Mists, co-op -----------------------------------------------------------------------

Status CheckMistsBoard(const MistsGame& g) {
  const Board& board = g.board();
  if (Status s = CheckBoard(board); !s.ok()) return s;
  // B.1.4: the start tile is 4 tiles; then one per turn, plus the face-down ones (B.12.4).
  int face_down = FaceDownTiles(board);
  if (board.size() != 4 + g.turn() + face_down)
    return Broken("B.4", N(board.size()) + " tiles on the board after " + N(g.turn()) +
                             " turns, a start tile of 4 and " + N(face_down) + " face-down");
  return CheckFeatures(board, g.features());
}

// B.2.2 (AMB-08): meeples per colour, and where they may be.
Status CheckMistsMeeples(const MistsGame& g) {
  const Board& board = g.board();
  const int players = static_cast<int>(g.setup().players.size());
  const int colours = static_cast<int>(g.colours().size());
  const int want = players == 1 ? 4 : players == 2 ? 4 : players;
  if (colours != want || static_cast<int>(g.colour_scores().size()) != colours)
    return Broken("B.2.2", N(players) + " players play " + N(colours) + " colours, not " + N(want));
  // AMB-08: at level 6 with 3–5 players each colour's score marker is one of its meeples;
  // with the alternative (--marker-from-meeples) also solo and with 2 players.
  const MistsOptions& options = g.setup().options;
  const bool marker_is_meeple = players >= 3 || options.marker_from_meeples;
  const int issued = MeeplesPerColour(players) - (g.level().per_colour && marker_is_meeple ? 1 : 0);
  std::vector<int> standing(static_cast<std::size_t>(colours), 0);
  std::vector<int> buried(static_cast<std::size_t>(colours), 0);
  for (const MistsMeeple& m : g.meeples()) {
    const Segment* seg = SegmentAt(board, m.tile, m.segment);
    if (m.colour < 0 || m.colour >= colours || !seg)
      return Broken("B.8.1", "a meeple stands on no feature of a placed tile");
    std::string who = g.colours()[static_cast<std::size_t>(m.colour)] + " meeple";
    std::string where = "on the " + std::string(FeatureKindName(seg->kind)) + " at " +
                        CellName(board.tile(m.tile).cell);
    if (m.buried) {
      ++buried[static_cast<std::size_t>(m.colour)];
      if (seg->kind != FeatureKind::kCemetery)
        return Broken("B.10.3", "a buried " + who + " lies " + where);
      continue;
    }
    ++standing[static_cast<std::size_t>(m.colour)];
    switch (seg->kind) {
      case FeatureKind::kMist:
        return Broken("B.8.2", "a " + who + " stands " + where);
      case FeatureKind::kCemetery:
        return Broken("B.10.5", "a " + who + " stands unburied " + where);
      case FeatureKind::kMonastery:
        return Broken("B.8.1", "a " + who + " stands " + where);
      case FeatureKind::kField:
        if (!options.meeples_on_fields) return Broken("AMB-03", "a " + who + " stands " + where);
        break;
      case FeatureKind::kRoad:
        if (seg->misty && !options.meeples_on_misty_roads)
          return Broken("CONF-04", "a " + who + " stands on the misty road at " +
                                       CellName(board.tile(m.tile).cell));
        break;
      case FeatureKind::kCity:
      case FeatureKind::kCastle:
        break;
    }
  }
  for (int c = 0; c < colours; ++c) {
    const std::size_t i = static_cast<std::size_t>(c);
    if (g.Supply(c) < 0 || g.Supply(c) + standing[i] + buried[i] != issued)
      return Broken("B.2.2", g.colours()[i] + ": " + N(g.Supply(c)) + " in the supply + " +
                                 N(standing[i]) + " standing + " + N(buried[i]) +
                                 " buried != " + N(issued));
  }
  return Status::Ok();
}

// B.14.5, AMB-02: every ghost is in the bank or on a mist area or cemetery of a placed tile.
Status CheckMistsGhosts(const MistsGame& g) {
  const Board& board = g.board();
  const bool haunted = g.level().cemeteries == CemeteryRule::kHaunted;
  int on_board = 0;
  for (const auto& [spot, count] : g.ghosts()) {
    const Segment* seg = SegmentAt(board, spot.tile, spot.segment);
    if (!seg || count <= 0)
      return Broken("AMB-02", N(count) + " ghosts kept on no mist area or cemetery");
    std::string where = "on the " + std::string(FeatureKindName(seg->kind)) + " at " +
                        CellName(board.tile(spot.tile).cell);
    if (seg->kind != FeatureKind::kMist && seg->kind != FeatureKind::kCemetery)
      return Broken("AMB-02", N(count) + " ghosts " + where);
    // B.7.6: never on a haunted cemetery (levels 5–6).
    if (haunted && seg->kind == FeatureKind::kCemetery)
      return Broken("B.7.6", N(count) + " ghosts " + where);
    // B.6.5: a finished bank sent its ghosts back; only a haunted cemetery (levels 5–6) puts
    // ghosts on finished mist (B.7.6).
    if (!haunted && seg->kind == FeatureKind::kMist &&
        g.features().IsComplete(board, g.features().Node(spot.tile, spot.segment)))
      return Broken("B.6.5", N(count) + " ghosts stay " + where + ", though it is finished");
    on_board += count;
  }
  if (on_board != g.GhostsOnBoard() || g.bank() < 0 || on_board + g.bank() != g.level().bank)
    return Broken("B.14.5", "ghosts on the board " + N(on_board) + " + bank " + N(g.bank()) +
                                " != " + N(g.level().bank));
  return Status::Ok();
}

int ThresholdScore(const MistsGame& g) {
  if (!g.level().per_colour) return g.score();
  return *std::min_element(g.colour_scores().begin(), g.colour_scores().end());  // B.13.3
}

// B.9.5, B.13.2, B.11.5: the score (or each colour's) is the sum of its score and hound events.
Status CheckMistsScore(const MistsGame& g) {
  const int colours = static_cast<int>(g.colours().size());
  int shared = 0;
  std::vector<int> per_colour(static_cast<std::size_t>(colours), 0);
  for (const MistsEvent& e : g.events()) {
    if (e.kind != MistsEvent::Kind::kScore && e.kind != MistsEvent::Kind::kHound) continue;
    std::set<int> distinct(e.colours.begin(), e.colours.end());
    if (distinct.size() != e.colours.size() || e.points < 0 ||
        (!distinct.empty() && (*distinct.begin() < 0 || *distinct.rbegin() >= colours)))
      return Broken("B.9.5", "the score at turn " + N(e.turn) + " (" + e.text +
                                 ") credits no set of distinct colours");
    shared += e.points * static_cast<int>(e.colours.size());
    for (int c : e.colours) per_colour[static_cast<std::size_t>(c)] += e.points;
  }
  if (!g.level().per_colour) {
    if (g.score() != shared)
      return Broken("B.9.5",
                    "score " + N(g.score()) + " != " + N(shared) + " from the score events");
    for (int c = 0; c < colours; ++c)
      if (g.colour_scores()[static_cast<std::size_t>(c)] != 0)
        return Broken("B.13.2", "a colour's own score below level 6");
  } else {
    if (g.score() != 0) return Broken("B.13.2", "a shared score at level 6");
    for (int c = 0; c < colours; ++c) {
      const std::size_t i = static_cast<std::size_t>(c);
      if (g.colour_scores()[i] != per_colour[i])
        return Broken("B.13.2", g.colours()[i] + "'s score " + N(g.colour_scores()[i]) +
                                    " != " + N(per_colour[i]) + " from the score events");
    }
  }
  // B.14.1: the game is won the moment the goal is reached, and only then.
  bool won = g.phase() == MistsPhase::kWon;
  if (won != (ThresholdScore(g) >= g.level().goal))
    return Broken("B.14.1", "score " + N(ThresholdScore(g)) + " of " + N(g.level().goal) +
                                (won ? ", yet the team has won" : ", yet the game goes on"));
  return Status::Ok();
}

bool HoundPhase(MistsPhase phase) {
  return phase == MistsPhase::kHound || phase == MistsPhase::kHoundCalm;
}

// B.3, B.11: the piles, the box, the hounds.
Status CheckMistsPiles(const MistsGame& g) {
  const MistsLevel& level = g.level();
  const std::vector<int>& piles = g.piles();
  const int active = g.active_pile();
  if (static_cast<int>(piles.size()) != level.piles || active < 0 || active >= level.piles)
    return Broken("B.11.1", N(piles.size()) + " piles, pile " + N(active + 1) +
                                " active, at level " + N(level.level));
  int left = 0;
  for (int i = 0; i < level.piles; ++i) {
    int pile = piles[static_cast<std::size_t>(i)];
    if (pile < 0 || (i < active && pile != 0))
      return Broken("B.11.3", "pile " + N(i + 1) + " holds " + N(pile) + " tiles while pile " +
                                  N(active + 1) + " is active");
    left += pile;
  }
  // Every tile of the level is in a pile, out of the box (placed or discarded) or face down.
  int taken = g.box().Taken(), face_down = FaceDownTiles(g.board());
  if (g.box().InPlay() != level.tiles || left + taken + face_down != level.tiles)
    return Broken("B.3", N(left) + " tiles in the piles + " + N(taken) + " taken + " +
                             N(face_down) + " face down != the level's " + N(level.tiles));
  if (g.phase() == MistsPhase::kPlaceTile && piles[static_cast<std::size_t>(active)] <= 0)
    return Broken("B.14.3", "a tile is awaited and pile " + N(active + 1) + " is empty");

  // The hounds (B.3: levels 3–6).
  const std::vector<Hound>& hounds = g.hounds();
  const int reached = g.hounds_reached();
  if (level.hound1 == 0) {
    if (!hounds.empty() || reached != 0) return Broken("B.3", "hounds at level " + N(level.level));
    return Status::Ok();
  }
  if (hounds.size() != 2 || hounds[0].number != 1 || hounds[1].number != 2 || reached < 0 ||
      reached > 2)
    return Broken("B.3", "the hounds are not Rufus and Ronja, " + N(reached) + " reached");
  const bool placing = HoundPhase(g.phase());
  for (int i = 0; i < 2; ++i) {
    const Hound& h = hounds[static_cast<std::size_t>(i)];
    std::string which = "hound " + N(h.number);
    if (i >= reached) {
      if (h.done || h.tile >= 0) return Broken("B.11.3", which + " left the box before its score");
      continue;
    }
    if (h.done) {
      if (h.scoring_colour >= 0) return Broken("B.11.5", which + " scored and waits to score");
      continue;
    }
    if (h.scoring_colour >= 0) {
      // AMB-25's alternative: its meeple went home with the evaluation, and it scores once the
      // hound reached by those points is placed; never otherwise.
      if (!g.setup().options.thresholds_before_hounds || !placing || h.tile < 0)
        return Broken("AMB-25", which + " waits to score outside a hound's placement");
      continue;
    }
    if (h.tile < 0) {  // only the hound being placed now
      if (!(g.phase() == MistsPhase::kHound && i == reached - 1))
        return Broken("B.11.3", which + " was reached and waits with no meeple");
      continue;
    }
    bool with_meeple = false;
    for (int m : g.StandingMeeples()) {
      const MistsMeeple& meeple = g.meeples()[static_cast<std::size_t>(m)];
      with_meeple = with_meeple || (meeple.tile == h.tile && meeple.segment == h.segment);
    }
    if (!with_meeple) return Broken("B.11.5", which + " waits with no standing meeple");
  }
  // B.11.3 c, B.11.4: each hound reached moves the active pile on once, when it is done with.
  if (active != reached - (placing ? 1 : 0))
    return Broken("B.11.3", "pile " + N(active + 1) + " is active after " + N(reached) +
                                " hounds reached" + (placing ? ", one being placed" : ""));
  // B.11.3, B.13.3: a hound is reached as soon as the (lowest) score passes its value; several
  // at once one after the other (EDGE-13), and none after the win.
  int passed = (ThresholdScore(g) >= level.hound1) + (ThresholdScore(g) >= level.hound2);
  bool steady = !placing && g.phase() != MistsPhase::kWon && g.phase() != MistsPhase::kLost;
  if (reached > passed || (steady && reached != passed))
    return Broken("B.11.3", N(reached) + " hounds reached with score " + N(ThresholdScore(g)) +
                                " (hounds at " + N(level.hound1) + " and " + N(level.hound2) + ")");
  return Status::Ok();
}

Status CheckMistsPhase(const MistsGame& g) {
  const Board& board = g.board();
  MistsPhase phase = g.phase();
  if (phase == MistsPhase::kWon || phase == MistsPhase::kLost) return Status::Ok();
  if (phase == MistsPhase::kPlaceTile) {
    if (g.placed_tile_index() != -1)
      return Broken("B.4", "a tile is awaited while the last one's turn goes on");
  } else if (g.placed_tile_index() != board.size() - 1) {
    return Broken("B.4", "the turn goes on with another tile than the one just placed");
  }
  if (phase == MistsPhase::kPlaceMeeple && g.IsFaceDown(g.placed_tile_index()))
    return Broken("B.12.4", "a meeple awaited on a face-down tile");
  // B.9.2: finished features wait for the team only while it evaluates (or places a hound
  // in between); each holds a standing meeple, and B.9.5 counts its distinct colours.
  bool evaluating = phase == MistsPhase::kEvaluate || HoundPhase(phase);
  if (!evaluating && !g.pending().empty())
    return Broken("B.9.2", N(g.pending().size()) + " finished features wait outside step 3");
  if (phase == MistsPhase::kEvaluate && g.pending().empty())
    return Broken("B.9.2", "the team evaluates and no finished feature waits");
  for (const PendingFeature& f : g.pending()) {
    if (f.root < 0 || f.root >= g.features().node_count() ||
        g.features().Info(f.root).kind != f.kind)
      return Broken("B.9.2", "the finished " + f.where + " waiting is no feature of the board");
    std::set<int> colours;
    for (int m : g.StandingMeeples()) {
      const MistsMeeple& meeple = g.meeples()[static_cast<std::size_t>(m)];
      if (g.features().Find(g.features().Node(meeple.tile, meeple.segment)) ==
          g.features().Find(f.root))
        colours.insert(meeple.colour);
    }
    // AMB-04: no feature without a meeple waits, but with the alternative (--calm-unoccupied).
    bool unoccupied_ok = colours.empty() && g.setup().options.calm_unoccupied;
    if ((colours.empty() && !unoccupied_ok) ||
        std::vector<int>(colours.begin(), colours.end()) != f.colours)
      return Broken("B.9.5", "the finished " + f.where + " waits for " + N(f.colours.size()) +
                                 " colours; " + N(colours.size()) + " stand on it");
  }
  // What the game waits for has an answer.
  if (phase == MistsPhase::kCemeteryGhost && g.OpenCemeteries().empty())
    return Broken("B.7.5", "a ghost waits for an open cemetery and none is open");
  if ((phase == MistsPhase::kHauntArea) != !g.haunt_pending().empty())
    return Broken("EDGE-08",
                  "a mist area to pick is waiting outside its step, or none waits in it");
  if (phase == MistsPhase::kHauntArea && g.bank() < static_cast<int>(g.haunt_pending().size()))
    return Broken("B.7.4", "the bank cannot pay the ghosts still waiting for a mist area");
  if (phase == MistsPhase::kFaceDown && g.FaceDownCells().empty())
    return Broken("B.12.4", "a face-down tile waits and no cell may take it");
  if (phase == MistsPhase::kBury && g.BuryCandidates().empty()) {
    bool supply = false;
    for (int c = 0; c < static_cast<int>(g.colours().size()); ++c)
      supply = supply || g.Supply(c) > 0;
    if (!supply) return Broken("B.10.3", "a burial waits with no meeple to bury (EDGE-10)");
  }
  return Status::Ok();
}

}  // namespace

Status CheckInvariants(const Game& game) {
  for (auto check : {CheckGameBoard, CheckGameMeeples, CheckGameScores, CheckGamePhase})
    if (Status s = check(game); !s.ok()) return s;
  return Status::Ok();
}

Status CheckInvariants(const MistsGame& game) {
  for (auto check : {CheckMistsBoard, CheckMistsMeeples, CheckMistsGhosts, CheckMistsScore,
                     CheckMistsPiles, CheckMistsPhase})
    if (Status s = check(game); !s.ok()) return s;
  return Status::Ok();
}

}  // namespace carcref
