// The live board page's address (cli/live_page.h): "[ADDR:]PORT", 127.0.0.1 unless given,
// numeric addresses only (a name would be a DNS lookup in the REPL). The server itself is
// tested over HTTP and in a browser (tests/live_page_test.py, tests/live_page_browser_test.py).
#include "cli/live_page.h"

#include <catch2/catch.hpp>

namespace carcref {
namespace {

TEST_CASE("serve addresses: the port alone binds 127.0.0.1", "[live]") {
  Result<ServeAddress> a = ParseServeAddress("8080");
  REQUIRE(a.ok());
  CHECK(a->host == "127.0.0.1");
  CHECK(a->port == 8080);
  a = ParseServeAddress("0");
  REQUIRE(a.ok());
  CHECK(a->port == 0);  // any free port
}

TEST_CASE("serve addresses: an address as given, localhost as 127.0.0.1", "[live]") {
  Result<ServeAddress> a = ParseServeAddress("0.0.0.0:80");
  REQUIRE(a.ok());
  CHECK(a->host == "0.0.0.0");
  CHECK(a->port == 80);
  a = ParseServeAddress("[::1]:65535");
  REQUIRE(a.ok());
  CHECK(a->host == "::1");
  CHECK(a->port == 65535);
  a = ParseServeAddress("localhost:1");
  REQUIRE(a.ok());
  CHECK(a->host == "127.0.0.1");
}

TEST_CASE("serve addresses: anything else is refused with the right form", "[live]") {
  for (const char* bad :
       {"", "65536", "-1", "80a", "http", ":80", "1.2.3.4", "1.2.3.4:", "::1:80", "[::1]80",
        "[::1]:", "300.0.0.1:80", "example.com:80", "127.0.0.1:123456", "[nonsense]:80"}) {
    INFO(bad);
    Result<ServeAddress> a = ParseServeAddress(bad);
    REQUIRE_FALSE(a.ok());
    CHECK(a.status().code() == Status::Code::kSyntax);
  }
  CHECK(ParseServeAddress("example.com:80").status().message().find("not an IP address") !=
        std::string::npos);
  CHECK(ParseServeAddress("99999").status().message().find("0–65535") != std::string::npos);
}

}  // namespace
}  // namespace carcref
