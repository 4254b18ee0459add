#include "cli/render.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <cctype>
#include <cstdlib>

#include "carcref/i18n.h"
#include "carcref/notation.h"
#include "carcref/words.h"

namespace carcref {

// TRANSLATORS: the legend under `tiles`' pictures: each mark, then what it draws.
const char* const kTileLegend = TrNoop(
    "# city  * pennant  . field  - | road  / \\ road bend  + monastery  "
    "o junction, village or house");

namespace {

// What a picture cell shows, for its colour.
enum class Look { kCity, kPennant, kField, kRoad, kMonastery, kJunction, kMeeple, kGhost };

struct ArtCell {
  char ch = '.';
  int owner = -1;  // segment of the tile type drawn here, -1 for none
  Look look = Look::kField;
  int meeple = -1;  // index into ArtOptions::meeples when a meeple is drawn here
};

using Grid = std::array<std::array<ArtCell, 5>, 3>;

// One visible character and its SGR parameters (empty: no escape code).
struct Glyph {
  char ch = ' ';
  std::string sgr;
};
using Line = std::vector<Glyph>;

// Picture coordinates {row, column} of the cells named in render.h.
struct Pos {
  int row;
  int col;
};
constexpr Pos kCentre{1, 2};
constexpr Pos kInnerW{1, 1};
constexpr Pos kInnerE{1, 3};

// The cell next to the centre in the direction of a side.
constexpr Pos TowardPos(Side s) {
  switch (s) {
    case kNorth:
      return {0, 2};
    case kEast:
      return kInnerE;
    case kSouth:
      return {2, 2};
    default:
      return kInnerW;
  }
}

// A road running between two board sides: straight or bending.
char RoadChar(Side a, Side b) {
  if (a > b) std::swap(a, b);
  if (a == kNorth && b == kSouth) return '|';
  if (a == kEast && b == kWest) return '-';
  if ((a == kNorth && b == kEast) || (a == kSouth && b == kWest)) return '\\';
  return '/';  // N–W, E–S
}

char StraightChar(Side s) { return s == kNorth || s == kSouth ? '|' : '-'; }

std::string TerrainSgr(Look look) {
  switch (look) {
    case Look::kCity:
      return "33";
    case Look::kPennant:
      return "1;34";
    case Look::kField:
      return "32";
    case Look::kRoad:
      return "37";
    case Look::kMonastery:
      return "31";
    case Look::kJunction:
      return "37";
    case Look::kMeeple:
      return "";
    case Look::kGhost:
      return "1;97";  // GCC: the ghosts beside a meeple, bright white
  }
  return "";
}

std::string MeepleSgr(std::string_view color_name) {
  std::string code = ColorCode(color_name);
  return code.empty() ? "1;7" : "1;7;" + code;
}

// Builds the picture of `t` turned `q` quarters (0..3), pennants included.
class ArtBuilder {
 public:
  ArtBuilder(const TileType& t, int q) : t_(t), q_(q) {
    int n = static_cast<int>(t.segments.size());
    sides_.resize(n);
    for (int i = 0; i < n; ++i) {
      PortMask m = RotateMask(t.segments[i].ports, q);
      for (Side s : kSides)
        if (m & Bit(MiddlePort(s))) sides_[i].push_back(s);
    }
  }

  Grid Build() {
    Grid g;
    g[0][0] = Corner(PortOf(kNorth, 0), PortOf(kWest, 2));
    g[0][1] = HalfCell(PortOf(kNorth, 0));
    g[0][2] = SideCell(kNorth);
    g[0][3] = HalfCell(PortOf(kNorth, 2));
    g[0][4] = Corner(PortOf(kNorth, 2), PortOf(kEast, 0));
    g[1][0] = SideCell(kWest);
    g[1][4] = SideCell(kEast);
    g[2][0] = Corner(PortOf(kSouth, 2), PortOf(kWest, 0));
    g[2][1] = HalfCell(PortOf(kSouth, 2));
    g[2][2] = SideCell(kSouth);
    g[2][3] = HalfCell(PortOf(kSouth, 0));
    g[2][4] = Corner(PortOf(kEast, 2), PortOf(kSouth, 0));
    // A road or city on the east or west side reaches in one cell further; a field side's
    // inner cell is that field.
    g[1][1] = g[1][0];
    g[1][3] = g[1][4];
    FillCentre(g);
    AddPennants(g);
    if (t_.face_down)  // B.12.4: a face-down tile shows no terrain
      for (auto& row : g)
        for (ArtCell& c : row) c = {'?', -1, Look::kField};
    return g;
  }

 private:
  // The segment owning a board port; -1 for none (or for a tile that was never finalized).
  int Owner(Port board_port) const {
    int seg = t_.port_owner[RotatePort(board_port, (4 - q_) % 4)];
    return seg >= 0 && seg < static_cast<int>(t_.segments.size()) ? seg : -1;
  }
  FeatureKind KindOf(int seg) const {
    return seg < 0 ? FeatureKind::kField : t_.segments[seg].kind;
  }
  ArtCell CellOf(int seg, char road_char) const {
    switch (KindOf(seg)) {
      case FeatureKind::kCity:
        return {'#', seg, Look::kCity};
      case FeatureKind::kRoad:
        return {road_char, seg, Look::kRoad};
      case FeatureKind::kMonastery:
        return {'+', seg, Look::kMonastery};
      case FeatureKind::kCastle:
        return {'K', seg, Look::kMonastery};
      case FeatureKind::kCemetery:
        return {'t', seg, Look::kMonastery};
      case FeatureKind::kMist:
        return {'~', seg, Look::kField};
      case FeatureKind::kField:
        break;
    }
    return {'.', seg, Look::kField};
  }
  ArtCell HalfCell(Port p) const { return CellOf(Owner(p), '.'); }
  ArtCell SideCell(Side s) const {
    int seg = Owner(MiddlePort(s));
    if (seg < 0) seg = Owner(PortOf(s, 0));  // a field side split between two fields
    return CellOf(seg, StraightChar(s));
  }
  // Between two half-edges: the same segment, else the field among them (a field strip beside
  // a city reaches the corner), else nothing (two separate cities meet: drawn as a field dot so
  // that they read as apart).
  ArtCell Corner(Port a, Port b) const {
    int sa = Owner(a), sb = Owner(b);
    if (sa == sb) return CellOf(sa, '.');
    if (KindOf(sa) == FeatureKind::kField) return CellOf(sa, '.');
    if (KindOf(sb) == FeatureKind::kField) return CellOf(sb, '.');
    return {'.', -1, Look::kField};
  }

  bool IsCity(const Grid& g, Pos p) const { return g[p.row][p.col].look == Look::kCity; }

  void FillCentre(Grid& g) const {
    ArtCell& centre = g[kCentre.row][kCentre.col];
    int n = static_cast<int>(t_.segments.size());
    std::vector<int> through, ends;
    int largest_field = -1;
    size_t largest_ports = 0;
    for (int i = 0; i < n; ++i) {
      const Segment& seg = t_.segments[i];
      if (seg.kind == FeatureKind::kMonastery || seg.kind == FeatureKind::kCastle ||
          seg.kind == FeatureKind::kCemetery) {
        centre = CellOf(i, '+');  // + monastery, K castle, t cemetery
        return;
      }
      if (seg.kind == FeatureKind::kRoad) (sides_[i].size() == 2 ? through : ends).push_back(i);
      if (seg.kind == FeatureKind::kField) {
        size_t ports = std::bitset<kPorts>(seg.ports).count();
        if (ports > largest_ports) largest_ports = ports, largest_field = i;
      }
    }
    // A city across the tile (two opposite sides, or three or more) fills the centre.
    for (int i = 0; i < n; ++i) {
      if (t_.segments[i].kind != FeatureKind::kCity) continue;
      const std::vector<Side>& s = sides_[i];
      bool opposite = false;
      for (Side a : s)
        for (Side b : s) opposite = opposite || b == Opposite(a);
      if (s.size() >= 3 || opposite) {
        centre = {'#', i, Look::kCity};
        return;
      }
    }
    ArtCell field = CellOf(largest_field, '.');
    if (ends.size() >= 2) {
      centre = {'o', -1, Look::kJunction};
      return;
    }
    if (through.size() == 1) {
      centre = {RoadChar(sides_[through[0]][0], sides_[through[0]][1]), through[0], Look::kRoad};
      return;
    }
    if (through.size() >= 2) {
      // Separate roads through one tile: a straight one keeps the centre, curves bend on
      // their east or west inner cell so that they do not seem to meet.
      centre = field;
      for (int r : through) {
        Side a = sides_[r][0], b = sides_[r][1];
        char c = RoadChar(a, b);
        if (c == '|' || c == '-') {
          centre = {c, r, Look::kRoad};
        } else {
          Pos inner = (a == kEast || b == kEast) ? kInnerE : kInnerW;
          g[inner.row][inner.col] = {c, r, Look::kRoad};
        }
      }
      return;
    }
    if (ends.size() == 1) {
      int r = ends[0];
      Side s = sides_[r][0];
      // Into a city gate: point at the city; else the road ends at a house.
      char c = 0;
      if (IsCity(g, TowardPos(Opposite(s)))) {
        c = StraightChar(s);
      } else if (IsCity(g, TowardPos(RotateSide(s, 1)))) {
        c = RoadChar(s, RotateSide(s, 1));
      } else if (IsCity(g, TowardPos(RotateSide(s, 3)))) {
        c = RoadChar(s, RotateSide(s, 3));
      }
      centre = c ? ArtCell{c, r, Look::kRoad} : ArtCell{'o', r, Look::kJunction};
      return;
    }
    centre = field;
  }

  void AddPennants(Grid& g) const {
    static constexpr std::array<Pos, 11> kOrder = {{kCentre,
                                                    kInnerW,
                                                    kInnerE,
                                                    {0, 1},
                                                    {0, 3},
                                                    {2, 1},
                                                    {2, 3},
                                                    {0, 0},
                                                    {0, 4},
                                                    {2, 4},
                                                    {2, 0}}};
    for (int i = 0; i < static_cast<int>(t_.segments.size()); ++i) {
      int left = t_.segments[i].kind == FeatureKind::kCity ? t_.segments[i].pennants : 0;
      for (Pos p : kOrder) {
        if (left <= 0) break;
        ArtCell& c = g[p.row][p.col];
        if (c.owner == i && c.look == Look::kCity) {
          c.ch = '*';
          c.look = Look::kPennant;
          --left;
        }
      }
    }
  }

  const TileType& t_;
  int q_;
  std::vector<std::vector<Side>> sides_;  // board sides whose middle port a segment owns
};

// Where a meeple on segment `seg` may be drawn, best first.
std::vector<Pos> MeepleSpots(const TileType& t, int q, int seg) {
  static constexpr std::array<Pos, 4> kMids = {{{0, 2}, {1, 4}, {2, 2}, {1, 0}}};
  static constexpr std::array<Pos, 8> kFieldCells = {
      {{0, 1}, {0, 3}, {2, 3}, {2, 1}, {0, 0}, {0, 4}, {2, 4}, {2, 0}}};
  std::vector<Pos> out;
  switch (t.segments[seg].kind) {
    case FeatureKind::kMonastery:
    case FeatureKind::kCastle:
    case FeatureKind::kCemetery:
      out.push_back(kCentre);
      break;
    case FeatureKind::kRoad: {
      int sides = 0;
      for (Side s : kSides)
        sides += (RotateMask(t.segments[seg].ports, q) & Bit(MiddlePort(s))) != 0;
      if (sides == 2) out.push_back(kCentre);
      out.push_back(kInnerW);
      out.push_back(kInnerE);
      out.insert(out.end(), kMids.begin(), kMids.end());
      out.push_back(kCentre);
      break;
    }
    case FeatureKind::kCity:
      out.push_back(kCentre);
      out.insert(out.end(), kMids.begin(), kMids.end());
      out.push_back(kInnerW);
      out.push_back(kInnerE);
      out.insert(out.end(), kFieldCells.begin(), kFieldCells.end());
      break;
    case FeatureKind::kField:
    case FeatureKind::kMist:
      out.push_back(kInnerW);
      out.push_back(kInnerE);
      out.insert(out.end(), kFieldCells.begin(), kFieldCells.end());
      out.insert(out.end(), kMids.begin(), kMids.end());
      out.push_back(kCentre);
      break;
  }
  return out;
}

std::array<Line, 3> ArtLines(const TileType& t, int quarters, const ArtOptions& options) {
  int q = ((quarters % 4) + 4) % 4;
  Grid g = ArtBuilder(t, q).Build();
  // Meeples: the first free cell of the segment that shows the segment itself (not a
  // pennant), else any free cell of it.
  for (size_t k = 0; k < options.meeples.size(); ++k) {
    const MeepleMark& m = options.meeples[k];
    if (m.segment < 0 || m.segment >= static_cast<int>(t.segments.size())) continue;
    std::vector<Pos> spots = MeepleSpots(t, q, m.segment);
    ArtCell* chosen = nullptr;
    for (bool allow_pennant : {false, true}) {
      for (Pos p : spots) {
        ArtCell& c = g[p.row][p.col];
        if (c.owner != m.segment || c.look == Look::kMeeple || c.look == Look::kGhost) continue;
        if (c.look == Look::kPennant && !allow_pennant) continue;
        chosen = &c;
        break;
      }
      if (chosen) break;
    }
    if (!chosen) continue;
    chosen->ch = m.guard && std::isupper(static_cast<unsigned char>(m.mark))
                     ? static_cast<char>(std::tolower(static_cast<unsigned char>(m.mark)))
                     : m.mark;
    chosen->look = Look::kMeeple;
    chosen->meeple = static_cast<int>(k);
    if (m.ghosts > 0) {  // GCC: the count of its ghosts right beside it (left at the edge)
      int row = static_cast<int>(chosen - &g[0][0]) / 5,
          col = static_cast<int>(chosen - &g[0][0]) % 5;
      for (int c : {col + 1, col - 1}) {
        if (c < 0 || c > 4 || g[row][c].look == Look::kMeeple) continue;
        g[row][c].ch = static_cast<char>('0' + std::min(m.ghosts, 9));
        g[row][c].look = Look::kGhost;
        break;
      }
    }
  }
  std::array<Line, 3> out;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 5; ++c) {
      const ArtCell& cell = g[r][c];
      Glyph glyph{cell.ch, ""};
      if (options.color) {
        if (cell.look == Look::kMeeple) {
          glyph.sgr = MeepleSgr(options.meeples[cell.meeple].color);
        } else {
          glyph.sgr = TerrainSgr(cell.look);
        }
        if (options.highlight) glyph.sgr += glyph.sgr.empty() ? "48;5;237" : ";48;5;237";
      }
      out[r].push_back(glyph);
    }
  }
  return out;
}

// The line as text: trailing blanks without escape codes dropped, escape codes only when
// `color`, a reset after every styled run.
std::string Serialize(Line line, bool color) {
  while (!line.empty() && line.back().ch == ' ' && line.back().sgr.empty()) line.pop_back();
  std::string out;
  std::string current;
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

void Put(Line& line, size_t at, std::string_view text, const std::string& sgr = "") {
  if (line.size() < at + text.size()) line.resize(at + text.size());
  for (size_t i = 0; i < text.size(); ++i) line[at + i] = {text[i], sgr};
}

// Where text of length `len` starts under a picture: centred, or left-aligned when longer.
size_t CentreIn5(size_t len) { return len >= 5 ? 0 : (5 - len) / 2; }

// Visible columns of UTF-8 text (DescribeTile writes an en dash).
size_t Columns(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// Cuts UTF-8 text to at most `width` visible columns, ending in "..." when cut.
std::string Fit(const std::string& s, size_t width) {
  if (Columns(s) <= width) return s;
  size_t keep = width >= 3 ? width - 3 : 0, cols = 0, i = 0;
  for (; i < s.size(); ++i) {
    bool starts = (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
    if (starts && cols == keep) break;
    cols += starts;
  }
  return s.substr(0, i) + std::string(width >= 3 ? 3 : width, '.');
}

}  // namespace

std::vector<std::string> TileArt(const TileType& t, int quarters, const ArtOptions& options) {
  std::vector<std::string> out;
  for (const Line& line : ArtLines(t, quarters, options)) {
    out.push_back(Serialize(line, options.color));
  }
  return out;
}

std::string ColorCode(std::string_view color_name) {
  std::string c = Lower(color_name);
  if (c == "red") return "31";
  if (c == "blue") return "34";
  if (c == "green") return "32";
  if (c == "yellow") return "33";
  if (c == "black") return "90";  // black on a dark terminal would vanish
  if (c == "grey" || c == "gray") return "37";
  if (c == "pink") return "95";
  if (c == "purple") return "35";
  if (c == "orange") return "38;5;208";
  if (c == "white") return "97";
  if (c == "brown") return "38;5;130";
  return "";
}

std::vector<char> PlayerMarks(const std::vector<PlayerSpec>& players) {
  std::vector<char> initials;
  for (const PlayerSpec& p : players) {
    unsigned char c = p.name.empty() ? 0 : static_cast<unsigned char>(p.name[0]);
    initials.push_back(std::isalpha(c) && c < 0x80 ? static_cast<char>(std::toupper(c)) : 0);
  }
  std::vector<char> marks;
  for (size_t i = 0; i < initials.size(); ++i) {
    bool shared = initials[i] == 0 || std::count(initials.begin(), initials.end(), initials[i]) > 1;
    marks.push_back(!shared ? initials[i] : i < 9 ? static_cast<char>('1' + i) : '?');
  }
  return marks;
}

namespace {

Line LegendLine(const std::vector<PlayerSpec>& players) {
  std::vector<char> marks = PlayerMarks(players);
  Line line;
  for (size_t i = 0; i < players.size(); ++i) {
    if (i) Put(line, line.size(), ", ");
    Put(line, line.size(), std::string(1, marks[i]), MeepleSgr(players[i].color));
    std::string rest = " = " + players[i].name;
    if (!players[i].color.empty()) rest += " (" + players[i].color + ")";
    Put(line, line.size(), rest);
  }
  return line;
}

}  // namespace

std::string MarksLegend(const std::vector<PlayerSpec>& players, bool color) {
  return Serialize(LegendLine(players), color);
}

namespace {

std::string Span(int a, int b) {
  return a == b ? std::to_string(a) : std::to_string(a) + "\u2026" + std::to_string(b);
}

// "columns -7…-5 and 6" / "rows 3…4": the parts of [lo, hi] outside [from, to].
// The columns (or rows) of lo…hi outside from…to: "columns -7…-5 and 4". `columns`: whether
// they are columns or rows.
std::string LeftOut(bool columns, int lo, int hi, int from, int to) {
  std::vector<std::string> parts;
  int count = 0;
  if (from > lo) parts.push_back(Span(lo, from - 1)), count += from - lo;
  if (to < hi) parts.push_back(Span(to + 1, hi)), count += hi - to;
  if (parts.empty()) return "";
  std::string spans = parts.size() > 1 ? Fill(Tr("{1} and {2}"), {parts[0], parts[1]}) : parts[0];
  // TRANSLATORS: {1} the numbers of the board's columns (rows) a window leaves out ("-7…-5 and
  // 4"); the count chooses the form.
  return Fill(columns ? TrPlural("column {1}", "columns {1}", count)
                      : TrPlural("row {1}", "rows {1}", count),
              {spans});
}

// A line broken after ", " or "; " so that no piece is wider than `width` (0: no limit).
std::vector<Line> Wrap(const Line& line, size_t width) {
  std::vector<Line> out;
  size_t from = 0;
  while (width > 0 && line.size() - from > width) {
    size_t cut = 0;
    for (size_t i = from + 1; i < line.size() && i - from <= width; ++i)
      if (line[i].ch == ' ' && (line[i - 1].ch == ',' || line[i - 1].ch == ';')) cut = i;
    if (cut == 0) break;
    out.emplace_back(line.begin() + static_cast<long>(from), line.begin() + static_cast<long>(cut));
    from = cut + 1;
  }
  out.emplace_back(line.begin() + static_cast<long>(from), line.end());
  return out;
}

}  // namespace

CellWindow ChooseCells(int x0, int x1, int y0, int y1, const BoardView& view, std::size_t fixed,
                       std::size_t pitch, int focus_x) {
  CellWindow w{x0, x1, y0, y1, "", false};
  if (view.centre) {
    Cell c = *view.centre;
    w.x0 = std::max(x0, c.x - view.radius), w.x1 = std::min(x1, c.x + view.radius);
    w.y0 = std::max(y0, c.y - view.radius), w.y1 = std::min(y1, c.y + view.radius);
    if (w.x0 > w.x1 || w.y0 > w.y1) {
      w.empty = true;
      // TRANSLATORS: {1} the window's radius, {2} its centre cell, {3} and {4} the board's
      // columns and rows ("-1…4").
      w.left_out = Fill(Tr("no cell within {1} of {2}: the board spans columns {3}, rows {4}"),
                        {std::to_string(view.radius), CellName(c), Span(x0, x1), Span(y0, y1)});
      return w;
    }
    focus_x = c.x;
  }
  if (view.width > 0 && pitch > 0) {
    int fit = std::max(1, static_cast<int>(view.width > fixed ? (view.width - fixed) / pitch : 0));
    if (w.x1 - w.x0 + 1 > fit) {
      int start = std::clamp(focus_x, w.x0, w.x1) - (fit - 1) / 2;
      w.x0 = std::clamp(start, w.x0, w.x1 - fit + 1);
      w.x1 = w.x0 + fit - 1;
    }
  }
  std::string columns = LeftOut(true, x0, x1, w.x0, w.x1);
  std::string rows = LeftOut(false, y0, y1, w.y0, w.y1);
  if (columns.empty() && rows.empty()) return w;
  std::string parts = columns + (columns.empty() || rows.empty() ? "" : ", ") + rows;
  // TRANSLATORS: {1} the columns and rows left out ("columns -7…-5, row 3"); `board` and
  // `board X,Y R` are commands, typed as they are.
  w.left_out = Fill(view.centre ? Tr("{1} left out; board shows the whole board")
                                : Tr("{1} left out; board X,Y R shows a window"),
                    {parts});
  return w;
}

Status ParseBoardView(const std::vector<std::string>& args, BoardView* view) {
  // TRANSLATORS: `board` and `board X,Y R` are typed as they are.
  std::string usage =
      Tr("board takes nothing or a window: board X,Y R (the cells within R of X,Y)");
  if (args.size() <= 1) return Status::Ok();
  if (args.size() > 3) return Status::Syntax(usage);
  std::optional<Cell> c = ParseCell(args[1]);
  if (!c) return Status::Syntax(Fill(Tr("'{1}' is not a cell: {2}"), {args[1], usage}));
  int radius = 2;  // `board X,Y` alone: the 5×5 cells round it
  if (args.size() == 3) {
    const std::string& r = args[2];
    std::optional<std::int64_t> n = ReadNumber(r, 1000);
    if (!n || *n > 999)
      return Status::Syntax(Fill(Tr("'{1}' is not a radius (0 to 999): {2}"), {r, usage}));
    radius = static_cast<int>(*n);
  }
  view->centre = c;
  view->radius = radius;
  return Status::Ok();
}

std::string RenderDescribedSet(const DescribedSet& set) {
  std::string out = set.set +
                    ": a described set, no tile's geometry is known: type each tile "
                    "as it lies (short or long form, see man carcref)\n";
  out += std::to_string(set.tiles) + " tiles, " + std::to_string(set.castles) + " castles, " +
         std::to_string(set.cemeteries) + " cemeteries; ghost symbols:";
  for (size_t k = 0; k < set.ghost_classes.size(); ++k)
    out += std::string(k ? "," : "") + " " + std::to_string(set.ghost_classes[k]) +
           (set.ghost_classes[k] == 1 ? " tile with " : " tiles with ") + std::to_string(k);
  out += " (" + std::to_string(set.GhostSymbols()) + " in all)\n";
  if (set.start)
    out += "start tile: covers " + std::to_string(set.start->cells) + " cells, " +
           std::to_string(set.start->ghosts) + " ghost symbols\n";
  if (set.images->empty()) return out;
  out += "images (copies: ghost symbols on each copy):\n";
  std::string line;
  for (const DescribedImage& image : *set.images) {
    std::string ghosts;
    for (int g : image.ghosts) ghosts += (ghosts.empty() ? "" : ",") + std::to_string(g);
    std::string item = image.id + " x" + std::to_string(image.count) + ": " + ghosts;
    item += std::string(item.size() < 16 ? 16 - item.size() : 1, ' ');
    if (line.size() + item.size() > 96) {
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += "  " + line + "\n";
      line.clear();
    }
    line += item;
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  if (!line.empty()) out += "  " + line + "\n";
  return out;
}

std::string WrapWords(const std::string& text, std::size_t width) {
  std::string out;
  size_t from = 0;
  while (from <= text.size()) {
    size_t end = text.find('\n', from);
    std::string line = text.substr(from, end == std::string::npos ? std::string::npos : end - from);
    while (width > 0 && line.size() > width) {
      size_t cut = line.rfind(' ', width);
      if (cut == std::string::npos || cut == 0) break;
      out += line.substr(0, cut) + "\n";
      line = line.substr(line.find_first_not_of(' ', cut) == std::string::npos
                             ? line.size()
                             : line.find_first_not_of(' ', cut));
    }
    out += line + "\n";
    if (end == std::string::npos) break;
    from = end + 1;
  }
  return out;
}

std::size_t TerminalColumns() {
  if (!isatty(STDOUT_FILENO)) return 0;
  winsize size{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    long n = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && n > 0 && n < 10000) return static_cast<std::size_t>(n);
  }
  return 80;
}

std::string RenderBoard(const Board& board, const std::vector<PlayerSpec>& players,
                        const std::vector<Meeple>& meeples, int highlight_tile, bool color,
                        const BoardView& view) {
  if (board.size() == 0) return "(no tiles on the board)\n";
  Board::Bounds b = board.bounds();
  // One empty cell of margin: the cells a tile could go next have their coordinates.
  int x0 = b.min_x - 1, x1 = b.max_x + 1, y0 = b.min_y - 1, y1 = b.max_y + 1;
  size_t label_width = 0;
  for (int y = y0; y <= y1; ++y) label_width = std::max(label_width, std::to_string(y).size());
  int focus = highlight_tile >= 0 && highlight_tile < board.size()
                  ? board.tile(highlight_tile).cell.x
                  : board.tile(board.size() - 1).cell.x;
  CellWindow window = ChooseCells(x0, x1, y0, y1, view, label_width + 2, 6, focus);
  if (window.empty) return window.left_out + "\n";
  x0 = window.x0, x1 = window.x1, y0 = window.y0, y1 = window.y1;
  std::vector<char> marks = PlayerMarks(players);
  std::vector<std::vector<MeepleMark>> on_tile(board.size());
  for (const Meeple& m : meeples) {
    if (m.tile < 0 || m.tile >= board.size()) continue;
    if (m.player < 0 || m.player >= static_cast<int>(players.size())) continue;
    on_tile[m.tile].push_back(
        {m.segment, marks[m.player], players[m.player].color, m.ghosts, m.guard});
  }

  const size_t left = label_width + 1;  // labels, a blank; then per column a gap and 5 cells
  auto column = [&](int x) { return left + static_cast<size_t>(x - x0) * 6; };
  const std::string bracket_sgr = "1";

  std::vector<Line> lines;
  Line header;
  for (int x = x0; x <= x1; ++x) {
    std::string label = std::to_string(x);
    Put(header, column(x) + 1 + CentreIn5(label.size()), label);
  }
  lines.push_back(header);
  for (int y = y1; y >= y0; --y) {
    std::array<Line, 3> rows;
    for (Line& row : rows) row.assign(column(x1 + 1) + 1, Glyph{});
    std::string label = std::to_string(y);
    Put(rows[1], label_width - label.size(), label);
    for (int x = x0; x <= x1; ++x) {
      int index = board.IndexAt({x, y});
      if (index < 0) continue;
      const PlacedTile& tile = board.tile(index);
      ArtOptions options;
      options.meeples = on_tile[index];
      options.color = color;
      options.highlight = index == highlight_tile;
      std::array<Line, 3> art = ArtLines(*tile.type, tile.quarters, options);
      for (int r = 0; r < 3; ++r) {
        for (size_t c = 0; c < 5; ++c) rows[r][column(x) + 1 + c] = art[r][c];
        if (index == highlight_tile) {
          rows[r][column(x)] = {'[', bracket_sgr};
          rows[r][column(x) + 6] = {']', bracket_sgr};
        }
      }
    }
    for (Line& row : rows) lines.push_back(std::move(row));
  }
  Line legend = LegendLine(players);
  bool face_down = std::any_of(board.tiles().begin(), board.tiles().end(),
                               [](const PlacedTile& t) { return t.type->face_down; });
  if (face_down) Put(legend, legend.size(), legend.empty() ? "? = face down" : "; ? = face down");
  if (highlight_tile >= 0 && highlight_tile < board.size()) {
    Put(legend, legend.size(), legend.empty() ? "" : "; ");
    Put(legend, legend.size(), "[ ]", bracket_sgr);
    Put(legend, legend.size(),
        " = the tile just placed (" + CellName(board.tile(highlight_tile).cell) + ")");
  }
  for (Line& piece : Wrap(legend, view.width)) lines.push_back(std::move(piece));

  std::string out;
  for (const Line& line : lines) out += Serialize(line, color) + "\n";
  if (!window.left_out.empty()) out += window.left_out + "\n";
  return out;
}

std::string RenderTileList(const std::vector<TilePtr>& tiles,
                           const std::function<int(const TileType&)>* remaining, bool color) {
  constexpr size_t kMaxWidth = 100;
  constexpr size_t kMaxPerRow = 8;
  if (tiles.empty()) return "(no tiles)\n";
  auto count_text = [&](const TileType& t) {
    return remaining ? std::to_string((*remaining)(t)) + "/" + std::to_string(t.count)
                     : "x" + std::to_string(t.count);
  };
  size_t id_width = 0, cell_width = 5, form_width = 0;
  // Each tile's short form as it lies in its picture (NOTATION.md), what a player types.
  auto form_of = [](const TileType& t) {
    std::string form = ShortFormOf(t, 0);
    return form.empty() ? std::string("(long form)") : form;
  };
  for (const TilePtr& t : tiles) {
    id_width = std::max(id_width, t->id.size());
    form_width = std::max(form_width, form_of(*t).size());
    cell_width = std::max({cell_width, t->id.size(), count_text(*t).size()});
  }
  const size_t pitch = cell_width + 2;
  const size_t per_row = std::max<size_t>(1, std::min(kMaxPerRow, (kMaxWidth + 2) / pitch));

  std::string out;
  for (size_t first = 0; first < tiles.size(); first += per_row) {
    size_t last = std::min(tiles.size(), first + per_row);
    std::array<Line, 5> rows;  // 3 picture rows, the id, the count
    for (size_t i = first; i < last; ++i) {
      const TileType& t = *tiles[i];
      size_t at = (i - first) * pitch;
      ArtOptions options;
      options.color = color;
      std::array<Line, 3> art = ArtLines(t, 0, options);
      for (size_t r = 0; r < 3; ++r) {
        if (rows[r].size() < at) rows[r].resize(at);
        rows[r].insert(rows[r].end(), art[r].begin(), art[r].end());
      }
      std::string id = t.id.empty() ? "?" : t.id;
      std::string count = count_text(t);
      Put(rows[3], at + CentreIn5(id.size()), id);
      Put(rows[4], at + CentreIn5(count.size()), count);
    }
    if (first) out += "\n";
    for (const Line& row : rows) out += Serialize(row, color) + "\n";
    for (size_t i = first; i < last; ++i) {
      const TileType& t = *tiles[i];
      std::string id = t.id.empty() ? "?" : t.id;
      std::string form = form_of(t);
      std::string line = id + std::string(id_width - std::min(id_width, id.size()) + 2, ' ') +
                         form + std::string(form_width - form.size() + 2, ' ');
      out += line + Fit(DescribeTile(t, 0), kMaxWidth - Columns(line)) + "\n";
    }
  }
  out += "\n" + Tr(kTileLegend) + "\n";
  return out;
}

}  // namespace carcref
