#include "games/city/view/city_render.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>
#include <map>
#include <string_view>

#include "carcref/i18n.h"
#include "cli/render.h"

namespace carcref {

// TRANSLATORS: the text board's legend; keep its symbols (^ . G F L % p * | - / \ o + # ###
// @ [ ] A-Z a-z) and its line breaks. {1} is the cell of the tile just placed (" (1,0)"), or
// nothing.
const char* const kCityTextLegend = TrNoop(
    "^ residential area  . market, goods on it: G grain, F fish, L livestock  % building\n"
    "p public building  * historic building  | - / \\ street  o street end  + streets meeting\n"
    "# wall piece (### a short piece)  @ city gate  [ ] the tile just placed{1}\n"
    "A-Z a follower standing on a street or market, a-z one lying on a residential area;\n"
    "on the wall an upper-case mark is a watchman, a lower-case mark a tower");

namespace {

constexpr int kW = 7;  // a tile block: 7 columns × 3 rows, then a blank column and row
constexpr int kH = 3;

// What a block cell shows, for its colour.
enum class Look { kBlank, kResidential, kMarket, kBuilding, kStreet, kGoods, kMonument, kMark };

struct Glyph {
  char ch = ' ';
  std::string sgr;
};
using Line = std::vector<Glyph>;

struct ArtCell {
  char ch = ' ';
  int owner = -1;  // the area of the tile drawn here, -1 for none
  Look look = Look::kBlank;
  bool taken = false;  // holds a building, goods or a follower
  int player = -1;     // the follower's player when look == kMark
};
using Block = std::array<std::array<ArtCell, kW>, kH>;

struct Pos {
  int row;
  int col;
};

// The cells of each port, clockwise from NL (see city_render.h).
const std::array<std::vector<Pos>, kPorts>& PortCells() {
  static const std::array<std::vector<Pos>, kPorts> cells = {{{{0, 1}, {0, 2}},
                                                              {{0, 3}},
                                                              {{0, 4}, {0, 5}},
                                                              {{0, 6}},
                                                              {{1, 6}},
                                                              {{2, 6}},
                                                              {{2, 4}, {2, 5}},
                                                              {{2, 3}},
                                                              {{2, 1}, {2, 2}},
                                                              {{2, 0}},
                                                              {{1, 0}},
                                                              {{0, 0}}}};
  return cells;
}

// Where buildings, goods and followers go, best first: the inside, the edge middles, the
// halves, the corners.
constexpr std::array<Pos, 21> kPreference = {
    {{1, 3}, {1, 2}, {1, 4}, {1, 1}, {1, 5}, {0, 3}, {1, 6}, {2, 3}, {1, 0}, {0, 2}, {0, 4},
     {2, 2}, {2, 4}, {0, 1}, {0, 5}, {2, 1}, {2, 5}, {0, 0}, {0, 6}, {2, 6}, {2, 0}}};

ArtCell PartCell(CityPart part, int owner, Side side) {
  switch (part) {
    case CityPart::kResidential:
      return {'^', owner, Look::kResidential};
    case CityPart::kMarket:
      return {'.', owner, Look::kMarket};
    case CityPart::kBuilding:
      return {'%', -1, Look::kBuilding};
    case CityPart::kStreet:
      return {side == kNorth || side == kSouth ? '|' : '-', owner, Look::kStreet};
    case CityPart::kNone:
      break;
  }
  return {};
}

// What lies on port p; a bracketed edge's empty middle takes its first half.
std::pair<CityPart, int> PartAt(const CityTile& t, Port p) {
  if (t.ports[p] == CityPart::kNone) p = PortOf(SideOfPort(p), 0);
  return {t.ports[p], t.AreaAt(p)};
}

char StreetChar(Side a, Side b) {
  if (a > b) std::swap(a, b);
  if (a == kNorth && b == kSouth) return '|';
  if (a == kEast && b == kWest) return '-';
  if ((a == kNorth && b == kEast) || (a == kSouth && b == kWest)) return '\\';
  return '/';
}

std::vector<Side> StreetSides(const CityArea& a) {
  std::vector<Side> out;
  for (Side s : kSides)
    if (a.ports & Bit(MiddlePort(s))) out.push_back(s);
  return out;
}

void DrawCentre(const CityTile& t, Block& g) {
  std::vector<int> through, ends;
  int largest = -1, largest_ports = 0;
  for (int i = 0; i < static_cast<int>(t.areas.size()); ++i) {
    const CityArea& a = t.areas[i];
    if (a.kind == CityPart::kStreet) {
      (StreetSides(a).size() >= 2 ? through : ends).push_back(i);
    } else {
      int n = 0;
      for (Port p = 0; p < kPorts; ++p) n += (a.ports & Bit(p)) != 0;
      if (n > largest_ports) largest = i, largest_ports = n;
    }
  }
  ArtCell& centre = g[1][3];
  centre = largest >= 0 ? PartCell(t.areas[largest].kind, largest, kNorth)
                        : ArtCell{'%', -1, Look::kBuilding};
  if (ends.size() >= 2) {
    centre = {'+', -1, Look::kStreet};
  } else if (!through.empty()) {
    // Several streets through one tile: a straight one keeps the centre, a bend turns on the
    // inner cell of its east or west side so that they do not seem to meet.
    for (int r : through) {
      std::vector<Side> s = StreetSides(t.areas[r]);
      char c = StreetChar(s[0], s[1]);
      if (through.size() == 1 || c == '|' || c == '-') {
        centre = {c, r, Look::kStreet};
      } else {
        bool east = s[0] == kEast || s[1] == kEast;
        g[1][east ? 4 : 2] = {c, r, Look::kStreet};
      }
    }
    if (!ends.empty() && centre.look != Look::kStreet) centre = {'+', -1, Look::kStreet};
  } else if (ends.size() == 1) {
    centre = {'o', ends[0], Look::kStreet};
  }
}

// The first cell, by kPreference, that holds nothing yet and `fits`.
ArtCell* FreeCell(Block& g, const std::function<bool(const ArtCell&)>& fits) {
  for (Pos p : kPreference) {
    ArtCell& c = g[p.row][p.col];
    if (!c.taken && fits(c)) return &c;
  }
  return nullptr;
}

Block TileBlock(const CityGame& game, int index, const std::vector<char>& marks) {
  const CityTile& t = game.tiles()[index].tile;
  Block g;
  for (Port p = 0; p < kPorts; ++p) {
    auto [part, owner] = PartAt(t, p);
    for (Pos at : PortCells()[p]) g[at.row][at.col] = PartCell(part, owner, SideOfPort(p));
  }
  // The inner cells continue the middle of their side.
  g[1][1] = g[1][2] = g[1][0];
  g[1][4] = g[1][5] = g[1][6];
  DrawCentre(t, g);

  // Buildings: on building parts first, else wherever no street runs.
  std::string buildings = std::string(static_cast<size_t>(t.public_buildings), 'p') +
                          std::string(static_cast<size_t>(t.historic_buildings), '*');
  for (char b : buildings) {
    ArtCell* c = FreeCell(g, [](const ArtCell& a) { return a.look == Look::kBuilding; });
    if (!c) c = FreeCell(g, [](const ArtCell& a) { return a.look != Look::kStreet; });
    if (!c) continue;
    *c = {b, c->owner, Look::kMonument, true};
  }
  // Goods: on the market's own cells, G F L reading left to right.
  for (int i = 0; i < static_cast<int>(t.areas.size()); ++i) {
    if (t.areas[i].kind != CityPart::kMarket) continue;
    std::string letters;
    if (t.areas[i].goods & kGrain) letters += 'G';
    if (t.areas[i].goods & kFish) letters += 'F';
    if (t.areas[i].goods & kLivestock) letters += 'L';
    std::vector<ArtCell*> cells;
    for (size_t k = 0; k < letters.size(); ++k) {
      ArtCell* c = FreeCell(g, [i](const ArtCell& a) { return a.owner == i; });
      if (!c) break;
      c->taken = true;
      cells.push_back(c);
    }
    std::sort(cells.begin(), cells.end(), std::less<ArtCell*>());  // row-major in the block
    for (size_t k = 0; k < cells.size(); ++k) *cells[k] = {letters[k], i, Look::kGoods, true};
  }
  // Followers: on a free cell of their area, else on any cell of it.
  for (const CityFollower& f : game.followers()) {
    if (f.tile != index || f.area < 0 || f.area >= static_cast<int>(t.areas.size())) continue;
    if (f.player < 0 || f.player >= static_cast<int>(marks.size())) continue;
    auto mine = [&f](const ArtCell& a) { return a.owner == f.area && a.look != Look::kMark; };
    ArtCell* c = FreeCell(g, mine);
    if (!c)
      for (auto& row : g)
        for (ArtCell& a : row)
          if (!c && mine(a)) c = &a;
    if (!c) continue;
    char mark = marks[f.player];
    if (t.areas[f.area].kind == CityPart::kResidential)
      mark = static_cast<char>(std::tolower(static_cast<unsigned char>(mark)));  // lying down
    *c = {mark, f.area, Look::kMark, true, f.player};
  }
  return g;
}

std::string MarkSgr(const std::vector<PlayerSpec>& players, int player) {
  std::string code = ColorCode(players[player].color);
  return code.empty() ? "1;7" : "1;7;" + code;
}

std::string LookSgr(Look look) {
  switch (look) {
    case Look::kResidential:
      return "38;5;167";  // terracotta roofs
    case Look::kMarket:
      return "33";
    case Look::kBuilding:
      return "37";
    case Look::kStreet:
      return "90";
    case Look::kGoods:
      return "1;33";
    case Look::kMonument:
      return "1;35";
    case Look::kBlank:
    case Look::kMark:
      break;
  }
  return "";
}

void Put(Line& line, size_t at, std::string_view text, const std::string& sgr = "") {
  if (line.size() < at + text.size()) line.resize(at + text.size());
  for (size_t i = 0; i < text.size(); ++i) line[at + i] = {text[i], sgr};
}

// The line as text: trailing plain blanks dropped, escape codes only when `color`.
std::string Serialize(Line line, bool color) {
  while (!line.empty() && line.back().ch == ' ' && line.back().sgr.empty()) line.pop_back();
  std::string out, current;
  for (const Glyph& g : line) {
    if (color && g.sgr != current) {
      if (!current.empty()) out += "\x1b[0m";
      if (!g.sgr.empty()) out += "\x1b[" + g.sgr + "m";
      current = g.sgr;
    }
    out += g.ch;
  }
  if (color && !current.empty()) out += "\x1b[0m";
  return out;
}

// Grid points: the corner (i, j) is the south-west corner of cell (i, j).
std::array<std::pair<int, int>, 2> SlotEnds(const WallSlot& w) {
  int x = w.cell.x, y = w.cell.y;
  switch (w.side) {
    case kNorth:
      return {{{x, y + 1}, {x + 1, y + 1}}};
    case kEast:
      return {{{x + 1, y + 1}, {x + 1, y}}};
    case kSouth:
      return {{{x, y}, {x + 1, y}}};
    default:
      return {{{x, y}, {x, y + 1}}};
  }
}

struct Frame {
  int x0, x1, y0, y1;
  size_t left;  // the first separator column
  size_t Width() const { return left + static_cast<size_t>(x1 - x0 + 1) * (kW + 1) + 1; }
  size_t Col(int x) const { return left + static_cast<size_t>(x - x0) * (kW + 1) + 1; }
  size_t Row(int y) const { return 1 + static_cast<size_t>(y1 - y) * (kH + 1) + 1; }
  size_t PointCol(int i) const { return left + static_cast<size_t>(i - x0) * (kW + 1); }
  size_t PointRow(int j) const { return 1 + static_cast<size_t>(y1 + 1 - j) * (kH + 1); }
};

Frame MakeFrame(const CityGame& game, int margin) {
  Frame f{0, 0, 0, 0, 0};
  bool first = true;
  auto add = [&](Cell c) {
    if (first) f.x0 = f.x1 = c.x, f.y0 = f.y1 = c.y, first = false;
    f.x0 = std::min(f.x0, c.x), f.x1 = std::max(f.x1, c.x);
    f.y0 = std::min(f.y0, c.y), f.y1 = std::max(f.y1, c.y);
  };
  for (const PlacedCityTile& t : game.tiles()) add(t.cell);
  for (const WallSlot& w : game.wall()) add(w.cell);
  f.x0 -= margin, f.x1 += margin, f.y0 -= margin, f.y1 += margin;
  size_t label = 0;
  for (int y = f.y0; y <= f.y1; ++y) label = std::max(label, std::to_string(y).size());
  f.left = label + 1;
  return f;
}

void DrawWall(const CityGame& game, const Frame& f, const std::vector<char>& marks,
              std::vector<Line>& lines) {
  const std::vector<PlayerSpec>& players = game.setup().players;
  const std::string wall_sgr = "1;37", gate_sgr = "1;36";
  std::map<std::pair<int, int>, int> joints;  // grid point -> full pieces (and gate) ending there
  for (const WallSlot& w : game.wall()) {
    if (w.cell.x < f.x0 || w.cell.x > f.x1 || w.cell.y < f.y0 || w.cell.y > f.y1) continue;
    bool gate = w.kind == WallKind::kGate, short_piece = w.kind == WallKind::kShort;
    char ch = gate ? '@' : '#';
    const std::string& sgr = gate ? gate_sgr : wall_sgr;
    bool horizontal = w.side == kNorth || w.side == kSouth;
    // The cells of the piece, in order along it, and where the tower and watchman stand.
    std::vector<std::pair<size_t, size_t>> cells;  // {row, col}
    size_t tower_at = 0, watchman_at = 0;
    if (horizontal) {
      size_t row = w.side == kNorth ? f.Row(w.cell.y) - 1 : f.Row(w.cell.y) + kH;
      int from = short_piece ? 2 : 0, to = short_piece ? 4 : kW - 1;
      for (int c = from; c <= to; ++c) cells.push_back({row, f.Col(w.cell.x) + c});
      tower_at = static_cast<size_t>(2 - from), watchman_at = tower_at + 1;
    } else {
      size_t col = w.side == kWest ? f.Col(w.cell.x) - 1 : f.Col(w.cell.x) + kW;
      for (int r = 0; r < kH; ++r)
        if (!short_piece || r == 1) cells.push_back({f.Row(w.cell.y) + r, col});
      tower_at = 0, watchman_at = short_piece ? 0 : 1;
    }
    for (auto [r, c] : cells) lines[r][c] = {ch, sgr};
    if (w.tower >= 0 && w.tower < static_cast<int>(players.size())) {
      auto [r, c] = cells[std::min(tower_at, cells.size() - 1)];
      if (short_piece && !horizontal) r -= 1;  // above the short piece's one cell
      lines[r][c] = {static_cast<char>(std::tolower(static_cast<unsigned char>(marks[w.tower]))),
                     MarkSgr(players, w.tower)};
    }
    if (w.watchman >= 0 && w.watchman < static_cast<int>(players.size())) {
      auto [r, c] = cells[std::min(watchman_at, cells.size() - 1)];
      lines[r][c] = {marks[w.watchman], MarkSgr(players, w.watchman)};
    }
    if (!short_piece)
      for (auto end : SlotEnds(w)) ++joints[end];
  }
  // Where two pieces meet at a corner, the wall runs on through it.
  for (auto [point, n] : joints)
    if (n >= 2 && point.first >= f.x0 && point.first <= f.x1 + 1 && point.second >= f.y0 &&
        point.second <= f.y1 + 1)
      lines[f.PointRow(point.second)][f.PointCol(point.first)] = {'#', wall_sgr};
}

Line PlayerLine(const CityGame& game, int p, const std::vector<char>& marks, bool color) {
  const PlayerSpec& spec = game.setup().players[p];
  Line line;
  Put(line, 0, std::string(1, marks[p]), color ? MarkSgr(game.setup().players, p) : "");
  std::string text = " = " + spec.name;
  if (!spec.color.empty()) text += " (" + spec.color + ")";
  int score = game.Scores()[p];
  text += ": " + Fill(TrPlural("{1} point", "{1} points", score), {std::to_string(score)});
  // TRANSLATORS: followers in a player's supply, on the text board's player line.
  text += ", " + Fill(Tr("{1} in supply"), {std::to_string(game.Supply(p))});
  if (int w = game.Watchmen(p); w > 0)
    text += ", " + Fill(TrPlural("{1} watchman", "{1} watchmen", w), {std::to_string(w)});
  int towers = game.TowersLeft(p);
  text +=
      ", " + Fill(TrPlural("{1} tower left", "{1} towers left", towers), {std::to_string(towers)});
  Put(line, line.size(), text);
  return line;
}

}  // namespace

std::vector<char> CityPlayerMarks(const std::vector<PlayerSpec>& players) {
  std::vector<char> marks = PlayerMarks(players);
  for (size_t i = 0; i < marks.size(); ++i)
    if (std::string_view("GFLPO").find(marks[i]) != std::string_view::npos)
      marks[i] = i < 9 ? static_cast<char>('1' + i) : '?';
  return marks;
}

std::string RenderCityBoard(const CityGame& game, bool color, const BoardView& view) {
  const std::vector<PlayerSpec>& players = game.setup().players;
  std::vector<char> marks = CityPlayerMarks(players);
  std::string out;
  if (game.tiles().empty() && game.wall().empty()) {
    out = Tr("(no tiles on the board)") + "\n";
    for (int p = 0; p < game.players(); ++p)
      out += Serialize(PlayerLine(game, p, marks, color), color) + "\n";
    return out;
  }
  // One empty cell of margin all round, so that the cells a tile could go next have their
  // coordinates, unless that makes the board wider than the terminal; then, if it still
  // does not fit, the columns round the latest tile (or the window asked for).
  Frame f = MakeFrame(game, 1);
  if (view.width > 0 && !view.centre && f.Width() > view.width) f = MakeFrame(game, 0);
  const int highlight = game.last_tile();
  int focus = highlight >= 0         ? game.tiles()[highlight].cell.x
              : game.tiles().empty() ? 0
                                     : game.tiles().back().cell.x;
  CellWindow window = ChooseCells(f.x0, f.x1, f.y0, f.y1, view, f.left + 1, kW + 1, focus);
  if (window.empty) return window.left_out + "\n";
  f.x0 = window.x0, f.x1 = window.x1, f.y0 = window.y0, f.y1 = window.y1;
  auto shown = [&](Cell c) { return c.x >= f.x0 && c.x <= f.x1 && c.y >= f.y0 && c.y <= f.y1; };
  const size_t width = f.Width();
  std::vector<Line> lines(f.PointRow(f.y0) + 1, Line(width));

  for (int x = f.x0; x <= f.x1; ++x) {
    std::string label = std::to_string(x);
    Put(lines[0], f.Col(x) + (kW - std::min<size_t>(label.size(), kW)) / 2, label);
  }
  for (int y = f.y0; y <= f.y1; ++y) {
    std::string label = std::to_string(y);
    Put(lines[f.Row(y) + 1], f.left - 1 - label.size(), label);
  }
  for (int i = 0; i < static_cast<int>(game.tiles().size()); ++i) {
    Cell cell = game.tiles()[i].cell;
    if (!shown(cell)) continue;
    Block block = TileBlock(game, i, marks);
    for (int r = 0; r < kH; ++r)
      for (int c = 0; c < kW; ++c) {
        const ArtCell& a = block[r][c];
        std::string sgr;
        if (color) {
          sgr = a.look == Look::kMark ? MarkSgr(players, a.player) : LookSgr(a.look);
          if (i == highlight) sgr += sgr.empty() ? "48;5;237" : ";48;5;237";
        }
        lines[f.Row(cell.y) + r][f.Col(cell.x) + c] = {a.ch, sgr};
      }
  }
  DrawWall(game, f, marks, lines);
  if (highlight >= 0 && shown(game.tiles()[highlight].cell)) {
    // Brackets beside the tile just placed, where no wall runs.
    Cell cell = game.tiles()[highlight].cell;
    for (int r = 0; r < kH; ++r) {
      Line& line = lines[f.Row(cell.y) + r];
      if (line[f.Col(cell.x) - 1].ch == ' ') line[f.Col(cell.x) - 1] = {'[', color ? "1" : ""};
      if (line[f.Col(cell.x) + kW].ch == ' ') line[f.Col(cell.x) + kW] = {']', color ? "1" : ""};
    }
  }
  for (const Line& line : lines) out += Serialize(line, color) + "\n";
  out += WrapWords(
      Fill(Tr(kCityTextLegend),
           {highlight >= 0 ? " (" + CellName(game.tiles()[highlight].cell) + ")" : std::string()}),
      view.width);
  for (int p = 0; p < game.players(); ++p)
    out += Serialize(PlayerLine(game, p, marks, color), color) + "\n";
  if (!window.left_out.empty()) out += window.left_out + "\n";
  return out;
}

}  // namespace carcref
