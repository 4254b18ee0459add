// The tile catalogues (data/tiles/*.yaml) against tiles/base-and-winter.md §3 and §4, and the
// loader's error messages.
#include "carcref/catalog.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace carcref;

namespace {

std::string ReadDataFile(const std::string& name) {
  std::ifstream in(CARCREF_SOURCE_DATA_DIR "/tiles/" + name);
  REQUIRE(in.good());
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Catalog Load(const std::string& name) {
  Result<Catalog> c = ParseCatalog(ReadDataFile(name + ".yaml"), name + ".yaml");
  INFO(c.status().message());
  REQUIRE(c.ok());
  return *c;
}

Catalog LoadWinterGame() {
  Catalog all = Load("base");
  Status s = MergeCatalog(all, Load("winter"));
  INFO(s.message());
  REQUIRE(s.ok());
  return all;
}

// 1-based line of the first line of `text` that starts with `prefix`.
int LineStarting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.rfind(prefix, 0) == 0) return n;
  FAIL("no line starts with " << prefix);
  return 0;
}

// Sides whose middle port is in the mask, "N+W".
std::string Sides(PortMask mask) {
  std::string out;
  for (Side s : kSides) {
    if (!(mask & Bit(MiddlePort(s)))) continue;
    if (!out.empty()) out += '+';
    out += SideName(s);
  }
  return out;
}

// The test's own rendering of a segment, independent of DescribeSegment():
// "city N+W +1", "road E+S", "monastery", "field EL E ER > N, S" (every owned port in port
// order, middles by side name, then the bordered cities).
std::string Render(const TileType& t, const Segment& seg) {
  std::string out(FeatureKindName(seg.kind));
  if (seg.kind == FeatureKind::kCity || seg.kind == FeatureKind::kRoad) {
    out += " " + Sides(seg.ports);
    if (seg.pennants) out += " +" + std::to_string(seg.pennants);
    return out;
  }
  for (Port p = 0; p < kPorts; ++p)
    if (seg.ports & Bit(p))
      out += " " + std::string(PartOfPort(p) == 1 ? SideName(SideOfPort(p)) : HalfName(p));
  for (size_t i = 0; i < seg.cities.size(); ++i)
    out += (i ? ", " : " > ") + Sides(t.segments[seg.cities[i]].ports);
  return out;
}

std::vector<std::string> Segments(const TileType& t) {
  std::vector<std::string> out;
  for (const Segment& s : t.segments) out.push_back(Render(t, s));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

int CountKind(const TileType& t, FeatureKind kind) {
  return static_cast<int>(std::count_if(t.segments.begin(), t.segments.end(),
                                        [kind](const Segment& s) { return s.kind == kind; }));
}

std::string ErrorOf(const std::string& yaml, const std::string& file = "t.yaml") {
  Result<Catalog> c = ParseCatalog(yaml, file);
  if (c.ok()) return "(accepted)";
  CHECK(c.status().code() == Status::Code::kCorrupt);
  return c.status().message();
}

}  // namespace

TEST_CASE("base catalogue: 24 types, 72 tiles, counts as in §3", "[catalog]") {
  Catalog base = Load("base");
  CHECK(base.set == "base");
  CHECK(base.includes.empty());
  CHECK(base.tiles.size() == 24);
  CHECK(base.TotalCount() == 72);
  const std::map<std::string, int> counts = {
      {"A", 2}, {"B", 4}, {"C", 1}, {"D", 4}, {"E", 5}, {"F", 2}, {"G", 1}, {"H", 3},
      {"I", 2}, {"J", 3}, {"K", 3}, {"L", 3}, {"M", 2}, {"N", 3}, {"O", 2}, {"P", 3},
      {"Q", 1}, {"R", 3}, {"S", 2}, {"T", 1}, {"U", 8}, {"V", 9}, {"W", 4}, {"X", 1}};
  std::string order;
  for (const TilePtr& t : base.tiles) {
    order += t->id;
    INFO(t->id);
    CHECK(t->count == counts.at(t->id));
    CHECK(t->set == "base");
    CHECK(t->animal.empty());
    CHECK(t->origin.rfind("base.yaml:", 0) == 0);
  }
  CHECK(order == "ABCDEFGHIJKLMNOPQRSTUVWX");
}

TEST_CASE("base catalogue: edges as in §3", "[catalog]") {
  Catalog base = Load("base");
  const std::map<std::string, std::string> edges = {
      {"A", "ffrf"}, {"B", "ffff"}, {"C", "cccc"}, {"D", "crfr"}, {"E", "cfff"}, {"F", "fcfc"},
      {"G", "fcfc"}, {"H", "cfcf"}, {"I", "cffc"}, {"J", "crrf"}, {"K", "cfrr"}, {"L", "crrr"},
      {"M", "cffc"}, {"N", "cffc"}, {"O", "crrc"}, {"P", "crrc"}, {"Q", "ccfc"}, {"R", "ccfc"},
      {"S", "ccrc"}, {"T", "ccrc"}, {"U", "frfr"}, {"V", "ffrr"}, {"W", "frrr"}, {"X", "rrrr"}};
  for (const TilePtr& t : base.tiles) {
    INFO(t->id);
    CHECK(t->EdgeString() == edges.at(t->id));
    // Finalize() ran: every port of a city or road edge and every half is owned.
    for (Port p = 0; p < kPorts; ++p)
      if (PartOfPort(p) != 1 || t->Edge(SideOfPort(p)) != EdgeKind::kField)
        CHECK(t->port_owner[p] >= 0);
  }
}

TEST_CASE("base catalogue: 10 pennant tiles C1 F2 M2 O2 Q1 S2", "[catalog]") {
  Catalog base = Load("base");
  std::map<std::string, int> pennant_tiles;
  int total = 0;
  for (const TilePtr& t : base.tiles) {
    if (t->Pennants() == 0) continue;
    CHECK(t->Pennants() == 1);
    pennant_tiles[t->id] = t->count;
    total += t->count;
  }
  CHECK(total == 10);
  CHECK(pennant_tiles ==
        std::map<std::string, int>{{"C", 1}, {"F", 2}, {"M", 2}, {"O", 2}, {"Q", 1}, {"S", 2}});
}

TEST_CASE("base catalogue: monasteries on A and B only; C has no field", "[catalog]") {
  Catalog base = Load("base");
  std::string monasteries;
  for (const TilePtr& t : base.tiles)
    if (t->HasMonastery()) monasteries += t->id;
  CHECK(monasteries == "AB");
  CHECK(Segments(*base.Find("C")) == std::vector<std::string>{"city N+E+S+W +1"});
  CHECK(Segments(*base.Find("A")) ==
        Sorted({"monastery", "road S", "field NL N NR EL E ER SL SR WL W WR"}));
}

TEST_CASE("base catalogue: D is the start tile, 4 copies including it", "[catalog]") {
  Catalog base = Load("base");
  TilePtr start = base.StartTile();
  REQUIRE(start);
  CHECK(start->id == "D");
  CHECK(start->count == 4);
  int starts = 0;
  for (const TilePtr& t : base.tiles) starts += t->start;
  CHECK(starts == 1);
  CHECK(Segments(*start) ==
        Sorted({"city N", "road E+W", "field EL WR > N", "field ER SL S SR WL"}));
  std::string text = ReadDataFile("base.yaml");
  CHECK(start->origin == "base.yaml:" + std::to_string(LineStarting(text, "  - id: D ")));
}

TEST_CASE("catalogue lookup ignores case", "[catalog]") {
  Catalog all = LoadWinterGame();
  REQUIRE(all.Find("d"));
  CHECK(all.Find("d")->id == "D");
  REQUIRE(all.Find("WINTER/cfr"));
  CHECK(all.Find("WINTER/cfr")->id == "winter/CFR");
  CHECK(all.Find("Z") == nullptr);
  CHECK(all.Find("") == nullptr);
  CHECK(all.Find("winter/RCc.i") == nullptr);
}

TEST_CASE("tricky base tiles, segment by segment", "[catalog]") {
  Catalog base = Load("base");
  // H: two separate caps; one field borders both.
  CHECK(Segments(*base.Find("H")) == Sorted({"city N", "city S", "field EL E ER WL W WR > N, S"}));
  // I: two separate caps on adjacent edges; one field borders both.
  CHECK(Segments(*base.Find("I")) == Sorted({"city N", "city W", "field EL E ER SL S SR > N, W"}));
  // F/G: a band across the tile; two separate fields, both beside the same city.
  CHECK(Segments(*base.Find("F")) ==
        Sorted({"city E+W +1", "field NL N NR > E+W", "field SL S SR > E+W"}));
  CHECK(Segments(*base.Find("G")) ==
        Sorted({"city E+W", "field NL N NR > E+W", "field SL S SR > E+W"}));
  // S/T: the road into the gate splits the open side into two one-half fields.
  CHECK(Segments(*base.Find("S")) ==
        Sorted({"city N+E+W +1", "road S", "field SL > N+E+W", "field SR > N+E+W"}));
  CHECK(Segments(*base.Find("T")) ==
        Sorted({"city N+E+W", "road S", "field SL > N+E+W", "field SR > N+E+W"}));
  // J/K: only the field on the city side of the curve borders the city.
  CHECK(Segments(*base.Find("J")) ==
        Sorted({"city N", "road E+S", "field EL SR WL W WR > N", "field ER SL"}));
  CHECK(Segments(*base.Find("K")) ==
        Sorted({"city N", "road S+W", "field EL E ER SL WR > N", "field SR WL"}));
  // X: four roads ending at the crossroads, four fields.
  CHECK(Segments(*base.Find("X")) == Sorted({"road N", "road E", "road S", "road W", "field NL WR",
                                             "field NR EL", "field ER SL", "field SR WL"}));
}

TEST_CASE("base types are pairwise different shapes", "[catalog]") {
  Catalog base = Load("base");
  for (const TilePtr& a : base.tiles)
    for (const TilePtr& b : base.tiles) {
      INFO(a->id << " vs " << b->id);
      CHECK((SameGeometry(*a, *b) >= 0) == (a == b));
    }
}

TEST_CASE("winter catalogue: 12 animal tiles on top of base = 84", "[catalog]") {
  Catalog winter = Load("winter");
  CHECK(winter.set == "winter");
  CHECK(winter.includes == std::vector<std::string>{"base"});
  CHECK(winter.TotalCount() == 12);
  CHECK(winter.StartTile() == nullptr);
  const std::map<std::string, std::string> animals = {
      {"winter/LR", "crows"},      {"winter/RRR", "deer"},          {"winter/CRr", "bear"},
      {"winter/RrC", "wolves"},    {"winter/CFR", "bear"},          {"winter/CR", "wolves"},
      {"winter/RC", "wild boars"}, {"winter/CcR", "crows"},         {"winter/RCc", "foxes"},
      {"winter/LRFR", "deer"},     {"winter/RrRr", "wolpertinger"}, {"winter/R", "wild boars"}};
  REQUIRE(winter.tiles.size() == animals.size());
  for (const TilePtr& t : winter.tiles) {
    INFO(t->id);
    REQUIRE(animals.count(t->id) == 1);
    CHECK(t->animal == animals.at(t->id));
    CHECK(t->count == 1);
    CHECK(t->set == "winter");
    CHECK_FALSE(t->start);
  }

  Catalog all = LoadWinterGame();
  CHECK(all.tiles.size() == 36);
  CHECK(all.TotalCount() == 84);
  REQUIRE(all.StartTile());
  CHECK(all.StartTile()->id == "D");
}

TEST_CASE("tile ids are unique case-insensitively across base and winter", "[catalog]") {
  Catalog all = LoadWinterGame();
  std::set<std::string> lower;
  for (const TilePtr& t : all.tiles) {
    std::string id = t->id;
    for (char& c : id) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    CHECK(lower.insert(id).second);
  }
  CHECK(lower.size() == 36);
}

TEST_CASE("winter game shape counts: A 3, J 4, K 4, W 5, 8 new shapes", "[catalog]") {
  Catalog base = Load("base");
  Catalog all = LoadWinterGame();
  for (const TilePtr& b : base.tiles) {
    int copies = 0;
    for (const TilePtr& t : all.tiles)
      if (SameGeometry(*t, *b) >= 0) copies += t->count;
    int want = b->count;
    if (b->id == "A" || b->id == "J" || b->id == "K" || b->id == "W") want += 1;
    INFO(b->id);
    CHECK(copies == want);
  }
  CHECK(SameGeometry(*all.Find("winter/LR"), *all.Find("A")) == 0);
  CHECK(SameGeometry(*all.Find("winter/RRR"), *all.Find("W")) == 0);
  CHECK(SameGeometry(*all.Find("winter/CRr"), *all.Find("J")) == 0);
  CHECK(SameGeometry(*all.Find("winter/RrC"), *all.Find("K")) == 0);
  // The other eight are new, and different from each other.
  const std::vector<std::string> fresh = {"winter/CFR", "winter/CR",   "winter/RC",   "winter/CcR",
                                          "winter/RCc", "winter/LRFR", "winter/RrRr", "winter/R"};
  for (const std::string& id : fresh) {
    TilePtr t = all.Find(id);
    REQUIRE(t);
    for (const TilePtr& other : all.tiles) {
      INFO(id << " vs " << other->id);
      CHECK((SameGeometry(*t, *other) >= 0) == (other == t));
    }
  }
}

TEST_CASE("winter mirror pairs are not the same shape", "[catalog]") {
  Catalog all = LoadWinterGame();
  CHECK(SameGeometry(*all.Find("winter/CR"), *all.Find("winter/RC")) == -1);
  CHECK(SameGeometry(*all.Find("winter/RC"), *all.Find("winter/CR")) == -1);
  CHECK(SameGeometry(*all.Find("winter/CcR"), *all.Find("winter/RCc")) == -1);
  CHECK(SameGeometry(*all.Find("winter/RCc"), *all.Find("winter/CcR")) == -1);
  // As in the base game, J and K are mirrors too.
  CHECK(SameGeometry(*all.Find("J"), *all.Find("K")) == -1);
}

TEST_CASE("tricky winter tiles, segment by segment", "[catalog]") {
  Catalog all = LoadWinterGame();
  // Road into the city gate: both fields border the city.
  CHECK(Segments(*all.Find("winter/CFR")) ==
        Sorted({"city N", "road S", "field SR WL W WR > N", "field EL E ER SL > N"}));
  CHECK(Segments(*all.Find("winter/CR")) ==
        Sorted({"city N", "road E", "field EL > N", "field ER SL S SR WL W WR > N"}));
  CHECK(Segments(*all.Find("winter/RC")) ==
        Sorted({"city N", "road W", "field WR > N", "field EL E ER SL S SR WL > N"}));
  CHECK(Segments(*all.Find("winter/CcR")) ==
        Sorted({"city N+W", "road E", "field EL > N+W", "field ER SL S SR > N+W"}));
  CHECK(Segments(*all.Find("winter/RCc")) ==
        Sorted({"city N+W", "road S", "field SR > N+W", "field EL E ER SL > N+W"}));
  // Two separate curves, no crossing: 2 roads and 3 fields.
  TilePtr rr = all.Find("winter/RrRr");
  CHECK(CountKind(*rr, FeatureKind::kRoad) == 2);
  CHECK(CountKind(*rr, FeatureKind::kField) == 3);
  CHECK(Segments(*rr) ==
        Sorted({"road N+W", "road E+S", "field NL WR", "field ER SL", "field NR EL SR WL"}));
  // A road on each side of the monastery: 2 separate roads, 2 fields.
  TilePtr lrfr = all.Find("winter/LRFR");
  CHECK(CountKind(*lrfr, FeatureKind::kRoad) == 2);
  CHECK(CountKind(*lrfr, FeatureKind::kField) == 2);
  CHECK(Segments(*lrfr) ==
        Sorted({"monastery", "road W", "road E", "field NL N NR EL WR", "field ER SL S SR WL"}));
  // A dead end at a farmhouse does not split the field, and there is no monastery.
  CHECK(Segments(*all.Find("winter/R")) ==
        Sorted({"road S", "field NL N NR EL E ER SL SR WL W WR"}));
}

TEST_CASE("long form: a tile without fields comes back unfinalized", "[catalog]") {
  YAML::Node node = YAML::Load("{edges: rrrr, roads: [[N, W], [S, E]]}");
  CHECK_FALSE(TileNodeHasFields(node));
  Result<TileType> t = ParseTileNode(node, "tile");
  INFO(t.status().message());
  REQUIRE(t.ok());
  CHECK(t->id.empty());
  CHECK(t->count == 0);
  CHECK(t->EdgeString() == "rrrr");
  CHECK(Segments(*t) == Sorted({"road N+W", "road E+S"}));
  for (Port p = 0; p < kPorts; ++p) CHECK(t->port_owner[p] == -1);
}

TEST_CASE("long form: a tile with fields is finalized and matches the catalogue", "[catalog]") {
  Catalog all = LoadWinterGame();
  // winter/RrRr turned a quarter clockwise.
  YAML::Node node = YAML::Load(
      "{edges: RRRR, roads: [[N, E], [S, W]], fields: [[NR, EL], [SR, WL], [er, sl, wr, nl]]}");
  CHECK(TileNodeHasFields(node));
  Result<TileType> t = ParseTileNode(node, "tile");
  INFO(t.status().message());
  REQUIRE(t.ok());
  CHECK(t->EdgeString() == "rrrr");
  CHECK(SameGeometry(*all.Find("winter/RrRr"), *t) == 1);
  CHECK(t->port_owner[MiddlePort(kNorth)] >= 0);

  Result<TileType> c =
      ParseTileNode(YAML::Load("{edges: cccc, cities: [[N, E, S, W]], fields: []}"), "tile");
  REQUIRE(c.ok());
  CHECK(SameGeometry(*c, *all.Find("C")) == -1);  // C has a pennant
}

TEST_CASE("long form: errors carry the caller's prefix and never throw", "[catalog]") {
  auto error = [](const std::string& text, const std::string& where = "tile") {
    Result<TileType> t = ParseTileNode(YAML::Load(text), where);
    return t.ok() ? std::string("(accepted)") : t.status().message();
  };
  CHECK(error("{edges: frfr, roads: [[N, S]]}") ==
        "tile: road side N is on a field edge (edges: frfr); roads run only from r edges");
  CHECK(error("{edges: crfr, roads: [[W, E]]}") ==
        "tile: edge N is a city edge but no city covers it (edges: crfr)");
  CHECK(error("{edges: crfr, cities: [[N]]}") ==
        "tile: edge E is a road edge but no road runs from it (edges: crfr)");
  CHECK(error("{edges: ffff, mists: true}", "typed") ==
        "typed: unknown key 'mists' (expected one of: id, count, start, animal, edges, cities, "
        "roads, monastery, castle, cemetery, village, ruin, mist, fields)");
  CHECK(error("{roads: [[N]]}") == "tile: missing key 'edges' (required: edges)");
  CHECK(error("crfr") ==
        "tile: a tile is a mapping with keys id, count, start, animal, edges, cities, roads, "
        "monastery, castle, cemetery, village, ruin, mist, fields, not 'crfr'");
  CHECK(error("{edges: crfr}", "") == "edge N is a city edge but no city covers it (edges: crfr)");
  // An undefined node (a missing key of some other mapping) is refused, not thrown.
  YAML::Node map = YAML::Load("{a: 1}");
  const YAML::Node& const_map = map;
  Result<TileType> zombie = ParseTileNode(const_map["tile"], "tile");
  CHECK_FALSE(zombie.ok());
  CHECK(zombie.status().message().rfind("tile: ", 0) == 0);
  CHECK_FALSE(TileNodeHasFields(const_map["tile"]));
}

TEST_CASE("broken catalogues: one line FILE:LINE: what is wrong", "[catalog]") {
  // A valid two-tile catalogue to start from.
  const std::string good =
      "set: t\n"                                          // 1
      "tiles:\n"                                          // 2
      "  - id: A\n"                                       // 3
      "    count: 2\n"                                    // 4
      "    edges: ffrf\n"                                 // 5
      "    roads: [[S]]\n"                                // 6
      "    monastery: true\n"                             // 7
      "    fields: [[NL, NR, EL, ER, SL, SR, WL, WR]]\n"  // 8
      "  - id: D\n"                                       // 9
      "    count: 4\n"                                    // 10
      "    start: true\n"                                 // 11
      "    edges: crfr\n"                                 // 12
      "    cities: [[N]]\n"                               // 13
      "    roads: [[W, E]]\n"                             // 14
      "    fields:\n"                                     // 15
      "      - {halves: [EL, WR], cities: [N]}\n"         // 16
      "      - [ER, SL, SR, WL]\n";                       // 17
  REQUIRE(ErrorOf(good) == "(accepted)");
  // Replaces the first occurrence of `from` in the good catalogue.
  auto with = [&good](const std::string& from, const std::string& to) {
    size_t at = good.find(from);
    REQUIRE(at != std::string::npos);
    return good.substr(0, at) + to + good.substr(at + from.size());
  };
  const std::string tile_keys =
      "(expected one of: id, count, start, animal, edges, cities, roads, monastery, castle, "
      "cemetery, village, ruin, mist, fields)";

  SECTION("yaml syntax") {
    CHECK(ErrorOf(with("[[S]]", "[[S]")) ==
          "t.yaml:7: YAML syntax: end of sequence flow not found");
    CHECK(ErrorOf("set: t\ntiles:\n  - id: A\n    count: 2\n  count: 3\n") ==
          "t.yaml:5: YAML syntax: end of map not found");
    CHECK(ErrorOf("set: t\ntiles: *nowhere\n") ==
          "t.yaml:2: YAML syntax: the referenced anchor is not defined");
  }
  SECTION("file shape") {
    CHECK(ErrorOf("") ==
          "t.yaml:1: the catalogue is empty (expected a mapping with keys set, "
          "includes, tiles)");
    CHECK(ErrorOf("# nothing here\n") ==
          "t.yaml:1: the catalogue is empty (expected a mapping with keys set, includes, tiles)");
    CHECK(ErrorOf("- id: A\n") ==
          "t.yaml:1: a catalogue is a mapping with keys set, includes, tiles, not a list");
    CHECK(ErrorOf(good + "---\nset: u\n") ==
          "t.yaml:18: a catalogue is one YAML document; a second one starts here");
    CHECK(ErrorOf(good + "---\n") ==
          "t.yaml:18: a catalogue is one YAML document; a second one starts here");
    CHECK(ErrorOf("---\n# nothing\n") ==
          "t.yaml:1: the catalogue is empty (expected a mapping with keys set, includes, tiles)");
    // yaml-cpp 0.7 would loop forever on this in LoadAll() (jbeder/yaml-cpp#1319).
    CHECK(ErrorOf("," + good) == "t.yaml:1: YAML syntax: unexpected ','");
    CHECK(ErrorOf("# header\n\n  ,set: t\n") == "t.yaml:3: YAML syntax: unexpected ','");
    CHECK(ErrorOf(with("set: t\n", "set: t\nversion: 2\n")) ==
          "t.yaml:2: unknown key 'version' (expected one of: set, includes, tiles)");
    CHECK(ErrorOf(with("set: t\n", "")) == "t.yaml:1: missing key 'set' (required: set, tiles)");
    CHECK(ErrorOf(with("set: t\n", "set: [t]\n")) ==
          "t.yaml:1: 'set' must be the set's name, e.g. base, not a list");
    CHECK(ErrorOf(with("set: t\n", "set: my set\n")) ==
          "t.yaml:1: set name 'my set' may contain only letters, digits, _ and -");
    CHECK(ErrorOf(with("set: t\n", "set: t\nincludes: base\n")) ==
          "t.yaml:2: 'includes' must be a list, e.g. [base], not 'base'");
    CHECK(ErrorOf(with("set: t\n", "set: t\nincludes: [base, T]\n")) ==
          "t.yaml:2: set 't' includes itself");
    CHECK(ErrorOf(with("set: t\n", "set: t\nincludes: [base, Base]\n")) ==
          "t.yaml:2: set 'Base' is included twice");
    CHECK(ErrorOf("set: t\ntiles: []\n") == "t.yaml:2: 'tiles' lists no tile");
    CHECK(ErrorOf("set: t\ntiles:\n  - D\n") ==
          "t.yaml:3: a tile is a mapping with keys id, count, start, animal, edges, cities, "
          "roads, monastery, castle, cemetery, village, ruin, mist, fields, not 'D'");
  }
  SECTION("keys") {
    CHECK(ErrorOf(with("    cities: [[N]]", "    citys: [[N]]")) ==
          "t.yaml:13: unknown key 'citys' " + tile_keys);
    CHECK(ErrorOf(with("    count: 2\n", "    count: 2\n    count: 3\n")) ==
          "t.yaml:5: key 'count' is given twice (first on line 4)");
    CHECK(ErrorOf(with("    count: 4\n", "")) ==
          "t.yaml:9: missing key 'count' (required: id, count, edges, fields)");
    CHECK(ErrorOf(with("  - id: A\n", "  - \n")) ==
          "t.yaml:4: missing key 'id' (required: id, count, edges, fields)");
    CHECK(ErrorOf(with("    fields: [[NL, NR, EL, ER, SL, SR, WL, WR]]\n", "")) ==
          "t.yaml:3: missing key 'fields' (required: id, count, edges, fields)");
    CHECK(ErrorOf(with("{halves: [EL, WR], cities: [N]}", "{halves: [EL, WR], city: [N]}")) ==
          "t.yaml:16: unknown key 'city' (expected one of: halves, cities)");
    CHECK(ErrorOf(with("cities: [[N]]", "cities: [{pennants: 1}]")) ==
          "t.yaml:13: missing key 'sides' (required: sides)");
    CHECK(ErrorOf(with("cities: [[N]]", "cities: [{sides: [N], pennant: 1}]")) ==
          "t.yaml:13: unknown key 'pennant' (expected one of: sides, pennants)");
  }
  SECTION("values") {
    CHECK(ErrorOf(with("count: 2", "count: -1")) ==
          "t.yaml:4: 'count' must be a whole number from 0 to 1000, not '-1'");
    CHECK(ErrorOf(with("count: 2", "count: two")) ==
          "t.yaml:4: 'count' must be a whole number from 0 to 1000, not 'two'");
    CHECK(ErrorOf(with("count: 2", "count: 2.5")) ==
          "t.yaml:4: 'count' must be a whole number from 0 to 1000, not '2.5'");
    CHECK(ErrorOf(with("count: 2", "count:")) ==
          "t.yaml:4: 'count' must be a whole number from 0 to 1000, not nothing");
    CHECK(ErrorOf(with("start: true", "start: yes")) ==
          "t.yaml:11: 'start' must be true or false, not 'yes'");
    CHECK(ErrorOf(with("monastery: true", "monastery: [true]")) ==
          "t.yaml:7: 'monastery' must be true or false, not a list");
    CHECK(ErrorOf(with("id: A", "id: A B")) ==
          "t.yaml:3: id 'A B' may contain only letters, digits and / _ . - (and not start or "
          "end with /)");
    CHECK(ErrorOf(with("  - id: A\n", "  - id: A\n    animal:\n")) ==
          "t.yaml:4: 'animal' must be an animal's name, not nothing");
    CHECK(ErrorOf(with("cities: [[N]]", "cities: [{sides: [N], pennants: -1}]")) ==
          "t.yaml:13: 'pennants' must be a whole number from 0 to 9, not '-1'");
  }
  SECTION("edges") {
    CHECK(ErrorOf(with("edges: crfr", "edges: crfx")) ==
          "t.yaml:12: edges 'crfx': 'x' is not an edge letter (c city, r road, f field)");
    CHECK(ErrorOf(with("edges: crfr", "edges: crf")) ==
          "t.yaml:12: 'edges' must be 4 letters c, r or f for the N E S W edges, e.g. crfr, "
          "not 'crf'");
    CHECK(ErrorOf(with("edges: ffrf", "edges: ffrfm")) ==
          "t.yaml:5: 'edges' must be 4 letters c, r or f for the N E S W edges, e.g. crfr, "
          "not 'ffrfm'");
  }
  SECTION("cities") {
    CHECK(ErrorOf(with("cities: [[N]]", "cities: [[Q]]")) ==
          "t.yaml:13: 'Q' is not a side (expected N, E, S or W)");
    CHECK(ErrorOf(with("cities: [[N]]", "cities: [[N, E]]")) ==
          "t.yaml:13: city side E is on a road edge (edges: crfr); cities cover only c edges");
    CHECK(ErrorOf(with("cities: [[N]]", "cities: [[N, N]]")) ==
          "t.yaml:13: city lists side N twice");
    CHECK(ErrorOf(with("cities: [[N]]", "cities: [[N], [N]]")) ==
          "t.yaml:13: side N is already in another city");
    CHECK(ErrorOf(with("cities: [[N]]", "cities: []")) ==
          "t.yaml:13: edge N is a city edge but no city covers it (edges: crfr)");
    CHECK(ErrorOf(with("    cities: [[N]]\n", "")) ==
          "t.yaml:9: edge N is a city edge but no city covers it (edges: crfr)");
    CHECK(ErrorOf(with("cities: [[N]]", "cities: [N]")) ==
          "t.yaml:13: a city is a list of sides ([N, W]) or {sides: [N, W], pennants: 1}, not "
          "'N'");
    CHECK(ErrorOf(with("cities: [[N]]", "cities: [[]]")) ==
          "t.yaml:13: a city needs a list of one or more sides, not a list");
    CHECK(ErrorOf(with("cities: [[N]]", "cities: N")) ==
          "t.yaml:13: 'cities' must be a list, e.g. [[N], {sides: [N, W], pennants: 1}], not "
          "'N'");
  }
  SECTION("roads") {
    CHECK(ErrorOf(with("roads: [[W, E]]", "roads: [[N, E]]")) ==
          "t.yaml:14: road side N is on a city edge (edges: crfr); roads run only from r edges");
    CHECK(ErrorOf(with("roads: [[S]]", "roads: [[W]]")) ==
          "t.yaml:6: road side W is on a field edge (edges: ffrf); roads run only from r edges");
    CHECK(ErrorOf(with("roads: [[W, E]]", "roads: [[W]]")) ==
          "t.yaml:14: edge E is a road edge but no road runs from it (edges: crfr)");
    CHECK(ErrorOf(with("roads: [[W, E]]", "roads: [[W, W]]")) ==
          "t.yaml:14: road lists side W twice");
    CHECK(ErrorOf(with("roads: [[W, E]]", "roads: [[W, E], [E]]")) ==
          "t.yaml:14: side E already has a road");
    CHECK(ErrorOf(with("roads: [[W, E]]", "roads: [[W, E, S]]")) ==
          "t.yaml:14: a road runs from one or two sides, not 3 (roads meeting at a junction are "
          "separate roads, e.g. [[E], [S], [W]])");
    CHECK(ErrorOf(with("roads: [[S]]", "roads: [S]")) ==
          "t.yaml:6: a road is a list of one or two sides ([W, E] or [S]) or {sides: [W, E], "
          "misty: [W]}, not 'S'");
  }
  SECTION("fields") {
    CHECK(ErrorOf(with("[ER, SL, SR, WL]", "[ER, SL, SR, WX]")) ==
          "t.yaml:17: 'WX' is not a half-edge (expected NL, NR, EL, ER, SL, SR, WL or WR)");
    CHECK(ErrorOf(with("[ER, SL, SR, WL]", "[ER, S, WL]")) ==
          "t.yaml:17: 'S' is not a half-edge: a field names halves (SL or SR for the S edge)");
    CHECK(ErrorOf(with("[ER, SL, SR, WL]", "[ER, SL, SR]")) ==
          "t.yaml:15: half-edge WL is in no field");
    CHECK(ErrorOf(with("[NL, NR, EL, ER, SL, SR, WL, WR]", "[NL, NR, EL, ER, WL, WR]")) ==
          "t.yaml:8: half-edges SL, SR are in no field");
    CHECK(ErrorOf(with("[ER, SL, SR, WL]", "[ER, SL, SR, WL, EL]")) ==
          "t.yaml:17: half-edge EL is already in another field");
    CHECK(ErrorOf(with("[ER, SL, SR, WL]", "[ER, SL, SR, WL, SL]")) ==
          "t.yaml:17: field lists half-edge SL twice");
    CHECK(ErrorOf(with("[ER, SL, SR, WL]", "[ER, SL, SR, WL, NL]")) ==
          "t.yaml:17: half-edge NL is on a city edge (edges: crfr); fields touch only f and r "
          "edges");
    CHECK(ErrorOf(with("cities: [N]}", "cities: [E]}")) ==
          "t.yaml:16: the field borders side E, which is not a city edge (edges: crfr)");
    CHECK(ErrorOf(with("cities: [N]}", "cities: [N, n]}")) ==
          "t.yaml:16: the field names city N twice");
    CHECK(ErrorOf(with("{halves: [EL, WR], cities: [N]}", "{cities: [N]}")) ==
          "t.yaml:16: missing key 'halves' (required: halves)");
    CHECK(ErrorOf(with("{halves: [EL, WR], cities: [N]}", "{halves: [], cities: [N]}")) ==
          "t.yaml:16: a field needs a list of one or more half-edges, not a list");
    CHECK(ErrorOf(with("- [ER, SL, SR, WL]", "- ER")) ==
          "t.yaml:17: a field is a list of half-edges ([NL, NR]) or {halves: [NL, NR], cities: "
          "[N]}, not 'ER'");
    // The same city named by two of its sides.
    CHECK(ErrorOf("set: t\n"
                  "tiles:\n"
                  "  - id: N\n"
                  "    count: 3\n"
                  "    edges: cffc\n"
                  "    cities: [[N, W]]\n"
                  "    fields:\n"
                  "      - {halves: [EL, ER, SL, SR], cities: [N, W]}\n") ==
          "t.yaml:8: the field names one city twice (N and W are the same city)");
  }
  SECTION("ids and start tiles") {
    CHECK(ErrorOf(with("  - id: D\n", "  - id: a\n")) ==
          "t.yaml:9: duplicate tile id 'a': 'A' on line 3 has it already (ids are "
          "case-insensitive)");
    CHECK(ErrorOf(with("    monastery: true\n", "    monastery: true\n    start: true\n")) ==
          "t.yaml:10: a second start tile: 'D' and 'A' (line 3) both say start: true; only one "
          "type is the start tile");
    CHECK(ErrorOf(with("count: 4", "count: 0")) ==
          "t.yaml:9: the start tile 'D' needs count 1 or more (the count includes the start "
          "tile)");
  }
  SECTION("the file name is used as given") {
    CHECK(ErrorOf(with("edges: crfr", "edges: crfx"), "data/tiles/x.yaml") ==
          "data/tiles/x.yaml:12: edges 'crfx': 'x' is not an edge letter (c city, r road, f "
          "field)");
  }
}

TEST_CASE("merging catalogues refuses clashing ids and a second start tile", "[catalog]") {
  Catalog base = Load("base");
  const int d_line = LineStarting(ReadDataFile("base.yaml"), "  - id: D ");

  Result<Catalog> clash = ParseCatalog(
      "set: extra\n"
      "includes: [base]\n"
      "tiles:\n"
      "  - id: new\n"
      "    count: 1\n"
      "    edges: ffff\n"
      "    fields: [[NL, NR, EL, ER, SL, SR, WL, WR]]\n"
      "  - id: d\n"
      "    count: 1\n"
      "    edges: ffff\n"
      "    fields: [[NL, NR, EL, ER, SL, SR, WL, WR]]\n",
      "extra.yaml");
  REQUIRE(clash.ok());
  Catalog merged = base;
  CHECK(MergeCatalog(merged, *clash).message() ==
        "extra.yaml:8: tile id 'd' is already used by 'D' (base.yaml:" + std::to_string(d_line) +
            "); ids are case-insensitive");
  CHECK(merged.tiles.size() == 24);  // unchanged on refusal

  Result<Catalog> start = ParseCatalog(
      "set: extra\n"
      "tiles:\n"
      "  - id: Z\n"
      "    count: 1\n"
      "    start: true\n"
      "    edges: ffff\n"
      "    fields: [[NL, NR, EL, ER, SL, SR, WL, WR]]\n",
      "extra.yaml");
  REQUIRE(start.ok());
  CHECK(MergeCatalog(merged, *start).message() ==
        "extra.yaml:3: a second start tile: 'Z', but 'D' (base.yaml:" + std::to_string(d_line) +
            ") is the start tile already");
  CHECK(merged.tiles.size() == 24);

  // Tiles without an origin (built in code) are named by their set.
  Catalog by_hand;
  auto typed = std::make_shared<TileType>(*base.Find("B"));
  typed->origin.clear();
  typed->set.clear();
  by_hand.set = "mine";
  by_hand.tiles.push_back(typed);
  CHECK(MergeCatalog(merged, by_hand).message() ==
        "set mine: tile id 'B' is already used by 'B' (base.yaml:" +
            std::to_string(LineStarting(ReadDataFile("base.yaml"), "  - id: B ")) +
            "); ids are case-insensitive");

  Catalog winter = Load("winter");
  REQUIRE(MergeCatalog(merged, winter).ok());
  CHECK(merged.tiles.size() == 36);
  CHECK(merged.set == "base");  // only the tiles are merged
}

// ---------------------------------------------------------------------------------------------
// Mists tiles in the long form / catalogue schema: castle, cemetery, village, ruin, misty roads,
// mist areas.
// ---------------------------------------------------------------------------------------------

namespace {

Result<TileType> Typed(const std::string& text) { return ParseTileNode(YAML::Load(text), "tile"); }

std::string TypedError(const std::string& text) {
  Result<TileType> t = Typed(text);
  if (t.ok()) return "(accepted)";
  CHECK(t.status().code() == Status::Code::kCorrupt);
  return t.status().message();
}

// "mist ER SL S SR WL roads E+W ghosts 2" (ports in port order, middles by side name).
std::string MistRender(const TileType& t, const Segment& seg) {
  std::string out = Render(t, seg);
  if (seg.misty) out += " roads " + Sides(seg.misty);
  if (seg.ghosts) out += " ghosts " + std::to_string(seg.ghosts);
  return out;
}

std::vector<std::string> MistSegments(const TileType& t) {
  std::vector<std::string> out;
  for (const Segment& s : t.segments) {
    std::string r = s.kind == FeatureKind::kRoad && s.misty
                        ? Render(t, s) + " misty " + Sides(s.misty)
                        : MistRender(t, s);
    out.push_back(r);
  }
  std::sort(out.begin(), out.end());
  return out;
}

const char kMistyRoad[] =
    "{edges: frfr, roads: [{sides: [W, E], misty: [W, E]}], "
    "mist: [{halves: [ER, SL, SR, WL], roads: [W, E], ghosts: 2}]";

}  // namespace

TEST_CASE("long form: a misty road under one mist area, fields derived later", "[catalog][mist]") {
  YAML::Node node = YAML::Load(std::string(kMistyRoad) + "}");
  CHECK_FALSE(TileNodeHasFields(node));
  Result<TileType> t = ParseTileNode(node, "tile");
  INFO(t.status().message());
  REQUIRE(t.ok());
  CHECK(MistSegments(*t) == Sorted({"road E+W misty E+W", "mist ER SL SR WL roads E+W ghosts 2"}));
  CHECK(t->GhostSymbols() == 2);
  CHECK(t->HasMist());
  CHECK(t->centre == Centre::kNone);
  // Not finalized: no port owners; mist_owner already says what lies in mist (for DeriveFields).
  for (Port p = 0; p < kPorts; ++p) CHECK(t->port_owner[p] == -1);
  const int mist = 1;  // the road first, then the mist area
  REQUIRE(t->segments[mist].kind == FeatureKind::kMist);
  for (const char* half : {"ER", "SL", "SR", "WL"}) CHECK(t->mist_owner[*ParseHalf(half)] == mist);
  CHECK(t->mist_owner[MiddlePort(kWest)] == mist);
  CHECK(t->mist_owner[MiddlePort(kEast)] == mist);
  for (const char* half : {"NL", "NR", "EL", "WR"}) CHECK(t->mist_owner[*ParseHalf(half)] == -1);
}

TEST_CASE("long form: a misty tile with its fields given is finalized", "[catalog][mist]") {
  Result<TileType> t = Typed(std::string(kMistyRoad) + ", fields: [[NL, NR, EL, WR]]}");
  INFO(t.status().message());
  REQUIRE(t.ok());
  // Finalize() gave the S middle to the mist (both S halves are misty) and the N middle to the
  // field.
  CHECK(MistSegments(*t) == Sorted({"road E+W misty E+W", "mist ER SL S SR WL roads E+W ghosts 2",
                                    "field NL N NR EL WR"}));
  PortMask misty = 0;
  for (const char* p : {"ER", "SL", "SR", "WL"})
    misty = static_cast<PortMask>(misty | Bit(*ParseHalf(p)));
  for (Side s : {kSouth, kWest, kEast}) misty = static_cast<PortMask>(misty | Bit(MiddlePort(s)));
  CHECK(t->MistyPorts() == misty);
  CHECK(DescribeTile(*t, 0) ==
        "road W–E (in mist); mist ER+SL+SR+WL+road E+road W with 2 "
        "ghosts; 1 field");

  // Mist in two separate areas, one ghost each, and a road only partly in mist.
  Result<TileType> two = Typed(
      "{edges: frfr, roads: [{sides: [W, E], misty: [E]}], "
      "mist: [{halves: [NL], ghosts: 1}, {halves: [ER, SL], roads: [E], ghosts: 1}], "
      "fields: [[NR, EL, WR], [SR, WL]]}");
  INFO(two.status().message());
  REQUIRE(two.ok());
  CHECK(MistSegments(*two) ==
        Sorted({"road E+W misty E", "mist NL ghosts 1", "mist ER SL roads E ghosts 1",
                "field NR EL WR", "field SR WL"}));
  CHECK(two->GhostSymbols() == 2);

  // The same in a catalogue file.
  Result<Catalog> c = ParseCatalog(
      "set: m\n"
      "tiles:\n"
      "  - id: M99\n"
      "    count: 1\n"
      "    edges: frfr\n"
      "    roads: [{sides: [W, E], misty: [W, E]}]\n"
      "    mist: [{halves: [ER, SL, SR, WL], roads: [W, E], ghosts: 2}]\n"
      "    fields: [[NL, NR, EL, WR]]\n",
      "m.yaml");
  INFO(c.status().message());
  REQUIRE(c.ok());
  CHECK(SameGeometry(*c->Find("M99"), *t) == 0);
  CHECK(ErrorOf("set: m\n"
                "tiles:\n"
                "  - id: M99\n"
                "    count: 1\n"
                "    edges: frfr\n"
                "    roads: [{sides: [W, E], misty: [W, E]}]\n"
                "    mist: [{halves: [ER, SL, SR, WL], roads: [W, E], ghosts: 2}]\n"
                "    fields: [[NL, NR, EL, WR, SL]]\n") ==
        "t.yaml:8: half-edge SL lies in mist (a mist area owns it); a field lists only clear "
        "half-edges");
  CHECK(ErrorOf("set: m\n"
                "tiles:\n"
                "  - id: M99\n"
                "    count: 1\n"
                "    edges: frfr\n"
                "    roads: [{sides: [W, E], misty: [W, E]}]\n"
                "    mist:\n"
                "      - halves: [ER, SL, SR, WL]\n"
                "        roads: [W, E]\n"
                "        ghosts: 0\n"
                "    fields: [[NL, NR, EL, WR]]\n") ==
        "t.yaml:10: a mist area shows at least one ghost symbol (B.1.3), not 0");
}

TEST_CASE("long form: castle, cemetery, village and ruin in the middle", "[catalog][mist]") {
  Result<TileType> castle = Typed(
      "{edges: ffrf, roads: [[S]], castle: true, fields: [[NL, NR, EL, ER, SL, SR, WL, WR]]}");
  INFO(castle.status().message());
  REQUIRE(castle.ok());
  CHECK(Segments(*castle) == Sorted({"castle", "road S", "field NL N NR EL E ER SL SR WL W WR"}));
  CHECK(DescribeSegment(*castle, 0, 0) == "road S to the castle");
  CHECK_FALSE(castle->HasMonastery());

  Result<TileType> cemetery = Typed("{edges: cfff, cities: [[N]], cemetery: true}");
  REQUIRE(cemetery.ok());
  CHECK(Segments(*cemetery) == Sorted({"city N", "cemetery"}));

  Result<TileType> village = Typed("{edges: rrrf, roads: [[N], [E], [S]], village: true}");
  REQUIRE(village.ok());
  CHECK(village->centre == Centre::kVillage);
  CHECK(Segments(*village) == Sorted({"road N", "road E", "road S"}));

  // A road passing a village.
  Result<TileType> passing = Typed(
      "{edges: frfr, roads: [[W, E]], village: true, fields: [[NL, NR, EL, WR], [ER, SL, SR, "
      "WL]]}");
  REQUIRE(passing.ok());
  CHECK(passing->centre == Centre::kVillage);

  Result<TileType> ruin = Typed("{edges: frrf, roads: [[E], [S]], ruin: true, monastery: false}");
  REQUIRE(ruin.ok());
  CHECK(ruin->centre == Centre::kRuin);
  CHECK_FALSE(ruin->HasMonastery());

  Result<TileType> none = Typed("{edges: ffff, castle: false, cemetery: false}");
  REQUIRE(none.ok());
  CHECK(none->segments.empty());
  CHECK(none->centre == Centre::kNone);
}

TEST_CASE("long form: every mist-key mistake, one line each", "[catalog][mist]") {
  const std::string middle =
      ": a tile has at most one thing in the middle (monastery, castle, cemetery, village, ruin)";
  // The middle.
  CHECK(TypedError("{edges: ffff, monastery: true, castle: true}") ==
        "tile: 'monastery' and 'castle' are both true" + middle);
  CHECK(TypedError("{edges: ffff, cemetery: true, castle: true}") ==
        "tile: 'castle' and 'cemetery' are both true" + middle);
  CHECK(TypedError("{edges: rrrr, roads: [[N], [E], [S], [W]], village: true, castle: true}") ==
        "tile: 'castle' and 'village' are both true" + middle);
  CHECK(TypedError("{edges: ffff, village: true, ruin: true}") ==
        "tile: 'village' and 'ruin' are both true" + middle);
  CHECK(TypedError("{edges: ffff, castle: yes}") ==
        "tile: 'castle' must be true or false, not 'yes'");
  CHECK(TypedError("{edges: ffff, ruin: [true]}") ==
        "tile: 'ruin' must be true or false, not a list");

  // Misty roads.
  CHECK(TypedError("{edges: frfr, roads: [{sides: [W, E], mist: [W]}]}") ==
        "tile: unknown key 'mist' (expected one of: sides, misty)");
  CHECK(TypedError("{edges: frfr, roads: [{misty: [W]}]}") ==
        "tile: missing key 'sides' (required: sides)");
  CHECK(TypedError("{edges: frfr, roads: [{sides: W, misty: [W]}]}") ==
        "tile: a road is a list of one or two sides ([W, E] or [S]) or {sides: [W, E], misty: "
        "[W]}, not 'W'");
  CHECK(TypedError("{edges: frfr, roads: [{sides: [W, E], misty: W}]}") ==
        "tile: 'misty' must be a list, e.g. [W] (the road's sides that lie in mist), not 'W'");
  CHECK(TypedError("{edges: frrr, roads: [{sides: [W, E], misty: [S]}, [S]]}") ==
        "tile: misty side S is not a side of the road (W, E)");
  CHECK(TypedError("{edges: frfr, roads: [{sides: [W, E], misty: [W, w]}]}") ==
        "tile: the road lists misty side W twice");
  CHECK(TypedError("{edges: frfr, roads: [{sides: [W, E], misty: [X]}]}") ==
        "tile: 'X' is not a side (expected N, E, S or W)");
  CHECK(TypedError("{edges: frfr, roads: [{sides: [W, E], misty: [W]}]}") ==
        "tile: the road's misty side W lies in no mist area (add W to the roads of the mist "
        "area over it)");

  // Mist areas.
  CHECK(TypedError("{edges: ffff, mist: true}") ==
        "tile: 'mist' must be a list, e.g. [{halves: [SL, SR], roads: [S], ghosts: 1}], not "
        "'true'");
  CHECK(TypedError("{edges: ffff, mist: [[SL, SR]]}") ==
        "tile: a mist area is a mapping such as {halves: [SL, SR], roads: [S], ghosts: 1}, not "
        "a list");
  CHECK(TypedError("{edges: ffff, mist: [{halves: [SL, SR]}]}") ==
        "tile: missing key 'ghosts' (required: ghosts)");
  CHECK(TypedError("{edges: ffff, mist: [{halves: [SL, SR], ghost: 1}]}") ==
        "tile: unknown key 'ghost' (expected one of: halves, roads, ghosts)");
  CHECK(TypedError("{edges: ffff, mist: [{halves: [SL, SR], ghosts: 0}]}") ==
        "tile: a mist area shows at least one ghost symbol (B.1.3), not 0");
  CHECK(TypedError("{edges: ffff, mist: [{halves: [SL, SR], ghosts: 10}]}") ==
        "tile: 'ghosts' must be a whole number from 1 to 9, not '10'");
  CHECK(TypedError("{edges: ffff, mist: [{halves: [SL, SR], ghosts: two}]}") ==
        "tile: 'ghosts' must be a whole number from 1 to 9, not 'two'");
  CHECK(TypedError("{edges: ffff, mist: [{halves: [], ghosts: 1}]}") ==
        "tile: a mist area covers at least one half-edge or road (halves: [SL, SR], roads: [S])");
  CHECK(TypedError("{edges: ffff, mist: [{halves: SL, ghosts: 1}]}") ==
        "tile: 'halves' must be a list, e.g. [SL, SR], not 'SL'");
  CHECK(TypedError("{edges: ffff, mist: [{halves: [S], ghosts: 1}]}") ==
        "tile: 'S' is not a half-edge: a field names halves (SL or SR for the S edge)");
  CHECK(TypedError("{edges: cfff, cities: [[N]], mist: [{halves: [NL], ghosts: 1}]}") ==
        "tile: mist half-edge NL is on a city edge (edges: cfff); mist lies only over fields "
        "and roads (B.5.2)");
  CHECK(TypedError("{edges: ffff, mist: [{halves: [SL, SL], ghosts: 1}]}") ==
        "tile: the mist area lists half-edge SL twice");
  CHECK(TypedError("{edges: ffff, mist: [{halves: [SL], ghosts: 1}, {halves: [SL], ghosts: 1}]}") ==
        "tile: half-edge SL is already in another mist area");
  CHECK(TypedError("{edges: ffff, mist: [{roads: [S], ghosts: 1}]}") ==
        "tile: mist road S is on a field edge (edges: ffff); mist covers roads only on r edges");
  CHECK(TypedError("{edges: frfr, roads: [[W, E]], mist: [{roads: [W], ghosts: 1}]}") ==
        "tile: the mist covers road W, but the road does not say so: write it {sides: [...], "
        "misty: [W]}");
  CHECK(TypedError("{edges: frfr, roads: [{sides: [W, E], misty: [W]}], mist: [{roads: [W, W], "
                   "ghosts: 1}]}") == "tile: the mist area lists road W twice");
  CHECK(TypedError("{edges: frfr, roads: [{sides: [W, E], misty: [W]}], mist: [{roads: [W], "
                   "ghosts: 1}, {roads: [W], ghosts: 1}]}") ==
        "tile: road W is already in another mist area");
  CHECK(TypedError("{edges: frfr, roads: [{sides: [W, E], misty: [W]}], mist: [{roads: [Q], "
                   "ghosts: 1}]}") == "tile: 'Q' is not a side (expected N, E, S or W)");

  // Fields beside mist.
  CHECK(TypedError(std::string(kMistyRoad) + ", fields: [[NL, NR, EL, WR, ER]]}") ==
        "tile: half-edge ER lies in mist (a mist area owns it); a field lists only clear "
        "half-edges");
  CHECK(TypedError(std::string(kMistyRoad) + ", fields: [[NR, EL, WR]]}") ==
        "tile: half-edge NL is in no field and no mist area");
  CHECK(TypedError("{edges: ffff, mist: [{halves: [NL, NR, EL, ER, SL, SR, WL], ghosts: 1}], "
                   "fields: []}") == "tile: half-edge WR is in no field and no mist area");
  // A tile all in mist has no field.
  Result<TileType> all_mist = Typed(
      "{edges: ffff, mist: [{halves: [NL, NR, EL, ER, SL, SR, WL, WR], ghosts: 3}], fields: []}");
  INFO(all_mist.status().message());
  REQUIRE(all_mist.ok());
  CHECK(all_mist->MistyPorts() == kAllPorts);
  CHECK(all_mist->GhostSymbols() == 3);
}
