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

// Parses one catalogue file. Any problem returns Status::Corrupt with
// "FILE:LINE: what is wrong".
Result<Catalog> ParseCatalog(std::string_view yaml_text, std::string_view file_name);

// Appends `extra`'s tiles to `into` (for includes); refuses duplicate ids.
Status MergeCatalog(Catalog& into, const Catalog& extra);

// Parses one tile entry (a YAML mapping) of the catalogue schema; the long form of a typed
// tile uses the same function. `where` prefixes messages ("base.yaml:12").
Result<TileType> ParseTileNode(const YAML::Node& node, std::string_view where);

}  // namespace carcref
