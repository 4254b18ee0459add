// Shared fixtures of the Mists tests (mists_test, mists_levels_test, mists_random_test): the
// box, the start tile they all use and co-op games driven through the commands as the table
// drives them (a Match of the Mists game, rules.h), each command checked against the engine's
// invariants (carcref/invariants.h) and the rules that hold between two states.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "carcref/command.h"
#include "carcref/notation.h"
#include "games/mists/mists_rules.h"
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

inline const std::vector<MistsPlayer> kThree = {
    {"Anna", {"red"}}, {"Ben", {"blue"}}, {"Cleo", {"yellow"}}};

inline MistsSetup LevelSetup(int level, std::vector<MistsPlayer> players = kThree) {
  MistsSetup s;
  s.level = level;
  s.players = std::move(players);
  s.start = StartTile();
  s.box = MistsBox();
  return s;
}

// A Mists game as the table holds it: a Match (rules.h) of the Mists game, so every line goes
// through MistsRules::Apply and an undo is Match::Undo (a rebuild). game() is the MistsGame,
// MistsRules::state().
class MistsMatch : public Match {
 public:
  explicit MistsMatch(Match match) : Match(std::move(match)) {}
  const MistsGame& game() const { return static_cast<const MistsRules&>(rules()).state(); }
};

// What the front end gives the Mists game for `setup`: the players with their colours, the
// level and the options as the flags that declare them, the start quarters described as they
// lie, and the box as data/tiles/mists.yaml (the only box the tests use).
inline GameStart GameStartOf(const MistsSetup& setup) {
  GameStart start;
  for (const MistsPlayer& p : setup.players) {
    std::string colours;
    for (const std::string& c : p.colours) colours += (colours.empty() ? "" : "/") + c;
    start.players.push_back({p.name, colours});
  }
  start.options["--level"] = std::to_string(setup.level);
  if (!setup.options.meeples_on_misty_roads) start.options["--no-misty-meeples"] = "";
  if (setup.options.facedown_orthogonal) start.options["--facedown-orthogonal"] = "";
  for (const MistsAlternative& a : MistsAlternatives())
    if (setup.options.*a.flag) start.options[a.option] = "";
  std::vector<std::string> quarters;
  for (const TilePtr& q : setup.start) {
    quarters.push_back(ShortFormOf(*q, 0));
    REQUIRE_FALSE(quarters.back().empty());
  }
  start.options["--start"] = JoinStartQuarters(quarters);
  start.box.emplace_back(kMistsBoxRecord, MistsBoxText());
  start.rules_edition = setup.options.before_amb28_edge24 ? 1 : 0;  // an older log's rules
  return start;
}

inline MistsMatch Start(const MistsSetup& setup) {
  Result<Match> m = Match::Start(*FindGame("mists"), GameStartOf(setup));
  INFO((m.ok() ? "" : m.status().message()));
  REQUIRE(m.ok());
  MistsMatch r(std::move(m.value()));
  // The same game as the setup itself makes (Hash: everything the rules read).
  Result<MistsGame> direct = MistsGame::New(setup);
  REQUIRE(direct.ok());
  REQUIRE(r.game().Hash() == direct->Hash());
  RequireInvariants(r.game());  // B.14.5, B.8.2 and the rest: carcref/invariants.h
  return r;
}

using BuriedKey = std::tuple<int, int, int>;  // colour, tile, segment

inline std::vector<BuriedKey> Buried(const MistsGame& g) {
  std::vector<BuriedKey> out;
  for (const MistsMeeple& m : g.meeples())
    if (m.buried) out.emplace_back(m.colour, m.tile, m.segment);
  std::sort(out.begin(), out.end());
  return out;
}

// Between two states: the score (each colour's at level 6) never goes down; a buried meeple
// never moves (B.10.3).
inline void CheckProgress(const MistsGame& before, const MistsGame& after) {
  REQUIRE(after.score() >= before.score());
  for (size_t c = 0; c < before.colour_scores().size(); ++c)
    REQUIRE(after.colour_scores()[c] >= before.colour_scores()[c]);
  std::vector<BuriedKey> was = Buried(before), now = Buried(after);
  REQUIRE(std::includes(now.begin(), now.end(), was.begin(), was.end()));
}

inline void Play(MistsMatch& r, const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    MistsGame before = r.game();
    Result<Report> done = r.Apply(line);
    INFO("command: " << line << " → " << (done.ok() ? "ok" : done.status().message()));
    REQUIRE(done.ok());
    RequireInvariants(r.game());
    CheckProgress(before, r.game());
  }
}

// A refused command: nothing changed, the invariants hold, and the reason is one clear line.
inline std::string Refusal(MistsMatch& r, const std::string& line) {
  std::uint64_t before = r.game().Hash();
  std::size_t commands = r.commands().size();
  Result<Report> done = r.Apply(line);
  INFO("command: " << line);
  REQUIRE_FALSE(done.ok());
  REQUIRE(r.game().Hash() == before);
  REQUIRE(r.commands().size() == commands);
  RequireInvariants(r.game());
  REQUIRE_FALSE(done.status().message().empty());
  REQUIRE(done.status().message().find('\n') == std::string::npos);  // one clear line
  return done.status().message();
}

}  // namespace carcref::test
