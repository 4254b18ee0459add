// The City tile description (NOTATION.md "The City"): the short form, its derivation rules
// 1–5, the long form, the canonical spelling and robustness on any input.
#include "games/city/city_tile.h"

#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

using namespace carcref;

namespace {

CityTile Parse(const std::string& text) {
  Result<CityTile> t = ParseCityTile(text);
  INFO(text << ": " << t.status().message());
  REQUIRE(t.ok());
  return t.value();
}

int FirstPort(PortMask m) {
  for (Port p = 0; p < kPorts; ++p)
    if (m & Bit(p)) return p;
  return kPorts;
}

// What lies at each port, NL to WR: h m b, s for a street, . for nothing.
std::string Ports(const CityTile& t) {
  std::string out;
  for (CityPart p : t.ports) {
    switch (p) {
      case CityPart::kResidential:
        out += 'h';
        break;
      case CityPart::kMarket:
        out += 'm';
        break;
      case CityPart::kBuilding:
        out += 'b';
        break;
      case CityPart::kStreet:
        out += 's';
        break;
      case CityPart::kNone:
        out += '.';
        break;
    }
  }
  return out;
}

char KindLetter(CityPart p) {
  return p == CityPart::kStreet ? 's' : p == CityPart::kResidential ? 'h' : 'm';
}

// The areas in order: kind letter, then the ports ("h NL SR WL W WR", "s N S").
std::vector<std::string> Areas(const CityTile& t) {
  std::vector<std::string> out;
  for (const CityArea& a : t.areas) {
    std::string s(1, KindLetter(a.kind));
    for (Port p = 0; p < kPorts; ++p)
      if (a.ports & Bit(p)) s += " " + std::string(HalfName(p));
    out.push_back(s);
  }
  return out;
}

// Touching pairs, each area named by its first port: "NL~NR" (residential ~ market).
std::vector<std::string> Touching(const CityTile& t) {
  std::vector<std::string> out;
  for (auto [r, m] : t.touching)
    out.push_back(std::string(HalfName(FirstPort(t.areas[r].ports))) + "~" +
                  std::string(HalfName(FirstPort(t.areas[m].ports))));
  return out;
}

std::vector<int> Goods(const CityTile& t) {
  std::vector<int> out;
  for (const CityArea& a : t.areas)
    if (a.kind == CityPart::kMarket) out.push_back(a.goods);
  return out;
}

// What every parsed tile must satisfy, whatever the description: "" or the first thing
// wrong. (One CHECK per tile keeps the exhaustive loops fast.)
std::string Invariants(const CityTile& t) {
  const int n = static_cast<int>(t.areas.size());
  for (Port p = 0; p < kPorts; ++p) {
    int owners = 0;
    for (const CityArea& a : t.areas) owners += (a.ports & Bit(p)) != 0;
    const CityPart kind = t.ports[p];
    const std::string at = " at " + std::string(HalfName(p));
    if (kind == CityPart::kBuilding || kind == CityPart::kNone) {
      if (owners != 0 || t.AreaAt(p) != -1) return "an area owns a building or nothing" + at;
      continue;
    }
    if (owners != 1) return std::to_string(owners) + " areas own the port" + at;
    if (t.areas[t.AreaAt(p)].kind != kind) return "the area's kind differs from the port's" + at;
    if (kind == CityPart::kStreet && PartOfPort(p) != 1) return "a street on a half" + at;
  }
  for (int k = 1; k < n; ++k)
    if (FirstPort(t.areas[k - 1].ports) >= FirstPort(t.areas[k].ports))
      return "areas out of order at " + std::to_string(k);
  for (const CityArea& a : t.areas)
    if (a.kind != CityPart::kMarket && a.goods != 0) return "goods off a market";
  for (size_t k = 0; k < t.touching.size(); ++k) {
    auto [r, m] = t.touching[k];
    if (r < 0 || m < 0 || r >= n || m >= n) return "a touching index out of range";
    if (t.areas[r].kind != CityPart::kResidential || t.areas[m].kind != CityPart::kMarket)
      return "a touching pair is not (residential, market)";
    if (k && !(t.touching[k - 1] < t.touching[k])) return "touching not sorted or repeated";
  }
  return "";
}

struct Refusal {
  std::string text;
  int column;
  std::string message;
};

void CheckRefusals(const std::vector<Refusal>& cases) {
  for (const Refusal& c : cases) {
    INFO("'" << c.text << "'");
    Result<CityTile> t = ParseCityTile(c.text);
    REQUIRE_FALSE(t.ok());
    CHECK(t.status().code() == Status::Code::kSyntax);
    CHECK(t.status().message() == c.message);
    CHECK(t.status().column() == c.column);
  }
}

}  // namespace

TEST_CASE("city parts and goods in words", "[city][tile]") {
  CHECK(CityPartName(CityPart::kStreet) == "street");
  CHECK(CityPartName(CityPart::kResidential) == "residential area");
  CHECK(CityPartName(CityPart::kMarket) == "market");
  CHECK(CityPartName(CityPart::kBuilding) == "building");
  CHECK(CityPartName(CityPart::kNone) == "nothing");
  CHECK(GoodsCount(0) == 0);
  CHECK(GoodsCount(kGrain | kLivestock) == 2);
  CHECK(GoodsCount(kGrain | kFish | kLivestock) == 3);
  CHECK(GoodsWords(0) == "no goods");
  CHECK(GoodsWords(kGrain | kFish) == "grain, fish");
  CHECK(GoodsWords(kLivestock | kGrain) == "grain, livestock");
}

// ---------------------------------------------------------------------------------------------
// NOTATION.md's examples
// ---------------------------------------------------------------------------------------------

TEST_CASE("NOTATION example shsh: a street from north to south through houses", "[city][tile]") {
  CityTile t = Parse("shsh");
  CHECK(Ports(t) == "hshhhhhshhhh");
  CHECK(Areas(t) == std::vector<std::string>{"h NL SR WL W WR", "s N S", "h NR EL E ER SL"});
  CHECK(t.touching.empty());
  CHECK(t.HasStreetOn(kNorth));
  CHECK_FALSE(t.HasStreetOn(kEast));
  CHECK(t.AreaAt(PortOf(kWest, 1)) == 0);
  CHECK(t.AreaAt(PortOf(kSouth, 1)) == 1);
  CHECK(t.text == "shsh");
}

TEST_CASE("NOTATION example smsh is [hsm]m[msh]h: the street with a market to its east",
          "[city][tile]") {
  CityTile t = Parse("smsh");
  CHECK(SameCityTile(t, Parse("[hsm]m[msh]h")));
  CHECK(Ports(t) == "hsmmmmmshhhh");
  CHECK(Areas(t) == std::vector<std::string>{"h NL SR WL W WR", "s N S", "m NR EL E ER SL"});
  CHECK(t.touching.empty());  // the street through lies between them at N and at S
}

TEST_CASE("NOTATION example sssh: a crossing of three streets", "[city][tile]") {
  CityTile t = Parse("sssh");
  CHECK(Ports(t) == "hshhshhshhhh");
  CHECK(Areas(t) ==
        std::vector<std::string>{"h NL SR WL W WR", "s N", "h NR EL", "s E", "h ER SL", "s S"});
}

TEST_CASE("NOTATION example mmmmGF: a market with grain and fish", "[city][tile]") {
  CityTile t = Parse("mmmmGF");
  REQUIRE(t.areas.size() == 1);
  CHECK(t.areas[0].kind == CityPart::kMarket);
  CHECK(t.areas[0].ports == kAllPorts);
  CHECK(t.areas[0].goods == (kGrain | kFish));
}

TEST_CASE("NOTATION example hbhhp: houses round a public building on the east edge",
          "[city][tile]") {
  CityTile t = Parse("hbhhp");
  CHECK(Ports(t) == "hhhbbbhhhhhh");
  CHECK(Areas(t) == std::vector<std::string>{"h NL N NR SL S SR WL W WR"});
  CHECK(t.public_buildings == 1);
  CHECK(t.historic_buildings == 0);
  CHECK(t.AreaAt(PortOf(kEast, 1)) == -1);
}

TEST_CASE("NOTATION example [hsm]mmmL*: dead end, livestock market, historic building",
          "[city][tile]") {
  CityTile t = Parse("[hsm]mmmL*");
  CHECK(Ports(t) == "hsmmmmmmmmmm");
  CHECK(Areas(t) == std::vector<std::string>{"h NL", "s N", "m NR EL E ER SL S SR WL W WR"});
  CHECK(Goods(t) == std::vector<int>{kLivestock});
  CHECK(Touching(t) == std::vector<std::string>{"NL~NR"});
  CHECK(t.historic_buildings == 1);
  CHECK(t.public_buildings == 0);
}

// ---------------------------------------------------------------------------------------------
// Rule 1: streets
// ---------------------------------------------------------------------------------------------

TEST_CASE("rule 1: one street edge is a dead end in the middle", "[city][tile]") {
  CityTile t = Parse("shhh");
  CHECK(Areas(t) == std::vector<std::string>{"h NL NR EL E ER SL S SR WL W WR", "s N"});
}

TEST_CASE("rule 1: two street edges are one street passing through", "[city][tile]") {
  CHECK(Areas(Parse("hshs")) ==
        std::vector<std::string>{"h NL N NR EL WR", "s E W", "h ER SL S SR WL"});
  // A curve: the street cuts off the north-east corner.
  CHECK(Areas(Parse("sshh")) ==
        std::vector<std::string>{"h NL ER SL S SR WL W WR", "s N E", "h NR EL"});
}

TEST_CASE("rule 1: three or four street edges meet at a crossing as separate streets",
          "[city][tile]") {
  CHECK(Areas(Parse("ssss")) == std::vector<std::string>{"h NL WR", "s N", "h NR EL", "s E",
                                                         "h ER SL", "s S", "h SR WL", "s W"});
  CHECK(Areas(Parse("hsss")) ==
        std::vector<std::string>{"h NL N NR EL WR", "s E", "h ER SL", "s S", "h SR WL", "s W"});
}

TEST_CASE("rule 1: v makes every street end in the middle; the streets stay an obstacle",
          "[city][tile]") {
  CHECK(Areas(Parse("shshv")) ==
        std::vector<std::string>{"h NL SR WL W WR", "s N", "h NR EL E ER SL", "s S"});
  CHECK(Areas(Parse("sshhv")) ==
        std::vector<std::string>{"h NL ER SL S SR WL W WR", "s N", "h NR EL", "s E"});
  // With three or four street edges v changes nothing: they meet at a crossing anyway.
  CHECK(SameCityTile(Parse("ssshv"), Parse("sssh")));
  CHECK(CityShortForm(Parse("ssshv")) == "sssh");
}

TEST_CASE("rule 1: v needs two or more street edges", "[city][tile]") {
  CheckRefusals({
      {"shhhv", 4,
       "v needs two or more street edges: a single street already ends in the middle (a dead "
       "end); leave out v"},
      {"hhhhv", 4,
       "v (every street ends in the middle) needs two or more street edges, and this tile has "
       "none"},
  });
}

// ---------------------------------------------------------------------------------------------
// Rule 2: areas
// ---------------------------------------------------------------------------------------------

TEST_CASE("rule 2: a lone dead end splits nothing", "[city][tile]") {
  // The market halves on both sides of the dead end are one market, round its end.
  CHECK(Areas(Parse("[msm]hhh")) ==
        std::vector<std::string>{"m NL NR", "s N", "h EL E ER SL S SR WL W WR"});
}

TEST_CASE("rule 2: a street through the middle separates areas", "[city][tile]") {
  CHECK(Areas(Parse("[msm]h[hsh]h")) ==
        std::vector<std::string>{"m NL", "s N S", "m NR", "h EL E ER SL", "h SR WL W WR"});
}

TEST_CASE("rule 2: a part of the other kind separates in both directions or not at all",
          "[city][tile]") {
  // Both ways round from E to W meet a market: two residential areas, two markets.
  CHECK(Areas(Parse("mhmh")) ==
        std::vector<std::string>{"m NL N NR", "h EL E ER", "m SL S SR", "h WL W WR"});
  // North and south are one residential area round the west edge.
  CHECK(Areas(Parse("hmhh")) == std::vector<std::string>{"h NL N NR SL S SR WL W WR", "m EL E ER"});
}

TEST_CASE("rule 2: building parts are skipped", "[city][tile]") {
  CHECK(Areas(Parse("hbhbp")) == std::vector<std::string>{"h NL N NR SL S SR"});
  // A building between two markets does not split them; the houses beyond do not either
  // (they are one part of the other kind, on one side only).
  CHECK(Areas(Parse("mbmhp")) == std::vector<std::string>{"m NL N NR SL S SR", "h WL W WR"});
}

TEST_CASE("rule 2: =h and =m join every part of their kind", "[city][tile]") {
  CHECK(Areas(Parse("mhmh=h")) ==
        std::vector<std::string>{"m NL N NR", "h EL E ER WL W WR", "m SL S SR"});
  CHECK(Areas(Parse("mhmh=m")) ==
        std::vector<std::string>{"m NL N NR SL S SR", "h EL E ER", "h WL W WR"});
  CHECK(Areas(Parse("mhmh=h=m")) ==
        std::vector<std::string>{"m NL N NR SL S SR", "h EL E ER WL W WR"});
}

TEST_CASE("rule 2: =h on parts that are one area already changes nothing", "[city][tile]") {
  CHECK(SameCityTile(Parse("hmhh=h"), Parse("hmhh")));
  CHECK(CityShortForm(Parse("hmhh=h")) == "hmhh");
  CHECK(SameCityTile(Parse("mmmm=m"), Parse("mmmm")));
}

// ---------------------------------------------------------------------------------------------
// Rule 3: touching
// ---------------------------------------------------------------------------------------------

TEST_CASE("rule 3: residential and market touch where they meet on the border", "[city][tile]") {
  CHECK(Touching(Parse("hmhh")) == std::vector<std::string>{"NL~EL"});
  CHECK(Touching(Parse("mhmh")) == std::vector<std::string>{"EL~NL", "EL~SL", "WL~NL", "WL~SL"});
  CHECK(Touching(Parse("hhhh")).empty());
}

TEST_CASE("rule 3: a street that separates keeps them from touching there", "[city][tile]") {
  CHECK(Parse("smsh").touching.empty());
  // The crossing's streets stand between the market pocket and every residential area.
  CityTile t = Parse("hss[msh]");
  CHECK(Areas(t) ==
        std::vector<std::string>{"h NL N NR EL WR", "s E", "h ER SL", "s S", "m SR WL", "s W"});
  CHECK(t.touching.empty());
}

TEST_CASE("rule 3: across a lone dead end the parts on its two sides touch round its end",
          "[city][tile]") {
  CityTile t = Parse("[hsm]hmh");
  CHECK(Areas(t) ==
        std::vector<std::string>{"h NL WL W WR", "s N", "m NR", "h EL E ER", "m SL S SR"});
  // NL~NR only across the dead end.
  CHECK(Touching(t) == std::vector<std::string>{"NL~NR", "NL~SL", "EL~NR", "EL~SL"});
  // Two dead ends that do not meet in the middle (long form): houses and market meet
  // between their ends, where the street through of smsh keeps them apart.
  CityTile ends = Parse("{edges: smsh, streets: [[N], [S]], middle: false}");
  CHECK(Areas(ends) ==
        std::vector<std::string>{"h NL SR WL W WR", "s N", "m NR EL E ER SL", "s S"});
  CHECK(Touching(ends) == std::vector<std::string>{"NL~NR"});
}

TEST_CASE("rule 3: the bare middle of [XY] and building parts keep nothing apart", "[city][tile]") {
  // The only contact: NL and NR meet in the middle of the north edge.
  CityTile t = Parse("[hm]sbsp");
  CHECK(Ports(t) == "h.mmshbbbhsh");
  CHECK(Areas(t) == std::vector<std::string>{"h NL WR", "m NR EL", "s E W", "h ER WL"});
  CHECK(Touching(t) == std::vector<std::string>{"NL~NR"});
  // Houses and market with buildings between them on both sides.
  CHECK(Touching(Parse("hbmbp")) == std::vector<std::string>{"NL~SL"});
}

TEST_CASE(
    "rule 3: an area that = joins through the middle touches every area of the other "
    "kind",
    "[city][tile]") {
  CityTile apart = Parse("hm[hsm]s");
  CHECK(Areas(apart) ==
        std::vector<std::string>{"h NL N NR WR", "m EL E ER", "h SL", "s S W", "m SR WL"});
  CHECK(Touching(apart) == std::vector<std::string>{"NL~EL", "SL~EL"});  // SR–WL touches none
  CityTile joined = Parse("hm[hsm]s=h");
  CHECK(Areas(joined) ==
        std::vector<std::string>{"h NL N NR SL WR", "m EL E ER", "s S W", "m SR WL"});
  CHECK(Touching(joined) == std::vector<std::string>{"NL~EL", "NL~SR"});
}

// ---------------------------------------------------------------------------------------------
// The halves of an `s` edge
// ---------------------------------------------------------------------------------------------

TEST_CASE("s halves take the kind of the neighbouring part at each corner", "[city][tile]") {
  // The adjacent half of a bracketed neighbour: NR takes EL's market.
  CHECK(Ports(Parse("s[mh]hh")) == "hsmm.hhhhhhh");
  // A building neighbour gives h; so does a whole-edge building.
  CHECK(Ports(Parse("s[bh]hhp")) == "hshb.hhhhhhh");
  CHECK(Ports(Parse("sbmmp")) == "mshbbbmmmmmm");
  // A plain street neighbour gives h, never its own (derived) halves: the east edge's first
  // half sees the north market, its second half the plain south street.
  CHECK(Ports(Parse("msss")) == "mmmmshhshhsm");
  // Nothing but streets: every half residential.
  CHECK(Ports(Parse("ssss")) == "hshhshhshhsh");
  // A bracketed street neighbour is not plain: its adjacent half counts.
  CHECK(Ports(Parse("s[msm]hh")) == "hsmmsmhhhhhh");
}

// ---------------------------------------------------------------------------------------------
// Goods and buildings (rule 5)
// ---------------------------------------------------------------------------------------------

TEST_CASE("goods go to the markets in the clockwise order of their first half from NL",
          "[city][tile]") {
  CHECK(Goods(Parse("mhmhG/F")) == std::vector<int>{kGrain, kFish});
  CHECK(Goods(Parse("hmhmG/F")) == std::vector<int>{kGrain, kFish});  // east first, then west
  CHECK(Areas(Parse("hmhm"))[1] == "m EL E ER");
  // The market over the north-west corner is met first at NL (NL included), although it
  // starts at WR going clockwise.
  CityTile t = Parse("[mh]hm[hm]G/F");
  CHECK(Areas(t)[0] == "m NL WR");
  CHECK(t.areas[0].goods == kGrain);
  CHECK(Goods(t) == std::vector<int>{kGrain, kFish});
  // An empty group for a market without goods; letters in any order, each once.
  CHECK(Goods(Parse("mhmh/L")) == std::vector<int>{0, kLivestock});
  CHECK(Goods(Parse("mhmhGFL/")) == std::vector<int>{kGrain | kFish | kLivestock, 0});
  CHECK(SameCityTile(Parse("mmmmFG"), Parse("mmmmGF")));
  CHECK(Goods(Parse("mmmm")) == std::vector<int>{0});
}

TEST_CASE("buildings: p, pp, *, p*", "[city][tile]") {
  CityTile p = Parse("hhhhp");
  CHECK(p.public_buildings == 1);
  CHECK(p.historic_buildings == 0);
  CityTile pp = Parse("hhhhpp");
  CHECK(pp.public_buildings == 2);
  CityTile h = Parse("hbhh*");
  CHECK(h.public_buildings == 0);
  CHECK(h.historic_buildings == 1);
  CityTile both = Parse("hbhhp*");
  CHECK(both.public_buildings == 1);
  CHECK(both.historic_buildings == 1);
  CHECK(Parse("[hb]hhhpp*").public_buildings == 2);
}

TEST_CASE("rule 5: a building part needs p or *, goods need a market", "[city][tile]") {
  CheckRefusals({
      {"hbhh", 1,
       "the building (b) on the east edge needs p (public) or * (historic) after the edges "
       "(rule 5)"},
      {"hh[hb]h", 2,
       "the building (b) on the south edge needs p (public) or * (historic) after the edges "
       "(rule 5)"},
      {"hhhhG", 4,
       "goods (G F L) belong to a market (rule 5), and this tile has no market part (m)"},
      {"mmmmG/F", 5,
       "'G/F' gives goods for 2 markets, but this tile has 1 market (at NL): write its goods "
       "together, GF"},
      {"mmmm/", 4,
       "'/' gives goods for 2 markets, but this tile has 1 market (at NL): leave out "
       "the /"},
      {"mhmhG/F/L", 7,
       "'G/F/L' gives goods for 3 markets, but this tile has 2 markets (at NL and SL): one group "
       "of goods per market, clockwise from NL, separated by /"},
      {"mhmhG", 4,
       "'G' gives goods for 1 market, but this tile has 2 markets (at NL and SL): give every "
       "market its goods, clockwise from NL, separated by / (a market without goods gets an "
       "empty group), e.g. G/"},
  });
}

// ---------------------------------------------------------------------------------------------
// Short form refusals
// ---------------------------------------------------------------------------------------------

TEST_CASE("short form refusals say what is wrong, what would be right, and where", "[city][tile]") {
  CheckRefusals({
      {"", 0,
       "empty tile description: expected four edges h, m, b, s or a bracketed edge such as "
       "[hsm], clockwise from the north edge"},
      {"shs", 3,
       "expected the west edge (h, m, b, s or a bracketed edge such as [hsm]), got the end of "
       "the description: a tile has four edges"},
      {"shshh", 4,
       "a tile has four edges: 'h' would be a fifth (after the edges: goods G F L, v, =h, =m, p, "
       "*)"},
      {"shxh", 2, "expected h, m, b, s or a bracketed edge for the south edge, got 'x'"},
      {"Shsh", 0,
       "expected h, m, b, s or a bracketed edge for the north edge, got 'S' (edge letters are "
       "lower case: s)"},
      {"crfr", 0, "expected h, m, b, s or a bracketed edge for the north edge, got 'c'"},
      {"hh\xc3\xa9h", 2,
       "expected h, m, b, s or a bracketed edge for the south edge, got a character that is not "
       "a plain letter"},
      {"shshx", 4,
       "unexpected 'x' after the four edges: expected goods (G F L), v, =h, =m, p or *"},
      {"mmmmg", 4, "goods are capital letters: write G for grain"},
      // Brackets.
      {"[", 1,
       "expected h, m or b for the first half of the north edge, got the end of the "
       "description"},
      {"h[sm]hh", 2,
       "expected h, m or b for the first half of the east edge, got 's' (a street edge in "
       "brackets is [XsY], e.g. [hsm])"},
      {"[h]hhh", 2,
       "a bracketed edge has two halves, [XY] or [XsY]; a whole residential edge is written h"},
      {"[hx]hhh", 2,
       "expected s, h, m or b for the middle or second half of the north edge, got 'x'"},
      {"[hs]hhh", 3, "expected h, m or b for the second half of the north edge, got ']'"},
      {"[hsm)hhh", 4, "expected ] to close the north edge, got ')'"},
      {"[hmm]hhh", 3, "expected ] to close the north edge, got 'm'"},
      {"[[hm]hhh", 1, "expected h, m or b for the first half of the north edge, got '['"},
      {"[hh]hhh", 0, "[hh] is a whole residential edge: write h"},
      {"h[mm]hh", 1, "[mm] is a whole market edge: write m"},
      {"hh[bb]hp", 2, "[bb] is a whole building edge: write b"},
      // Suffixes: order, repeats.
      {"mmmmGG", 5,
       "G (grain) is given twice for one market: each kind once (D.6.2); with several markets, / "
       "separates their goods"},
      {"mmmmGvF", 6,
       "goods are given twice: write them all right after the edges (G/F for two markets)"},
      {"shshvG", 5,
       "'G' must come before 'v': the suffixes are goods (G F L), v, =h, =m, p, * in that order"},
      {"mhmhp=h", 5,
       "'=h' must come before 'p': the suffixes are goods (G F L), v, =h, =m, p, * in that order"},
      {"mhmh=m=h", 6,
       "'=h' must come before '=m': the suffixes are goods (G F L), v, =h, =m, p, * in that "
       "order"},
      {"hhhh*p", 5,
       "'p' must come before '*': the suffixes are goods (G F L), v, =h, =m, p, * in that order"},
      {"shshvv", 5, "v is given twice"},
      {"mhmh=h=h", 6, "=h is given twice"},
      {"hhhhppp", 6, "at most two public buildings (pp)"},
      {"hhhhp*p", 6, "p is given twice: write pp for two public buildings"},
      {"hhhh**", 5, "a tile has at most one historic building (*)"},
      {"mhmh=x", 5,
       "expected h or m after = (=h joins the residential parts, =m the market parts), got 'x'"},
      {"mhmh=", 5,
       "expected h or m after = (=h joins the residential parts, =m the market parts), got the "
       "end of the description"},
      {"mmmm=h", 4, "=h joins residential parts, and this tile has no residential part"},
      {"hhhh=m", 4, "=m joins market parts, and this tile has no market part"},
  });
}

// ---------------------------------------------------------------------------------------------
// The long form
// ---------------------------------------------------------------------------------------------

TEST_CASE("long form: keys left out are derived by the short form's rules", "[city][tile]") {
  CHECK(SameCityTile(Parse("{edges: smsh}"), Parse("smsh")));
  CHECK(SameCityTile(Parse("{edges: \"[hsm]mmm\", goods: L, historic: 1}"), Parse("[hsm]mmmL*")));
  CHECK(SameCityTile(Parse("{edges: mhmh, goods: G/F}"), Parse("mhmhG/F")));
  CHECK(SameCityTile(Parse("{edges: hbhh, public: 1}"), Parse("hbhhp")));
  CHECK(SameCityTile(Parse("{edges: shsh, middle: true}"), Parse("shshv")));
  CHECK(SameCityTile(Parse("{edges: shsh, streets: [[N], [S]]}"), Parse("shshv")));
  CHECK(SameCityTile(Parse("{edges: mhmh, areas: [[N], [E, W], [S]]}"), Parse("mhmh=h")));
  CHECK(Parse("{edges: smsh}").text == "{edges: smsh}");
}

TEST_CASE("long form: what the short form cannot say", "[city][tile]") {
  // Two dead ends that do not meet: nothing is split.
  CityTile ends = Parse("{edges: shsh, streets: [[N], [S]], middle: false}");
  CHECK(Areas(ends) == std::vector<std::string>{"h NL NR EL E ER SL SR WL W WR", "s N", "s S"});
  // Areas as the table says, against the border's derivation.
  CityTile areas = Parse("{edges: smsh, areas: [[NL], [SR, W], [NR, E, SL]]}");
  CHECK(Areas(areas) ==
        std::vector<std::string>{"h NL", "s N S", "m NR EL E ER SL", "h SR WL W WR"});
  // Touching as the table says.
  CityTile touching = Parse("{edges: smsh, touching: [[W, NR]]}");
  CHECK(Touching(touching) == std::vector<std::string>{"NL~NR"});
  CHECK(Parse("{edges: mhmh, touching: []}").touching.empty());
  // Two dead ends between houses only are `v` with the houses joined; beside a market, no
  // short form says them.
  CHECK(CityShortForm(ends) == "shshv=h");
  CHECK(CityShortForm(Parse("{edges: smsh, streets: [[N], [S]], middle: false}")) ==
        "{edges: \"[hsm]m[msh]h\", streets: [[N], [S]], middle: false}");
  CHECK(CityShortForm(touching) == "{edges: \"[hsm]m[msh]h\", touching: [[W, E]]}");
}

TEST_CASE("long form refusals", "[city][tile]") {
  CheckRefusals({
      {"{edges: [hsm]mmh}", 13,
       "description: YAML syntax: end of map flow not found (quote edges that start with [: "
       "edges: \"[hsm]mmh\")"},
      {"{}", -1, "description: missing key 'edges' (required: edges)"},
      {"{edges: smsh, colour: red}", -1,
       "description: unknown key 'colour' (expected one of: edges, streets, middle, areas, goods, "
       "touching, public, historic)"},
      {"{edges: smshG}", -1,
       "description: edges 'smshG' goes on after its four edges with 'G': goods and buildings "
       "have keys of their own (goods: G, public: 1)"},
      {"{edges: smx}", -1,
       "description: edges 'smx': expected h, m, b, s or a bracketed edge for the south edge, got "
       "'x'"},
      {"{edges: [s, m, s, h]}", -1,
       "description: 'edges' is the four edges as in the short form, e.g. \"[hsm]mmh\" (quoted "
       "when it starts with [), not a list"},
      {"{edges: shsh, streets: [[N]]}", -1,
       "description: edge S is a street edge but no street covers it (edges: shsh)"},
      {"{edges: shsh, streets: [[N, E]]}", -1,
       "description: street side E is not a street edge (edges: shsh)"},
      {"{edges: shsh, streets: [[N, S], [S]]}", -1, "description: side S is in two streets"},
      {"{edges: ssss, streets: [[N, E, S], [W]]}", -1,
       "description: a street runs from one or two sides, not 3 (streets meeting at a crossing "
       "are separate streets, e.g. [[N], [E], [S]])"},
      {"{edges: shhh, middle: true}", -1,
       "description: middle: true (every street ends in the middle, the short form's v) needs "
       "two or more street edges (edges: shhh)"},
      {"{edges: shsh, streets: [[N, S]], middle: true}", -1,
       "description: middle: true says every street ends in the middle, but the street N–S "
       "passes through (edges: shsh)"},
      {"{edges: smsh, areas: [[NL, NR]]}", -1,
       "description: an area is of one kind: NL is residential, NR market (edges: smsh)"},
      {"{edges: smsh, areas: [[NL, W, SR], [E]]}", -1,
       "description: NR (market) is in no area: every residential and market part belongs to "
       "one area (edges: smsh)"},
      {"{edges: smsh, areas: [[NL, W, SR], [NR, E, SL, E]]}", -1,
       "description: the area names E twice"},
      {"{edges: smsh, areas: [[NL, W, SR], [NR, E, SL], [W]]}", -1,
       "description: W is already in another area"},
      {"{edges: smsh, areas: [[N]]}", -1,
       "description: side N is not one residential or market part (edges: smsh): name its half, "
       "NL or NR"},
      {"{edges: hbhh, areas: [[EL]], public: 1}", -1,
       "description: EL is a building (edges: hbhh): only residential and market parts make "
       "areas"},
      {"{edges: smsh, areas: [[XY]]}", -1,
       "description: 'XY' is not a half-edge or side (expected NL, NR, EL, ER, SL, SR, WL, WR, or "
       "N, E, S, W for a whole-edge part)"},
      {"{edges: smsh, touching: [[NL, W]]}", -1,
       "description: a touching pair is a residential part and a market part: NL and W are both "
       "residential"},
      {"{edges: smsh, touching: [NL]}", -1,
       "description: a touching pair names a residential and a market part ([NL, NR]), not 'NL'"},
      {"{edges: hbhh}", -1,
       "description: the building (b) on the east edge needs public: 1 or historic: 1 (rule 5)"},
      {"{edges: hbhh, public: 3}", -1,
       "description: 'public' must be a whole number from 0 to 2, not '3'"},
      {"{edges: smsh, goods: G/F}", -1,
       "description: 'G/F' gives goods for 2 markets, but this tile has 1 market (at NR): write "
       "its goods together, GF"},
      {"{edges: smsh, goods: GX}", -1,
       "description: goods 'GX': 'X' is not a kind of goods (G grain, F fish, L livestock; / "
       "between markets)"},
      {"{edges: smsh, goods: [G]}", -1,
       "description: 'goods' is written as in the short form, e.g. G/F, not a list"},
      {"{edges: smsh, middle: maybe}", -1,
       "description: 'middle' must be true or false, not 'maybe'"},
      {"{edges: smsh} ,", -1, "description: a tile is one YAML document; a second one starts here"},
      {"{edges: smsh", 0, "description: YAML syntax: end of map flow not found"},
      {"{" + std::string(1000, ' ') + "}", -1,
       "description: a long form is at most 1000 characters"},
  });
}

// ---------------------------------------------------------------------------------------------
// Canonical spelling and round trips
// ---------------------------------------------------------------------------------------------

TEST_CASE("the canonical short form is the plainest spelling of the same tile", "[city][tile]") {
  CHECK(CityShortForm(Parse("[hsm]m[msh]h")) == "smsh");
  CHECK(CityShortForm(Parse("[hsh]hhh")) == "shhh");
  CHECK(CityShortForm(Parse("mhmhFG/LF")) == "mhmhGF/FL");
  CHECK(CityShortForm(Parse("mhmh/")) == "mhmh");
  CHECK(CityShortForm(Parse("[hsm]mmmL*")) == "[hsm]mmmL*");
  CHECK(CityShortForm(Parse("[hsh]m[msh]h")) == "[hsh]msh");  // N's NR is h, against E's m
  CHECK(CityShortForm(Parse("mhmh=h=m")) == "mhmh=h=m");
  CHECK(CityShortForm(Parse("hbhh*")) == "hbhh*");
  CHECK(CityShortForm(Parse("[bsb]hhhp")) == "[bsb]hhhp");
}

TEST_CASE("every short form round-trips through CityShortForm and CityLongForm", "[city][tile]") {
  const std::vector<std::string> edges = {"h", "m", "b", "s", "[hm]", "[hsm]", "[msm]", "[bsh]"};
  const std::vector<std::string> suffixes = {"", "v", "=h", "G/L"};
  int parsed = 0;
  for (const std::string& n : edges)
    for (const std::string& e : edges)
      for (const std::string& s : edges)
        for (const std::string& w : edges)
          for (const std::string& suffix : suffixes) {
            const std::string text = n + e + s + w + suffix + "p";
            Result<CityTile> t = ParseCityTile(text);
            if (!t.ok()) {
              CHECK_FALSE(t.status().message().empty());
              continue;
            }
            ++parsed;
            INFO(text);
            CHECK(Invariants(*t) == "");
            const std::string canonical = CityShortForm(*t);
            INFO("canonical " << canonical);
            Result<CityTile> back = ParseCityTile(canonical);
            REQUIRE(back.ok());
            CHECK(SameCityTile(*back, *t));
            if (parsed % 37 == 0) {  // the long form is slower (YAML): a sample is enough
              const std::string long_form = CityLongForm(*t);
              INFO("long " << long_form);
              Result<CityTile> again = ParseCityTile(long_form);
              REQUIRE(again.ok());
              CHECK(SameCityTile(*again, *t));
            }
          }
  CHECK(parsed > 5000);
}

TEST_CASE("long-form-only tiles round-trip through their canonical long form", "[city][tile]") {
  for (const std::string text : {
           "{edges: smsh, streets: [[N], [S]], middle: false}",
           "{edges: smsh, areas: [[NL], [SR, W], [NR, E, SL]]}",
           "{edges: smsh, touching: [[W, NR]]}",
           "{edges: ssss, streets: [[N, S], [E], [W]]}",
           "{edges: ssss, streets: [[N, E], [S, W]], goods: \"\"}",
           "{edges: \"[msm]hmh\", areas: [[NL], [NR], [E, W], [S]], touching: [], public: 2}",
       }) {
    INFO(text);
    CityTile t = Parse(text);
    CHECK(Invariants(t) == "");
    const std::string canonical = CityShortForm(t);
    INFO(canonical);
    CHECK(canonical.front() == '{');
    CHECK(SameCityTile(Parse(canonical), t));
  }
}

// ---------------------------------------------------------------------------------------------
// Robustness
// ---------------------------------------------------------------------------------------------

TEST_CASE("random descriptions never crash, and every refusal has a one-line message",
          "[city][tile]") {
  std::mt19937 rng(20261124);  // fixed seed: the same strings every run
  const std::string alphabet = "hmbs[]hmbs[]GFL/v=p*hm";
  const std::vector<std::string> long_parts = {"edges: smsh",
                                               "edges: \"[hsm]mmh\"",
                                               "edges: ssss",
                                               "edges: mhmh",
                                               "streets: [[N, S]]",
                                               "streets: [[N], [S]]",
                                               "middle: true",
                                               "middle: false",
                                               "areas: [[NL], [NR]]",
                                               "areas: [[W, NL]]",
                                               "touching: [[NL, NR]]",
                                               "goods: G/F",
                                               "goods: L",
                                               "public: 1",
                                               "historic: 1",
                                               "edges: [",
                                               "{",
                                               "}",
                                               ":",
                                               ","};
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    if (round % 5 == 4) {  // the long form
      text = "{";
      const int keys = static_cast<int>(rng() % 5);
      for (int k = 0; k < keys; ++k)
        text += (k ? ", " : "") + long_parts[rng() % long_parts.size()];
      text += "}";
    } else {
      const int length = static_cast<int>(rng() % 16);
      for (int k = 0; k < length; ++k) {
        if (rng() % 40 == 0)
          text += static_cast<char>(rng() % 256);  // any byte at all, now and then
        else
          text += alphabet[rng() % alphabet.size()];
      }
    }
    INFO("round " << round << ": '" << text << "'");
    Result<CityTile> t = ParseCityTile(text);
    if (t.ok()) {
      ++accepted;
      CHECK(Invariants(*t) == "");
      CHECK(SameCityTile(Parse(CityShortForm(*t)), *t));
    } else {
      CHECK(t.status().code() == Status::Code::kSyntax);
      CHECK_FALSE(t.status().message().empty());
      CHECK(t.status().message().find('\n') == std::string::npos);
      CHECK(t.status().column() <= static_cast<int>(text.size()));
    }
  }
  CHECK(accepted > 100);
}

TEST_CASE("very long descriptions are refused at once", "[city][tile]") {
  CheckRefusals({
      {std::string(100000, 'h'), 4,
       "a tile has four edges: 'h' would be a fifth (after the edges: goods G F L, v, =h, =m, p, "
       "*)"},
      {std::string(100000, '['), 1,
       "expected h, m or b for the first half of the north edge, got '['"},
  });
  std::string goods = "mmmm";
  for (int k = 0; k < 50000; ++k) goods += "G/";
  Result<CityTile> t = ParseCityTile(goods);
  REQUIRE_FALSE(t.ok());
  CHECK(t.status().message().size() < 200);  // the goods are shown shortened
  CHECK(t.status().column() == 5);
}

TEST_CASE("a city tile in words, as `place` reads it back", "[city][tile]") {
  CHECK(CityTileWords(Parse("hshs")) ==
        "residential area N+EL+WR; street E–W; residential area ER+S+WL");
  CHECK(CityTileWords(Parse("hmhhG")) == "residential area N+S+W; market E with grain");
  CHECK(CityTileWords(Parse("hhhhp")) == "residential area N+E+S+W; 1 public building");
  CHECK(CityTileWords(Parse("hshsv*")) ==
        "residential area N+EL+WR; street E; residential area ER+S+WL; street W; 1 historic "
        "building");
}
