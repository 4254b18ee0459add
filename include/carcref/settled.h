// Answers the rules take by themselves (NOTATION.md "Canonical commands"): where only one answer
// is possible — no meeple can be placed, one meeple can take the ghost, one cemetery is open,
// one meeple can be buried, the hound has nothing left to calm, the game has ended — the game
// takes it and records it here. The base rules (base_rules.h) and the Mists rules (mists_rules.h)
// accept that answer when it is typed next anyway: it changes nothing, is not kept as a
// command, and the front end prints RedundantNote(). An answer of the same verb that names
// something else is refused with OtherAnswer().
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "carcref/geometry.h"

namespace carcref {

struct SettledAnswer {
  enum class Kind {
    kPass,      // the meeple step: no meeple could be placed (A.4.7, A.4.3; B.8)
    kGhost,     // GCC: the only meeple that could take the ghost took it (C.3.3, C.3.4)
    kCemetery,  // Mists: the only open cemetery took the extra ghost (B.7.5)
    kBury,      // Mists: the only meeple that could be buried was buried (B.10.3)
    kDone,      // Mists: the hound had nothing more to calm (B.11.3 b)
    kEnd,       // the game ended (A.7.1, EDGE-01; B.14)
    kHaunt,     // Mists L5–6: a neighbour's only mist area took the cemetery's ghost (EDGE-08)
  };
  Kind kind = Kind::kPass;
  std::string why;  // what the rules did, in words: "no meeple could be placed"
  // `why` in the words of the moment it is read (WhyWords): a game keeps its answers worded in
  // English (i18n.h), and the table reads one a command later, in its own language. Empty:
  // `why` as it is.
  std::function<std::string()> words;
  // kGhost, kBury: the meeple where it stood when the rules chose it (it may be gone since).
  // `owner` is its player (kGhost) or colour (kBury); tile -1: a meeple from the supply (kBury).
  int owner = -1;
  int tile = -1;
  int segment = -1;
  // kGhost, kBury: the meeple's cell; kCemetery: the cemetery's; kHaunt: the neighbour's (tile
  // and segment: its mist area)
  Cell cell;
};

// The command word that gives the answer: pass, ghost, cemetery, bury, done, end, haunt.
const char* SettledVerb(SettledAnswer::Kind kind);

// Why the rules took the answer, in the words of the moment: `words`, else `why`.
std::string WhyWords(const SettledAnswer& answer);

// The note for the answer typed anyway:
// "pass: nothing to do, no meeple could be placed (taken by itself)".
std::string RedundantNote(const SettledAnswer& answer);

// Why `line`, an answer of the same verb naming something else, is refused:
// "taken by itself: the ghost went to …, the only meeple that could take it (C.3.3); 'ghost 2'
// names another".
std::string OtherAnswer(const SettledAnswer& answer, std::string_view line);

}  // namespace carcref
