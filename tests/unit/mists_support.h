// Shared fixtures of the Mists tests (mists_test, mists_levels_test, mists_random_test): the
// box, the start tile they all use and co-op games driven through the commands, each command
// checked against the engine's invariants (carcref/invariants.h) and the rules that hold between
// two states.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "carcref/command.h"
#include "carcref/coop_referee.h"
#include "invariants_support.h"

namespace carcref::test {

inline TilePtr Tile(const std::string& description) {
  Result<TileType> t = ParseTileDescription(description);
  INFO(description << ": " << (t.ok() ? "" : t.status().message()));
  REQUIRE(t.ok());
  return std::make_shared<TileType>(t.value());
}

// data/tiles/mists.yaml, as text and parsed: a missing or damaged file fails the test.
inline std::string MistsBoxText() {
  std::ifstream in(CARCREF_SOURCE_DATA_DIR "/tiles/mists.yaml");
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline DescribedSet MistsBox() {
  Result<DescribedSet> box = ParseDescribedSet(MistsBoxText(), "mists.yaml");
  REQUIRE(box.ok());
  return *box;
}

// The start tile of the Mists tests (B.1.4), quarters NW NE SW SE: NW ffff and NE ffff at 0,1
// and 1,1, SW ffFf2 and SE ffFf1 at 0,0 and 1,0 (mist on their south edges, 2 + 1 ghosts).
inline std::vector<TilePtr> StartTile() {
  return {Tile("ffff"), Tile("ffff"), Tile("ffFf2"), Tile("ffFf1")};
}

inline const std::vector<CoopPlayer> kThree = {
    {"Anna", {"red"}}, {"Ben", {"blue"}}, {"Cleo", {"yellow"}}};

inline CoopSetup MistsSetup(int level, std::vector<CoopPlayer> players = kThree) {
  CoopSetup s;
  s.level = level;
  s.players = std::move(players);
  s.start = StartTile();
  s.box = MistsBox();
  return s;
}

inline CoopReferee Start(const CoopSetup& setup) {
  Result<CoopReferee> r = CoopReferee::Start(setup, {});
  INFO((r.ok() ? "" : r.status().message()));
  REQUIRE(r.ok());
  RequireInvariants(r->game());  // B.14.5, B.8.2 and the rest: carcref/invariants.h
  return std::move(r.value());
}

using BuriedKey = std::tuple<int, int, int>;  // colour, tile, segment

inline std::vector<BuriedKey> Buried(const CoopGame& g) {
  std::vector<BuriedKey> out;
  for (const CoopMeeple& m : g.meeples())
    if (m.buried) out.emplace_back(m.colour, m.tile, m.segment);
  std::sort(out.begin(), out.end());
  return out;
}

// Between two states: the score (each colour's at level 6) never goes down; a buried meeple
// never moves (B.10.3).
inline void CheckProgress(const CoopGame& before, const CoopGame& after) {
  REQUIRE(after.score() >= before.score());
  for (size_t c = 0; c < before.colour_scores().size(); ++c)
    REQUIRE(after.colour_scores()[c] >= before.colour_scores()[c]);
  std::vector<BuriedKey> was = Buried(before), now = Buried(after);
  REQUIRE(std::includes(now.begin(), now.end(), was.begin(), was.end()));
}

inline void Play(CoopReferee& r, const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    CoopGame before = r.game();
    auto done = r.Execute(line);
    INFO("command: " << line << " → " << (done.ok() ? "ok" : done.status().message()));
    REQUIRE(done.ok());
    RequireInvariants(r.game());
    CheckProgress(before, r.game());
  }
}

// A refused command: nothing changed, the invariants hold, and the reason is one clear line.
inline std::string Refusal(CoopReferee& r, const std::string& line) {
  std::uint64_t before = r.game().Hash();
  auto done = r.Execute(line);
  INFO("command: " << line);
  REQUIRE_FALSE(done.ok());
  REQUIRE(r.game().Hash() == before);
  RequireInvariants(r.game());
  REQUIRE_FALSE(done.status().message().empty());
  REQUIRE(done.status().message().find('\n') == std::string::npos);  // one clear line
  return done.status().message();
}

}  // namespace carcref::test
