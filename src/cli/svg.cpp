#include "cli/svg.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <deque>
#include <map>

#include "carcref/i18n.h"
#include "carcref/words.h"
#include "cli/render.h"

namespace carcref {

namespace {

// ---- Numbers, colours, text -----------------------------------------------------------

std::string Num(double v) { return SvgNumber(v); }

// The palette of the pictures.
constexpr const char* kPaper = "#faf7f0";
constexpr const char* kGridLine = "#ddd6c6";
constexpr const char* kInk = "#2b2b2b";
constexpr const char* kMuted = "#6f6a60";
constexpr const char* kFieldGreen = "#93c25e";
constexpr const char* kCityTan = "#d8b27a";
constexpr const char* kCityWall = "#7b5431";
constexpr const char* kRoadLight = "#f7f1e1";
constexpr const char* kRoadEdge = "#8f8169";
// Pennants are heraldic, not a player's: a colour no meeple has (SvgPlayerColor's palette is
// red, blue, green, yellow, black, grey, pink, purple, orange, white, brown).
constexpr const char* kPennantTeal = "#1d7a78";
constexpr const char* kHighlight = "#f2b705";
constexpr const char* kFont = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif";

// ---- Tile geometry ----------------------------------------------------------------------
//
// Everything is in the tile's own 100×100 box, y down (north at the top), after rotation:
// the shapes are built from the segments' board ports, so nothing is turned by a transform
// and figures (meeples, shields, the church) stay upright.

constexpr double kSize = 100;
constexpr double kRoadHalfWidth = 6;
constexpr double kMeepleScale = 1.3;   // the meeple figure is 24 units tall at scale 1
constexpr double kPennantOffset = 22;  // from a city's meeple to its first pennant

struct Pt {
  double x = 0;
  double y = 0;
};
Pt operator+(Pt a, Pt b) { return {a.x + b.x, a.y + b.y}; }
Pt operator-(Pt a, Pt b) { return {a.x - b.x, a.y - b.y}; }
Pt operator*(Pt a, double k) { return {a.x * k, a.y * k}; }
double Dist(Pt a, Pt b) { return std::hypot(a.x - b.x, a.y - b.y); }
std::string P(Pt p) { return Num(p.x) + "," + Num(p.y); }

constexpr Pt kCentre{50, 50};

// A point of the picture turned `q` quarter turns clockwise about the centre.
Pt Turn(Pt p, int q) {
  for (int i = 0; i < ((q % 4) + 4) % 4; ++i) p = {kSize - p.y, p.x};
  return p;
}

Pt SideMiddle(Side s) { return Turn({50, 0}, s); }
// Walking the border clockwise, a side runs from its first corner to its last.
Pt SideStart(Side s) { return Turn({0, 0}, s); }
Pt SideEnd(Side s) { return Turn({kSize, 0}, s); }
Pt Inward(Side s) { return Turn({0, 1}, s) - Turn({0, 0}, s); }
Side NextSide(Side s, int k = 1) { return static_cast<Side>((s + k) % 4); }

struct Cubic {
  Pt a, c1, c2, b;
  Pt At(double t) const {
    double u = 1 - t;
    return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + b * (t * t * t);
  }
};

struct Quad {
  Pt a, c, b;
  Pt At(double t) const {
    double u = 1 - t;
    return a * (u * u) + c * (2 * u * t) + b * (t * t);
  }
};

bool InsidePolygon(const std::vector<Pt>& poly, Pt p) {
  bool in = false;
  for (size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    if ((poly[i].y > p.y) != (poly[j].y > p.y) &&
        p.x < (poly[j].x - poly[i].x) * (p.y - poly[i].y) / (poly[j].y - poly[i].y) + poly[i].x)
      in = !in;
  }
  return in;
}

double DistToSegment(Pt p, Pt a, Pt b) {
  Pt d = b - a;
  double len2 = d.x * d.x + d.y * d.y;
  double t = len2 == 0 ? 0 : std::clamp(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / len2, 0.0, 1.0);
  return Dist(p, a + d * t);
}

double DistToPolyline(const std::vector<Pt>& line, Pt p) {
  double best = 1e9;
  for (size_t i = 1; i < line.size(); ++i)
    best = std::min(best, DistToSegment(p, line[i - 1], line[i]));
  return best;
}

std::vector<Side> SidesOf(PortMask board_ports) {
  std::vector<Side> out;
  for (Side s : kSides)
    if (board_ports & Bit(MiddlePort(s))) out.push_back(s);
  return out;
}

struct CityShape {
  std::string fill;          // path data of the area
  std::vector<Cubic> walls;  // where it meets the rest of the tile
  std::vector<Pt> outline;   // the area flattened, for hit tests
  Pt anchor;                 // its meeple
  Pt along;                  // unit step from the anchor to its pennants
};

// The city owning `sides`: the border along those sides, and between two runs of city sides
// a curved wall into the tile (one side skipped: a band's shallow edge; two: the diagonal of
// a corner city; three: the curve of a cap).
CityShape BuildCity(const std::vector<Side>& sides) {
  CityShape c;
  std::array<bool, 4> has{};
  for (Side s : sides) has[s] = true;
  auto add_line = [&](Pt p) {
    c.fill += " L" + P(p);
    c.outline.push_back(p);
  };
  if (sides.size() == 4) {
    c.fill = "M0,0 H100 V100 H0 Z";
    c.outline = {{0, 0}, {100, 0}, {100, 100}, {0, 100}};
    c.anchor = kCentre;
    c.along = Pt{1, -1} * (1.2 / std::sqrt(2.0));
    return c;
  }
  // Start at a city side whose counter-clockwise neighbour is not city, then go round:
  // along a run of city sides, a wall over the sides skipped, the next run …
  Side first = kNorth;
  for (Side t : kSides)
    if (has[t] && !has[NextSide(t, 3)]) first = t;
  Side s = first;
  c.fill = "M" + P(SideStart(s));
  c.outline.push_back(SideStart(s));
  while (true) {
    while (true) {
      add_line(SideEnd(s));
      if (!has[NextSide(s)]) break;
      s = NextSide(s);
    }
    Side skipped = NextSide(s);
    Side next = skipped;
    int gap = 0;
    while (!has[next]) next = NextSide(next), ++gap;
    Cubic wall;
    wall.a = SideEnd(s);
    wall.b = SideStart(next);
    if (gap == 1) {  // a band's edge, over the skipped side
      wall.c1 = Turn({25, 28}, skipped);
      wall.c2 = Turn({75, 28}, skipped);
    } else if (gap == 2) {  // a corner city's diagonal, bowed a little past the centre
      wall.c1 = Turn({80, 45}, NextSide(skipped, 3));
      wall.c2 = Turn({45, 80}, NextSide(skipped, 3));
    } else {  // a cap
      wall.c1 = Turn({80, 42}, s);
      wall.c2 = Turn({20, 42}, s);
    }
    c.walls.push_back(wall);
    c.fill += " C" + P(wall.c1) + " " + P(wall.c2) + " " + P(wall.b);
    for (int i = 1; i <= 16; ++i) c.outline.push_back(wall.At(i / 16.0));
    if (next == first) break;
    s = next;
  }
  c.fill += " Z";
  // The meeple: in the cap, the corner, the band's middle, or the big city's heart.
  Pt out{0, 0};
  for (Side t : sides) out = out - Inward(t);
  if (sides.size() == 1) {
    c.anchor = SideMiddle(sides[0]) + Inward(sides[0]) * 14;
    c.along = Turn({1, 0}, sides[0]);
  } else if (sides.size() == 2 && (out.x != 0 || out.y != 0)) {
    // The meeple in the middle of the corner city, its pennants towards the corner.
    Pt corner = kCentre + out * 50;
    c.anchor = corner + (kCentre - corner) * 0.62;
    c.along = (corner - kCentre) * (1 / Dist(corner, kCentre));
  } else if (sides.size() == 2) {
    c.anchor = kCentre;
    c.along = has[kWest] ? Pt{1.15, 0} : Pt{0, 1.15};
  } else {  // three sides: the missing one is -out
    c.anchor = kCentre + out * 12;
    c.along = Pt{-out.y, out.x} * 1.2;
  }
  return c;
}

enum class RoadEnd { kThrough, kJunction, kFeature, kGate, kHouse };

struct RoadShape {
  Quad path;  // from the side middle (or the first side) to the end (or the second side)
  RoadEnd end = RoadEnd::kThrough;
  std::vector<Pt> line;  // flattened
  Pt meeple;
};

// What a segment looks like on one tile, and where its meeple stands.
struct SegmentShape {
  FeatureKind kind = FeatureKind::kField;
  std::vector<Side> sides;  // board sides whose middle port it owns
  PortMask ports = 0;       // board ports
  CityShape city;
  RoadShape road;
  Pt spot{50, 50};
  bool lying = false;           // a farmer lies in the field
  double scale = kMeepleScale;  // smaller in a narrow strip of field
};

struct TileShapes {
  std::vector<SegmentShape> segments;
  int centre_feature = -1;  // monastery, castle or cemetery
  bool junction = false;    // ending roads meet at a square
  bool house = false;       // a road ends at a farmhouse
  Centre centre = Centre::kNone;
};

bool IsCentreFeature(FeatureKind k) {
  return k == FeatureKind::kMonastery || k == FeatureKind::kCastle || k == FeatureKind::kCemetery;
}

// Where a road from `side` ending at a city stops: where its straight line meets the city
// (a gate on that side), else on the nearest wall's middle, bending to it.
Quad RoadToCity(Side side, const std::vector<const CityShape*>& cities) {
  Pt from = SideMiddle(side), in = Inward(side);
  for (double d = 1; d < kSize; d += 1) {
    Pt p = from + in * d;
    for (const CityShape* c : cities)
      if (InsidePolygon(c->outline, p)) return {from, from + in * (d / 2), p};
  }
  Pt gate = kCentre;
  double best = 1e9;
  for (const CityShape* c : cities)
    for (const Cubic& w : c->walls) {
      Pt m = w.At(0.5);
      if (Dist(m, from) < best) best = Dist(m, from), gate = m;
    }
  // Bend where the road's own line passes level with the gate.
  double depth = (gate - from).x * in.x + (gate - from).y * in.y;
  return {from, from + in * depth, gate};
}

// The field (or mist area) a farmer lies in: sample the tile, flood from the field's half
// edges through what no city, road or centre feature covers, and take the sample deepest
// inside that area.
struct Spot {
  Pt at;
  double scale;
};

// The tile sampled on a kFieldGrid × kFieldGrid grid, sample n = j * kFieldGrid + i.
constexpr int kFieldGrid = 25;
constexpr double kFieldStep = kSize / kFieldGrid;

Pt FieldSample(int n) {
  return Pt{(n % kFieldGrid + 0.5) * kFieldStep, (n / kFieldGrid + 0.5) * kFieldStep};
}

// The samples no city, road, centre feature (or the junction's square, the farmhouse) covers.
std::vector<char> FreeSamples(const TileShapes& shapes) {
  std::vector<char> free(kFieldGrid * kFieldGrid, 1);
  for (int n = 0; n < kFieldGrid * kFieldGrid; ++n) {
    Pt p = FieldSample(n);
    for (const SegmentShape& s : shapes.segments) {
      bool blocked = false;
      if (s.kind == FeatureKind::kCity) blocked = InsidePolygon(s.city.outline, p);
      if (s.kind == FeatureKind::kRoad)
        blocked = DistToPolyline(s.road.line, p) < kRoadHalfWidth + 2;
      if (IsCentreFeature(s.kind)) blocked = std::abs(p.x - 50) < 17 && p.y > 22 && p.y < 70;
      if (blocked) free[n] = 0;
    }
    if ((shapes.junction || shapes.house) && Dist(p, kCentre) < 11) free[n] = 0;
  }
  return free;
}

// The free samples reached from the field's half edges (its border samples are the seeds).
std::vector<int> FieldRegion(const TileShapes& shapes, int self, const std::vector<char>& free) {
  constexpr int kN = kFieldGrid;
  std::vector<int> region(kN * kN, 0);
  std::deque<int> queue;
  PortMask ports = shapes.segments[self].ports;
  for (Port port = 0; port < kPorts; ++port) {
    if (!(ports & Bit(port)) || PartOfPort(port) == 1) continue;
    for (int k = 0; k < kN / 2; ++k) {
      // Half L runs from the side's first corner to its middle, R from the middle on.
      Pt along = PartOfPort(port) == 0 ? Pt{(k + 0.5) * kFieldStep, 0.5 * kFieldStep}
                                       : Pt{kSize - (k + 0.5) * kFieldStep, 0.5 * kFieldStep};
      Pt p = Turn(along, SideOfPort(port));
      int i = std::clamp(static_cast<int>(p.x / kFieldStep), 0, kN - 1);
      int j = std::clamp(static_cast<int>(p.y / kFieldStep), 0, kN - 1);
      if (free[j * kN + i] && !region[j * kN + i]) {
        region[j * kN + i] = 1;
        queue.push_back(j * kN + i);
      }
    }
  }
  constexpr std::array<std::array<int, 2>, 4> kSteps = {{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
  while (!queue.empty()) {
    int at = queue.front();
    queue.pop_front();
    for (auto [di, dj] : kSteps) {
      int i = at % kN + di, j = at / kN + dj;
      if (i < 0 || j < 0 || i >= kN || j >= kN) continue;
      int n = j * kN + i;
      if (free[n] && !region[n]) region[n] = 1, queue.push_back(n);
    }
  }
  return region;
}

// Room: how far `p` is from anything the farmer must not cover (the tile's edge, a city, a
// road, the figure in the middle).
double FarmerRoom(const TileShapes& shapes, Pt p) {
  double r = std::min({p.x, p.y, kSize - p.x, kSize - p.y});
  for (const SegmentShape& s : shapes.segments) {
    if (s.kind == FeatureKind::kCity && !s.city.outline.empty()) {
      std::vector<Pt> ring = s.city.outline;
      ring.push_back(ring.front());
      r = std::min(r, DistToPolyline(ring, p));
    }
    if (s.kind == FeatureKind::kRoad && !s.road.line.empty())
      r = std::min(r, DistToPolyline(s.road.line, p) - kRoadHalfWidth);
    if (IsCentreFeature(s.kind))  // the figure's box, as drawn below
      r = std::min(
          r, std::hypot(std::max({34 - p.x, 0.0, p.x - 66}), std::max({19 - p.y, 0.0, p.y - 68})));
  }
  if (shapes.junction || shapes.house) r = std::min(r, Dist(p, kCentre) - 9);
  return r;
}

Spot FieldSpot(const TileShapes& shapes, int self) {
  constexpr int kN = kFieldGrid;
  std::vector<int> region = FieldRegion(shapes, self, FreeSamples(shapes));
  Pt sum{0, 0};
  int count = 0;
  for (int n = 0; n < kN * kN; ++n)
    if (region[n]) sum = sum + FieldSample(n), ++count;
  if (count == 0) return {kCentre, kMeepleScale};
  Pt centroid = sum * (1.0 / count);
  // The roomiest samples (room beyond 16 does not matter: the farmer fits), and of those
  // the one nearest the middle of the field.
  std::vector<double> rooms(kN * kN, -1e9);
  double most = -1e9;
  for (int n = 0; n < kN * kN; ++n)
    if (region[n])
      most = std::max(most, rooms[n] = std::min(FarmerRoom(shapes, FieldSample(n)), 16.0));
  int best = -1;
  for (int n = 0; n < kN * kN; ++n)
    if (region[n] && rooms[n] >= most - kFieldStep / 2 &&
        (best < 0 || Dist(FieldSample(n), centroid) < Dist(FieldSample(best), centroid)))
      best = n;
  double r = FarmerRoom(shapes, FieldSample(best));
  // As big as the meeple fits there: its figure reaches 12 units from its centre at scale 1.
  return {FieldSample(best), std::clamp(r / 12, 0.7, kMeepleScale)};
}

TileShapes BuildShapes(const TileType& t, int quarters) {
  int q = ((quarters % 4) + 4) % 4;
  TileShapes shapes;
  shapes.centre = t.centre;
  int n = static_cast<int>(t.segments.size());
  shapes.segments.resize(n);
  std::vector<const CityShape*> cities;
  int ending_roads = 0;
  for (int i = 0; i < n; ++i) {
    SegmentShape& s = shapes.segments[i];
    s.kind = t.segments[i].kind;
    s.ports = RotateMask(t.segments[i].ports, q);
    s.sides = SidesOf(s.ports);
    if (s.kind == FeatureKind::kCity && !s.sides.empty()) {
      s.city = BuildCity(s.sides);
      s.spot = s.city.anchor;
    }
    if (s.kind == FeatureKind::kRoad && s.sides.size() == 1) ++ending_roads;
    if (IsCentreFeature(s.kind)) shapes.centre_feature = i;
  }
  for (const SegmentShape& s : shapes.segments)
    if (s.kind == FeatureKind::kCity && !s.sides.empty()) cities.push_back(&s.city);
  for (SegmentShape& s : shapes.segments) {
    if (s.kind != FeatureKind::kRoad || s.sides.empty()) continue;
    RoadShape& r = s.road;
    if (s.sides.size() >= 2) {
      Pt a = SideMiddle(s.sides[0]), b = SideMiddle(s.sides[1]);
      bool straight = s.sides[1] == Opposite(s.sides[0]);
      r.path = {a, straight ? (a + b) * 0.5 : kCentre, b};
      r.end = RoadEnd::kThrough;
      r.meeple = r.path.At(0.5);
    } else {
      Side side = s.sides[0];
      Pt from = SideMiddle(side);
      if (shapes.centre_feature >= 0) {
        r.end = RoadEnd::kFeature;
        r.path = {from, from + (kCentre - from) * 0.4, from + (kCentre - from) * 0.75};
      } else if (ending_roads >= 2 || t.centre != Centre::kNone) {
        r.end = RoadEnd::kJunction;
        r.path = {from, (from + kCentre) * 0.5, kCentre};
      } else if (!cities.empty()) {
        r.end = RoadEnd::kGate;
        r.path = RoadToCity(side, cities);
      } else {
        r.end = RoadEnd::kHouse;
        Pt stop = kCentre + (from - kCentre) * 0.2;
        r.path = {from, (from + stop) * 0.5, stop};
      }
      r.meeple = r.path.At(r.end == RoadEnd::kJunction ? 0.5 : 0.45);
    }
    for (int k = 0; k <= 12; ++k) r.line.push_back(r.path.At(k / 12.0));
    s.spot = r.meeple;
  }
  shapes.junction = ending_roads >= 2 && shapes.centre_feature < 0;
  shapes.house =
      ending_roads == 1 && shapes.centre_feature < 0 && cities.empty() && t.centre == Centre::kNone;
  for (int i = 0; i < n; ++i) {
    SegmentShape& s = shapes.segments[i];
    if (s.kind == FeatureKind::kField || s.kind == FeatureKind::kMist) {
      Spot spot = FieldSpot(shapes, i);
      s.spot = spot.at;
      s.scale = spot.scale;
      s.lying = true;
    }
    if (IsCentreFeature(s.kind)) s.spot = {50, 60};
  }
  return shapes;
}

// ---- Drawing ------------------------------------------------------------------------------

// The standard meeple, 24 units tall, centred on 0,0.
constexpr const char* kMeeplePath =
    "M0,-12 C3.6,-12 5.2,-9.6 5,-6.6 C4.9,-5.4 4.6,-4.9 4.3,-4.5 L10.4,-2.4 "
    "C12.6,-1.6 12.6,1.8 10.2,1.9 L5.6,1.9 L9.6,9.6 C10.3,11 9.6,12 8.2,12 L2.4,12 "
    "L0,7.6 L-2.4,12 L-8.2,12 C-9.6,12 -10.3,11 -9.6,9.6 L-5.6,1.9 L-10.2,1.9 "
    "C-12.6,1.8 -12.6,-1.6 -10.4,-2.4 L-4.3,-4.5 C-4.6,-4.9 -4.9,-5.4 -5,-6.6 "
    "C-5.2,-9.6 -3.6,-12 0,-12 Z";

std::string MeepleFigure(Pt at, bool lying, const std::string& fill, double scale = kMeepleScale) {
  std::string transform = "translate(" + P(at) + ")";
  if (lying) transform += " rotate(90)";
  if (scale != 1) transform += " scale(" + Num(scale) + ")";
  return "<g transform=\"" + transform + "\"><path d=\"" + kMeeplePath +
         "\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"4\" stroke-linejoin=\"round\"/>"
         "<path d=\"" +
         kMeeplePath + "\" fill=\"" + fill +
         "\" stroke=\"#151515\" "
         "stroke-width=\"1.4\" stroke-linejoin=\"round\"/></g>";
}

std::string Shield(Pt at, const char* cls = "pennant") {
  return std::string("<g class=\"") + cls + "\" transform=\"translate(" + P(at) +
         ") scale(1.25)\"><path d=\"M-6,-7 H6 V-1 C6,3.5 3,6 0,7.5 C-3,6 -6,3.5 -6,-1 Z\" fill=\"" +
         kPennantTeal +
         "\" stroke=\"#ffffff\" stroke-width=\"1.4\"/><path d=\"M0,-4.5 V4.5 M-3.5,-1 H3.5\" "
         "stroke=\"#ffffff\" stroke-width=\"1.3\"/></g>";
}

// The ghost symbols printed on a tile: a hollow dashed outline of a ghost with the count in
// it, so that they never look like ghosts standing there (GhostFigure).
std::string GhostSymbols(Pt at, int count, const char* cls = "ghost-symbols") {
  return std::string("<g class=\"") + cls + "\" transform=\"translate(" + P(at) +
         ")\"><path d=\"M-8,9 V-1 C-8,-12 8,-12 8,-1 V9 L5,6 L2,9 L0,6 L-2,9 L-5,6 Z\" "
         "fill=\"none\" stroke=\"#3c4046\" stroke-width=\"1.4\" stroke-dasharray=\"2.5 1.6\"/>"
         "<text y=\"4.5\" text-anchor=\"middle\" font-size=\"10\" font-style=\"italic\" "
         "fill=\"#3c4046\">" +
         std::to_string(count) + "</text></g>";
}

// Ghosts standing somewhere: a white ghost with eyes, and "×N" beside it for more than one.
std::string GhostFigure(Pt at, int count, const char* cls = "ghosts") {
  std::string out = std::string("<g class=\"") + cls + "\" data-count=\"" + std::to_string(count) +
                    "\" transform=\"translate(" + P(at) +
                    ")\"><path d=\"M-7,8 V-1 C-7,-11 7,-11 7,-1 V8 L4.5,5.5 L2,8 L0,5.5 L-2,8 "
                    "L-4.5,5.5 Z\" fill=\"#ffffff\" stroke=\"#1d2024\" stroke-width=\"1.4\" "
                    "stroke-linejoin=\"round\"/><circle cx=\"-2.6\" cy=\"-2\" r=\"1.4\" "
                    "fill=\"#1d2024\"/><circle cx=\"2.6\" cy=\"-2\" r=\"1.4\" fill=\"#1d2024\"/>";
  if (count > 1)
    out +=
        "<text x=\"9\" y=\"4\" font-size=\"10\" font-weight=\"bold\" fill=\"#1d2024\" "
        "stroke=\"#ffffff\" stroke-width=\"2.5\" paint-order=\"stroke\">\u00d7" +
        std::to_string(count) + "</text>";
  return out + "</g>";
}

// A hound (Mists, B.11): a brown dog lying beside the meeple it waits with, its number on it.
std::string HoundFigure(Pt at, int number, const char* cls = "hound") {
  return std::string("<g class=\"") + cls + "\" data-number=\"" + std::to_string(number) +
         "\" transform=\"translate(" + P(at) +
         ")\"><ellipse rx=\"8\" ry=\"4.5\" fill=\"#8a5a2b\" stroke=\"#2b1a0c\" "
         "stroke-width=\"1.2\"/><circle cx=\"8\" cy=\"-4\" r=\"3.6\" fill=\"#8a5a2b\" "
         "stroke=\"#2b1a0c\" stroke-width=\"1.2\"/><text y=\"3\" text-anchor=\"middle\" "
         "font-size=\"7.5\" font-weight=\"bold\" fill=\"#ffffff\">" +
         std::to_string(number) + "</text></g>";
}

// A buried meeple (Mists, B.10.3): lying on its cemetery, greyed, under a small cross.
std::string BuriedFigure(Pt at, const std::string& fill, const char* cls = "buried") {
  return std::string("<g class=\"") + cls + "\" opacity=\"0.6\">" +
         MeepleFigure(at, true, fill, 0.75) + "<path d=\"M" + P(at + Pt{0, -14}) + " v9 M" +
         P(at + Pt{-3.5, -11}) + " h7\" stroke=\"#151515\" stroke-width=\"1.6\"/></g>";
}

// A guard (GCC, C.4): the meeple wears a white band.
std::string GuardBand(Pt at, const char* cls = "guard") {
  return std::string("<circle class=\"") + cls + "\" cx=\"" + Num(at.x) + "\" cy=\"" + Num(at.y) +
         "\" r=\"3\" fill=\"#ffffff\" stroke=\"#151515\"/>";
}

void DrawCity(std::string& out, const SegmentShape& s, const Segment& seg) {
  if (s.sides.empty()) return;
  out += "<path class=\"city\" d=\"" + s.city.fill + "\" fill=\"" + kCityTan + "\"/>";
  for (const Cubic& w : s.city.walls)
    out += "<path class=\"wall\" d=\"M" + P(w.a) + " C" + P(w.c1) + " " + P(w.c2) + " " + P(w.b) +
           "\" fill=\"none\" stroke=\"" + kCityWall +
           "\" stroke-width=\"3\" stroke-linecap=\"round\"/>";
  for (int k = 0; k < seg.pennants; ++k)
    out += Shield(s.city.anchor + s.city.along * (kPennantOffset + 16 * k));
}

void DrawRoad(std::string& out, const SegmentShape& s) {
  if (s.sides.empty()) return;
  const Quad& q = s.road.path;
  std::string d = "M" + P(q.a) + " Q" + P(q.c) + " " + P(q.b);
  out += "<path class=\"road\" d=\"" + d + "\" fill=\"none\" stroke=\"" + kRoadEdge +
         "\" stroke-width=\"" + Num(2 * kRoadHalfWidth + 3) + "\"/>";
  out += "<path d=\"" + d + "\" fill=\"none\" stroke=\"" + kRoadLight + "\" stroke-width=\"" +
         Num(2 * kRoadHalfWidth) + "\"/>";
}

void DrawMonastery(std::string& out) {
  out +=
      "<g class=\"monastery\">"
      "<path d=\"M37,46 H63 V68 H37 Z\" fill=\"#f1e6cc\" stroke=\"#5b4026\" stroke-width=\"1.6\"/>"
      "<path d=\"M34,47 L50,33 L66,47 Z\" fill=\"#b5452f\" stroke=\"#5b4026\" "
      "stroke-width=\"1.6\" stroke-linejoin=\"round\"/>"
      "<path d=\"M50,19 V33 M45,24 H55\" stroke=\"#5b4026\" stroke-width=\"2.4\"/>"
      "<path d=\"M46.5,68 V58 C46.5,53.5 53.5,53.5 53.5,58 V68 Z\" fill=\"#5b4026\"/></g>";
}

void DrawCastle(std::string& out) {
  out +=
      "<g class=\"castle\"><path d=\"M34,68 V40 H40 V34 H45 V40 H55 V34 H60 V40 H66 V68 Z\" "
      "fill=\"#b9b4aa\" stroke=\"#4a4640\" stroke-width=\"1.6\" stroke-linejoin=\"round\"/>"
      "<path d=\"M45.5,68 V57 C45.5,51 54.5,51 54.5,57 V68 Z\" fill=\"#4a4640\"/></g>";
}

void DrawCemetery(std::string& out) {
  out +=
      "<g class=\"cemetery\"><path d=\"M40,68 V44 C40,32 60,32 60,44 V68 Z\" fill=\"#c9c5bd\" "
      "stroke=\"#4a4640\" stroke-width=\"1.6\"/><path d=\"M50,41 V60 M44,47 H56\" "
      "stroke=\"#4a4640\" stroke-width=\"2.4\"/></g>";
}

// A mist area: a grey veil over the wedges of the half edges it owns (and of the road
// middles it covers), with its ghost symbols as a count badge.
void DrawMist(std::string& out, const SegmentShape& s, const Segment& seg, int quarters) {
  std::string d;
  PortMask covered = s.ports | RotateMask(seg.misty, quarters);
  for (Port p = 0; p < kPorts; ++p) {
    if (!(covered & Bit(p))) continue;
    Side side = SideOfPort(p);
    double from = PartOfPort(p) == 0 ? 0 : PartOfPort(p) == 1 ? 35 : 50;
    double to = PartOfPort(p) == 0 ? 50 : PartOfPort(p) == 1 ? 65 : 100;
    d += "M" + P(Turn({from, 0}, side)) + " L" + P(Turn({to, 0}, side)) + " L" + P(kCentre) + " Z ";
  }
  if (d.empty()) return;
  out += "<path class=\"mist\" d=\"" + d + "\" fill=\"#9aa0a6\" fill-opacity=\"0.55\"/>";
  if (seg.ghosts > 0) out += GhostSymbols(s.spot, seg.ghosts);
}

// Layers: the ground first, then areas, then what lies on them.
int LayerOf(FeatureKind k) {
  switch (k) {
    case FeatureKind::kField:
      return 0;
    case FeatureKind::kCity:
      return 1;
    case FeatureKind::kRoad:
      return 2;
    case FeatureKind::kMist:
      return 3;
    case FeatureKind::kMonastery:
    case FeatureKind::kCastle:
    case FeatureKind::kCemetery:
      return 4;
  }
  return 0;
}

void DrawSegment(std::string& out, const TileShapes& shapes, const TileType& t, int i,
                 int quarters) {
  const SegmentShape& s = shapes.segments[i];
  switch (s.kind) {
    case FeatureKind::kField:
      return;  // the ground of the tile
    case FeatureKind::kCity:
      return DrawCity(out, s, t.segments[i]);
    case FeatureKind::kRoad:
      return DrawRoad(out, s);
    case FeatureKind::kMist:
      return DrawMist(out, s, t.segments[i], quarters);
    case FeatureKind::kMonastery:
      return DrawMonastery(out);
    case FeatureKind::kCastle:
      return DrawCastle(out);
    case FeatureKind::kCemetery:
      return DrawCemetery(out);
  }
}

std::string TileBody(const TileType& t, int quarters, const TileShapes& shapes) {
  std::string out =
      "<rect width=\"100\" height=\"100\" fill=\"" + std::string(kFieldGreen) + "\"/>";
  for (int layer = 0; layer <= 4; ++layer)
    for (int i = 0; i < static_cast<int>(shapes.segments.size()); ++i)
      if (LayerOf(shapes.segments[i].kind) == layer) DrawSegment(out, shapes, t, i, quarters);
  if (shapes.junction || shapes.centre == Centre::kVillage)
    out += "<rect x=\"43\" y=\"43\" width=\"14\" height=\"14\" rx=\"2\" fill=\"#6d6152\"/>";
  if (shapes.centre == Centre::kRuin)
    out +=
        "<path d=\"M40,60 V44 H46 V50 H54 V41 H60 V60 Z\" fill=\"#a59d8e\" "
        "stroke=\"#4a4640\" stroke-width=\"1.4\"/>";
  if (shapes.house)
    out +=
        "<path d=\"M42,60 V49 L50,41 L58,49 V60 Z\" fill=\"#efe0c0\" stroke=\"#5b4026\" "
        "stroke-width=\"1.5\" stroke-linejoin=\"round\"/><path d=\"M40,50 L50,40 L60,50\" "
        "fill=\"none\" stroke=\"#b5452f\" stroke-width=\"3\" stroke-linecap=\"round\"/>";
  out +=
      "<rect width=\"100\" height=\"100\" fill=\"none\" stroke=\"#3d3a33\" "
      "stroke-opacity=\"0.45\" stroke-width=\"1\"/>";
  return out;
}

// ---- The legend -----------------------------------------------------------------------

constexpr double kLegendRow = 30;

// A legend entry (the view's word, kept in English as the SVG's data-entry) in the table's words;
// an entry carcref has no words for is printed as it is.
std::string LegendWord(const std::string& entry) {
  // TRANSLATORS: the exported board's legend: what each symbol is.
  if (entry == "field") return TrContext("legend", "field");
  if (entry == "city") return TrContext("legend", "city");
  if (entry == "road") return TrContext("legend", "road");
  if (entry == "monastery") return TrContext("legend", "monastery");
  if (entry == "pennant") return TrContext("legend", "pennant");
  if (entry == "meeple") return TrContext("legend", "meeple");
  if (entry == "farmer") return TrContext("legend", "farmer");
  if (entry == "mist") return TrContext("legend", "mist");
  if (entry == "ghost symbols") return TrContext("legend", "ghost symbols");
  if (entry == "ghost") return TrContext("legend", "ghost");
  if (entry == "castle") return TrContext("legend", "castle");
  if (entry == "cemetery") return TrContext("legend", "cemetery");
  if (entry == "guard") return TrContext("legend", "guard");
  if (entry == "buried meeple") return TrContext("legend", "buried meeple");
  if (entry == "hound") return TrContext("legend", "hound");
  return entry;
}

double LegendWidth(const std::string& entry) {
  return 36 + 7.5 * static_cast<double>(DisplayWidth(LegendWord(entry)));
}

// The symbol of a legend entry, drawn about 0,0 in a box of about 16×16.
std::string LegendSymbol(const std::string& entry) {
  auto square = [](const std::string& fill, const std::string& extra = "") {
    return "<rect x=\"-7\" y=\"-7\" width=\"14\" height=\"14\" fill=\"" + fill + "\"" + extra +
           "/>";
  };
  if (entry == "field") return square(kFieldGreen);
  if (entry == "city")
    return square(kCityTan, " stroke=\"" + std::string(kCityWall) + "\" stroke-width=\"1.5\"");
  if (entry == "road")
    return "<path d=\"M-8,0 H8\" stroke=\"" + std::string(kRoadEdge) +
           "\" stroke-width=\"7\"/><path d=\"M-8,0 H8\" stroke=\"" + kRoadLight +
           "\" stroke-width=\"4.5\"/>";
  if (entry == "monastery")
    return "<g transform=\"translate(0,2) scale(0.35) translate(-50,-48)\"><path d=\"M37,46 H63 "
           "V68 H37 Z\" fill=\"#f1e6cc\" stroke=\"#5b4026\" stroke-width=\"3\"/><path d=\"M34,47 "
           "L50,33 L66,47 Z\" fill=\"#b5452f\"/></g>";
  if (entry == "pennant") return Shield({0, 0}, "legend-pennant");
  if (entry == "meeple") return MeepleFigure({0, 0}, false, "#ffffff", 0.6);
  if (entry == "farmer") return MeepleFigure({0, 1}, true, "#ffffff", 0.6);
  if (entry == "mist")
    return square(kFieldGreen) +
           "<rect x=\"-7\" y=\"-7\" width=\"14\" height=\"14\" "
           "fill=\"#9aa0a6\" fill-opacity=\"0.55\"/>";
  if (entry == "ghost symbols")
    return "<g transform=\"scale(0.9)\">" + GhostSymbols({0, 0}, 2, "legend-ghost-symbols") +
           "</g>";
  if (entry == "ghost") return GhostFigure({0, 0}, 1, "legend-ghosts");
  if (entry == "castle")
    return "<g transform=\"scale(0.4) translate(-50,-52)\"><path d=\"M34,68 V40 H40 V34 H45 V40 "
           "H55 V34 H60 V40 H66 V68 Z\" fill=\"#b9b4aa\" stroke=\"#4a4640\" "
           "stroke-width=\"3\"/></g>";
  if (entry == "cemetery")
    return "<g transform=\"scale(0.4) translate(-50,-52)\"><path d=\"M40,68 V44 C40,32 60,32 60,44 "
           "V68 Z\" fill=\"#c9c5bd\" stroke=\"#4a4640\" stroke-width=\"3\"/><path d=\"M50,41 V60 "
           "M44,47 H56\" stroke=\"#4a4640\" stroke-width=\"4\"/></g>";
  if (entry == "guard")
    return MeepleFigure({0, 0}, false, "#ffffff", 0.6) + GuardBand({0, 0}, "legend-guard");
  if (entry == "buried meeple") return BuriedFigure({0, 4}, "#ffffff", "legend-buried");
  if (entry == "hound") return HoundFigure({-2, 2}, 1, "legend-hound");
  return "";
}

// TRANSLATORS: a follower in the exported board's tooltips, by the feature it stands on (A.2).
std::string KindWord(FeatureKind k) {
  switch (k) {
    case FeatureKind::kRoad:
      return TrContext("tooltip", "thief");
    case FeatureKind::kCity:
      return TrContext("tooltip", "knight");
    case FeatureKind::kMonastery:
      return TrContext("tooltip", "monk");
    case FeatureKind::kField:
      return TrContext("tooltip", "farmer");
    case FeatureKind::kCastle:
    case FeatureKind::kCemetery:
    case FeatureKind::kMist:
      break;
  }
  return TrContext("tooltip", "meeple");
}

std::string Text(double x, double y, const std::string& text, const std::string& attrs) {
  return "<text x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" " + attrs + ">" + XmlEscape(text) +
         "</text>";
}

// ---- The board's picture, layer by layer ----------------------------------------------

constexpr double kMargin = 34;   // coordinate labels
constexpr double kHeader = 104;  // title, subtitle, players

// Where the board lies on the page: cells x0..x1 by y0..y1 (the tiles with a cell of margin
// all round), the grid's size and top-left corner (gx, gy), and the page's size.
struct BoardFrame {
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  double grid_w = 0, grid_h = 0, width = 0, height = 0, gx = 0, gy = 0;
  // The top-left corner of a cell's box (y grows northwards on the board, down on the page).
  Pt Origin(Cell c) const { return Pt{gx + (c.x - x0) * kSize, gy + (y1 - c.y) * kSize}; }
};

// The legend's entries in rows from x `left`, a row ending before `right`: each entry's row
// (0 first) and x.
struct LegendPlace {
  int row = 0;
  double x = 0;
};

std::vector<LegendPlace> LayOutLegend(const std::vector<std::string>& entries, double left,
                                      double right) {
  std::vector<LegendPlace> places;
  int row = 0;
  double lx = left;
  for (const std::string& entry : entries) {
    double w = LegendWidth(entry);
    if (lx > left && lx + w > right) lx = left, ++row;
    places.push_back({row, lx});
    lx += w;
  }
  return places;
}

// The frame of `board`, with room below the grid for `legend`.
BoardFrame FrameOf(const Board& board, const std::vector<std::string>& legend) {
  BoardFrame f;
  Board::Bounds b = board.size() ? board.bounds() : Board::Bounds{};
  f.x0 = b.min_x - 1, f.x1 = b.max_x + 1, f.y0 = b.min_y - 1, f.y1 = b.max_y + 1;
  f.grid_w = (f.x1 - f.x0 + 1) * kSize, f.grid_h = (f.y1 - f.y0 + 1) * kSize;
  f.width = std::max(f.grid_w + 2 * kMargin, 640.0);
  f.gx = (f.width - f.grid_w) / 2, f.gy = kHeader + kMargin;
  int legend_rows = legend.empty() ? 0 : LayOutLegend(legend, f.gx, f.width - 8).back().row + 1;
  f.height = f.gy + f.grid_h + kMargin + legend_rows * kLegendRow + 4;
  return f;
}

// The XML declaration, the <svg> element, the title and the paper.
std::string SvgStart(const BoardFrame& f, const std::string& title) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Num(f.width) + "\" height=\"" +
         Num(f.height) + "\" viewBox=\"0 0 " + Num(f.width) + " " + Num(f.height) +
         "\" font-family=\"" + kFont + "\">\n";
  out += "<title>" + XmlEscape(title.empty() ? Tr("carcref board") : title) + "</title>\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"" + std::string(kPaper) + "\"/>\n";
  return out;
}

// Heading: title, subtitle, players with their colours and scores (the best in bold).
std::string Header(const BoardSvgOptions& options, double left) {
  std::string out =
      Text(left, 34, options.title,
           "font-size=\"22\" font-weight=\"bold\" fill=\"" + std::string(kInk) + "\"") +
      "\n";
  if (!options.subtitle.empty())
    out +=
        Text(left, 58, options.subtitle, "font-size=\"14\" fill=\"" + std::string(kMuted) + "\"") +
        "\n";
  double px = left;
  int best = 0;
  for (const SvgPlayerLine& p : options.players) best = std::max(best, p.score);
  for (const SvgPlayerLine& p : options.players) {
    out +=
        "<g class=\"player\">" + MeepleFigure({px + 10, 84}, false, SvgPlayerColor(p.color), 0.75);
    std::string label = p.scored ? p.name + " " + std::to_string(p.score) : p.name;
    out += Text(px + 24, 90, label,
                std::string("font-size=\"16\" fill=\"") + kInk + "\"" +
                    (p.scored && p.score == best && best > 0 ? " font-weight=\"bold\"" : "")) +
           "</g>\n";
    px += 40 + 9.5 * static_cast<double>(label.size());
  }
  return out;
}

// The grid of cells with coordinates on all four edges.
std::string Grid(const BoardFrame& f) {
  std::string out =
      "<g class=\"grid\" stroke=\"" + std::string(kGridLine) + "\" stroke-width=\"1\">";
  for (int i = 0; i <= f.x1 - f.x0 + 1; ++i)
    out += "<line x1=\"" + Num(f.gx + i * kSize) + "\" y1=\"" + Num(f.gy) + "\" x2=\"" +
           Num(f.gx + i * kSize) + "\" y2=\"" + Num(f.gy + f.grid_h) + "\"/>";
  for (int j = 0; j <= f.y1 - f.y0 + 1; ++j)
    out += "<line x1=\"" + Num(f.gx) + "\" y1=\"" + Num(f.gy + j * kSize) + "\" x2=\"" +
           Num(f.gx + f.grid_w) + "\" y2=\"" + Num(f.gy + j * kSize) + "\"/>";
  out += "</g>\n<g class=\"coords\" font-size=\"13\" fill=\"" + std::string(kMuted) +
         "\" text-anchor=\"middle\">";
  for (int x = f.x0; x <= f.x1; ++x) {
    double cx = f.Origin({x, f.y1}).x + kSize / 2;
    out += Text(cx, f.gy - 11, std::to_string(x), "class=\"coord\"");
    out += Text(cx, f.gy + f.grid_h + 22, std::to_string(x), "class=\"coord\"");
  }
  for (int y = f.y0; y <= f.y1; ++y) {
    double cy = f.Origin({f.x0, y}).y + kSize / 2 + 5;
    out += Text(f.gx - kMargin / 2, cy, std::to_string(y), "class=\"coord\"");
    out += Text(f.gx + f.grid_w + kMargin / 2, cy, std::to_string(y), "class=\"coord\"");
  }
  out += "</g>\n";
  return out;
}

// Every placed tile; `shapes` gets each tile's shapes (where its figures stand).
std::string Tiles(const Board& board, const BoardFrame& frame, std::vector<TileShapes>& shapes) {
  std::string out;
  shapes.reserve(board.size());
  for (int i = 0; i < board.size(); ++i) {
    const PlacedTile& t = board.tile(i);
    shapes.push_back(BuildShapes(*t.type, t.quarters));
    Pt o = frame.Origin(t.cell);
    std::string id = t.type->id.empty() ? "described" : t.type->id;
    out +=
        "<g class=\"tile\" data-cell=\"" + CellName(t.cell) + "\" data-tile=\"" + XmlEscape(id) +
        "\" data-rotation=\"" + std::to_string(t.quarters * 90) + "\" transform=\"translate(" +
        P(o) + ")\"><title>" +
        // TRANSLATORS: a tile described as it lies, which has no id in a catalogue.
        XmlEscape(Fill(Tr("{1} at {2} rotated {3}: {4}"),
                       {t.type->id.empty() ? TrContext("tile", "described") : id, CellName(t.cell),
                        std::to_string(t.quarters * 90), DescribeTile(*t.type, t.quarters)})) +
        "</title>" + TileBody(*t.type, t.quarters, shapes.back()) + "</g>\n";
  }
  return out;
}

// The gold frame round board tile `tile`, if there is one.
std::string LatestTileFrame(const Board& board, const BoardFrame& frame, int tile) {
  if (tile < 0 || tile >= board.size()) return "";
  Pt o = frame.Origin(board.tile(tile).cell);
  return "<rect class=\"latest\" x=\"" + Num(o.x + 2) + "\" y=\"" + Num(o.y + 2) +
         "\" width=\"96\" height=\"96\" fill=\"none\" stroke=\"" + kHighlight +
         "\" stroke-width=\"4\" rx=\"3\"/>\n";
}

// Every meeple at its segment's spot, with a GCC guard's band and the ghosts that haunt it;
// those whose tile, segment or player is out of range are skipped.
std::string Meeples(const Board& board, const std::vector<PlayerSpec>& players,
                    const std::vector<Meeple>& meeples, const std::vector<TileShapes>& shapes,
                    const BoardFrame& frame) {
  std::string out;
  for (const Meeple& m : meeples) {
    if (m.tile < 0 || m.tile >= board.size()) continue;
    if (m.player < 0 || m.player >= static_cast<int>(players.size())) continue;
    const PlacedTile& t = board.tile(m.tile);
    if (m.segment < 0 || m.segment >= static_cast<int>(shapes[m.tile].segments.size())) continue;
    const SegmentShape& s = shapes[m.tile].segments[m.segment];
    const PlayerSpec& p = players[m.player];
    const Pt at = frame.Origin(t.cell) + s.spot;
    const std::vector<std::string> values = {p.name, p.color, KindWord(s.kind),
                                             DescribeSegment(*t.type, m.segment, t.quarters),
                                             CellName(t.cell)};
    // TRANSLATORS: a meeple's tooltip: {1} the player, {2} the colour, {3} the follower
    // ("thief"), {4} the feature it stands on ("road E"), {5} the cell.
    std::string tip = m.guard ? Fill(Tr("{1} ({2}): guard as {3} on the {4} at {5}"), values)
                              : Fill(Tr("{1} ({2}): {3} on the {4} at {5}"), values);
    // TRANSLATORS: GCC: {1} a meeple's tooltip, {2} how many ghosts haunt it.
    if (m.ghosts > 0)
      tip = Fill(TrPlural("{1} with {2} ghost", "{1} with {2} ghosts", m.ghosts),
                 {tip, std::to_string(m.ghosts)});
    out += "<g class=\"meeple\" data-player=\"" + XmlEscape(p.name) + "\"><title>" +
           XmlEscape(tip) + "</title>" +
           MeepleFigure(at, s.lying, SvgPlayerColor(p.color), s.scale);
    if (m.guard) out += GuardBand(at);  // GCC: a guard wears a white band
    if (m.ghosts > 0)                   // GCC: the ghosts that haunt it, at its shoulder
      out += GhostFigure(at + Pt{13, -13}, m.ghosts);
    out += "</g>\n";
  }
  return out;
}

// Where a figure on (tile, segment) stands on the page; false when either is out of range.
bool SpotOf(const Board& board, const std::vector<TileShapes>& shapes, const BoardFrame& frame,
            int tile, int segment, Pt* at) {
  if (tile < 0 || tile >= board.size()) return false;
  if (segment < 0 || segment >= static_cast<int>(shapes[tile].segments.size())) return false;
  *at = frame.Origin(board.tile(tile).cell) + shapes[tile].segments[segment].spot;
  return true;
}

// The options' markers: buried meeples on their cemeteries, hounds beside their meeples, ghosts
// standing in mist areas and cemeteries (beside the area's printed symbols).
std::string MarkerFigures(const Board& board, const std::vector<PlayerSpec>& players,
                          const BoardSvgOptions& options, const std::vector<TileShapes>& shapes,
                          const BoardFrame& frame) {
  std::string out;
  std::map<int, int> buried_on;  // tile -> buried so far, to lay them side by side
  for (const Meeple& m : options.buried) {
    Pt at;
    if (m.player < 0 || m.player >= static_cast<int>(players.size())) continue;
    if (!SpotOf(board, shapes, frame, m.tile, m.segment, &at)) continue;
    int k = buried_on[m.tile]++;
    out += BuriedFigure(at + Pt{-24.0 + 16 * (k % 4), 26.0 - 8 * (k / 4)},
                        SvgPlayerColor(players[m.player].color)) +
           "\n";
  }
  for (const SvgMarker& h : options.hounds) {
    Pt at;
    if (SpotOf(board, shapes, frame, h.tile, h.segment, &at))
      out += HoundFigure(at + Pt{-12, 14}, h.count) + "\n";
  }
  for (const SvgMarker& g : options.ghosts) {
    Pt at;
    if (g.count > 0 && SpotOf(board, shapes, frame, g.tile, g.segment, &at))
      out += GhostFigure(at + Pt{16, -10}, g.count) + "\n";
  }
  return out;
}

// What the symbols mean: the entries the game's view gave, in rows as wide as the picture.
std::string Legend(const std::vector<std::string>& entries, const BoardFrame& f) {
  const std::vector<LegendPlace> places = LayOutLegend(entries, f.gx, f.width - 8);
  const double top = f.gy + f.grid_h + kMargin + kLegendRow / 2;
  std::string out = "<g class=\"legend\">";
  for (size_t k = 0; k < entries.size(); ++k) {
    const std::string& entry = entries[k];
    double lx = places[k].x, ly = top + places[k].row * kLegendRow;
    out += "<g class=\"legend-item\" data-entry=\"" + XmlEscape(entry) +
           "\"><g transform=\"translate(" + Num(lx) + "," + Num(ly) + ")\">" + LegendSymbol(entry) +
           "</g>" +
           Text(lx + 16, ly + 5, LegendWord(entry),
                "font-size=\"13\" fill=\"" + std::string(kMuted) + "\"") +
           "</g>";
  }
  return out + "</g>\n";
}

}  // namespace

std::vector<std::string> SvgTileLegend() {
  return {"field", "city", "road", "monastery", "pennant", "meeple", "farmer"};
}

std::string SvgNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", std::round(v * 10) / 10);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.erase(s.size() - 2);
  if (s == "-0") s = "0";
  return s;
}

std::string SvgPlayerColor(std::string_view color_name) {
  std::string c = Lower(color_name);
  if (c == "red") return "#d7263d";
  if (c == "blue") return "#1f5fd1";
  if (c == "green") return "#11813a";
  if (c == "yellow") return "#f2c40c";
  if (c == "black") return "#262626";
  if (c == "grey" || c == "gray") return "#9a9a9a";
  if (c == "pink") return "#ef6fb0";
  if (c == "purple") return "#7a3fb0";
  if (c == "orange") return "#f07f13";
  if (c == "white") return "#f4f4f4";
  if (c == "brown") return "#8a5a2b";
  if (c.size() == 7 && c[0] == '#' && std::all_of(c.begin() + 1, c.end(), [](char h) {
        return std::isxdigit(static_cast<unsigned char>(h));
      }))
    return c;
  return "#888888";
}

std::string XmlEscape(std::string_view text) {
  std::string out;
  for (char c : text) {
    // XML 1.0 holds no other control character: one from a log (a name) shows as \xNN (#22).
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
      char code[8];
      std::snprintf(code, sizeof code, "\\x%02X", static_cast<unsigned char>(c));
      out += code;
      continue;
    }
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string BoardSvg(const Board& board, const std::vector<PlayerSpec>& players,
                     const std::vector<Meeple>& meeples, const BoardSvgOptions& options) {
  const BoardFrame frame = FrameOf(board, options.legend);
  std::string out = SvgStart(frame, options.title);
  out += Header(options, frame.gx);
  out += Grid(frame);
  // Tiles, then the frame of the latest one, then every figure on top.
  std::vector<TileShapes> shapes;
  out += Tiles(board, frame, shapes);
  out += LatestTileFrame(board, frame, options.highlight_tile);
  out += Meeples(board, players, meeples, shapes, frame);
  out += MarkerFigures(board, players, options, shapes, frame);
  if (board.size() == 0)
    out +=
        Text(frame.gx + frame.grid_w / 2, frame.gy + frame.grid_h / 2, Tr("no tiles on the board"),
             "text-anchor=\"middle\" font-size=\"14\" fill=\"" + std::string(kMuted) + "\"") +
        "\n";
  out += Legend(options.legend, frame);
  out += "</svg>\n";
  return out;
}

}  // namespace carcref
