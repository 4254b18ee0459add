// The Mists parts of the short form (NOTATION.md rules 5–6): misty edges, brackets, `=`,
// ghost numbers, castle, cemetery, village; DeriveFields and ShortFormOf on such tiles.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "carcref/notation.h"
#include "carcref/tile.h"

using namespace carcref;

namespace {

TileType Parse(const std::string& text) {
  Result<TileType> t = ParseShortForm(text);
  INFO(text << ": " << t.status().message());
  REQUIRE(t.ok());
  return t.value();
}

bool Same(const TileType& a, const TileType& b) {
  return a.edges == b.edges && SameGeometry(a, b) == 0;
}

std::vector<std::string> Words(const TileType& t, FeatureKind kind) {
  std::vector<std::string> out;
  for (int i = 0; i < static_cast<int>(t.segments.size()); ++i)
    if (t.segments[i].kind == kind) out.push_back(DescribeSegment(t, i, 0));
  return out;
}

std::vector<std::string> FieldWords(const TileType& t) { return Words(t, FeatureKind::kField); }
std::vector<std::string> MistWords(const TileType& t) { return Words(t, FeatureKind::kMist); }
std::vector<std::string> RoadWords(const TileType& t) { return Words(t, FeatureKind::kRoad); }

const Segment* Only(const TileType& t, FeatureKind kind) {
  const Segment* found = nullptr;
  for (const Segment& s : t.segments) {
    if (s.kind != kind) continue;
    if (found) return nullptr;
    found = &s;
  }
  return found;
}

PortMask Ports(std::initializer_list<const char*> names) {
  PortMask m = 0;
  for (const char* n : names) {
    if (auto half = ParseHalf(n)) {
      m |= Bit(*half);
    } else {
      auto side = ParseSide(n);
      REQUIRE(side);
      m |= Bit(MiddlePort(*side));
    }
  }
  return m;
}

// `t` without its fields, as the long form gives it when it omits `fields:`.
TileType WithoutFields(const TileType& t) {
  TileType bare = t;
  std::vector<Segment> kept;
  for (const Segment& s : t.segments)
    if (s.kind != FeatureKind::kField) kept.push_back(s);
  bare.segments = kept;
  bare.port_owner.fill(-1);
  return bare;
}

// Whether a mist area owns both halves of a field edge but not its middle (`[FfF]=`): the
// long form, which lists mist halves only, gives such a middle to the mist (Finalize).
bool ClearMiddleBetweenMistyHalves(const TileType& t) {
  for (Side s : kSides) {
    if (t.edges[s] != EdgeKind::kField) continue;
    int left = t.mist_owner[PortOf(s, 0)];
    if (left >= 0 && left == t.mist_owner[PortOf(s, 2)] && t.mist_owner[MiddlePort(s)] != left)
      return true;
  }
  return false;
}

}  // namespace

TEST_CASE("NOTATION's example: a road from east to west with mist only below it", "[mist]") {
  TileType t = Parse("f[frF]F[Frf]2");
  CHECK(t.EdgeString() == "frfr");
  CHECK(RoadWords(t) == std::vector<std::string>{"road W–E"});
  const Segment* mist = Only(t, FeatureKind::kMist);
  REQUIRE(mist);
  CHECK(mist->ports == Ports({"ER", "SL", "S", "SR", "WL"}));
  CHECK(mist->misty == 0);  // the road itself is clear
  CHECK(mist->ghosts == 2);
  CHECK(t.GhostSymbols() == 2);
  CHECK(MistWords(t) == std::vector<std::string>{"mist ER+SL+SR+WL with 2 ghosts"});
  // North of the road one clear field; south of it all is mist.
  CHECK(FieldWords(t) == std::vector<std::string>{"field NL+NR+EL+WR"});
  CHECK(t.MistyPorts() == Ports({"ER", "SL", "S", "SR", "WL"}));
  CHECK(ShortFormOf(t, 0) == "f[frF]F[Frf]2");
  CHECK(ShortFormOf(t, 1) == "[Frf]f[frF]F2");
  CHECK(ShortFormOf(t, 2) == "F[Frf]f[frF]2");
}

TEST_CASE("R and F are the bracketed edges with every part in mist", "[mist]") {
  CHECK(Same(Parse("fRfr1"), Parse("f[FRF]fr1")));
  CHECK(Same(Parse("Ffff1"), Parse("[FFF]fff1")));
  CHECK(Same(Parse("c[frf]f[frf]"), Parse("crfr")));
  // Brackets that say less mist are other tiles.
  CHECK(!Same(Parse("fRfr1"), Parse("f[fRf]fr1")));
  CHECK(!Same(Parse("Ffff1"), Parse("[FFf]fff1")));
}

TEST_CASE("a misty road running through the tile joins the mist at both its ends", "[mist]") {
  TileType t = Parse("fRfR1");
  const Segment* road = Only(t, FeatureKind::kRoad);
  REQUIRE(road);
  CHECK(road->misty == Ports({"E", "W"}));
  const Segment* mist = Only(t, FeatureKind::kMist);  // one area, no = needed
  REQUIRE(mist);
  CHECK(mist->ports == Ports({"EL", "ER", "WL", "WR"}));
  CHECK(mist->misty == Ports({"E", "W"}));
  CHECK(RoadWords(t) == std::vector<std::string>{"road W–E (in mist)"});
  CHECK(FieldWords(t) == std::vector<std::string>{"field NL+NR", "field SL+SR"});
  // Only the road in mist, its fields clear: still one area along the road.
  TileType narrow = Parse("f[fRf]f[fRf]1");
  REQUIRE(Only(narrow, FeatureKind::kMist));
  CHECK(MistWords(narrow) == std::vector<std::string>{"mist road E+road W with 1 ghost"});
  CHECK(FieldWords(narrow) == std::vector<std::string>{"field NL+NR+EL+WR", "field ER+SL+SR+WL"});
  // Roads that end at a village are separate roads: their mist lies apart.
  Result<TileType> village = ParseShortForm("f[fRf]f[fRf]v1");
  REQUIRE_FALSE(village.ok());
  CHECK(Parse("f[fRf]f[fRf]v=1").segments.size() == 5);  // 2 roads, mist, 2 fields
  // A road misty at one end only: the mist lies at that end.
  TileType half = Parse("fRfr1");
  CHECK(Only(half, FeatureKind::kRoad)->misty == Ports({"E"}));
  CHECK(FieldWords(half) == std::vector<std::string>{"field NL+NR+WR", "field SL+SR+WL"});
}

TEST_CASE("castle, cemetery and village in the middle", "[mist]") {
  // A castle with a road and mist: the road ends at the castle (mists.md §2.9).
  TileType castle = Parse("fRffk1");
  const Segment* k = Only(castle, FeatureKind::kCastle);
  REQUIRE(k);
  CHECK(k->ports == 0);
  CHECK(RoadWords(castle) == std::vector<std::string>{"road E to the castle (in mist)"});
  CHECK(MistWords(castle) == std::vector<std::string>{"mist EL+ER+road E with 1 ghost"});
  CHECK(FieldWords(castle) == std::vector<std::string>{"field NL+NR+SL+SR+WL+WR"});
  CHECK(Parse("frffk").segments.size() == 3);  // road, castle, field
  // Two roads ending at the castle split the field like a monastery's (winter/LRFR).
  TileType two = Parse("f[frF]F[Frf]k2");
  CHECK(RoadWords(two) == std::vector<std::string>{"road E to the castle", "road W to the castle"});
  CHECK(FieldWords(two) == std::vector<std::string>{"field NL+NR+EL+WR"});

  // A cemetery with a city (mists.md §2.10).
  TileType cemetery = Parse("cfffg");
  REQUIRE(Only(cemetery, FeatureKind::kCemetery));
  CHECK(FieldWords(cemetery) ==
        std::vector<std::string>{"field EL+ER+SL+SR+WL+WR (beside city N)"});
  TileType misty_cemetery = Parse("cFffg1");
  CHECK(FieldWords(misty_cemetery) ==
        std::vector<std::string>{"field SL+SR+WL+WR (beside city N)"});
  CHECK(ShortFormOf(misty_cemetery, 1) == "fcFfg1");

  // A village ends roads and is no segment.
  TileType village = Parse("RfRfv=2");
  CHECK(village.centre == Centre::kVillage);
  CHECK(RoadWords(village) == std::vector<std::string>{"road N to the village (in mist)",
                                                       "road S to the village (in mist)"});
  CHECK(Parse("frfr").centre == Centre::kNone);
  CHECK(Parse("frfrv").centre == Centre::kVillage);
  CHECK(ShortFormOf(Parse("frrrv"), 0) == "frrrv");  // the village is kept
  CHECK(ShortFormOf(Parse("frrr"), 0) == "frrr");
  CHECK(ShortFormOf(Parse("ffrfv"), 2) == "rfffv");
}

TEST_CASE("= makes one band of mist, N/M separate patches", "[mist]") {
  TileType band = Parse("FfFf=2");
  REQUIRE(Only(band, FeatureKind::kMist));
  CHECK(MistWords(band) == std::vector<std::string>{"mist NL+NR+SL+SR with 2 ghosts"});
  // The band crosses the tile: the fields east and west of it are separate.
  CHECK(FieldWords(band) == std::vector<std::string>{"field EL+ER", "field WL+WR"});

  TileType patches = Parse("FfFf1/1");
  CHECK(MistWords(patches) ==
        std::vector<std::string>{"mist NL+NR with 1 ghost", "mist SL+SR with 1 ghost"});
  // The clear field runs between the two patches.
  CHECK(FieldWords(patches) == std::vector<std::string>{"field EL+ER+WL+WR"});
  CHECK(!Same(band, patches));

  // A band across a clear road: four fields.
  CHECK(FieldWords(Parse("FrFr=2")) ==
        std::vector<std::string>{"field EL", "field ER", "field WL", "field WR"});
  CHECK(FieldWords(Parse("FrFr1/1")) == std::vector<std::string>{"field EL+WR", "field ER+WL"});
  // Between two separate caps a band may pass.
  CHECK(Parse("FcFc|=1").GhostSymbols() == 1);
}

TEST_CASE("[FfF]: misty halves with a clear middle lie apart", "[mist]") {
  // Alone the two halves are ambiguous.
  Result<TileType> bare = ParseShortForm("[FfF]fff1");
  REQUIRE_FALSE(bare.ok());
  CHECK(bare.status().column() == 8);
  // One area arching over the clear middle, which is a small field of its own (rule 3).
  TileType arch = Parse("[FfF]fff=1");
  CHECK(MistWords(arch) == std::vector<std::string>{"mist NL+NR with 1 ghost"});
  CHECK(FieldWords(arch) == std::vector<std::string>{"field N", "field EL+ER+SL+SR+WL+WR"});
  // Two patches at the corners, the clear field between them.
  TileType corners = Parse("[FfF]fff1/1");
  CHECK(MistWords(corners) ==
        std::vector<std::string>{"mist NL with 1 ghost", "mist NR with 1 ghost"});
  CHECK(FieldWords(corners) == std::vector<std::string>{"field N+EL+ER+SL+SR+WL+WR"});
  // Joined round the rest of the border they are one area without =.
  TileType ring = Parse("[FfF]FFF1");
  CHECK(MistWords(ring).size() == 1);
  CHECK(FieldWords(ring) == std::vector<std::string>{"field N"});
  // Mist only in the middle of a field edge, or on one half.
  CHECK(MistWords(Parse("[fFf]fff1")) == std::vector<std::string>{"mist N with 1 ghost"});
  CHECK(FieldWords(Parse("[fFf]fff1")) ==
        std::vector<std::string>{"field NL+NR+EL+ER+SL+SR+WL+WR"});
  CHECK(MistWords(Parse("[Fff]fff1")) == std::vector<std::string>{"mist NL with 1 ghost"});
  CHECK(ShortFormOf(Parse("[Fff]fff1"), 1) == "f[Fff]ff1");
  CHECK(ShortFormOf(arch, 3) == "fff[FfF]=1");
}

TEST_CASE("ghost numbers go to the mist areas clockwise from the north edge's left half",
          "[mist]") {
  TileType t = Parse("Ff[fFf]f2/1");
  CHECK(MistWords(t) ==
        std::vector<std::string>{"mist NL+NR with 2 ghosts", "mist S with 1 ghost"});
  // Turned half round, the S patch comes first.
  CHECK(ShortFormOf(t, 2) == "[fFf]fFf1/2");
  // An area reaching round the north-west corner first meets the border at NL.
  TileType wrap = Parse("[Fff]fF[fFF]3/1");
  CHECK(MistWords(wrap) ==
        std::vector<std::string>{"mist NL+W+WR with 3 ghosts", "mist SL+SR with 1 ghost"});
  TileType wrap2 = Parse("[Fff]fF[fFF]1/3");
  CHECK(MistWords(wrap2) ==
        std::vector<std::string>{"mist NL+W+WR with 1 ghost", "mist SL+SR with 3 ghosts"});
  CHECK(!Same(wrap, wrap2));
  CHECK(SameGeometry(wrap, wrap2) == -1);
  // Roads to a village, each in its own patch.
  TileType v = Parse("f[fRf]f[fRf]v1/2");
  CHECK(MistWords(v) ==
        std::vector<std::string>{"mist road E with 1 ghost", "mist road W with 2 ghosts"});
  CHECK(ShortFormOf(v, 1) == "[fRf]f[fRf]fv2/1");
}

TEST_CASE("mist bounds fields: the far side of a band is another field, and mist is no city",
          "[mist]") {
  // A field beside mist borders only the city.
  TileType t = Parse("cFff1");
  CHECK(FieldWords(t) == std::vector<std::string>{"field SL+SR+WL+WR (beside city N)"});
  for (const Segment& s : t.segments)
    if (s.kind == FeatureKind::kField) CHECK(s.cities.size() == 1);
  // Mist between the field and the city: the field does not reach the city at the border.
  CHECK(FieldWords(Parse("cFFf1")) == std::vector<std::string>{"field WL+WR (beside city N)"});
  CHECK(FieldWords(Parse("c[FFf]ff1")) ==
        std::vector<std::string>{"field ER+SL+SR+WL+WR (beside city N)"});
  CHECK(FieldWords(Parse("FFfF1")) == std::vector<std::string>{"field SL+SR"});
  // Mist and a city on either side: one field goes round between them.
  CHECK(FieldWords(Parse("cfFf1")) ==
        std::vector<std::string>{"field EL+ER+WL+WR (beside city N)"});
  // A misty road into a city: city, road and mist are one obstacle.
  CHECK(FieldWords(Parse("cRff1")) ==
        std::vector<std::string>{"field SL+SR+WL+WR (beside city N)"});
  // All mist: no field at all.
  CHECK(FieldWords(Parse("FFFF3")).empty());
  CHECK(FieldWords(Parse("RRRR1")).empty());
}

TEST_CASE("a tile without mist may say 0 ghost symbols", "[mist]") {
  CHECK(Same(Parse("ffff0"), Parse("ffff")));
  CHECK(Same(Parse("crfr0"), Parse("crfr")));
  CHECK(Same(Parse("ffffk0"), Parse("ffffk")));
  CHECK(ShortFormOf(Parse("ffffk0"), 0) == "ffffk");
}

TEST_CASE("Mists short form errors say what is wrong, and where", "[mist]") {
  struct Case {
    std::string text;
    int column;
    std::string message;
  };
  const std::vector<Case> cases = {
      // Mist on a city.
      {"Crfr", 0,
       "there is no misty city: mist never lies on a city (B.5.2); write c for the north edge"},
      {"fCff", 1,
       "there is no misty city: mist never lies on a city (B.5.2); write c for the east edge"},
      {"c[cFc]ff", 2,
       "mist never lies on a city (B.5.2): a city edge is written c, not in brackets (the east "
       "edge)"},
      {"[Fcf]fff", 2,
       "mist never lies on a city (B.5.2): a city edge is written c, not in brackets (the north "
       "edge)"},
      // A road runs along the middle of an edge only.
      {"[Rff]fff", 1,
       "a road runs along the middle of an edge: expected f or F for the left half of the north "
       "edge, got 'R'"},
      {"f[frR]ff", 4,
       "a road runs along the middle of an edge: expected f or F for the right half of the east "
       "edge, got 'R'"},
      // Once mist is written, the messages name the Mists letters too.
      {"F[fxf]ff", 3, "expected r, R, f or F for the middle of the east edge, got 'x'"},
      {"F[xrf]ff", 2, "expected f or F for the left half of the east edge, got 'x'"},
      {"Fxff", 1, "expected c, r, f, R, F or a bracketed edge for the east edge, got 'x'"},
      {"Ffffx", 4,
       "unexpected 'x' after the four edges: expected + (pennant), | (separate cities), m k g v "
       "(monastery, castle, cemetery, village), = (one band of mist) or a number (ghost "
       "symbols)"},
      // Middle features: one per tile.
      {"frffkg", 5, "a tile has one middle feature: 'g' after 'k'"},
      {"frffmk", 5, "a tile has one middle feature: 'k' after 'm'"},
      {"frffvk", 5, "a tile has one middle feature: 'k' after 'v'"},
      {"ffffv", 4, "v (a village where roads end) needs a road edge"},
      // =.
      {"frfr=", 4, "= joins separate stretches of mist; this tile shows none"},
      {"FFff=1", 4, "= joins separate stretches of mist; this tile has only one"},
      {"fRfR=1", 4, "= joins separate stretches of mist; this tile has only one"},
      {"FfFf==1", 5, "= (one band of mist) is given twice"},
      {"FfFf=2/1", 5, "= makes the mist one area: give its ghost symbols as one number, not 2/1"},
      {"FcFc=1", 4,
       "= makes one band of the mist at N and at S, but the city E+W lies between and mist never "
       "lies on a city (B.5.2): give each patch its ghost symbols instead, e.g. 1/1"},
      // Mist that lies apart: the question.
      {"FfFf", 4,
       "the mist lies apart at N and at S: is it one band of mist (add =, then its ghost "
       "symbols, e.g. =1) or separate patches (add the ghost symbols of each, clockwise from the "
       "north edge's left half, e.g. 1/1)?"},
      {"FfFf2", 4,
       "the mist lies apart at N and at S: is it one band of mist (add =, then its ghost "
       "symbols, e.g. =2) or separate patches (add the ghost symbols of each, clockwise from the "
       "north edge's left half, e.g. 1/1)?"},
      {"[FrF]Fff", 8,
       "the mist lies apart at NL and at NR+E: is it one band of mist (add =, then its ghost "
       "symbols, e.g. =1) or separate patches (add the ghost symbols of each, clockwise from the "
       "north edge's left half, e.g. 1/1)?"},
      {"F[fRf]Ff2", 8,
       "the mist lies apart at N, at road E and at S: is it one band of mist (add =, then its "
       "ghost symbols, e.g. =2) or separate patches (add the ghost symbols of each, clockwise "
       "from the north edge's left half, e.g. 1/1/1)?"},
      // Ghost numbers.
      {"ffff2", 4, "ghost symbols stand in mist: this tile shows none"},
      {"ffff0/0", 4, "ghost symbols stand in mist: this tile shows none"},
      {"Ffff", 4,
       "every mist area shows at least one ghost symbol (B.1.3): add how many this tile shows, "
       "e.g. Ffff1"},
      {"FfFf=", 5,
       "every mist area shows at least one ghost symbol (B.1.3): add how many this tile shows, "
       "e.g. FfFf=1"},
      {"Ffff0", 4, "every mist area shows at least one ghost symbol (B.1.3): 0 for the mist at N"},
      {"FfFf1/0", 6,
       "every mist area shows at least one ghost symbol (B.1.3): 0 for the mist at S"},
      {"Ffff2/1", 4,
       "this tile's mist is one area: give its ghost symbols as one number, e.g. 3, "
       "not 2/1"},
      {"FfFf2/1/1", 4,
       "2/1/1 gives ghost symbols for 3 mist areas, but the mist lies in 2 separate places (at N "
       "and at S): give one number per area, clockwise from the north edge's left half, e.g. "
       "1/1"},
      {"FfFf1k2", 6, "ghost symbols are given twice: write N/M for several mist areas"},
      {"Ffff1//2", 6,
       "expected a number after / (the ghost symbols of the next mist area), got '/'"},
      {"Ffff1/", 6,
       "expected a number after / (the ghost symbols of the next mist area), got the end of the "
       "description"},
      {"Ffff/2", 4,
       "a / separates the ghost symbols of two mist areas (N/M): expected a number before it"},
      {"Ffff12", 4, "at most 9 ghost symbols in one mist area"},
      // Base rules still hold on Mists tiles.
      {"fRff+1", 4, "a pennant (+) belongs to a city, and this tile has no city edge"},
      {"cRfc|1", 4,
       "a single road on a tile with separate cities needs the long form: the short form cannot "
       "say which city it runs into"},
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

TEST_CASE(
    "every parsable Mists short form round-trips through ShortFormOf, and DeriveFields "
    "rebuilds its fields",
    "[mist]") {
  const std::vector<std::string> edges = {"c", "r", "f", "R", "F", "[frF]", "[FfF]", "[fRf]"};
  const std::vector<std::string> suffixes = {"", "1", "=1", "1/2", "|v2/1/1", "k1", "g=2"};
  int parsed_count = 0;
  int misty_count = 0;
  std::vector<std::string> failures;  // one assertion at the end keeps this test quick
  for (const std::string& n : edges)
    for (const std::string& e : edges)
      for (const std::string& s : edges)
        for (const std::string& w : edges)
          for (const std::string& suffix : suffixes) {
            std::string text = n + e + s + w + suffix;
            Result<TileType> t = ParseShortForm(text);
            if (!t.ok()) continue;
            if (++parsed_count % 3 != 0) continue;  // a third of them keeps the test quick
            misty_count += t->HasMist();
            for (int q = 0; q < 4; ++q) {
              std::string back = ShortFormOf(*t, q);
              Result<TileType> again = ParseShortForm(back);
              if (back.empty() || !again.ok() || !Same(*again, RotateTile(*t, q)) ||
                  again->centre != t->centre)
                failures.push_back(text + " turned " + std::to_string(90 * q) + ": '" + back +
                                   "' " + again.status().message());
            }
            if (ClearMiddleBetweenMistyHalves(*t)) continue;
            TileType bare = WithoutFields(*t);
            Status derived = DeriveFields(bare);
            if (!derived.ok() || !Same(bare, *t))
              failures.push_back(text + ": DeriveFields " + derived.message());
          }
  if (failures.size() > 20) failures.resize(20);
  CHECK(failures == std::vector<std::string>{});
  CHECK(parsed_count > 3000);
  CHECK(misty_count > 3000);
}

TEST_CASE("DeriveFields on long-form Mists tiles", "[mist]") {
  // {edges: frfr, roads: [{sides: [E, W]}], mist: [{halves: [ER, SL, SR, WL], ghosts: 2}]}
  TileType t;
  t.edges = {EdgeKind::kField, EdgeKind::kRoad, EdgeKind::kField, EdgeKind::kRoad};
  Segment road;
  road.kind = FeatureKind::kRoad;
  road.ports = Ports({"E", "W"});
  Segment mist;
  mist.kind = FeatureKind::kMist;
  mist.ports = Ports({"ER", "SL", "SR", "WL"});  // the S middle follows from its halves
  mist.ghosts = 2;
  t.segments = {road, mist};
  REQUIRE(DeriveFields(t).ok());
  CHECK(FieldWords(t) == std::vector<std::string>{"field NL+NR+EL+WR"});
  CHECK(Same(t, Parse("f[frF]F[Frf]2")));

  // A castle with a misty road: {edges: frff, castle: true, roads: [{sides: [E], misty: [E]}],
  // mist: [{halves: [EL, ER], roads: [E], ghosts: 1}]}
  TileType k;
  k.edges = {EdgeKind::kField, EdgeKind::kRoad, EdgeKind::kField, EdgeKind::kField};
  Segment e;
  e.kind = FeatureKind::kRoad;
  e.ports = Ports({"E"});
  e.misty = Ports({"E"});
  Segment castle;
  castle.kind = FeatureKind::kCastle;
  Segment m;
  m.kind = FeatureKind::kMist;
  m.ports = Ports({"EL", "ER"});
  m.misty = Ports({"E"});
  m.ghosts = 1;
  k.segments = {e, castle, m};
  REQUIRE(DeriveFields(k).ok());
  CHECK(Same(k, Parse("fRffk1")));

  // A village: two roads ending there split the field (unlike a road passing through).
  TileType v;
  v.edges = {EdgeKind::kField, EdgeKind::kRoad, EdgeKind::kField, EdgeKind::kRoad};
  Segment re, rw;
  re.kind = rw.kind = FeatureKind::kRoad;
  re.ports = Ports({"E"});
  rw.ports = Ports({"W"});
  v.segments = {re, rw};
  v.centre = Centre::kVillage;
  REQUIRE(DeriveFields(v).ok());
  CHECK(Same(v, Parse("frfrv")));
  // The ruin ends roads the same way.
  TileType ruin = v;
  ruin.centre = Centre::kRuin;
  ruin.segments = {re, rw};
  REQUIRE(DeriveFields(ruin).ok());
  CHECK(Same(ruin, Parse("frfrv")));
  CHECK(ShortFormOf(ruin, 0).empty());  // the short form has no ruin

  // A cemetery beside a city: the road ends at the cemetery, not at the city gate.
  TileType g;
  g.edges = {EdgeKind::kCity, EdgeKind::kRoad, EdgeKind::kField, EdgeKind::kField};
  Segment city;
  city.kind = FeatureKind::kCity;
  city.ports = SideMask(kNorth);
  Segment cemetery;
  cemetery.kind = FeatureKind::kCemetery;
  g.segments = {city, e, cemetery};
  g.segments[1].misty = 0;
  REQUIRE(DeriveFields(g).ok());
  CHECK(FieldWords(g) == std::vector<std::string>{"field EL+ER+SL+SR+WL+WR (beside city N)"});
  CHECK(Same(g, Parse("crffg")));
}

TEST_CASE("RotateTile and SameGeometry carry the mist", "[mist]") {
  TileType t = Parse("f[frF]F[Frf]2");
  TileType turned = RotateTile(t, 1);
  CHECK(turned.MistyPorts() == Ports({"SR", "WL", "W", "WR", "NL"}));
  CHECK(Same(turned, Parse("[Frf]f[frF]F2")));
  CHECK(SameGeometry(t, Parse("[Frf]f[frF]F2")) == 1);
  // The ghost symbols and the misty roads are part of the geometry.
  CHECK(!Same(Parse("f[frF]F[Frf]2"), Parse("f[frF]F[Frf]1")));
  CHECK(!Same(Parse("fRfr1"), Parse("f[FrF]fr=1")));
  CHECK(Parse("FfFf=2").rotation_period == 2);
  CHECK(Parse("FFFF3").rotation_period == 1);
  CHECK(Parse("Ff[fFf]f2/1").rotation_period == 4);
  CHECK(Parse("FfFf1/1").rotation_period == 2);
  CHECK(Parse("FfFf1/2").rotation_period == 4);
}

TEST_CASE("ShortFormOf says \"\" for what the short form cannot say", "[mist]") {
  // Two mist areas that meet at the border: the short form would make them one.
  TileType t = Parse("FFff2");
  Segment& mist = t.segments[0];
  REQUIRE(mist.kind == FeatureKind::kMist);
  Segment second = mist;
  second.ports = SideMask(kEast);
  mist.ports = SideMask(kNorth);
  t.segments.push_back(second);
  REQUIRE(t.Finalize().ok());
  CHECK(ShortFormOf(t, 0).empty());
  // A mist area without a ghost symbol.
  TileType none = Parse("Ffff1");
  for (Segment& s : none.segments)
    if (s.kind == FeatureKind::kMist) s.ghosts = 0;
  REQUIRE(none.Finalize().ok());
  CHECK(ShortFormOf(none, 0).empty());
}

TEST_CASE("nearest tiles tell mist, castles, cemeteries and ghosts apart", "[mist]") {
  Catalog catalog;
  auto add = [&](const std::string& id, const std::string& form) {
    TileType t = Parse(form);
    t.id = id;
    t.count = 1;
    catalog.tiles.push_back(std::make_shared<const TileType>(t));
  };
  add("M1", "f[frF]F[Frf]2");
  add("M2", "f[frF]F[Frf]1");
  add("M3", "fRfr1");
  add("M4", "frfr");
  add("M5", "frffk");
  std::vector<CatalogMatch> m = MatchCatalog(Parse("[Frf]f[frF]F2"), catalog);
  REQUIRE(m.size() == 1);
  CHECK(m[0].tile->id == "M1");
  CHECK(m[0].quarters == 1);
  TileType three = Parse("f[frF]F[Frf]3");
  CHECK(MatchCatalog(three, catalog).empty());
  std::vector<CatalogMatch> near = NearestTiles(three, catalog, 3);
  REQUIRE(near.size() == 3);
  CHECK(near[0].tile->id == "M1");
  CHECK(near[0].distance == 1);
  CHECK(near[1].tile->id == "M2");
  CHECK(near[1].distance == 2);
  CHECK(DescribeDifference(three, *catalog.Find("M1")) == "M1 has 2 ghost symbols, not 3");
  CHECK(DescribeDifference(three, *catalog.Find("M3")) == "M3 has mist EL+ER+road E with 1 ghost");
  CHECK(DescribeDifference(three, *catalog.Find("M4")) == "M4 has no mist");
  CHECK(DescribeDifference(Parse("frffk"), *catalog.Find("M5")).empty());
  CHECK(DescribeDifference(Parse("frff"), *catalog.Find("M5")) == "M5 has a castle");
  CHECK(DescribeDifference(Parse("fffrg"), *catalog.Find("M5")) ==
        "M5 has a castle and has no cemetery");
}
