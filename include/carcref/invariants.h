// The invariant checkers (STYLE.md "State you can trust"): what must hold of a game after every
// command, whatever was played. Tests call them after every command; a front end may call them
// in debug builds. They read the state only through the games' public queries, so a state that
// passes is one the rest of carcref can trust.
//
// Each returns Ok, or Status::Corrupt naming the FIRST broken invariant in one line that starts
// with the rule id it protects, e.g. "C.1.3: ghosts with meeples 4 + bank 10 != 15". A broken
// invariant is a bug in the engine, never a player's mistake. No I/O, no asserts; the game is not
// changed.
#pragma once

#include "carcref/game.h"
#include "carcref/mists.h"
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
//   GCC      0–2 ghosts per meeple (C.3.8), none on a guard (C.4.2); ghosts with meeples + bank
//            = 15 (C.1.3); per colour, guards in the supply + on the board + in the general supply
//            = 5 (C.1.2, C.6.3); totals >= 0 (C.5.2); penalties −2 per ghost in play (C.5.1) and
//            −1 at the end (C.9.2), floors >= 0; a ghost awaited only with one in the bank and a
//            meeple for it (C.3.7); finished features wait for an order only in kOrder, 2 or more
//            (AMB-29). Outside GCC: no guard, no ghost.
Status CheckInvariants(const Game& game);

// Mists over Carcassonne, co-op, levels 1–6 (§B):
//   board    as above, face-down tiles matching anything and a face-up tile touching a face-up
//            one (B.5.4); 4 start tiles + one per turn + the face-down ones (B.4, B.12.4)
//   features as above (a road or city side facing a face-down tile stays open, B.12.6)
//   meeples  the colours of B.2.2; per colour supply >= 0 and supply + standing + buried =
//            issued (B.2.2, AMB-08); buried ones lie on a cemetery (B.10.3), standing ones never
//            on mist (B.8.2), a cemetery (B.10.5), a monastery, a field (AMB-03) or a misty road
//            when the table forbids it (CONF-04)
//   ghosts   each place holds >= 1 ghost, on a mist area or cemetery (AMB-02); none on finished
//            mist (B.6.5) below level 5, none on a haunted cemetery (B.7.6); bank >= 0; ghosts on
//            the board + bank = the level's bank size (B.14.5, B.2.1)
//   score    the shared score (levels 1–5, B.9.5) or each colour's (level 6, B.13.2) = the sum
//            of its score and hound events, the other kind staying 0; won exactly when the goal
//            is reached (B.14.1)
//   piles    1 pile or 3 (B.3, B.11.1), none negative, those before the active pile empty; tiles
//            in the piles + taken from the box + face down = the level's tiles (B.3); a tile to
//            draw when one is awaited (B.14.3); the active pile moves on once per hound reached
//            and done with (B.11.3 c, B.11.4)
//   hounds   two from level 3 (B.3); one not reached still in the box; one reached and not done
//            waits with a standing meeple (B.11.5), or is the one being placed (B.11.3 a);
//            hounds reached = thresholds passed by the (lowest, B.13.3) score, except while a
//            hound is placed (EDGE-13) or the game is over
//   phase    mid-turn the tile awaiting its steps is the last one placed, never a face-down one
//            for a meeple (B.4, B.12.4); finished features wait only in step 3, each with a
//            standing meeple and its distinct colours (B.9.2, B.9.5); a cemetery ghost, a burial
//            and a face-down tile are awaited only when they have somewhere to go (B.7.5,
//            EDGE-10, B.12.4)
Status CheckInvariants(const MistsGame& game);

}  // namespace carcref
