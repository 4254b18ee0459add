// The engine's invariant checkers (carcref/invariants.h, the Mists one in carcref/mists.h) as test
// assertions: a broken invariant fails the test with the checker's one-line message.
#pragma once

#include <catch2/catch.hpp>

#include "carcref/invariants.h"
#include "games/mists/mists.h"

namespace carcref::test {

inline void RequireInvariants(const Game& g) {
  Status s = CheckInvariants(g);
  INFO("invariant broken: " << s.message());
  REQUIRE(s.ok());
}

inline void RequireInvariants(const MistsGame& g) {
  Status s = CheckInvariants(g);
  INFO("invariant broken: " << s.message());
  REQUIRE(s.ok());
}

}  // namespace carcref::test
