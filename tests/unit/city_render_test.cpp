// The City board as text and as SVG (cli/city_render.h): every symbol where its part of the
// game is (streets on the right edge of the right tile, goods and buildings, followers with
// their player's mark, the wall, the gate, watchmen and towers), the legend, colour as a
// layer only, and empty, single-tile and big boards.
#include "games/city/view/city_render.h"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "carcref/words.h"

using namespace carcref;

namespace {

CityTile Tile(const std::string& text) {
  Result<CityTile> t = ParseCityTile(text);
  INFO(text << ": " << t.status().message());
  REQUIRE(t.ok());
  return *t;
}

void Ok(const Status& s) {
  INFO(s.message());
  REQUIRE(s.ok());
}

CityGame NewGame(std::vector<PlayerSpec> players, std::array<int, 3> stacks = {30, 25, 20}) {
  CitySetup setup;
  setup.players = std::move(players);
  setup.options.stacks = stacks;
  Result<CityGame> g = CityGame::New(setup);
  INFO(g.status().message());
  REQUIRE(g.ok());
  return *g;
}

CityGame AnnaBen(std::array<int, 3> stacks = {30, 25, 20}) {
  return NewGame({{"Anna", "red"}, {"Ben", "blue"}}, stacks);
}

// Places `tile` on `c`, then a follower on the area at port `port` (-1: none).
void Place(CityGame& game, const std::string& tile, Cell c, int port = -1) {
  Ok(game.PlaceTile(Tile(tile), c));
  if (game.phase() != CityPhase::kFollower) return;
  if (port < 0) return Ok(game.Pass());
  Ok(game.PlaceFollower(game.tiles()[game.last_tile()].tile.AreaAt(port)));
}

// Visible columns of a UTF-8 line.
size_t Columns(const std::string& line) {
  size_t n = 0;
  for (char c : line) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

std::string At(const std::vector<std::string>& lines, size_t row, size_t col, size_t n) {
  std::string line = row < lines.size() ? lines[row] : "";
  line.resize(std::max(line.size(), col + n), ' ');
  return line.substr(col, n);
}

// The text board's block of cell (x, y): 5 rows (the wall row above, the 3 rows of the tile,
// the wall row below), each 9 columns (the wall column, the 7 of the tile, the wall column).
std::vector<std::string> Block(const std::string& board, int x, int y) {
  std::vector<std::string> lines = Lines(board);
  REQUIRE(!lines.empty());
  std::smatch m;
  std::string label = std::to_string(x);
  std::regex word("(^| )" + std::regex_replace(label, std::regex("-"), "\\-") + "( |$)");
  REQUIRE(std::regex_search(lines[0], m, word));
  size_t at = static_cast<size_t>(m.position(0)) + m.length(1);
  size_t col = at - (7 - label.size()) / 2;
  for (size_t r = 1; r < lines.size(); ++r) {
    std::smatch n;
    if (std::regex_search(lines[r], n, std::regex("^ *(-?[0-9]+) ")) &&
        n.str(1) == std::to_string(y)) {
      std::vector<std::string> out;
      for (size_t k = r - 2; k <= r + 2; ++k) out.push_back(At(lines, k, col - 1, 9));
      return out;
    }
  }
  FAIL("no row labelled " << y);
  return {};
}

int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::string StripAnsi(const std::string& s) {
  return std::regex_replace(s, std::regex("\x1b\\[[0-9;]*m"), "");
}

// Tag balance of the SVG (tests/svg_check.sh runs xmllint and rsvg-convert on exported
// boards): every element closed in order, no stray '&' or '<'. "" or what is wrong.
std::string XmlProblem(const std::string& xml) {
  std::vector<std::string> open;
  size_t i = xml.compare(0, 5, "<?xml") == 0 ? xml.find("?>") + 2 : 0;
  while (i < xml.size()) {
    size_t lt = xml.find('<', i);
    std::string text = xml.substr(i, lt == std::string::npos ? std::string::npos : lt - i);
    if (std::regex_replace(text, std::regex("&(amp|lt|gt|quot|apos);"), "").find('&') !=
        std::string::npos)
      return "bad entity: " + text;
    if (lt == std::string::npos) break;
    size_t gt = xml.find('>', lt);
    if (gt == std::string::npos) return "unclosed tag";
    std::string tag = xml.substr(lt + 1, gt - lt - 1);
    if (tag.find('<') != std::string::npos) return "< inside a tag: " + tag;
    std::string name = tag.substr(0, tag.find_first_of(" /\n"));
    if (tag[0] == '/') {
      if (open.empty() || open.back() != tag.substr(1)) return "mismatched </" + tag.substr(1);
      open.pop_back();
    } else if (tag.back() != '/') {
      open.push_back(name);
    }
    i = gt + 1;
  }
  return open.empty() ? "" : "unclosed <" + open.back() + ">";
}

// A first wall building (D.8.2) in a two-player game with stacks of 1, 5 and 5 tiles: Anna's
// follower on the street of `hshh` at 0,0; Ben's `hhhs` at 1,0 completes it (stack 2), so Ben
// places the gate against the north edge of 0,0, Anna a short piece beside it on the north
// edge of 1,0, Ben a piece on the east edge of 1,0 with a watchman, Anna one on the south edge
// of 1,0; Ben puts a tower on the gate.
CityGame WallGame() {
  CityGame game = AnnaBen({1, 5, 5});
  Place(game, "hshh", {0, 0}, MiddlePort(kEast));
  Place(game, "hhhs", {1, 0});
  REQUIRE(game.phase() == CityPhase::kGate);
  Ok(game.PlaceGate({0, 0}, kNorth));
  Ok(game.PlaceWall({1, 0}, kNorth, true, false));
  Ok(game.PlaceWall({1, 0}, kEast, false, true));
  Ok(game.PlaceWall({1, 0}, kSouth, false, false));
  REQUIRE(game.phase() == CityPhase::kTower);
  Ok(game.PlaceTower({0, 0}, kNorth));
  return game;
}

}  // namespace

TEST_CASE("city text: an empty game says so and names the players", "[city_render]") {
  CityGame game = AnnaBen();
  std::string board = RenderCityBoard(game, false);
  CHECK(board.rfind("(no tiles on the board)\n", 0) == 0);
  CHECK(board.find("A = Anna (red): 0 points") != std::string::npos);
  CHECK(board.find("B = Ben (blue): 0 points") != std::string::npos);
}

TEST_CASE("city text: a street on the east edge of the west tile, on the west of the east one",
          "[city_render]") {
  CityGame game = AnnaBen();
  Place(game, "hshh", {0, 0});
  Place(game, "hhhs", {1, 0});
  std::string board = RenderCityBoard(game, false);
  INFO(board);
  std::vector<std::string> west = Block(board, 0, 0), east = Block(board, 1, 0);
  // Rows 1..3 are the tile; column 1 its west edge, column 7 its east edge.
  CHECK(west[2] == " ^^^o--- ");  // the dead end in the middle, the street out east
  CHECK(west[1] == " ^^^^^^^ ");
  CHECK(west[3] == " ^^^^^^^ ");
  CHECK(east[2].substr(1, 7) == "---o^^^");
  CHECK(east[1].substr(1, 7) == "^^^^^^^");
}

TEST_CASE("city text: followers show their player's mark, lower case lying down", "[city_render]") {
  CityGame game = AnnaBen();
  Place(game, "smsh", {0, 0}, MiddlePort(kEast));  // Anna on the market east of the street
  Place(game, "hhhh", {-1, 0}, 0);                 // Ben on the residential area
  std::string board = RenderCityBoard(game, false);
  INFO(board);
  std::vector<std::string> market = Block(board, 0, 0), houses = Block(board, -1, 0);
  CHECK(market[2].substr(1, 7) == "^^^|A..");  // standing, on the market side of the street
  CHECK(market[1].substr(1, 7) == "^^^|...");
  CHECK(houses[2].substr(1, 7) == "^^^b^^^");  // lying: lower case
  CHECK(board.find("A = Anna (red)") != std::string::npos);
  CHECK(board.find("B = Ben (blue)") != std::string::npos);
  CHECK(board.find("a-z one lying on a residential area") != std::string::npos);
}

TEST_CASE("city text: goods, buildings and half edges", "[city_render]") {
  CityGame game = AnnaBen();
  Place(game, "mmmmGFL", {0, 0});
  Place(game, "hbhhp", {-1, 0});
  Place(game, "[hsm]mmmL*", {0, 1});
  std::string board = RenderCityBoard(game, false);
  INFO(board);
  CHECK(Block(board, 0, 0)[2].substr(1, 7) == "..GFL..");
  // The building on the east edge with its public building beside it.
  std::vector<std::string> b = Block(board, -1, 0);
  CHECK(b[1].substr(7, 1) == "%");
  CHECK(b[2].substr(5, 3) == "p%%");
  CHECK(b[3].substr(7, 1) == "%");
  // Houses on the first half of the north edge, market on the second, the dead end in the
  // middle, the livestock and the historic building.
  std::vector<std::string> h = Block(board, 0, 1);
  CHECK(h[1].substr(1, 7) == ".^^|...");
  CHECK(h[2].substr(4, 1) == "o");
  CHECK(h[2].find('L') != std::string::npos);
  CHECK(h[2].find('*') != std::string::npos);
}

TEST_CASE("city text: the gate, the wall, a short piece, a watchman and a tower", "[city_render]") {
  CityGame game = WallGame();
  std::string board = RenderCityBoard(game, false);
  INFO(board);
  std::vector<std::string> gate = Block(board, 0, 0), corner = Block(board, 1, 0);
  CHECK(gate[0] == " @@b@@@@ ");    // the gate on the north edge of 0,0, Ben's tower on it
  CHECK(corner[0] == "   ###   ");  // the short piece, shorter than the edge
  CHECK(corner[1].back() == '#');   // the east piece with Ben's watchman in its middle
  CHECK(corner[2].back() == 'B');
  CHECK(corner[3].back() == '#');
  CHECK(corner[4] == " ########");  // the south piece, and the corner joint to the east one
  CHECK(board.find("@ city gate") != std::string::npos);
  CHECK(board.find("A = Anna (red): 2 points, 7 in supply, 6 towers left") != std::string::npos);
  CHECK(board.find("B = Ben (blue): 0 points, 6 in supply, 1 watchman, 5 towers left") !=
        std::string::npos);
  CHECK(Count(board, "@") == 6 + 1);  // six cells of gate and the legend's
}

TEST_CASE("city text: colour is a layer over the same text", "[city_render]") {
  CityGame game = WallGame();
  std::string plain = RenderCityBoard(game, false), colored = RenderCityBoard(game, true);
  CHECK(plain.find('\x1b') == std::string::npos);
  CHECK(colored.find("\x1b[") != std::string::npos);
  CHECK(StripAnsi(colored) == plain);
}

TEST_CASE("city text: marks never read as a tile's letters", "[city_render]") {
  std::vector<char> marks =
      CityPlayerMarks({{"Greta", "red"}, {"otto", "blue"}, {"Anna", "green"}, {"Paul", "yellow"}});
  CHECK(marks == std::vector<char>{'1', '2', 'A', '4'});
  CHECK(CityPlayerMarks({{"Anna", "red"}, {"Alex", "blue"}}) == std::vector<char>{'1', '2'});
}

TEST_CASE("city text: a big board fits the width, a wide one shows a window and says so",
          "[city_render]") {
  CityGame square = AnnaBen();
  for (int i = 0; i < 75; ++i) Place(square, i % 7 == 3 ? "mmmmG" : "hhhh", {i % 9, i / 9});
  std::string board = RenderCityBoard(square, false, BoardView{100, std::nullopt, 0});
  for (const std::string& line : Lines(board)) CHECK(line.size() <= 100);
  CHECK(board.find("left out") == std::string::npos);
  CHECK(Block(board, -1, 0)[2] == std::string(9, ' '));  // the margin is there

  CityGame row = AnnaBen();
  for (int i = 0; i < 20; ++i) Place(row, "hhhh", {i, 0});
  // Unlimited (a file or a pipe): the whole board, margin and all, nothing left out.
  std::string whole = RenderCityBoard(row, false);
  CHECK(Lines(whole)[0].find("-1") != std::string::npos);
  CHECK(whole.find("left out") == std::string::npos);
  // 100 columns: no margin, then the 12 columns round the latest tile (19), and one line
  // saying what is not shown.
  std::string wide = RenderCityBoard(row, false, BoardView{100, std::nullopt, 0});
  for (const std::string& line : Lines(wide)) CHECK(Columns(line) <= 100);
  CHECK(Lines(wide)[0].find("-1") == std::string::npos);
  CHECK(Lines(wide).back() == "columns 0\u20267 left out; board X,Y R shows a window");
  CHECK(Lines(wide)[0].find("19") != std::string::npos);
  // A window: the cells within 1 of 5,0.
  std::string window = RenderCityBoard(row, false, BoardView{0, Cell{5, 0}, 1});
  CHECK(Lines(window).back() ==
        "columns -1\u20263 and 7\u202620 left out; board shows the whole board");
  CHECK(Lines(window)[0].find(" 4 ") != std::string::npos);
  CHECK(RenderCityBoard(row, false, BoardView{0, Cell{50, 50}, 2}) ==
        "no cell within 2 of 50,50: the board spans columns -1\u202620, rows -1\u20261\n");
}

TEST_CASE("city svg: an empty game is a valid picture with the title", "[city_render]") {
  CityGame game = AnnaBen();
  std::string svg = CitySvg(game, "empty & new");
  CHECK(XmlProblem(svg) == "");
  CHECK(svg.find("<title>empty &amp; new</title>") != std::string::npos);
  CHECK(svg.find("no tiles on the board") != std::string::npos);
  CHECK(Count(svg, "<rect class=\"tile-frame\"") == 0);
}

TEST_CASE("city svg: tiles, streets, goods, buildings and followers", "[city_render]") {
  CityGame game = AnnaBen();
  Place(game, "smsh", {0, 0}, MiddlePort(kEast));
  Place(game, "[hsm]mmmL*", {0, -1}, 0);
  Place(game, "hbhhp", {-1, 0});
  std::string svg = CitySvg(game, "sample");
  INFO(svg);
  CHECK(XmlProblem(svg) == "");
  CHECK(Count(svg, "<rect class=\"tile-frame\"") == 3);
  CHECK(Count(svg, "<g class=\"tile\" data-cell=\"0,-1\"") == 1);
  CHECK(Count(svg, "<path class=\"street\"") == 2);   // one per street
  CHECK(Count(svg, "<g class=\"goods\">") == 3 + 1);  // G F L in the legend, L on 0,-1
  CHECK(Count(svg, "<g class=\"public\">") == 1 + 1);
  CHECK(Count(svg, "<path class=\"historic\"") == 1 + 1);
  CHECK(svg.find("<g class=\"follower\" data-player=\"Anna\" data-cell=\"0,0\"><title>Anna: "
                 "market") != std::string::npos);
  CHECK(svg.find("<g class=\"follower\" data-player=\"Ben\" data-cell=\"0,-1\"><title>Ben: "
                 "residential area") != std::string::npos);
  CHECK(svg.find(">Anna (red)</text>") != std::string::npos);  // the legend
  CHECK(svg.find(">Ben (blue)</text>") != std::string::npos);
  CHECK(svg.find(">Anna 0</text>") != std::string::npos);  // the heading with the scores
}

TEST_CASE("city svg: the gate, walls, watchman and tower where they are", "[city_render]") {
  CityGame game = WallGame();
  std::string svg = CitySvg(game, "walls");
  INFO(svg);
  CHECK(XmlProblem(svg) == "");
  CHECK(Count(svg, "<g class=\"gate\" data-cell=\"0,0\" data-side=\"N\"") == 1);
  CHECK(Count(svg, "<rect class=\"wall\"") == 2);
  CHECK(Count(svg, "<rect class=\"wall short\" data-cell=\"1,0\" data-side=\"N\"") == 1);
  CHECK(Count(svg, "<g class=\"watchman\" data-player=\"Ben\"") == 1);
  CHECK(Count(svg, "<g class=\"tower\" data-player=\"Ben\"") == 1);
  CHECK(svg.find(">Anna 2</text>") != std::string::npos);
  CHECK(svg.find(">Ben 0</text>") != std::string::npos);
}

TEST_CASE("city svg: a board of 75 tiles", "[city_render]") {
  CityGame game = AnnaBen();
  for (int i = 0; i < 75; ++i) Place(game, i % 5 == 0 ? "mmmmFL" : "[hm]hhh", {i % 9, i / 9});
  std::string svg = CitySvg(game, "75 tiles");
  CHECK(XmlProblem(svg) == "");
  CHECK(Count(svg, "<rect class=\"tile-frame\"") == 75);
}
