// Memoized parses of the texts a game parses again and again: the tile set files when a game
// starts, then the same texts stored with the session when its rules module is built (and
// again on every resume and replay). Each function returns exactly what the plain parse
// returns for the same (text, file name), errors included; the parse runs once per process
// while the entry is kept. Pure memoization of a deterministic parse: no I/O, no clock.
// Process-wide, thread-safe, and bounded (a few entries per function, the oldest dropped
// first), so that many different texts (the box texts of many damaged logs) keep the memory
// flat. The fuzz targets of the parsers themselves call the plain functions.
#pragma once

#include <string_view>

#include "carcref/catalog.h"
#include "carcref/described_set.h"
#include "carcref/status.h"

namespace carcref {

// ParseCatalog (catalog.h), memoized.
Result<Catalog> ParseCatalogMemo(std::string_view yaml_text, std::string_view file_name);

// ParseDescribedSet (described_set.h), memoized.
Result<DescribedSet> ParseDescribedSetMemo(std::string_view yaml_text, std::string_view file_name);

// IsDescribedSetText (described_set.h), memoized.
bool IsDescribedSetTextMemo(std::string_view yaml_text);

}  // namespace carcref
