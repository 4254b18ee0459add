// The session log in SQLite (DESIGN.md "Session log (SQLite)").
//
// Schema, version 3 (kept in PRAGMA user_version; the SQL is kSchemaV1, kSchemaV2 and
// kSchemaV3 below):
//
//   meta(key TEXT PRIMARY KEY, value TEXT)
//       ('application', 'carcref') marks the file as ours. Every future schema must keep
//       this table and row as they are: older builds read them to recognise the file
//       before they look at user_version.
//   sessions(id INTEGER PRIMARY KEY, uuid TEXT UNIQUE, created_at TEXT, updated_at TEXT,
//            game TEXT, options TEXT, players TEXT,
//            status TEXT IN ('active', 'finished', 'abandoned'), result TEXT,
//            origin TEXT)
//       uuid is "<creation time, compact>-<id>", e.g. "20240501T123456.789Z-7": no
//       randomness, unique within the file and in practice across files. Import keeps it,
//       so it is what identifies a session across files. origin (v2) is '' for a session
//       played here, "<source file>#<id there>" for an imported one.
//   session_tiles(session_id -> sessions, name TEXT, definition TEXT,
//                 PRIMARY KEY(session_id, name))
//       The tile definitions a session used, so a replay never depends on a catalogue
//       file that changed since. Insertion order is the rowid.
//   commands(session_id -> sessions, seq INTEGER, text TEXT, undone INTEGER 0/1,
//            state_hash TEXT, created_at TEXT, PRIMARY KEY(session_id, seq))
//       seq counts from 1 per session. Undo marks a row undone and keeps it. The index
//       commands_live(session_id, undone) (v2) serves the live-command counts of
//       ListSessions.
//   events(session_id, seq, idx INTEGER, kind TEXT, data TEXT,
//          PRIMARY KEY(session_id, seq, idx), (session_id, seq) -> commands)
//       The events a command produced, in order; data is the caller's JSON.
//   session_summaries(session_id PRIMARY KEY -> sessions, summary TEXT)   (v3)
//       The caller's summary of a session, kept only while current (session_log.h
//       "Summaries"): written or deleted in the transaction of every change to the session.
//
// Version 2 added sessions.origin and commands_live, for Import. Version 3 added
// session_summaries, so that listing 1,000 sessions reads 1,000 rows, not every command;
// the upgrade leaves it empty and the caller fills it (PutSummary). Every column is NOT NULL;
// text the caller did not give is ''. Timestamps are ISO-8601
// UTC with milliseconds, which sort correctly as text.
//
// Opening looks before it writes: a read-only connection first checks that the file is
// an SQLite database, that it is empty or carries our meta row, that its schema is not
// newer than ours and that quick_check passes. Only then does a read-write connection
// create or upgrade the schema and switch to WAL. Upgrades run one step per transaction
// (kMigrations), after a copy of the file has been saved as PATH.bak-vN.
//
// OpenReadOnly makes the same checks on a read-only connection and stops there: it never
// upgrades, so the queries that read sessions work on every schema version since 1.
#include "store/session_log.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include "carcref/i18n.h"

namespace carcref {
namespace {

namespace fs = std::filesystem;

constexpr int kBusyTimeoutMs = 5000;
constexpr const char kApplication[] = "carcref";
constexpr const char kChooseAnother[] = "use --db to choose another file";

constexpr const char kSchemaV1[] = R"sql(
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
)sql";

// Version 1 -> 2: where an imported session came from, and an index for the live-command
// counts (commands are read by session and undone flag).
constexpr const char kSchemaV2[] = R"sql(
ALTER TABLE sessions ADD COLUMN origin TEXT NOT NULL DEFAULT '';
CREATE INDEX commands_live ON commands(session_id, undone);
)sql";

// Version 2 -> 3: per-session summaries.
constexpr const char kSchemaV3[] = R"sql(
CREATE TABLE session_summaries(
  session_id INTEGER PRIMARY KEY REFERENCES sessions(id),
  summary    TEXT NOT NULL
);
)sql";

// TRANSLATORS: {1} the log's file name; what is wrong with it follows.
std::string Prefix(const std::string& path) { return Fill(Tr("session log {1}: "), {path}); }

// SQLite reports can span lines (quick_check does); a Status message is one line.
std::string OneLine(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return text;
}

// The one-line refusal Open gives for a file it will not touch.
Status Refuse(const std::string& path, const std::string& what,
              const std::string& advice = kChooseAnother) {
  return Status::Corrupt(Prefix(path) + what + "; " + advice);
}

// A command and its state hash are one line each (a line typed at the table); a control
// character in either read back from the file is damage.
bool HasControl(const std::string& text) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 && c != '\t') return true;
  }
  return false;
}

// Maps a failed SQLite call to a Status. Damage is Corrupt; anything else (disk full,
// locked, permissions) is IOError.
Status SqliteError(sqlite3* db, int rc, const std::string& path) {
  // One line: a damaged schema's message quotes its SQL, newlines and all.
  std::string message = OneLine(db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
  // A full disk met while growing the shared-memory index or the WAL comes back from SQLite
  // as a plain "disk I/O error"; the errno behind it says what the user must know.
  int system_errno = db != nullptr ? sqlite3_system_errno(db) : 0;
  if ((rc & 0xff) == SQLITE_FULL ||
      ((rc & 0xff) == SQLITE_IOERR && (system_errno == ENOSPC || system_errno == EDQUOT))) {
    return Status::IOError(Prefix(path) + Tr("disk full"));
  }
  switch (rc & 0xff) {
    case SQLITE_NOTADB:
      return Refuse(path, "file is not a database");
    case SQLITE_CORRUPT:
      return Refuse(path, "damaged (" + message + ")");
    default:
      return Status::IOError(Prefix(path) + message);
  }
}

struct CloseDb {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using DbHandle = std::unique_ptr<sqlite3, CloseDb>;

Result<DbHandle> OpenHandle(const std::string& path, int flags) {
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  DbHandle db(raw);  // sqlite3_open_v2 hands out a handle even when it fails.
  if (rc != SQLITE_OK) return SqliteError(db.get(), rc, path);
  sqlite3_extended_result_codes(db.get(), 0);
  sqlite3_busy_timeout(db.get(), kBusyTimeoutMs);
  return db;
}

Status Exec(sqlite3* db, const std::string& path, const char* sql) {
  int rc = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
  return rc == SQLITE_OK ? Status::Ok() : SqliteError(db, rc, path);
}

}  // namespace

// The statements a SessionLog prepared, by their SQL, kept for its lifetime: the commands of
// a game run the same few statements over and over, prepared once.
struct SessionLog::Statements {
  std::unordered_map<std::string, sqlite3_stmt*> prepared;
  ~Statements() {
    for (auto& item : prepared) sqlite3_finalize(item.second);
  }
};

namespace {

// A prepared statement. Binds take parameters in order; the first failure (of prepare or
// a bind) is kept and returned by the next Step or Run, so call sites check once. Made with
// a SessionLog's Statements it is prepared once and reused (reset when this object ends).
class Statement {
 public:
  Statement(sqlite3* db, const std::string& path, const char* sql) : db_(db), path_(path) {
    rc_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr);
  }
  Statement(SessionLog::Statements& cache, sqlite3* db, const std::string& path, const char* sql)
      : db_(db), path_(path), owned_(false) {
    auto found = cache.prepared.find(sql);
    if (found != cache.prepared.end()) {
      stmt_ = found->second;
      return;
    }
    rc_ = sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
    if (rc_ == SQLITE_OK && stmt_ != nullptr) {
      cache.prepared.emplace(sql, stmt_);
    } else {
      owned_ = true;  // a failed prepare is not kept: the next use tries again
    }
  }
  ~Statement() {
    if (owned_) {
      sqlite3_finalize(stmt_);
    } else {
      sqlite3_reset(stmt_);  // ends its read of the file, for the next use
      sqlite3_clear_bindings(stmt_);
    }
  }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& Bind(std::int64_t value) {
    if (rc_ == SQLITE_OK) rc_ = sqlite3_bind_int64(stmt_, next_++, value);
    return *this;
  }
  Statement& Bind(const std::string& value) {
    if (rc_ == SQLITE_OK) {
      rc_ = sqlite3_bind_text64(stmt_, next_++, value.data(), value.size(), SQLITE_TRANSIENT,
                                SQLITE_UTF8);
    }
    return *this;
  }

  // True when a row is ready, false when the statement is done.
  Result<bool> Step() {
    if (rc_ != SQLITE_OK) return SqliteError(db_, rc_, path_);
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return SqliteError(db_, rc, path_);
  }

  // Steps to the end, for statements that return no rows.
  Status Run() {
    for (;;) {
      Result<bool> row = Step();
      if (!row.ok()) return row.status();
      if (!*row) return Status::Ok();
    }
  }

  // Makes the statement ready to bind and run again. One that failed to prepare (a damaged
  // schema) has nothing to reset and keeps its error for the next Step.
  void Reset() {
    if (stmt_ == nullptr) return;
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    next_ = 1;
  }

  bool IsNull(int column) { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }
  std::int64_t Int(int column) { return sqlite3_column_int64(stmt_, column); }
  std::string Text(int column) {
    const unsigned char* text = sqlite3_column_text(stmt_, column);
    if (text == nullptr) return std::string();
    return std::string(reinterpret_cast<const char*>(text),
                       static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
  }

 private:
  sqlite3* db_;
  const std::string& path_;
  sqlite3_stmt* stmt_ = nullptr;
  bool owned_ = true;
  int rc_ = SQLITE_OK;
  int next_ = 1;
};

// A transaction that rolls back unless committed.
class Transaction {
 public:
  enum class Kind { kRead, kWrite };

  Transaction(sqlite3* db, const std::string& path) : db_(db), path_(path) {}
  ~Transaction() {
    if (open_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  // kWrite takes the write lock at once (BEGIN IMMEDIATE), so what a write transaction
  // reads cannot change before it writes.
  Status Begin(Kind kind) {
    Status status = Exec(db_, path_, kind == Kind::kWrite ? "BEGIN IMMEDIATE" : "BEGIN");
    open_ = status.ok();
    return status;
  }
  Status Commit() {
    Status status = Exec(db_, path_, "COMMIT");
    if (status.ok()) open_ = false;
    return status;
  }

 private:
  sqlite3* db_;
  const std::string& path_;
  bool open_ = false;
};

// Returns the carcref schema version of the database (0 for an empty one, which becomes
// ours), or the refusal for one that is not ours, newer than this build or damaged.
// Only reads.
Result<int> Inspect(sqlite3* db, const std::string& path, bool quick_check) {
  // The first read of the file is where SQLite notices it is no database or truncated.
  Statement count(db, path, "SELECT count(*) FROM sqlite_master");
  Result<bool> row = count.Step();
  if (!row.ok()) return row.status();
  std::int64_t objects = count.Int(0);

  Statement user_version(db, path, "PRAGMA user_version");
  row = user_version.Step();
  if (!row.ok()) return row.status();
  std::int64_t version = user_version.Int(0);

  if (quick_check) {
    Statement check(db, path, "PRAGMA quick_check(1)");
    row = check.Step();
    if (!row.ok()) return row.status();
    std::string verdict = *row ? check.Text(0) : std::string("no verdict");
    if (verdict != "ok") return Refuse(path, "damaged (quick_check: " + OneLine(verdict) + ")");
  }

  if (objects == 0 && version == 0) return 0;

  // A foreign "meta" table may lack our columns; then preparing fails, and it is not ours.
  std::string application;
  Statement has_meta(db, path,
                     "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
  row = has_meta.Step();
  if (!row.ok()) return row.status();
  if (has_meta.Int(0) == 1) {
    Statement meta(db, path, "SELECT value FROM meta WHERE key = 'application'");
    row = meta.Step();
    // Damage there is damage, not a foreign file.
    if (!row.ok() && row.status().code() == Status::Code::kCorrupt) return row.status();
    if (row.ok() && *row) application = meta.Text(0);
  }
  if (application != kApplication) return Refuse(path, "not a carcref database");

  if (version <= 0) return Refuse(path, "damaged (carcref tables but no schema version)");
  if (version > kSessionLogSchemaVersion) {
    return Refuse(path,
                  "was written by a newer carcref (schema " + std::to_string(version) +
                      ", this build reads up to " + std::to_string(kSessionLogSchemaVersion) + ")",
                  "upgrade carcref or " + std::string(kChooseAnother));
  }
  return static_cast<int>(version);
}

// One schema upgrade: takes a database at version N to N + 1 inside the caller's write
// transaction (the caller then sets user_version). kMigrations[0] creates the schema in an
// empty database. Schema 2 is one more function and one more entry, plus
// kSessionLogSchemaVersion = 2 and an updated schema comment.
using Migration = Status (*)(sqlite3* db, const std::string& path);

Status CreateSchemaV1(sqlite3* db, const std::string& path) { return Exec(db, path, kSchemaV1); }
Status UpgradeToV2(sqlite3* db, const std::string& path) { return Exec(db, path, kSchemaV2); }
Status UpgradeToV3(sqlite3* db, const std::string& path) { return Exec(db, path, kSchemaV3); }

constexpr Migration kMigrations[] = {&CreateSchemaV1, &UpgradeToV2, &UpgradeToV3};
static_assert(std::size(kMigrations) == kSessionLogSchemaVersion,
              "one migration per schema version");

// Copies the main database file to `target` byte for byte, reading through SQLite's own
// file handle: opening the file a second time in this process and closing it would drop
// SQLite's POSIX locks on it (sqlite.org/howtocorrupt.html, section 2.2).
Status CopyMainFile(sqlite3* db, const std::string& path, const std::string& target) {
  auto fail = [&](const std::string& why) {
    return Status::IOError(Prefix(path) + "cannot save a copy as " + target +
                           " before upgrading: " + why);
  };
  sqlite3_file* file = nullptr;
  if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK ||
      file == nullptr || file->pMethods == nullptr) {
    return fail("the database file is not open");
  }
  sqlite3_int64 size = 0;
  if (int rc = file->pMethods->xFileSize(file, &size); rc != SQLITE_OK) {
    return fail(sqlite3_errstr(rc));
  }
  std::ofstream out(target, std::ios::binary | std::ios::trunc);
  if (!out) return fail("cannot create it");
  std::vector<char> buffer(1 << 16);
  for (sqlite3_int64 offset = 0; offset < size;) {
    int n = static_cast<int>(
        std::min<sqlite3_int64>(static_cast<sqlite3_int64>(buffer.size()), size - offset));
    if (int rc = file->pMethods->xRead(file, buffer.data(), n, offset); rc != SQLITE_OK) {
      return fail(sqlite3_errstr(rc));
    }
    out.write(buffer.data(), n);
    offset += n;
  }
  out.close();
  if (!out) return fail("write error");
  return Status::Ok();
}

// Saves a consistent copy of the database as PATH.bak-vN: the file itself, byte for byte,
// when everything is in it (no WAL frames), else an SQLite backup, which takes the WAL
// contents in too.
Status BackUp(sqlite3* db, const std::string& path, int version) {
  std::string target = path + ".bak-v" + std::to_string(version);
  std::error_code ec;
  fs::remove(target, ec);  // A stale copy from an upgrade that failed is replaced.
  {
    // A read transaction keeps writers (and checkpoints) off the main file while it is copied.
    Transaction read(db, path);
    if (Status status = read.Begin(Transaction::Kind::kRead); !status.ok()) return status;
    Statement look(db, path, "SELECT count(*) FROM sqlite_master");
    if (Result<bool> row = look.Step(); !row.ok()) return row.status();
    std::uintmax_t wal = fs::file_size(path + "-wal", ec);
    if (ec || wal == 0) return CopyMainFile(db, path, target);
  }
  Result<DbHandle> copy = OpenHandle(target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (!copy.ok()) return copy.status();
  sqlite3_backup* backup = sqlite3_backup_init(copy->get(), "main", db, "main");
  if (backup == nullptr) return SqliteError(copy->get(), sqlite3_errcode(copy->get()), target);
  sqlite3_backup_step(backup, -1);
  int rc = sqlite3_backup_finish(backup);
  if (rc != SQLITE_OK) {
    return Status::IOError(Prefix(path) + "cannot save a copy as " + target + " before " +
                           "upgrading: " + sqlite3_errstr(rc));
  }
  return Status::Ok();
}

// Brings the database to kSessionLogSchemaVersion, one committed step at a time.
Status Upgrade(sqlite3* db, const std::string& path, bool in_memory) {
  Result<int> start = Inspect(db, path, /*quick_check=*/false);
  if (!start.ok()) return start.status();
  if (*start >= 1 && *start < kSessionLogSchemaVersion && !in_memory) {
    if (Status status = BackUp(db, path, *start); !status.ok()) return status;
  }
  for (;;) {
    Transaction txn(db, path);
    if (Status status = txn.Begin(Transaction::Kind::kWrite); !status.ok()) return status;
    // Look again under the write lock: another process may have upgraded meanwhile.
    Result<int> version = Inspect(db, path, /*quick_check=*/false);
    if (!version.ok()) return version.status();
    if (*version == kSessionLogSchemaVersion) return Status::Ok();
    // A new log gets the whole schema in one transaction: a kill leaves all of it or none,
    // never a version-1 log that the next open would back up and upgrade.
    int target = *version == 0 ? kSessionLogSchemaVersion : *version + 1;
    for (int step = *version; step < target; ++step) {
      if (Status status = kMigrations[step](db, path); !status.ok()) return status;
    }
    std::string bump = "PRAGMA user_version = " + std::to_string(target);
    if (Status status = Exec(db, path, bump.c_str()); !status.ok()) return status;
    if (Status status = txn.Commit(); !status.ok()) return status;
  }
}

std::string FormatTime(std::chrono::system_clock::time_point now) {
  using std::chrono::duration_cast;
  using std::chrono::milliseconds;
  std::int64_t ms = duration_cast<milliseconds>(now.time_since_epoch()).count();
  std::int64_t secs = ms / 1000 - (ms % 1000 < 0 ? 1 : 0);
  std::time_t t = static_cast<std::time_t>(secs);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(ms - secs * 1000));
  return buf;
}

// "2024-05-01T12:34:56.789Z" -> "20240501T123456.789Z".
std::string CompactTime(const std::string& iso) {
  std::string out;
  for (char c : iso) {
    if (c != '-' && c != ':') out += c;
  }
  return out;
}

bool KnownStatus(const std::string& status) {
  return status == kSessionActive || status == kSessionFinished || status == kSessionAbandoned;
}

// "file:" URI of a path, percent-encoding all but unreserved characters and '/'.
std::string FileUri(const std::string& path) {
  std::string uri = "file:";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      uri += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      uri += buf;
    }
  }
  return uri;
}

// A read-only connection that leaves no side files behind when it can: a WAL database opened
// read-only creates PATH-wal and PATH-shm and leaves them, so a file without a -wal (closed
// cleanly; nobody is writing it) is opened as immutable. One with a -wal may hold commits
// not yet in the main file, so it is read through the WAL like any reader.
Result<DbHandle> OpenReadOnlyHandle(const std::string& path) {
  std::error_code ec;
  // A non-empty rollback journal may be hot (a write was interrupted): an immutable
  // connection would ignore it and read a half-written file.
  std::error_code journal_ec;
  bool journal = fs::file_size(path + "-journal", journal_ec) > 0 && !journal_ec;
  if (fs::exists(path + "-wal", ec) || journal) return OpenHandle(path, SQLITE_OPEN_READONLY);
  std::string absolute = fs::absolute(path, ec).string();
  if (ec) absolute = path;
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2((FileUri(absolute) + "?immutable=1").c_str(), &raw,
                           SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
  DbHandle db(raw);
  if (rc != SQLITE_OK) return SqliteError(db.get(), rc, path);
  sqlite3_extended_result_codes(db.get(), 0);
  return db;
}

// The result code of the first read of the file, where SQLite notices a hot journal or a
// WAL index it must rebuild; a read-only connection cannot do either (SQLITE_READONLY).
int Probe(sqlite3* db) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_master", -1, &stmt, nullptr);
  if (rc == SQLITE_OK) {
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW || rc == SQLITE_DONE) rc = SQLITE_OK;
  }
  sqlite3_finalize(stmt);
  return rc;
}

// A connection to look at an existing file before anything is decided about it: read-only
// (and immutable where nobody is writing it, so no -wal or -shm appears beside a file that
// is then refused). A write interrupted by a kill (a hot rollback journal, from a kill while
// the schema was created or upgraded, or a WAL index to rebuild) can only be recovered by a
// connection that may write; with `recover` such a file is looked at through a read-write
// connection that creates nothing, and SQLite's recovery puts the file back as it was before
// the interrupted transaction. Without `recover` it is refused with one line.
Result<DbHandle> OpenToLook(const std::string& path, bool recover) {
  Result<DbHandle> look = OpenReadOnlyHandle(path);
  if (!look.ok()) return look;
  int rc = Probe(look->get());
  if ((rc & 0xff) != SQLITE_READONLY) return look;  // Inspect reports any other failure
  if (!recover) {
    return Status::IOError(Prefix(path) + "a write to it was interrupted; open it once with " +
                           "carcref --db " + path + " to recover it");
  }
  look.value().reset();  // closed before the connection that recovers opens
  Result<DbHandle> writable = OpenHandle(path, SQLITE_OPEN_READWRITE);
  if (!writable.ok()) return writable;
  rc = Probe(writable->get());
  if ((rc & 0xff) == SQLITE_READONLY || (rc & 0xff) == SQLITE_CANTOPEN) {
    return Status::IOError(Prefix(path) + "a write to it was interrupted and cannot be " +
                           "recovered here (" + sqlite3_errstr(rc) + ")");
  }
  return writable;
}

// A file Open makes the log in at its first write: none there yet, or an empty one (made
// by `touch` or mktemp) with no WAL beside it.
bool IsFresh(const std::string& path) {
  std::error_code ec;
  fs::file_status file = fs::status(path, ec);
  if (!fs::exists(file)) return true;
  if (!fs::is_regular_file(file) || fs::file_size(path, ec) != 0 || ec) return false;
  std::uintmax_t wal = fs::file_size(path + "-wal", ec);
  return ec || wal == 0;
}

// Refuses a log that cannot be written where it is, before anything is accepted at the table:
// the file itself, or its directory, where SQLite keeps PATH-wal and PATH-shm beside it (and
// a log not made yet is made). access() answers for this process: root passes permission
// bits, so there only a read-only filesystem stops it, as it would stop SQLite.
Status CheckWritable(const std::string& path) {
  auto read_only = [](const std::string& name, int mode) {
    return access(name.c_str(), mode) != 0 && (errno == EACCES || errno == EROFS || errno == EPERM);
  };
  std::error_code ec;
  if (fs::exists(path, ec) && read_only(path, W_OK)) {
    return Status::IOError(Prefix(path) + "the file is read-only; " + kChooseAnother);
  }
  fs::path dir = fs::absolute(path, ec).parent_path();
  while (!dir.empty() && !fs::exists(dir, ec) && dir != dir.parent_path()) dir = dir.parent_path();
  if (!dir.empty() && read_only(dir.string(), W_OK | X_OK)) {
    return Status::IOError(Prefix(path) + "the directory " + dir.string() +
                           " is read-only (the log keeps files beside it); " + kChooseAnother);
  }
  return Status::Ok();
}

// A read-write connection on a file found to be ours (or to be made ours), brought to the
// current schema and switched to WAL; ":memory:" for a log in memory.
Result<DbHandle> OpenWritable(const std::string& path) {
  const bool in_memory = path == ":memory:";
  Result<DbHandle> db = OpenHandle(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (!db.ok()) return db;
  sqlite3* raw = db->get();
  // Per-connection settings; none of them writes to the file.
  if (Status s = Exec(raw, path, "PRAGMA foreign_keys = ON"); !s.ok()) return s;
  if (Status s = Exec(raw, path, "PRAGMA synchronous = FULL"); !s.ok()) return s;
  if (Status s = Upgrade(raw, path, in_memory); !s.ok()) return s;
  // Only now is the file known to be ours. A filesystem without WAL support leaves the
  // rollback journal in place, which with synchronous = FULL is just as durable.
  if (!in_memory) {
    if (Status s = Exec(raw, path, "PRAGMA journal_mode = WAL"); !s.ok()) return s;
    // The first read in WAL mode makes PATH-shm: a full disk shows here, not later.
    if (int rc = Probe(raw); rc != SQLITE_OK) return SqliteError(raw, rc, path);
  }
  return db;
}

// Open's refusals end in advice about --db, which means nothing for a file opened only to
// be read (it is named on the command line by itself); OpenReadOnly drops it.
Status WithoutDbAdvice(const Status& status) {
  std::string message = status.message();
  for (const std::string& advice :
       {std::string("; ") + kChooseAnother, std::string(" or ") + kChooseAnother}) {
    if (message.size() >= advice.size() &&
        message.compare(message.size() - advice.size(), advice.size(), advice) == 0) {
      message.erase(message.size() - advice.size());
      break;
    }
  }
  return status.code() == Status::Code::kCorrupt ? Status::Corrupt(message)
                                                 : Status::IOError(message);
}

}  // namespace

Result<std::unique_ptr<SessionLog>> SessionLog::Open(const std::string& path, Clock clock) {
  if (path.empty()) return Status::IOError(Tr("session log: no file name given"));
  if (path == ":memory:") {
    Result<DbHandle> db = OpenWritable(path);
    if (!db.ok()) return db.status();
    return std::unique_ptr<SessionLog>(
        new SessionLog(db->release(), path, std::move(clock), kSessionLogSchemaVersion));
  }
  std::error_code ec;
  fs::file_status file = fs::status(path, ec);
  if (fs::is_directory(file)) {
    return Status::IOError(Prefix(path) + "is a directory; " + kChooseAnother);
  }
  bool fresh = IsFresh(path);
  if (fs::exists(file) && !fresh) {
    // Look before touching: a read-only connection cannot change the file.
    Result<DbHandle> look = OpenToLook(path, /*recover=*/true);
    if (!look.ok()) return look.status();
    Result<int> version = Inspect(look->get(), path, /*quick_check=*/true);
    if (!version.ok()) return version.status();
  }
  if (Status s = CheckWritable(path); !s.ok()) return s;
  if (fresh) {
    // Nothing is written until the first session is: a refused `play` or a `resume` with
    // nothing to resume leaves no file (or the empty file as it was). Until then the log
    // reads as an empty one kept in memory.
    Result<DbHandle> empty = OpenWritable(":memory:");
    if (!empty.ok()) return empty.status();
    auto log = std::unique_ptr<SessionLog>(
        new SessionLog(empty->release(), path, std::move(clock), kSessionLogSchemaVersion));
    log->pending_ = true;
    return log;
  }
  Result<DbHandle> db = OpenWritable(path);
  if (!db.ok()) return db.status();
  return std::unique_ptr<SessionLog>(
      new SessionLog(db->release(), path, std::move(clock), kSessionLogSchemaVersion));
}

Status SessionLog::Materialise() {
  if (!pending_) return Status::Ok();
  // What is there now, to put back as it was if the log cannot be made (a full disk).
  std::error_code ec;
  bool existed = fs::exists(path_, ec);
  std::vector<std::string> side_files;
  for (const char* suffix : {"-wal", "-shm", "-journal"}) {
    if (!fs::exists(path_ + suffix, ec)) side_files.push_back(path_ + suffix);
  }
  std::vector<fs::path> new_directories;
  for (fs::path dir = fs::absolute(path_, ec).parent_path(); !dir.empty() && !fs::exists(dir, ec);
       dir = dir.parent_path()) {
    new_directories.push_back(dir);
    if (dir == dir.parent_path()) break;
  }
  Status made = Status::Ok();
  fs::path parent = fs::path(path_).parent_path();
  if (!parent.empty()) {
    fs::create_directories(parent, ec);
    if (ec) {
      made = Status::IOError(Prefix(path_) + "cannot create directory " + parent.string() + ": " +
                             ec.message());
    }
  }
  Result<DbHandle> db = made.ok() ? OpenWritable(path_) : Result<DbHandle>(made);
  if (!db.ok()) {
    // The connection is closed by now. What this call wrote goes: the schema may be committed
    // when the disk filled up afterwards (switching to WAL). Any other failure rolled back,
    // and a file another carcref made meanwhile (a lock conflict) is theirs and stays.
    const std::string& why = db.status().message();
    bool full = why.size() >= 9 && why.compare(why.size() - 9, 9, "disk full") == 0;
    std::uintmax_t size = fs::file_size(path_, ec);
    for (const std::string& side : side_files) {
      if (full || size == 0 || ec) fs::remove(side, ec);
    }
    if (full || (size == 0 && !ec)) {
      if (!existed) {
        fs::remove(path_, ec);
      } else {
        fs::resize_file(path_, 0, ec);
      }
    }
    for (const fs::path& dir : new_directories) fs::remove(dir, ec);  // innermost first
    return db.status();
  }
  statements_ = std::make_unique<Statements>();  // the old ones are the memory log's
  sqlite3_close_v2(db_);
  db_ = db->release();
  pending_ = false;
  return Status::Ok();
}

Result<std::unique_ptr<SessionLog>> SessionLog::OpenReadOnly(const std::string& path) {
  if (path.empty()) return Status::IOError(Tr("session log: no file name given"));
  std::error_code ec;
  fs::file_status file = fs::status(path, ec);
  if (fs::is_directory(file)) return Status::IOError(Prefix(path) + Tr("is a directory"));
  if (!fs::exists(file)) return Status::NotFound(Prefix(path) + Tr("no such file"));
  Result<DbHandle> db = OpenToLook(path, /*recover=*/false);
  if (!db.ok()) return WithoutDbAdvice(db.status());
  Result<int> version = Inspect(db->get(), path, /*quick_check=*/true);
  if (!version.ok()) return WithoutDbAdvice(version.status());
  if (*version == 0) return Status::Corrupt(Prefix(path) + Tr("not a carcref database (empty)"));
  auto log = std::unique_ptr<SessionLog>(new SessionLog(db->release(), path, nullptr, *version));
  log->review_ = true;
  return log;
}

Result<std::unique_ptr<SessionLog>> SessionLog::OpenForReview(const std::string& path) {
  if (path.empty()) return Status::IOError(Tr("session log: no file name given"));
  if (path == ":memory:") return Open(path);
  std::error_code ec;
  fs::file_status file = fs::status(path, ec);
  if (fs::is_directory(file)) return Status::IOError(Prefix(path) + Tr("is a directory"));
  if (!fs::exists(file)) return Status::NotFound(Prefix(path) + Tr("no such file"));
  Result<DbHandle> db = OpenToLook(path, /*recover=*/true);
  if (!db.ok()) return WithoutDbAdvice(db.status());
  Result<int> version = Inspect(db->get(), path, /*quick_check=*/false);
  if (!version.ok()) return WithoutDbAdvice(version.status());
  auto log = std::unique_ptr<SessionLog>(new SessionLog(db->release(), path, nullptr, *version));
  log->review_ = true;
  return log;
}

Status SessionLog::ForReader(const Status& status) const {
  if (status.ok() || !review_) return status;
  if (status.code() != Status::Code::kCorrupt && status.code() != Status::Code::kIO) {
    return status;
  }
  return WithoutDbAdvice(status);
}

SessionLog::SessionLog(sqlite3* db, std::string path, Clock clock, int schema_version)
    : db_(db),
      path_(std::move(path)),
      clock_(std::move(clock)),
      schema_version_(schema_version),
      statements_(std::make_unique<Statements>()) {}

SessionLog::~SessionLog() {
  statements_.reset();  // finalized before the connection closes
  sqlite3_close_v2(db_);
}

std::string SessionLog::Now() const {
  return FormatTime(clock_ ? clock_() : std::chrono::system_clock::now());
}

Status SessionLog::RequireSession(std::int64_t session_id) const {
  Statement find(*statements_, db_, path_, "SELECT 1 FROM sessions WHERE id = ?");
  Result<bool> row = find.Bind(session_id).Step();
  if (!row.ok()) return row.status();
  if (!*row) return Status::NotFound(Fill(Tr("no session {1}"), {std::to_string(session_id)}));
  return Status::Ok();
}

Status SessionLog::TouchSession(std::int64_t session_id, const std::string& now) {
  return Statement(*statements_, db_, path_, "UPDATE sessions SET updated_at = ? WHERE id = ?")
      .Bind(now)
      .Bind(session_id)
      .Run();
}

Result<std::int64_t> SessionLog::CreateSession(const std::string& game, const std::string& options,
                                               const std::string& players,
                                               const std::vector<TileRecord>& tiles,
                                               const std::optional<std::string>& summary) {
  if (Status s = Materialise(); !s.ok()) return s;
  Transaction txn(db_, path_);
  if (Status s = txn.Begin(Transaction::Kind::kWrite); !s.ok()) return s;
  // The id is chosen here, under the write lock, so the uuid can contain it.
  Statement next(*statements_, db_, path_, "SELECT coalesce(max(id), 0) + 1 FROM sessions");
  Result<bool> row = next.Step();
  if (!row.ok()) return row.status();
  std::int64_t id = next.Int(0);
  std::string now = Now();
  Statement insert(*statements_, db_, path_,
                   "INSERT INTO sessions (id, uuid, created_at, updated_at, game, options, "
                   "players, status, result) VALUES (?, ?, ?, ?, ?, ?, ?, 'active', '')");
  insert.Bind(id).Bind(CompactTime(now) + "-" + std::to_string(id)).Bind(now).Bind(now);
  insert.Bind(game).Bind(options).Bind(players);
  if (Status s = insert.Run(); !s.ok()) return s;
  std::map<std::string, const std::string*> added;
  Statement tile(*statements_, db_, path_,
                 "INSERT INTO session_tiles (session_id, name, definition) VALUES (?, ?, ?)");
  for (const TileRecord& t : tiles) {
    auto [at, fresh] = added.emplace(t.name, &t.definition);
    if (!fresh) {
      if (*at->second == t.definition) continue;
      return Status::Illegal("new session: tile " + t.name + " given twice with different " +
                             "definitions");
    }
    tile.Reset();
    if (Status s = tile.Bind(id).Bind(t.name).Bind(t.definition).Run(); !s.ok()) return s;
  }
  if (Status s = WriteSummary(id, summary); !s.ok()) return s;
  if (Status s = txn.Commit(); !s.ok()) return s;
  tips_[id] = Tip{};
  return id;
}

Status SessionLog::AddSessionTile(std::int64_t session_id, const std::string& name,
                                  const std::string& definition) {
  Transaction txn(db_, path_);
  if (Status s = txn.Begin(Transaction::Kind::kWrite); !s.ok()) return s;
  if (Status s = RequireSession(session_id); !s.ok()) return s;
  Statement existing(*statements_, db_, path_,
                     "SELECT definition FROM session_tiles WHERE session_id = ? AND name = ?");
  Result<bool> row = existing.Bind(session_id).Bind(name).Step();
  if (!row.ok()) return row.status();
  if (*row) {
    if (existing.Text(0) == definition) return Status::Ok();
    return Status::Illegal("session " + std::to_string(session_id) + " already has tile " + name +
                           " with another definition");
  }
  Statement insert(*statements_, db_, path_,
                   "INSERT INTO session_tiles (session_id, name, definition) VALUES (?, ?, ?)");
  if (Status s = insert.Bind(session_id).Bind(name).Bind(definition).Run(); !s.ok()) return s;
  if (Status s = TouchSession(session_id, Now()); !s.ok()) return s;
  return txn.Commit();
}

Result<std::int64_t> SessionLog::AppendCommand(std::int64_t session_id, const std::string& text,
                                               const std::string& state_hash,
                                               const std::vector<EventRecord>& events,
                                               const std::optional<SessionStatusChange>& status,
                                               const std::optional<std::string>& summary) {
  if (status && !KnownStatus(status->status)) {
    return Status::Illegal("unknown session status '" + status->status +
                           "' (use active, finished or abandoned)");
  }
  if (HasControl(text) || HasControl(state_hash))
    return Status::Illegal(Prefix(path_) + "a command is one line, without control characters");
  Transaction txn(db_, path_);
  if (Status s = txn.Begin(Transaction::Kind::kWrite); !s.ok()) return s;
  if (Status s = RequireSession(session_id); !s.ok()) return s;
  Result<Tip> tip = CheckTip(session_id);
  if (!tip.ok()) return tip.status();
  std::int64_t seq = tip->last_seq + 1;
  std::string now = Now();

  Statement insert(*statements_, db_, path_,
                   "INSERT INTO commands (session_id, seq, text, undone, state_hash, "
                   "created_at) VALUES (?, ?, ?, 0, ?, ?)");
  insert.Bind(session_id).Bind(seq).Bind(text).Bind(state_hash).Bind(now);
  if (Status s = insert.Run(); !s.ok()) return s;

  Statement event(*statements_, db_, path_,
                  "INSERT INTO events (session_id, seq, idx, kind, data) VALUES (?, ?, ?, ?, ?)");
  for (std::size_t i = 0; i < events.size(); ++i) {
    event.Reset();
    event.Bind(session_id).Bind(seq).Bind(static_cast<std::int64_t>(i));
    event.Bind(events[i].kind).Bind(events[i].data);
    if (Status s = event.Run(); !s.ok()) return s;
  }
  if (status) {
    if (Status s = WriteStatus(session_id, *status, now); !s.ok()) return s;
  } else if (Status s = TouchSession(session_id, now); !s.ok()) {
    return s;
  }
  if (Status s = WriteSummary(session_id, summary); !s.ok()) return s;
  if (Status s = txn.Commit(); !s.ok()) return s;
  tips_[session_id] = Tip{seq, tip->undone};
  return seq;
}

Result<std::int64_t> SessionLog::MarkLastUndone(std::int64_t session_id,
                                                const std::optional<SessionStatusChange>& status,
                                                const std::optional<std::string>& summary) {
  if (status && !KnownStatus(status->status)) {
    return Status::Illegal("unknown session status '" + status->status +
                           "' (use active, finished or abandoned)");
  }
  Transaction txn(db_, path_);
  if (Status s = txn.Begin(Transaction::Kind::kWrite); !s.ok()) return s;
  if (Status s = RequireSession(session_id); !s.ok()) return s;
  Result<Tip> tip = CheckTip(session_id);
  if (!tip.ok()) return tip.status();
  Statement last(*statements_, db_, path_,
                 "SELECT max(seq) FROM commands WHERE session_id = ? AND undone = 0");
  Result<bool> row = last.Bind(session_id).Step();
  if (!row.ok()) return row.status();
  if (!*row || last.IsNull(0)) {
    return Status::Illegal(
        Fill(Tr("nothing to undo in session {1}"), {std::to_string(session_id)}));
  }
  std::int64_t seq = last.Int(0);
  Statement mark(*statements_, db_, path_,
                 "UPDATE commands SET undone = 1 WHERE session_id = ? AND seq = ?");
  if (Status s = mark.Bind(session_id).Bind(seq).Run(); !s.ok()) return s;
  std::string now = Now();
  if (status) {
    if (Status s = WriteStatus(session_id, *status, now); !s.ok()) return s;
  } else if (Status s = TouchSession(session_id, now); !s.ok()) {
    return s;
  }
  if (Status s = WriteSummary(session_id, summary); !s.ok()) return s;
  if (Status s = txn.Commit(); !s.ok()) return s;
  tips_[session_id] = Tip{tip->last_seq, tip->undone + 1};
  return seq;
}

Status SessionLog::SetStatus(std::int64_t session_id, const std::string& status,
                             const std::string& result, const std::optional<std::string>& summary) {
  if (!KnownStatus(status)) {
    return Status::Illegal("unknown session status '" + status +
                           "' (use active, finished or abandoned)");
  }
  Transaction txn(db_, path_);
  if (Status s = txn.Begin(Transaction::Kind::kWrite); !s.ok()) return s;
  if (Status s = RequireSession(session_id); !s.ok()) return s;
  if (Status s = WriteStatus(session_id, SessionStatusChange{status, result}, Now()); !s.ok()) {
    return s;
  }
  if (Status s = WriteSummary(session_id, summary); !s.ok()) return s;
  return txn.Commit();
}

Status SessionLog::WriteSummary(std::int64_t session_id,
                                const std::optional<std::string>& summary) {
  if (!summary) {
    return Statement(*statements_, db_, path_, "DELETE FROM session_summaries WHERE session_id = ?")
        .Bind(session_id)
        .Run();
  }
  return Statement(*statements_, db_, path_,
                   "INSERT OR REPLACE INTO session_summaries (session_id, summary) VALUES (?, ?)")
      .Bind(session_id)
      .Bind(*summary)
      .Run();
}

Result<bool> SessionLog::PutSummary(const SessionRecord& as_loaded, const std::string& summary) {
  Result<std::int64_t> written = PutSummaries({LoadedSummary{&as_loaded, summary}});
  if (!written.ok()) return written.status();
  return *written == 1;
}

Result<std::int64_t> SessionLog::PutSummaries(const std::vector<LoadedSummary>& summaries) {
  Transaction txn(db_, path_);
  if (Status s = txn.Begin(Transaction::Kind::kWrite); !s.ok()) return s;
  std::int64_t written = 0;
  for (const LoadedSummary& item : summaries) {
    const SessionRecord& as_loaded = *item.as_loaded;
    Statement row(*statements_, db_, path_, "SELECT status, result FROM sessions WHERE id = ?");
    Result<bool> found = row.Bind(as_loaded.id).Step();
    if (!found.ok()) return found.status();
    if (!*found)
      return Status::NotFound(Fill(Tr("no session {1}"), {std::to_string(as_loaded.id)}));
    if (row.Text(0) != as_loaded.status || row.Text(1) != as_loaded.result) continue;
    Result<Tip> tip = ReadTip(as_loaded.id);
    if (!tip.ok()) return tip.status();
    Tip loaded;
    for (const CommandRecord& c : as_loaded.commands) {
      loaded.last_seq = std::max(loaded.last_seq, c.seq);
      if (c.undone) ++loaded.undone;
    }
    if (!(*tip == loaded)) continue;  // changed since it was loaded
    if (Status s = WriteSummary(as_loaded.id, item.summary); !s.ok()) return s;
    ++written;
  }
  if (Status s = txn.Commit(); !s.ok()) return s;
  return written;
}

Result<std::vector<std::int64_t>> SessionLog::SessionsToSummarise(const std::string& prefix) const {
  if (schema_version_ < 3) return std::vector<std::int64_t>();  // nowhere to keep them
  Statement list(*statements_, db_, path_,
                 "SELECT s.id FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM session_summaries "
                 "m WHERE m.session_id = s.id AND substr(m.summary, 1, length(?1)) = ?1) "
                 "ORDER BY s.id");
  list.Bind(prefix);
  std::vector<std::int64_t> ids;
  for (;;) {
    Result<bool> row = list.Step();
    if (!row.ok()) return row.status();
    if (!*row) return ids;
    ids.push_back(list.Int(0));
  }
}

Status SessionLog::WriteStatus(std::int64_t session_id, const SessionStatusChange& change,
                               const std::string& now) {
  return Statement(*statements_, db_, path_,
                   "UPDATE sessions SET status = ?, result = ?, updated_at = ? WHERE id = ?")
      .Bind(change.status)
      .Bind(change.result)
      .Bind(now)
      .Bind(session_id)
      .Run();
}

Result<SessionLog::Tip> SessionLog::ReadTip(std::int64_t session_id) const {
  // Read from the indexes without scanning the session (issue #21: the sum over every command
  // was 44 % of a late command): the last seq is the primary key's end, the undone ones are
  // counted in commands_live, and a session undoes few.
  Statement read(*statements_, db_, path_,
                 "SELECT coalesce((SELECT max(seq) FROM commands WHERE session_id = ?1), 0), "
                 "(SELECT count(*) FROM commands WHERE session_id = ?1 AND undone = 1)");
  Result<bool> row = read.Bind(session_id).Step();
  if (!row.ok()) return row.status();
  return Tip{read.Int(0), read.Int(1)};
}

Result<SessionLog::Tip> SessionLog::CheckTip(std::int64_t session_id) const {
  Result<Tip> tip = ReadTip(session_id);
  if (!tip.ok()) return tip;
  auto seen = tips_.find(session_id);
  if (seen == tips_.end() || seen->second == *tip) return tip;
  std::string what = tip->last_seq != seen->second.last_seq
                         ? "logged command " + std::to_string(tip->last_seq)
                         : "undid a command";
  return Status::Illegal(Prefix(path_) + "session " + std::to_string(session_id) +
                         " was continued elsewhere (another carcref " + what +
                         "); nothing logged here: resume it again to go on from there");
}

Result<std::vector<SessionSummary>> SessionLog::ListSessions() const {
  return ForReader(ListSessionsRead());
}

Result<std::vector<SessionSummary>> SessionLog::ListSessionsRead() const {
  if (schema_version_ == 0) return std::vector<SessionSummary>();  // an empty file, reviewed
  // A read-only log may be older than version 2: no origin column there.
  // A read-only log older than version 3 has no summaries.
  std::string sql =
      std::string("SELECT s.id, s.uuid, s.created_at, s.updated_at, s.game, ") +
      "s.players, s.status, s.result, (SELECT count(*) FROM commands c " +
      "WHERE c.session_id = s.id AND c.undone = 0), " + (schema_version_ >= 2 ? "s.origin" : "''") +
      ", " + (schema_version_ >= 3 ? "coalesce(m.summary, '')" : "''") + ", s.options" +
      " FROM sessions s " +
      (schema_version_ >= 3 ? "LEFT JOIN session_summaries m ON m.session_id = s.id " : "") +
      "ORDER BY s.id";
  Statement list(*statements_, db_, path_, sql.c_str());
  std::vector<SessionSummary> sessions;
  for (;;) {
    Result<bool> row = list.Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    SessionSummary summary;
    summary.id = list.Int(0);
    summary.uuid = list.Text(1);
    summary.created_at = list.Text(2);
    summary.updated_at = list.Text(3);
    summary.game = list.Text(4);
    summary.players = list.Text(5);
    summary.status = list.Text(6);
    summary.result = list.Text(7);
    summary.live_commands = list.Int(8);
    summary.origin = list.Text(9);
    summary.summary = list.Text(10);
    summary.options = list.Text(11);
    sessions.push_back(std::move(summary));
  }
  return sessions;
}

Result<std::vector<std::int64_t>> SessionLog::SessionIds() const {
  return ForReader(SessionIdsRead());
}

Result<std::vector<std::int64_t>> SessionLog::SessionIdsRead() const {
  if (schema_version_ == 0) return std::vector<std::int64_t>();  // an empty file, reviewed
  Statement list(*statements_, db_, path_, "SELECT id FROM sessions ORDER BY id");
  std::vector<std::int64_t> ids;
  for (;;) {
    Result<bool> row = list.Step();
    if (!row.ok()) return row.status();
    if (!*row) return ids;
    ids.push_back(list.Int(0));
  }
}

Result<std::int64_t> SessionLog::LiveCommands() const {
  if (schema_version_ == 0) return std::int64_t{0};  // an empty file, reviewed
  Statement count(*statements_, db_, path_, "SELECT count(*) FROM commands WHERE undone = 0");
  Result<bool> row = count.Step();
  if (!row.ok()) return row.status();
  return *row ? count.Int(0) : 0;
}

Result<SessionRecord> SessionLog::LoadSession(std::int64_t session_id) const {
  return ForReader(LoadSessionRead(session_id));
}

Result<SessionRecord> SessionLog::LoadSessionRead(std::int64_t session_id) const {
  // One read transaction, so the four queries see the same snapshot.
  Transaction txn(db_, path_);
  if (Status s = txn.Begin(Transaction::Kind::kRead); !s.ok()) return s;

  if (schema_version_ == 0)
    return Status::NotFound(Fill(Tr("no session {1}"), {std::to_string(session_id)}));
  SessionRecord record;
  std::string sql = std::string("SELECT id, uuid, created_at, updated_at, game, options, ") +
                    "players, status, result, " + (schema_version_ >= 2 ? "origin" : "''") +
                    " FROM sessions WHERE id = ?";
  Statement session(*statements_, db_, path_, sql.c_str());
  Result<bool> row = session.Bind(session_id).Step();
  if (!row.ok()) return row.status();
  if (!*row) return Status::NotFound(Fill(Tr("no session {1}"), {std::to_string(session_id)}));
  record.id = session.Int(0);
  record.uuid = session.Text(1);
  record.created_at = session.Text(2);
  record.updated_at = session.Text(3);
  record.game = session.Text(4);
  record.options = session.Text(5);
  record.players = session.Text(6);
  record.status = session.Text(7);
  record.result = session.Text(8);
  record.origin = session.Text(9);

  Statement tiles(*statements_, db_, path_,
                  "SELECT name, definition FROM session_tiles WHERE session_id = ? "
                  "ORDER BY rowid");
  tiles.Bind(session_id);
  for (;;) {
    row = tiles.Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    record.tiles.push_back(TileRecord{tiles.Text(0), tiles.Text(1)});
  }

  Statement commands(*statements_, db_, path_,
                     "SELECT seq, text, undone, state_hash, created_at FROM commands "
                     "WHERE session_id = ? ORDER BY seq");
  commands.Bind(session_id);
  for (;;) {
    row = commands.Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    CommandRecord command;
    command.seq = commands.Int(0);
    command.text = commands.Text(1);
    command.undone = commands.Int(2) != 0;
    command.state_hash = commands.Text(3);
    command.created_at = commands.Text(4);
    if (HasControl(command.text) || HasControl(command.state_hash)) {
      return Status::Corrupt(Prefix(path_) + "damaged (command " + std::to_string(command.seq) +
                             " of session " + std::to_string(session_id) +
                             " holds a control character); " + kChooseAnother);
    }
    record.commands.push_back(std::move(command));
  }

  // Both lists are in seq order, so events are matched to commands in one pass.
  Statement events(*statements_, db_, path_,
                   "SELECT seq, kind, data FROM events WHERE session_id = ? ORDER BY seq, idx");
  events.Bind(session_id);
  std::size_t next = 0;
  for (;;) {
    row = events.Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    std::int64_t seq = events.Int(0);
    while (next < record.commands.size() && record.commands[next].seq < seq) ++next;
    if (next == record.commands.size() || record.commands[next].seq != seq) {
      return Status::Corrupt(Prefix(path_) + "damaged (event for missing command " +
                             std::to_string(seq) + " of session " + std::to_string(session_id) +
                             "); " + kChooseAnother);
    }
    record.commands[next].events.push_back(EventRecord{events.Text(1), events.Text(2)});
  }
  if (Status s = txn.Commit(); !s.ok()) return s;
  return record;
}

Result<SessionRecord> SessionLog::ContinueSession(std::int64_t session_id) {
  Result<SessionRecord> record = LoadSession(session_id);
  if (!record.ok()) return record;
  // The tip of the record as loaded (one snapshot), not of the file now.
  Tip tip;
  for (const CommandRecord& c : record->commands) {
    tip.last_seq = std::max(tip.last_seq, c.seq);
    if (c.undone) ++tip.undone;
  }
  tips_[session_id] = tip;
  return record;
}

Result<std::optional<std::int64_t>> SessionLog::LatestUnfinished() const {
  if (schema_version_ == 0) return std::optional<std::int64_t>();
  Statement latest(*statements_, db_, path_,
                   "SELECT id FROM sessions WHERE status = 'active' "
                   "ORDER BY updated_at DESC, id DESC LIMIT 1");
  Result<bool> row = latest.Step();
  if (!row.ok()) return row.status();
  if (!*row) return std::optional<std::int64_t>();
  return std::optional<std::int64_t>(latest.Int(0));
}

namespace {

// What Import reads from the source, in the order it prepares it. Only columns every schema
// version has are read. A source older than version 3 has no summaries: its sessions come
// without (the caller makes them, see PutSummary).
struct ImportReader {
  ImportReader(sqlite3* db, const std::string& path, int schema_version)
      : sessions(db, path,
                 "SELECT id, uuid, created_at, updated_at, game, options, players, status, "
                 "result FROM sessions ORDER BY id"),
        tiles(db, path,
              "SELECT name, definition FROM session_tiles WHERE session_id = ? "
              "ORDER BY rowid"),
        commands(db, path,
                 "SELECT seq, text, undone, state_hash, created_at FROM commands "
                 "WHERE session_id = ? ORDER BY seq"),
        events(db, path,
               "SELECT seq, idx, kind, data FROM events WHERE session_id = ? "
               "ORDER BY seq, idx") {
    if (schema_version >= 3)
      summary.emplace(db, path, "SELECT summary FROM session_summaries WHERE session_id = ?");
  }
  Statement sessions;
  Statement tiles;
  Statement commands;
  Statement events;
  std::optional<Statement> summary;
};

// What Import writes here, in the order it prepares it.
struct ImportWriter {
  ImportWriter(sqlite3* db, const std::string& path)
      : add_summary(db, path, "INSERT INTO session_summaries (session_id, summary) VALUES (?, ?)"),
        known(db, path, "SELECT 1 FROM sessions WHERE uuid = ?"),
        next_id(db, path, "SELECT coalesce(max(id), 0) + 1 FROM sessions"),
        add_session(db, path,
                    "INSERT INTO sessions (id, uuid, created_at, updated_at, game, options, "
                    "players, status, result, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
        add_tile(db, path,
                 "INSERT INTO session_tiles (session_id, name, definition) VALUES (?, ?, ?)"),
        add_command(db, path,
                    "INSERT INTO commands (session_id, seq, text, undone, state_hash, "
                    "created_at) VALUES (?, ?, ?, ?, ?, ?)"),
        add_event(db, path,
                  "INSERT INTO events (session_id, seq, idx, kind, data) "
                  "VALUES (?, ?, ?, ?, ?)") {}
  Statement add_summary;
  Statement known;
  Statement next_id;
  Statement add_session;
  Statement add_tile;
  Statement add_command;
  Statement add_event;
};

// Writes each row `from` gives for the source session `old_id` with `to`, as session `id`:
// `bind_row` binds the row's columns after the id.
template <typename BindRow>
Status CopyRows(Statement& from, std::int64_t old_id, Statement& to, std::int64_t id,
                BindRow bind_row) {
  from.Reset();
  from.Bind(old_id);
  for (;;) {
    Result<bool> row = from.Step();
    if (!row.ok()) return row.status();
    if (!*row) return Status::Ok();
    to.Reset();
    to.Bind(id);
    bind_row(from, to);
    if (Status s = to.Run(); !s.ok()) return s;
  }
}

// The source session's summary, where the source has summaries and this session one.
Status CopySummary(ImportReader& in, ImportWriter& out, std::int64_t old_id, std::int64_t id) {
  if (!in.summary) return Status::Ok();
  in.summary->Reset();
  Result<bool> has = in.summary->Bind(old_id).Step();
  if (!has.ok()) return has.status();
  if (!*has) return Status::Ok();
  out.add_summary.Reset();
  return out.add_summary.Bind(id).Bind(in.summary->Text(0)).Run();
}

// The rows of the session `in.sessions` stands on, as a new session here whose origin is
// `source`#old id; false, writing nothing, when a session with its uuid is here already.
Result<bool> ImportSession(ImportReader& in, ImportWriter& out, const std::string& source) {
  std::int64_t old_id = in.sessions.Int(0);
  std::string uuid = in.sessions.Text(1);
  out.known.Reset();
  Result<bool> present = out.known.Bind(uuid).Step();
  if (!present.ok()) return present.status();
  if (*present) return false;
  out.next_id.Reset();
  if (Result<bool> r = out.next_id.Step(); !r.ok()) return r.status();
  std::int64_t id = out.next_id.Int(0);

  out.add_session.Reset();
  out.add_session.Bind(id).Bind(uuid);
  for (int column = 2; column <= 8; ++column) out.add_session.Bind(in.sessions.Text(column));
  out.add_session.Bind(source + "#" + std::to_string(old_id));
  Status s = out.add_session.Run();
  if (s.ok())
    s = CopyRows(in.tiles, old_id, out.add_tile, id,
                 [](Statement& row, Statement& add) { add.Bind(row.Text(0)).Bind(row.Text(1)); });
  if (s.ok())
    s = CopyRows(in.commands, old_id, out.add_command, id, [](Statement& row, Statement& add) {
      add.Bind(row.Int(0)).Bind(row.Text(1)).Bind(row.Int(2));
      add.Bind(row.Text(3)).Bind(row.Text(4));
    });
  if (s.ok())
    s = CopyRows(in.events, old_id, out.add_event, id, [](Statement& row, Statement& add) {
      add.Bind(row.Int(0)).Bind(row.Int(1)).Bind(row.Text(2));
      add.Bind(row.Text(3));
    });
  if (s.ok()) s = CopySummary(in, out, old_id, id);
  if (!s.ok()) return s;
  return true;
}

}  // namespace

Result<ImportCounts> SessionLog::Import(const SessionLog& other) {
  std::error_code ec;
  std::string source = fs::absolute(other.path_, ec).lexically_normal().string();
  if (ec) source = other.path_;

  if (Status s = Materialise(); !s.ok()) return s;
  // A snapshot of the source and the write lock here, so both sides hold still.
  Transaction read(other.db_, other.path_);
  if (Status s = read.Begin(Transaction::Kind::kRead); !s.ok()) return s;
  Transaction write(db_, path_);
  if (Status s = write.Begin(Transaction::Kind::kWrite); !s.ok()) return s;

  ImportReader in(other.db_, other.path_, other.schema_version_);
  ImportWriter out(db_, path_);
  ImportCounts counts;
  for (;;) {
    Result<bool> row = in.sessions.Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    Result<bool> imported = ImportSession(in, out, source);
    if (!imported.ok()) return imported.status();
    ++(*imported ? counts.imported : counts.skipped);
  }
  if (Status s = write.Commit(); !s.ok()) return s;
  if (Status s = read.Commit(); !s.ok()) return s;
  return counts;
}

}  // namespace carcref
