// The City tile as the players describe it (NOTATION.md "The City"): the short form parser,
// the canonical spelling, and the small public helpers of city_tile.h. The
// derivation rules are in city_tile_derive.cpp, the long form in city_tile_long.cpp.
#include "games/city/city_tile.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>

#include "carcref/i18n.h"
#include "city_tile_internal.h"

namespace carcref {

using city_tile_internal::SyntaxAt;

std::string_view CityPartName(CityPart part) {
  switch (part) {
    case CityPart::kStreet:
      return "street";
    case CityPart::kResidential:
      return "residential area";
    case CityPart::kMarket:
      return "market";
    case CityPart::kBuilding:
      return "building";
    case CityPart::kNone:
      break;
  }
  return "nothing";
}

int GoodsCount(int goods) {
  return ((goods & kGrain) != 0) + ((goods & kFish) != 0) + ((goods & kLivestock) != 0);
}

std::string GoodsWords(int goods) {
  std::string out;
  for (auto [bit, word] : {std::pair<int, const char*>{kGrain, TrNoop("grain")},
                           {kFish, TrNoop("fish")},
                           {kLivestock, TrNoop("livestock")}})
    if (goods & bit) out += (out.empty() ? "" : ", ") + Tr(word);
  return out.empty() ? Tr("no goods") : out;
}

std::string CityAreaWords(const CityTile& tile, int area) {
  const CityArea& a = tile.areas[static_cast<std::size_t>(area)];
  std::string where;
  if (a.kind == CityPart::kStreet) {
    for (Side s : kSides)
      if (a.ports & Bit(MiddlePort(s)))
        where += (where.empty() ? "" : "–") + std::string(SideName(s));
  } else {
    // A whole side by its name, else its halves: "N+EL", "W".
    for (Side s : kSides) {
      if ((a.ports & SideMask(s)) == SideMask(s)) {
        where += (where.empty() ? "" : "+") + std::string(SideName(s));
        continue;
      }
      for (int part : {0, 2})
        if (a.ports & Bit(PortOf(s, part)))
          where += (where.empty() ? "" : "+") + std::string(HalfName(PortOf(s, part)));
    }
  }
  switch (a.kind) {
    case CityPart::kStreet:
      // TRANSLATORS: a street of a tile by its sides: "street W–E".
      return Fill(Tr("street {1}"), {where});
    case CityPart::kMarket:
      // TRANSLATORS: a market of a tile by its sides and half-edges: "market N+EL".
      return Fill(Tr("market {1}"), {where});
    case CityPart::kResidential:
      // TRANSLATORS: a residential area of a tile by its sides and half-edges: "residential
      // area N+S+W".
      return Fill(Tr("residential area {1}"), {where});
    default:
      return std::string(CityPartName(a.kind)) + " " + where;
  }
}

std::string CityTileWords(const CityTile& tile) {
  std::string out;
  for (int a = 0; a < static_cast<int>(tile.areas.size()); ++a) {
    const CityArea& area = tile.areas[static_cast<std::size_t>(a)];
    out += (out.empty() ? "" : "; ") + CityAreaWords(tile, a);
    if (area.kind == CityPart::kMarket && area.goods != 0)
      // TRANSLATORS: a market with its goods: "market E with grain, fish" ({2}: the goods).
      out = Fill(Tr("{1} with {2}"), {out, GoodsWords(area.goods)});
  }
  auto buildings = [&out](int n, const std::string& worded) {
    if (n > 0) out += (out.empty() ? "" : "; ") + Fill(worded, {std::to_string(n)});
  };
  buildings(tile.public_buildings,
            TrPlural("{1} public building", "{1} public buildings", tile.public_buildings));
  buildings(tile.historic_buildings,
            TrPlural("{1} historic building", "{1} historic buildings", tile.historic_buildings));
  return out.empty() ? Tr("no street, market or residential area") : out;
}

int CityTile::AreaAt(Port p) const {
  if (p < 0 || p >= kPorts) return -1;
  for (int i = 0; i < static_cast<int>(areas.size()); ++i)
    if (areas[i].ports & Bit(p)) return i;
  return -1;
}

namespace city_tile_internal {

Status SyntaxAt(std::string msg, std::size_t column) {
  return Status::Syntax(std::move(msg), static_cast<int>(column));
}

namespace {

CityPart PartOfLetter(char ch) {
  switch (ch) {
    case 'h':
      return CityPart::kResidential;
    case 'm':
      return CityPart::kMarket;
    case 'b':
      return CityPart::kBuilding;
    default:
      return CityPart::kNone;
  }
}

// A half of a bracketed edge, after "for" in the messages below ("expected h, m or b for the
// first half of the north edge"). `which`: 0 the first half, 1 the middle or second half, 2
// the second half.
std::string HalfWords(Side side, int which) {
  // TRANSLATORS: a part of a City tile's bracketed edge [XsY], used after "for" ("expected h,
  // m or b for the first half of the north edge"; Czech: "pro první polovinu severního okraje").
  static const char* const kHalves[4][3] = {{TrNoop("the first half of the north edge"),
                                             TrNoop("the middle or second half of the north edge"),
                                             TrNoop("the second half of the north edge")},
                                            {TrNoop("the first half of the east edge"),
                                             TrNoop("the middle or second half of the east edge"),
                                             TrNoop("the second half of the east edge")},
                                            {TrNoop("the first half of the south edge"),
                                             TrNoop("the middle or second half of the south edge"),
                                             TrNoop("the second half of the south edge")},
                                            {TrNoop("the first half of the west edge"),
                                             TrNoop("the middle or second half of the west edge"),
                                             TrNoop("the second half of the west edge")}};
  return Tr(kHalves[side][which]);
}

// "a bracketed edge has two halves …; a whole residential edge is written h".
std::string NotBracketed(char ch) {
  return ch == 'h'   ? Tr("a bracketed edge has two halves, [XY] or [XsY]; a whole residential "
                            "edge is written h")
         : ch == 'm' ? Tr("a bracketed edge has two halves, [XY] or [XsY]; a whole market edge "
                          "is written m")
                     : Tr("a bracketed edge has two halves, [XY] or [XsY]; a whole building edge "
                          "is written b");
}

// "[hh] is a whole residential edge: write h".
std::string WholeEdge(char ch) {
  return ch == 'h'   ? Tr("[hh] is a whole residential edge: write h")
         : ch == 'm' ? Tr("[mm] is a whole market edge: write m")
                     : Tr("[bb] is a whole building edge: write b");
}

// `[XY]` or `[XsY]` starting at text[i] == '['; advances i past the `]`.
Status ParseBracket(std::string_view text, std::size_t& i, Side side, TypedEdges& edges) {
  const std::size_t open = i;
  auto at = [&](std::size_t k) { return k < text.size() ? text[k] : '\0'; };
  const CityPart first = PartOfLetter(at(open + 1));
  if (first == CityPart::kNone)
    // TRANSLATORS: {1} a half of an edge ("the first half of the north edge"), {2} what stands
    // there instead ("'x'", "the end of the description").
    return SyntaxAt(Fill(at(open + 1) == 's'
                             ? Tr("expected h, m or b for {1}, got {2} (a street edge in brackets "
                                  "is [XsY], e.g. [hsm])")
                             : Tr("expected h, m or b for {1}, got {2}"),
                         {HalfWords(side, 0), Got(text, open + 1)}),
                    open + 1);
  std::size_t k = open + 2;
  const bool street = at(k) == 's';
  if (street) ++k;
  const CityPart second = PartOfLetter(at(k));
  if (second == CityPart::kNone) {
    if (!street && at(k) == ']') return SyntaxAt(NotBracketed(at(open + 1)), k);
    // TRANSLATORS: {1} the letters that may stand there (notation), {2} the edge ("the
    // north edge"), {3} what stands there instead ("'x'", "the end of the description").
    return SyntaxAt(
        Fill(Tr("expected {1} for {2}, got {3}"), {street ? Tr("h, m or b") : Tr("s, h, m or b"),
                                                   HalfWords(side, street ? 2 : 1), Got(text, k)}),
        k);
  }
  const std::size_t close = k + 1;
  if (at(close) != ']')
    return SyntaxAt(
        Fill(Tr("expected ] to close {1}, got {2}"), {EdgeWords(side), Got(text, close)}), close);
  if (!street && first == second) return SyntaxAt(WholeEdge(at(open + 1)), open);
  edges.ports[PortOf(side, 0)] = first;
  edges.ports[PortOf(side, 1)] = street ? CityPart::kStreet : CityPart::kNone;
  edges.ports[PortOf(side, 2)] = second;
  i = close + 1;
  return Status::Ok();
}

// The kind an `s` half takes from the part of `neighbour` at the shared corner: that part's
// kind if it is residential or market, else (a plain street, a building) residential. Only
// typed parts are read, never another `s` edge's derived halves, so `ssss` needs no
// recursion: every half is residential.
CityPart Inherited(const TypedEdges& edges, const std::array<bool, 4>& plain, Side neighbour,
                   int part) {
  if (plain[neighbour]) return CityPart::kResidential;
  CityPart p = edges.ports[PortOf(neighbour, part)];
  return p == CityPart::kMarket ? CityPart::kMarket : CityPart::kResidential;
}

}  // namespace

Status ParseEdges(std::string_view text, std::size_t& i, TypedEdges& edges) {
  std::array<bool, 4> plain{};  // edges typed as `s`
  for (Side side : kSides) {
    edges.column[side] = static_cast<int>(i);
    if (i >= text.size()) {
      if (side == kNorth)
        return SyntaxAt(
            Tr("empty tile description: expected four edges h, m, b, s or a bracketed edge such "
               "as [hsm], clockwise from the north edge"),
            i);
      // TRANSLATORS: {1} the edge ("the east edge").
      return SyntaxAt(Fill(Tr("expected {1} (h, m, b, s or a bracketed edge such as [hsm]), got "
                              "the end of the description: a tile has four edges"),
                           {EdgeWords(side)}),
                      i);
    }
    const char ch = text[i];
    if (ch == '[') {
      Status s = ParseBracket(text, i, side, edges);
      if (!s.ok()) return s;
      continue;
    }
    if (ch == 's') {
      plain[side] = true;
      edges.ports[MiddlePort(side)] = CityPart::kStreet;
      ++i;
      continue;
    }
    const CityPart part = PartOfLetter(ch);
    if (part == CityPart::kNone) {
      const std::string letters = Tr("h, m, b, s or a bracketed edge");
      if (ch == 'H' || ch == 'M' || ch == 'B' || ch == 'S')
        // TRANSLATORS: {1} the letters that may stand there, {2} the edge ("the north edge"),
        // {3} what stands there ("'H'"), {4} the same letter in lower case.
        return SyntaxAt(Fill(Tr("expected {1} for {2}, got {3} (edge letters are lower case: {4})"),
                             {letters, EdgeWords(side), Got(text, i),
                              std::string(1, static_cast<char>(ch - 'A' + 'a'))}),
                        i);
      return SyntaxAt(
          Fill(Tr("expected {1} for {2}, got {3}"), {letters, EdgeWords(side), Got(text, i)}), i);
    }
    for (int k = 0; k < 3; ++k) edges.ports[PortOf(side, k)] = part;
    ++i;
  }
  // The halves of each plain `s` edge (NOTATION "The City", letter s): the first half lies at
  // the corner with the previous side's second half, the second with the next side's first.
  for (Side side : kSides) {
    if (!plain[side]) continue;
    edges.ports[PortOf(side, 0)] = Inherited(edges, plain, static_cast<Side>((side + 3) % 4), 2);
    edges.ports[PortOf(side, 2)] = Inherited(edges, plain, static_cast<Side>((side + 1) % 4), 0);
  }
  return Status::Ok();
}

Status ParseGoods(std::string_view text, std::size_t& i, TypedGoods& goods) {
  goods.given = true;
  goods.column = static_cast<int>(i);
  goods.groups.assign(1, 0);
  const std::size_t start = i;
  for (; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '/') {
      goods.slash_columns.push_back(static_cast<int>(i));
      goods.groups.push_back(0);
      continue;
    }
    const int bit = ch == 'G' ? kGrain : ch == 'F' ? kFish : ch == 'L' ? kLivestock : 0;
    if (bit == 0) break;
    if (goods.groups.back() & bit)
      // TRANSLATORS: {1} a goods letter (G, F or L), {2} its goods ("grain").
      return SyntaxAt(Fill(Tr("{1} ({2}) is given twice for one market: each kind once (D.6.2); "
                              "with several markets, / separates their goods"),
                           {std::string(1, ch), GoodsWords(bit)}),
                      i);
    goods.groups.back() |= bit;
  }
  goods.text = std::string(text.substr(start, i - start));
  return Status::Ok();
}

}  // namespace city_tile_internal

namespace {

using city_tile_internal::TypedEdges;
using city_tile_internal::TypedGoods;

// The short form as typed, checked for syntax.
struct ShortForm {
  TypedEdges edges;
  TypedGoods goods;
  int v_column = -1;                       // `v`
  std::array<int, 2> join_column{-1, -1};  // `=h`, `=m`
  int public_buildings = 0;
  int historic_buildings = 0;
};

// The suffixes in their order (NOTATION "The City"): goods, v, =h, =m, p, *.
enum Stage { kGoods, kMiddle, kJoinH, kJoinM, kPublic, kHistoric, kStages };

Status ParseSuffixes(std::string_view text, std::size_t i, ShortForm& form) {
  std::array<bool, kStages> seen{};
  int stage = -1;
  std::string stage_token;  // the last suffix read, as typed
  // Enters `s` with the suffix `token` at column `col`, or says why it cannot be here.
  auto enter = [&](Stage s, const std::string& token, std::size_t col) -> Status {
    if (seen[s]) {
      switch (s) {
        case kGoods:
          return SyntaxAt(Tr("goods are given twice: write them all right after the edges (G/F "
                             "for two markets)"),
                          col);
        case kPublic:
          return SyntaxAt(Tr("p is given twice: write pp for two public buildings"), col);
        case kHistoric:
          return SyntaxAt(Tr("a tile has at most one historic building (*)"), col);
        default:
          // TRANSLATORS: {1} a suffix of the tile description (v, =h, =m).
          return SyntaxAt(Fill(Tr("{1} is given twice"), {token}), col);
      }
    }
    if (s < stage)
      // TRANSLATORS: {1} and {2} suffixes of the tile description as typed ("v", "G/F").
      return SyntaxAt(Fill(Tr("'{1}' must come before '{2}': the suffixes are goods (G F L), v, "
                              "=h, =m, p, * in that order"),
                           {token, stage_token}),
                      col);
    seen[s] = true;
    stage = s;
    stage_token = token;
    return Status::Ok();
  };
  while (i < text.size()) {
    const char ch = text[i];
    const std::size_t col = i;
    Status st;
    switch (ch) {
      case 'G':
      case 'F':
      case 'L':
      case '/':
        st = enter(kGoods, std::string(1, ch), col);
        if (st.ok()) st = city_tile_internal::ParseGoods(text, i, form.goods);
        if (st.ok()) stage_token = form.goods.text;
        break;
      case 'v':
        st = enter(kMiddle, "v", col);
        form.v_column = static_cast<int>(col);
        ++i;
        break;
      case '=': {
        const char kind = i + 1 < text.size() ? text[i + 1] : '\0';
        if (kind != 'h' && kind != 'm')
          // TRANSLATORS: {1} what stands there ("'x'", "the end of the description").
          return SyntaxAt(Fill(Tr("expected h or m after = (=h joins the residential parts, =m "
                                  "the market parts), got {1}"),
                               {Got(text, i + 1)}),
                          i + 1);
        st = enter(kind == 'h' ? kJoinH : kJoinM, std::string("=") + kind, col);
        form.join_column[kind == 'h' ? 0 : 1] = static_cast<int>(col);
        i += 2;
        break;
      }
      case 'p':
        st = enter(kPublic, "p", col);
        while (st.ok() && i < text.size() && text[i] == 'p') {
          if (++form.public_buildings > 2)
            return SyntaxAt(Tr("at most two public buildings (pp)"), i);
          ++i;
        }
        if (st.ok())
          stage_token = std::string(static_cast<std::size_t>(form.public_buildings), 'p');
        break;
      case '*':
        st = enter(kHistoric, "*", col);
        form.historic_buildings = 1;
        ++i;
        break;
      default: {
        if (ch == 'g' || ch == 'f' || ch == 'l')
          return SyntaxAt(ch == 'g'   ? Tr("goods are capital letters: write G for grain")
                          : ch == 'f' ? Tr("goods are capital letters: write F for fish")
                                      : Tr("goods are capital letters: write L for livestock"),
                          i);
        if (ch == 'h' || ch == 'm' || ch == 'b' || ch == 's' || ch == '[')
          // TRANSLATORS: {1} what stands there ("'h'").
          return SyntaxAt(Fill(Tr("a tile has four edges: {1} would be a fifth (after the edges: "
                                  "goods G F L, v, =h, =m, p, *)"),
                               {Got(text, i)}),
                          i);
        // TRANSLATORS: {1} what stands there ("'x'").
        return SyntaxAt(Fill(Tr("unexpected {1} after the four edges: expected goods (G F L), v, "
                                "=h, =m, p or *"),
                             {Got(text, i)}),
                        i);
      }
    }
    if (!st.ok()) return st;
  }
  return Status::Ok();
}

// Rules 1–5 applied to a short form that passed the syntax checks.
Result<CityTile> BuildShortForm(const ShortForm& form, std::string_view text) {
  city_tile_internal::Layout layout;
  layout.ports = form.edges.ports;
  const std::size_t street_edges = city_tile_internal::StreetSides(layout.ports).size();
  if (form.v_column >= 0 && street_edges < 2)
    return SyntaxAt(street_edges == 0
                        ? Tr("v (every street ends in the middle) needs two or more street edges, "
                             "and this tile has none")
                        : Tr("v needs two or more street edges: a single street already ends in "
                             "the middle (a dead end); leave out v"),
                    static_cast<std::size_t>(form.v_column));
  // Rule 1.
  layout.streets = city_tile_internal::DeriveStreets(layout.ports, form.v_column >= 0);
  const bool meet = city_tile_internal::StreetsMeetByDefault(layout.streets);
  layout.splitting = city_tile_internal::SplittingStreets(layout.streets, meet);
  // Rule 2.
  layout.residential =
      city_tile_internal::BorderAreas(layout.ports, CityPart::kResidential, layout.splitting);
  layout.markets =
      city_tile_internal::BorderAreas(layout.ports, CityPart::kMarket, layout.splitting);
  for (int k = 0; k < 2; ++k) {
    if (form.join_column[k] < 0) continue;
    std::vector<PortMask>& areas = k == 0 ? layout.residential : layout.markets;
    if (areas.empty())
      return SyntaxAt(k == 0 ? Tr("=h joins residential parts, and this tile has no residential "
                                  "part")
                             : Tr("=m joins market parts, and this tile has no market part"),
                      static_cast<std::size_t>(form.join_column[k]));
    PortMask all = 0;
    for (PortMask m : areas) all |= m;
    areas.assign(1, all);
  }
  // Rule 5.
  Status goods = city_tile_internal::CheckGoods(form.goods, layout.markets);
  if (!goods.ok()) return goods;
  if (form.goods.given) layout.goods = form.goods.groups;
  if (form.public_buildings + form.historic_buildings == 0) {
    for (Side s : kSides) {
      for (int part = 0; part < 3; ++part) {
        if (layout.ports[PortOf(s, part)] != CityPart::kBuilding) continue;
        // TRANSLATORS: {1} the edge ("the north edge").
        return SyntaxAt(Fill(Tr("the building (b) on {1} needs p (public) or * (historic) after "
                                "the edges (rule 5)"),
                             {EdgeWords(s)}),
                        static_cast<std::size_t>(form.edges.column[s]));
      }
    }
  }
  layout.public_buildings = form.public_buildings;
  layout.historic_buildings = form.historic_buildings;
  CityTile tile = city_tile_internal::Assemble(layout);
  tile.text = std::string(text);
  return tile;
}

char Letter(CityPart p) {
  switch (p) {
    case CityPart::kResidential:
      return 'h';
    case CityPart::kMarket:
      return 'm';
    case CityPart::kBuilding:
      return 'b';
    case CityPart::kStreet:
      return 's';
    case CityPart::kNone:
      break;
  }
  return '?';
}

}  // namespace

namespace city_tile_internal {

std::string EdgeText(const std::array<CityPart, kPorts>& ports, Side side, bool plain) {
  const CityPart first = ports[PortOf(side, 0)];
  const CityPart middle = ports[PortOf(side, 1)];
  const CityPart second = ports[PortOf(side, 2)];
  if (middle == CityPart::kStreet && plain) return "s";
  if (middle == first && middle == second && middle != CityPart::kStreet &&
      middle != CityPart::kNone)
    return std::string(1, Letter(middle));
  std::string out = "[";
  out += Letter(first);
  if (middle != CityPart::kNone) out += Letter(middle);
  out += Letter(second);
  return out + "]";
}

}  // namespace city_tile_internal

namespace {

Result<CityTile> ParseUncached(std::string_view text) {
  if (!text.empty() && text.front() == '{') {
    Result<CityTile> tile = city_tile_internal::ParseLongForm(text);
    if (tile.ok()) tile->text = std::string(text);
    return tile;
  }
  ShortForm form;
  std::size_t i = 0;
  Status st = city_tile_internal::ParseEdges(text, i, form.edges);
  if (st.ok()) st = ParseSuffixes(text, i, form);
  if (!st.ok()) return st;
  return BuildShortForm(form, text);
}

}  // namespace

// Parsing is pure and a game types the same few descriptions again and again: the tiles
// parsed lately are kept (per thread, at most 256). Refusals are not: their words follow the
// language of the moment.
Result<CityTile> ParseCityTile(std::string_view text) {
  thread_local std::unordered_map<std::string, CityTile> parsed;
  std::string key(text);
  if (auto it = parsed.find(key); it != parsed.end()) return it->second;
  Result<CityTile> tile = ParseUncached(text);
  if (tile.ok()) {
    if (parsed.size() >= 256) parsed.clear();
    parsed.emplace(std::move(key), *tile);
  }
  return tile;
}

bool SameCityTile(const CityTile& a, const CityTile& b) {
  if (a.ports != b.ports || a.areas.size() != b.areas.size()) return false;
  for (std::size_t k = 0; k < a.areas.size(); ++k) {
    const CityArea& x = a.areas[k];
    const CityArea& y = b.areas[k];
    if (x.kind != y.kind || x.ports != y.ports || x.goods != y.goods) return false;
  }
  std::vector<std::pair<int, int>> ta = a.touching, tb = b.touching;
  std::sort(ta.begin(), ta.end());
  std::sort(tb.begin(), tb.end());
  return ta == tb && a.public_buildings == b.public_buildings &&
         a.historic_buildings == b.historic_buildings;
}

// The spellings are tried from the plainest (every street edge `s`, no `v`, no `=`) and the
// first that parses back to the same tile is the canonical one; a tile no short form says
// gets its long form.
std::string CityShortForm(const CityTile& tile) {
  if (tile.public_buildings < 0 || tile.public_buildings > 2 || tile.historic_buildings < 0 ||
      tile.historic_buildings > 1)
    return CityLongForm(tile);
  std::vector<int> goods;
  for (const CityArea& a : tile.areas)
    if (a.kind == CityPart::kMarket) goods.push_back(a.goods);
  const std::string suffix_goods = city_tile_internal::GoodsText(goods);
  const std::string buildings = std::string(static_cast<std::size_t>(tile.public_buildings), 'p') +
                                std::string(static_cast<std::size_t>(tile.historic_buildings), '*');
  const std::vector<Side> streets = city_tile_internal::StreetSides(tile.ports);
  const int n = static_cast<int>(streets.size());
  std::vector<int> combos;  // bit k set: street edge k written in brackets
  for (int c = 0; c < (1 << n); ++c) combos.push_back(c);
  auto brackets = [](int c) {
    int k = 0;
    for (; c != 0; c &= c - 1) ++k;
    return k;
  };
  std::stable_sort(combos.begin(), combos.end(),
                   [&](int x, int y) { return brackets(x) < brackets(y); });
  bool has_residential = false, has_market = false;
  for (const CityArea& a : tile.areas) {
    has_residential = has_residential || a.kind == CityPart::kResidential;
    has_market = has_market || a.kind == CityPart::kMarket;
  }
  std::vector<std::string> vias = {""};
  if (n >= 2) vias.push_back("v");
  std::vector<std::string> joins = {""};
  if (has_residential) joins.push_back("=h");
  if (has_market) joins.push_back("=m");
  if (has_residential && has_market) joins.push_back("=h=m");
  for (int combo : combos) {
    std::string edges;
    for (Side s : kSides) {
      auto it = std::find(streets.begin(), streets.end(), s);
      bool plain = it != streets.end() && !(combo & (1 << (it - streets.begin())));
      edges += city_tile_internal::EdgeText(tile.ports, s, plain);
    }
    // The edges alone must give the tile's ports before any suffix is worth trying.
    city_tile_internal::TypedEdges typed;
    std::size_t end = 0;
    if (!city_tile_internal::ParseEdges(edges, end, typed).ok() || typed.ports != tile.ports)
      continue;
    for (const std::string& via : vias) {
      for (const std::string& join : joins) {
        std::string text = edges + suffix_goods + via + join + buildings;
        Result<CityTile> parsed = ParseCityTile(text);
        if (parsed.ok() && SameCityTile(*parsed, tile)) return text;
      }
    }
  }
  return CityLongForm(tile);
}

}  // namespace carcref
