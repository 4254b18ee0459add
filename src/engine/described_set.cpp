#include "carcref/described_set.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <exception>
#include <map>
#include <numeric>
#include <utility>

#include "carcref/i18n.h"
#include "engine/yaml_read.h"

namespace carcref {

namespace {

using yaml_read::Entry;
using yaml_read::Flag;
using yaml_read::Join;
using yaml_read::LineOf;
using yaml_read::List;
using yaml_read::Locator;
using yaml_read::Lower;
using yaml_read::Mapping;
using yaml_read::Number;
using yaml_read::Shown;
using yaml_read::ValidId;
using yaml_read::ValidSetName;
using yaml_read::Word;

constexpr int kMaxTiles = 1000;
constexpr int kMaxClass = 9;  // ghost symbols on one tile

const std::vector<std::string_view> kSetKeys = {"set",     "described",  "tiles",
                                                "castles", "cemeteries", "ghost_symbols",
                                                "symbols", "images",     "start"};
const std::vector<std::string_view> kSetRequired = {"set",     "described",  "tiles",
                                                    "castles", "cemeteries", "ghost_symbols"};
const std::vector<std::string_view> kImageKeys = {"id", "count", "ghosts"};
const std::vector<std::string_view> kStartKeys = {"cells", "ghosts"};

// A whole number that is not the value of a key (an element of "ghosts: [0, 2]", a key or a
// value of ghost_symbols); `what` names it in the message.
Result<int> NumberAt(const YAML::Node& node, int line, const std::string& what, int max,
                     const Locator& loc) {
  std::string text = node.IsScalar() ? node.Scalar() : std::string();
  int value = -1;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (!node.IsScalar() || text.empty() || ec != std::errc() || ptr != text.data() + text.size() ||
      value < 0 || value > max)
    // TRANSLATORS: {1} what the number is ("a key of 'ghost_symbols' …"), {2} the greatest
    // value, {3} the value as written.
    return loc.Error(line, Fill(Tr("{1} must be a whole number from 0 to {2}, not {3}"),
                                {what, std::to_string(max), Shown(node)}));
  return value;
}

// Each step below reads one key of the set's mapping into `out`, in the order Parse calls them;
// each later step may rely on what the earlier ones read (the counts, then ghost_symbols).

// set: NAME, a name fit for a file and a log record.
Status ReadSetName(const Mapping& keys, const Locator& loc, DescribedSet& out) {
  Entry set = keys.Get("set");
  Result<std::string> name = Word(set, "set", Tr("the set's name, e.g. mists"), loc);
  if (!name.ok()) return name.status();
  if (!ValidSetName(*name))
    return loc.Error(set.line,
                     Fill(Tr("set name '{1}' may contain only letters, digits, _ and -"), {*name}));
  out.set = *name;
  return Status::Ok();
}

// described: true, which tells a described set from a catalogue.
Status CheckDescribedFlag(const Mapping& keys, const Locator& loc) {
  Entry described = keys.Get("described");
  Result<bool> is_described = Flag(described, "described", loc);
  if (!is_described.ok()) return is_described.status();
  if (!*is_described)
    return loc.Error(described.line,
                     Tr("'described' must be true in a described set (a set whose tiles have "
                        "known geometry is a catalogue with a 'tiles' list of entries)"));
  return Status::Ok();
}

// tiles, castles, cemeteries: no tile has both a castle and a cemetery, so they fit in tiles.
Status ReadTileCounts(const Mapping& keys, const Locator& loc, DescribedSet& out) {
  Entry tiles = keys.Get("tiles");
  Result<int> n_tiles = Number(tiles, "tiles", kMaxTiles, loc);
  if (!n_tiles.ok()) return n_tiles.status();
  out.tiles = *n_tiles;
  Entry castles = keys.Get("castles");
  Result<int> n_castles = Number(castles, "castles", kMaxTiles, loc);
  if (!n_castles.ok()) return n_castles.status();
  out.castles = *n_castles;
  Entry cemeteries = keys.Get("cemeteries");
  Result<int> n_cemeteries = Number(cemeteries, "cemeteries", kMaxTiles, loc);
  if (!n_cemeteries.ok()) return n_cemeteries.status();
  out.cemeteries = *n_cemeteries;
  if (out.castles + out.cemeteries > out.tiles)
    // TRANSLATORS: {1} castles, {2} cemeteries, {3} tiles (the plural follows {3}).
    return loc.Error(std::max(castles.line, cemeteries.line),
                     Fill(TrPlural("{1} castles and {2} cemeteries are more than the {3} tile (a "
                                   "tile has at most one of them)",
                                   "{1} castles and {2} cemeteries are more than the {3} tiles (a "
                                   "tile has at most one of them)",
                                   out.tiles),
                          {std::to_string(out.castles), std::to_string(out.cemeteries),
                           std::to_string(out.tiles)}));
  return Status::Ok();
}

// ghost_symbols: {k: tiles with k symbols}, each k once, adding up to 'tiles'.
Status ReadGhostClasses(const Mapping& keys, const Locator& loc, DescribedSet& out) {
  Entry classes = keys.Get("ghost_symbols");
  if (!classes.value.IsMap() || classes.value.size() == 0)
    // TRANSLATORS: {1} the value as written; keep the example {0: 17, 1: 17}.
    return loc.Error(classes.line, Fill(Tr("'ghost_symbols' must be a mapping from a number of "
                                           "ghost symbols to the tiles that show it, e.g. {0: 17, "
                                           "1: 17}, not {1}"),
                                        {Shown(classes.value)}));
  std::map<int, int> class_line;
  for (YAML::const_iterator it = classes.value.begin(); it != classes.value.end(); ++it) {
    int line = LineOf(it->first, classes.line);
    Result<int> k = NumberAt(
        it->first, line, Tr("a key of 'ghost_symbols' (ghost symbols on a tile)"), kMaxClass, loc);
    if (!k.ok()) return k.status();
    if (class_line.count(*k))
      // TRANSLATORS: {1} a number of ghost symbols, {2} the line it was first given on.
      return loc.Error(line, Fill(Tr("'ghost_symbols' gives {1} twice (first on line {2})"),
                                  {std::to_string(*k), std::to_string(class_line[*k])}));
    class_line[*k] = line;
    Result<int> n =
        NumberAt(it->second, LineOf(it->second, line),
                 // TRANSLATORS: {1} a number of ghost symbols.
                 Fill(TrPlural("'ghost_symbols' {1} (tiles with {1} ghost symbol)",
                               "'ghost_symbols' {1} (tiles with {1} ghost symbols)", *k),
                      {std::to_string(*k)}),
                 kMaxTiles, loc);
    if (!n.ok()) return n.status();
    if (static_cast<int>(out.ghost_classes.size()) <= *k)
      out.ghost_classes.resize(static_cast<size_t>(*k) + 1, 0);
    out.ghost_classes[static_cast<size_t>(*k)] = *n;
  }
  const int class_total = std::accumulate(out.ghost_classes.begin(), out.ghost_classes.end(), 0);
  if (class_total != out.tiles)
    // TRANSLATORS: {1} the tiles ghost_symbols counts, {2} the tiles 'tiles' gives.
    return loc.Error(
        classes.line,
        Fill(TrPlural("'ghost_symbols' counts {1} tile, but 'tiles' says {2}",
                      "'ghost_symbols' counts {1} tiles, but 'tiles' says {2}", class_total),
             {std::to_string(class_total), std::to_string(out.tiles)}));
  return Status::Ok();
}

// symbols (optional): a check sum, the ghost symbols of all tiles as ghost_symbols gives them.
Status CheckSymbolTotal(const Mapping& keys, const Locator& loc, const DescribedSet& out) {
  Entry symbols = keys.Get("symbols");
  if (!symbols.present) return Status::Ok();
  Result<int> n = Number(symbols, "symbols", kMaxTiles * kMaxClass, loc);
  if (!n.ok()) return n.status();
  std::string sum;
  for (size_t k = 0; k < out.ghost_classes.size(); ++k)
    if (out.ghost_classes[k] > 0)
      sum += (sum.empty() ? "" : " + ") + std::to_string(k) + "×" +
             std::to_string(out.ghost_classes[k]);
  if (*n != out.GhostSymbols())
    // TRANSLATORS: {1} the total 'symbols' gives, {2} the total of ghost_symbols, {3} its sum
    // ("1×17 + 2×5").
    return loc.Error(symbols.line,
                     Fill(Tr("'symbols' says {1}, but 'ghost_symbols' gives {2} "
                             "({3})"),
                          {std::to_string(*n), std::to_string(out.GhostSymbols()), sum}));
  return Status::Ok();
}

// What the images read so far hold: their ids (lower-case id -> id, line), so that no id
// comes twice in any case, and their copies per number of ghost symbols.
struct ImagesSeen {
  std::map<std::string, std::pair<std::string, int>> ids;
  std::vector<int> per_class;
};

// An image's id: a valid id not seen before, ignoring case.
Result<std::string> ReadImageId(const Mapping& image_keys, const Locator& loc, ImagesSeen& seen) {
  Entry id = image_keys.Get("id");
  Result<std::string> id_text = Word(id, "id", Tr("an image id such as M01"), loc);
  if (!id_text.ok()) return id_text.status();
  if (!ValidId(*id_text))
    return loc.Error(id.line, Fill(Tr("id '{1}' may contain only letters, digits and / _ . - "
                                      "(and not start or end with /)"),
                                   {*id_text}));
  auto [it, fresh] = seen.ids.emplace(Lower(*id_text), std::make_pair(*id_text, id.line));
  if (!fresh)
    // TRANSLATORS: {1} the id, {2} the id it clashes with, {3} that one's line.
    return loc.Error(id.line,
                     Fill(Tr("duplicate image id '{1}': '{2}' on line {3} has it already "
                             "(ids are case-insensitive)"),
                          {*id_text, it->second.first, std::to_string(it->second.second)}));
  return *id_text;
}

// An image's ghosts: one number per copy, each a class ghost_symbols gives tiles to.
Status ReadCopyGhosts(const Mapping& image_keys, const Locator& loc, const DescribedSet& out,
                      ImagesSeen& seen, DescribedImage& image) {
  Entry ghosts = image_keys.Get("ghosts");
  Status st = List(ghosts, "ghosts", Tr("[0, 2] (the ghost symbols on each copy)"), loc);
  if (!st.ok()) return st;
  if (static_cast<int>(ghosts.value.size()) != image.count)
    // TRANSLATORS: {1} the image's id, {2} its copies, {3} the numbers given.
    return loc.Error(
        ghosts.line,
        Fill(TrPlural("image {1} has {2} copy but {3} ghost numbers (one per copy)",
                      "image {1} has {2} copies but {3} ghost numbers (one per copy)", image.count),
             {image.id, std::to_string(image.count), std::to_string(ghosts.value.size())}));
  for (const YAML::Node& g : ghosts.value) {
    Result<int> k =
        NumberAt(g, LineOf(g, ghosts.line),
                 Fill(Tr("image {1}: a copy's ghost symbols"), {image.id}), kMaxClass, loc);
    if (!k.ok()) return k.status();
    if (*k >= static_cast<int>(seen.per_class.size()) || out.ghost_classes[*k] == 0)
      // TRANSLATORS: {1} the image's id, {2} a number of ghost symbols.
      return loc.Error(LineOf(g, ghosts.line),
                       Fill(TrPlural("image {1} has a copy with {2} ghost symbol, but "
                                     "'ghost_symbols' gives no tile with {2} ghost symbol",
                                     "image {1} has a copy with {2} ghost symbols, but "
                                     "'ghost_symbols' gives no tile with {2} ghost symbols",
                                     *k),
                            {image.id, std::to_string(*k)}));
    ++seen.per_class[static_cast<size_t>(*k)];
    image.ghosts.push_back(*k);
  }
  return Status::Ok();
}

// One element of 'images': {id, count, ghosts}.
Result<DescribedImage> ReadImage(const YAML::Node& node, int line, const Locator& loc,
                                 const DescribedSet& out, ImagesSeen& seen) {
  if (!node.IsMap())
    return loc.Error(line, Fill(Tr("an image is a mapping such as {id: M01, count: 2, ghosts: "
                                   "[0, 0]}, not {1}"),
                                {Shown(node)}));
  Mapping image_keys;
  Status st = image_keys.Read(node, line, kImageKeys, kImageKeys, loc);
  if (!st.ok()) return st;
  DescribedImage image;
  Result<std::string> id = ReadImageId(image_keys, loc, seen);
  if (!id.ok()) return id.status();
  image.id = *id;
  Result<int> n = Number(image_keys.Get("count"), "count", kMaxTiles, loc, 1);
  if (!n.ok()) return n.status();
  image.count = *n;
  st = ReadCopyGhosts(image_keys, loc, out, seen, image);
  if (!st.ok()) return st;
  image.origin = loc.Prefix(line);
  return image;
}

// images (optional): the box's images, whose copies must add up to 'tiles' and, class by
// class, to 'ghost_symbols'.
Status ReadImages(const Mapping& keys, const Locator& loc, DescribedSet& out) {
  Entry images = keys.Get("images");
  if (!images.present) return Status::Ok();
  Status st = List(images, "images", "[{id: M01, count: 2, ghosts: [0, 0]}]", loc);
  if (!st.ok()) return st;
  ImagesSeen seen;
  seen.per_class.assign(out.ghost_classes.size(), 0);
  std::vector<DescribedImage> list;
  int copies = 0;
  for (const YAML::Node& node : images.value) {
    Result<DescribedImage> image = ReadImage(node, LineOf(node, images.line), loc, out, seen);
    if (!image.ok()) return image.status();
    copies += image->count;
    list.push_back(std::move(image.value()));
  }
  out.images = std::make_shared<const std::vector<DescribedImage>>(std::move(list));
  if (copies != out.tiles)
    // TRANSLATORS: {1} the images' copies, {2} the tiles 'tiles' gives.
    return loc.Error(
        images.line,
        Fill(TrPlural("the images have {1} tile in all, but 'tiles' says {2}",
                      "the images have {1} tiles in all, but 'tiles' says {2}", copies),
             {std::to_string(copies), std::to_string(out.tiles)}));
  for (size_t k = 0; k < seen.per_class.size(); ++k)
    if (seen.per_class[k] != out.ghost_classes[k])
      // TRANSLATORS: {1} the images' copies with {2} ghost symbols, {3} what ghost_symbols
      // gives; the plural follows {1}.
      return loc.Error(
          images.line,
          Fill(k == 1 ? TrPlural("the images have {1} tile with {2} ghost symbol, but "
                                 "'ghost_symbols' says {3}",
                                 "the images have {1} tiles with {2} ghost symbol, but "
                                 "'ghost_symbols' says {3}",
                                 seen.per_class[k])
                      : TrPlural("the images have {1} tile with {2} ghost symbols, but "
                                 "'ghost_symbols' says {3}",
                                 "the images have {1} tiles with {2} ghost symbols, but "
                                 "'ghost_symbols' says {3}",
                                 seen.per_class[k]),
               {std::to_string(seen.per_class[k]), std::to_string(k),
                std::to_string(out.ghost_classes[k])}));
  return Status::Ok();
}

// start (optional): {cells, ghosts} of the start tile, which is not one of 'tiles'.
Status ReadStart(const Mapping& keys, const Locator& loc, DescribedSet& out) {
  Entry start = keys.Get("start");
  if (!start.present) return Status::Ok();
  if (!start.value.IsMap())
    return loc.Error(start.line,
                     Fill(Tr("'start' must be a mapping such as {cells: 4, ghosts: 3}, not {1}"),
                          {Shown(start.value)}));
  Mapping start_keys;
  Status st = start_keys.Read(start.value, start.line, kStartKeys, kStartKeys, loc);
  if (!st.ok()) return st;
  DescribedStart s;
  Result<int> cells = Number(start_keys.Get("cells"), "cells", 16, loc, 1);
  if (!cells.ok()) return cells.status();
  s.cells = *cells;
  Result<int> ghosts = Number(start_keys.Get("ghosts"), "ghosts", kMaxClass * 16, loc);
  if (!ghosts.ok()) return ghosts.status();
  s.ghosts = *ghosts;
  out.start = s;
  return Status::Ok();
}

Result<DescribedSet> Parse(const YAML::Node& root, const Locator& loc) {
  if (!root.IsMap())
    return loc.Error(LineOf(root, 1), Fill(Tr("a described set is a mapping with keys {1}, not "
                                              "{2}"),
                                           {Join(kSetKeys, ", "), Shown(root)}));
  Mapping keys;
  Status st = keys.Read(root, LineOf(root, 1), kSetKeys, kSetRequired, loc);
  if (!st.ok()) return st;
  DescribedSet out;
  st = ReadSetName(keys, loc, out);
  if (st.ok()) st = CheckDescribedFlag(keys, loc);
  if (st.ok()) st = ReadTileCounts(keys, loc, out);
  if (st.ok()) st = ReadGhostClasses(keys, loc, out);
  if (st.ok()) st = CheckSymbolTotal(keys, loc, out);
  if (st.ok()) st = ReadImages(keys, loc, out);
  if (st.ok()) st = ReadStart(keys, loc, out);
  if (!st.ok()) return st;
  return out;
}

}  // namespace

int DescribedSet::TilesWithGhosts(int k) const {
  if (k < 0 || k >= static_cast<int>(ghost_classes.size())) return 0;
  return ghost_classes[static_cast<size_t>(k)];
}

int DescribedSet::GhostSymbols() const {
  int n = 0;
  for (size_t k = 0; k < ghost_classes.size(); ++k) n += static_cast<int>(k) * ghost_classes[k];
  return n;
}

int DescribedSet::TilesWithMist() const { return tiles - TilesWithGhosts(0); }

int DescribedSet::MaxGhosts() const {
  for (int k = static_cast<int>(ghost_classes.size()) - 1; k >= 0; --k)
    if (ghost_classes[static_cast<size_t>(k)] > 0) return k;
  return -1;
}

Result<DescribedSet> ParseDescribedSet(std::string_view yaml_text, std::string_view file_name) {
  const Locator loc = Locator::InFile(file_name);
  try {
    Result<YAML::Node> root = yaml_read::LoadOneDocument(
        std::string(yaml_text), TrContext("yaml document", "a described set"), loc);
    if (!root.ok()) return root.status();
    if (root->IsNull())
      return loc.Error(1, Fill(Tr("the described set is empty (expected a mapping with keys {1})"),
                               {Join(kSetKeys, ", ")}));
    return Parse(*root, loc);
  } catch (const YAML::Exception& e) {
    return loc.Error(e.mark.line >= 0 ? e.mark.line + 1 : 1, Fill(Tr("YAML syntax: {1}"), {e.msg}));
  } catch (const std::exception& e) {
    return loc.Error(1, Fill(Tr("cannot read the described set: {1}"), {e.what()}));
  }
}

bool IsDescribedSetText(std::string_view yaml_text) {
  try {
    YAML::Node root = YAML::Load(std::string(yaml_text));
    if (!root.IsMap()) return false;
    for (YAML::const_iterator it = root.begin(); it != root.end(); ++it)
      if (it->first.IsScalar() && it->first.Scalar() == "described") return true;
    return false;
  } catch (const std::exception&) {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// TileBox
// ---------------------------------------------------------------------------------------------

namespace {

enum class Middle { kCastle, kCemetery, kPlain };

Middle MiddleOf(const TileType& t) {
  if (t.HasKind(FeatureKind::kCastle)) return Middle::kCastle;
  if (t.HasKind(FeatureKind::kCemetery)) return Middle::kCemetery;
  return Middle::kPlain;
}

}  // namespace

Result<TileBox> TileBox::Create(const DescribedSet& set, int castles_out, int cemeteries_out) {
  if (castles_out < 0 || castles_out > set.castles)
    // TRANSLATORS: {1} the castle tiles in the box, {2} how many were to stay out.
    return Status::Illegal(Fill(TrPlural("the box has {1} castle tile: {2} cannot stay out of the "
                                         "game",
                                         "the box has {1} castle tiles: {2} cannot stay out of the "
                                         "game",
                                         set.castles),
                                {std::to_string(set.castles), std::to_string(castles_out)}));
  if (cemeteries_out < 0 || cemeteries_out > set.cemeteries)
    // TRANSLATORS: {1} the cemetery tiles in the box, {2} how many were to stay out.
    return Status::Illegal(Fill(TrPlural("the box has {1} cemetery tile: {2} cannot stay out of "
                                         "the game",
                                         "the box has {1} cemetery tiles: {2} cannot stay out of "
                                         "the game",
                                         set.cemeteries),
                                {std::to_string(set.cemeteries), std::to_string(cemeteries_out)}));
  TileBox box;
  box.set_ = set;
  box.castles_out_ = castles_out;
  box.cemeteries_out_ = cemeteries_out;
  box.ghosts_taken_.assign(set.ghost_classes.size(), 0);
  return box;
}

int TileBox::InPlay() const { return set_.tiles - castles_out_ - cemeteries_out_; }
int TileBox::Taken() const { return castles_taken_ + cemeteries_taken_ + plain_taken_; }
int TileBox::Left() const { return InPlay() - Taken(); }
int TileBox::CastlesLeft() const { return set_.castles - castles_out_ - castles_taken_; }
int TileBox::CemeteriesLeft() const {
  return set_.cemeteries - cemeteries_out_ - cemeteries_taken_;
}
int TileBox::PlainLeft() const {
  return set_.tiles - set_.castles - set_.cemeteries - plain_taken_;
}

TileBox::Range TileBox::GhostRange(int k) const {
  if (k < 0 || k >= static_cast<int>(ghosts_taken_.size())) return {};
  // Tiles of class k not taken yet, in the game or removed with the castles and cemeteries.
  int unseen = set_.ghost_classes[static_cast<size_t>(k)] - ghosts_taken_[static_cast<size_t>(k)];
  int removed = castles_out_ + cemeteries_out_;
  return {std::max(0, unseen - removed), std::max(0, std::min(unseen, Left()))};
}

int TileBox::LeftWithGhosts(int k) const { return GhostRange(k).max; }

Status TileBox::CanTake(const TileType& t) const {
  if (Left() <= 0)
    // TRANSLATORS: {1} the tiles of the game.
    return Status::Illegal(Fill(TrPlural("all {1} tile of this game is on the table: the box is "
                                         "empty",
                                         "all {1} tiles of this game are on the table: the box is "
                                         "empty",
                                         InPlay()),
                                {std::to_string(InPlay())}));
  switch (MiddleOf(t)) {
    case Middle::kCastle:
      if (set_.castles - castles_out_ == 0)
        return Status::Illegal(set_.castles == 0 ? Tr("no tile of the set has a castle")
                                                 : Tr("the castle tiles are not in this game"));
      if (CastlesLeft() <= 0) {
        const int in_game = set_.castles - castles_out_;
        // TRANSLATORS: {1} the castle tiles of this game, {2} those that stay in the box.
        return Status::Illegal(
            castles_out_ > 0
                ? Fill(TrPlural("all {1} castle tile of this game is on the table ({2} stay in "
                                "the box)",
                                "all {1} castle tiles of this game are on the table ({2} stay in "
                                "the box)",
                                in_game),
                       {std::to_string(in_game), std::to_string(castles_out_)})
                : Fill(TrPlural("all {1} castle tile is on the table",
                                "all {1} castle tiles are on the table", in_game),
                       {std::to_string(in_game)}));
      }
      break;
    case Middle::kCemetery:
      if (set_.cemeteries - cemeteries_out_ == 0)
        return Status::Illegal(set_.cemeteries == 0
                                   ? Tr("no tile of the set has a cemetery")
                                   : Tr("the cemetery tiles are not in this game"));
      if (CemeteriesLeft() <= 0) {
        const int in_game = set_.cemeteries - cemeteries_out_;
        // TRANSLATORS: {1} the cemetery tiles of this game, {2} those that stay in the box.
        return Status::Illegal(
            cemeteries_out_ > 0
                ? Fill(TrPlural("all {1} cemetery tile of this game is on the table ({2} stay in "
                                "the box)",
                                "all {1} cemetery tiles of this game are on the table ({2} stay in "
                                "the box)",
                                in_game),
                       {std::to_string(in_game), std::to_string(cemeteries_out_)})
                : Fill(TrPlural("all {1} cemetery tile is on the table",
                                "all {1} cemetery tiles are on the table", in_game),
                       {std::to_string(in_game)}));
      }
      break;
    case Middle::kPlain:
      if (PlainLeft() <= 0) {
        const int plain = set_.tiles - set_.castles - set_.cemeteries;
        // TRANSLATORS: {1} the tiles with neither a castle nor a cemetery.
        return Status::Illegal(Fill(TrPlural("all {1} tile without a castle or a cemetery is on "
                                             "the table: the rest have one",
                                             "all {1} tiles without a castle or a cemetery are on "
                                             "the table: the rest have one",
                                             plain),
                                    {std::to_string(plain)}));
      }
      break;
  }
  const int k = t.GhostSymbols();
  if (set_.TilesWithGhosts(k) == 0) {
    std::string shown;
    for (size_t c = 0; c < set_.ghost_classes.size(); ++c)
      if (set_.ghost_classes[c] > 0) shown += (shown.empty() ? "" : ", ") + std::to_string(c);
    // TRANSLATORS: {1} a number of ghost symbols, {2} the numbers the tiles show ("0, 1, 2").
    return Status::Illegal(
        shown.empty()
            ? Fill(TrPlural("no tile of the set has {1} ghost symbol (they have none)",
                            "no tile of the set has {1} ghost symbols (they have none)", k),
                   {std::to_string(k)})
            : Fill(TrPlural("no tile of the set has {1} ghost symbol (they have {2})",
                            "no tile of the set has {1} ghost symbols (they have {2})", k),
                   {std::to_string(k), shown}));
  }
  if (set_.TilesWithGhosts(k) - ghosts_taken_[static_cast<size_t>(k)] <= 0) {
    const int with = set_.TilesWithGhosts(k);
    // TRANSLATORS: {1} the tiles, {2} the ghost symbols each shows; the plural follows {1}
    // (the symbols' own form is chosen in "ghost symbol"/"ghost symbols").
    return Status::Illegal(
        Fill(k == 1 ? TrPlural("all {1} tile with {2} ghost symbol is on the table",
                               "all {1} tiles with {2} ghost symbol are on the table", with)
                    : TrPlural("all {1} tile with {2} ghost symbols is on the table",
                               "all {1} tiles with {2} ghost symbols are on the table", with),
             {std::to_string(with), std::to_string(k)}));
  }
  return Status::Ok();
}

void TileBox::Take(const TileType& t) {
  switch (MiddleOf(t)) {
    case Middle::kCastle:
      ++castles_taken_;
      break;
    case Middle::kCemetery:
      ++cemeteries_taken_;
      break;
    case Middle::kPlain:
      ++plain_taken_;
      break;
  }
  int k = t.GhostSymbols();
  if (k >= 0 && k < static_cast<int>(ghosts_taken_.size())) ++ghosts_taken_[static_cast<size_t>(k)];
}

void TileBox::Untake(const TileType& t) {
  auto down = [](int& n) { n = std::max(0, n - 1); };
  switch (MiddleOf(t)) {
    case Middle::kCastle:
      down(castles_taken_);
      break;
    case Middle::kCemetery:
      down(cemeteries_taken_);
      break;
    case Middle::kPlain:
      down(plain_taken_);
      break;
  }
  int k = t.GhostSymbols();
  if (k >= 0 && k < static_cast<int>(ghosts_taken_.size()))
    down(ghosts_taken_[static_cast<size_t>(k)]);
}

std::string TileBox::Describe() const {
  auto plural = [](int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  std::string out = plural(Left(), "tile", "tiles") + " left: ";
  out += plural(CastlesLeft(), "castle", "castles") + ", ";
  out += plural(CemeteriesLeft(), "cemetery", "cemeteries") + ", ";
  out += std::to_string(PlainLeft()) + " others; by ghost symbols:";
  bool first = true;
  for (int k = 0; k < static_cast<int>(set_.ghost_classes.size()); ++k) {
    if (set_.ghost_classes[static_cast<size_t>(k)] == 0) continue;
    Range r = GhostRange(k);
    out += (first ? " " : ", ") + std::to_string(k) + ": " + std::to_string(r.min);
    first = false;
    if (r.max != r.min) out += "–" + std::to_string(r.max);
  }
  return out;
}

}  // namespace carcref
