// The one number reader and the one "did you mean" every parser uses (words.h).
#include "carcref/words.h"

#include <catch2/catch.hpp>

using namespace carcref;

TEST_CASE("ReadNumber reads digits only, and caps what would overflow", "[words]") {
  CHECK(ReadNumber("0") == 0);
  CHECK(ReadNumber("42") == 42);
  CHECK(ReadNumber("007") == 7);
  // Anything but digits is no number: no sign, no space, nothing after ("1abc" is not 1).
  for (const char* text : {"", "-1", "+1", " 1", "1 ", "1abc", "1.5", "x"})
    CHECK_FALSE(ReadNumber(text).has_value());
  // Past the cap it reads as the cap: the caller's range check refuses it, no int wraps.
  CHECK(ReadNumber("999999", 1000000) == 999999);
  CHECK(ReadNumber("1000000", 1000000) == 1000000);
  CHECK(ReadNumber("99999999999999999999999999", 1000000) == 1000000);
  CHECK(ReadNumber("99999999999999999999999999") == INT64_MAX);
  CHECK(ReadNumber("9223372036854775807") == INT64_MAX);
  CHECK(ReadNumber("9223372036854775806") == INT64_MAX - 1);
}

TEST_CASE("EditDistance and Nearest: the first nearest word under the bound", "[words]") {
  CHECK(EditDistance("", "") == 0);
  CHECK(EditDistance("pass", "pass") == 0);
  CHECK(EditDistance("plcae", "place") == 2);
  CHECK(EditDistance("kitten", "sitting") == 3);
  CHECK(EditDistance("", "wall") == 4);
  std::vector<std::string> verbs = {"place", "pass", "wall", "tower"};
  CHECK(Nearest("plase", verbs, 3) == "place");  // 1 from place, 2 from pass: the nearer
  CHECK(Nearest("pas", verbs, 3) == "pass");
  CHECK(Nearest("towr", verbs, 3) == "tower");
  CHECK(Nearest("zzzzzz", verbs, 3).empty());            // nothing near enough
  CHECK(Nearest("wal", {"wall", "walk"}, 3) == "wall");  // a tie: the first listed
  CHECK(Nearest("wall", verbs, 0).empty());              // bound 0: nothing is under it
}
