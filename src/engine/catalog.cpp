#include "carcref/catalog.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <exception>
#include <map>
#include <utility>

namespace carcref {

namespace {

// Caps that keep sums far from overflow; no real box comes near them.
constexpr int kMaxCount = 1000;
constexpr int kMaxPennants = 9;

const std::vector<std::string_view> kCatalogKeys = {"set", "includes", "tiles"};
const std::vector<std::string_view> kCatalogRequired = {"set", "tiles"};
const std::vector<std::string_view> kTileKeys = {"id",    "count",  "start",     "animal", "edges",
                                                 "cities", "roads", "monastery", "fields"};
const std::vector<std::string_view> kEntryRequired = {"id", "count", "edges", "fields"};
const std::vector<std::string_view> kDescriptionRequired = {"edges"};
const std::vector<std::string_view> kCityKeys = {"sides", "pennants"};
const std::vector<std::string_view> kFieldKeys = {"halves", "cities"};

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string Join(const std::vector<std::string_view>& words, std::string_view sep) {
  std::string out;
  for (std::string_view w : words) {
    if (!out.empty()) out += sep;
    out += w;
  }
  return out;
}

// Messages are one line: text taken from the file must not break that.
std::string OneLine(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

// How a value looks, for "…, not X" in messages.
std::string Shown(const YAML::Node& n) {
  if (!n.IsDefined() || n.IsNull()) return "nothing";
  if (n.IsScalar()) return "'" + n.Scalar() + "'";
  if (n.IsSequence()) return "a list";
  return "a mapping";
}

std::string_view EdgeWord(EdgeKind e) {
  switch (e) {
    case EdgeKind::kCity: return "city";
    case EdgeKind::kRoad: return "road";
    case EdgeKind::kField: return "field";
  }
  return "?";
}

// Where a message points: "FILE:LINE" from the YAML marks when parsing a file, or one fixed
// prefix for a tile typed by a player (ParseTileNode's `where`).
class Locator {
 public:
  static Locator InFile(std::string_view file) {
    Locator l;
    l.text_ = std::string(file);
    return l;
  }
  static Locator Fixed(std::string_view where) {
    Locator l;
    l.text_ = std::string(where);
    l.fixed_ = true;
    return l;
  }

  std::string Prefix(int line) const {
    return fixed_ ? text_ : text_ + ":" + std::to_string(line);
  }
  Status Error(int line, const std::string& what) const {
    std::string prefix = Prefix(line);
    return Status::Corrupt(OneLine(prefix.empty() ? what : prefix + ": " + what));
  }

 private:
  std::string text_;
  bool fixed_ = false;
};

// 1-based line of a node, or `fallback` when it has no position (absent or an empty value).
int LineOf(const YAML::Node& node, int fallback) {
  if (!node.IsDefined()) return fallback;
  int line = node.Mark().line;
  return line >= 0 ? line + 1 : fallback;
}

struct Entry {
  YAML::Node value;
  int line = 0;  // of the key
  bool present = false;
};

// The keys of one mapping, each checked: known, given once, the required ones present.
class Mapping {
 public:
  Status Read(const YAML::Node& map, int line, const std::vector<std::string_view>& known,
              const std::vector<std::string_view>& required, const Locator& loc) {
    line_ = line;
    for (YAML::const_iterator it = map.begin(); it != map.end(); ++it) {
      int key_line = LineOf(it->first, line);
      if (!it->first.IsScalar())
        return loc.Error(key_line, "a key must be a plain word (expected one of: " +
                                       Join(known, ", ") + ")");
      const std::string& name = it->first.Scalar();
      if (std::find(known.begin(), known.end(), name) == known.end())
        return loc.Error(key_line, "unknown key '" + name + "' (expected one of: " +
                                       Join(known, ", ") + ")");
      Entry& e = entries_[name];
      if (e.present)
        return loc.Error(key_line, "key '" + name + "' is given twice (first on line " +
                                       std::to_string(e.line) + ")");
      e = {it->second, key_line, true};
    }
    for (std::string_view r : required)
      if (!Has(r))
        return loc.Error(line, "missing key '" + std::string(r) + "' (required: " +
                                   Join(required, ", ") + ")");
    return Status::Ok();
  }

  bool Has(std::string_view key) const {
    auto it = entries_.find(std::string(key));
    return it != entries_.end() && it->second.present;
  }
  // An absent key gives an entry with present == false and the mapping's line.
  Entry Get(std::string_view key) const {
    auto it = entries_.find(std::string(key));
    if (it != entries_.end()) return it->second;
    Entry e;
    e.line = line_;
    return e;
  }

 private:
  std::map<std::string, Entry> entries_;
  int line_ = 0;
};

Result<std::string> Word(const Entry& e, std::string_view key, std::string_view expected,
                         const Locator& loc) {
  if (!e.value.IsScalar() || e.value.Scalar().empty())
    return loc.Error(e.line, "'" + std::string(key) + "' must be " + std::string(expected) +
                                 ", not " + Shown(e.value));
  return e.value.Scalar();
}

Result<int> Number(const Entry& e, std::string_view key, int max, const Locator& loc) {
  std::string expected = "a whole number from 0 to " + std::to_string(max);
  if (!e.value.IsScalar())
    return loc.Error(e.line, "'" + std::string(key) + "' must be " + expected + ", not " +
                                 Shown(e.value));
  const std::string& s = e.value.Scalar();
  int value = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size() || value < 0 || value > max)
    return loc.Error(e.line, "'" + std::string(key) + "' must be " + expected + ", not '" + s +
                                 "'");
  return value;
}

Result<bool> Flag(const Entry& e, std::string_view key, const Locator& loc) {
  std::string s = e.value.IsScalar() ? Lower(e.value.Scalar()) : std::string();
  if (s == "true") return true;
  if (s == "false") return false;
  return loc.Error(e.line, "'" + std::string(key) + "' must be true or false, not " +
                               Shown(e.value));
}

// A list value; `example` shows the expected shape.
Status List(const Entry& e, std::string_view key, std::string_view example, const Locator& loc) {
  if (e.value.IsSequence()) return Status::Ok();
  return loc.Error(e.line, "'" + std::string(key) + "' must be a list, e.g. " +
                               std::string(example) + ", not " + Shown(e.value));
}

bool ValidId(std::string_view id) {
  if (id.empty() || id.front() == '/' || id.back() == '/') return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '_' || c == '-' ||
           c == '.';
  });
}

bool ValidSetName(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

Result<Side> SideAt(const YAML::Node& node, int line, const Locator& loc) {
  if (node.IsScalar())
    if (std::optional<Side> s = ParseSide(node.Scalar())) return *s;
  return loc.Error(line, Shown(node) + " is not a side (expected N, E, S or W)");
}

Result<Port> HalfAt(const YAML::Node& node, int line, const Locator& loc) {
  if (node.IsScalar()) {
    if (std::optional<Port> p = ParseHalf(node.Scalar())) return *p;
    if (std::optional<Side> s = ParseSide(node.Scalar()))
      return loc.Error(line, "'" + node.Scalar() + "' is not a half-edge: a field names halves (" +
                                 std::string(HalfName(PortOf(*s, 0))) + " or " +
                                 std::string(HalfName(PortOf(*s, 2))) + " for the " +
                                 std::string(SideName(*s)) + " edge)");
  }
  return loc.Error(line, Shown(node) +
                             " is not a half-edge (expected NL, NR, EL, ER, SL, SR, WL or WR)");
}

// Parses one tile mapping into `tile`. `line` is the tile's own line. `entry` selects the
// catalogue's required keys (id, count, edges, fields) over a description's (edges).
Status ParseTile(const YAML::Node& node, int line, const Locator& loc, bool entry,
                 TileType& tile) {
  if (!node.IsMap())
    return loc.Error(line, "a tile is a mapping with keys " + Join(kTileKeys, ", ") + ", not " +
                               Shown(node));
  Mapping keys;
  Status st = keys.Read(node, line, kTileKeys, entry ? kEntryRequired : kDescriptionRequired, loc);
  if (!st.ok()) return st;

  if (keys.Has("id")) {
    Result<std::string> id = Word(keys.Get("id"), "id", "a tile id such as D or winter/CFR", loc);
    if (!id.ok()) return id.status();
    if (!ValidId(*id))
      return loc.Error(keys.Get("id").line,
                       "id '" + *id + "' may contain only letters, digits and / _ . - "
                                      "(and not start or end with /)");
    tile.id = *id;
  }
  if (keys.Has("count")) {
    Result<int> count = Number(keys.Get("count"), "count", kMaxCount, loc);
    if (!count.ok()) return count.status();
    tile.count = *count;
  }
  if (keys.Has("start")) {
    Result<bool> start = Flag(keys.Get("start"), "start", loc);
    if (!start.ok()) return start.status();
    tile.start = *start;
  }
  if (keys.Has("animal")) {
    Result<std::string> animal = Word(keys.Get("animal"), "animal", "an animal's name", loc);
    if (!animal.ok()) return animal.status();
    tile.animal = *animal;
  }
  bool monastery = false;
  if (keys.Has("monastery")) {
    Result<bool> m = Flag(keys.Get("monastery"), "monastery", loc);
    if (!m.ok()) return m.status();
    monastery = *m;
  }

  // Edges first: everything else is checked against them.
  Entry edges = keys.Get("edges");
  const std::string expect_edges = "4 letters c, r or f for the N E S W edges, e.g. crfr";
  if (!edges.value.IsScalar() || edges.value.Scalar().size() != 4)
    return loc.Error(edges.line, "'edges' must be " + expect_edges + ", not " + Shown(edges.value));
  std::string edge_text = Lower(edges.value.Scalar());
  for (int i = 0; i < 4; ++i) {
    char c = edge_text[i];
    if (c != 'c' && c != 'r' && c != 'f')
      return loc.Error(edges.line, "edges '" + edges.value.Scalar() + "': '" +
                                       edges.value.Scalar().substr(i, 1) +
                                       "' is not an edge letter (c city, r road, f field)");
    tile.edges[i] = static_cast<EdgeKind>(c);
  }
  const std::string edges_note = "(edges: " + edge_text + ")";

  // Cities: whole sides, each c edge in exactly one city.
  std::array<int, 4> city_of_side{-1, -1, -1, -1};
  Entry cities = keys.Get("cities");
  if (cities.present) {
    st = List(cities, "cities", "[[N], {sides: [N, W], pennants: 1}]", loc);
    if (!st.ok()) return st;
    for (const YAML::Node& city : cities.value) {
      int city_line = LineOf(city, cities.line);
      YAML::Node sides = city;
      int sides_line = city_line;
      Segment seg;
      seg.kind = FeatureKind::kCity;
      if (city.IsMap()) {
        Mapping city_keys;
        st = city_keys.Read(city, city_line, kCityKeys, {"sides"}, loc);
        if (!st.ok()) return st;
        sides = city_keys.Get("sides").value;
        sides_line = city_keys.Get("sides").line;
        if (city_keys.Has("pennants")) {
          Result<int> p = Number(city_keys.Get("pennants"), "pennants", kMaxPennants, loc);
          if (!p.ok()) return p.status();
          seg.pennants = *p;
        }
      } else if (!city.IsSequence()) {
        return loc.Error(city_line, "a city is a list of sides ([N, W]) or {sides: [N, W], "
                                    "pennants: 1}, not " + Shown(city));
      }
      if (!sides.IsSequence() || sides.size() == 0)
        return loc.Error(sides_line,
                         "a city needs a list of one or more sides, not " + Shown(sides));
      const int index = static_cast<int>(tile.segments.size());
      for (const YAML::Node& side_node : sides) {
        int side_line = LineOf(side_node, sides_line);
        Result<Side> side = SideAt(side_node, side_line, loc);
        if (!side.ok()) return side.status();
        std::string name(SideName(*side));
        if (tile.edges[*side] != EdgeKind::kCity)
          return loc.Error(side_line, "city side " + name + " is on a " +
                                          std::string(EdgeWord(tile.edges[*side])) + " edge " +
                                          edges_note + "; cities cover only c edges");
        if (city_of_side[*side] == index)
          return loc.Error(side_line, "city lists side " + name + " twice");
        if (city_of_side[*side] >= 0)
          return loc.Error(side_line, "side " + name + " is already in another city");
        city_of_side[*side] = index;
        seg.ports |= SideMask(*side);
      }
      tile.segments.push_back(seg);
    }
  }
  for (Side s : kSides)
    if (tile.edges[s] == EdgeKind::kCity && city_of_side[s] < 0)
      return loc.Error(cities.line, "edge " + std::string(SideName(s)) +
                                        " is a city edge but no city covers it " + edges_note);

  // Roads: one or two sides each, each r edge in exactly one road.
  std::array<bool, 4> road_on_side{};
  Entry roads = keys.Get("roads");
  if (roads.present) {
    st = List(roads, "roads", "[[W, E]] or [[E], [S], [W]]", loc);
    if (!st.ok()) return st;
    for (const YAML::Node& road : roads.value) {
      int road_line = LineOf(road, roads.line);
      if (!road.IsSequence())
        return loc.Error(road_line,
                         "a road is a list of one or two sides ([W, E] or [S]), not " + Shown(road));
      if (road.size() == 0 || road.size() > 2)
        return loc.Error(road_line, "a road runs from one or two sides, not " +
                                        std::to_string(road.size()) +
                                        " (roads meeting at a junction are separate roads, "
                                        "e.g. [[E], [S], [W]])");
      Segment seg;
      seg.kind = FeatureKind::kRoad;
      for (const YAML::Node& side_node : road) {
        int side_line = LineOf(side_node, road_line);
        Result<Side> side = SideAt(side_node, side_line, loc);
        if (!side.ok()) return side.status();
        std::string name(SideName(*side));
        if (tile.edges[*side] != EdgeKind::kRoad)
          return loc.Error(side_line, "road side " + name + " is on a " +
                                          std::string(EdgeWord(tile.edges[*side])) + " edge " +
                                          edges_note + "; roads run only from r edges");
        if (seg.ports & Bit(MiddlePort(*side)))
          return loc.Error(side_line, "road lists side " + name + " twice");
        if (road_on_side[*side])
          return loc.Error(side_line, "side " + name + " already has a road");
        road_on_side[*side] = true;
        seg.ports |= Bit(MiddlePort(*side));
      }
      tile.segments.push_back(seg);
    }
  }
  for (Side s : kSides)
    if (tile.edges[s] == EdgeKind::kRoad && !road_on_side[s])
      return loc.Error(roads.line, "edge " + std::string(SideName(s)) +
                                       " is a road edge but no road runs from it " + edges_note);

  if (monastery) {
    Segment seg;
    seg.kind = FeatureKind::kMonastery;
    tile.segments.push_back(seg);
  }

  Entry fields = keys.Get("fields");
  if (!fields.present) {
    // A description without fields: the caller derives them (catalog.h).
    tile.port_owner.fill(-1);
    return Status::Ok();
  }
  st = List(fields, "fields", "[{halves: [EL, WR], cities: [N]}, [ER, SL, SR, WL]]", loc);
  if (!st.ok()) return st;
  PortMask covered = 0;
  for (const YAML::Node& field : fields.value) {
    int field_line = LineOf(field, fields.line);
    YAML::Node halves = field;
    int halves_line = field_line;
    Segment seg;
    seg.kind = FeatureKind::kField;
    if (field.IsMap()) {
      Mapping field_keys;
      st = field_keys.Read(field, field_line, kFieldKeys, {"halves"}, loc);
      if (!st.ok()) return st;
      halves = field_keys.Get("halves").value;
      halves_line = field_keys.Get("halves").line;
      Entry bordered = field_keys.Get("cities");
      if (bordered.present) {
        st = List(bordered, "cities", "[N] (one side of each bordered city)", loc);
        if (!st.ok()) return st;
        std::map<int, std::string> named_by;
        for (const YAML::Node& side_node : bordered.value) {
          int side_line = LineOf(side_node, bordered.line);
          Result<Side> side = SideAt(side_node, side_line, loc);
          if (!side.ok()) return side.status();
          std::string name(SideName(*side));
          int city = city_of_side[*side];
          if (city < 0)
            return loc.Error(side_line, "the field borders side " + name +
                                            ", which is not a city edge " + edges_note);
          auto [it, fresh] = named_by.emplace(city, name);
          if (!fresh && it->second == name)
            return loc.Error(side_line, "the field names city " + name + " twice");
          if (!fresh)
            return loc.Error(side_line, "the field names one city twice (" + it->second +
                                            " and " + name + " are the same city)");
          seg.cities.push_back(city);
        }
      }
    } else if (!field.IsSequence()) {
      return loc.Error(field_line, "a field is a list of half-edges ([NL, NR]) or {halves: "
                                   "[NL, NR], cities: [N]}, not " + Shown(field));
    }
    if (!halves.IsSequence() || halves.size() == 0)
      return loc.Error(halves_line,
                       "a field needs a list of one or more half-edges, not " + Shown(halves));
    for (const YAML::Node& half_node : halves) {
      int half_line = LineOf(half_node, halves_line);
      Result<Port> half = HalfAt(half_node, half_line, loc);
      if (!half.ok()) return half.status();
      std::string name(HalfName(*half));
      EdgeKind edge = tile.edges[SideOfPort(*half)];
      if (edge == EdgeKind::kCity)
        return loc.Error(half_line, "half-edge " + name + " is on a city edge " + edges_note +
                                        "; fields touch only f and r edges");
      if (seg.ports & Bit(*half))
        return loc.Error(half_line, "field lists half-edge " + name + " twice");
      if (covered & Bit(*half))
        return loc.Error(half_line, "half-edge " + name + " is already in another field");
      seg.ports |= Bit(*half);
      covered |= Bit(*half);
    }
    tile.segments.push_back(seg);
  }
  std::vector<std::string_view> missing;
  for (Port p = 0; p < kPorts; ++p)
    if (PartOfPort(p) != 1 && tile.edges[SideOfPort(p)] != EdgeKind::kCity && !(covered & Bit(p)))
      missing.push_back(HalfName(p));
  if (!missing.empty())
    return loc.Error(fields.line, std::string(missing.size() == 1 ? "half-edge " : "half-edges ") +
                                      Join(missing, ", ") + (missing.size() == 1 ? " is" : " are") +
                                      " in no field");

  st = tile.Finalize();
  if (!st.ok()) return loc.Error(line, st.message());
  return Status::Ok();
}

}  // namespace

TilePtr Catalog::Find(std::string_view id) const {
  std::string want = Lower(id);
  for (const TilePtr& t : tiles)
    if (t && Lower(t->id) == want) return t;
  return nullptr;
}

TilePtr Catalog::StartTile() const {
  for (const TilePtr& t : tiles)
    if (t && t->start) return t;
  return nullptr;
}

int Catalog::TotalCount() const {
  int n = 0;
  for (const TilePtr& t : tiles)
    if (t) n += t->count;
  return n;
}

Result<Catalog> ParseCatalog(std::string_view yaml_text, std::string_view file_name) {
  const Locator loc = Locator::InFile(file_name);
  const int last_line =
      1 + static_cast<int>(std::count(yaml_text.begin(), yaml_text.end(), '\n'));
  try {
    std::vector<YAML::Node> docs = YAML::LoadAll(std::string(yaml_text));
    if (docs.empty() || (docs.size() == 1 && docs[0].IsNull()))
      return loc.Error(1, "the catalogue is empty (expected a mapping with keys " +
                              Join(kCatalogKeys, ", ") + ")");
    if (docs.size() > 1)
      return loc.Error(LineOf(docs[1], last_line),
                       "a catalogue is one YAML document; a second one starts here");
    const YAML::Node& root = docs[0];
    if (!root.IsMap())
      return loc.Error(LineOf(root, 1), "a catalogue is a mapping with keys " +
                                            Join(kCatalogKeys, ", ") + ", not " + Shown(root));
    Mapping keys;
    Status st = keys.Read(root, LineOf(root, 1), kCatalogKeys, kCatalogRequired, loc);
    if (!st.ok()) return st;

    Catalog catalog;
    Entry set = keys.Get("set");
    Result<std::string> set_name = Word(set, "set", "the set's name, e.g. base", loc);
    if (!set_name.ok()) return set_name.status();
    if (!ValidSetName(*set_name))
      return loc.Error(set.line, "set name '" + *set_name +
                                     "' may contain only letters, digits, _ and -");
    catalog.set = *set_name;

    Entry includes = keys.Get("includes");
    if (includes.present) {
      st = List(includes, "includes", "[base]", loc);
      if (!st.ok()) return st;
      for (const YAML::Node& inc : includes.value) {
        int inc_line = LineOf(inc, includes.line);
        if (!inc.IsScalar() || !ValidSetName(inc.Scalar()))
          return loc.Error(inc_line, "'includes' lists set names such as base, not " + Shown(inc));
        const std::string& name = inc.Scalar();
        if (Lower(name) == Lower(catalog.set))
          return loc.Error(inc_line, "set '" + catalog.set + "' includes itself");
        for (const std::string& earlier : catalog.includes)
          if (Lower(earlier) == Lower(name))
            return loc.Error(inc_line, "set '" + name + "' is included twice");
        catalog.includes.push_back(name);
      }
    }

    Entry tiles = keys.Get("tiles");
    st = List(tiles, "tiles", "[{id: A, count: 2, edges: ffrf, …}]", loc);
    if (!st.ok()) return st;
    if (tiles.value.size() == 0) return loc.Error(tiles.line, "'tiles' lists no tile");
    std::map<std::string, std::pair<std::string, int>> ids;  // lower-case id -> id, line
    int start_line = 0;
    std::string start_id;
    for (const YAML::Node& node : tiles.value) {
      int line = LineOf(node, tiles.line);
      TileType tile;
      st = ParseTile(node, line, loc, /*entry=*/true, tile);
      if (!st.ok()) return st;
      auto [it, fresh] = ids.emplace(Lower(tile.id), std::make_pair(tile.id, line));
      if (!fresh)
        return loc.Error(line, "duplicate tile id '" + tile.id + "': '" + it->second.first +
                                   "' on line " + std::to_string(it->second.second) +
                                   " has it already (ids are case-insensitive)");
      if (tile.start) {
        if (!start_id.empty())
          return loc.Error(line, "a second start tile: '" + tile.id + "' and '" + start_id +
                                     "' (line " + std::to_string(start_line) +
                                     ") both say start: true; only one type is the start tile");
        if (tile.count < 1)
          return loc.Error(line, "the start tile '" + tile.id +
                                     "' needs count 1 or more (the count includes the start tile)");
        start_id = tile.id;
        start_line = line;
      }
      tile.set = catalog.set;
      tile.origin = loc.Prefix(line);
      catalog.tiles.push_back(std::make_shared<const TileType>(std::move(tile)));
    }
    return catalog;
  } catch (const YAML::Exception& e) {
    return loc.Error(e.mark.line >= 0 ? e.mark.line + 1 : 1, "YAML syntax: " + e.msg);
  } catch (const std::exception& e) {
    return loc.Error(1, std::string("cannot read the catalogue: ") + e.what());
  }
}

Status MergeCatalog(Catalog& into, const Catalog& extra) {
  auto where = [&extra](const TileType& t) {
    if (!t.origin.empty()) return t.origin;
    return "set " + (t.set.empty() ? extra.set : t.set);
  };
  Catalog merged;
  merged.tiles = into.tiles;
  TilePtr start = into.StartTile();
  for (const TilePtr& t : extra.tiles) {
    if (!t) return Status::Corrupt("set " + extra.set + ": an empty tile entry");
    if (TilePtr clash = merged.Find(t->id))
      return Status::Corrupt(OneLine(where(*t) + ": tile id '" + t->id + "' is already used by '" +
                                     clash->id + "' (" + where(*clash) +
                                     "); ids are case-insensitive"));
    if (t->start) {
      if (start)
        return Status::Corrupt(OneLine(where(*t) + ": a second start tile: '" + t->id +
                                       "', but '" + start->id + "' (" + where(*start) +
                                       ") is the start tile already"));
      start = t;
    }
    merged.tiles.push_back(t);
  }
  into.tiles = std::move(merged.tiles);
  return Status::Ok();
}

Result<TileType> ParseTileNode(const YAML::Node& node, std::string_view where) {
  const Locator loc = Locator::Fixed(where);
  try {
    TileType tile;
    Status st = ParseTile(node, 1, loc, /*entry=*/false, tile);
    if (!st.ok()) return st;
    return tile;
  } catch (const YAML::Exception& e) {
    return loc.Error(1, "YAML: " + e.msg);
  } catch (const std::exception& e) {
    return loc.Error(1, std::string("cannot read the tile: ") + e.what());
  }
}

bool TileNodeHasFields(const YAML::Node& node) {
  try {
    if (!node.IsMap()) return false;
    for (YAML::const_iterator it = node.begin(); it != node.end(); ++it)
      if (it->first.IsScalar() && it->first.Scalar() == "fields") return true;
    return false;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace carcref
