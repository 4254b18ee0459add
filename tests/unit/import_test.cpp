// Import of another machine's log (SessionLog::OpenReadOnly, SessionLog::Import and the
// `import` front end, cli/review.h).
#include <sqlite3.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>

#include "cli/review.h"
#include "store/session_log.h"

using namespace carcref;
namespace fs = std::filesystem;

namespace {

// A fresh directory under the temp directory, removed with everything in it at the end.
class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    root_ = fs::temp_directory_path() /
            ("carcref-import-test-" + std::to_string(getpid()) + "-" + std::to_string(++counter));
    fs::create_directories(root_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  std::string operator/(const std::string& name) const { return (root_ / name).string(); }

 private:
  fs::path root_;
};

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void RawExec(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* error = nullptr;
  int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  std::string message = error != nullptr ? error : "";
  sqlite3_free(error);
  sqlite3_close(db);
  INFO(message);
  REQUIRE(rc == SQLITE_OK);
}

std::string RawQuery(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
  std::string value;
  if (sqlite3_step(stmt) == SQLITE_ROW) {
    const unsigned char* text = sqlite3_column_text(stmt, 0);
    value = text != nullptr ? reinterpret_cast<const char*>(text) : "";
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return value;
}

// "sessions/commands/events" row counts of a closed log file.
std::string Counts(const std::string& path) {
  return RawQuery(path,
                  "SELECT (SELECT count(*) FROM sessions) || '/' || "
                  "(SELECT count(*) FROM commands) || '/' || "
                  "(SELECT count(*) FROM events) || '/' || "
                  "(SELECT count(*) FROM session_tiles)");
}

// A clock from `start` (seconds since the epoch), one second per reading.
SessionLog::Clock ClockFrom(std::int64_t start) {
  auto t = std::make_shared<std::chrono::system_clock::time_point>(
      std::chrono::system_clock::from_time_t(static_cast<std::time_t>(start)));
  return [t] {
    auto now = *t;
    *t += std::chrono::seconds(1);
    return now;
  };
}

std::unique_ptr<SessionLog> MustOpen(const std::string& path, SessionLog::Clock clock = nullptr) {
  auto log = SessionLog::Open(path, std::move(clock));
  INFO(log.status().message());
  REQUIRE(log.ok());
  return std::move(log.value());
}

std::unique_ptr<SessionLog> MustOpenReadOnly(const std::string& path) {
  auto log = SessionLog::OpenReadOnly(path);
  INFO(log.status().message());
  REQUIRE(log.ok());
  return std::move(log.value());
}

// The other machine's log: two sessions (2024-06-01), one finished with an undone command,
// events and two tile sets, one active.
void MakeSource(const std::string& path) {
  auto log = MustOpen(path, ClockFrom(1717243200));  // 2024-06-01T12:00:00Z
  auto a = *log->CreateSession("base", R"({"game":"base"})", "Anna:red,Ben:blue");
  REQUIRE(log->AddSessionTile(a, "base", "tiles: [base]").ok());
  REQUIRE(log->AddSessionTile(a, "winter", "tiles: [winter]").ok());
  REQUIRE(log->AppendCommand(a, "place U 1,0 0", "h1", {}).ok());
  REQUIRE(log->AppendCommand(a, "meeple road E", "h2", {}).ok());
  REQUIRE(log->MarkLastUndone(a).ok());
  REQUIRE(log->AppendCommand(a, "pass", "h3", {}).ok());
  REQUIRE(log->AppendCommand(a, "end", "h4",
                             {{"road", R"({"kind":"road","tiles":2})"}, {"field", "{}"}})
              .ok());
  REQUIRE(log->SetStatus(a, kSessionFinished, R"({"status":"finished"})").ok());
  auto b = *log->CreateSession("base", "{}", "Cy:green,Dan:black");
  REQUIRE(log->AddSessionTile(b, "base", "tiles: [base]").ok());
  REQUIRE(log->AppendCommand(b, "place V 0,-1 0", "h5", {{"road", "{}"}}).ok());
}

// This machine's log: one session of its own (2024-05-01).
void MakeDestination(const std::string& path) {
  auto log = MustOpen(path, ClockFrom(1714564800));
  auto id = *log->CreateSession("base", "{}", "Eve:red,Fay:blue");
  REQUIRE(log->AppendCommand(id, "place U 1,0 0", "h", {}).ok());
}

}  // namespace

TEST_CASE("import copies sessions whole and a second import adds nothing", "[import]") {
  TempDir dir;
  const std::string source = dir / "other.db";
  const std::string here = dir / "here.db";
  MakeSource(source);
  MakeDestination(here);
  const std::string source_bytes = ReadBytes(source);
  REQUIRE_FALSE(fs::exists(source + "-wal"));  // closed cleanly

  {
    auto log = MustOpen(here);
    auto other = MustOpenReadOnly(source);
    auto counts = log->Import(*other);
    REQUIRE(counts.ok());
    CHECK(counts->imported == 2);
    CHECK(counts->skipped == 0);

    // The first imported session, as the source has it, under a new id.
    auto original = other->LoadSession(1);
    auto copy = log->LoadSession(2);
    REQUIRE(original.ok());
    REQUIRE(copy.ok());
    CHECK(copy->uuid == original->uuid);
    CHECK(copy->uuid == "20240601T120000.000Z-1");
    CHECK(copy->created_at == original->created_at);
    CHECK(copy->updated_at == original->updated_at);
    CHECK(copy->game == original->game);
    CHECK(copy->options == original->options);
    CHECK(copy->players == original->players);
    CHECK(copy->status == "finished");
    CHECK(copy->result == original->result);
    CHECK(copy->origin == fs::path(source).lexically_normal().string() + "#1");
    REQUIRE(copy->tiles.size() == 2);
    CHECK(copy->tiles[0].name == "base");
    CHECK(copy->tiles[1].name == "winter");
    REQUIRE(copy->commands.size() == original->commands.size());
    for (std::size_t i = 0; i < copy->commands.size(); ++i) {
      const CommandRecord& c = copy->commands[i];
      const CommandRecord& o = original->commands[i];
      CHECK(c.seq == o.seq);
      CHECK(c.text == o.text);
      CHECK(c.undone == o.undone);
      CHECK(c.state_hash == o.state_hash);
      CHECK(c.created_at == o.created_at);
      REQUIRE(c.events.size() == o.events.size());
      for (std::size_t e = 0; e < c.events.size(); ++e) {
        CHECK(c.events[e].kind == o.events[e].kind);
        CHECK(c.events[e].data == o.events[e].data);
      }
    }
    CHECK(copy->commands[1].undone);
    CHECK(copy->commands[3].events.size() == 2);
    CHECK(log->LoadSession(3)->origin == fs::path(source).lexically_normal().string() + "#2");
    CHECK(log->LoadSession(1)->origin.empty());  // this machine's own

    // The imported active session keeps its update time (June 2024), later than this
    // machine's own (May 2024), so a plain resume takes it.
    CHECK(**log->LatestUnfinished() == 3);
  }
  // sessions 1 + 2; commands 1 + 4 + 1; events 0 + 2 + 1; tiles 0 + 2 + 1.
  CHECK(Counts(here) == "3/6/3/3");

  {
    auto log = MustOpen(here);
    auto counts = log->Import(*MustOpenReadOnly(source));
    REQUIRE(counts.ok());
    CHECK(counts->imported == 0);
    CHECK(counts->skipped == 2);
  }
  CHECK(Counts(here) == "3/6/3/3");

  // The source was only read: the same bytes, and no -wal or -shm left beside it.
  CHECK(ReadBytes(source) == source_bytes);
  CHECK_FALSE(fs::exists(source + "-wal"));
  CHECK_FALSE(fs::exists(source + "-shm"));
}

TEST_CASE("import reports what it did", "[import]") {
  TempDir dir;
  MakeSource(dir / "other.db");
  auto log = MustOpen(dir / "here.db");
  std::ostringstream out;
  REQUIRE(ImportFile(*log, dir / "other.db", out).ok());
  CHECK(out.str() == "imported 2 sessions, skipped 0 already present\n");
  out.str("");
  REQUIRE(ImportFile(*log, dir / "other.db", out).ok());
  CHECK(out.str() == "imported 0 sessions, skipped 2 already present\n");
  // A log imported into itself holds only sessions it has.
  out.str("");
  REQUIRE(ImportFile(*log, dir / "here.db", out).ok());
  CHECK(out.str() == "imported 0 sessions, skipped 2 already present\n");
}

TEST_CASE("import refuses a file that is not a carcref log and changes nothing", "[import]") {
  TempDir dir;
  const std::string here = dir / "here.db";
  MakeDestination(here);
  const std::string bad = dir / "bad.db";
  std::string expected;

  SECTION("not SQLite") {
    std::string garbage = "this is not a database\n";
    for (int i = 0; i < 600; ++i) garbage += static_cast<char>((i * 37 + 11) % 256);
    std::ofstream(bad, std::ios::binary) << garbage;
    expected = "nothing imported: session log " + bad + ": file is not a database";
  }
  SECTION("a foreign SQLite database") {
    RawExec(bad, "CREATE TABLE foo (x INTEGER); INSERT INTO foo VALUES (1);");
    expected = "nothing imported: session log " + bad + ": not a carcref database";
  }
  SECTION("a log from a newer carcref") {
    MakeSource(bad);
    RawExec(bad, "PRAGMA user_version = 99");
    expected = "nothing imported: session log " + bad +
               ": was written by a newer carcref (schema 99, this build reads up to 3); "
               "upgrade carcref";
  }
  SECTION("a truncated log") {
    MakeSource(bad);
    std::string full = ReadBytes(bad);
    std::ofstream(bad, std::ios::binary | std::ios::trunc) << full.substr(0, full.size() / 2);
    expected =
        "nothing imported: session log " + bad + ": damaged (database disk image is malformed)";
  }
  SECTION("an empty file") {
    std::ofstream(bad, std::ios::binary).flush();
    expected = "nothing imported: session log " + bad + ": not a carcref database (empty)";
  }

  const std::string before = ReadBytes(bad);
  auto log = MustOpen(here);
  std::ostringstream out;
  Status s = ImportFile(*log, bad, out);
  REQUIRE_FALSE(s.ok());
  CHECK(s.code() == Status::Code::kCorrupt);
  CHECK(s.message() == expected);
  CHECK(out.str().empty());
  CHECK(ReadBytes(bad) == before);
  CHECK_FALSE(fs::exists(bad + "-wal"));
  CHECK_FALSE(fs::exists(bad + "-shm"));
  CHECK(log->ListSessions()->size() == 1);
}

TEST_CASE("import of a missing file says so", "[import]") {
  TempDir dir;
  auto log = MustOpen(":memory:");
  std::ostringstream out;
  Status s = ImportFile(*log, dir / "nowhere.db", out);
  CHECK(s.code() == Status::Code::kNotFound);
  CHECK(s.message() == "nothing imported: session log " + (dir / "nowhere.db") + ": no such file");
  CHECK_FALSE(fs::exists(dir / "nowhere.db"));
}

TEST_CASE("import is all or nothing", "[import]") {
  TempDir dir;
  const std::string source = dir / "other.db";
  MakeSource(source);
  // An event of session 2 that belongs to no command: the log it goes into refuses it (its
  // foreign keys are on), after session 1 has been copied.
  RawExec(source, "INSERT INTO events VALUES (2, 99, 0, 'road', '{}')");
  const std::string here = dir / "here.db";
  MakeDestination(here);

  {
    auto log = MustOpen(here);
    auto counts = log->Import(*MustOpenReadOnly(source));
    REQUIRE_FALSE(counts.ok());
    CHECK(counts.status().message().find("FOREIGN KEY") != std::string::npos);
  }
  CHECK(Counts(here) == "1/1/0/0");
}

TEST_CASE("import reads a version 1 log without upgrading it", "[import][migration]") {
  TempDir dir;
  const std::string old = dir / "old.db";
  // The version 1 tables (no sessions.origin), as carcref 0.1 made them.
  RawExec(old, R"sql(
    CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    INSERT INTO meta VALUES ('application', 'carcref');
    CREATE TABLE sessions(id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL, game TEXT NOT NULL,
      options TEXT NOT NULL, players TEXT NOT NULL, status TEXT NOT NULL,
      result TEXT NOT NULL DEFAULT '');
    CREATE TABLE session_tiles(session_id INTEGER NOT NULL, name TEXT NOT NULL,
      definition TEXT NOT NULL, PRIMARY KEY (session_id, name));
    CREATE TABLE commands(session_id INTEGER NOT NULL, seq INTEGER NOT NULL,
      text TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0, state_hash TEXT NOT NULL,
      created_at TEXT NOT NULL, PRIMARY KEY (session_id, seq));
    CREATE TABLE events(session_id INTEGER NOT NULL, seq INTEGER NOT NULL,
      idx INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL,
      PRIMARY KEY (session_id, seq, idx));
    INSERT INTO sessions VALUES (5, '20230101T000000.000Z-5', '2023-01-01T00:00:00.000Z',
      '2023-01-01T00:10:00.000Z', 'base', '{}', 'Gus:red,Hal:blue', 'finished', '{}');
    INSERT INTO commands VALUES (5, 1, 'place U 1,0 0', 0, 'h', '2023-01-01T00:01:00.000Z');
    INSERT INTO events VALUES (5, 1, 0, 'road', '{}');
    PRAGMA user_version = 1;
  )sql");
  const std::string before = ReadBytes(old);

  auto other = MustOpenReadOnly(old);
  auto listed = other->ListSessions();
  REQUIRE(listed.ok());
  REQUIRE(listed->size() == 1);
  CHECK((*listed)[0].origin.empty());
  CHECK(other->LoadSession(5)->commands.size() == 1);
  // Writing is refused on a read-only log.
  CHECK(other->CreateSession("base", "{}", "").status().code() == Status::Code::kIO);

  auto log = MustOpen(":memory:");
  auto counts = log->Import(*other);
  REQUIRE(counts.ok());
  CHECK(counts->imported == 1);
  auto copy = log->LoadSession(1);
  CHECK(copy->uuid == "20230101T000000.000Z-5");
  CHECK(copy->origin == fs::path(old).lexically_normal().string() + "#5");
  CHECK(copy->commands[0].events.size() == 1);

  other.reset();
  CHECK(ReadBytes(old) == before);
  CHECK(RawQuery(old, "PRAGMA user_version") == "1");
  CHECK_FALSE(fs::exists(old + ".bak-v1"));
}

TEST_CASE("a log that is being written is imported through its WAL", "[import]") {
  TempDir dir;
  const std::string source = dir / "live.db";
  auto writer = MustOpen(source);  // stays open: PATH-wal exists
  auto id = *writer->CreateSession("base", "{}", "Ivy:red,Jo:blue");
  REQUIRE(writer->AppendCommand(id, "place U 1,0 0", "h", {}).ok());
  REQUIRE(fs::exists(source + "-wal"));

  auto log = MustOpen(":memory:");
  auto counts = log->Import(*MustOpenReadOnly(source));
  REQUIRE(counts.ok());
  CHECK(counts->imported == 1);
  CHECK(log->LoadSession(1)->commands.size() == 1);
  // The writer goes on.
  CHECK(writer->AppendCommand(id, "pass", "h2", {}).ok());
}
