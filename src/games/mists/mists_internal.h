// What the Mists rules files (mists_command.cpp, mists_rules.cpp) share beyond the public
// mists_command.h. Not part of the engine's public face.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "games/mists/mists.h"

namespace carcref::mists_internal {

// A phase's two names, from one switch (mists_json.cpp), each word set as it has always been:
// `json` in the state JSON (`status --json`'s "phase" and "step", which external suites read:
// "hound calm", "facedown"), `step` as the game's Awaiting::step ("hound calms", "face-down").
struct PhaseNames {
  const char* json;
  const char* step;
};
PhaseNames NamesOf(MistsPhase phase);

// NOTATION.md "what a redundant answer does": `open` are the answers the last accepted
// command's rules took by themselves (settled.h) and nobody has typed since. A `line` naming
// one of them is that answer typed anyway: it is dropped from `open` (each answer once; the
// others stay) and the result is one kRedundant event whose text says so; `game` does not
// change. A `cemetery`, `bury` or `haunt` naming something other than what was taken is
// refused, saying what was, unless the game awaits that very step now (then the line answers
// it). nullopt: `line` is no such answer, and is to be applied.
std::optional<Result<std::vector<MistsEvent>>> TypedSettledAnswer(const MistsGame& game,
                                                                  std::vector<SettledAnswer>* open,
                                                                  std::string_view line);

}  // namespace carcref::mists_internal
