// Described sets (data/tiles/mists.yaml against tiles/mists.md), the TileBox that tracks what
// is left of one, and the user's saved tiles (cli/data_files).
#include "carcref/described_set.h"

#include <stdlib.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "carcref/catalog.h"
#include "cli/data_files.h"

using namespace carcref;

namespace {

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string MistsText() { return ReadText(CARCREF_SOURCE_DATA_DIR "/tiles/mists.yaml"); }

DescribedSet Mists() {
  Result<DescribedSet> set = ParseDescribedSet(MistsText(), "mists.yaml");
  INFO(set.status().message());
  REQUIRE(set.ok());
  return *set;
}

std::string SetError(const std::string& text) {
  Result<DescribedSet> set = ParseDescribedSet(text, "d.yaml");
  if (set.ok()) return "(accepted)";
  CHECK(set.status().code() == Status::Code::kCorrupt);
  return set.status().message();
}

// A described tile as the box sees it: its middle feature and ghost symbols (one mist area).
TileType Described(int ghosts, FeatureKind middle = FeatureKind::kField) {
  TileType t;
  if (middle == FeatureKind::kCastle || middle == FeatureKind::kCemetery) {
    Segment s;
    s.kind = middle;
    t.segments.push_back(s);
  }
  if (ghosts > 0) {
    Segment mist;
    mist.kind = FeatureKind::kMist;
    mist.ghosts = ghosts;
    t.segments.push_back(mist);
  }
  return t;
}

TileBox Box(int castles_out, int cemeteries_out) {
  Result<TileBox> box = TileBox::Create(Mists(), castles_out, cemeteries_out);
  INFO(box.status().message());
  REQUIRE(box.ok());
  return *box;
}

std::string Refusal(const TileBox& box, const TileType& t) {
  Status s = box.CanTake(t);
  if (s.ok()) return "(accepted)";
  CHECK(s.code() == Status::Code::kIllegal);
  return s.message();
}

}  // namespace

TEST_CASE("mists.yaml: the box as tiles/mists.md gives it", "[described]") {
  DescribedSet m = Mists();
  CHECK(m.set == "mists");
  CHECK(m.tiles == 60);
  CHECK(m.castles == 5);
  CHECK(m.cemeteries == 5);
  CHECK(m.ghost_classes == std::vector<int>{17, 17, 19, 7});
  CHECK(m.TilesWithGhosts(0) == 17);
  CHECK(m.TilesWithGhosts(3) == 7);
  CHECK(m.TilesWithGhosts(4) == 0);
  CHECK(m.TilesWithGhosts(-1) == 0);
  CHECK(m.GhostSymbols() == 76);
  CHECK(m.TilesWithMist() == 43);
  CHECK(m.MaxGhosts() == 3);
  REQUIRE(m.start);
  CHECK(m.start->cells == 4);
  CHECK(m.start->ghosts == 3);

  // §3: 52 image numbers; the 8 missing ones are the extra copies of the multi-copy images.
  CHECK(m.images->size() == 52);
  std::map<std::string, std::vector<int>> multi;
  std::vector<std::string> zero;  // ids of 0-ghost copies, one per copy
  int copies = 0;
  std::vector<bool> listed(61, false);
  for (const DescribedImage& image : *m.images) {
    INFO(image.id);
    CHECK(image.count == static_cast<int>(image.ghosts.size()));
    CHECK(image.origin.rfind("mists.yaml:", 0) == 0);
    copies += image.count;
    if (image.count > 1) multi[image.id] = image.ghosts;
    for (int g : image.ghosts)
      if (g == 0) zero.push_back(image.id);
    listed[static_cast<size_t>(std::stoi(image.id.substr(1)))] = true;
  }
  CHECK(copies == 60);
  CHECK(multi == std::map<std::string, std::vector<int>>{{"M01", {0, 0}},
                                                         {"M07", {0, 0}},
                                                         {"M09", {0, 0}},
                                                         {"M14", {3, 3, 2}},
                                                         {"M23", {3, 2}},
                                                         {"M38", {0, 0}},
                                                         {"M54", {2, 1}}});
  std::vector<int> missing;
  for (int n = 1; n <= 60; ++n)
    if (!listed[static_cast<size_t>(n)]) missing.push_back(n);
  CHECK(missing == std::vector<int>{2, 8, 10, 15, 16, 24, 39, 53});
  // "The 0-ghost tiles are M01 ×2, M07 ×2, M09 ×2, M17, M20, M22, M30, M38 ×2, M40, M46, M48,
  // M49, M55."
  CHECK(zero == std::vector<std::string>{"M01", "M01", "M07", "M07", "M09", "M09", "M17", "M20",
                                         "M22", "M30", "M38", "M38", "M40", "M46", "M48", "M49",
                                         "M55"});
  // Spot checks of single images against the §3 table.
  std::map<std::string, int> single;
  for (const DescribedImage& image : *m.images)
    if (image.count == 1) single[image.id] = image.ghosts[0];
  CHECK(single.at("M03") == 1);
  CHECK(single.at("M12") == 3);
  CHECK(single.at("M13") == 3);
  CHECK(single.at("M32") == 3);
  CHECK(single.at("M47") == 3);
  CHECK(single.at("M60") == 2);
}

TEST_CASE("described sets are told apart from catalogues", "[described]") {
  CHECK(IsDescribedSetText(MistsText()));
  CHECK_FALSE(IsDescribedSetText(ReadText(CARCREF_SOURCE_DATA_DIR "/tiles/base.yaml")));
  CHECK_FALSE(IsDescribedSetText("described: [true"));
  CHECK_FALSE(IsDescribedSetText(""));
  CHECK_FALSE(IsDescribedSetText("- described"));
  // A catalogue parser refuses the described set with a plain unknown-key message.
  Result<Catalog> as_catalog = ParseCatalog(MistsText(), "mists.yaml");
  CHECK_FALSE(as_catalog.ok());
  // The front end says what it is.
  Result<std::vector<CatalogSource>> sources = ReadTileSet("mists");
  REQUIRE_FALSE(sources.ok());
  CHECK(sources.status().message().rfind("tile set 'mists' is a described set (", 0) == 0);
  CHECK(sources.status().message().find("players describe each tile as it lies") !=
        std::string::npos);
  Result<DescribedSet> read = ReadDescribedSet("mists");
  INFO(read.status().message());
  REQUIRE(read.ok());
  CHECK(read->tiles == 60);
  std::vector<std::string> sets = AvailableTileSets();
  CHECK(std::find(sets.begin(), sets.end(), "mists") != sets.end());
}

TEST_CASE("broken described sets: one line FILE:LINE: what is wrong", "[described]") {
  const std::string good =
      "set: d\n"                                  // 1
      "described: true\n"                         // 2
      "tiles: 5\n"                                // 3
      "castles: 1\n"                              // 4
      "cemeteries: 1\n"                           // 5
      "ghost_symbols: {0: 2, 1: 2, 3: 1}\n"       // 6
      "symbols: 5\n"                              // 7
      "images:\n"                                 // 8
      "  - {id: A1, count: 2, ghosts: [0, 1]}\n"  // 9
      "  - {id: A2, count: 1, ghosts: [0]}\n"     // 10
      "  - {id: A3, count: 2, ghosts: [3, 1]}\n"  // 11
      "start: {cells: 4, ghosts: 3}\n";           // 12
  REQUIRE(SetError(good) == "(accepted)");
  auto with = [&good](const std::string& from, const std::string& to) {
    size_t at = good.find(from);
    REQUIRE(at != std::string::npos);
    return good.substr(0, at) + to + good.substr(at + from.size());
  };
  {
    Result<DescribedSet> d = ParseDescribedSet(good, "d.yaml");
    REQUIRE(d.ok());
    CHECK(d->ghost_classes == std::vector<int>{2, 2, 0, 1});
    CHECK(d->GhostSymbols() == 5);
    CHECK(d->MaxGhosts() == 3);
    CHECK((*d->images)[2].origin == "d.yaml:11");
  }
  // Without images and start: still a set.
  CHECK(SetError(good.substr(0, good.find("images:"))) == "(accepted)");

  CHECK(SetError("") ==
        "d.yaml:1: the described set is empty (expected a mapping with keys set, described, "
        "tiles, castles, cemeteries, ghost_symbols, symbols, images, start)");
  CHECK(SetError("- 1\n") ==
        "d.yaml:1: a described set is a mapping with keys set, described, tiles, castles, "
        "cemeteries, ghost_symbols, symbols, images, start, not a list");
  CHECK(SetError(good + "---\nset: e\n") ==
        "d.yaml:13: a described set is one YAML document; a second one starts here");
  CHECK(SetError("," + good) == "d.yaml:1: YAML syntax: unexpected ','");
  CHECK(SetError(with("tiles: 5\n", "tiles: 5\ntile: 5\n")) ==
        "d.yaml:4: unknown key 'tile' (expected one of: set, described, tiles, castles, "
        "cemeteries, ghost_symbols, symbols, images, start)");
  CHECK(SetError(with("castles: 1\n", "")) ==
        "d.yaml:1: missing key 'castles' (required: set, described, tiles, castles, cemeteries, "
        "ghost_symbols)");
  CHECK(SetError(with("described: true", "described: false")) ==
        "d.yaml:2: 'described' must be true in a described set (a set whose tiles have known "
        "geometry is a catalogue with a 'tiles' list of entries)");
  CHECK(SetError(with("tiles: 5", "tiles: five")) ==
        "d.yaml:3: 'tiles' must be a whole number from 0 to 1000, not 'five'");
  CHECK(SetError(with("cemeteries: 1", "cemeteries: 5")) ==
        "d.yaml:5: 1 castles and 5 cemeteries are more than the 5 tiles (a tile has at most one "
        "of them)");
  CHECK(SetError(with("{0: 2, 1: 2, 3: 1}", "{0: 2, 1: 2, 3: 2}")) ==
        "d.yaml:6: 'ghost_symbols' counts 6 tiles, but 'tiles' says 5");
  CHECK(SetError(with("{0: 2, 1: 2, 3: 1}", "{0: 2, 1: 2, x: 1}")) ==
        "d.yaml:6: a key of 'ghost_symbols' (ghost symbols on a tile) must be a whole number "
        "from 0 to 9, not 'x'");
  CHECK(SetError(with("{0: 2, 1: 2, 3: 1}", "{0: 2, 1: 2, 3: [1]}")) ==
        "d.yaml:6: 'ghost_symbols' 3 (tiles with 3 ghost symbols) must be a whole number from 0 "
        "to 1000, not a list");
  CHECK(SetError(with("{0: 2, 1: 2, 3: 1}", "{0: 2, 1: 2, 03: 1}")) == "(accepted)");
  CHECK(SetError(with("{0: 2, 1: 2, 3: 1}", "{0: 2, 1: 1, 1: 1, 3: 1}")) ==
        "d.yaml:6: 'ghost_symbols' gives 1 twice (first on line 6)");
  CHECK(SetError(with("{0: 2, 1: 2, 3: 1}", "[2, 2, 0, 1]")) ==
        "d.yaml:6: 'ghost_symbols' must be a mapping from a number of ghost symbols to the tiles "
        "that show it, e.g. {0: 17, 1: 17}, not a list");
  CHECK(SetError(with("symbols: 5", "symbols: 6")) ==
        "d.yaml:7: 'symbols' says 6, but 'ghost_symbols' gives 5 (0×2 + 1×2 + 3×1)");
  CHECK(SetError(with("count: 1, ghosts: [0]", "count: 2, ghosts: [0, 0]")) ==
        "d.yaml:8: the images have 6 tiles in all, but 'tiles' says 5");
  CHECK(SetError(with("ghosts: [3, 1]", "ghosts: [3, 0]")) ==
        "d.yaml:8: the images have 3 tiles with 0 ghost symbols, but 'ghost_symbols' says 2");
  CHECK(SetError(with("ghosts: [3, 1]", "ghosts: [3, 2]")) ==
        "d.yaml:11: image A3 has a copy with 2 ghost symbols, but 'ghost_symbols' gives no "
        "tile with 2 ghost symbols");
  CHECK(SetError(with("ghosts: [3, 1]", "ghosts: [3]")) ==
        "d.yaml:11: image A3 has 2 copies but 1 ghost numbers (one per copy)");
  CHECK(SetError(with("ghosts: [3, 1]", "ghosts: [3, -1]")) ==
        "d.yaml:11: image A3: a copy's ghost symbols must be a whole number from 0 to 9, not "
        "'-1'");
  CHECK(SetError(with("id: A2", "id: a1")) ==
        "d.yaml:10: duplicate image id 'a1': 'A1' on line 9 has it already (ids are "
        "case-insensitive)");
  CHECK(SetError(with("id: A2, count: 1", "id: A2, count: 0")) ==
        "d.yaml:10: 'count' must be a whole number from 1 to 1000, not '0'");
  CHECK(SetError(with("  - {id: A2, count: 1, ghosts: [0]}\n", "  - A2\n")) ==
        "d.yaml:10: an image is a mapping such as {id: M01, count: 2, ghosts: [0, 0]}, not 'A2'");
  CHECK(SetError(with("{id: A2, count: 1, ghosts: [0]}", "{id: A2, ghosts: [0]}")) ==
        "d.yaml:10: missing key 'count' (required: id, count, ghosts)");
  CHECK(SetError(with("start: {cells: 4, ghosts: 3}", "start: {cells: 0, ghosts: 3}")) ==
        "d.yaml:12: 'cells' must be a whole number from 1 to 16, not '0'");
  CHECK(SetError(with("start: {cells: 4, ghosts: 3}", "start: 4")) ==
        "d.yaml:12: 'start' must be a mapping such as {cells: 4, ghosts: 3}, not '4'");
  CHECK(SetError(with("tiles: 5\n", "tiles: [5\n")) ==
        "d.yaml:4: YAML syntax: end of sequence flow not found");
}

TEST_CASE("TileBox, all 60 tiles (levels 2-6): exact counts, a 6th castle refused",
          "[described][box]") {
  TileBox box = Box(0, 0);
  CHECK(box.InPlay() == 60);
  CHECK(box.Left() == 60);
  CHECK(box.CastlesLeft() == 5);
  CHECK(box.CemeteriesLeft() == 5);
  CHECK(box.PlainLeft() == 50);
  CHECK(box.GhostCountsExact());
  for (int k = 0; k <= 3; ++k) {
    CHECK(box.GhostRange(k).min == box.GhostRange(k).max);
    CHECK(box.LeftWithGhosts(k) == Mists().ghost_classes[static_cast<size_t>(k)]);
  }
  CHECK(box.LeftWithGhosts(4) == 0);
  CHECK(box.Describe() ==
        "60 tiles left: 5 castles, 5 cemeteries, 50 others; by ghost symbols: 0: 17, 1: 17, "
        "2: 19, 3: 7");

  for (int i = 0; i < 5; ++i) {
    TileType castle = Described(i % 2 + 1, FeatureKind::kCastle);
    REQUIRE(box.CanTake(castle).ok());
    box.Take(castle);
  }
  CHECK(box.CastlesLeft() == 0);
  CHECK(Refusal(box, Described(2, FeatureKind::kCastle)) == "all 5 castle tiles are on the table");
  CHECK(Refusal(box, Described(0, FeatureKind::kCemetery)) == "(accepted)");
  CHECK(box.Left() == 55);
  CHECK(box.LeftWithGhosts(1) == 14);
  CHECK(box.LeftWithGhosts(2) == 17);

  // A 4th ghost symbol: no such tile.
  CHECK(Refusal(box, Described(4)) ==
        "no tile of the set has 4 ghost symbols (they have 0, 1, 2, 3)");

  // Undo puts it back.
  box.Untake(Described(2, FeatureKind::kCastle));
  CHECK(box.CastlesLeft() == 1);
  CHECK(box.LeftWithGhosts(2) == 18);
  CHECK(Refusal(box, Described(2, FeatureKind::kCastle)) == "(accepted)");
}

TEST_CASE("TileBox: an exhausted ghost class, then the plain tiles, then the box",
          "[described][box]") {
  TileBox box = Box(0, 0);
  for (int i = 0; i < 7; ++i) {
    REQUIRE(box.CanTake(Described(3)).ok());
    box.Take(Described(3));
  }
  CHECK(Refusal(box, Described(3)) == "all 7 tiles with 3 ghost symbols are on the table");
  CHECK(Refusal(box, Described(3, FeatureKind::kCemetery)) ==
        "all 7 tiles with 3 ghost symbols are on the table");
  // 43 more plain tiles: 17 with 0, 17 with 1, 9 with 2 ghost symbols.
  for (int k : {0, 1}) {
    for (int i = 0; i < 17; ++i) {
      REQUIRE(box.CanTake(Described(k)).ok());
      box.Take(Described(k));
    }
    CHECK(Refusal(box, Described(k)) == "all 17 tiles with " + std::to_string(k) +
                                            (k == 1 ? " ghost symbol" : " ghost symbols") +
                                            " are on the table");
  }
  for (int i = 0; i < 9; ++i) box.Take(Described(2));
  CHECK(box.PlainLeft() == 0);
  CHECK(box.Left() == 10);
  CHECK(Refusal(box, Described(2)) ==
        "all 50 tiles without a castle or a cemetery are on the table: the rest have one");
  // The 10 left are the castles and cemeteries, all with 2 ghost symbols.
  for (int i = 0; i < 5; ++i) box.Take(Described(2, FeatureKind::kCastle));
  for (int i = 0; i < 5; ++i) box.Take(Described(2, FeatureKind::kCemetery));
  CHECK(box.Left() == 0);
  CHECK(Refusal(box, Described(2, FeatureKind::kCastle)) ==
        "all 60 tiles of this game are on the table: the box is empty");
}

TEST_CASE("TileBox, level 1: no castles or cemeteries, ghost classes known only within bounds",
          "[described][box]") {
  TileBox box = Box(5, 5);
  CHECK(box.InPlay() == 50);
  CHECK(box.Left() == 50);
  CHECK(box.CastlesLeft() == 0);
  CHECK(box.CemeteriesLeft() == 0);
  CHECK(box.PlainLeft() == 50);
  CHECK_FALSE(box.GhostCountsExact());
  CHECK(Refusal(box, Described(1, FeatureKind::kCastle)) ==
        "the castle tiles are not in this game");
  CHECK(Refusal(box, Described(0, FeatureKind::kCemetery)) ==
        "the cemetery tiles are not in this game");
  // Which classes the 10 removed tiles had is unknown: 7..17 tiles with 0 symbols, 9..19 with
  // 2, 0..7 with 3.
  CHECK(box.GhostRange(0).min == 7);
  CHECK(box.GhostRange(0).max == 17);
  CHECK(box.GhostRange(2).min == 9);
  CHECK(box.GhostRange(2).max == 19);
  CHECK(box.GhostRange(3).min == 0);
  CHECK(box.GhostRange(3).max == 7);
  CHECK(box.LeftWithGhosts(3) == 7);
  CHECK(box.Describe() ==
        "50 tiles left: 0 castles, 0 cemeteries, 50 others; by ghost symbols: 0: 7–17, 1: 7–17, "
        "2: 9–19, 3: 0–7");

  // All 7 three-symbol tiles may still come: none of the removed tiles need have 3 symbols.
  for (int i = 0; i < 7; ++i) {
    REQUIRE(box.CanTake(Described(3)).ok());
    box.Take(Described(3));
  }
  CHECK(Refusal(box, Described(3)) == "all 7 tiles with 3 ghost symbols are on the table");
  CHECK(box.GhostRange(3).max == 0);
  // 17 with 0 symbols: then the removed tiles have none with 0 or 3, so 10 of the 36 with 1 or 2.
  for (int i = 0; i < 17; ++i) box.Take(Described(0));
  CHECK(box.Left() == 26);
  CHECK(box.GhostRange(1).min == 7);
  CHECK(box.GhostRange(1).max == 17);
  CHECK(box.GhostRange(2).min == 9);
  CHECK(box.GhostRange(2).max == 19);
  // 17 with 1 symbol: then the 10 removed all have 2, and 9 with 2 are left, exactly.
  for (int i = 0; i < 17; ++i) box.Take(Described(1));
  CHECK(box.Left() == 9);
  CHECK(box.GhostRange(2).min == 9);
  CHECK(box.GhostRange(2).max == 9);
  for (int i = 0; i < 9; ++i) {
    REQUIRE(box.CanTake(Described(2)).ok());
    box.Take(Described(2));
  }
  CHECK(box.Left() == 0);
  CHECK(Refusal(box, Described(2)) ==
        "all 50 tiles of this game are on the table: the box is empty");
}

TEST_CASE("TileBox: removal must fit the box; real described tiles count", "[described][box]") {
  Result<TileBox> bad = TileBox::Create(Mists(), 6, 0);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message() == "the box has 5 castle tiles: 6 cannot stay out of the game");
  bad = TileBox::Create(Mists(), 0, -1);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message() == "the box has 5 cemetery tiles: -1 cannot stay out of the game");

  // Partly removed castles: the message says how many are in the game.
  TileBox box = Box(3, 0);
  box.Take(Described(1, FeatureKind::kCastle));
  box.Take(Described(1, FeatureKind::kCastle));
  CHECK(Refusal(box, Described(1, FeatureKind::kCastle)) ==
        "all 2 castle tiles of this game are on the table (3 stay in the box)");

  // A tile typed in the long form: its ghosts are summed over its mist areas.
  Result<TileType> t = ParseTileNode(
      YAML::Load("{edges: frfr, roads: [{sides: [W, E], misty: [E]}], castle: false, "
                 "mist: [{halves: [NL], ghosts: 1}, {halves: [ER, SL], roads: [E], ghosts: 2}], "
                 "fields: [[NR, EL, WR], [SR, WL]]}"),
      "tile");
  INFO(t.status().message());
  REQUIRE(t.ok());
  TileBox full = Box(0, 0);
  for (int i = 0; i < 7; ++i) full.Take(*t);
  CHECK(Refusal(full, *t) == "all 7 tiles with 3 ghost symbols are on the table");
}

// ---------------------------------------------------------------------------------------------
// Saved tiles
// ---------------------------------------------------------------------------------------------

namespace {

namespace fs = std::filesystem;

// Points XDG_DATA_HOME at a fresh temporary directory for the test's lifetime.
class TempDataHome {
 public:
  TempDataHome() {
    std::string pattern = (fs::temp_directory_path() / "carcref-saved-XXXXXX").string();
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    REQUIRE(::mkdtemp(buf.data()) != nullptr);
    dir_ = buf.data();
    if (const char* old = std::getenv("XDG_DATA_HOME")) old_ = old;
    ::setenv("XDG_DATA_HOME", dir_.c_str(), 1);
  }
  ~TempDataHome() {
    if (old_)
      ::setenv("XDG_DATA_HOME", old_->c_str(), 1);
    else
      ::unsetenv("XDG_DATA_HOME");
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  TempDataHome(const TempDataHome&) = delete;
  TempDataHome& operator=(const TempDataHome&) = delete;

  std::string File() const { return dir_ + "/carcref/tiles.yaml"; }
  void Write(const std::string& text) const {
    fs::create_directories(dir_ + "/carcref");
    std::ofstream out(File(), std::ios::binary);
    out << text;
  }
  // Files in carcref/ other than tiles.yaml (temporary files left behind).
  std::vector<std::string> Strays() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_ + "/carcref"))
      if (e.path().filename() != "tiles.yaml") out.push_back(e.path().filename().string());
    return out;
  }

 private:
  std::string dir_;
  std::optional<std::string> old_;
};

using Saved = std::map<std::string, std::string>;

Saved ReadSaved() {
  Result<Saved> saved = ReadSavedTiles();
  INFO(saved.status().message());
  REQUIRE(saved.ok());
  return *saved;
}

}  // namespace

TEST_CASE("saved tiles: the path sits next to the default database", "[saved]") {
  TempDataHome home;
  CHECK(SavedTilesPath() == home.File());
  CHECK(fs::path(SavedTilesPath()).parent_path() == fs::path(DefaultDatabasePath()).parent_path());
}

TEST_CASE("saved tiles: save and read back", "[saved]") {
  TempDataHome home;
  CHECK(ReadSaved().empty());  // no file yet
  CHECK_FALSE(fs::exists(home.File()));

  const std::string bridge =
      "{edges: frfr, roads: [{sides: [W, E], misty: [W, E]}], mist: [{halves: [ER, SL, SR, WL], "
      "roads: [W, E], ghosts: 2}]}";
  Status s = SaveTile("bridge", bridge);
  INFO(s.message());
  REQUIRE(s.ok());
  REQUIRE(SaveTile("gate", "crfr").ok());
  REQUIRE(SaveTile("odd-one_2", "it's 'quoted' #not a comment").ok());
  CHECK(ReadSaved() ==
        Saved{{"bridge", bridge}, {"gate", "crfr"}, {"odd-one_2", "it's 'quoted' #not a comment"}});
  CHECK(home.Strays().empty());
  const std::string text = ReadText(home.File());
  CHECK(text.rfind("# carcref: tiles saved with `tile save NAME DESCRIPTION`", 0) == 0);
  CHECK(text.find("\ntiles:\n  bridge: '{edges: frfr") != std::string::npos);

  // The same description again is fine and writes nothing; names ignore case.
  CHECK(SaveTile("Gate", "crfr").ok());
  CHECK(ReadText(home.File()) == text);
  CHECK(FindSavedTile(ReadSaved(), "GATE") == std::optional<std::string>("crfr"));
  CHECK(FindSavedTile(ReadSaved(), "gates") == std::nullopt);

  // Refusals change nothing.
  Status other = SaveTile("GATE", "cfff");
  CHECK(other.code() == Status::Code::kIllegal);
  CHECK(other.message() == "a tile 'gate' is saved already, as 'crfr'; choose another name");
  Status id = SaveTile("d", "crfr");
  CHECK(id.code() == Status::Code::kIllegal);
  CHECK(id.message() == "'d' is tile D of the base catalogue; choose another name");
  CHECK(SaveTile("crfr", "crfr").message() ==
        "'crfr' reads as a short-form description (NOTATION.md); choose another name");
  CHECK(SaveTile("2x", "crfr").message() ==
        "'2x' is not a tile name: a name starts with a letter and goes on with letters, digits, "
        "_ or -");
  CHECK(SaveTile("my tile", "crfr").code() == Status::Code::kSyntax);
  CHECK(SaveTile("winter/CFR", "crfr").code() == Status::Code::kSyntax);
  CHECK(SaveTile("blank", "  ").message() == "there is no description to save under 'blank'");
  CHECK(SaveTile("two", "crfr\nffff").message() == "a saved description is one line");
  CHECK(ReadText(home.File()) == text);
}

TEST_CASE("saved tiles: a hand-edited file keeps its comments and indentation", "[saved]") {
  TempDataHome home;
  home.Write("# my tiles\ntiles:\n    # the gate\n    gate: crfr\n");
  REQUIRE(SaveTile("loop", "{edges: rrrr, roads: [[N, W], [S, E]]}").ok());
  CHECK(ReadText(home.File()) ==
        "# my tiles\ntiles:\n    # the gate\n    gate: crfr\n"
        "    loop: '{edges: rrrr, roads: [[N, W], [S, E]]}'\n");
  CHECK(ReadSaved() == Saved{{"gate", "crfr"}, {"loop", "{edges: rrrr, roads: [[N, W], [S, E]]}"}});

  // Comments only: the tiles key is added.
  home.Write("# nothing yet\n");
  REQUIRE(SaveTile("gate", "crfr").ok());
  CHECK(ReadText(home.File()) == "# nothing yet\ntiles:\n  gate: 'crfr'\n");

  // Flow style does not take an appended line: the file is written afresh.
  home.Write("tiles: {gate: crfr}");
  REQUIRE(SaveTile("road", "frfr").ok());
  CHECK(ReadSaved() == Saved{{"gate", "crfr"}, {"road", "frfr"}});
  CHECK(home.Strays().empty());
}

TEST_CASE("saved tiles: a damaged file is reported and never overwritten", "[saved]") {
  TempDataHome home;
  auto refused = [&home](const std::string& text) {
    home.Write(text);
    Result<Saved> read = ReadSavedTiles();
    REQUIRE_FALSE(read.ok());
    CHECK(read.status().code() == Status::Code::kCorrupt);
    Status save = SaveTile("fresh", "ffff");
    CHECK(save.message() == read.status().message());
    CHECK(ReadText(home.File()) == text);  // untouched
    CHECK(home.Strays().empty());
    const std::string prefix = home.File() + ":";
    REQUIRE(read.status().message().rfind(prefix, 0) == 0);
    return read.status().message().substr(prefix.size());
  };
  CHECK(refused("tiles:\n  gate: 'crfr'\n  bad name: 'x'\n") ==
        "3: 'bad name' is not a tile name (a letter, then letters, digits, _ or -)");
  CHECK(refused("tiles:\n  gate: 'crfr'\n  Gate: 'ffff'\n") ==
        "3: tile 'Gate' is saved twice (first as 'gate' on line 2; names are case-insensitive)");
  CHECK(refused("tiles:\n  gate: {edges: crfr}\n") ==
        "2: the description of 'gate' must be one line of text in quotes, e.g. 'crfr', not a "
        "mapping");
  CHECK(refused("tiles:\n  gate:\n") ==
        "2: the description of 'gate' must be one line of text in quotes, e.g. 'crfr', not "
        "nothing");
  CHECK(refused("tiles:\n  gate: [crfr\n  loop: 'x'\n") ==
        "3: YAML syntax: end of sequence flow not found");
  CHECK(refused("tile:\n  gate: crfr\n") == "1: unknown key 'tile' (expected: tiles)");
  CHECK(refused("- gate\n") ==
        "1: the saved tiles file is a mapping with the key tiles, not a list");
  CHECK(refused("tiles: [gate]\n") ==
        "1: 'tiles' must map names to descriptions, e.g. gate: 'crfr', not a list");
  CHECK(refused("tiles:\n  gate: crfr\n---\ntiles: {}\n") ==
        "3: the saved tiles file is one YAML document; a second one starts here");
  // yaml-cpp's LoadAll() would loop forever on this (jbeder/yaml-cpp#1319).
  CHECK(refused("# mine\n,tiles:\n  gate: crfr\n") == "2: YAML syntax: unexpected ','");
}
