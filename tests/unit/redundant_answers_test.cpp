// Answers the rules have already decided (NOTATION.md "Canonical commands": "Where the rules
// leave only one answer … carcref takes it by itself and says so. Typing that answer anyway is
// accepted and changes nothing"). For each such answer in each game — pass and end in base,
// GCC and Mists; ghost in GCC; cemetery, bury and done in Mists — typing it next is accepted,
// leaves the state hash and the command list as they were, and says so in a note; a wrong
// answer of the same verb is refused, saying what was taken. Plus the front end: a redundant
// answer is printed, not logged, and undo passes it by.
#include <sstream>

#include "carcref/notation.h"
#include "carcref/simulate.h"
#include "cli/table.h"
#include "games/gcc/gcc.h"
#include "games/mists/mists_rules.h"
#include "support.h"

namespace carcref::test {
namespace {

// Base and GCC: `line` is accepted as a redundant answer: nothing changes, nothing is kept,
// and the note is `note`.
void Redundant(BaseMatch& r, const std::string& line, const std::string& note) {
  INFO("command: " << line);
  std::uint64_t hash = r.game().Hash();
  size_t commands = r.commands().size();
  Result<Outcome> o = r.Execute(line);
  INFO((o.ok() ? "" : o.status().message()));
  REQUIRE(o.ok());
  CHECK(o->redundant);
  CHECK(r.game().Hash() == hash);
  CHECK(r.commands().size() == commands);
  CHECK(o->events.empty());
  CHECK_FALSE(o->placed_tile);
  CHECK_FALSE(o->meeple_placed);
  CHECK_FALSE(o->game_over);
  REQUIRE(o->notes.size() == 1);
  CHECK(o->notes[0].text == note);
}

// Base: the start tile D and a few catalogue tiles with the counts given.
GameSetup SmallBase(const std::map<std::string, int>& counts, bool farmers) {
  GameSetup setup = Setup({{"Anna", "red"}, {"Ben", "blue"}}, "base", farmers);
  Catalog small;
  for (const TilePtr& t : setup.catalog.tiles) {
    auto it = counts.find(t->id);
    if (it == counts.end()) continue;
    auto copy = std::make_shared<TileType>(*t);
    copy->count = it->second;
    small.tiles.push_back(copy);
  }
  setup.catalog = small;
  return setup;
}

TilePtr Described(const std::string& description) {
  Result<TileType> t = ParseTileDescription(description);
  INFO(description);
  REQUIRE(t.ok());
  return std::make_shared<TileType>(t.value());
}

DescribedSet MistsBox() {
  Result<DescribedSet> box =
      ParseDescribedSet(ReadFile(CARCREF_SOURCE_DATA_DIR "/tiles/mists.yaml"), "mists.yaml");
  REQUIRE(box.ok());
  return *box;
}

// GCC with the start quarters of gcc_test.cpp (mist on the south edges of 0,0 and 1,0).
GameSetup GccGame(GameSetup setup, DescribedSet box) {
  GccSetup gcc;
  gcc.start = {Described("ffff"), Described("ffff"), Described("ffFf2"), Described("ffFf1")};
  gcc.start_text = {"ffff", "ffff", "ffFf2", "ffFf1"};
  gcc.box = std::move(box);
  PlayGcc(setup, gcc);
  return setup;
}

// A box of `tiles` Mists tiles, each with one ghost symbol.
DescribedSet TinyBox(int tiles) {
  DescribedSet box;
  box.set = "mists";
  box.tiles = tiles;
  box.ghost_classes = {0, tiles};
  return box;
}

// --- Mists ---------------------------------------------------------------------------------

// Mists as the table plays it, a Match of the Mists game (rules.h): the start quarters of
// the Mists tests (mist on the south edges of 0,0 and 1,0) and the box, data/tiles/mists.yaml.
Match StartMistsMatch(int level, std::vector<PlayerSpec> players) {
  GameStart start;
  start.players = std::move(players);
  start.options["--level"] = std::to_string(level);
  start.options["--start"] = "ffff ffff ffFf2 ffFf1";
  start.box.emplace_back(kMistsBoxRecord, ReadFile(CARCREF_SOURCE_DATA_DIR "/tiles/mists.yaml"));
  Result<Match> m = Match::Start(*FindGame("mists"), std::move(start));
  INFO((m.ok() ? "" : m.status().message()));
  REQUIRE(m.ok());
  return std::move(m.value());
}

const MistsGame& Mists(const Match& m) { return static_cast<const MistsRules&>(m.rules()).state(); }

const std::vector<PlayerSpec> kThree = {{"Anna", "red"}, {"Ben", "blue"}, {"Cleo", "yellow"}};

void PlayMists(Match& r, const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    Result<Report> done = r.Apply(line);
    INFO("command: " << line << " → " << (done.ok() ? "ok" : done.status().message()));
    REQUIRE(done.ok());
    CHECK_FALSE(done->redundant);
  }
}

void RedundantMists(Match& r, const std::string& line, const std::string& note) {
  INFO("command: " << line);
  std::uint64_t hash = Mists(r).Hash();
  size_t commands = r.commands().size();
  size_t events = Mists(r).events().size();
  Result<Report> done = r.Apply(line);
  INFO((done.ok() ? "" : done.status().message()));
  REQUIRE(done.ok());
  CHECK(Mists(r).Hash() == hash);
  CHECK(r.commands().size() == commands);
  CHECK(Mists(r).events().size() == events);
  CHECK(done->redundant);
  REQUIRE(done->notes.size() == 1);
  CHECK(done->notes.front() == note);
}

std::string RefusalMists(Match& r, const std::string& line) {
  INFO("command: " << line);
  std::uint64_t hash = Mists(r).Hash();
  size_t commands = r.commands().size();
  Result<Report> done = r.Apply(line);
  REQUIRE_FALSE(done.ok());
  CHECK(Mists(r).Hash() == hash);
  CHECK(r.commands().size() == commands);
  return done.status().message();
}

// What typing each of `lines` does, in turn: "redundant: NOTE", "refused: WHY" or "applied".
std::vector<std::string> Typed(Match& r, const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  for (const std::string& line : lines) {
    Result<Report> done = r.Apply(line);
    out.push_back(!done.ok()        ? "refused: " + done.status().message()
                  : done->redundant ? "redundant: " + done->notes.at(0)
                                    : "applied");
  }
  return out;
}

}  // namespace

// --- Base ------------------------------------------------------------------------------------

TEST_CASE("base: pass after a meeple step with no meeple possible changes nothing (A.4.3)",
          "[redundant][base][A.4.3]") {
  // No farmers: U at -2,0 extends the road Anna holds, so nothing is left to claim.
  BaseMatch r = Start(SmallBase({{"D", 1}, {"U", 3}}, false));
  Play(r, {"place U -1,0 0 meeple road W", "place U -2,0 0"});
  REQUIRE(r.game().phase() == Phase::kPlaceTile);
  REQUIRE(r.game().current_player() == 0);
  Redundant(r, "pass", "pass: nothing to do, no meeple could be placed (taken by itself)");
  // Once: the next `pass` is Anna's to answer, and she has placed no tile.
  CHECK(Refusal(r, "pass") == "nothing to pass: Anna is to place a tile");
  // Undo passes the redundant answer by: it takes back Ben's tile.
  Result<std::string> undone = r.Undo();
  REQUIRE(undone.ok());
  CHECK(*undone == "place U -2,0 0");
  // Ben has his tile to place again; placed again, its meeple step is taken by itself again.
  Play(r, {"place U -2,0 0"});
  Redundant(r, "pass", "pass: nothing to do, no meeple could be placed (taken by itself)");
}

namespace {

const std::string kRedundant = "redundant: ";

// What `line` does to a copy of `r`: "redundant: " and the note, "accepted", or the refusal.
std::string Probe(const BaseMatch& r, const std::string& line) {
  BaseMatch copy = r;
  Result<Outcome> o = copy.Execute(line);
  if (!o.ok()) return "refused: " + o.status().message();
  return o->redundant ? kRedundant + o->notes.at(0).text : "accepted";
}

}  // namespace

TEST_CASE(
    "base: after an undo, pass and end do what they did right after the command now last, "
    "from a snapshot or from the start",
    "[redundant][base][undo]") {
  // A random 4-player game has tiles with no meeple possible (A.4.3, A.4.7: the meeple step is
  // taken by itself) and, by its last tile, ends by itself (A.7.1). Its commands pass
  // Match's snapshots (every 16 commands), so undo rebuilds from both a snapshot and the start.
  GameSetup setup = Setup({{"A", "red"}, {"B", "blue"}, {"C", "green"}, {"D", "yellow"}});
  RandomGameResult game = PlayRandomGame(setup, 3, true);
  BaseMatch r = Start(setup);
  std::vector<std::string> pass{Probe(r, "pass")}, end{Probe(r, "end")};
  int open_passes = 0;
  for (const std::string& line : game.commands) {
    Play(r, {line});
    pass.push_back(Probe(r, "pass"));
    end.push_back(Probe(r, "end"));
    if (pass.back().rfind(kRedundant, 0) == 0 && r.commands().size() > Match::kSnapshotEvery &&
        r.game().phase() != Phase::kGameOver)
      ++open_passes;
  }
  // The game has what this test is about: it ended by itself, and passes were taken by
  // themselves between snapshots.
  REQUIRE(r.game().phase() == Phase::kGameOver);
  REQUIRE(end.back().rfind(kRedundant + "end", 0) == 0);
  REQUIRE(open_passes > 0);
  // Each answer taken is typed before the undo (it is used up then); the undo brings it back.
  auto type = [&r](const std::string& line, const std::string& probe) {
    if (probe.rfind(kRedundant, 0) == 0) Redundant(r, line, probe.substr(kRedundant.size()));
  };
  for (std::size_t k = game.commands.size(); k-- > 0;) {
    type("end", end[k + 1]);
    type("pass", pass[k + 1]);
    REQUIRE(r.Undo().ok());
    INFO("after " << k << " commands");
    CHECK(Probe(r, "pass") == pass[k]);
    CHECK(Probe(r, "end") == end[k]);
  }
}

TEST_CASE("base: pass after a player with no meeple left places a tile changes nothing (A.4.7)",
          "[redundant][base][A.4.7]") {
  GameSetup setup = SmallBase({{"D", 1}, {"U", 4}}, true);
  setup.meeples_per_player = 1;
  BaseMatch r = Start(setup);
  Play(r, {"place U -1,0 0 meeple road W", "place U 1,0 0 meeple field NL", "place U -2,0 0"});
  REQUIRE(r.game().Supply(0) == 0);
  Redundant(r, "pass", "pass: nothing to do, no meeple could be placed (taken by itself)");
}

TEST_CASE("base: a line that said pass itself leaves no pass to repeat", "[redundant][base]") {
  BaseMatch r = Start(SmallBase({{"D", 1}, {"U", 3}}, false));
  Play(r, {"place U -1,0 0 meeple road W", "place U -2,0 0 pass"});
  CHECK(Refusal(r, "pass") == "nothing to pass: Anna is to place a tile");
}

TEST_CASE(
    "base: after the last tile, pass and end change nothing; a second end is refused "
    "(A.7.1)",
    "[redundant][base][A.7.1]") {
  BaseMatch r = Start(SmallBase({{"D", 1}, {"U", 2}}, false));
  Play(r, {"place U -1,0 0 meeple road W", "place U 1,0 0"});
  REQUIRE(r.game().phase() == Phase::kGameOver);
  Redundant(r, "pass", "pass: nothing to do, no meeple could be placed (taken by itself)");
  Redundant(r, "end",
            "end: nothing to do, the game ended after the last tile (A.7.1) (taken by itself)");
  CHECK(Refusal(r, "end") == "the game is already over");
  CHECK(Refusal(r, "pass") == "the game is over");
  CHECK(Refusal(r, "place U 2,0 0") == "the game is over");
}

TEST_CASE("base: end after the last tile's pass changes nothing (A.7.1)",
          "[redundant][base][A.7.1]") {
  BaseMatch r = Start(SmallBase({{"D", 1}, {"U", 1}}, true));
  Play(r, {"place U 1,0 0", "pass"});
  REQUIRE(r.game().phase() == Phase::kGameOver);
  Redundant(r, "end",
            "end: nothing to do, the game ended after the last tile (A.7.1) (taken by itself)");
  // A pass was typed, not taken: nothing more to repeat.
  CHECK(Refusal(r, "pass") == "the game is over");
}

// --- GCC -------------------------------------------------------------------------------------

TEST_CASE(
    "GCC: ghost naming the only meeple that could take it, pass and end change nothing "
    "(C.3.3, A.7.1)",
    "[redundant][gcc][C.3.3]") {
  // Two base tiles (the start tile D stays in the box, C.1.1) and two Mists tiles.
  BaseMatch r = Start(GccGame(SmallBase({{"D", 1}, {"E", 1}}, true), TinyBox(2)));
  Play(r, {"place E 0,2 0 meeple city N"});
  // Ben's all-mist tile under the SW quarter thickens its mist (C.3.3): Anna's knight is the
  // only opponent meeple and takes the ghost by itself; no meeple stands on mist (C.4.3), so
  // the meeple step is taken by itself too.
  Play(r, {"place FFFF1 0,-1"});
  REQUIRE(r.game().phase() == Phase::kPlaceTile);
  REQUIRE(r.game().meeples().size() == 1);
  REQUIRE(r.game().meeples()[0].ghosts == 1);
  const std::string taken =
      "the ghost went to Anna's meeple on the city N at 0,2, the only meeple that could take it "
      "(C.3.3)";
  CHECK(Refusal(r, "ghost 2") == "taken by itself: " + taken + "; 'ghost 2' names another");
  CHECK(Refusal(r, "ghost 0,-1") == "taken by itself: " + taken + "; 'ghost 0,-1' names another");
  CHECK(Refusal(r, "ghost 0,2 field SL") ==
        "taken by itself: " + taken + "; 'ghost 0,2 field SL' names another");
  Redundant(r, "ghost 0,2 city N", "ghost: nothing to do, " + taken + " (taken by itself)");
  Redundant(r, "pass", "pass: nothing to do, no meeple could be placed (taken by itself)");
  // Each answer once.
  CHECK(Refusal(r, "ghost 1") == "no ghost is waiting for a meeple now");
  // Anna's all-mist tile thickens again, but Ben has no meeple (C.3.7); it is the last tile.
  Play(r, {"place FFFF1 1,-1"});
  REQUIRE(r.game().phase() == Phase::kGameOver);
  Redundant(r, "end",
            "end: nothing to do, the game ended after the last tile (A.7.1) (taken by itself)");
  Redundant(r, "pass", "pass: nothing to do, no meeple could be placed (taken by itself)");
  CHECK(Refusal(r, "end") == "the game is already over");
}

TEST_CASE(
    "GCC: ghost 1 after the only candidate took the ghost changes nothing; the meeple "
    "step still waits (C.3.3)",
    "[redundant][gcc][C.3.3]") {
  BaseMatch r = Start(GccGame(Setup({{"Anna", "red"}, {"Ben", "blue"}}), MistsBox()));
  Play(r, {"place E 0,2 0 meeple city N", "place E 1,2 0 meeple city N"});
  // Anna's Ffff1 under the SW quarter thickens: Ben's knight is the only candidate.
  Play(r, {"place Ffff1 0,-1"});
  REQUIRE(r.game().phase() == Phase::kPlaceMeeple);
  Redundant(r, "ghost 1",
            "ghost: nothing to do, the ghost went to Ben's meeple on the city N at 1,2, the only "
            "meeple that could take it (C.3.3) (taken by itself)");
  CHECK(r.game().phase() == Phase::kPlaceMeeple);
  Play(r, {"pass"});
}

TEST_CASE(
    "GCC: a ghost answer typed after an undo does what it did before the undone command "
    "(C.3.3)",
    "[redundant][gcc][undo][C.3.3]") {
  BaseMatch r = Start(GccGame(SmallBase({{"D", 1}, {"E", 1}}, true), TinyBox(2)));
  // As in the test above: Ben's FFFF1 gives the ghost to Anna's knight, the only candidate,
  // and leaves no meeple step (C.3.3, C.4.3); ghost and pass are taken by themselves.
  Play(r, {"place E 0,2 0 meeple city N", "place FFFF1 0,-1"});
  const std::string taken =
      "the ghost went to Anna's meeple on the city N at 0,2, the only meeple that could take it "
      "(C.3.3)";
  const std::string other = "taken by itself: " + taken + "; 'ghost 2' names another";
  CHECK(Refusal(r, "ghost 2") == other);
  Redundant(r, "ghost 0,2 city N", "ghost: nothing to do, " + taken + " (taken by itself)");
  // Anna's last tile ends the game: now end and pass are the answers taken, and ghost is none.
  Play(r, {"place FFFF1 1,-1"});
  REQUIRE(r.game().phase() == Phase::kGameOver);
  CHECK(Refusal(r, "ghost 0,2 city N") == "the game is over");
  Result<std::string> undone = r.Undo();
  REQUIRE(undone.ok());
  CHECK(*undone == "place FFFF1 1,-1");
  // Back as right after Ben's tile: the ghost answer is open again (typed, it was no command),
  // another meeple is refused as before, and the end the undone tile took is gone with it.
  CHECK(Refusal(r, "ghost 2") == other);
  Redundant(r, "ghost 0,2 city N", "ghost: nothing to do, " + taken + " (taken by itself)");
  CHECK(Refusal(r, "ghost 1") == "no ghost is waiting for a meeple now");
  Redundant(r, "pass", "pass: nothing to do, no meeple could be placed (taken by itself)");
  CHECK(Refusal(r, "pass") == "nothing to pass: Anna is to place a tile");
  Result<Outcome> end = r.Execute("end");  // Anna ends the game herself: a command
  REQUIRE(end.ok());
  CHECK_FALSE(end->redundant);
  CHECK(end->game_over);
  CHECK(r.commands().size() == 3);
  // Undone twice, back before Ben's tile: nothing of it is open.
  REQUIRE(r.Undo().ok());
  REQUIRE(r.Undo().ok());
  CHECK(r.commands().size() == 1);
  CHECK(Refusal(r, "ghost 0,2 city N") == "no ghost is waiting for a meeple now");
  CHECK(Refusal(r, "pass") == "nothing to pass: Ben is to place a tile");
}

TEST_CASE(
    "GCC: with one ghost taken by itself and one to choose, ghost N answers the choice "
    "(C.3.5)",
    "[redundant][gcc][C.3.5]") {
  BaseMatch r = Start(GccGame(Setup({{"Anna", "red"}, {"Ben", "blue"}}), MistsBox()));
  // Anna: one knight (0,2); Ben: two (1,2, 2,1). Ben's FffF1 at 1,-1 thickens (Anna's knight,
  // the only one: by itself) and disperses (Ben's own two: Ben chooses).
  Play(r, {"place E 0,2 0 meeple city N", "place E 1,2 0 meeple city N", "place ffff -1,0 pass",
           "place E 2,1 0 meeple city N", "place ffff 0,-1 pass", "place FffF1 1,-1"});
  REQUIRE(r.game().phase() == Phase::kGhost);
  REQUIRE(GccGhostTarget(r.game()) == GhostTarget::kOwn);
  // Naming the meeple taken by itself is the redundant answer; a number answers the choice.
  Redundant(r, "ghost 0,2",
            "ghost: nothing to do, the ghost went to Anna's meeple on the city N at 0,2, the only "
            "meeple that could take it (C.3.3) (taken by itself)");
  REQUIRE(r.game().phase() == Phase::kGhost);
  size_t commands = r.commands().size();
  Play(r, {"ghost 2,1"});
  CHECK(r.commands().size() == commands + 1);
  CHECK(r.game().phase() == Phase::kPlaceMeeple);
}

TEST_CASE(
    "regression: the note for a dispersing tile with no meeple of one's own said 'Anna "
    "has a meeple that can take one' (the 'no' was missing), C.3.4, C.3.7",
    "[gcc][C.3.4][C.3.7][regression]") {
  BaseMatch r = Start(GccGame(Setup({{"Anna", "red"}, {"Ben", "blue"}}), MistsBox()));
  // fffF1 at 2,0: its misty W edge meets the SE quarter's clear E edge: the mist disperses,
  // and Anna has no meeple on the board.
  Play(r, {"place fffF1 2,0"});
  REQUIRE_FALSE(r.game().notes().empty());
  CHECK(r.game().notes().back().text ==
        "the mist disperses (C.3.4): no ghost, Anna has no meeple that can take one (guards "
        "never do, C.3.7)");
  CHECK(GccBank(r.game()) == 15);
}

// --- Mists -----------------------------------------------------------------------------------

TEST_CASE("Mists: pass after a tile with no place for a meeple changes nothing (AMB-03, B.8)",
          "[redundant][mists][AMB-03]") {
  Match r = StartMistsMatch(1, kThree);
  PlayMists(r, {"place ffff 2,0"});  // fields only: no meeple goes there (AMB-03)
  REQUIRE(Mists(r).phase() == MistsPhase::kPlaceTile);
  RedundantMists(r, "pass", "pass: nothing to do, no meeple could be placed (taken by itself)");
  CHECK(RefusalMists(r, "pass") == "nothing to pass now");
  Result<std::string> undone = r.Undo();
  REQUIRE(undone.ok());
  CHECK(*undone == "place ffff 2,0");
}

TEST_CASE(
    "Mists: cemetery naming the only open cemetery changes nothing; another is refused "
    "(B.7.5)",
    "[redundant][mists][B.7.5]") {
  Match r = StartMistsMatch(2, kThree);
  PlayMists(r, {"place ffffg 2,0", "place fFff2 2,1"});  // TC-B-09: 2 + 1 ghosts
  REQUIRE(Mists(r).phase() == MistsPhase::kPlaceTile);
  const std::string taken = "the extra ghost went to the only open cemetery, at 2,0 (B.7.5)";
  CHECK(RefusalMists(r, "cemetery 2,1") ==
        "taken by itself: " + taken + "; 'cemetery 2,1' names another");
  RedundantMists(r, "cemetery 2,0", "cemetery: nothing to do, " + taken + " (taken by itself)");
  RedundantMists(r, "pass", "pass: nothing to do, no meeple could be placed (taken by itself)");
  CHECK(RefusalMists(r, "cemetery 2,0") == "no ghost waits for a cemetery");
}

TEST_CASE(
    "Mists: bury naming the only meeple to bury changes nothing; another is refused "
    "(B.10.3)",
    "[redundant][mists][B.10.3]") {
  Match r = StartMistsMatch(2, kThree);
  // TC-B-10 with one standing meeple: yellow at -1,0. Ben's 2,-1 closes the cemetery at 2,0.
  PlayMists(r, {"place ffffg 2,0", "place ffff 2,1", "place rfff -1,0", "meeple road N",
                "place ffff 3,0", "place ffff 2,-1"});
  REQUIRE(Mists(r).phase() == MistsPhase::kPlaceTile);
  const std::string taken =
      "the cemetery at 2,0 took the yellow meeple from -1,0, the only one to bury (B.10.3)";
  CHECK(RefusalMists(r, "bury 3,0") == "taken by itself: " + taken + "; 'bury 3,0' names another");
  CHECK(RefusalMists(r, "bury red") == "taken by itself: " + taken + "; 'bury red' names another");
  RedundantMists(r, "bury -1,0 road N", "bury: nothing to do, " + taken + " (taken by itself)");
  RedundantMists(r, "pass", "pass: nothing to do, no meeple could be placed (taken by itself)");
  CHECK(RefusalMists(r, "bury yellow") == "no cemetery waits for a burial");
}

TEST_CASE("Mists: done after the hound has calmed 2 tiles changes nothing (B.11.3 b)",
          "[redundant][mists][B.11.3]") {
  Match r = StartMistsMatch(3, kThree);
  // TC-B-12 up to hound 1, which joins blue at 3,0 and calms 3,0 and the cemetery at 2,0.
  PlayMists(r, {"place ffffg 2,0", "place Ffrf2 3,0", "meeple road S", "place fFff1 2,1",
                "place fffF1 -1,0", "place fffF1 -1,1", "place fcff 0,2", "meeple city E",
                "place fcfc+ 1,2", "place fffc 2,2", "score", "place fcff 0,3", "meeple city E",
                "place fcfc+ 1,3", "place fffc 2,3", "score", "hound 3,0", "calm 3,0",
                "calm 2,0 cemetery 3"});
  REQUIRE(Mists(r).phase() == MistsPhase::kPlaceTile);
  RedundantMists(r, "done",
                 "done: nothing to do, the hound has calmed 2 tiles, the most it may (B.11.3 b) "
                 "(taken by itself)");
  CHECK(RefusalMists(r, "done") == "no hound is calming ghosts");
}

TEST_CASE("Mists: end after the team lost changes nothing; anything else stays refused (B.14)",
          "[redundant][mists][B.14]") {
  Match r = StartMistsMatch(2, kThree);
  CHECK(RefusalMists(r, "end") ==
        "'end' is not part of the co-op game: it ends when the team wins or loses (B.14)");
  // B.7.4: the bank runs short.
  PlayMists(r, {"place ffffg 2,0", "place fFff3 2,1", "place fffF3 -1,0", "place fffF1 -1,1",
                "place Ffff2 0,2"});
  REQUIRE(Mists(r).phase() == MistsPhase::kLost);
  const std::string over = "the game is over: " + Mists(r).outcome();
  CHECK(RefusalMists(r, "pass") == over);
  RedundantMists(r, "end",
                 "end: nothing to do, the game is over, the team has lost: the bank had 2 ghosts, "
                 "this tile needed 3 (B.7.4) (taken by itself)");
  CHECK(RefusalMists(r, "end") == over);
  CHECK(RefusalMists(r, "place ffff 3,0") == over);
}

TEST_CASE("Mists: after an undo, the answers the rules took are open again as before (B.7.5)",
          "[redundant][mists][undo][B.7.5]") {
  // Match undoes by rebuilding (rules.h): the answers still open after a command are part of
  // the rules' state, so after an undo the last command's answers taken by themselves behave
  // as they did before the command undone. From the start (a rebuild replays every command),
  // and with the taking command a snapshot's last (a rebuild starts from that snapshot).
  for (std::size_t fillers : {std::size_t{0}, Match::kSnapshotEvery - 2}) {
    INFO(fillers << " field tiles first");
    Match r = StartMistsMatch(2, kThree);
    for (std::size_t i = 0; i < fillers; ++i)  // fields only: the meeple step is taken too
      PlayMists(r, {"place ffff " + std::to_string(-1 - static_cast<int>(i / 2)) + "," +
                    std::to_string(i % 2)});
    // TC-B-09: the only open cemetery takes the extra ghost, and no meeple may go on fFff2.
    PlayMists(r, {"place ffffg 2,0", "place fFff2 2,1"});
    REQUIRE(r.commands().size() == fillers + 2);
    const std::uint64_t taken = Mists(r).Hash();
    const std::vector<std::string> typed = {"cemetery 2,1", "cemetery 2,0", "pass", "cemetery 2,0"};
    Match before = r;  // as the table stood before the command to be undone
    const std::vector<std::string> answered = Typed(before, typed);
    CHECK(answered ==
          std::vector<std::string>{
              "refused: taken by itself: the extra ghost went to the only open cemetery, at 2,0 "
              "(B.7.5); 'cemetery 2,1' names another",
              "redundant: cemetery: nothing to do, the extra ghost went to the only open "
              "cemetery, at 2,0 (B.7.5) (taken by itself)",
              "redundant: pass: nothing to do, no meeple could be placed (taken by itself)",
              "refused: no ghost waits for a cemetery"});
    PlayMists(r, {"place ffff 3,0"});  // a command of its own: nothing is taken by itself now
    CHECK(RefusalMists(r, "cemetery 2,0") == "no ghost waits for a cemetery");
    Result<std::string> undone = r.Undo();
    REQUIRE(undone.ok());
    CHECK(*undone == "place ffff 3,0");
    CHECK(Mists(r).Hash() == taken);
    CHECK(Typed(r, typed) == answered);
    CHECK(Mists(r).Hash() == taken);
    CHECK(r.commands() == before.commands());
  }
}

// --- The front end ---------------------------------------------------------------------------

TEST_CASE("the table prints a redundant answer's note, logs nothing and succeeds",
          "[redundant][cli]") {
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(":memory:");
  REQUIRE(log.ok());
  std::ostringstream out, err;
  Table table(out, err, log->get(), false);
  NewGameOptions options;
  options.players = "Anna:red,Ben:blue";
  options.words = {"--no-farmers"};
  REQUIRE(table.NewGame(options).ok());
  for (const char* line : {"place U -1,0 0 meeple road W", "place U -2,0 0"})
    REQUIRE(table.Execute(line));
  out.str("");
  CHECK(table.Execute("pass"));
  CHECK(out.str() == "  pass: nothing to do, no meeple could be placed (taken by itself)\n");
  CHECK(err.str().empty());
  Result<SessionRecord> session = (*log)->LoadSession(table.session_id());
  REQUIRE(session.ok());
  REQUIRE(session->commands.size() == 2);
  CHECK(session->commands.back().text == "place U -2,0 0");
  // Undo takes back the tile, in the game and in the log alike.
  CHECK(table.Execute("undo"));
  session = (*log)->LoadSession(table.session_id());
  REQUIRE(session.ok());
  CHECK(session->commands.back().undone);
}

}  // namespace carcref::test
