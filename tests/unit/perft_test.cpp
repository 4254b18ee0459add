// perft (STYLE.md "Tests that prove the rules"; Stockfish's name): the number of legal
// placements for a fixed tile order pins legality. The expected counts were computed with the
// board of main at 732498c, before legal cells were kept up to date incrementally (it rebuilt
// the whole frontier and looked up every neighbour for each rotation), by the same Perft,
// PlayLine and ShuffledBag written against that Board's public API. So these tests prove the
// incremental board finds exactly the placements the old one did, in the same order.
#include "carcref/simulate.h"
#include "support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

struct Order {
  Game game;
  std::vector<TilePtr> tiles;
};

// The shuffled bag of a fresh two-player game, as PlayRandomGame draws it with `seed`.
Order OrderOf(const std::string& set, std::uint64_t seed) {
  Result<Game> g = Game::New(Setup({{"A", "red"}, {"B", "blue"}}, set));
  REQUIRE(g.ok());
  SeededRandom random(seed);
  std::vector<TilePtr> tiles = ShuffledBag(*g, random);
  return {std::move(g.value()), std::move(tiles)};
}

// Every fifth tile followed by a face-down tile (Mists, B.12): it matches anything, and a
// cell touching only face-down tiles is not legal (B.5.4).
std::vector<TilePtr> WithFaceDown(const std::vector<TilePtr>& tiles) {
  auto face_down = std::make_shared<TileType>();
  face_down->id = "face-down";
  face_down->face_down = true;
  REQUIRE(face_down->Finalize().ok());
  std::vector<TilePtr> out;
  for (size_t i = 0; i < tiles.size(); ++i) {
    out.push_back(tiles[i]);
    if (i % 5 == 4) out.push_back(face_down);
  }
  return out;
}

// The legal placements counted along one fixed line through the whole game.
std::uint64_t LineSum(const Board& start, const std::vector<TilePtr>& tiles, Board* end) {
  Board b = start;
  std::uint64_t sum = 0;
  for (size_t i = 0; i < tiles.size(); ++i) {
    sum += Perft(b, tiles, i, 1);
    b = PlayLine(b, tiles, i, 1, i * 31 + 5);
  }
  *end = b;
  return sum;
}

}  // namespace

TEST_CASE("perft: base tiles, seed 2026, counts as before the incremental board", "[perft]") {
  Order o = OrderOf("base", 2026);
  REQUIRE(o.tiles.size() == 71);
  const Board& start = o.game.board();
  CHECK(Perft(start, o.tiles, 0, 1) == 1u);
  CHECK(Perft(start, o.tiles, 0, 2) == 6u);
  CHECK(Perft(start, o.tiles, 0, 3) == 52u);
  CHECK(Perft(start, o.tiles, 0, 4) == 536u);
  CHECK(Perft(start, o.tiles, 0, 5) == 5258u);
  Board mid = PlayLine(start, o.tiles, 0, 30, 7);
  CHECK(mid.size() == 31);
  CHECK(Perft(mid, o.tiles, 30, 2) == 141u);
  CHECK(Perft(mid, o.tiles, 30, 3) == 4414u);
  Board end;
  CHECK(LineSum(start, o.tiles, &end) == 2005u);
  CHECK(end.size() == 72);
}

TEST_CASE(
    "perft: Winter tiles with face-down tiles, seed 7, counts as before the incremental "
    "board",
    "[perft]") {
  Order o = OrderOf("winter", 7);
  std::vector<TilePtr> tiles = WithFaceDown(o.tiles);
  REQUIRE(tiles.size() == 99u);
  const Board& start = o.game.board();
  CHECK(Perft(start, tiles, 0, 1) == 4u);
  CHECK(Perft(start, tiles, 0, 2) == 32u);
  CHECK(Perft(start, tiles, 0, 3) == 312u);
  CHECK(Perft(start, tiles, 0, 4) == 1984u);
  CHECK(Perft(start, tiles, 0, 5) == 21436u);
  Board mid = PlayLine(start, tiles, 0, 30, 7);
  CHECK(mid.size() == 31);
  CHECK(Perft(mid, tiles, 30, 2) == 243u);
  CHECK(Perft(mid, tiles, 30, 3) == 3344u);
  Board end;
  CHECK(LineSum(start, tiles, &end) == 2536u);
  CHECK(end.size() == 100);
}

TEST_CASE("perft: legal placements come cells ascending, then rotations", "[perft]") {
  Order o = OrderOf("base", 2026);
  Board b = PlayLine(o.game.board(), o.tiles, 0, 40, 3);
  for (size_t i = 40; i < o.tiles.size(); ++i) {
    std::vector<Placement> places = b.LegalPlacements(*o.tiles[i]);
    for (size_t k = 1; k < places.size(); ++k) {
      const Placement& a = places[k - 1];
      const Placement& c = places[k];
      REQUIRE((a.cell < c.cell || (a.cell == c.cell && a.quarters < c.quarters)));
    }
    for (const Placement& p : places)
      REQUIRE(b.CheckPlacement(*o.tiles[i], p.cell, p.quarters).ok());
  }
}
