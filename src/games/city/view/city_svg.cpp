// The City board as SVG (city_render.h). Every tile is drawn in its own 100×100 box, y down,
// north at the top: the twelve ports become eight wedges (each half-edge with its share of the
// edge middle) meeting at the centre, filled by the kind of their half; thin lines part the
// wedges of different areas; streets are drawn over them. Figures (followers, watchmen,
// towers, goods, buildings) are placed in board coordinates so that they stay upright.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "carcref/i18n.h"
#include "carcref/words.h"
#include "cli/render.h"
#include "cli/svg.h"
#include "games/city/view/city_render.h"

namespace carcref {

namespace {

constexpr double kSize = 100;
constexpr double kPi = 3.14159265358979323846;
constexpr const char* kPaper = "#faf7f0";
constexpr const char* kGridLine = "#ddd6c6";
constexpr const char* kInk = "#2b2b2b";
constexpr const char* kMuted = "#6f6a60";
constexpr const char* kResidential = "#d9977a";
constexpr const char* kMarket = "#f3d36b";
constexpr const char* kBuilding = "#b3ada3";
constexpr const char* kAreaEdge = "#5b4a3c";
constexpr const char* kStreetEdge = "#5f5a54";
constexpr const char* kStreetCore = "#a8a39a";
constexpr const char* kWall = "#2f2a25";
constexpr const char* kGate = "#9b2f1c";
constexpr const char* kHighlight = "#f2b705";
constexpr const char* kFont = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif";

struct Pt {
  double x = 0;
  double y = 0;
};
Pt operator+(Pt a, Pt b) { return {a.x + b.x, a.y + b.y}; }
Pt operator-(Pt a, Pt b) { return {a.x - b.x, a.y - b.y}; }
Pt operator*(Pt a, double k) { return {a.x * k, a.y * k}; }
double Dist(Pt a, Pt b) { return std::hypot(a.x - b.x, a.y - b.y); }
std::string Num(double v) { return SvgNumber(v); }
std::string P(Pt p) { return Num(p.x) + "," + Num(p.y); }

constexpr Pt kCentre{50, 50};

// A point of the tile's box turned `q` quarter turns clockwise about its centre.
Pt Turn(Pt p, int q) {
  for (int i = 0; i < q % 4; ++i) p = {kSize - p.y, p.x};
  return p;
}
Pt SideStart(Side s) { return Turn({0, 0}, s); }
Pt SideMiddle(Side s) { return Turn({50, 0}, s); }
Pt SideEnd(Side s) { return Turn({kSize, 0}, s); }

std::string Text(Pt at, const std::string& text, const std::string& attrs) {
  return "<text x=\"" + Num(at.x) + "\" y=\"" + Num(at.y) + "\" " + attrs + ">" + XmlEscape(text) +
         "</text>";
}

// White or dark ink on a fill colour ("#rrggbb"), whichever reads better.
std::string InkOn(const std::string& fill) {
  if (fill.size() != 7 || fill[0] != '#') return "#ffffff";
  auto channel = [&](size_t at) { return std::stoi(fill.substr(at, 2), nullptr, 16) / 255.0; };
  double luma = 0.299 * channel(1) + 0.587 * channel(3) + 0.114 * channel(5);
  return luma > 0.6 ? "#222222" : "#ffffff";
}

// A player's disc (or, lying down, a flat ellipse) with their mark.
std::string Figure(Pt at, const std::string& fill, char mark, bool lying, double r = 11) {
  std::string shape =
      lying ? "<ellipse cx=\"" + Num(at.x) + "\" cy=\"" + Num(at.y) + "\" rx=\"" + Num(r * 1.35) +
                  "\" ry=\"" + Num(r * 0.8) + "\""
            : "<circle cx=\"" + Num(at.x) + "\" cy=\"" + Num(at.y) + "\" r=\"" + Num(r) + "\"";
  return shape + " fill=\"" + fill + "\" stroke=\"#151515\" stroke-width=\"1.5\"/>" +
         Text(at + Pt{0, r * 0.38}, std::string(1, mark),
              "text-anchor=\"middle\" font-size=\"" + Num(r * 1.05) +
                  "\" font-weight=\"bold\" fill=\"" + InkOn(fill) + "\"");
}

std::string GoodsBadge(Pt at, char letter) {
  const char* fill = letter == 'G' ? "#c98f0e" : letter == 'F' ? "#2f6fc4" : "#7a5636";
  return "<g class=\"goods\"><circle cx=\"" + Num(at.x) + "\" cy=\"" + Num(at.y) +
         "\" r=\"7.5\" fill=\"" + fill + "\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>" +
         Text(at + Pt{0, 3.8}, std::string(1, letter),
              "text-anchor=\"middle\" font-size=\"10.5\" font-weight=\"bold\" fill=\"#ffffff\"") +
         "</g>";
}

std::string PublicBadge(Pt at) {
  return "<g class=\"public\"><rect x=\"" + Num(at.x - 7.5) + "\" y=\"" + Num(at.y - 7.5) +
         "\" width=\"15\" height=\"15\" rx=\"2.5\" fill=\"#ffffff\" stroke=\"#3d3a33\" "
         "stroke-width=\"1.5\"/>" +
         Text(at + Pt{0, 3}, "p",
              "text-anchor=\"middle\" font-size=\"12\" font-weight=\"bold\" fill=\"#3d3a33\"") +
         "</g>";
}

std::string Star(Pt at, double r = 10) {
  std::string d;
  for (int k = 0; k < 10; ++k) {
    double a = -kPi / 2 + k * kPi / 5, rr = k % 2 ? r * 0.45 : r;
    d += (k ? " L" : "M") + P(at + Pt{rr * std::cos(a), rr * std::sin(a)});
  }
  return "<path class=\"historic\" d=\"" + d +
         " Z\" fill=\"#e8b00c\" stroke=\"#5c4300\" stroke-width=\"1.3\" "
         "stroke-linejoin=\"round\"/>";
}

// A tower, 20 units tall, centred on `at`.
std::string TowerIcon(Pt at, const std::string& fill, char mark) {
  std::string d = "M-8,10 V-6 H-8 V-11 H-4.5 V-7.5 H-1.8 V-11 H1.8 V-7.5 H4.5 V-11 H8 V10 Z";
  return "<path transform=\"translate(" + P(at) + ")\" d=\"" + d + "\" fill=\"" + fill +
         "\" stroke=\"#151515\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>" +
         Text(at + Pt{0, 5}, std::string(1, mark),
              "text-anchor=\"middle\" font-size=\"10\" font-weight=\"bold\" fill=\"" + InkOn(fill) +
                  "\"");
}

// The gate in the frame of a north edge (the outside is y < 0): the wall with an opening
// between two posts and an arch over it.
std::string GateShape() {
  return std::string(
             "<path d=\"M0,0 V-9 H27 V-18 H39 V0 Z M61,0 V-18 H73 V-9 H100 V0 Z\" "
             "fill=\"") +
         kGate +
         "\" stroke=\"#4a1208\" stroke-width=\"1.2\"/><path d=\"M33,-18 A17,17 0 0 1 67,-18\" "
         "fill=\"none\" stroke=\"" +
         kGate + "\" stroke-width=\"6\"/>";
}

// The class and fill of a wedge of this part (a half is never a street or nothing).
std::pair<const char*, const char*> PartLook(CityPart part) {
  if (part == CityPart::kResidential) return {"residential", kResidential};
  if (part == CityPart::kMarket) return {"market", kMarket};
  return {"building", kBuilding};
}

// A tile drawn in its box, and where its areas' figures go (box coordinates).
struct TileDrawing {
  std::string body;
  std::vector<Pt> spot;            // per area: a follower's place
  std::vector<std::string> marks;  // goods and buildings, drawn over every tile
};

double DistToSegment(Pt p, Pt a, Pt b) {
  Pt d = b - a;
  double len2 = d.x * d.x + d.y * d.y;
  double u = len2 == 0 ? 0 : std::clamp(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / len2, 0.0, 1.0);
  return Dist(p, a + d * u);
}

// Places figures where nothing else is: the first candidate with `need` units of room from
// the streets' edges and from figures already placed (all points of a row of badges).
class Spots {
 public:
  void AddStreet(std::vector<Pt> line) { streets_.push_back(std::move(line)); }
  void Take(Pt p) { taken_.push_back(p); }
  double Room(Pt p) const {
    double r = 1e9;
    for (const std::vector<Pt>& line : streets_)
      for (size_t k = 1; k < line.size(); ++k)
        r = std::min(r, DistToSegment(p, line[k - 1], line[k]) - 6.5);
    for (Pt q : taken_) r = std::min(r, Dist(p, q) - 8);
    return r;
  }
  // The first candidate (a row of `count` points 15 apart centred on it) with the room.
  Pt Find(const std::vector<Pt>& candidates, double need, int count = 1) const {
    for (Pt c : candidates) {
      bool fits = true;
      for (int k = 0; k < count; ++k) fits = fits && Room(Row(c, k, count)) >= need;
      if (fits) return c;
    }
    return candidates.front();
  }
  static Pt Row(Pt c, int k, int count) { return c + Pt{15.0 * k - 7.5 * (count - 1), 0}; }

 private:
  std::vector<std::vector<Pt>> streets_;
  std::vector<Pt> taken_;
};

// A tile's wedge: side s, half h (0: the first half with the first half of the middle), with
// the part and the area its port belongs to.
struct Wedge {
  std::array<Pt, 3> corners;
  CityPart part;
  int owner;
};

std::vector<Wedge> WedgesOf(const CityTile& t) {
  std::vector<Wedge> wedges;
  for (Side s : kSides)
    for (int h : {0, 1}) {
      Port port = PortOf(s, h == 0 ? 0 : 2);
      Pt a = h == 0 ? SideStart(s) : SideMiddle(s), b = h == 0 ? SideMiddle(s) : SideEnd(s);
      wedges.push_back({{a, b, kCentre}, t.ports[port], t.AreaAt(port)});
    }
  return wedges;
}

// The wedges in their parts' colours and the lines between wedges of different areas; each
// area's wedge centroids (`centroids`, by area) and the building parts' (`building_spots`).
void DrawWedges(const std::vector<Wedge>& wedges, TileDrawing& art,
                std::vector<std::vector<Pt>>& centroids, std::vector<Pt>& building_spots) {
  for (const Wedge& w : wedges) {
    Pt centroid = (w.corners[0] + w.corners[1] + w.corners[2]) * (1.0 / 3);
    auto [cls, fill] = PartLook(w.part);
    art.body += std::string("<path class=\"") + cls + "\" d=\"M" + P(w.corners[0]) + " L" +
                P(w.corners[1]) + " L" + P(kCentre) + " Z\" fill=\"" + fill + "\" stroke=\"" +
                fill + "\" stroke-width=\"0.8\"/>";
    if (w.owner >= 0) centroids[w.owner].push_back(centroid);
    if (w.part == CityPart::kBuilding) building_spots.push_back(centroid);
  }
  for (size_t k = 0; k < wedges.size(); ++k) {
    const Wedge &a = wedges[k], &b = wedges[(k + 1) % wedges.size()];
    if (a.owner == b.owner && a.part == b.part) continue;
    art.body += "<path d=\"M" + P(a.corners[1]) + " L" + P(kCentre) + "\" stroke=\"" + kAreaEdge +
                "\" stroke-opacity=\"0.6\" stroke-width=\"1.3\"/>";
  }
}

// Streets: from each street edge's middle to the centre, or through; a crossing or a dead end
// in the middle. Each street's follower spot goes on it, and its line keeps other figures off.
void DrawStreets(const CityTile& t, TileDrawing& art, Spots& spots) {
  const int n = static_cast<int>(t.areas.size());
  auto sides_of = [&t](int i) {
    std::vector<Side> out;
    for (Side s : kSides)
      if (t.areas[i].kind == CityPart::kStreet && (t.areas[i].ports & Bit(MiddlePort(s))))
        out.push_back(s);
    return out;
  };
  int ends = 0;
  for (int i = 0; i < n; ++i) ends += sides_of(i).size() == 1;
  for (int i = 0; i < n; ++i) {
    const std::vector<Side> sides = sides_of(i);
    if (sides.empty()) continue;
    Pt a = SideMiddle(sides[0]);
    Pt b = sides.size() >= 2 ? SideMiddle(sides[1]) : kCentre;
    Pt c = sides.size() >= 2 && sides[1] != Opposite(sides[0]) ? kCentre : (a + b) * 0.5;
    std::string d = "M" + P(a) + " Q" + P(c) + " " + P(b);
    art.body += "<path class=\"street\" d=\"" + d + "\" fill=\"none\" stroke=\"" + kStreetEdge +
                "\" stroke-width=\"13\"/><path d=\"" + d + "\" fill=\"none\" stroke=\"" +
                kStreetCore + "\" stroke-width=\"9\"/>";
    std::vector<Pt> line;
    for (int k = 0; k <= 8; ++k) {
      double u = k / 8.0;
      line.push_back(a * ((1 - u) * (1 - u)) + c * (2 * u * (1 - u)) + b * (u * u));
    }
    art.spot[i] = sides.size() >= 2 ? line[4] : a + (kCentre - a) * 0.45;
    spots.AddStreet(std::move(line));
  }
  if (ends >= 2)  // a crossing
    art.body += "<circle cx=\"50\" cy=\"50\" r=\"10\" fill=\"" + std::string(kStreetCore) +
                "\" stroke=\"" + kStreetEdge + "\" stroke-width=\"2\"/>";
  else if (ends == 1)  // a dead end in the middle
    art.body += "<circle cx=\"50\" cy=\"50\" r=\"5\" fill=\"" + std::string(kStreetEdge) + "\"/>";
}

// Areas: their follower's place off the streets, near the middle of their wedges. Returns each
// area's candidate places (none for a street), the best first.
std::vector<std::vector<Pt>> PlaceAreaSpots(const CityTile& t,
                                            const std::vector<std::vector<Pt>>& centroids,
                                            const Spots& spots, TileDrawing& art) {
  const int n = static_cast<int>(t.areas.size());
  std::vector<std::vector<Pt>> candidates(n);
  for (int i = 0; i < n; ++i) {
    if (t.areas[i].kind == CityPart::kStreet || centroids[i].empty()) continue;
    Pt mean{0, 0};
    for (Pt c : centroids[i]) mean = mean + c * (1.0 / static_cast<double>(centroids[i].size()));
    candidates[i] = centroids[i];
    std::sort(candidates[i].begin(), candidates[i].end(),
              [mean](Pt a, Pt b) { return Dist(a, mean) < Dist(b, mean); });
    candidates[i].insert(candidates[i].begin(), mean);
    art.spot[i] = spots.Find(candidates[i], 10);
  }
  return candidates;
}

// Goods on their market, a row of badges (below and above the follower first).
void DrawGoods(const CityTile& t, const std::vector<std::vector<Pt>>& candidates, int follower_area,
               Spots& spots, TileDrawing& art) {
  const int n = static_cast<int>(t.areas.size());
  for (int i = 0; i < n; ++i) {
    if (t.areas[i].kind != CityPart::kMarket || candidates[i].empty()) continue;
    std::string letters;
    for (auto [bit, letter] : {std::pair{kGrain, 'G'}, {kFish, 'F'}, {kLivestock, 'L'}})
      if (t.areas[i].goods & bit) letters += letter;
    int count = static_cast<int>(letters.size());
    std::vector<Pt> row_candidates = candidates[i];
    if (i == follower_area)
      row_candidates.insert(row_candidates.begin(),
                            {art.spot[i] + Pt{0, 20}, art.spot[i] + Pt{0, -20}});
    Pt centre = spots.Find(row_candidates, 7.5, count);
    for (int k = 0; k < count; ++k) {
      Pt at = Spots::Row(centre, k, count);
      art.marks.push_back(GoodsBadge(at, letters[k]));
      spots.Take(at);
    }
  }
}

// The buildings, on their building parts when they have some, else where there is room.
void DrawBuildings(const CityTile& t, std::vector<Pt> building_spots, Spots& spots,
                   TileDrawing& art) {
  for (Pt p : {Pt{50, 50}, Pt{27, 73}, Pt{73, 73}, Pt{27, 27}, Pt{73, 27}, Pt{50, 80}, Pt{50, 20},
               Pt{20, 50}, Pt{80, 50}})
    building_spots.push_back(p);
  for (int k = 0; k < t.public_buildings + t.historic_buildings; ++k) {
    Pt at = spots.Find(building_spots, 8);
    spots.Take(at);
    art.marks.push_back(k < t.public_buildings ? PublicBadge(at) : Star(at));
  }
}

TileDrawing DrawTile(const CityTile& t, int follower_area) {
  TileDrawing art;
  const int n = static_cast<int>(t.areas.size());
  std::vector<std::vector<Pt>> centroids(n);
  std::vector<Pt> building_spots;
  DrawWedges(WedgesOf(t), art, centroids, building_spots);
  Spots spots;
  art.spot.assign(n, kCentre);
  DrawStreets(t, art, spots);
  std::vector<std::vector<Pt>> candidates = PlaceAreaSpots(t, centroids, spots, art);
  if (follower_area >= 0 && follower_area < n) spots.Take(art.spot[follower_area]);
  DrawGoods(t, candidates, follower_area, spots, art);
  DrawBuildings(t, std::move(building_spots), spots, art);
  return art;
}

constexpr double kMargin = 34;   // round the grid
constexpr double kHeader = 104;  // above the grid: the heading and the players' scores

// Where the board lies on the page: cells x0..x1 by y0..y1 (every tile and wall piece, with a
// cell of margin), the grid's size and top-left corner (gx, gy), and the page's width.
struct CityFrame {
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  double grid_w = 0, grid_h = 0, width = 0, gx = 0, gy = 0;
  // The top-left corner of a cell's box (y grows northwards on the board, down on the page).
  Pt Origin(Cell c) const { return Pt{gx + (c.x - x0) * kSize, gy + (y1 - c.y) * kSize}; }
};

CityFrame FrameOf(const CityGame& game) {
  CityFrame f;
  bool first = true;
  auto add = [&](Cell c) {
    if (first) f.x0 = f.x1 = c.x, f.y0 = f.y1 = c.y, first = false;
    f.x0 = std::min(f.x0, c.x), f.x1 = std::max(f.x1, c.x), f.y0 = std::min(f.y0, c.y),
    f.y1 = std::max(f.y1, c.y);
  };
  for (const PlacedCityTile& t : game.tiles()) add(t.cell);
  for (const WallSlot& w : game.wall()) add(w.cell);
  --f.x0, ++f.x1, --f.y0, ++f.y1;  // a cell of margin: the wall lies there
  f.grid_w = (f.x1 - f.x0 + 1) * kSize, f.grid_h = (f.y1 - f.y0 + 1) * kSize;
  f.width = std::max(f.grid_w + 2 * kMargin, 760.0);
  f.gx = (f.width - f.grid_w) / 2, f.gy = kHeader + kMargin;
  return f;
}

// Where the tower on wall slot `i` stands: at the end of its piece that the neighbour towards
// the gate does not share (the wall's end when the tower was placed, D.8.7).
Pt TowerAt(const CityGame& game, int i, const CityFrame& frame) {
  const std::vector<WallSlot>& wall = game.wall();
  auto corners = [&](int k) {
    Pt o = frame.Origin(wall[k].cell);
    return std::array<Pt, 2>{o + Turn({0, 0}, wall[k].side), o + Turn({kSize, 0}, wall[k].side)};
  };
  const int last = static_cast<int>(wall.size()) - 1, gate = game.gate_index();
  int towards = i < gate ? i + 1 : i > gate ? i - 1 : i < last ? i + 1 : i - 1;
  bool short_piece = wall[i].kind == WallKind::kShort;
  double in = short_piece ? 24 : 8;  // the drawn end of the piece
  Pt o = frame.Origin(wall[i].cell);
  Pt at_start = o + Turn({in, -5}, wall[i].side), at_end = o + Turn({kSize - in, -5}, wall[i].side);
  if (towards < 0 || towards > last || towards == i) return (at_start + at_end) * 0.5;
  for (Pt q : corners(towards))
    if (Dist(corners(i)[0], q) < 1) return at_end;
  return at_start;
}

// A legend entry: its picture (drawn about 0,0) and its words.
using LegendItem = std::pair<std::string, std::string>;

// The legend, laid out before anything is drawn: its rows decide the page's height.
struct CityLegend {
  std::vector<LegendItem> items;  // the board's symbols, then one per player
  std::vector<Pt> at;             // each item's place, y from the legend's top
  size_t players = 0;
  double last_row = 0;  // the y of the last row
};

std::string LegendSquare(const std::string& fill, const std::string& stroke = "none") {
  return "<rect x=\"-8\" y=\"-8\" width=\"16\" height=\"16\" fill=\"" + fill + "\" stroke=\"" +
         stroke + "\" stroke-width=\"3\"/>";
}

std::string LegendBar(int w) {
  return "<rect x=\"" + std::to_string(-w / 2) + "\" y=\"-4\" width=\"" + std::to_string(w) +
         "\" height=\"8\" fill=\"" + kWall + "\"/>";
}

// Every symbol the board can show, the latest tile's frame when there is one, then the players.
std::vector<LegendItem> LegendItems(const CityGame& game, const std::vector<char>& marks) {
  const std::vector<PlayerSpec>& players = game.setup().players;
  std::vector<LegendItem> items = {
      {LegendSquare(kResidential), Tr("residential area")},
      {LegendSquare(kMarket), Tr("market")},
      {LegendSquare(kBuilding), Tr("building")},
      {"<path d=\"M-9,0 H9\" stroke=\"" + std::string(kStreetEdge) +
           "\" stroke-width=\"8\"/><path d=\"M-9,0 H9\" stroke=\"" + kStreetCore +
           "\" stroke-width=\"5\"/>",
       Tr("street")},
      {GoodsBadge({0, 0}, 'G'), Tr("grain")},
      {GoodsBadge({0, 0}, 'F'), Tr("fish")},
      {GoodsBadge({0, 0}, 'L'), Tr("livestock")},
      {PublicBadge({0, 0}), Tr("public building")},
      {Star({0, 0}, 9), Tr("historic building")},
      {Figure({0, 0}, "#ffffff", 'A', false, 9), Tr("follower (street or market)")},
      {Figure({0, 0}, "#ffffff", 'A', true, 9), Tr("lying follower (residential area)")},
      {LegendBar(20), Tr("wall piece")},
      {LegendBar(10), Tr("short piece")},
      {"<g transform=\"scale(0.26) translate(-50,14)\">" + GateShape() + "</g>", Tr("city gate")},
      {LegendBar(20) + Figure({0, 0}, "#ffffff", 'A', false, 7), Tr("watchman")},
      {TowerIcon({0, 0}, "#ffffff", 'A'), Tr("tower")}};
  if (game.last_tile() >= 0)
    items.push_back({LegendSquare("none", kHighlight), Tr("the tile just placed")});
  for (size_t p = 0; p < players.size(); ++p)
    items.push_back(
        {Figure({0, 0}, SvgPlayerColor(players[p].color), marks[p], false, 9),
         players[p].name + (players[p].color.empty() ? "" : " (" + players[p].color + ")")});
  return items;
}

// The legend in rows from `left` to `right`; the players start a row of their own.
CityLegend LayOutLegend(const CityGame& game, const std::vector<char>& marks, double left,
                        double right) {
  CityLegend legend;
  legend.items = LegendItems(game, marks);
  legend.players = game.setup().players.size();
  double lx = left, ly = 0;
  for (size_t k = 0; k < legend.items.size(); ++k) {
    double w = 50 + 8 * static_cast<double>(DisplayWidth(legend.items[k].second));
    bool players_start = k + legend.players == legend.items.size();
    if ((lx + w > right && lx > left) || (players_start && lx > left)) lx = left, ly += 30;
    legend.at.push_back({lx + 12, ly});
    lx += w;
  }
  legend.last_row = ly;
  return legend;
}

// The XML declaration, the <svg> element, the title and the paper.
std::string SvgStart(double width, double height, const std::string& heading) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Num(width) + "\" height=\"" +
         Num(height) + "\" viewBox=\"0 0 " + Num(width) + " " + Num(height) + "\" font-family=\"" +
         kFont + "\">\n";
  out += "<title>" + XmlEscape(heading) + "</title>\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"" + std::string(kPaper) + "\"/>\n";
  return out;
}

// The heading, what the game waits for, and each player's score (the best in bold).
std::string Header(const CityGame& game, const std::string& heading, const std::vector<char>& marks,
                   double left) {
  const std::vector<PlayerSpec>& players = game.setup().players;
  std::string out = Text({left, 34}, heading,
                         "class=\"heading\" font-size=\"22\" font-weight=\"bold\" fill=\"" +
                             std::string(kInk) + "\"") +
                    "\n";
  out +=
      Text({left, 58}, game.AwaitWords(), "font-size=\"14\" fill=\"" + std::string(kMuted) + "\"") +
      "\n";
  std::vector<int> scores = game.Scores();
  int best = scores.empty() ? 0 : *std::max_element(scores.begin(), scores.end());
  double px = left;
  for (size_t p = 0; p < players.size(); ++p) {
    std::string label = players[p].name + " " + std::to_string(scores[p]);
    out += "<g class=\"player\" data-player=\"" + XmlEscape(players[p].name) + "\">" +
           Figure({px + 10, 84}, SvgPlayerColor(players[p].color), marks[p], false, 10) +
           Text({px + 26, 90}, label,
                std::string("font-size=\"16\" fill=\"") + kInk + "\"" +
                    (scores[p] == best && best > 0 ? " font-weight=\"bold\"" : "")) +
           "</g>\n";
    px += 46 + 9.5 * static_cast<double>(label.size());
  }
  return out;
}

// The grid with coordinates on all four sides.
std::string Grid(const CityFrame& f) {
  std::string out =
      "<path class=\"grid\" fill=\"none\" stroke=\"" + std::string(kGridLine) + "\" d=\"";
  for (int i = 0; i <= f.x1 - f.x0 + 1; ++i)
    out += "M" + P({f.gx + i * kSize, f.gy}) + " v" + Num(f.grid_h);
  for (int j = 0; j <= f.y1 - f.y0 + 1; ++j)
    out += "M" + P({f.gx, f.gy + j * kSize}) + " h" + Num(f.grid_w);
  out += "\"/>\n";
  out += "<g class=\"coords\" font-size=\"13\" fill=\"" + std::string(kMuted) +
         "\" text-anchor=\"middle\">";
  for (int x = f.x0; x <= f.x1; ++x) {
    double cx = f.Origin({x, f.y1}).x + kSize / 2;
    out += Text({cx, f.gy - 11}, std::to_string(x), "class=\"coord\"");
    out += Text({cx, f.gy + f.grid_h + 22}, std::to_string(x), "class=\"coord\"");
  }
  for (int y = f.y0; y <= f.y1; ++y) {
    double cy = f.Origin({f.x0, y}).y + kSize / 2 + 5;
    out += Text({f.gx - kMargin / 2, cy}, std::to_string(y), "class=\"coord\"");
    out += Text({f.gx + f.grid_w + kMargin / 2, cy}, std::to_string(y), "class=\"coord\"");
  }
  out += "</g>\n";
  return out;
}

// The tiles, then their goods and buildings over all of them. `arts` gets each tile's drawing
// (its followers' places).
std::string Tiles(const CityGame& game, const CityFrame& frame, std::vector<TileDrawing>& arts) {
  std::string out, marks_layer;
  for (int i = 0; i < static_cast<int>(game.tiles().size()); ++i) {
    const PlacedCityTile& t = game.tiles()[i];
    int follower_area = -1;
    for (const CityFollower& f : game.followers())
      if (f.tile == i) follower_area = f.area;
    arts.push_back(DrawTile(t.tile, follower_area));
    Pt o = frame.Origin(t.cell);
    std::string form = CityShortForm(t.tile);
    out += "<g class=\"tile\" data-cell=\"" + CellName(t.cell) + "\" data-tile=\"" +
           XmlEscape(form) + "\" transform=\"translate(" + P(o) + ")\"><title>" +
           XmlEscape(form + " at " + CellName(t.cell) + " (turn " + std::to_string(t.turn) + ")") +
           "</title>" + arts.back().body +
           "<rect class=\"tile-frame\" width=\"100\" height=\"100\" fill=\"none\" "
           "stroke=\"#3d3a33\" stroke-opacity=\"0.5\" stroke-width=\"1\"/></g>\n";
    for (const std::string& svg : arts.back().marks)
      marks_layer += "<g transform=\"translate(" + P(o) + ")\">" + svg + "</g>";
  }
  return out + marks_layer + "\n";
}

// Where a wall slot's piece is drawn: its cell and side, turned so that its outside is up.
std::string WallPlace(const WallSlot& w, const CityFrame& frame) {
  return "data-cell=\"" + CellName(w.cell) + "\" data-side=\"" + std::string(SideName(w.side)) +
         "\" transform=\"translate(" + P(frame.Origin(w.cell)) + ") rotate(" +
         std::to_string(90 * w.side) + " 50 50)\"";
}

// The wall: the gate, the pieces and the short pieces.
std::string WallPieces(const CityGame& game, const CityFrame& frame) {
  std::string out;
  for (const WallSlot& w : game.wall()) {
    std::string where = WallPlace(w, frame);
    if (w.kind == WallKind::kGate) {
      out += "<g class=\"gate\" " + where + ">" + GateShape() + "</g>\n";
    } else {
      bool s = w.kind == WallKind::kShort;
      out += std::string("<rect class=\"wall") + (s ? " short" : "") + "\" " + where + " x=\"" +
             (s ? "22" : "0") + "\" y=\"-9\" width=\"" + (s ? "56" : "100") +
             "\" height=\"9\" fill=\"" + kWall + "\"/>\n";
    }
  }
  return out;
}

// The watchmen and towers on the wall, slot by slot.
std::string WallFigures(const CityGame& game, const CityFrame& frame,
                        const std::vector<char>& marks) {
  const std::vector<PlayerSpec>& players = game.setup().players;
  auto in_range = [&](int p) { return p >= 0 && p < static_cast<int>(players.size()); };
  std::string figures;
  for (int i = 0; i < static_cast<int>(game.wall().size()); ++i) {
    const WallSlot& w = game.wall()[i];
    Pt o = frame.Origin(w.cell);
    if (in_range(w.watchman))
      figures += "<g class=\"watchman\" data-player=\"" + XmlEscape(players[w.watchman].name) +
                 "\">" +
                 Figure(o + Turn({50, -5}, w.side), SvgPlayerColor(players[w.watchman].color),
                        marks[w.watchman], false, 10) +
                 "</g>\n";
    if (in_range(w.tower))
      figures += "<g class=\"tower\" data-player=\"" + XmlEscape(players[w.tower].name) + "\">" +
                 TowerIcon(TowerAt(game, i, frame), SvgPlayerColor(players[w.tower].color),
                           marks[w.tower]) +
                 "</g>\n";
  }
  return figures;
}

// The gold frame round the tile just placed, if any.
std::string LatestTileFrame(const CityGame& game, const CityFrame& frame) {
  if (game.last_tile() < 0) return "";
  Pt o = frame.Origin(game.tiles()[game.last_tile()].cell);
  return "<rect class=\"latest\" x=\"" + Num(o.x + 2) + "\" y=\"" + Num(o.y + 2) +
         "\" width=\"96\" height=\"96\" fill=\"none\" stroke=\"" + kHighlight +
         "\" stroke-width=\"4\" rx=\"3\"/>\n";
}

// The followers at their places in `arts`, lying in a residential area; any out of range are
// skipped.
std::string Followers(const CityGame& game, const CityFrame& frame,
                      const std::vector<TileDrawing>& arts, const std::vector<char>& marks) {
  const std::vector<PlayerSpec>& players = game.setup().players;
  std::string figures;
  for (const CityFollower& f : game.followers()) {
    if (f.tile < 0 || f.tile >= static_cast<int>(arts.size()) || f.player < 0 ||
        f.player >= static_cast<int>(players.size()) || f.area < 0 ||
        f.area >= static_cast<int>(arts[f.tile].spot.size()))
      continue;
    const PlacedCityTile& t = game.tiles()[f.tile];
    bool lying = t.tile.areas[f.area].kind == CityPart::kResidential;
    figures += "<g class=\"follower\" data-player=\"" + XmlEscape(players[f.player].name) +
               "\" data-cell=\"" + CellName(t.cell) + "\"><title>" +
               XmlEscape(players[f.player].name + ": " + game.AreaWords(f.tile, f.area)) +
               "</title>" +
               Figure(frame.Origin(t.cell) + arts[f.tile].spot[f.area],
                      SvgPlayerColor(players[f.player].color), marks[f.player], lying) +
               "</g>\n";
  }
  return figures;
}

// The legend at `top`: the symbols in muted ink, the players in full ink.
std::string LegendSvg(const CityLegend& legend, double top) {
  std::string out = "<g class=\"legend\">";
  for (size_t k = 0; k < legend.items.size(); ++k) {
    Pt at = legend.at[k] + Pt{0, top};
    out += "<g transform=\"translate(" + P(at) + ")\">" + legend.items[k].first + "</g>" +
           Text(at + Pt{20, 5}, legend.items[k].second,
                "font-size=\"13\" fill=\"" +
                    std::string(k + legend.players >= legend.items.size() ? kInk : kMuted) + "\"");
  }
  return out + "</g>\n";
}

}  // namespace

// Tiles; their goods and buildings; the wall; the frame of the latest tile; figures on top;
// the legend below.
std::string CitySvg(const CityGame& game, const std::string& title) {
  const std::vector<char> marks = PlayerMarks(game.setup().players);
  const CityFrame frame = FrameOf(game);
  const double left = std::min(frame.gx, kMargin);  // the heading and legend start here
  const double right = std::max(frame.gx + frame.grid_w, frame.width - kMargin);
  const CityLegend legend = LayOutLegend(game, marks, left, right);
  const double legend_top = frame.gy + frame.grid_h + kMargin + 16;
  const double height = legend_top + legend.last_row + 30;

  const std::string heading = title.empty() ? Tr("Carcassonne: The City") : title;
  std::string out = SvgStart(frame.width, height, heading);
  out += Header(game, heading, marks, left);
  out += Grid(frame);
  std::vector<TileDrawing> arts;
  out += Tiles(game, frame, arts);
  out += WallPieces(game, frame);
  out += LatestTileFrame(game, frame);
  out += WallFigures(game, frame, marks) + Followers(game, frame, arts, marks);
  if (game.tiles().empty())
    out += Text({frame.gx + frame.grid_w / 2, frame.gy + frame.grid_h / 2},
                Tr("no tiles on the board"),
                "text-anchor=\"middle\" font-size=\"14\" fill=\"" + std::string(kMuted) + "\"") +
           "\n";
  out += LegendSvg(legend, legend_top);
  out += "</svg>\n";
  return out;
}

}  // namespace carcref
