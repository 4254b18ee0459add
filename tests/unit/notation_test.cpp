#include "carcref/notation.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "carcref/catalog.h"
#include "carcref/tile.h"
#include "engine/field_hash.h"

using namespace carcref;

namespace {

Catalog LoadCatalog(const std::string& name) {
  std::string path = std::string(CARCREF_SOURCE_DATA_DIR) + "/tiles/" + name;
  std::ifstream in(path);
  INFO(path);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  Result<Catalog> catalog = ParseCatalog(text.str(), name);
  INFO(catalog.status().message());
  REQUIRE(catalog.ok());
  return catalog.value();
}

const Catalog& Base() {
  static const Catalog catalog = LoadCatalog("base.yaml");
  return catalog;
}

const Catalog& WinterOnly() {
  static const Catalog catalog = LoadCatalog("winter.yaml");
  return catalog;
}

// The Winter game: base plus the 12 animal tiles.
const Catalog& WinterGame() {
  static const Catalog catalog = [] {
    Catalog c = Base();
    Status s = MergeCatalog(c, WinterOnly());
    REQUIRE(s.ok());
    return c;
  }();
  return catalog;
}

TileType Parse(const std::string& text) {
  Result<TileType> t = ParseShortForm(text);
  INFO(text << ": " << t.status().message());
  REQUIRE(t.ok());
  return t.value();
}

// Exactly the same geometry as it lies (rotation 0).
bool Same(const TileType& a, const TileType& b) {
  return a.edges == b.edges && SameGeometry(a, b) == 0;
}

// The smallest rotation of `t` that looks like `t` turned by q.
int SmallestEquivalentRotation(const TileType& t, int q) {
  TileType target = RotateTile(t, q);
  for (int r = 0; r < 4; ++r)
    if (Same(RotateTile(t, r), target)) return r;
  return -1;
}

std::vector<std::string> FieldWords(const TileType& t) {
  std::vector<std::string> out;
  for (int i = 0; i < static_cast<int>(t.segments.size()); ++i)
    if (t.segments[i].kind == FeatureKind::kField) out.push_back(DescribeSegment(t, i, 0));
  return out;
}

// NOTATION.md's table, and the Winter animal tiles of the paragraph below it.
const std::vector<std::pair<std::string, std::string>> kBaseForms = {
    {"A", "ffrfm"}, {"B", "ffffm"}, {"C", "cccc+"}, {"D", "crfr"}, {"E", "cfff"},  {"F", "fcfc+"},
    {"G", "fcfc"},  {"H", "cfcf|"}, {"I", "cffc|"}, {"J", "crrf"}, {"K", "cfrr"},  {"L", "crrr"},
    {"M", "cffc+"}, {"N", "cffc"},  {"O", "crrc+"}, {"P", "crrc"}, {"Q", "ccfc+"}, {"R", "ccfc"},
    {"S", "ccrc+"}, {"T", "ccrc"},  {"U", "frfr"},  {"V", "ffrr"}, {"W", "frrr"},  {"X", "rrrr"},
};
const std::vector<std::pair<std::string, std::string>> kWinterForms = {
    {"winter/LR", "ffrfm"},   {"winter/RRR", "frrr"}, {"winter/CRr", "crrf"},
    {"winter/RrC", "cfrr"},   {"winter/CFR", "cfrf"}, {"winter/CR", "crff"},
    {"winter/RC", "cffr"},    {"winter/CcR", "crfc"}, {"winter/RCc", "cfrc"},
    {"winter/LRFR", "frfrm"}, {"winter/R", "ffrf"},
};

// The form names that tile and only that tile (and its equal-shaped twins) under every
// rotation, and ShortFormOf gives back the form.
void CheckForm(const Catalog& catalog, const std::string& id, const std::string& form,
               size_t expected_matches) {
  INFO(id << " = " << form);
  TilePtr tile = catalog.Find(id);
  REQUIRE(tile);
  TileType parsed = Parse(form);
  CHECK(Same(*tile, parsed));
  CHECK(ShortFormOf(*tile, 0) == form);
  for (int q = 0; q < 4; ++q) {
    INFO("turned " << 90 * q);
    std::string turned = ShortFormOf(*tile, q);
    REQUIRE(!turned.empty());
    TileType lying = Parse(turned);
    CHECK(Same(lying, RotateTile(*tile, q)));
    std::vector<CatalogMatch> matches = MatchCatalog(lying, catalog);
    REQUIRE(matches.size() == expected_matches);
    bool found = false;
    for (const CatalogMatch& m : matches) {
      CHECK(SameGeometry(*m.tile, *tile) >= 0);
      CHECK(Same(RotateTile(*m.tile, m.quarters), lying));
      if (m.tile == tile) {
        found = true;
        CHECK(m.quarters == SmallestEquivalentRotation(*tile, q));
      }
    }
    CHECK(found);
  }
}

}  // namespace

TEST_CASE("every base tile's short form derives exactly the catalogue tile", "[notation]") {
  REQUIRE(Base().tiles.size() == kBaseForms.size());
  for (const auto& [id, form] : kBaseForms) CheckForm(Base(), id, form, 1);
}

TEST_CASE("every Winter animal tile's short form derives exactly the catalogue tile",
          "[notation]") {
  for (const auto& [id, form] : kWinterForms) CheckForm(WinterOnly(), id, form, 1);
  // In the Winter game the animal tiles with a base shape match both (A.1.1: animals have no
  // rules effect); the new shapes match only themselves.
  std::map<std::string, std::string> twin = {
      {"winter/LR", "A"}, {"winter/RRR", "W"}, {"winter/CRr", "J"}, {"winter/RrC", "K"}};
  for (const auto& [id, form] : kWinterForms) {
    INFO(id);
    std::vector<CatalogMatch> matches = MatchCatalog(Parse(form), WinterGame());
    if (twin.count(id)) {
      REQUIRE(matches.size() == 2);
      CHECK(matches[0].tile->id == twin[id]);
      CHECK(matches[1].tile->id == id);
    } else {
      REQUIRE(matches.size() == 1);
      CHECK(matches[0].tile->id == id);
    }
  }
}

TEST_CASE("the typed form is the tile as it lies: rotation is implied", "[notation]") {
  // D is crfr; turned 90 clockwise its city is on the east: rcrf.
  std::vector<CatalogMatch> m = MatchCatalog(Parse("rcrf"), Base());
  REQUIRE(m.size() == 1);
  CHECK(m[0].tile->id == "D");
  CHECK(m[0].quarters == 1);
  m = MatchCatalog(Parse("rfrc"), Base());
  REQUIRE(m.size() == 1);
  CHECK(m[0].tile->id == "D");
  CHECK(m[0].quarters == 3);
  // Symmetric tiles get the smallest rotation.
  m = MatchCatalog(Parse("rfrf"), Base());
  REQUIRE(m.size() == 1);
  CHECK(m[0].tile->id == "U");
  CHECK(m[0].quarters == 1);
  m = MatchCatalog(Parse("fcfc|"), Base());
  REQUIRE(m.size() == 1);
  CHECK(m[0].tile->id == "H");
  CHECK(m[0].quarters == 1);
  CHECK(MatchCatalog(Parse("cccc+"), Base())[0].quarters == 0);
  CHECK(ShortFormOf(*Base().Find("D"), 1) == "rcrf");
  CHECK(ShortFormOf(*Base().Find("I"), 1) == "ccff|");
  CHECK(ShortFormOf(*Base().Find("S"), 2) == "rccc+");
}

TEST_CASE("rule 3: fields split where one connected obstacle touches the border twice",
          "[notation]") {
  // A: the road ends at the monastery and touches the border at S only: one field.
  CHECK(FieldWords(Parse("ffrfm")) == std::vector<std::string>{"field NL+NR+EL+ER+SL+SR+WL+WR"});
  // winter/LRFR: road W + monastery + road E is one obstacle touching E and W: two fields.
  CHECK(FieldWords(Parse("frfrm")) ==
        std::vector<std::string>{"field NL+NR+EL+WR", "field ER+SL+SR+WL"});
  // S: the road runs into the city; city + road splits SL from SR, both beside the city.
  CHECK(FieldWords(Parse("ccrc+")) ==
        std::vector<std::string>{"field SL (beside city N+E+W)", "field SR (beside city N+E+W)"});
  // D: the through road splits; only the strip next to the city borders it.
  CHECK(FieldWords(Parse("crfr")) ==
        std::vector<std::string>{"field EL+WR (beside city N)", "field ER+SL+SR+WL"});
  // L: the three roads meet at one junction: one obstacle, three fields.
  CHECK(FieldWords(Parse("crrr")) ==
        std::vector<std::string>{"field EL+WR (beside city N)", "field ER+SL", "field SR+WL"});
  // H: two caps, each touching the border in one stretch only: one field beside both.
  CHECK(FieldWords(Parse("cfcf|")) ==
        std::vector<std::string>{"field EL+ER+WL+WR (beside city N, city S)"});
  // winter/R: a dead end at a farmhouse does not split the field.
  CHECK(FieldWords(Parse("ffrf")) == std::vector<std::string>{"field NL+NR+EL+ER+SL+SR+WL+WR"});
  // A village is a middle feature: two roads ending there split like LRFR ...
  CHECK(FieldWords(Parse("frfrv")) ==
        std::vector<std::string>{"field NL+NR+EL+WR", "field ER+SL+SR+WL"});
  // ... and a road ending at a village beside a city does not reach the city (cf. winter/CR).
  CHECK(FieldWords(Parse("crffv")) ==
        std::vector<std::string>{"field EL+ER+SL+SR+WL+WR (beside city N)"});
  CHECK(
      FieldWords(Parse("crff")) ==
      std::vector<std::string>{"field EL (beside city N)", "field ER+SL+SR+WL+WR (beside city N)"});
  CHECK(FieldWords(Parse("cccc+")).empty());
  CHECK(Parse("cccc+").segments.size() == 1);
}

TEST_CASE("DeriveFields rebuilds every catalogue tile's fields", "[notation]") {
  for (const Catalog* catalog : {&Base(), &WinterOnly()}) {
    for (const TilePtr& tile : catalog->tiles) {
      INFO(tile->id);
      TileType bare = *tile;
      // Drop the fields; nothing else refers to them.
      std::vector<Segment> kept;
      for (const Segment& s : bare.segments)
        if (s.kind != FeatureKind::kField) kept.push_back(s);
      bare.segments = kept;
      Status s = DeriveFields(bare);
      INFO(s.message());
      REQUIRE(s.ok());
      CHECK(Same(bare, *tile));
    }
  }
}

TEST_CASE("DeriveFields on the long form's two separate curves", "[notation]") {
  // {edges: rrrr, roads: [[N, W], [S, E]]}: winter/RrRr, three fields.
  TileType t;
  t.edges = {EdgeKind::kRoad, EdgeKind::kRoad, EdgeKind::kRoad, EdgeKind::kRoad};
  Segment nw;
  nw.kind = FeatureKind::kRoad;
  nw.ports = static_cast<PortMask>(Bit(MiddlePort(kNorth)) | Bit(MiddlePort(kWest)));
  Segment se = nw;
  se.ports = static_cast<PortMask>(Bit(MiddlePort(kSouth)) | Bit(MiddlePort(kEast)));
  t.segments = {nw, se};
  REQUIRE(DeriveFields(t).ok());
  CHECK(FieldWords(t) ==
        std::vector<std::string>{"field NL+WR", "field NR+EL+SR+WL", "field ER+SL"});
  CHECK(Same(t, *WinterOnly().Find("winter/RrRr")));
  CHECK(!DeriveFields(t).ok());  // it has fields now

  // A lone road ending on a tile with two separate cities: which city cannot be derived.
  TileType u;
  u.edges = {EdgeKind::kCity, EdgeKind::kField, EdgeKind::kRoad, EdgeKind::kCity};
  Segment n, w, road;
  n.kind = w.kind = FeatureKind::kCity;
  n.ports = SideMask(kNorth);
  w.ports = SideMask(kWest);
  road.kind = FeatureKind::kRoad;
  road.ports = Bit(MiddlePort(kSouth));
  u.segments = {n, w, road};
  Status s = DeriveFields(u);
  CHECK(s.code() == Status::Code::kSyntax);
  CHECK(s.message() ==
        "road S ends on a tile with several separate cities: which city it runs into cannot be "
        "derived, so the fields must be given");
}

TEST_CASE("winter/RrRr needs the long form", "[notation]") {
  TilePtr rr = WinterOnly().Find("winter/RrRr");
  REQUIRE(rr);
  for (int q = 0; q < 4; ++q) CHECK(ShortFormOf(*rr, q).empty());
  // rrrr is the crossroads, never the two curves.
  std::vector<CatalogMatch> m = MatchCatalog(Parse("rrrr"), WinterGame());
  REQUIRE(m.size() == 1);
  CHECK(m[0].tile->id == "X");
}

TEST_CASE("every parsable short form round-trips through ShortFormOf", "[notation]") {
  const std::string letters = "crf";
  const std::vector<std::string> suffixes = {"",   "+",  "++", "|",  "m",  "v",
                                             "+m", "|m", "|v", "+v", "++m"};
  int parsed_count = 0;
  for (char n : letters)
    for (char e : letters)
      for (char s : letters)
        for (char w : letters)
          for (const std::string& suffix : suffixes) {
            std::string text = std::string{n, e, s, w} + suffix;
            Result<TileType> t = ParseShortForm(text);
            if (!t.ok()) continue;
            ++parsed_count;
            for (int q = 0; q < 4; ++q) {
              INFO(text << " turned " << 90 * q);
              std::string back = ShortFormOf(*t, q);
              REQUIRE(!back.empty());
              CHECK(Same(Parse(back), RotateTile(*t, q)));
            }
          }
  CHECK(parsed_count > 300);
}

TEST_CASE("short form syntax errors say what is wrong, and where", "[notation]") {
  struct Case {
    std::string text;
    int column;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"", 0,
       "empty tile description: expected four edge letters c, r or f, clockwise from the north "
       "edge"},
      {"cxfr", 1, "expected c, r or f for the east edge, got 'x'"},
      {"crf", 3, "expected c, r or f for the west edge, got the end of the description"},
      {"Crfr", 0,
       "there is no misty city: mist never lies on a city (B.5.2); write c for the north edge"},
      {"crfrx", 4,
       "unexpected 'x' after the four edges: expected + (pennant), | (separate cities), m "
       "(monastery) or v (village)"},
      {"crfrf", 4,
       "unexpected 'f' after the four edges: expected + (pennant), | (separate cities), m "
       "(monastery) or v (village)"},
      {"frfr+", 4, "a pennant (+) belongs to a city, and this tile has no city edge"},
      {"cccc+++", 6, "at most two pennants (++)"},
      {"cccc+|+", 6, "pennants are given twice: write ++ for two"},
      {"cfff|", 4, "| (separate cities) needs two or more city edges"},
      {"cfcf||", 5, "| (separate cities) is given twice"},
      {"cfcf+|", 4,
       "a pennant on one of several separate cities needs the long form: the short form cannot "
       "say which city has it"},
      {"cfrc|", 4,
       "a single road on a tile with separate cities needs the long form: the short form cannot "
       "say which city it runs into"},
      {"ffffv", 4, "v (a village where roads end) needs a road edge"},
      {"ffrfmv", 5, "a tile has one middle feature: 'v' after 'm'"},
      // The Mists parts of the notation: notation_mist_test.cpp.
      // Brackets.
      {"c[xrf]fr", 2, "expected f for the left half of the east edge, got 'x'"},
      {"c[fcf]fr", 3, "a city edge is written c, not in brackets (the east edge)"},
      {"c[fxf]fr", 3, "expected r or f for the middle of the east edge, got 'x'"},
      {"c[frr]fr", 4, "expected f for the right half of the east edge, got 'r'"},
      {"c[frf)fr", 5, "expected ] to close the east edge, got ')'"},
      {"c[fr", 4, "expected f for the right half of the east edge, got the end of the description"},
      {"[c]rfr", 1, "a city edge is written c, not in brackets (the north edge)"},
  };
  for (const Case& c : cases) {
    INFO("'" << c.text << "'");
    Result<TileType> t = ParseShortForm(c.text);
    REQUIRE_FALSE(t.ok());
    CHECK(t.status().code() == Status::Code::kSyntax);
    CHECK(t.status().message() == c.message);
    CHECK(t.status().column() == c.column);
  }
}

TEST_CASE("clear bracketed edges equal their letters", "[notation]") {
  CHECK(Same(Parse("c[frf]f[frf]"), Parse("crfr")));
  CHECK(Same(Parse("[fff]ffrm"), Parse("fffrm")));
  CHECK(Same(Parse("ffrfv"), Parse("ffrf")));  // a village with one road: a dead end
  CHECK(Same(Parse("frrrv"), Parse("frrr")));  // three roads already meet at a junction
}

TEST_CASE("nearest tiles and the difference in words", "[notation]") {
  // G has none left: F is the same city with a pennant.
  TileType g = Parse("fcfc");
  std::vector<CatalogMatch> near = NearestTiles(g, Base(), 3);
  REQUIRE(near.size() >= 2);
  CHECK(near[0].tile->id == "G");
  CHECK(near[0].distance == 0);
  CHECK(near[1].tile->id == "F");
  CHECK(near[1].distance == 1);
  CHECK(DescribeDifference(g, *Base().Find("F")) == "F is the same city with a pennant");
  CHECK(DescribeDifference(Parse("cfcf"), *Base().Find("F")) ==
        "F is the same city with a pennant");
  CHECK(DescribeDifference(g, *Base().Find("G")).empty());
  CHECK(DescribeDifference(Parse("fcfc+"), *Base().Find("G")) ==
        "G is the same city without a pennant");

  // cccc (no pennant) is in no catalogue: C is the nearest.
  TileType c = Parse("cccc");
  CHECK(MatchCatalog(c, Base()).empty());
  near = NearestTiles(c, Base(), 5);
  REQUIRE(!near.empty());
  CHECK(near[0].tile->id == "C");
  CHECK(DescribeDifference(c, *Base().Find("C")) == "C is the same city with a pennant");

  // cffc: one corner city. N is it; M has a pennant; I has two separate caps.
  TileType n = Parse("cffc");
  near = NearestTiles(n, Base(), 3);
  REQUIRE(near.size() == 3);
  CHECK(near[0].tile->id == "N");
  CHECK(near[0].distance == 0);
  CHECK(near[1].tile->id == "M");
  CHECK(near[1].distance == 1);
  CHECK(near[2].tile->id == "I");
  CHECK(near[2].distance == 10);
  CHECK(DescribeDifference(n, *Base().Find("I")) == "I has two separate caps (N, W), not one city");
  CHECK(DescribeDifference(Parse("cffc|"), *Base().Find("N")) ==
        "N has one city (N+W), not separate caps");
  CHECK(DescribeDifference(Parse("cffc|"), *Base().Find("M")) ==
        "M has one city (N+W), not separate caps, with a pennant");

  // A farmhouse dead end vs the monastery; the crossroads vs the two curves.
  CHECK(DescribeDifference(Parse("ffrf"), *Base().Find("A")) == "A has a monastery");
  CHECK(DescribeDifference(Parse("rrrr"), *WinterOnly().Find("winter/RrRr")) ==
        "winter/RrRr has road N–W and road E–S");
  CHECK(DescribeDifference(Parse("crffv"), *WinterOnly().Find("winter/CR")) ==
        "winter/CR has other fields: field EL (beside city N) and field ER+SL+SR+WL+WR "
        "(beside city N)");
  // One edge different, named as the tile lies.
  CHECK(DescribeDifference(Parse("crff"), *Base().Find("E")) ==
        "E has a field on the E edge (not a road)");
  CHECK(DescribeDifference(Parse("rcff"), *Base().Find("E")) ==
        "E turned 90 has a field on the N edge (not a road)");
  near = NearestTiles(Parse("crff"), Base(), 10);
  REQUIRE(!near.empty());
  for (const CatalogMatch& m : near) CHECK(m.distance >= 100);
  for (const CatalogMatch& m : near) CHECK(m.distance < 200);
}

TEST_CASE("LooksLikeShortForm tells descriptions from catalogue ids", "[notation]") {
  CHECK(LooksLikeShortForm("crfr"));
  CHECK(LooksLikeShortForm("cfcf|"));
  CHECK(LooksLikeShortForm("ffrfm"));
  CHECK(LooksLikeShortForm("[frf]rfr"));
  CHECK(LooksLikeShortForm("c[frf]fr"));
  CHECK(LooksLikeShortForm("cRfr"));  // the parser explains that mist is for Mists tiles
  CHECK_FALSE(LooksLikeShortForm("D"));
  CHECK_FALSE(LooksLikeShortForm("R"));
  CHECK_FALSE(LooksLikeShortForm("winter/CFR"));
  CHECK_FALSE(LooksLikeShortForm("crf"));
  CHECK_FALSE(LooksLikeShortForm("{edges: rrrr}"));
  CHECK_FALSE(LooksLikeShortForm(""));
}

TEST_CASE("HashTileKey feeds the bytes of HashKey: the state hashes of logged sessions hold",
          "[hash][tile]") {
  // Issue #21: Mists' and GCC's state hashes feed a described tile's key in pieces instead of
  // building HashKey's string; the hash of a field must be the same either way.
  for (const char* d : {"crfr", "ffFR2", "cfFf+2", "ffFfg1", "rrrr", "ccfc+", "FrRf1/2", "cfffg"}) {
    INFO(d);
    Result<TileType> t = ParseShortForm(d);
    REQUIRE(t.ok());
    FieldHash pieces;
    HashTileKey(pieces, *t);
    pieces.End();
    FieldHash whole;
    (whole << HashKey(*t)).End();
    CHECK(pieces.value() == whole.value());
  }
}
