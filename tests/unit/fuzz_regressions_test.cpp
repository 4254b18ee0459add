// Regression tests for what the fuzz targets (tests/fuzz) found. Each builds the damage the
// crashing input had on purpose; the inputs themselves are in tests/fuzz/corpus/.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include "store/session_log.h"

using namespace carcref;
namespace fs = std::filesystem;

namespace {

class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    root_ = fs::temp_directory_path() / ("carcref-fuzz-regression-" + std::to_string(getpid()) +
                                         "-" + std::to_string(++counter));
    fs::create_directories(root_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  std::string File(const std::string& name) const { return (root_ / name).string(); }

 private:
  fs::path root_;
};

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

// Replaces `from` (which must occur in the file) by `to`, of the same length, in place.
void Patch(const std::string& path, const std::string& from, const std::string& to) {
  REQUIRE(from.size() == to.size());
  std::string bytes = ReadBytes(path);
  std::size_t at = bytes.find(from);
  REQUIRE(at != std::string::npos);
  bytes.replace(at, from.size(), to);
  WriteBytes(path, bytes);
}

// A closed log at `path` with one session and one command.
void WriteLog(const std::string& path, const std::string& hash) {
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(path);
  REQUIRE(log.ok());
  Result<std::int64_t> id = (*log)->CreateSession("base", "{}", "Anna:red,Ben:blue");
  REQUIRE(id.ok());
  REQUIRE((*log)->AddSessionTile(*id, "base", "set: base").ok());
  REQUIRE((*log)->AppendCommand(*id, "place D 1,0 90", hash, {{"score", "{}"}}).ok());
}

bool OneLine(const std::string& text) {
  return !text.empty() && text.find('\n') == std::string::npos &&
         text.find('\r') == std::string::npos;
}

}  // namespace

TEST_CASE("fuzz_log: a damaged schema is refused with one line, not its SQL",
          "[fuzz][session_log]") {
  // The crashing input had a quote for the N of a NOT NULL in the events table: SQLite's
  // message quotes the rest of the CREATE TABLE, newlines and all.
  TempDir dir;
  std::string path = dir.File("schema.db");
  WriteLog(path, "0123456789abcdef");
  Patch(path, "kind       TEXT NOT NULL", "kind       TEXT \"OT NULL");
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(path);
  REQUIRE(!log.ok());
  CHECK(log.status().code() == Status::Code::kCorrupt);
  CHECK(OneLine(log.status().message()));
  CHECK_THAT(log.status().message(), Catch::Contains("damaged"));
}

TEST_CASE("fuzz_log: a line break in a logged command or hash is damage, in one line",
          "[fuzz][session_log]") {
  // The crashing input had a newline inside a state hash; resume then quoted it in a
  // two-line message ("… gives another state than the log holds: 766d…\n912").
  TempDir dir;
  std::string path = dir.File("hash.db");
  WriteLog(path, "0123456789abcdef");
  Patch(path, "0123456789abcdef", "01234567\n9abcdef");
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(path);
  REQUIRE(log.ok());
  Result<SessionRecord> session = (*log)->LoadSession(1);
  REQUIRE(!session.ok());
  CHECK(session.status().code() == Status::Code::kCorrupt);
  CHECK(OneLine(session.status().message()));
  CHECK_THAT(session.status().message(), Catch::Contains("command 1 of session 1"));

  // And the store never writes one: a command is one line.
  Result<std::int64_t> id = (*log)->CreateSession("base", "{}", "Anna:red,Ben:blue");
  REQUIRE(id.ok());
  Result<std::int64_t> seq = (*log)->AppendCommand(*id, "pass\nend", "0123456789abcdef", {});
  REQUIRE(!seq.ok());
  CHECK(seq.status().code() == Status::Code::kIllegal);
  Result<SessionRecord> fresh = (*log)->LoadSession(*id);
  REQUIRE(fresh.ok());
  CHECK(fresh->commands.empty());
}

TEST_CASE("fuzz_log: importing a log whose tables no longer match refuses, no crash",
          "[fuzz][session_log]") {
  // The crashing input renamed a column of session_tiles: the schema still parses and
  // quick_check passes, but Import's SELECT on that table fails to prepare, and resetting
  // the unprepared statement crashed (sqlite3_clear_bindings on a null statement).
  TempDir dir;
  std::string path = dir.File("columns.db");
  WriteLog(path, "0123456789abcdef");
  Patch(path, "definition TEXT NOT NULL", "definitioX TEXT NOT NULL");
  Result<std::unique_ptr<SessionLog>> source = SessionLog::OpenReadOnly(path);
  REQUIRE(source.ok());
  Result<std::unique_ptr<SessionLog>> into = SessionLog::Open(":memory:");
  REQUIRE(into.ok());
  Result<ImportCounts> counts = (*into)->Import(**source);
  REQUIRE(!counts.ok());
  CHECK(OneLine(counts.status().message()));
  Result<std::vector<SessionSummary>> list = (*into)->ListSessions();
  REQUIRE(list.ok());
  CHECK(list->empty());  // all or nothing
}
