// Where carcref finds its data and keeps its log, and the reading of catalogue files (the
// engine parses text; the front end reads files).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carcref/catalog.h"
#include "carcref/described_set.h"

namespace carcref {

// The data directory: $CARCREF_DATA if set, else the source tree's data/ (compiled in), else
// ../share/carcref next to the executable.
std::string DataDir();

// $XDG_DATA_HOME/carcref/carcref.db, or ~/.local/share/carcref/carcref.db.
std::string DefaultDatabasePath();

// Reads set `name` and, first, every set it includes, in dependency order. Errors name the
// file and line. A described set (mists) is refused with a message saying so: it has no
// catalogue, read it with ReadDescribedSet.
Result<std::vector<CatalogSource>> ReadTileSet(const std::string& name);

// Reads and parses described set `name` ("mists") from the data directory (ParseDescribedSet;
// errors "FILE:LINE: what is wrong").
// `text` (optional) receives the file's text, for the session log.
Result<DescribedSet> ReadDescribedSet(const std::string& name, std::string* text = nullptr);

// The names of the sets in the data directory (for help and completion), described sets
// included.
std::vector<std::string> AvailableTileSets();

// The user's tile catalogue: tiles saved by name with `tile save NAME DESCRIPTION` (NOTATION.md
// "Long form") and usable like a catalogue id afterwards. It lives next to the default
// database: $XDG_DATA_HOME/carcref/tiles.yaml, or ~/.local/share/carcref/tiles.yaml. Format
// (data/tiles/README.md, "Saved tiles"):
//
//   tiles:
//     bridge: '{edges: frfr, roads: [{sides: [W, E], misty: [W, E]}], mist: [...]}'
//     gate: 'crfr'
//
// Each value is the description exactly as typed (short or long form). Names match
// [A-Za-z][A-Za-z0-9_-]* and are compared case-insensitively.
std::string SavedTilesPath();

// True when `name` has the form of a saved tile's name.
bool ValidSavedTileName(std::string_view name);

// Every saved tile, name (as saved) -> description (as typed). No file is no tile. A damaged
// file is Status::Corrupt "FILE:LINE: what is wrong" (YAML syntax, unknown keys, a bad or
// repeated name, a description that is not one line of text); unreadable is Status::IOError.
Result<std::map<std::string, std::string>> ReadSavedTiles();

// The description saved under `name`, compared case-insensitively; nullopt when none.
std::optional<std::string> FindSavedTile(const std::map<std::string, std::string>& saved,
                                         std::string_view name);

// Saves `description` (checked by the caller: a tile that parses) under `name`. Refuses
// (nothing written):
//  - a name not of the form above, or one that reads as a short-form description ("crfr"):
//    Status::Syntax;
//  - a name that is a tile id of a catalogue in the data directory ("D", case-insensitively),
//    or a name saved already with a different description: Status::Illegal (the same
//    description again is Ok and writes nothing);
//  - an empty description or one of several lines: Status::Syntax;
//  - a damaged user catalogue: its Status::Corrupt from ReadSavedTiles(), the file untouched.
// The write is atomic (a temporary file in the same directory, fsync, rename): the file is the
// old one or the new one, never half written. The new entry is appended, so comments and order
// in the file are kept; the directory is created when missing. Failures are Status::IOError.
Status SaveTile(const std::string& name, const std::string& description);

}  // namespace carcref
