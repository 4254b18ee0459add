// Fuzz target: a tile described as it lies. The same text goes through the base/GCC/Mists
// short form and long form (NOTATION.md "Describing a tile as it lies"), the catalogue
// matching that names the nearest tiles, and The City's short and long form. Besides "no
// crash", it checks the round trips the headers promise: ShortFormOf parses back to the same
// geometry (notation.h), and CityShortForm/CityLongForm parse back to the same city tile
// (city_tile.h).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "carcref/command.h"
#include "carcref/notation.h"
#include "fuzz_support.h"
#include "games/city/city_tile.h"

using namespace carcref;

namespace {

const Catalog& Catalogue() {
  static const Catalog all = [] {
    Catalog c = fuzz::LoadCatalog("base");
    if (!MergeCatalog(c, fuzz::LoadCatalog("winter")).ok()) std::abort();
    return c;
  }();
  return all;
}

[[noreturn]] void Fail(const char* what, std::string_view input, const std::string& detail) {
  std::fprintf(stderr, "%s\n  input: %.*s\n  %s\n", what, static_cast<int>(input.size()),
               input.data(), detail.c_str());
  std::abort();
}

void CheckTile(std::string_view text, const TileType& t) {
  for (int q = 0; q < 4; ++q) {
    std::string back = ShortFormOf(t, q);
    if (back.empty()) continue;  // the short form cannot say it: allowed
    Result<TileType> again = ParseShortForm(back);
    if (!again.ok())
      Fail("ShortFormOf does not parse back", text, back + ": " + again.status().message());
    TileType turned = RotateTile(t, q);
    if (!(again->edges == turned.edges && SameGeometry(*again, turned) == 0))
      Fail("ShortFormOf parses back to another tile", text, back);
  }
  // As ResolveTile does: the matching tiles, or else the nearest ones named in words.
  std::vector<CatalogMatch> matches = MatchCatalog(t, Catalogue());
  for (const CatalogMatch& m : matches)
    if (!SameGeometry(*m.tile, t, m.quarters))
      Fail("MatchCatalog's rotation is wrong", text, m.tile->id);
  if (!matches.empty()) return;
  for (const CatalogMatch& m : NearestTiles(t, Catalogue(), 4)) {
    std::string words = DescribeDifference(t, *m.tile);
    if (m.distance > 0 && words.empty()) Fail("a difference without words", text, m.tile->id);
  }
}

void CheckCity(std::string_view text, const CityTile& t) {
  for (const std::string& back : {CityShortForm(t), CityLongForm(t)}) {
    Result<CityTile> again = ParseCityTile(back);
    if (!again.ok())
      Fail("a City form does not parse back", text, back + ": " + again.status().message());
    if (!SameCityTile(*again, t)) Fail("a City form parses back to another tile", text, back);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)Catalogue();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // ParseTileDescription takes the short form for anything not starting with `{`.
  Result<TileType> described = ParseTileDescription(text);  // short or long form
  if (described.ok())
    CheckTile(text, *described);
  else if (described.status().message().empty())
    Fail("a refusal without words", text, "");
  Result<CityTile> city = ParseCityTile(text);
  if (city.ok())
    CheckCity(text, *city);
  else if (city.status().message().empty())
    Fail("a refusal without words", text, "");
  return 0;
}
