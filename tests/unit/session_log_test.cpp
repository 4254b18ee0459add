#include "store/session_log.h"

#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/review.h"

using namespace carcref;
namespace fs = std::filesystem;

namespace {

// A unique path under the temp directory; removes it, its SQLite side files and any
// parent directories it made when the test ends.
class TempPath {
 public:
  explicit TempPath(const std::string& name, const std::string& subdirs = "") {
    static int counter = 0;
    root_ = fs::temp_directory_path() /
            ("carcref-log-test-" + std::to_string(getpid()) + "-" + std::to_string(++counter));
    fs::create_directories(root_);
    path_ = (subdirs.empty() ? root_ : root_ / subdirs) / name;
  }
  ~TempPath() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  std::string str() const { return path_.string(); }
  const fs::path& path() const { return path_; }

 private:
  fs::path root_;
  fs::path path_;
};

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Runs SQL on a file with SQLite directly, as another program would.
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
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
  std::string value;
  if (sqlite3_step(stmt) == SQLITE_ROW) {
    value = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return value;
}

// A clock that starts at 2024-05-01T12:00:00Z and moves one second per reading.
SessionLog::Clock SteppingClock() {
  auto t = std::make_shared<std::chrono::system_clock::time_point>(
      std::chrono::system_clock::from_time_t(1714564800));
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

bool HasSideFiles(const std::string& path) {
  return fs::exists(path + "-wal") || fs::exists(path + "-shm") || fs::exists(path + "-journal");
}

}  // namespace

TEST_CASE("session log round trip: commands, undone flags, events, tiles", "[session_log]") {
  auto log = MustOpen(":memory:", SteppingClock());
  auto id = log->CreateSession("base", R"({"river":true})", R"(["Ann","Bob"])");
  REQUIRE(id.ok());
  CHECK(*id == 1);
  REQUIRE(log->AddSessionTile(*id, "CRFR", "city N; road E-W").ok());
  REQUIRE(log->AddSessionTile(*id, "RRRR", "road N-S; road E-W").ok());

  auto s1 = log->AppendCommand(*id, "place CRFR 0,1 90", "h1",
                               {{"place", R"({"tile":"CRFR"})"}, {"score", R"({"p":4})"}});
  auto s2 = log->AppendCommand(*id, "meeple NL", "h2", {});
  auto s3 = log->AppendCommand(*id, "place RRRR 1,1 0", "h3", {{"place", R"({"tile":"RRRR"})"}});
  REQUIRE(s1.ok());
  REQUIRE(s2.ok());
  REQUIRE(s3.ok());
  CHECK(*s1 == 1);
  CHECK(*s2 == 2);
  CHECK(*s3 == 3);
  auto undone = log->MarkLastUndone(*id);
  REQUIRE(undone.ok());
  CHECK(*undone == 3);
  auto s4 = log->AppendCommand(*id, "place RRRR 1,0 0", "h4", {{"end", "{}"}});
  REQUIRE(s4.ok());
  CHECK(*s4 == 4);
  REQUIRE(log->SetStatus(*id, kSessionFinished, "Ann 12, Bob 9").ok());

  auto record = log->LoadSession(*id);
  REQUIRE(record.ok());
  CHECK(record->id == 1);
  CHECK(record->uuid == "20240501T120000.000Z-1");
  CHECK(record->created_at == "2024-05-01T12:00:00.000Z");
  // One clock reading per write: create, 2 tiles, 3 appends, undo, append, status.
  CHECK(record->updated_at == "2024-05-01T12:00:08.000Z");
  CHECK(record->game == "base");
  CHECK(record->options == R"({"river":true})");
  CHECK(record->players == R"(["Ann","Bob"])");
  CHECK(record->status == "finished");
  CHECK(record->result == "Ann 12, Bob 9");

  REQUIRE(record->tiles.size() == 2);
  CHECK(record->tiles[0].name == "CRFR");
  CHECK(record->tiles[0].definition == "city N; road E-W");
  CHECK(record->tiles[1].name == "RRRR");

  const auto& commands = record->commands;
  REQUIRE(commands.size() == 4);
  CHECK(commands[0].seq == 1);
  CHECK(commands[0].text == "place CRFR 0,1 90");
  CHECK(commands[0].state_hash == "h1");
  CHECK(commands[0].created_at == "2024-05-01T12:00:03.000Z");
  CHECK_FALSE(commands[0].undone);
  REQUIRE(commands[0].events.size() == 2);
  CHECK(commands[0].events[0].kind == "place");
  CHECK(commands[0].events[0].data == R"({"tile":"CRFR"})");
  CHECK(commands[0].events[1].kind == "score");
  CHECK(commands[0].events[1].data == R"({"p":4})");
  CHECK(commands[1].events.empty());
  CHECK(commands[2].seq == 3);
  CHECK(commands[2].undone);
  CHECK(commands[2].text == "place RRRR 1,1 0");
  REQUIRE(commands[2].events.size() == 1);
  CHECK(commands[3].seq == 4);
  CHECK_FALSE(commands[3].undone);
  REQUIRE(commands[3].events.size() == 1);
  CHECK(commands[3].events[0].kind == "end");
}

TEST_CASE("undo marks the command undone and keeps its row", "[session_log]") {
  auto log = MustOpen(":memory:");
  auto id = *log->CreateSession("base", "{}", "[]");

  auto none = log->MarkLastUndone(id);
  REQUIRE_FALSE(none.ok());
  CHECK(none.status().code() == Status::Code::kIllegal);
  CHECK(none.status().message() == "nothing to undo in session 1");

  REQUIRE(log->AppendCommand(id, "a", "h1", {{"k", "1"}}).ok());
  REQUIRE(log->AppendCommand(id, "b", "h2", {}).ok());
  CHECK(*log->MarkLastUndone(id) == 2);
  CHECK(*log->MarkLastUndone(id) == 1);
  auto again = log->MarkLastUndone(id);
  REQUIRE_FALSE(again.ok());
  CHECK(again.status().message() == "nothing to undo in session 1");

  auto record = log->LoadSession(id);
  REQUIRE(record->commands.size() == 2);
  CHECK(record->commands[0].undone);
  CHECK(record->commands[1].undone);
  CHECK(record->commands[0].events.size() == 1);  // Undone commands keep their events.

  // A new command after undo takes the next seq; the undone ones stay before it.
  CHECK(*log->AppendCommand(id, "c", "h3", {}) == 3);
  CHECK(*log->MarkLastUndone(id) == 3);
  CHECK(log->LoadSession(id)->commands.size() == 3);

  auto list = log->ListSessions();
  REQUIRE(list->size() == 1);
  CHECK((*list)[0].live_commands == 0);
}

TEST_CASE("session log lists sessions with their live command counts", "[session_log]") {
  auto log = MustOpen(":memory:", SteppingClock());
  auto a = *log->CreateSession("base", "{}", "Ann,Bob");
  auto b = *log->CreateSession("mists", "{}", "Cy");
  REQUIRE(log->AppendCommand(a, "x", "h", {}).ok());
  REQUIRE(log->AppendCommand(a, "y", "h", {}).ok());
  REQUIRE(log->AppendCommand(a, "z", "h", {}).ok());
  REQUIRE(log->MarkLastUndone(a).ok());
  REQUIRE(log->SetStatus(b, kSessionAbandoned, "").ok());

  auto list = log->ListSessions();
  REQUIRE(list.ok());
  REQUIRE(list->size() == 2);
  const SessionSummary& first = (*list)[0];
  CHECK(first.id == a);
  CHECK(first.uuid == "20240501T120000.000Z-1");
  CHECK(first.created_at == "2024-05-01T12:00:00.000Z");
  CHECK(first.updated_at == "2024-05-01T12:00:05.000Z");
  CHECK(first.game == "base");
  CHECK(first.players == "Ann,Bob");
  CHECK(first.status == "active");
  CHECK(first.result.empty());
  CHECK(first.live_commands == 2);
  CHECK((*list)[1].id == b);
  CHECK((*list)[1].game == "mists");
  CHECK((*list)[1].status == "abandoned");
  CHECK((*list)[1].live_commands == 0);
  Result<std::int64_t> live = log->LiveCommands();  // over every session
  REQUIRE(live.ok());
  CHECK(*live == 2);
}

TEST_CASE("session log refuses bad ids, statuses and conflicting tiles", "[session_log]") {
  auto log = MustOpen(":memory:");
  auto missing = log->LoadSession(42);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().code() == Status::Code::kNotFound);
  CHECK(missing.status().message() == "no session 42");
  CHECK(log->AppendCommand(42, "x", "h", {}).status().message() == "no session 42");
  CHECK(log->MarkLastUndone(42).status().code() == Status::Code::kNotFound);
  CHECK(log->SetStatus(42, kSessionFinished, "").code() == Status::Code::kNotFound);
  CHECK(log->AddSessionTile(42, "T", "d").code() == Status::Code::kNotFound);
  CHECK(log->ListSessions()->empty());

  auto id = *log->CreateSession("base", "{}", "[]");
  Status bad = log->SetStatus(id, "won", "");
  CHECK(bad.code() == Status::Code::kIllegal);
  CHECK(bad.message() == "unknown session status 'won' (use active, finished or abandoned)");
  CHECK(log->LoadSession(id)->status == "active");

  REQUIRE(log->AddSessionTile(id, "T", "road N-S").ok());
  CHECK(log->AddSessionTile(id, "T", "road N-S").ok());  // Same definition: a no-op.
  Status clash = log->AddSessionTile(id, "T", "city N");
  CHECK(clash.code() == Status::Code::kIllegal);
  CHECK(clash.message() == "session 1 already has tile T with another definition");
  auto record = log->LoadSession(id);
  REQUIRE(record->tiles.size() == 1);
  CHECK(record->tiles[0].definition == "road N-S");
}

TEST_CASE("LatestUnfinished ignores finished and abandoned sessions", "[session_log]") {
  auto log = MustOpen(":memory:", SteppingClock());
  CHECK_FALSE(log->LatestUnfinished()->has_value());
  auto a = *log->CreateSession("base", "{}", "[]");
  auto b = *log->CreateSession("base", "{}", "[]");
  auto c = *log->CreateSession("base", "{}", "[]");
  CHECK(**log->LatestUnfinished() == c);
  REQUIRE(log->SetStatus(c, kSessionFinished, "done").ok());
  CHECK(**log->LatestUnfinished() == b);
  // Playing in the older session makes it the latest.
  REQUIRE(log->AppendCommand(a, "x", "h", {}).ok());
  CHECK(**log->LatestUnfinished() == a);
  REQUIRE(log->SetStatus(a, kSessionAbandoned, "").ok());
  REQUIRE(log->SetStatus(b, kSessionFinished, "").ok());
  CHECK_FALSE(log->LatestUnfinished()->has_value());
}

TEST_CASE("a file-backed log keeps committed data across reopening", "[session_log]") {
  TempPath db("carcref.db", "nested/dirs");
  std::int64_t id = 0;
  {
    auto log = MustOpen(db.str());  // Also creates nested/dirs.
    id = *log->CreateSession("base", "{}", "[\"Ann\"]");
    REQUIRE(log->AddSessionTile(id, "T1", "def").ok());
    REQUIRE(log->AppendCommand(id, "first", "h1", {{"score", "{\"p\":2}"}}).ok());
    REQUIRE(log->AppendCommand(id, "second", "h2", {}).ok());
    REQUIRE(log->MarkLastUndone(id).ok());
  }
  CHECK(fs::exists(db.path()));
  CHECK(RawQuery(db.str(), "PRAGMA journal_mode") == "wal");
  CHECK(RawQuery(db.str(), "PRAGMA user_version") == "3");
  CHECK(RawQuery(db.str(), "SELECT value FROM meta WHERE key = 'application'") == "carcref");

  auto log = MustOpen(db.str());
  auto record = log->LoadSession(id);
  REQUIRE(record.ok());
  CHECK(record->players == "[\"Ann\"]");
  REQUIRE(record->tiles.size() == 1);
  REQUIRE(record->commands.size() == 2);
  CHECK(record->commands[0].text == "first");
  CHECK(record->commands[0].events[0].data == "{\"p\":2}");
  CHECK(record->commands[1].undone);
  CHECK(**log->LatestUnfinished() == id);
  CHECK(*log->AppendCommand(id, "third", "h3", {}) == 3);
}

TEST_CASE("a file that is not SQLite is refused and left unchanged", "[session_log]") {
  TempPath db("garbage.db");
  std::string garbage = "this is not a database\n";
  for (int i = 0; i < 200; ++i) garbage += static_cast<char>((i * 37 + 11) % 256);
  WriteBytes(db.str(), garbage);

  auto log = SessionLog::Open(db.str());
  REQUIRE_FALSE(log.ok());
  CHECK(log.status().code() == Status::Code::kCorrupt);
  CHECK(log.status().message() ==
        "session log " + db.str() + ": file is not a database; use --db to choose another file");
  CHECK(ReadBytes(db.str()) == garbage);
  CHECK_FALSE(HasSideFiles(db.str()));
}

TEST_CASE("a foreign SQLite database is refused and left unchanged", "[session_log]") {
  TempPath db("foreign.db");
  RawExec(db.str(), "CREATE TABLE foo (x INTEGER); INSERT INTO foo VALUES (1), (2);");
  std::string before = ReadBytes(db.str());
  REQUIRE_FALSE(before.empty());

  auto log = SessionLog::Open(db.str());
  REQUIRE_FALSE(log.ok());
  CHECK(log.status().code() == Status::Code::kCorrupt);
  CHECK(log.status().message() ==
        "session log " + db.str() + ": not a carcref database; use --db to choose another file");
  CHECK(ReadBytes(db.str()) == before);
  CHECK_FALSE(HasSideFiles(db.str()));

  SECTION("even one with a table named meta") {
    RawExec(db.str(), "CREATE TABLE meta (name TEXT); INSERT INTO meta VALUES ('carcref');");
    std::string with_meta = ReadBytes(db.str());
    auto again = SessionLog::Open(db.str());
    REQUIRE_FALSE(again.ok());
    CHECK(again.status().message() == "session log " + db.str() +
                                          ": not a carcref database; use --db to choose "
                                          "another file");
    CHECK(ReadBytes(db.str()) == with_meta);
  }
}

TEST_CASE("a log from a newer carcref is refused and left unchanged", "[session_log]") {
  TempPath db("newer.db");
  {
    auto log = MustOpen(db.str());
    REQUIRE(log->CreateSession("base", "{}", "[]").ok());
  }
  RawExec(db.str(), "PRAGMA user_version = 99");
  std::string before = ReadBytes(db.str());

  auto log = SessionLog::Open(db.str());
  REQUIRE_FALSE(log.ok());
  CHECK(log.status().code() == Status::Code::kCorrupt);
  CHECK(log.status().message() == "session log " + db.str() +
                                      ": was written by a newer carcref (schema 99, this build "
                                      "reads up to 3); upgrade carcref or use --db to choose "
                                      "another file");
  CHECK(ReadBytes(db.str()) == before);
  CHECK(RawQuery(db.str(), "PRAGMA user_version") == "99");
}

TEST_CASE("a truncated log is refused without a crash and left unchanged", "[session_log]") {
  TempPath db("truncated.db");
  {
    auto log = MustOpen(db.str());
    auto id = *log->CreateSession("base", "{}", "[]");
    std::string big(3000, 'x');
    for (int i = 0; i < 40; ++i) REQUIRE(log->AppendCommand(id, big, "h", {{"e", big}}).ok());
  }
  REQUIRE_FALSE(HasSideFiles(db.str()));  // The last connection checkpointed the WAL.
  std::string full = ReadBytes(db.str());
  REQUIRE(full.size() > 16384);

  for (std::size_t size : {std::size_t{50}, std::size_t{4096}, full.size() / 2}) {
    INFO("truncated to " << size << " bytes");
    std::string cut = full.substr(0, size);
    WriteBytes(db.str(), cut);
    auto log = SessionLog::Open(db.str());
    REQUIRE_FALSE(log.ok());
    CHECK(log.status().code() == Status::Code::kCorrupt);
    CHECK(log.status().message() == "session log " + db.str() +
                                        ": damaged (database disk image is malformed); use "
                                        "--db to choose another file");
    CHECK(ReadBytes(db.str()) == cut);
  }
}

TEST_CASE("an empty file becomes a new log", "[session_log]") {
  TempPath db("empty.db");
  WriteBytes(db.str(), "");
  auto log = MustOpen(db.str());
  CHECK(*log->CreateSession("base", "{}", "[]") == 1);
  CHECK(RawQuery(db.str(), "PRAGMA user_version") == "3");
}

namespace {

// The schema of version 1 as carcref 0.1 wrote it, word for word: a log from before
// sessions.origin and the commands_live index.
constexpr const char kSchemaV1ForTest[] = R"sql(
CREATE TABLE meta(
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO meta(key, value) VALUES ('application', 'carcref');
CREATE TABLE sessions(
  id         INTEGER PRIMARY KEY,
  uuid       TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  game       TEXT NOT NULL,
  options    TEXT NOT NULL,
  players    TEXT NOT NULL,
  status     TEXT NOT NULL CHECK (status IN ('active', 'finished', 'abandoned')),
  result     TEXT NOT NULL DEFAULT ''
);
CREATE TABLE session_tiles(
  session_id INTEGER NOT NULL REFERENCES sessions(id),
  name       TEXT NOT NULL,
  definition TEXT NOT NULL,
  PRIMARY KEY (session_id, name)
);
CREATE TABLE commands(
  session_id INTEGER NOT NULL REFERENCES sessions(id),
  seq        INTEGER NOT NULL,
  text       TEXT NOT NULL,
  undone     INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
  state_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (session_id, seq)
);
CREATE TABLE events(
  session_id INTEGER NOT NULL,
  seq        INTEGER NOT NULL,
  idx        INTEGER NOT NULL,
  kind       TEXT NOT NULL,
  data       TEXT NOT NULL,
  PRIMARY KEY (session_id, seq, idx),
  FOREIGN KEY (session_id, seq) REFERENCES commands(session_id, seq)
);
PRAGMA user_version = 1;
)sql";

// One finished session with a tile, three commands (the second undone) and an event.
constexpr const char kV1Data[] = R"sql(
INSERT INTO sessions VALUES (1, '20240501T120000.000Z-1', '2024-05-01T12:00:00.000Z',
  '2024-05-01T12:00:09.000Z', 'base', '{"game":"base"}', 'Anna:red,Ben:blue', 'finished',
  '{"status":"finished"}');
INSERT INTO session_tiles VALUES (1, 'base', 'tiles: []');
INSERT INTO commands VALUES (1, 1, 'place U 1,0 0', 0, 'h1', '2024-05-01T12:00:01.000Z');
INSERT INTO commands VALUES (1, 2, 'meeple road E', 1, 'h2', '2024-05-01T12:00:02.000Z');
INSERT INTO commands VALUES (1, 3, 'end', 0, 'h3', '2024-05-01T12:00:03.000Z');
INSERT INTO events VALUES (1, 3, 0, 'road', '{"kind":"road","tiles":2}');
)sql";

}  // namespace

TEST_CASE("a version 1 log is backed up and upgraded to version 3", "[session_log][migration]") {
  // carcref 0.1 kept its logs in WAL mode; a copied or hand-made file may be in the
  // rollback-journal mode.
  std::string mode = GENERATE(as<std::string>(), "wal", "delete");
  INFO("journal mode " << mode);
  TempPath db("old.db");
  RawExec(db.str(), "PRAGMA journal_mode = " + mode + ";" + kSchemaV1ForTest + kV1Data);
  REQUIRE_FALSE(HasSideFiles(db.str()));
  REQUIRE(RawQuery(db.str(), "PRAGMA user_version") == "1");
  std::string original = ReadBytes(db.str());
  REQUIRE_FALSE(original.empty());
  const std::string backup = db.str() + ".bak-v1";
  REQUIRE_FALSE(fs::exists(backup));

  {
    auto log = MustOpen(db.str(), SteppingClock());

    // The copy is the file as it was, byte for byte, and still a version 1 log.
    REQUIRE(fs::exists(backup));
    CHECK(ReadBytes(backup) == original);
    CHECK(RawQuery(backup, "PRAGMA user_version") == "1");

    // The data came through.
    auto record = log->LoadSession(1);
    REQUIRE(record.ok());
    CHECK(record->uuid == "20240501T120000.000Z-1");
    CHECK(record->players == "Anna:red,Ben:blue");
    CHECK(record->status == "finished");
    CHECK(record->origin.empty());
    REQUIRE(record->tiles.size() == 1);
    REQUIRE(record->commands.size() == 3);
    CHECK(record->commands[1].undone);
    CHECK(record->commands[2].state_hash == "h3");
    REQUIRE(record->commands[2].events.size() == 1);
    CHECK(record->commands[2].events[0].data == R"({"kind":"road","tiles":2})");
    auto list = log->ListSessions();
    REQUIRE(list->size() == 1);
    CHECK((*list)[0].live_commands == 2);
    CHECK((*list)[0].origin.empty());

    // And the log goes on working at version 3.
    auto id = log->CreateSession("base", "{}", "Cy:green");
    REQUIRE(id.ok());
    CHECK(*id == 2);
    REQUIRE(log->AppendCommand(*id, "place V 0,-1 0", "h", {}).ok());
  }
  CHECK(RawQuery(db.str(), "PRAGMA user_version") == "3");
  // Version 3's table is there, empty: the store cannot summarise (the caller does).
  CHECK(RawQuery(db.str(), "SELECT count(*) FROM session_summaries") == "0");
  // The new column exists with its default, and takes a value.
  CHECK(RawQuery(db.str(), "SELECT count(*) FROM sessions WHERE origin = ''") == "2");
  RawExec(db.str(), "UPDATE sessions SET origin = '/elsewhere.db#4' WHERE id = 1");
  CHECK(RawQuery(db.str(), "SELECT origin FROM sessions WHERE id = 1") == "/elsewhere.db#4");
  CHECK(RawQuery(db.str(),
                 "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND "
                 "name = 'commands_live'") == "1");
  CHECK(MustOpen(db.str())->LoadSession(1)->origin == "/elsewhere.db#4");
  // The backup is left alone by later opens.
  CHECK(ReadBytes(backup) == original);
}

TEST_CASE("a new log is created at version 3 without a backup", "[session_log][migration]") {
  TempPath db("new.db");
  REQUIRE(MustOpen(db.str())->CreateSession("base", "{}", "A,B").ok());
  CHECK(RawQuery(db.str(), "PRAGMA user_version") == "3");
  CHECK_FALSE(fs::exists(db.str() + ".bak-v0"));
  CHECK_FALSE(fs::exists(db.str() + ".bak-v1"));
  CHECK(RawQuery(db.str(),
                 "SELECT count(*) FROM pragma_table_info('sessions') WHERE "
                 "name = 'origin'") == "1");
}

TEST_CASE("a version 1 log with commits still in its WAL is backed up with them",
          "[session_log][migration]") {
  // A machine that died with the log open: the last commits are only in PATH-wal.
  TempPath live("live.db");
  TempPath db("crashed.db");
  sqlite3* raw = nullptr;
  REQUIRE(sqlite3_open(live.str().c_str(), &raw) == SQLITE_OK);
  std::string sql = std::string("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;") +
                    kSchemaV1ForTest + kV1Data;
  REQUIRE(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  fs::copy_file(live.str(), db.str());
  fs::copy_file(live.str() + "-wal", db.str() + "-wal");
  sqlite3_close(raw);
  REQUIRE(fs::file_size(db.str() + "-wal") > 0);

  auto log = MustOpen(db.str());
  const std::string backup = db.str() + ".bak-v1";
  REQUIRE(fs::exists(backup));
  CHECK(RawQuery(backup, "PRAGMA user_version") == "1");
  CHECK(RawQuery(backup, "SELECT count(*) FROM commands") == "3");
  CHECK(log->LoadSession(1)->commands.size() == 3);
}

// --- issue 11: a log no kill or second window can lock away ---------------------------------

namespace {

// Runs `sql` on `path` in a child process that dies (as under kill -9) before committing,
// in rollback-journal mode with a one-page cache, so the change spills into the file: what a
// kill leaves while the schema is created or upgraded, a hot rollback journal.
void DieInTransaction(const std::string& path, const std::string& sql) {
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    sqlite3* db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) _exit(1);
    if (sqlite3_exec(db, "PRAGMA journal_mode = DELETE; PRAGMA cache_size = 1;", nullptr, nullptr,
                     nullptr) != SQLITE_OK)
      _exit(2);
    std::string txn = "BEGIN IMMEDIATE; " + sql;
    _exit(sqlite3_exec(db, txn.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK ? 0 : 3);
  }
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  REQUIRE(fs::file_size(path + "-journal") > 0);
}

// Enough to spill a one-page cache into the file.
constexpr const char kBulk[] = "CREATE TABLE bulk(x); INSERT INTO bulk VALUES (zeroblob(200000));";

}  // namespace

TEST_CASE("a kill while the schema is created leaves a log that opens", "[session_log][kill]") {
  TempPath db("new.db");
  DieInTransaction(db.str(), std::string(kSchemaV1ForTest) + kBulk);
  REQUIRE(fs::file_size(db.str()) > 0);  // half-written: the journal says it was empty

  auto log = SessionLog::Open(db.str());
  INFO(log.status().message());
  REQUIRE(log.ok());
  CHECK((*log)->ListSessions()->empty());
  CHECK(*(*log)->CreateSession("base", "{}", "Anna:red,Ben:blue") == 1);
  CHECK(RawQuery(db.str(), "SELECT count(*) FROM sqlite_master WHERE name = 'bulk'") == "0");
  CHECK_FALSE(fs::exists(db.str() + "-journal"));
}

TEST_CASE("a kill in the middle of a write leaves a log that opens, as it was before",
          "[session_log][kill]") {
  TempPath db("log.db");
  {
    auto log = MustOpen(db.str());
    REQUIRE(*log->CreateSession("base", "{}", "Anna:red,Ben:blue") == 1);
    REQUIRE(*log->AppendCommand(1, "place U 1,0 0", "h1", {}) == 1);
  }
  DieInTransaction(db.str(), std::string("INSERT INTO commands VALUES (1, 2, 'x', 0, 'h2', "
                                         "'2024-05-01T12:00:00.000Z');") +
                                 kBulk);

  SECTION("a read-only import source is refused in one line, untouched") {
    std::string before = ReadBytes(db.str());
    auto source = SessionLog::OpenReadOnly(db.str());
    REQUIRE_FALSE(source.ok());
    CHECK(source.status().message() == "session log " + db.str() +
                                           ": a write to it was interrupted; open it once with "
                                           "carcref --db " +
                                           db.str() + " to recover it");
    CHECK(ReadBytes(db.str()) == before);
  }
  SECTION("review recovers it and reads it") {
    auto log = SessionLog::OpenForReview(db.str());
    INFO(log.status().message());
    REQUIRE(log.ok());
    CHECK((*log)->LoadSession(1)->commands.size() == 1);
  }
  SECTION("Open recovers it and writes on") {
    auto log = MustOpen(db.str());
    CHECK(log->LoadSession(1)->commands.size() == 1);
    CHECK(*log->AppendCommand(1, "meeple road E", "h2", {}) == 2);
  }
}

TEST_CASE("a session is created with its tiles in one transaction", "[session_log]") {
  TempPath db("log.db");
  auto log = MustOpen(db.str());
  SECTION("tiles in order; a repeated identical tile is kept once") {
    auto id = log->CreateSession("base", "{}", "A,B",
                                 {{"base", "tiles: 1"}, {"box", "b"}, {"base", "tiles: 1"}});
    REQUIRE(id.ok());
    auto record = log->LoadSession(*id);
    REQUIRE(record->tiles.size() == 2);
    CHECK(record->tiles[0].name == "base");
    CHECK(record->tiles[1].definition == "b");
  }
  SECTION("a conflicting tile writes nothing") {
    auto id = log->CreateSession("base", "{}", "A,B", {{"base", "one"}, {"base", "two"}});
    REQUIRE_FALSE(id.ok());
    CHECK(id.status().code() == Status::Code::kIllegal);
    CHECK(log->ListSessions()->empty());
  }
  SECTION("a write that fails half-way (a full disk) leaves no session") {
    // The file is made with the first session; the second is the one that fails.
    REQUIRE(*log->CreateSession("base", "{}", "A,B") == 1);
    RawExec(db.str(),
            "CREATE TRIGGER full BEFORE INSERT ON session_tiles WHEN NEW.name = 'box' "
            "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;");
    auto id = log->CreateSession("base", "{}", "A,B", {{"base", "tiles"}, {"box", "b"}});
    REQUIRE_FALSE(id.ok());
    CHECK(id.status().message().find("disk is full") != std::string::npos);
    CHECK(log->ListSessions()->size() == 1);
    CHECK(*log->LatestUnfinished() == std::optional<std::int64_t>(1));
  }
}

TEST_CASE("the end of a game is logged with its command, and undoing it reactivates",
          "[session_log]") {
  TempPath db("log.db");
  auto log = MustOpen(db.str());
  std::int64_t id = *log->CreateSession("base", "{}", "A,B");
  REQUIRE(*log->AppendCommand(id, "place U 1,0 0", "h1", {}) == 1);
  REQUIRE(*log->AppendCommand(id, "end", "h2", {{"road", "{}"}},
                              SessionStatusChange{kSessionFinished, R"({"winner":"A"})"}) == 2);
  auto record = log->LoadSession(id);
  CHECK(record->status == kSessionFinished);
  CHECK(record->result == R"({"winner":"A"})");
  CHECK_FALSE(log->LatestUnfinished()->has_value());

  REQUIRE(*log->MarkLastUndone(id, SessionStatusChange{kSessionActive, ""}) == 2);
  record = log->LoadSession(id);
  CHECK(record->status == kSessionActive);
  CHECK(record->result.empty());
  CHECK(**log->LatestUnfinished() == id);

  SECTION("an unknown status writes nothing") {
    auto bad = log->AppendCommand(id, "end", "h2", {}, SessionStatusChange{"won", ""});
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.status().code() == Status::Code::kIllegal);
    CHECK(log->LoadSession(id)->commands.size() == 2);
  }
  SECTION("when the status cannot be written, neither is the command") {
    RawExec(db.str(),
            "CREATE TRIGGER full BEFORE UPDATE OF status ON sessions "
            "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;");
    auto end = log->AppendCommand(id, "end", "h2", {}, SessionStatusChange{kSessionFinished, ""});
    REQUIRE_FALSE(end.ok());
    record = log->LoadSession(id);
    CHECK(record->commands.size() == 2);
    CHECK(record->status == kSessionActive);
  }
}

TEST_CASE("a second writer on one session is refused", "[session_log]") {
  TempPath db("log.db");
  auto first = MustOpen(db.str());
  std::int64_t id = *first->CreateSession("base", "{}", "A,B");
  REQUIRE(*first->AppendCommand(id, "place U 1,0 0", "h1", {}) == 1);

  // Two windows resume the same session.
  auto second = MustOpen(db.str());
  REQUIRE(second->ContinueSession(id).ok());
  REQUIRE(*first->AppendCommand(id, "meeple road E", "h2", {}) == 2);

  const std::string refusal = "session log " + db.str() +
                              ": session 1 was continued elsewhere "
                              "(another carcref logged command 2); nothing logged here: resume "
                              "it again to go on from there";
  auto twice = second->AppendCommand(id, "meeple road E", "h2'", {});
  REQUIRE_FALSE(twice.ok());
  CHECK(twice.status().code() == Status::Code::kIllegal);
  CHECK(twice.status().message() == refusal);
  auto undo = second->MarkLastUndone(id);
  REQUIRE_FALSE(undo.ok());
  CHECK(undo.status().message() == refusal);
  CHECK(first->LoadSession(id)->commands.size() == 2);

  // The first goes on; an undo there is seen by the second too.
  REQUIRE(*first->MarkLastUndone(id) == 2);
  REQUIRE(second->ContinueSession(id).ok());
  REQUIRE(*second->AppendCommand(id, "meeple city N", "h3", {}) == 3);
  auto stale = first->AppendCommand(id, "pass", "h4", {});
  REQUIRE_FALSE(stale.ok());
  CHECK(stale.status().message().find("another carcref logged command 3") != std::string::npos);

  // An undo elsewhere is a change too.
  REQUIRE(first->ContinueSession(id).ok());
  REQUIRE(*second->MarkLastUndone(id) == 3);
  auto after_undo = first->AppendCommand(id, "pass", "h4", {});
  REQUIRE_FALSE(after_undo.ok());
  CHECK(after_undo.status().message().find("another carcref undid a command") != std::string::npos);
  CHECK(first->LoadSession(id)->commands.size() == 3);
}

TEST_CASE("review opens nothing that is not there and writes nothing", "[session_log]") {
  SECTION("a missing file is not created") {
    TempPath db("typo.db", "no/such/dir");
    auto log = SessionLog::OpenForReview(db.str());
    REQUIRE_FALSE(log.ok());
    CHECK(log.status().code() == Status::Code::kNotFound);
    CHECK(log.status().message() == "session log " + db.str() + ": no such file");
    CHECK_FALSE(fs::exists(db.path().parent_path()));
  }
  SECTION("an empty file is a log with no sessions, left empty") {
    TempPath db("empty.db");
    WriteBytes(db.str(), "");
    auto log = SessionLog::OpenForReview(db.str());
    REQUIRE(log.ok());
    CHECK((*log)->ListSessions()->empty());
    CHECK(fs::file_size(db.str()) == 0);
    CHECK_FALSE(HasSideFiles(db.str()));
  }
  SECTION("a closed log is read without side files and left as it was") {
    TempPath db("log.db");
    {
      auto log = MustOpen(db.str());
      REQUIRE(*log->CreateSession("base", "{}", "A,B") == 1);
    }
    std::string before = ReadBytes(db.str());
    auto log = SessionLog::OpenForReview(db.str());
    REQUIRE(log.ok());
    CHECK((*log)->LoadSession(1).ok());
    CHECK_FALSE((*log)->AppendCommand(1, "x", "h", {}).ok());
    log.value().reset();
    CHECK(ReadBytes(db.str()) == before);
    CHECK_FALSE(HasSideFiles(db.str()));
  }
}

TEST_CASE("a refused WAL-mode file gets no side files", "[session_log]") {
  TempPath db("foreign.db");
  RawExec(db.str(), "PRAGMA journal_mode = WAL; CREATE TABLE foo (x); INSERT INTO foo VALUES (1);");
  REQUIRE_FALSE(HasSideFiles(db.str()));
  std::string before = ReadBytes(db.str());
  auto log = SessionLog::Open(db.str());
  REQUIRE_FALSE(log.ok());
  CHECK(log.status().code() == Status::Code::kCorrupt);
  auto review = SessionLog::OpenForReview(db.str());
  REQUIRE_FALSE(review.ok());
  CHECK(review.status().message() == "session log " + db.str() + ": not a carcref database");
  CHECK(ReadBytes(db.str()) == before);
  CHECK_FALSE(HasSideFiles(db.str()));
}

TEST_CASE("one session with an orphan event does not hide the others", "[session_log][review]") {
  TempPath db("log.db");
  {
    auto log = MustOpen(db.str());
    for (int i = 0; i < 3; ++i) {
      std::int64_t id = *log->CreateSession("base", "{}", "Anna:red,Ben:blue");
      REQUIRE(*log->AppendCommand(id, "place U 1,0 0", "h1", {}) == 1);
    }
  }
  RawExec(db.str(),
          "PRAGMA foreign_keys = OFF; "
          "INSERT INTO events VALUES (2, 7, 0, 'road', '{}');");
  auto log = SessionLog::OpenForReview(db.str());
  REQUIRE(log.ok());
  CHECK((*log)->LoadSession(2).status().code() == Status::Code::kCorrupt);
  std::vector<std::string> left_out;
  auto archive = LoadArchive(**log, &left_out);
  REQUIRE(archive.ok());
  REQUIRE(archive->size() == 2);
  CHECK((*archive)[0].id == 1);
  CHECK((*archive)[1].id == 3);
  REQUIRE(left_out.size() == 1);
  CHECK(left_out[0] == "session 2 left out: session log " + db.str() +
                           ": damaged (event for missing command 7 of session 2)");
  std::ostringstream sessions;
  REQUIRE(PrintSessions(**log, SessionFilter{}, sessions).ok());
  CHECK(sessions.str().find("session 2 left out") != std::string::npos);
  std::ostringstream stats;
  REQUIRE(PrintStats(**log, StatsFilter{}, stats).ok());
}

TEST_CASE("show reads a session whose created_at is short", "[session_log][review]") {
  SessionRecord record;
  record.id = 1;
  record.game = "base";
  record.status = kSessionFinished;
  record.players = "Anna:red,Ben:blue";
  for (std::string created : {"", "2024", "2024-05-01", "2024-05-01T12"}) {
    record.created_at = created;
    INFO(created);
    CHECK(FormatShow(record).ok());
  }
}

TEST_CASE("a summary is kept only while current: every change stores or drops it",
          "[session_log][summary]") {
  auto log = MustOpen(":memory:", SteppingClock());
  auto summary_of = [&](std::int64_t id) {
    Result<std::vector<SessionSummary>> list = log->ListSessions();
    REQUIRE(list.ok());
    for (const SessionSummary& s : *list)
      if (s.id == id) return s.summary;
    FAIL("no session " << id);
    return std::string();
  };
  std::int64_t id = *log->CreateSession("base", "{}", "Anna:red", {}, std::string("s0"));
  std::int64_t other = *log->CreateSession("base", "{}", "Ben:blue");
  CHECK(summary_of(id) == "s0");
  CHECK(summary_of(other).empty());
  CHECK(*log->SessionsToSummarise("s") == std::vector<std::int64_t>{other});

  REQUIRE(log->AppendCommand(id, "place U 1,0 0", "h1", {}, std::nullopt, std::string("s1")).ok());
  CHECK(summary_of(id) == "s1");
  REQUIRE(log->AddSessionTile(id, "saved:x", "ffff").ok());  // tiles are not summarised
  CHECK(summary_of(id) == "s1");
  REQUIRE(log->AppendCommand(id, "pass", "h2", {}).ok());  // no summary given: dropped
  CHECK(summary_of(id).empty());
  REQUIRE(log->AppendCommand(id, "end", "h3", {}, SessionStatusChange{kSessionFinished, "{}"},
                             std::string("s3"))
              .ok());
  CHECK(summary_of(id) == "s3");
  REQUIRE(log->MarkLastUndone(id, SessionStatusChange{kSessionActive, ""}, std::string("s2")).ok());
  CHECK(summary_of(id) == "s2");
  REQUIRE(log->MarkLastUndone(id).ok());
  CHECK(summary_of(id).empty());
  REQUIRE(log->SetStatus(id, kSessionAbandoned, "", std::string("sA")).ok());
  CHECK(summary_of(id) == "sA");
  REQUIRE(log->SetStatus(id, kSessionAbandoned, "gave up").ok());
  CHECK(summary_of(id).empty());
  CHECK(*log->SessionsToSummarise("s") == std::vector<std::int64_t>{id, other});

  // PutSummary writes for the session as loaded, and not once it changed since.
  SessionRecord loaded = *log->LoadSession(id);
  CHECK(*log->PutSummary(loaded, "s-loaded") == true);
  CHECK(summary_of(id) == "s-loaded");
  REQUIRE(log->AppendCommand(id, "place V 0,-1 0", "h4", {}).ok());
  CHECK(*log->PutSummary(loaded, "stale") == false);
  CHECK(summary_of(id).empty());
  SessionRecord again = *log->LoadSession(id);
  REQUIRE(log->SetStatus(id, kSessionFinished, "{}").ok());
  CHECK(*log->PutSummary(again, "stale") == false);  // the status changed
  CHECK(*log->PutSummary(*log->LoadSession(id), "old shape") == true);
  // A summary of another shape counts as none.
  CHECK(*log->SessionsToSummarise("s") == std::vector<std::int64_t>{id, other});
  CHECK(log->PutSummary(SessionRecord{}, "x").status().code() == Status::Code::kNotFound);
}

TEST_CASE("import copies summaries; a version 2 log is reviewed without them, unchanged",
          "[session_log][summary][migration]") {
  TempPath source("source.db");
  {
    auto log = MustOpen(source.str());
    std::int64_t id = *log->CreateSession("base", "{}", "Anna:red", {}, std::string("kept"));
    REQUIRE(
        log->AppendCommand(id, "place U 1,0 0", "h1", {}, std::nullopt, std::string("kept")).ok());
    REQUIRE(log->CreateSession("base", "{}", "Ben:blue").ok());
  }
  auto into = MustOpen(":memory:");
  REQUIRE(into->CreateSession("city", "{}", "Cy:green", {}, std::string("mine")).ok());
  auto read = SessionLog::OpenReadOnly(source.str());
  REQUIRE(read.ok());
  REQUIRE(into->Import(**read)->imported == 2);
  auto list = into->ListSessions();
  REQUIRE(list->size() == 3);
  CHECK((*list)[0].summary == "mine");
  CHECK((*list)[1].summary == "kept");
  CHECK((*list)[2].summary.empty());

  // The same file taken back to version 2 (as an older carcref left it): review reads it
  // without summaries and writes nothing; a write-open upgrades it, summaries empty.
  RawExec(source.str(), "DROP TABLE session_summaries; PRAGMA user_version = 2;");
  std::string before = ReadBytes(source.str());
  {
    auto review = SessionLog::OpenForReview(source.str());
    REQUIRE(review.ok());
    auto old = (*review)->ListSessions();
    REQUIRE(old.ok());
    REQUIRE(old->size() == 2);
    CHECK((*old)[0].summary.empty());
    CHECK((*old)[0].live_commands == 1);
    CHECK((*review)->SessionsToSummarise("")->empty());
  }
  CHECK(ReadBytes(source.str()) == before);
  CHECK_FALSE(HasSideFiles(source.str()));
  {
    auto upgraded = MustOpen(source.str());
    CHECK(*upgraded->SessionsToSummarise("k") == std::vector<std::int64_t>{1, 2});
  }
  CHECK(RawQuery(source.str(), "PRAGMA user_version") == "3");
  CHECK(ReadBytes(source.str() + ".bak-v2") == before);
}

TEST_CASE("a log is made with its first session, not before", "[session_log]") {
  SECTION("a missing file and its directories appear only with a session") {
    TempPath db("late.db", "not/yet");
    auto log = MustOpen(db.str());
    CHECK((*log).ListSessions()->empty());
    CHECK_FALSE(log->LatestUnfinished()->has_value());
    CHECK(log->LoadSession(1).status().code() == Status::Code::kNotFound);
    CHECK_FALSE(fs::exists(db.path().parent_path()));
    REQUIRE(*log->CreateSession("base", "{}", "A,B") == 1);
    CHECK(RawQuery(db.str(), "SELECT count(*) FROM sessions") == "1");
  }
  SECTION("an empty file stays empty until then") {
    TempPath db("empty.db");
    WriteBytes(db.str(), "");
    {
      auto log = MustOpen(db.str());
      CHECK(log->ListSessions()->empty());
    }
    CHECK(fs::file_size(db.str()) == 0);
    CHECK_FALSE(HasSideFiles(db.str()));
  }
}
