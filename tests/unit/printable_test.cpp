// Text from a log printed by review (#22): a name holding control characters never reaches the
// terminal or an SVG file as those characters.
#include <catch2/catch.hpp>
#include <string>

#include "cli/match_log.h"
#include "cli/svg.h"

using namespace carcref;

TEST_CASE("Printable writes every control character as \\xNN", "[review][printable]") {
  CHECK(Printable("Anna") == "Anna");
  CHECK(Printable("A\x1b[2JB") == "A\\x1B[2JB");
  CHECK(Printable("A\nB\x7f") == "A\\x0AB\\x7F");
  CHECK(Printable("A\xc2\x9b"
                  "2J") == "A\\x9B2J");                        // C1 CSI as UTF-8
  CHECK(Printable(Printable("A\x01")) == Printable("A\x01"));  // idempotent
}

TEST_CASE("PrintableLines keeps line breaks and, asked to, carcref's colour codes only",
          "[review][printable]") {
  const std::string text = "Anna\x1b[2J wins\n\x1b[31mred\x1b[0m \x1b[1;32mgreen\x1b[0m\n";
  CHECK(PrintableLines(text, false) ==
        "Anna\\x1B[2J wins\n\\x1B[31mred\\x1B[0m \\x1B[1;32mgreen\\x1B[0m\n");
  // A colour code (ESC [ digits ; m) stays; a code that clears the screen does not.
  CHECK(PrintableLines(text, true) ==
        "Anna\\x1B[2J wins\n\x1b[31mred\x1b[0m \x1b[1;32mgreen\x1b[0m\n");
  CHECK(PrintableLines("no end\x1b[", true) == "no end\\x1B[");
}

TEST_CASE("XmlEscape leaves no control character in an SVG", "[svg][printable]") {
  CHECK(XmlEscape("A\x1b<B>&\"'") == "A\\x1B&lt;B&gt;&amp;&quot;&apos;");
  CHECK(XmlEscape("line\nbreak") == "line\nbreak");
  CHECK(XmlEscape(std::string("nul\0x", 5)) == "nul\\x00x");
}
