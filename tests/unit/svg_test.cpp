// The SVG pictures: well-formed (a small tag-balance check here; tests/svg_check.sh runs a
// real XML parser and renderer), one tile group per placed tile, every segment kind drawn,
// the players' meeple colours, the coordinates, and the score chart.
#include "cli/svg.h"

#include <regex>

#include "carcref/simulate.h"
#include "games/base/view/base_view.h"
#include "support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Tag balance: every element closed in order, attributes quoted, entities known, no stray
// '<' or '&' in text. Returns "" or what is wrong.
std::string CheckXml(const std::string& xml) {
  std::vector<std::string> open;
  size_t i = 0;
  bool root_seen = false;
  auto bad_entities = [](const std::string& text) {
    static const std::regex entity("&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);");
    std::string rest = std::regex_replace(text, entity, "");
    return rest.find('&') != std::string::npos;
  };
  while (i < xml.size()) {
    size_t lt = xml.find('<', i);
    std::string text = xml.substr(i, lt == std::string::npos ? std::string::npos : lt - i);
    if (bad_entities(text)) return "bad entity in text: " + text;
    if (text.find('>') != std::string::npos) return "stray > in text: " + text;
    if (lt == std::string::npos) break;
    if (open.empty() && root_seen && text.find_first_not_of(" \n") != std::string::npos)
      return "text after the root element";
    if (xml.compare(lt, 5, "<?xml") == 0) {
      size_t end = xml.find("?>", lt);
      if (end == std::string::npos || lt != 0) return "bad XML declaration";
      i = end + 2;
      continue;
    }
    // Read the tag up to its '>' outside quotes.
    size_t j = lt + 1;
    char quote = 0;
    for (; j < xml.size(); ++j) {
      char c = xml[j];
      if (quote) {
        if (c == quote) quote = 0;
        if (c == '<') return "< inside an attribute";
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '>') {
        break;
      }
    }
    if (j >= xml.size()) return "unterminated tag";
    std::string tag = xml.substr(lt + 1, j - lt - 1);
    if (bad_entities(tag)) return "bad entity in tag: " + tag;
    i = j + 1;
    if (tag[0] == '/') {
      std::string name = tag.substr(1);
      if (open.empty() || open.back() != name)
        return "</" + name + "> closes <" + (open.empty() ? "" : open.back()) + ">";
      open.pop_back();
      continue;
    }
    bool self_closing = tag.back() == '/';
    std::string name = tag.substr(0, tag.find_first_of(" /\n"));
    static const std::regex attrs(R"(^[a-zA-Z][\w:-]*(\s+[a-zA-Z][\w:-]*="[^"]*")*\s*/?$)");
    if (!std::regex_match(tag, attrs)) return "bad tag: <" + tag + ">";
    if (open.empty() && root_seen) return "a second root element <" + name + ">";
    root_seen = true;
    if (!self_closing) open.push_back(name);
  }
  if (!open.empty()) return "<" + open.back() + "> is never closed";
  if (!root_seen) return "no element";
  return "";
}

BaseMatch PlayedGame() {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place U 1,0 0", "meeple road E", "place E 0,1 180 meeple city S",
           "place B 0,-1 0 meeple monastery", "place V -1,0 180 meeple field SW",
           "place F 0,2 0 meeple city E"});
  return r;
}

}  // namespace

TEST_CASE("the tag-balance check catches what it should", "[svg]") {
  CHECK(CheckXml("<a><b x=\"1\"/></a>") == "");
  CHECK(CheckXml("<a><b></a>") != "");
  CHECK(CheckXml("<a x=1></a>") != "");
  CHECK(CheckXml("<a>Tom & Jerry</a>") != "");
  CHECK(CheckXml("<a></a><b/>") != "");
}

TEST_CASE("board SVG: one tile group per placed tile, meeples, coordinates", "[svg]") {
  BaseMatch r = PlayedGame();
  const Game& g = r.game();
  BoardSvgOptions options;
  options.title = "session 1 · base game";
  options.subtitle = "after command 6 of 6";
  std::string svg = BoardSvg(g, options);
  INFO(svg.substr(0, 2000));
  CHECK(CheckXml(svg) == "");
  CHECK(svg.rfind(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"",
            0) == 0);
  CHECK(Count(svg, "<g class=\"tile\"") == g.board().size());
  for (const PlacedTile& t : g.board().tiles())
    CHECK(Count(svg, "data-cell=\"" + CellName(t.cell) + "\"") == 1);
  CHECK_THAT(svg, Catch::Contains("data-cell=\"0,1\" data-tile=\"E\" data-rotation=\"180\""));
  // Every meeple on the board, in its player's colour.
  REQUIRE(g.meeples().size() == 4);
  CHECK(Count(svg, "<g class=\"meeple\"") == 4);
  CHECK(Count(svg, "<g class=\"meeple\" data-player=\"Anna\"") == 3);
  CHECK(Count(svg, "<g class=\"meeple\" data-player=\"Ben\"") == 1);
  CHECK_THAT(svg, Catch::Contains("fill=\"" + SvgPlayerColor("red") + "\""));
  CHECK_THAT(svg, Catch::Contains("fill=\"" + SvgPlayerColor("blue") + "\""));
  CHECK_THAT(svg, Catch::Contains("Ben (blue): farmer on the field"));
  CHECK_THAT(svg, Catch::Contains("Anna (red): knight on the city E+W with a pennant at 0,2"));
  CHECK_THAT(svg, Catch::Contains("Anna (red): monk on the monastery at 0,-1"));
  CHECK_THAT(svg, Catch::Contains("Anna (red): thief on the road W–E at 1,0"));
  // Coordinates on all four edges: the board with a margin of one cell, x −2…2, y −2…3.
  for (int x = -2; x <= 2; ++x)
    CHECK(Count(svg, "class=\"coord\">" + std::to_string(x) + "</text>") >= 2);
  for (int y = -2; y <= 3; ++y)
    CHECK(Count(svg, "class=\"coord\">" + std::to_string(y) + "</text>") >= 2);
  // The heading: title and scores.
  CHECK_THAT(svg, Catch::Contains(">session 1 · base game</text>"));
  CHECK_THAT(svg, Catch::Contains(">Ben 4</text>"));
}

TEST_CASE("board SVG: every tile of base and winter in every rotation, by segment kind", "[svg]") {
  GameSetup setup = TwoPlayers("winter");
  Board board;
  int x = 0, roads = 0, pennants = 0, monasteries = 0, cities = 0;
  for (const TilePtr& t : setup.catalog.tiles) {
    for (int q = 0; q < 4; ++q) board.Place(t, {x, q}, q);
    ++x;
    for (const Segment& s : t->segments) {
      roads += 4 * (s.kind == FeatureKind::kRoad);
      cities += 4 * (s.kind == FeatureKind::kCity);
      pennants += 4 * s.pennants;
      monasteries += 4 * (s.kind == FeatureKind::kMonastery);
    }
  }
  std::string svg = BoardSvg(board, setup.players, {}, {});
  CHECK(CheckXml(svg) == "");
  CHECK(Count(svg, "<g class=\"tile\"") == board.size());
  CHECK(Count(svg, "<path class=\"road\"") == roads);
  CHECK(Count(svg, "<path class=\"city\"") == cities);
  CHECK(Count(svg, "<g class=\"pennant\"") == pennants);
  CHECK(Count(svg, "<g class=\"monastery\"") == monasteries);
  CHECK_FALSE(std::regex_search(svg, std::regex("[\\s,\"(]-?(nan|inf)[\\s,\")]")));
}

TEST_CASE("board SVG: city shapes — separate caps apart, one band, walls where they meet field",
          "[svg]") {
  GameSetup setup = TwoPlayers();
  auto tile_svg = [&](const std::string& id, int q) {
    Board board;
    board.Place(setup.catalog.Find(id), {0, 0}, q);
    std::string svg = BoardSvg(board, setup.players, {}, {});
    size_t from = svg.find("<g class=\"tile\"");
    return svg.substr(from, svg.find("</g>", from) - from);
  };
  // H: two separate caps, each its own polygon and wall.
  CHECK(Count(tile_svg("H", 0), "class=\"city\"") == 2);
  CHECK(Count(tile_svg("H", 0), "class=\"wall\"") == 2);
  CHECK(Count(tile_svg("I", 1), "class=\"city\"") == 2);
  // G: one band with a wall along each field.
  CHECK(Count(tile_svg("G", 0), "class=\"city\"") == 1);
  CHECK(Count(tile_svg("G", 0), "class=\"wall\"") == 2);
  // N: a corner city, R: three sides, E: a cap — one wall each; C: all city, no wall.
  for (const char* id : {"N", "R", "E"}) CHECK(Count(tile_svg(id, 2), "class=\"wall\"") == 1);
  CHECK(Count(tile_svg("C", 0), "class=\"wall\"") == 0);
  // The cap of E turned 180 lies along the south side: its area reaches both south corners.
  CHECK_THAT(tile_svg("E", 2), Catch::Contains("d=\"M100,100 L0,100 C"));
  // X: four roads to a junction square; L: three.
  CHECK(Count(tile_svg("X", 0), "class=\"road\"") == 4);
  CHECK_THAT(tile_svg("X", 0), Catch::Contains("<rect x=\"43\" y=\"43\""));
}

TEST_CASE("board SVG: names are escaped, unknown colours are grey, no board is fine", "[svg]") {
  std::vector<PlayerSpec> players = {{"A<&\"'>", "red"}, {"Bo", "mauve"}};
  Board board;
  std::string empty = BoardSvg(board, players, {}, {});
  CHECK(CheckXml(empty) == "");
  CHECK_THAT(empty, Catch::Contains("no tiles on the board"));
  BoardSvgOptions options;
  options.title = "<script>&";
  options.players = {{"A<&\"'>", "red", 3}, {"Bo", "mauve", 1}};
  GameSetup setup = TwoPlayers();
  board.Place(setup.catalog.Find("D"), {0, 0}, 0);
  std::string svg = BoardSvg(board, players, {{0, 0, 0}, {1, 0, 1}}, options);
  CHECK(CheckXml(svg) == "");
  CHECK_THAT(svg, Catch::Contains("data-player=\"A&lt;&amp;&quot;&apos;&gt;\""));
  CHECK_THAT(svg, Catch::Contains("&lt;script&gt;&amp;"));
  CHECK(SvgPlayerColor("mauve") == "#888888");
  CHECK(SvgPlayerColor("RED") == SvgPlayerColor("red"));
  // Out-of-range meeples are skipped.
  std::string skipped = BoardSvg(board, players, {{5, 0, 0}, {0, 9, 0}, {0, 0, 99}}, {});
  CHECK(Count(skipped, "<g class=\"meeple\"") == 0);
}

TEST_CASE("board SVG: mist areas, castles and cemeteries are drawn by kind", "[svg][mists]") {
  auto tile = std::make_shared<TileType>();
  tile->id = "test/mist";
  tile->edges = {EdgeKind::kField, EdgeKind::kRoad, EdgeKind::kField, EdgeKind::kRoad};
  Segment road{FeatureKind::kRoad, Bit(MiddlePort(kEast)) | Bit(MiddlePort(kWest)), 0, {}, 0, 0};
  Segment north{FeatureKind::kField,
                SideMask(kNorth) | Bit(PortOf(kEast, 0)) | Bit(PortOf(kWest, 2)),
                0,
                {},
                0,
                0};
  Segment mist{FeatureKind::kMist,
               SideMask(kSouth) | Bit(PortOf(kEast, 2)) | Bit(PortOf(kWest, 0)),
               0,
               {},
               0,
               2};
  Segment castle{FeatureKind::kCastle, 0, 0, {}, 0, 0};
  tile->segments = {road, north, mist, castle};
  std::vector<PlayerSpec> players = {{"Anna", "red"}, {"Ben", "blue"}};
  Board board;
  board.Place(tile, {0, 0}, 1);
  std::string svg = BoardSvg(board, players, {{0, 0, 2}}, {});
  CHECK(CheckXml(svg) == "");
  CHECK(Count(svg, "<path class=\"mist\"") == 1);
  CHECK_THAT(svg, Catch::Contains("fill-opacity=\"0.55\""));
  // The tile's 2 printed ghost symbols: symbols, not ghosts standing there.
  CHECK(Count(svg, "<g class=\"ghost-symbols\"") == 1);
  CHECK(Count(svg, "<g class=\"ghosts\"") == 0);
  CHECK(Count(svg, "<g class=\"castle\"") == 1);
  tile->segments[3].kind = FeatureKind::kCemetery;
  CHECK(Count(BoardSvg(board, players, {}, {}), "<g class=\"cemetery\"") == 1);
}

TEST_CASE("score chart: a line per player from the events, axes and legend", "[svg][chart]") {
  GameSetup setup = Setup({{"Anna", "red"}, {"Ben", "blue"}, {"Cleo", "yellow"}});
  RandomGameResult played = PlayRandomGame(setup, 11, true);
  BaseMatch r = Start(setup);
  Play(r, played.commands);
  const Game& g = r.game();
  ScoreChart chart = ScoreChartFromEvents(g, "Scores · session 1");
  REQUIRE(chart.x_ticks.size() == static_cast<size_t>(g.turn()) + 2);  // 0 … turns, end
  CHECK(chart.x_ticks.back() == "end");
  REQUIRE(chart.players.size() == 3);
  for (size_t p = 0; p < 3; ++p) {
    CHECK(chart.players[p].values.size() == chart.x_ticks.size());
    CHECK(chart.players[p].values.front() == 0);
    CHECK(chart.players[p].values.back() == g.totals()[p].Total());
    CHECK(std::is_sorted(chart.players[p].values.begin(), chart.players[p].values.end()));
  }
  std::string svg = ScoreChartSvg(chart);
  CHECK(CheckXml(svg) == "");
  CHECK(Count(svg, "<g class=\"series\"") == 3);
  CHECK(Count(svg, "class=\"secondary\"") == 0);
  CHECK_THAT(svg, Catch::Contains(">turn</text>"));
  CHECK_THAT(svg, Catch::Contains(">points</text>"));
  CHECK_THAT(svg, Catch::Contains(">Anna " + std::to_string(g.totals()[0].Total()) + "</text>"));
  CHECK_THAT(svg, Catch::Contains("stroke=\"" + SvgPlayerColor("blue") + "\""));
  // The hook for the co-op ghost bank: a second series on its own axis.
  chart.secondary =
      ChartSeries{"ghost bank", "grey", std::vector<int>(chart.x_ticks.size(), 4), false};
  std::string with_bank = ScoreChartSvg(chart);
  CHECK(CheckXml(with_bank) == "");
  CHECK(Count(with_bank, "<g class=\"secondary\"") == 1);
  CHECK_THAT(with_bank, Catch::Contains(">ghosts in the bank</text>"));
  // Nothing to plot is still a chart.
  CHECK(CheckXml(ScoreChartSvg(ScoreChart{})) == "");
}

namespace {

// A 1-tile board with a mist area showing 2 ghost symbols (segment 2) and a castle.
std::shared_ptr<TileType> MistTile() {
  auto tile = std::make_shared<TileType>();
  tile->id = "test/mist";
  tile->edges = {EdgeKind::kField, EdgeKind::kRoad, EdgeKind::kField, EdgeKind::kRoad};
  Segment road{FeatureKind::kRoad, Bit(MiddlePort(kEast)) | Bit(MiddlePort(kWest)), 0, {}, 0, 0};
  Segment north{FeatureKind::kField,
                SideMask(kNorth) | Bit(PortOf(kEast, 0)) | Bit(PortOf(kWest, 2)),
                0,
                {},
                0,
                0};
  Segment mist{FeatureKind::kMist,
               SideMask(kSouth) | Bit(PortOf(kEast, 2)) | Bit(PortOf(kWest, 0)),
               0,
               {},
               0,
               2};
  Segment cemetery{FeatureKind::kCemetery, 0, 0, {}, 0, 0};
  tile->segments = {road, north, mist, cemetery};
  return tile;
}

std::vector<std::string> LegendEntriesIn(const std::string& svg) {
  std::vector<std::string> out;
  static const std::regex entry("data-entry=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), entry); it != std::sregex_iterator();
       ++it)
    out.push_back((*it)[1]);
  return out;
}

}  // namespace

TEST_CASE("board SVG: the legend is the entries the game's view gives, each with its symbol",
          "[svg][legend]") {
  Board board;
  board.Place(MistTile(), {0, 0}, 0);
  std::vector<PlayerSpec> players = {{"Anna", "red"}, {"Ben", "blue"}};
  BoardSvgOptions options;
  std::string plain = BoardSvg(board, players, {}, options);
  CHECK(LegendEntriesIn(plain) == std::vector<std::string>{"field", "city", "road", "monastery",
                                                           "pennant", "meeple", "farmer"});
  CHECK(SvgTileLegend() == LegendEntriesIn(plain));
  // Every symbol BoardSvg knows, in the order given, each once and each drawn.
  options.legend = {"hound", "mist",  "ghost symbols", "ghost",  "castle", "cemetery",
                    "guard", "field", "buried meeple", "farmer", "pennant"};
  std::string all = BoardSvg(board, players, {}, options);
  CHECK(CheckXml(all) == "");
  CHECK(LegendEntriesIn(all) == options.legend);
  CHECK(Count(all, ")\"></g>") == 0);  // no entry without its symbol
  // The legend's rows fit the picture: the last entry ends inside it, below the board.
  std::smatch width;
  REQUIRE(std::regex_search(all, width, std::regex("width=\"([0-9.]+)\"")));
  std::smatch last;
  REQUIRE(std::regex_search(
      all, last, std::regex("data-entry=\"pennant\"><g transform=\"translate\\(([0-9.]+),")));
  CHECK(std::stod(last[1]) < std::stod(width[1]));
  // Another word is drawn as the word alone, escaped; no entries, no legend rows.
  options.legend = {"<dragon>"};
  std::string other = BoardSvg(board, players, {}, options);
  CHECK(CheckXml(other) == "");
  CHECK(Count(other, "data-entry=\"&lt;dragon&gt;\"><g transform") == 1);
  options.legend = {};
  std::string none = BoardSvg(board, players, {}, options);
  CHECK(CheckXml(none) == "");
  CHECK(LegendEntriesIn(none).empty());
  std::smatch plain_height, none_height;
  REQUIRE(std::regex_search(plain, plain_height, std::regex("height=\"([0-9.]+)\"")));
  REQUIRE(std::regex_search(none, none_height, std::regex("height=\"([0-9.]+)\"")));
  CHECK(std::stod(none_height[1]) < std::stod(plain_height[1]));
}

TEST_CASE("board SVG: ghosts, ghost symbols, hounds and buried meeples are told apart",
          "[svg][mists]") {
  Board board;
  board.Place(MistTile(), {0, 0}, 0);
  std::vector<PlayerSpec> players = {{"Anna", "red"}, {"Ben", "blue"}};
  BoardSvgOptions options;
  options.ghosts = {{0, 2, 3}};  // 3 ghosts stand in the mist area
  options.hounds = {{0, 0, 2}};  // Ronja waits with the thief on the road
  options.buried = {{1, 0, 3}};  // Ben's meeple lies buried on the cemetery
  std::string svg = BoardSvg(board, players, {{0, 0, 0}}, options);
  CHECK(CheckXml(svg) == "");
  CHECK(Count(svg, "<g class=\"ghost-symbols\"") == 1);  // the 2 printed on the tile
  CHECK(Count(svg, "<g class=\"ghosts\" data-count=\"3\"") == 1);
  CHECK_THAT(svg, Catch::Contains("\u00d73</text>"));
  CHECK(Count(svg, "<g class=\"hound\" data-number=\"2\"") == 1);
  CHECK(Count(svg, "<g class=\"buried\"") == 1);
  CHECK(Count(svg, "<g class=\"meeple\"") == 1);  // the buried one is not a standing meeple
  // The symbols are a hollow outline; the ghosts are white figures.
  size_t symbols = svg.find("<g class=\"ghost-symbols\"");
  CHECK(svg.substr(symbols, 300).find("fill=\"none\"") != std::string::npos);
  size_t ghosts = svg.find("<g class=\"ghosts\"");
  CHECK(svg.substr(ghosts, 300).find("fill=\"#ffffff\"") != std::string::npos);
  // Out-of-range markers are skipped.
  options.ghosts = {{5, 2, 1}, {0, 99, 1}};
  options.hounds = {{0, -1, 1}};
  options.buried = {{7, 0, 3}, {0, 9, 3}};
  std::string skipped = BoardSvg(board, players, {}, options);
  CHECK(CheckXml(skipped) == "");
  CHECK(Count(skipped, "<g class=\"ghosts\"") + Count(skipped, "<g class=\"hound\"") +
            Count(skipped, "<g class=\"buried\"") ==
        0);
}

TEST_CASE("board SVG: a pennant is never drawn in a player's colour", "[svg]") {
  BaseMatch r = PlayedGame();  // tile F at 0,2 has a pennant
  std::string svg = BoardSvg(r.game(), {});
  size_t at = svg.find("<g class=\"pennant\"");
  REQUIRE(at != std::string::npos);
  std::smatch fill;
  std::string pennant = svg.substr(at, 400);
  REQUIRE(std::regex_search(pennant, fill, std::regex("fill=\"(#[0-9a-f]{6})\"")));
  for (const char* colour : {"red", "blue", "green", "yellow", "black", "grey", "pink", "purple",
                             "orange", "white", "brown"})
    CHECK(fill[1] != SvgPlayerColor(colour));
}

TEST_CASE("board SVG: the final picture shows the meeples the final scoring read", "[svg]") {
  // A thief, a knight, a monk and a farmer stand on unfinished features.
  BaseMatch r = PlayedGame();
  REQUIRE(r.Execute("end").ok());
  const Game& g = r.game();
  REQUIRE(g.phase() == Phase::kGameOver);
  // The final scoring sent the thief, the knights and the monk home; only the farmer stays.
  CHECK(g.meeples().size() == 1);
  std::string svg = BoardSvg(g, {});
  CHECK(CheckXml(svg) == "");
  CHECK(Count(svg, "<g class=\"meeple\"") == 4);
  CHECK_THAT(svg, Catch::Contains("Anna (red): monk on the monastery at 0,-1"));
  CHECK_THAT(svg, Catch::Contains("Anna (red): thief on the road W–E at 1,0"));
}
