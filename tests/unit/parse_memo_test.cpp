// The memoized parses (carcref/parse_memo.h) give exactly what the plain parses give: the same
// tiles, the same refusals, per file name, also after the memo has dropped entries.
#include "engine/parse_memo.h"

#include <catch2/catch.hpp>
#include <string>

#include "support.h"

using namespace carcref;

namespace {

std::string Tiles(const std::string& name) {
  return test::ReadFile(CARCREF_SOURCE_DATA_DIR "/tiles/" + name);
}

void SameCatalog(const Result<Catalog>& a, const Result<Catalog>& b) {
  REQUIRE(a.ok() == b.ok());
  if (!a.ok()) {
    CHECK(a.status().message() == b.status().message());
    return;
  }
  CHECK(a->set == b->set);
  CHECK(a->includes == b->includes);
  REQUIRE(a->tiles.size() == b->tiles.size());
  for (std::size_t i = 0; i < a->tiles.size(); ++i) {
    CHECK(a->tiles[i]->id == b->tiles[i]->id);
    CHECK(a->tiles[i]->origin == b->tiles[i]->origin);
    CHECK(a->tiles[i]->count == b->tiles[i]->count);
  }
}

}  // namespace

TEST_CASE("ParseCatalogMemo gives what ParseCatalog gives, again and again", "[catalog][memo]") {
  const std::string base = Tiles("base.yaml");
  for (int i = 0; i < 3; ++i)
    SameCatalog(ParseCatalogMemo(base, "base.yaml"), ParseCatalog(base, "base.yaml"));
  // The file name is part of the key: it is in every tile's origin.
  Result<Catalog> other = ParseCatalogMemo(base, "elsewhere/base.yaml");
  REQUIRE(other.ok());
  CHECK(other->tiles.front()->origin.rfind("elsewhere/base.yaml:", 0) == 0);
  // A refusal is memoized as the same refusal.
  const std::string broken = "set: base\ntiles: [{id: A, count: 2}]\n";
  Result<Catalog> refused = ParseCatalogMemo(broken, "x.yaml");
  REQUIRE_FALSE(refused.ok());
  SameCatalog(refused, ParseCatalog(broken, "x.yaml"));
  SameCatalog(ParseCatalogMemo(broken, "x.yaml"), refused);
  // More texts than the memo keeps: every answer stays right.
  for (int i = 0; i < 20; ++i) {
    std::string text = base + "\n# " + std::to_string(i) + "\n";
    SameCatalog(ParseCatalogMemo(text, "base.yaml"), ParseCatalog(text, "base.yaml"));
  }
  SameCatalog(ParseCatalogMemo(base, "base.yaml"), ParseCatalog(base, "base.yaml"));
}

TEST_CASE("ParseDescribedSetMemo and IsDescribedSetTextMemo give the plain answers",
          "[described][memo]") {
  const std::string mists = Tiles("mists.yaml");
  for (int i = 0; i < 2; ++i) {
    Result<DescribedSet> memo = ParseDescribedSetMemo(mists, "mists.yaml");
    Result<DescribedSet> plain = ParseDescribedSet(mists, "mists.yaml");
    REQUIRE(memo.ok());
    REQUIRE(plain.ok());
    CHECK(memo->tiles == plain->tiles);
    CHECK(memo->ghost_classes == plain->ghost_classes);
    CHECK(memo->images->size() == plain->images->size());
    CHECK(IsDescribedSetTextMemo(mists));
    CHECK_FALSE(IsDescribedSetTextMemo(Tiles("base.yaml")));
  }
  Result<DescribedSet> refused = ParseDescribedSetMemo("described: true\n", "m.yaml");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.status().message() ==
        ParseDescribedSet("described: true\n", "m.yaml").status().message());
}
