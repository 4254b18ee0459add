// Fuzz target: a tile catalogue file (data/tiles/*.yaml, schema in data/tiles/README.md) and
// a described set (data/tiles/mists.yaml). Any text must give a catalogue or one line
// "FILE:LINE: what is wrong", never a crash or an exception; a catalogue that parses must
// merge onto the base game, or be refused with one line, and its tiles must be finalized.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "carcref/catalog.h"
#include "carcref/described_set.h"
#include "fuzz_support.h"

using namespace carcref;

namespace {

const Catalog& Base() {
  static const Catalog base = fuzz::LoadCatalog("base");
  return base;
}

bool OneLine(const Status& s) {
  return !s.message().empty() && s.message().find('\n') == std::string::npos;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)Base();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  if (IsDescribedSetText(text)) {
    Result<DescribedSet> set = ParseDescribedSet(text, "fuzz.yaml");
    if (!set.ok()) {
      if (!OneLine(set.status())) std::abort();
      return 0;
    }
    (void)set->GhostSymbols();
    (void)set->TilesWithMist();
    Result<TileBox> box = TileBox::Create(*set, set->castles, set->cemeteries);
    if (box.ok()) (void)box->Describe();
    return 0;
  }
  Result<Catalog> catalog = ParseCatalog(text, "fuzz.yaml");
  if (!catalog.ok()) {
    if (!OneLine(catalog.status())) std::abort();
    return 0;
  }
  for (const TilePtr& t : catalog->tiles)
    if (t == nullptr) std::abort();
  (void)catalog->TotalCount();
  (void)catalog->StartTile();
  Catalog merged = Base();
  Status s = MergeCatalog(merged, *catalog);
  if (!s.ok() && !OneLine(s)) std::abort();
  return 0;
}
