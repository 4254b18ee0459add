// A feature's kind in the table's words (issue #19): "road", in Czech "cesta". FeatureKindName
// (carcref/tile.h) stays the English of the data (logs, JSON, commands); this is for what the
// table reads only. Defined in tile.cpp.
#pragma once

#include <string>

#include "carcref/tile.h"

namespace carcref {

std::string FeatureKindWords(FeatureKind kind);

}  // namespace carcref
