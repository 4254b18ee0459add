// The base game's words in Czech and Slovak (issue #19): the scorings' counted nouns and
// followers in the three plural forms of the catalogues, the status table lined up by display
// columns under translated heads, refusals keeping their rule ids, and English unchanged.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "carcref/format.h"
#include "carcref/i18n.h"
#include "carcref/scoring.h"
#include "carcref/words.h"
#include "cli/language.h"
#include "cli/words_table.h"
#include "support.h"

using namespace carcref;
using namespace carcref::test;

namespace {

// Every test leaves the process in English, as it found it: the other tests compare English.
struct Speaking {
  explicit Speaking(const char* language) { ok = SetLanguage(language); }
  ~Speaking() { SetLanguage("en"); }
  bool ok = false;
};

// Anna's road scored with `thieves` of hers on it.
std::string RoadLine(int thieves) {
  ScoreLine line;
  line.what = "road";
  line.reason = "3 tiles = 3";
  line.points = {3, 0};
  line.winners = {0};
  line.followers = {thieves, 0};
  line.follower = "thief";
  line.followers_word = "thieves";
  return FormatScoreLine({{"Anna", "red"}, {"Ben", "blue"}}, line);
}

}  // namespace

TEST_CASE("base words: the followers of a scoring in the plural forms of the language",
          "[i18n][words]") {
  CHECK(RoadLine(1) == "road: 3 tiles = 3 → Anna +3 (Anna 1 thief)");  // English as it was
  CHECK(RoadLine(2) == "road: 3 tiles = 3 → Anna +3 (Anna 2 thieves)");
  // The kind the game keeps in English ("road", the log's) is worded at print.
  {
    Speaking cs("cs");
    REQUIRE(cs.ok);
    CHECK(RoadLine(1) == "cesta: 3 tiles = 3 → Anna +3 (Anna 1 lupič)");
    CHECK(RoadLine(3) == "cesta: 3 tiles = 3 → Anna +3 (Anna 3 lupiči)");
    CHECK(RoadLine(5) == "cesta: 3 tiles = 3 → Anna +3 (Anna 5 lupičů)");
  }
  Speaking sk("sk");
  REQUIRE(sk.ok);
  CHECK(RoadLine(1) == "cesta: 3 tiles = 3 → Anna +3 (Anna 1 lupič)");
  CHECK(RoadLine(5) == "cesta: 3 tiles = 3 → Anna +3 (Anna 5 lupičov)");
}

TEST_CASE("base words: a scoring's reason counts tiles, pennants and cities in the language",
          "[i18n][words]") {
  std::string reason;
  CHECK(FeatureValue(FeatureKind::kCity, true, 3, 1, &reason) == 8);
  CHECK(reason == "3 tiles × 2 + 1 pennant × 2 = 8");
  {
    Speaking cs("cs");
    REQUIRE(cs.ok);
    CHECK(FeatureValue(FeatureKind::kCity, true, 3, 1, &reason) == 8);
    CHECK(reason == "3 kartičky × 2 + 1 erb × 2 = 8");
    CHECK(FieldValue(5, &reason) == 15);
    CHECK(reason == "5 uzavřených měst × 3 = 15");
    CHECK(FeatureValue(FeatureKind::kMonastery, false, 1, 0, &reason) == 1);
    CHECK(reason == "1 kartička ve čtverci 3×3 kolem něj = 1");
  }
  Speaking sk("sk");
  REQUIRE(sk.ok);
  CHECK(FieldValue(2, &reason) == 6);
  CHECK(reason == "2 uzavreté mestá × 3 = 6");
  CHECK(FeatureValue(FeatureKind::kRoad, true, 5, 0, &reason) == 5);
  CHECK(reason == "5 kartičiek = 5");
}

TEST_CASE("base words: the status table lines up under its translated heads", "[i18n][words]") {
  BaseMatch r = Start(Setup({{"Šárka", "red"}, {"Ben", "blue"}}));
  Play(r, {"place crrr at 1,0 meeple road W", "place W -1,0 0 pass"});
  for (const char* language : {"en", "cs", "sk"}) {
    Speaking speaking(language);
    REQUIRE(speaking.ok);
    std::vector<std::string> lines = Lines(FormatScores(r.game()));
    REQUIRE(lines.size() == 3);
    INFO(language << "\n" << lines[0] << "\n" << lines[1] << "\n" << lines[2]);
    // Each row ends its last number where the heads end, counted in display columns.
    for (std::size_t i = 1; i < lines.size(); ++i)
      CHECK(DisplayWidth(lines[i].substr(0, lines[i].rfind("  ("))) == DisplayWidth(lines[0]));
  }
  Speaking cs("cs");
  CHECK(Lines(FormatScores(r.game()))[0] ==
        "       celkem  cesty   města  kláštery  louky  figurky");
}

TEST_CASE("base words: refusals keep their rule ids in Czech", "[i18n][words]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place crrr at 1,0 meeple road W", "place W -1,0 0"});
  Speaking cs("cs");
  REQUIRE(cs.ok);
  CHECK(Refusal(r, "meeple road E") ==
        "cesta E ke křižovatce – už obsazeno: figurka hráče Anna na 1,0 (A.4.3)");
  CHECK(Refusal(r, "meeple rod E") ==
        "očekáváno road, city, field, monastery, castle, cemetery nebo číslo, zadáno 'rod'");
  Play(r, {"pass"});
  CHECK(Refusal(r, "place W 5,5 0") == "5,5 nesousedí okrajem s žádnou kartičkou (A.3.2)");
}
