// Where carcref finds its data and keeps its log, and the reading of catalogue files (the
// engine parses text; the front end reads files).
#pragma once

#include <string>
#include <vector>

#include "carcref/catalog.h"

namespace carcref {

// The data directory: $CARCREF_DATA if set, else the source tree's data/ (compiled in), else
// ../share/carcref next to the executable.
std::string DataDir();

// $XDG_DATA_HOME/carcref/carcref.db, or ~/.local/share/carcref/carcref.db.
std::string DefaultDatabasePath();

// A tile set's catalogue file text, by set name ("base", "winter").
struct CatalogSource {
  std::string set;
  std::string file;  // path, for messages
  std::string text;
};

// Reads set `name` and, first, every set it includes, in dependency order. Errors name the
// file and line.
Result<std::vector<CatalogSource>> ReadTileSet(const std::string& name);

// Parses and merges sources read by ReadTileSet (or stored with a session).
Result<Catalog> BuildCatalog(const std::vector<CatalogSource>& sources);

// The names of the sets in the data directory (for help and completion).
std::vector<std::string> AvailableTileSets();

}  // namespace carcref
