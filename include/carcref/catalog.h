// Tile catalogues (data/tiles/*.yaml) parsed and validated. The schema is documented in
// data/tiles/README.md. Parsing takes text, not a path: the engine does no I/O; the front end
// reads the files and resolves `includes:`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "carcref/status.h"
#include "carcref/tile.h"

namespace YAML {
class Node;
}

namespace carcref {

struct Catalog {
  std::string set;                    // the set's own name ("base", "winter")
  std::vector<std::string> includes;  // sets this one builds on (resolved by the loader)
  std::vector<TilePtr> tiles;         // in file order

  // Case-insensitive lookup by id; nullptr when there is none.
  TilePtr Find(std::string_view id) const;
  TilePtr StartTile() const;  // the type with `start: true`, or nullptr
  int TotalCount() const;
};

// Parses one catalogue file. Any problem (YAML syntax included) returns Status::Corrupt with
// one line "FILE:LINE: what is wrong", FILE being `file_name` as given. Never throws. Every
// tile comes back finalized, with `set` and `origin` ("FILE:LINE") filled in; a catalogue
// entry must have id, count, edges and fields (`fields: []` for a tile without a field).
// `includes` is only read, not resolved.
Result<Catalog> ParseCatalog(std::string_view yaml_text, std::string_view file_name);

// Appends `extra`'s tiles to `into` (for includes). Refuses an id already in `into`
// (case-insensitively) and a second start tile; the message starts with the offending
// tile's origin ("winter.yaml:9: …"). On refusal `into` is unchanged. Only `tiles` is
// touched: `set` and `includes` are the caller's.
Status MergeCatalog(Catalog& into, const Catalog& extra);

// Parses one tile entry (a YAML mapping) of the catalogue schema; the long form of a typed
// tile uses the same function. Every message is "WHERE: what is wrong" with `where` as given
// ("base.yaml:12", "tile"); the Status is Corrupt (a caller parsing typed text may re-wrap it
// as Syntax). Never throws.
// Only `edges` is required here; `id` defaults to "", `count` to 0, the rest as in the schema.
// The Mists keys (data/tiles/README.md, "Mist"): `castle`, `cemetery` (segments, like
// `monastery`), `village`, `ruin` (TileType::centre) — at most one of the five is true; a road
// may be {sides: [W, E], misty: [W]}; `mist: [{halves: [...], roads: [...], ghosts: N}]` gives
// the mist areas (kMist segments: `halves` their ports, `roads` their Segment::misty, N >= 1).
// A misty road side must lie in exactly one area and an area's road must be misty there.
// Fields:
//  - with a `fields` key (even `fields: []`) the tile is complete and finalized (Finalize()
//    has run and passed); its fields list only clear halves;
//  - WITHOUT a `fields` key the tile comes back with its cities, roads, middle feature and
//    mist areas only (already checked against the edges: every city and road edge covered,
//    nothing on a wrong edge, mist consistent), NO field segments and NOT finalized:
//    port_owner is all -1, mist_owner marks the misty halves and road middles. The caller
//    derives the fields (NOTATION.md, short form rules 3-5), appends them and calls
//    Finalize(). Use TileNodeHasFields() to tell the two cases apart.
// Segment order: cities, roads, the middle feature, mist areas, fields.
Result<TileType> ParseTileNode(const YAML::Node& node, std::string_view where);

// True when `node` is a mapping with a `fields` key, i.e. ParseTileNode() returns a complete,
// finalized tile.
bool TileNodeHasFields(const YAML::Node& node);

// A tile set's catalogue file text, by set name ("base", "winter").
struct CatalogSource {
  std::string set;
  std::string file;  // path, for messages
  std::string text;
};

// Parses and merges sources read from the data directory (or stored with a session).
Result<Catalog> BuildCatalog(const std::vector<CatalogSource>& sources);

}  // namespace carcref
