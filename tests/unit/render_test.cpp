#include "cli/render.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "carcref/catalog.h"
#include "carcref/game.h"
#include "games/base/view/base_view.h"

using namespace carcref;

namespace {

// A tile built by hand from tiles/base-and-winter.md §3. Segments are separated by ';', each
// "KIND: WHERE…": c = city (sides, '+' per pennant), r = road (sides), m = monastery,
// f = field (half-edges, then ">i,j" for the cities of this tile it borders).
TilePtr MakeTile(const std::string& id, const std::string& edges, const std::string& segments,
                 int count = 1) {
  TileType t;
  t.id = id;
  t.set = "test";
  t.count = count;
  for (int i = 0; i < 4; ++i) t.edges[i] = static_cast<EdgeKind>(edges[i]);
  std::stringstream all(segments);
  std::string spec;
  while (std::getline(all, spec, ';')) {
    std::stringstream words(spec);
    std::string kind, word;
    words >> kind;
    Segment seg;
    seg.kind = kind == "c:"   ? FeatureKind::kCity
               : kind == "r:" ? FeatureKind::kRoad
               : kind == "m:" ? FeatureKind::kMonastery
                              : FeatureKind::kField;
    while (words >> word) {
      if (word == "+") {
        ++seg.pennants;
      } else if (word[0] == '>') {
        std::stringstream cities(word.substr(1));
        std::string c;
        while (std::getline(cities, c, ',')) seg.cities.push_back(std::stoi(c));
      } else if (seg.kind == FeatureKind::kField) {
        seg.ports |= Bit(*ParseHalf(word));
      } else if (seg.kind == FeatureKind::kCity) {
        seg.ports |= SideMask(*ParseSide(word));
      } else {
        seg.ports |= Bit(MiddlePort(*ParseSide(word)));
      }
    }
    t.segments.push_back(seg);
  }
  Status s = t.Finalize();
  INFO(id << ": " << s.message());
  REQUIRE(s.ok());
  return std::make_shared<const TileType>(std::move(t));
}

const std::map<std::string, TilePtr>& BaseTiles() {
  static const std::map<std::string, TilePtr> tiles = {
      {"A", MakeTile("A", "ffrf", "m:; r: S; f: NL NR EL ER SL SR WL WR", 2)},
      {"B", MakeTile("B", "ffff", "m:; f: NL NR EL ER SL SR WL WR", 4)},
      {"C", MakeTile("C", "cccc", "c: N E S W +")},
      {"D", MakeTile("D", "crfr", "c: N; r: W E; f: EL WR >0; f: ER SL SR WL", 4)},
      {"E", MakeTile("E", "cfff", "c: N; f: EL ER SL SR WL WR >0", 5)},
      {"F", MakeTile("F", "fcfc", "c: W E +; f: NL NR >0; f: SL SR >0", 2)},
      {"G", MakeTile("G", "fcfc", "c: W E; f: NL NR >0; f: SL SR >0")},
      {"H", MakeTile("H", "cfcf", "c: N; c: S; f: EL ER WL WR >0,1", 3)},
      {"I", MakeTile("I", "cffc", "c: N; c: W; f: EL ER SL SR >0,1", 2)},
      {"J", MakeTile("J", "crrf", "c: N; r: E S; f: EL SR WL WR >0; f: ER SL", 3)},
      {"K", MakeTile("K", "cfrr", "c: N; r: S W; f: EL ER SL WR >0; f: SR WL", 3)},
      {"L", MakeTile("L", "crrr", "c: N; r: E; r: S; r: W; f: EL WR >0; f: ER SL; f: SR WL", 3)},
      {"M", MakeTile("M", "cffc", "c: N W +; f: EL ER SL SR >0", 2)},
      {"N", MakeTile("N", "cffc", "c: N W; f: EL ER SL SR >0", 3)},
      {"O", MakeTile("O", "crrc", "c: N W +; r: E S; f: EL SR >0; f: ER SL", 2)},
      {"P", MakeTile("P", "crrc", "c: N W; r: E S; f: EL SR >0; f: ER SL", 3)},
      {"Q", MakeTile("Q", "ccfc", "c: N E W +; f: SL SR >0")},
      {"R", MakeTile("R", "ccfc", "c: N E W; f: SL SR >0", 3)},
      {"S", MakeTile("S", "ccrc", "c: N E W +; r: S; f: SL >0; f: SR >0", 2)},
      {"T", MakeTile("T", "ccrc", "c: N E W; r: S; f: SL >0; f: SR >0")},
      {"U", MakeTile("U", "frfr", "r: W E; f: NL NR EL WR; f: ER SL SR WL", 8)},
      {"V", MakeTile("V", "ffrr", "r: S W; f: NL NR EL ER SL WR; f: SR WL", 9)},
      {"W", MakeTile("W", "frrr", "r: E; r: S; r: W; f: NL NR EL WR; f: ER SL; f: SR WL", 4)},
      {"X",
       MakeTile("X", "rrrr", "r: N; r: E; r: S; r: W; f: NL WR; f: NR EL; f: ER SL; f: SR WL")},
  };
  return tiles;
}

using Art = std::vector<std::string>;

// The 24 base tiles at rotation 0, as render.h draws them.
const std::map<std::string, Art>& BasePictures() {
  // clang-format off
  static const std::map<std::string, Art> pictures = {
      {"A", {".....", "..+..", "..|.."}}, {"B", {".....", "..+..", "....."}},
      {"C", {"#####", "##*##", "#####"}}, {"D", {".###.", "-----", "....."}},
      {"E", {".###.", ".....", "....."}}, {"F", {".....", "##*##", "....."}},
      {"G", {".....", "#####", "....."}}, {"H", {".###.", ".....", ".###."}},
      {"I", {".###.", "##...", "....."}}, {"J", {".###.", "../--", "..|.."}},
      {"K", {".###.", "--\\..", "..|.."}}, {"L", {".###.", "--o--", "..|.."}},
      {"M", {"####.", "#*...", "....."}}, {"N", {"####.", "##...", "....."}},
      {"O", {"####.", "#*/--", "..|.."}}, {"P", {"####.", "##/--", "..|.."}},
      {"Q", {"#####", "##*##", "....."}}, {"R", {"#####", "#####", "....."}},
      {"S", {"#####", "##*##", "..|.."}}, {"T", {"#####", "#####", "..|.."}},
      {"U", {".....", "-----", "....."}}, {"V", {".....", "--\\..", "..|.."}},
      {"W", {".....", "--o--", "..|.."}}, {"X", {"..|..", "--o--", "..|.."}},
  };
  // clang-format on
  return pictures;
}

std::string Joined(const Art& art) {
  std::string out;
  for (const std::string& row : art) out += row + "\n";
  return out;
}

// The edge kind the picture shows at the middle of each side.
EdgeKind PictureEdge(const Art& art, Side s) {
  char c = s == kNorth ? art[0][2] : s == kEast ? art[1][4] : s == kSouth ? art[2][2] : art[1][0];
  if (c == '#' || c == '*') return EdgeKind::kCity;
  if (c == '-' || c == '|') return EdgeKind::kRoad;
  return EdgeKind::kField;
}

void CheckPictureShape(const TileType& t) {
  for (int q = 0; q < 4; ++q) {
    INFO("tile " << t.id << " rotated " << q * 90);
    Art art = TileArt(t, q);
    REQUIRE(art.size() == 3);
    for (const std::string& row : art) {
      CHECK(row.size() == 5);
      for (char c : row) CHECK((c > ' ' && c < 127));
    }
    for (Side s : kSides) CHECK(PictureEdge(art, s) == EdgeAfterRotation(t, s, q));
    CHECK(TileArt(t, q + 4) == art);
    CHECK(TileArt(t, q - 4) == art);
  }
}

GameSetup TwoPlayerSetup() {
  GameSetup setup;
  setup.players = {{"Anna", "red"}, {"Ben", "blue"}};
  for (const char* id : {"D", "U", "V", "E", "A"}) {
    TileType t = *BaseTiles().at(id);
    if (t.id == "D") t.start = true;
    setup.catalog.tiles.push_back(std::make_shared<const TileType>(t));
  }
  return setup;
}

Result<Catalog> ReadCatalog(const std::string& file) {
  std::ifstream in(std::string(CARCREF_SOURCE_DATA_DIR "/tiles/") + file);
  if (!in) return Status::NotFound(file);
  std::stringstream text;
  text << in.rdbuf();
  return ParseCatalog(text.str(), file);
}

}  // namespace

TEST_CASE("the 24 base tiles have their pictures", "[render]") {
  for (const auto& [id, tile] : BaseTiles()) {
    INFO("tile " << id);
    CHECK(Joined(TileArt(*tile, 0)) == Joined(BasePictures().at(id)));
  }
}

TEST_CASE("pictures follow the rotation", "[render]") {
  const auto& tiles = BaseTiles();
  // D crfr: city N, road W–E; at 90 the city is east, the road north–south, and the strip
  // of field between road and city shows on both sides of the cap.
  CHECK(TileArt(*tiles.at("D"), 1) == Art{"..|..", "..|##", "..|.."});
  CHECK(TileArt(*tiles.at("D"), 2) == Art{".....", "-----", ".###."});
  CHECK(TileArt(*tiles.at("D"), 3) == Art{"..|..", "##|..", "..|.."});
  // V: the S–W curve turned to N–W, then N–E, then E–S.
  CHECK(TileArt(*tiles.at("V"), 1) == Art{"..|..", "--/..", "....."});
  CHECK(TileArt(*tiles.at("V"), 2) == Art{"..|..", "..\\--", "....."});
  CHECK(TileArt(*tiles.at("V"), 3) == Art{".....", "../--", "..|.."});
  CHECK(TileArt(*tiles.at("J"), 2) == Art{"..|..", "--/..", ".###."});
  CHECK(TileArt(*tiles.at("A"), 1) == Art{".....", "--+..", "....."});
  // I: two separate caps stay apart at the corner they share; M/N: one city fills it.
  CHECK(TileArt(*tiles.at("I"), 1) == Art{".###.", "...##", "....."});
  CHECK(TileArt(*tiles.at("N"), 1) == Art{".####", "...##", "....."});
  CHECK(TileArt(*tiles.at("M"), 1) == Art{".####", "...*#", "....."});
  CHECK(TileArt(*tiles.at("H"), 1) == Art{".....", "##.##", "....."});
  CHECK(TileArt(*tiles.at("X"), 3) == TileArt(*tiles.at("X"), 0));
  CHECK(TileArt(*tiles.at("C"), 2) == TileArt(*tiles.at("C"), 0));
  CHECK(TileArt(*tiles.at("T"), 2) == Art{"..|..", "#####", "#####"});
}

TEST_CASE("every picture is 3 rows of 5 and agrees with the tile's edges", "[render]") {
  for (const auto& [id, tile] : BaseTiles()) CheckPictureShape(*tile);
}

TEST_CASE("each base tile and rotation has its own picture", "[render]") {
  std::map<std::string, std::string> seen;  // picture -> "D@90"
  for (const auto& [id, tile] : BaseTiles()) {
    for (int q : DistinctRotations(*tile)) {
      std::string picture = Joined(TileArt(*tile, q));
      std::string name = id + "@" + std::to_string(q * 90);
      INFO(name << " looks like " << seen[picture] << ":\n" << picture);
      CHECK(seen[picture].empty());
      seen[picture] = name;
    }
  }
}

TEST_CASE("winter tiles from the long form get readable pictures", "[render]") {
  // tiles/base-and-winter.md §4.
  CHECK(TileArt(*MakeTile("CFR", "cfrf", "c: N; r: S; f: SR WL WR >0; f: EL ER SL >0"), 0) ==
        Art{".###.", "..|..", "..|.."});
  CHECK(TileArt(*MakeTile("CR", "crff", "c: N; r: E; f: EL >0; f: ER SL SR WL WR >0"), 0) ==
        Art{".###.", "..\\--", "....."});
  CHECK(TileArt(*MakeTile("RC", "cffr", "c: N; r: W; f: WR >0; f: EL ER SL SR WL >0"), 0) ==
        Art{".###.", "--/..", "....."});
  CHECK(TileArt(*MakeTile("CcR", "crfc", "c: N W; r: E; f: EL >0; f: ER SL SR >0"), 0) ==
        Art{"####.", "##---", "....."});
  CHECK(TileArt(*MakeTile("LRFR", "frfr", "m:; r: W; r: E; f: NL NR EL WR; f: ER SL SR WL"), 0) ==
        Art{".....", "--+--", "....."});
  CHECK(TileArt(*MakeTile("RrRr", "rrrr", "r: N W; r: S E; f: NL WR; f: ER SL; f: NR EL SR WL"),
                0) == Art{"..|..", "-/./-", "..|.."});
  CHECK(TileArt(*MakeTile("R", "ffrf", "r: S; f: NL NR EL ER SL SR WL WR"), 0) ==
        Art{".....", "..o..", "..|.."});
}

TEST_CASE("meeples are drawn on their segment", "[render]") {
  const auto& tiles = BaseTiles();
  const TileType& d = *tiles.at("D");  // segments: 0 city N, 1 road W–E, 2 field N, 3 field S
  auto with = [](int segment, char mark) {
    ArtOptions o;
    o.meeples.push_back({segment, mark, "red"});
    return o;
  };
  CHECK(TileArt(d, 0, with(0, 'A')) == Art{".#A#.", "-----", "....."});
  CHECK(TileArt(d, 0, with(1, 'A')) == Art{".###.", "--A--", "....."});
  CHECK(TileArt(d, 0, with(2, 'A')) == Art{"A###.", "-----", "....."});
  CHECK(TileArt(d, 0, with(3, 'A')) == Art{".###.", "-----", "...A."});
  CHECK(TileArt(d, 1, with(0, 'B')) == Art{"..|..", "..|#B", "..|.."});
  CHECK(TileArt(d, 1, with(2, 'B')) == Art{"..|B.", "..|##", "..|.."});
  CHECK(TileArt(*tiles.at("A"), 0, with(0, 'M')) == Art{".....", "..M..", "..|.."});
  CHECK(TileArt(*tiles.at("A"), 0, with(1, 'R')) == Art{".....", "..+..", "..R.."});
  CHECK(TileArt(*tiles.at("X"), 0, with(3, 'W')) == Art{"..|..", "-Wo--", "..|.."});
  // A pennant stays visible next to a knight.
  CHECK(TileArt(*tiles.at("C"), 0, with(0, 'K')) == Art{"##K##", "##*##", "#####"});
  // Two marks on one tile do not hide each other; a bad segment is ignored.
  ArtOptions two = with(1, 'A');
  two.meeples.push_back({1, 'B', "blue"});
  two.meeples.push_back({9, 'Z', ""});
  CHECK(TileArt(d, 0, two) == Art{".###.", "-BA--", "....."});
}

TEST_CASE("colour only adds escape codes", "[render]") {
  const TileType& o = *BaseTiles().at("O");
  ArtOptions plain;
  plain.meeples.push_back({1, 'A', "orange"});
  ArtOptions color = plain;
  color.color = true;
  color.highlight = true;
  Art colored = TileArt(o, 1, color);
  Art expected = TileArt(o, 1, plain);
  REQUIRE(colored.size() == 3);
  for (int r = 0; r < 3; ++r) {
    std::string stripped;
    const std::string& row = colored[r];
    for (size_t i = 0; i < row.size(); ++i) {
      if (row[i] == '\x1b') {
        i = row.find('m', i);
        continue;
      }
      stripped += row[i];
    }
    CHECK(stripped == expected[r]);
    CHECK(expected[r].find('\x1b') == std::string::npos);
  }
  CHECK(Joined(colored).find("\x1b[1;7;38;5;208;48;5;237mA") != std::string::npos);
  CHECK(ColorCode("Black") == "90");
  CHECK(ColorCode("gray") == ColorCode("grey"));
  CHECK(ColorCode("chartreuse").empty());
}

TEST_CASE("player marks are initials, digits when initials clash", "[render]") {
  CHECK(PlayerMarks({{"anna", "red"}, {"Ben", "blue"}}) == std::vector<char>{'A', 'B'});
  CHECK(PlayerMarks({{"Anna", "red"}, {"Ben", "blue"}, {"bob", "green"}}) ==
        std::vector<char>{'A', '2', '3'});
  CHECK(PlayerMarks({{"7up", "red"}, {"Zoe", "blue"}}) == std::vector<char>{'1', 'Z'});
  CHECK(MarksLegend({{"Anna", "red"}, {"Ben", "blue"}}, false) == "A = Anna (red), B = Ben (blue)");
}

TEST_CASE("the board shows coordinates, tiles and meeples, north up", "[render]") {
  const auto& tiles = BaseTiles();
  Board board;
  board.Place(tiles.at("D"), {0, 0}, 0);
  board.Place(tiles.at("U"), {1, 0}, 0);
  board.Place(tiles.at("E"), {0, 1}, 2);  // the cap faces D's city: a city of two tiles
  board.Place(tiles.at("V"), {-1, 0}, 1);
  std::vector<PlayerSpec> players = {{"Anna", "red"}, {"Ben", "blue"}};
  std::vector<Meeple> meeples = {{0, 1, 0}, {1, 2, 0}};  // Anna: road on U; Ben: city on E
  std::string expected =
      "     -2    -1     0     1     2\n"
      "\n"
      " 2\n"
      "\n"
      "                .....\n"
      " 1              .....\n"
      "                .#B#.\n"
      "          ..|.. .###.[.....]\n"
      " 0        --/.. -----[--A--]\n"
      "          ..... .....[.....]\n"
      "\n"
      "-1\n"
      "\n"
      "A = Anna (red), B = Ben (blue); [ ] = the tile just placed (1,0)\n";
  CHECK(RenderBoard(board, players, meeples, 1, false) == expected);

  std::string colored = RenderBoard(board, players, meeples, 1, true);
  CHECK(colored.find('\x1b') != std::string::npos);
  std::string stripped;
  for (size_t i = 0; i < colored.size(); ++i) {
    if (colored[i] == '\x1b') {
      i = colored.find('m', i);
      continue;
    }
    stripped += colored[i];
  }
  CHECK(stripped == expected);

  Board empty;
  CHECK(RenderBoard(empty, players, {}, -1, false) == "(no tiles on the board)\n");
}

TEST_CASE("a game's board marks its meeples and the tile awaiting one", "[render]") {
  Result<Game> made = Game::New(TwoPlayerSetup());
  REQUIRE(made.ok());
  Game game = made.value();
  const Catalog& catalog = game.setup().catalog;
  REQUIRE(game.PlaceTile(catalog.Find("U"), {1, 0}, 0).ok());
  std::string awaiting = RenderBoard(game, false);
  CHECK(awaiting.find(".###.[.....]") != std::string::npos);
  CHECK(awaiting.find("[ ] = the tile just placed (1,0)") != std::string::npos);
  REQUIRE(game.PlaceMeeple(0).ok());  // U's road, joined to D's: Anna's thief
  REQUIRE(game.PlaceTile(catalog.Find("E"), {0, 1}, 2).ok());
  REQUIRE(game.PlaceMeeple(1).ok());  // the field north of the city: Ben's farmer
  std::string board = RenderBoard(game, false);
  CHECK(board ==
        "     -1     0     1     2\n"
        "\n"
        " 2\n"
        "\n"
        "          .....\n"
        " 1        .B...\n"
        "          .###.\n"
        "          .###. .....\n"
        " 0        ----- --A--\n"
        "          ..... .....\n"
        "\n"
        "-1\n"
        "\n"
        "A = Anna (red), B = Ben (blue)\n");
  CHECK(RenderBoard(game, true).find("\x1b[1;7;34mB") != std::string::npos);
}

TEST_CASE("every tile of base.yaml renders and matches its picture", "[render][catalog]") {
  Result<Catalog> catalog = ReadCatalog("base.yaml");
  if (!catalog.ok() && catalog.status().code() == Status::Code::kNotFound) {
    WARN("data/tiles/base.yaml not there yet: skipped");
    return;
  }
  INFO(catalog.status().message());
  REQUIRE(catalog.ok());
  CHECK(catalog->tiles.size() == 24);
  for (const TilePtr& t : catalog->tiles) {
    CheckPictureShape(*t);
    auto it = BasePictures().find(t->id);
    if (it == BasePictures().end()) continue;
    INFO("tile " << t->id);
    CHECK(Joined(TileArt(*t, 0)) == Joined(it->second));
  }
}

TEST_CASE("winter.yaml tiles look like their base twins and unlike the rest", "[render][catalog]") {
  Result<Catalog> winter = ReadCatalog("winter.yaml");
  if (!winter.ok() && winter.status().code() == Status::Code::kNotFound) {
    WARN("data/tiles/winter.yaml not there yet: skipped");
    return;
  }
  INFO(winter.status().message());
  REQUIRE(winter.ok());
  std::map<std::string, std::string> base_pictures;  // picture -> base tile
  for (const auto& [id, tile] : BaseTiles())
    for (int q = 0; q < 4; ++q) base_pictures[Joined(TileArt(*tile, q))] = id;
  for (const TilePtr& t : winter->tiles) {
    CheckPictureShape(*t);
    std::string twin;
    for (const auto& [id, tile] : BaseTiles())
      if (SameGeometry(*tile, *t) >= 0) twin = id;
    for (int q = 0; q < 4; ++q) {
      auto it = base_pictures.find(Joined(TileArt(*t, q)));
      INFO(t->id << " rotated " << q * 90 << " (same shape as " << twin << ")");
      CHECK((it == base_pictures.end() ? "" : it->second) == twin);
    }
  }
  if (TilePtr t = winter->Find("winter/RrRr"))
    CHECK(TileArt(*t, 0) == Art{"..|..", "-/./-", "..|.."});
  if (TilePtr t = winter->Find("winter/CR"))
    CHECK(TileArt(*t, 0) == Art{".###.", "..\\--", "....."});
}

TEST_CASE("the tile list shows pictures, ids, counts and words", "[render]") {
  std::vector<TilePtr> tiles;
  for (const auto& [id, tile] : BaseTiles()) tiles.push_back(tile);
  std::string list = RenderTileList(tiles, nullptr);
  std::stringstream lines(list);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    ++count;
    size_t columns = 0;
    for (char c : line) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    CHECK(columns <= 100);
    CHECK(line.find('\x1b') == std::string::npos);
    CHECK((line.empty() || line.back() != ' '));
  }
  // 3 rows of 8 pictures, each with 3 picture lines, an id and a count line, then 8 lines of
  // words; blank lines between rows; the legend.
  CHECK(count == 3 * (5 + 8) + 2 + 2);
  CHECK(list.rfind(".....  .....  #####  .###.  .###.  .....  .....  .###.\n"
                   "..+..  ..+..  ##*##  -----  .....  ##*##  #####  .....\n"
                   "..|..  .....  #####  .....  .....  .....  .....  .###.\n"
                   "  A      B      C      D      E      F      G      H\n"
                   " x2     x4     x1     x4     x5     x2     x1     x3\n"
                   "A  ffrfm  " +
                       DescribeTile(*BaseTiles().at("A"), 0) + "\n",
                   0) == 0);
  // The words are the engine's (DescribeTile), one line per tile under its row of pictures.
  CHECK(list.find("\nD  crfr   " + DescribeTile(*BaseTiles().at("D"), 0) + "\n") !=
        std::string::npos);
  // Each tile's short form, as a player types it (NOTATION.md's table), beside its id.
  for (const char* row : {"\nF  fcfc+  ", "\nG  fcfc   ", "\nH  cfcf|  ", "\nM  cffc+  "})
    CHECK(list.find(row) != std::string::npos);

  std::function<int(const TileType&)> left = [](const TileType& t) { return t.count - 1; };
  std::string remaining = RenderTileList({BaseTiles().at("D"), BaseTiles().at("X")}, &left);
  CHECK(remaining.rfind(".###.  ..|..\n"
                        "-----  --o--\n"
                        ".....  ..|..\n"
                        "  D      X\n"
                        " 3/4    0/1\n",
                        0) == 0);
  CHECK(RenderTileList({}, nullptr) == "(no tiles)\n");
}

namespace {

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

size_t VisibleColumns(const std::string& line) {
  size_t n = 0;
  for (char c : line) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// The start tile D and 15 U to its east: a road 16 tiles long, x -1…16 with the margin.
Board LongRoad() {
  Board board;
  board.Place(BaseTiles().at("D"), {0, 0}, 0);
  for (int x = 1; x <= 15; ++x) board.Place(BaseTiles().at("U"), {x, 0}, 1);
  return board;
}

}  // namespace

TEST_CASE("the board fits the width it is given and says what it left out", "[render][view]") {
  Board board = LongRoad();
  std::vector<PlayerSpec> players = {{"Anna", "red"}, {"Ben", "blue"}};
  // Unlimited (a file or a pipe): every column, nothing said.
  std::string whole = RenderBoard(board, players, {{0, 15, 0}}, 15, false);
  CHECK(whole.find("left out") == std::string::npos);
  CHECK(SplitLines(whole)[0].find("-1") != std::string::npos);
  size_t widest = 0;
  for (const std::string& line : SplitLines(whole)) widest = std::max(widest, VisibleColumns(line));
  CHECK(widest > 80);
  // 80 columns: labels "-1" and a blank (3), then 6 per column and the closing bracket: 12
  // columns round the latest tile (x 15), x 5…16.
  std::string fitted =
      RenderBoard(board, players, {{0, 15, 0}}, 15, false, BoardView{80, std::nullopt, 0});
  for (const std::string& line : SplitLines(fitted)) CHECK(VisibleColumns(line) <= 80);
  std::vector<std::string> lines = SplitLines(fitted);
  CHECK(lines.back() == "columns -1\u20264 left out; board X,Y R shows a window");
  CHECK(lines[0].find(" 5 ") != std::string::npos);
  CHECK(lines[0].find(" 4 ") == std::string::npos);
  CHECK(fitted.find("[") != std::string::npos);  // the latest tile is in view, framed
  CHECK(fitted.find("A = Anna (red)") != std::string::npos);
  // A window: the cells within 1 of 0,0.
  std::string window = RenderBoard(board, players, {}, -1, false, BoardView{0, Cell{0, 0}, 1});
  CHECK(SplitLines(window).back() == "columns 2\u202616 left out; board shows the whole board");
  CHECK(SplitLines(window)[0] == "     -1     0     1");
  // A window on a corner of the board, and one off it.
  std::string corner = RenderBoard(board, players, {}, -1, false, BoardView{0, Cell{16, 1}, 0});
  CHECK(SplitLines(corner).back() ==
        "columns -1\u202615, rows -1\u20260 left out; board shows the whole board");
  CHECK(RenderBoard(board, players, {}, -1, false, BoardView{0, Cell{40, 0}, 3}) ==
        "no cell within 3 of 40,0: the board spans columns -1\u202616, rows -1\u20261\n");
  // A very narrow terminal still shows one column.
  std::string narrow = RenderBoard(board, players, {}, -1, false, BoardView{5, std::nullopt, 0});
  CHECK(SplitLines(narrow).back() ==
        "columns -1\u202614 and 16 left out; board X,Y R shows a window");
}

TEST_CASE("board X,Y R: its arguments", "[render][view]") {
  BoardView view;
  CHECK(ParseBoardView({"board"}, &view).ok());
  CHECK(!view.centre);
  REQUIRE(ParseBoardView({"board", "2,-1", "3"}, &view).ok());
  CHECK((view.centre && view.centre->x == 2 && view.centre->y == -1 && view.radius == 3));
  BoardView alone;
  REQUIRE(ParseBoardView({"board", "4,4"}, &alone).ok());
  CHECK(alone.radius == 2);
  BoardView bad;
  CHECK(ParseBoardView({"board", "x"}, &bad).message() ==
        "'x' is not a cell: board takes nothing or a window: board X,Y R (the cells within R "
        "of X,Y)");
  CHECK(ParseBoardView({"board", "1,1", "-2"}, &bad).message() ==
        "'-2' is not a radius (0 to 999): board takes nothing or a window: board X,Y R (the "
        "cells within R of X,Y)");
  CHECK(!ParseBoardView({"board", "1,1", "2", "3"}, &bad).ok());
  CHECK(!bad.centre);  // a refused view changes nothing
}

TEST_CASE("a described set lists what its box holds", "[render]") {
  DescribedSet set;
  set.set = "mists";
  set.tiles = 3;
  set.castles = 1;
  set.cemeteries = 1;
  set.ghost_classes = {1, 2};
  set.images = std::make_shared<const std::vector<DescribedImage>>(
      std::vector<DescribedImage>{{"M01", 1, {0}, ""}, {"M02", 2, {1, 1}, ""}});
  set.start = DescribedStart{4, 3};
  std::string text = RenderDescribedSet(set);
  CHECK(text.find("3 tiles, 1 castles, 1 cemeteries; ghost symbols: 1 tile with 0, 2 tiles with 1 "
                  "(2 in all)\n") != std::string::npos);
  CHECK(text.find("start tile: covers 4 cells, 3 ghost symbols\n") != std::string::npos);
  CHECK(text.find("  M01 x1: 0       M02 x2: 1,1\n") != std::string::npos);
}
