// The players' language (cli/i18n.h) through the real catalogues the build compiled
// (build/locale, next to this binary), display columns (carcref/words.h), and the {N} marks.
#include "carcref/i18n.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>

#include "carcref/catalog.h"
#include "carcref/words.h"
#include "cli/language.h"
#include "engine/parse_memo.h"
#include "games/city/city_tile.h"

using namespace carcref;

namespace {

// Every test leaves the process in English, as it found it: the other tests compare English.
struct Speaking {
  explicit Speaking(const char* language) { ok = SetLanguage(language); }
  ~Speaking() { SetLanguage("en"); }
  bool ok = false;
};

std::string TilesLeft(long long n) {
  return Fill(TrPlural("{1} · {2} tile left", "{1} · {2} tiles left", n),
              {"Anna 3", std::to_string(n)});
}

}  // namespace

TEST_CASE("Czech plural forms come from the catalogue: 1, 2-4, 0 and 5+", "[i18n]") {
  Speaking cs("cs");
  REQUIRE(cs.ok);
  REQUIRE(CurrentLanguage() == "cs");  // the catalogue was found and is sound
  CHECK(TilesLeft(1) == "Anna 3 · zbývá 1 kartička");
  CHECK(TilesLeft(2) == "Anna 3 · zbývají 2 kartičky");
  CHECK(TilesLeft(4) == "Anna 3 · zbývají 4 kartičky");
  CHECK(TilesLeft(5) == "Anna 3 · zbývá 5 kartiček");
  CHECK(TilesLeft(0) == "Anna 3 · zbývá 0 kartiček");
  CHECK(TilesLeft(12) == "Anna 3 · zbývá 12 kartiček");
  CHECK(TilesLeft(22) == "Anna 3 · zbývá 22 kartiček");  // TERMS.md §3: 22 bodů
  CHECK(TrContext("prompt", "meeple") == "figurka");
  CHECK(Tr("game over") == "konec hry");
  // A message the catalogue lacks is the English itself.
  CHECK(Tr("no such message in any catalogue") == "no such message in any catalogue");
  CHECK(TrContext("nowhere", "tile") == "tile");
}

TEST_CASE("Slovak plural forms come from the catalogue", "[i18n]") {
  Speaking sk("sk");
  REQUIRE(CurrentLanguage() == "sk");
  CHECK(TilesLeft(1) == "Anna 3 · zostáva 1 kartička");
  CHECK(TilesLeft(3) == "Anna 3 · zostávajú 3 kartičky");
  CHECK(TilesLeft(71) == "Anna 3 · zostáva 71 kartičiek");
  CHECK(TrContext("prompt", "meeple") == "figúrka");
}

TEST_CASE("Switching language takes effect at once, English is the source", "[i18n]") {
  Speaking cs("cs");
  CHECK(Tr("game over") == "konec hry");
  REQUIRE(SetLanguage("sk"));
  CHECK(Tr("game over") == "koniec hry");  // not the Czech one from glibc's cache
  REQUIRE(SetLanguage("en"));
  CHECK(Tr("game over") == "game over");
  CHECK(TilesLeft(1) == "Anna 3 · 1 tile left");
  CHECK(TilesLeft(70) == "Anna 3 · 70 tiles left");
  // A locale name is its language; a language carcref does not have changes nothing.
  REQUIRE(SetLanguage("sk_SK.UTF-8"));
  CHECK(CurrentLanguage() == "sk");
  CHECK_FALSE(SetLanguage("de"));
  CHECK_FALSE(SetLanguage(""));
  CHECK_FALSE(SetLanguage("C"));
  CHECK(CurrentLanguage() == "sk");
  CHECK(LanguagesWords() == "en, cs, sk");
}

TEST_CASE("A missing catalogue directory is English, without an error", "[i18n]") {
  setenv("CARCREF_LOCALEDIR", "/nonexistent/carcref-locale", 1);
  {
    Speaking cs("cs");
    CHECK(cs.ok);
    CHECK(CurrentLanguage() == "en");
    CHECK(Tr("game over") == "game over");
  }
  unsetenv("CARCREF_LOCALEDIR");
}

TEST_CASE("The environment's language: LANGUAGE's list, then LC_ALL, LC_MESSAGES, LANG", "[i18n]") {
  const char* names[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};
  std::string kept[4];
  bool had[4];
  for (int i = 0; i < 4; ++i) {
    const char* v = std::getenv(names[i]);
    had[i] = v != nullptr;
    kept[i] = v ? v : "";
    unsetenv(names[i]);
  }
  CHECK(LanguageFromEnvironment() == "en");
  setenv("LANG", "cs_CZ.UTF-8", 1);
  CHECK(LanguageFromEnvironment() == "cs");
  setenv("LC_MESSAGES", "de_DE.UTF-8", 1);  // the first set decides: German is English
  CHECK(LanguageFromEnvironment() == "en");
  setenv("LC_ALL", "sk_SK", 1);
  CHECK(LanguageFromEnvironment() == "sk");
  setenv("LANGUAGE", "de:cs:sk", 1);  // the first of the list carcref speaks
  CHECK(LanguageFromEnvironment() == "cs");
  setenv("LANGUAGE", "de", 1);
  CHECK(LanguageFromEnvironment() == "sk");
  for (int i = 0; i < 4; ++i) {
    if (had[i])
      setenv(names[i], kept[i].c_str(), 1);
    else
      unsetenv(names[i]);
  }
}

TEST_CASE("Fill puts the values at their marks, in any order", "[i18n]") {
  CHECK(Fill("{1} · {2}", {"a", "b"}) == "a · b");
  CHECK(Fill("{2} before {1}", {"a", "b"}) == "b before a");
  CHECK(Fill("{1}{1}", {"x"}) == "xx");
  // What is no mark stays as it is.
  CHECK(Fill("{3} {} {x} {1", {"a"}) == "{3} {} {x} {1");
  CHECK(Fill("{0}", {"a"}) == "{0}");
}

TEST_CASE("DisplayWidth counts columns, not bytes", "[i18n][words]") {
  CHECK(DisplayWidth("") == 0);
  CHECK(DisplayWidth("Anna") == 4);
  CHECK(DisplayWidth("Šárka") == 5);             // 7 bytes
  CHECK(DisplayWidth("S\xCC\x8C\x61rka") == 5);  // S + combining caron: decomposed Š
  CHECK(DisplayWidth("body · 3 × 2 – 1") == 16);
  CHECK(DisplayWidth("čtvrť") == 5);
  CHECK(DisplayWidth("東京") == 4);      // wide characters take two columns
  CHECK(DisplayWidth("\xFF\xFE") == 2);  // bytes that are not UTF-8: one column each
  CHECK(DisplayWidth("\xC5") == 1);      // a character cut short
  CHECK(PadRight("Šárka", 7) == "Šárka  ");
  CHECK(PadLeft("Žo", 4) == "  Žo");
  CHECK(PadRight("Anna", 2) == "Anna");
}

TEST_CASE("A parse refusal is worded in the language it is read in, never reused in another",
          "[i18n]") {
  // The memo keeps parses by their text (parse_memo.h): a damaged catalogue read by a kept
  // game (English) and then at a Czech table must give each its own words.
  const std::string damaged = "set: x\ntiles: [{id: A, count: 1, edges: crfx, fields: []}]\n";
  std::string english;
  {
    EnglishWords kept;
    Result<Catalog> first = ParseCatalogMemo(damaged, "damaged.yaml");
    REQUIRE_FALSE(first.ok());
    english = first.status().message();
  }
  CHECK(english ==
        "damaged.yaml:2: edges 'crfx': 'x' is not an edge letter (c city, r road, f "
        "field)");
  Speaking cs("cs");
  REQUIRE(cs.ok);
  Result<Catalog> czech = ParseCatalogMemo(damaged, "damaged.yaml");
  REQUIRE_FALSE(czech.ok());
  CHECK(czech.status().message() ==
        "damaged.yaml:2: okraje 'crfx': 'x' není písmeno okraje (c město, r cesta, f louka)");
  EnglishWords kept;
  CHECK(ParseCatalogMemo(damaged, "damaged.yaml").status().message() == english);
}

TEST_CASE("A City tile description that does not read is refused in the table's words", "[i18n]") {
  Speaking sk("sk");
  REQUIRE(sk.ok);
  Result<CityTile> typo = ParseCityTile("hxhh");
  REQUIRE_FALSE(typo.ok());
  CHECK(typo.status().message() ==
        "pre východný okraj očakávané h, m, b, s alebo okraj v zátvorkách, zadané 'x'");
  Result<CityTile> goods = ParseCityTile("smsmG/F/L");
  REQUIRE_FALSE(goods.ok());
  CHECK(goods.status().message() ==
        "'G/F/L' udáva viac skupín tovaru (3), než má táto kartička tržníc (2, na NL a NR): jedna "
        "skupina tovaru na tržnicu, v smere hodinových ručičiek od NL, oddelené /");
  EnglishWords kept;
  CHECK(ParseCityTile("hxhh").status().message() ==
        "expected h, m, b, s or a bracketed edge for the east edge, got 'x'");
}
