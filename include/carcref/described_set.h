// Described tile sets: sets whose tile geometry is not known (Mists over Carcassonne, see
// tiles/mists.md), so that players describe each tile as it lies (NOTATION.md) instead of naming
// a catalogue id. The set file (data/tiles/mists.yaml; schema in data/tiles/README.md,
// "Described sets") records only what is known of the box: how many tiles, castles and
// cemeteries, how many tiles show 0, 1, 2 … ghost symbols, and per printed image its copies and
// their ghost symbols.
//
// TileBox tracks what is left in the box while described tiles are played, and refuses a
// description only when it certainly fits no tile left (see TileBox).
//
// Pure: parsing takes text, not a path; no I/O, no printing.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carcref/status.h"
#include "carcref/tile.h"

namespace carcref {

// One printed image ("Mists C3 Tile 14"): its copies and the ghost symbols on each copy.
struct DescribedImage {
  std::string id;           // "M14"
  int count = 0;            // copies in the box, >= 1
  std::vector<int> ghosts;  // ghost symbols per copy; count entries
  std::string origin;       // "mists.yaml:40"
};

// The start tile of a described set (Mists: 2x2). It is not one of `tiles`.
struct DescribedStart {
  int cells = 1;   // board cells it covers (Mists: 4; it counts as 4 tiles, B.1.4)
  int ghosts = 0;  // ghost symbols on it (Mists: 3, B.2.1)
};

struct DescribedSet {
  std::string set;     // "mists"
  int tiles = 0;       // land tiles in the box, the start tile not included
  int castles = 0;     // tiles with a castle among them
  int cemeteries = 0;  // tiles with a cemetery among them
  // ghost_classes[k] = tiles with exactly k ghost symbols; sums to `tiles`.
  std::vector<int> ghost_classes;
  // May be empty; when given, consistent with the above. Shared and never changed after
  // parsing: every game and every copy of a game's state (undo, snapshots) holds the set.
  std::shared_ptr<const std::vector<DescribedImage>> images =
      std::make_shared<const std::vector<DescribedImage>>();
  std::optional<DescribedStart> start;

  int TilesWithGhosts(int k) const;  // 0 for a k outside the classes
  int GhostSymbols() const;          // over all tiles (Mists: 76)
  // Tiles with at least one ghost symbol: they show mist, the others none (B.1.3: every mist
  // area shows a ghost symbol, and ghost symbols stand in mist). Mists: 43.
  int TilesWithMist() const;
  int MaxGhosts() const;  // the highest k with a tile (Mists: 3); -1 with no classes
};

// Parses a described set file. `described: true` is required (it tells a described set from a
// catalogue, ParseCatalog). Validates: every key known, required keys present, values in range;
// image ids unique (case-insensitively) with one ghost number per copy; the images' copies sum
// to `tiles`; the ghost classes sum to `tiles`; the images' ghost numbers agree with
// `ghost_symbols` class by class; `symbols`, when given, equals the symbols the classes give;
// castles + cemeteries <= tiles. Any problem is Status::Corrupt with one line
// "FILE:LINE: what is wrong", FILE being `file_name` as given. Never throws.
Result<DescribedSet> ParseDescribedSet(std::string_view yaml_text, std::string_view file_name);

// True when the text is a YAML mapping with a `described` key (whatever its value): the file
// is meant as a described set, not as a catalogue. False for anything else, broken YAML
// included. Never throws.
bool IsDescribedSetText(std::string_view yaml_text);

// What is left in the box of a described set while the game takes tiles out of it.
//
// The box knows tiles only by two properties a description states: the middle feature
// (castle, cemetery, or neither: "plain") and the number of ghost symbols (TileType::
// GhostSymbols(), over all mist areas). Nothing else of a description can be checked: no
// tile's geometry is known.
//
// Removal. A level may play without some castle and cemetery tiles (Mists level 1 leaves all 5
// castles and all 5 cemeteries in the box: 50 tiles, RULES.md B.3); the count removed is given
// to Create(). Which ghost classes the removed tiles belong to is UNKNOWN (tiles/mists.md §3),
// so after a removal the number of tiles with k ghost symbols still to come is known only
// within bounds (GhostRange):
//   at most  min(n_k - taken_k, Left())
//   at least max(0, n_k - taken_k - removed)
// where n_k is the set's class count and taken_k the tiles with k symbols already taken. With
// nothing removed both bounds are equal and exact.
//
// Refusals. CanTake() refuses only what is CERTAINLY impossible. Whether a sequence of taken
// tiles fits the box is exactly: taken castles <= castles in play, taken cemeteries <=
// cemeteries in play, taken plain tiles <= plain tiles, and taken tiles with k symbols <= n_k
// for every k (the removed tiles can always be the ones left over in each class: a table of
// tiles per (feature, class) with those row and column totals always exists). So a description
// is refused when its feature or its ghost class is used up, or the box is empty; never because
// of a guess about which ghost classes the removed tiles had.
class TileBox {
 public:
  // `castles_out` castle tiles and `cemeteries_out` cemetery tiles stay in the box for the whole
  // game (0 ..  set.castles, 0 .. set.cemeteries; else Status::Illegal). The start tile is not
  // in the box: it is on the table from the setup.
  static Result<TileBox> Create(const DescribedSet& set, int castles_out, int cemeteries_out);

  // Whether a tile described as `t` can still come out of the box. Status::Illegal with the
  // reason in words otherwise, in this order of checks:
  //   "all 50 tiles of this game are on the table: the box is empty"
  //   "the castle tiles are not in this game" (removed), "all 5 castle tiles are on the table"
  //   "the cemetery tiles are not in this game", "all 5 cemetery tiles are on the table"
  //   "all 50 tiles without a castle or a cemetery are on the table: the rest have one"
  //   "no tile of the set has 4 ghost symbols (they have 0, 1, 2, 3)"
  //   "all 7 tiles with 3 ghost symbols are on the table"
  Status CanTake(const TileType& t) const;
  // Takes `t` out of the box. Call it only after CanTake(t) passed.
  void Take(const TileType& t);
  // Puts a tile described as `t` back (undo). Call it only for a tile taken before.
  void Untake(const TileType& t);

  int InPlay() const;  // tiles of this game: set.tiles minus the removed ones
  int Taken() const;
  int Left() const;  // InPlay() - Taken()
  int CastlesLeft() const;
  int CemeteriesLeft() const;
  int PlainLeft() const;  // tiles with neither a castle nor a cemetery

  struct Range {
    int min = 0;
    int max = 0;
  };
  // Tiles with exactly k ghost symbols still to come (see the class comment); {0, 0} for a k
  // no tile of the set has.
  Range GhostRange(int k) const;
  // The upper bound of GhostRange(k): exact when nothing was removed (GhostCountsExact()).
  int LeftWithGhosts(int k) const;
  bool GhostCountsExact() const { return castles_out_ + cemeteries_out_ == 0; }

  // What is left, in words: "45 tiles left: 5 castles, 5 cemeteries, 35 others; by ghost
  // symbols: 0: 15, 1: 14, 2: 11, 3: 5". With bounds: "0: 7–17" (at least 7, at most 17).
  std::string Describe() const;

  const DescribedSet& set() const { return set_; }

 private:
  TileBox() = default;

  DescribedSet set_;
  int castles_out_ = 0;
  int cemeteries_out_ = 0;
  int castles_taken_ = 0;
  int cemeteries_taken_ = 0;
  int plain_taken_ = 0;
  std::vector<int> ghosts_taken_;  // per class; a class beyond the set's is never taken
};

}  // namespace carcref
