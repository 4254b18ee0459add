// GCC's own invariants (Expansion::CheckInvariants; invariants.h checks the base game's first).
// Each recounts from the board what GCC's state keeps, and names the rule it protects.
#include <string>
#include <vector>

#include "gcc_internal.h"

namespace carcref {

namespace {

std::string N(int n) { return std::to_string(n); }
std::string N(std::size_t n) { return std::to_string(n); }

Status Broken(const std::string& rule, const std::string& what) {
  return Status::Corrupt(rule + ": " + what);
}

// C.6.3: per colour, the guards in the supply + on the board + in the general supply are 5;
// C.1.2: a player's supply is their regular meeples and their guards.
Status CheckGuards(const Game& g) {
  std::vector<int> on_board(g.setup().players.size(), 0);
  for (const Meeple& m : g.meeples())
    if (m.guard) ++on_board[static_cast<std::size_t>(m.player)];
  for (int p = 0; p < static_cast<int>(on_board.size()); ++p) {
    const std::string& who = g.setup().players[static_cast<std::size_t>(p)].name;
    int supply = GccGuardSupply(g, p), general = GccGeneralGuards(g, p);
    int board = on_board[static_cast<std::size_t>(p)];
    if (supply < 0 || general < 0 || supply + board + general != kGccGuards + kGccGeneralGuards)
      return Broken("C.6.3", who + "'s guards: " + N(supply) + " in the supply + " + N(board) +
                                 " on the board + " + N(general) +
                                 " in the general supply != " + N(kGccGuards + kGccGeneralGuards));
    if (g.Supply(p) != g.RegularSupply(p) + supply)
      return Broken("C.1.2", who + "'s supply is not their regular meeples and guards");
  }
  return Status::Ok();
}

// C.1.3: the ghosts are with meeples or in the bank.
Status CheckBank(const Game& g) {
  int ghosts = 0;
  for (const Meeple& m : g.meeples()) ghosts += m.ghosts;
  if (ghosts != GccGhostsOnMeeples(g) || GccBank(g) < 0 || ghosts + GccBank(g) != kGccBank)
    return Broken("C.1.3", "ghosts with meeples " + N(ghosts) + " + bank " + N(GccBank(g)) +
                               " != " + N(kGccBank));
  return Status::Ok();
}

// GCC's own steps: finished features wait for an order only while it is asked, 2 or more
// (AMB-29); a ghost waits for a meeple only with one in the bank and a meeple to take it (C.3.7).
Status CheckSteps(const Game& g) {
  Phase phase = g.phase();
  if ((phase == Phase::kOrder) != !GccPending(g).empty() ||
      (phase == Phase::kOrder && GccPending(g).size() < 2))
    return Broken("AMB-29", N(GccPending(g).size()) + " finished features wait for an order");
  if (phase == Phase::kGhost && (GccBank(g) <= 0 || GccGhostCandidates(g).empty()))
    return Broken("C.3.7", "a ghost waits with " + N(GccBank(g)) + " in the bank and " +
                               N(GccGhostCandidates(g).size()) + " meeples to take it");
  return Status::Ok();
}

}  // namespace

Status GhostsCastlesCemeteries::CheckInvariants(const Game& g) const {
  for (auto check : {CheckGuards, CheckBank, CheckSteps})
    if (Status s = check(g); !s.ok()) return s;
  return Status::Ok();
}

}  // namespace carcref
