// The invariant checkers (STYLE.md "State you can trust"): what must hold of a game after every
// command, whatever was played. Tests call them after every command; a front end may call them
// in debug builds. The Mists co-op checker lives with its game (mists.h). They read the state only
// through the games' public queries, so a state that passes is one the rest of carcref can trust.
//
// Each returns Ok, or Status::Corrupt naming the FIRST broken invariant in one line that starts
// with the rule id it protects, e.g. "C.1.3: ghosts with meeples 4 + bank 10 != 15". A broken
// invariant is a bug in the engine, never a player's mistake. No I/O, no asserts; the game is not
// changed.
#pragma once

#include "carcref/board.h"
#include "carcref/features.h"
#include "carcref/game.h"
#include "carcref/status.h"

namespace carcref {

// The base game (§A, Winter included) and Ghosts, Castles and Cemeteries (§C):
//   board    one tile per cell (0.2); each tile after the first touches an earlier one along an
//            edge (A.3.2); touching edges match (A.3.3); one tile per turn after the start tile,
//            GCC's counting 4 (A.2, C.1.4); per catalogue tile, on the board + left <= the box
//            (A.1.1); Mists tiles on the board <= taken out of their box (C.1.1)
//   features the incremental union–find equals a from-scratch flood fill (0.2, FloodFill)
//   meeples  on a segment of a placed tile, never on mist (C.4.3), on a field only with farmers;
//            per player supply >= 0 and supply + on the board = issued (A.1.2; GCC: 5 regular
//            meeples, C.1.2); between turns none on a finished road, city, monastery, castle or
//            cemetery (A.6.6, C.6.3)
//   scores   every event: winners = the majority (A.6.4), points = (winner ? value : 0) +
//            penalty + floor; each player's total, and each of its parts (roads … floor), = the
//            sum of their events (A.6)
//   phase    between turns no tile awaits its meeple, mid-turn it is the last one placed (A.2)
//   ghosts   0–2 ghosts per meeple (C.3.8), none on a guard (C.4.2); totals >= 0 (C.5.2);
//            penalties −2 per ghost in play (C.5.1) and −1 at the end (C.9.2), floors >= 0;
//            without an expansion that has them: no guard, no ghost
//   then the expansion's own (Expansion::CheckInvariants; GCC: src/games/gcc/gcc_invariants.cpp)
Status CheckInvariants(const Game& game);

// The checks every tile game's checker builds on (the Mists co-op checker,
// src/games/mists/mists_invariants.cpp, declared in mists.h, uses them too). Each returns Ok or
// Status::Corrupt as above.
//   CheckBoard     one tile per cell (0.2); each tile after the first touches an earlier one
//                  along an edge, a face-up one unless it lies face down itself (A.3.2, B.5.4);
//                  touching edges match, a face-down tile matching anything (A.3.3, B.5.4)
//   CheckFeatures  the incremental union–find equals a from-scratch flood fill (0.2, FloodFill)
Status CheckBoard(const Board& board);
Status CheckFeatures(const Board& board, const Features& features);
// The segment `segment` of the placed tile `tile`, or nullptr when (tile, segment) names none.
const Segment* SegmentAt(const Board& board, int tile, int segment);
// How many tiles lie face down on `board` (B.12.4).
int FaceDownTiles(const Board& board);

}  // namespace carcref
