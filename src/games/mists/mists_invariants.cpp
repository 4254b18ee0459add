// The Mists co-op invariant checker (CheckInvariants(const MistsGame&), mists.h), built on the
// board and feature checks every tile game shares (invariants.h). Each check recomputes its
// quantity from the state in the plainest way the public queries allow, and says what it found
// against what it expected.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "carcref/invariants.h"
#include "games/mists/mists.h"

namespace carcref {

namespace {

std::string N(int n) { return std::to_string(n); }
std::string N(std::size_t n) { return std::to_string(n); }

Status Broken(std::string rule, std::string what) {
  return Status::Corrupt(std::move(rule) + ": " + std::move(what));
}

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
      return Broken("B.9.2", "the finished " + f.where() + " waiting is no feature of the board");
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
      return Broken("B.9.5", "the finished " + f.where() + " waits for " + N(f.colours.size()) +
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

Status CheckInvariants(const MistsGame& game) {
  for (auto check : {CheckMistsBoard, CheckMistsMeeples, CheckMistsGhosts, CheckMistsScore,
                     CheckMistsPiles, CheckMistsPhase})
    if (Status s = check(game); !s.ok()) return s;
  return Status::Ok();
}

}  // namespace carcref
