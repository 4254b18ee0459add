// The session log: every game session, its accepted commands (undone ones kept and
// marked), their events and state hashes, and the tile definitions it used, in one SQLite
// file (DESIGN.md "Session log (SQLite)"). This is the only SQLite-aware code in carcref.
//
// The store knows nothing of game rules: game names, options, players, command text,
// hashes, tile definitions and event data are the caller's text, stored and returned
// unchanged. The store may read the clock (the engine may not); timestamps are ISO-8601
// UTC with milliseconds, e.g. "2024-05-01T12:34:56.789Z", so they sort as text.
//
// Durability: every mutating call runs in one transaction that is committed (and, with
// synchronous=FULL, on disk) before it returns, so the caller may print its output after
// an ok Status knowing a crash loses nothing.
//
// Several writers: a session being continued (CreateSession, ContinueSession) remembers the
// last command this object saw; AppendCommand and MarkLastUndone check, inside their
// transaction, that nobody else logged or undid a command of that session since, and refuse
// with Status::Illegal if someone did, so two windows resuming one game cannot both log.
//
// Errors: no function throws or prints. A database that is not ours or is damaged is
// refused by Open with Status::Corrupt and left untouched; SQLite failures later on
// (disk full, worded "disk full", database locked by another process) come back as Status::IOError,
// damage found later as Status::Corrupt; an unknown session id is Status::NotFound; a call that
// makes no sense for the session's data (nothing to undo, an unknown status, a tile name
// reused with another definition) is Status::Illegal. Every message is one line that
// names the database file.
//
// Summaries: a session may carry a summary, the caller's text digest of it (what a reader of
// many sessions needs without loading each one), which ListSessions returns with the session.
// The store keeps a summary only while it is current: every call that changes a session's
// commands or status (AppendCommand, MarkLastUndone, SetStatus) stores the summary given with
// it in the same transaction, or drops the session's summary when none is given. So a summary
// present is the summary of the session as it stands; one missing is the caller's to make
// (PutSummary). Tile definitions are not part of it (AddSessionTile keeps it).
//
// A SessionLog is not thread-safe; use one per thread (or per process). Several
// processes may open the same file: writers wait for each other up to a few seconds.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carcref/status.h"

struct sqlite3;  // Opaque here; only session_log.cpp includes <sqlite3.h>.

namespace carcref {

// The schema version this build writes and the newest it can read.
inline constexpr int kSessionLogSchemaVersion = 3;

// Session status values accepted by SetStatus and stored in the log.
inline constexpr const char* kSessionActive = "active";
inline constexpr const char* kSessionFinished = "finished";
inline constexpr const char* kSessionAbandoned = "abandoned";

// One event produced by a command, e.g. {"score", "{\"player\":1,\"points\":4}"}.
struct EventRecord {
  std::string kind;
  std::string data;  // The caller's text, typically JSON.
};

struct CommandRecord {
  std::int64_t seq = 0;  // 1, 2, 3 … in the order commands were appended.
  std::string text;
  bool undone = false;
  std::string state_hash;  // The state after this command, as the caller hashed it.
  std::string created_at;
  std::vector<EventRecord> events;  // In the order given to AppendCommand.
};

struct TileRecord {
  std::string name;
  std::string definition;
};

// The status (kSessionActive, kSessionFinished or kSessionAbandoned) and result text a
// session takes, written in the same transaction as the command or undo mark it goes with.
struct SessionStatusChange {
  std::string status;
  std::string result;
};

// A row of ListSessions.
struct SessionSummary {
  std::int64_t id = 0;
  std::string uuid;
  std::string created_at;
  std::string updated_at;
  std::string game;
  std::string players;
  std::string status;
  std::string result;
  std::string origin;              // "" for a session played here; see Import.
  std::int64_t live_commands = 0;  // Commands not marked undone.
  std::string summary;             // The caller's summary (see "Summaries"); "" when none.
  std::string options;             // The options JSON, as CreateSession was given it.
};

// Everything the log holds about one session, as LoadSession returns it.
struct SessionRecord {
  std::int64_t id = 0;
  std::string uuid;
  std::string created_at;
  std::string updated_at;
  std::string game;
  std::string options;
  std::string players;
  std::string status;
  std::string result;
  std::string origin;                   // "" for a session played here; see Import.
  std::vector<TileRecord> tiles;        // In the order they were added.
  std::vector<CommandRecord> commands;  // All of them, undone ones included, by seq.
};

// What Import did: sessions copied, and sessions left out because their uuid was already here.
struct ImportCounts {
  std::int64_t imported = 0;
  std::int64_t skipped = 0;
};

class SessionLog {
 public:
  // Returns the current time; tests inject a fixed one.
  using Clock = std::function<std::chrono::system_clock::time_point()>;

  // Opens (creating if needed, with its parent directories) the log at `path`, which may
  // be ":memory:" for a log that lives as long as the object. Before writing anything it
  // checks the file: not an SQLite file, an SQLite database that is not carcref's, a
  // carcref database with a newer schema than kSessionLogSchemaVersion, or one failing
  // SQLite's quick_check is refused with Status::Corrupt, e.g.
  //   "session log /x/y.db: not a carcref database; use --db to choose another file"
  // and left byte-for-byte unchanged. A carcref database with an older schema is copied
  // to PATH.bak-vN and upgraded in place. A log that cannot be written where it is is
  // refused too (IOError), before anything is accepted at the table:
  //   "session log /x/y.db: the file is read-only; use --db to choose another file"
  //   "session log /x/y.db: the directory /x is read-only (the log keeps files beside it); …"
  // A missing or empty file is not written yet: the file (and its directories) is made when
  // the first session is (CreateSession or Import), so a refused `play` or a `resume` with
  // nothing to resume leaves the directory and the empty file as they were. If the log
  // cannot be made then (a full disk: "session log /x/y.db: disk full") nothing of it is
  // left behind. `clock` defaults to the system clock.
  static Result<std::unique_ptr<SessionLog>> Open(const std::string& path, Clock clock = nullptr);

  // Opens an existing log only to read it (the source of Import): the same checks as Open,
  // refused with the same one-line messages minus the advice about --db, e.g.
  //   "session log /x/y.db: not a carcref database"
  // and an empty file is refused too ("not a carcref database (empty)"); a missing file is
  // NotFound. The file is never written and never upgraded: an older schema is read as it
  // is. When no PATH-wal file exists (a log closed cleanly, e.g. copied from another
  // machine) the file is opened as immutable, so no -wal or -shm files appear beside it;
  // do not import a log that another process starts writing at that very moment. Every
  // mutating call on a read-only log fails with Status::IOError.
  static Result<std::unique_ptr<SessionLog>> OpenReadOnly(const std::string& path);

  // Opens a log only to review it (sessions, show, stats, replay, export): never creates,
  // upgrades or writes the file, so it works in a read-only directory and leaves no side
  // files beside a file nobody is writing (opened as OpenReadOnly opens it). A missing file
  // is NotFound ("no such file"); an empty file reads as a log with no sessions; a file that
  // is not carcref's, or is newer, is refused as OpenReadOnly refuses it. It does not run
  // quick_check over the whole file (a full scan on every look protects nothing here, as
  // nothing is written); damage met while reading comes back as Status::Corrupt from the
  // call that met it.
  static Result<std::unique_ptr<SessionLog>> OpenForReview(const std::string& path);

  ~SessionLog();
  SessionLog(const SessionLog&) = delete;
  SessionLog& operator=(const SessionLog&) = delete;

  const std::string& path() const { return path_; }

  // Starts a session with status "active", with the tile definitions it uses (as
  // AddSessionTile would add them, in order), and returns its id: all in one transaction, so
  // a crash or a full disk leaves either the whole session or none of it. The session's
  // uuid is made from the creation time and the id, e.g. "20240501T123456.789Z-7". Two
  // tiles with one name and different definitions are Illegal (nothing is written).
  Result<std::int64_t> CreateSession(const std::string& game, const std::string& options,
                                     const std::string& players,
                                     const std::vector<TileRecord>& tiles = {},
                                     const std::optional<std::string>& summary = std::nullopt);

  // Records a tile definition the session uses. Adding the same name with the same
  // definition again is a no-op; with a different definition it is Illegal.
  Status AddSessionTile(std::int64_t session_id, const std::string& name,
                        const std::string& definition);

  // Appends an accepted command with the hash of the state after it and its events, and
  // the session's new status when the command changes it (the command that ends the
  // game), all in one transaction, and returns its seq (one more than the highest so far,
  // undone or not). Illegal when another writer changed the session since this object
  // created, continued or last wrote it (see "Several writers"). The text and the hash are
  // one line each: a control character (tab aside) is Illegal, and LoadSession reports one
  // read back from the file as damage (Corrupt).
  Result<std::int64_t> AppendCommand(
      std::int64_t session_id, const std::string& text, const std::string& state_hash,
      const std::vector<EventRecord>& events,
      const std::optional<SessionStatusChange>& status = std::nullopt,
      const std::optional<std::string>& summary = std::nullopt);

  // Marks the latest command that is not yet undone as undone (it stays in the log), with
  // the session's new status when the undo changes it (undoing the command that ended the
  // game reactivates it), in one transaction, and returns its seq; Illegal "nothing to
  // undo …" if every command is undone or there are none, and Illegal when another writer
  // changed the session meanwhile, as for AppendCommand.
  Result<std::int64_t> MarkLastUndone(
      std::int64_t session_id, const std::optional<SessionStatusChange>& status = std::nullopt,
      const std::optional<std::string>& summary = std::nullopt);

  // Sets the session's status (kSessionActive, kSessionFinished or kSessionAbandoned) and
  // its result text (the caller's, e.g. final scores; may be empty).
  Status SetStatus(std::int64_t session_id, const std::string& status, const std::string& result,
                   const std::optional<std::string>& summary = std::nullopt);

  // Stores `summary` for the session as `as_loaded` (a LoadSession of it) holds it, in one
  // transaction, unless the session changed since it was loaded (a command logged or undone,
  // its status or result changed): then nothing is written and false is returned.
  Result<bool> PutSummary(const SessionRecord& as_loaded, const std::string& summary);
  // PutSummary for many sessions in one transaction (one sync for all); returns how many
  // were written.
  struct LoadedSummary {
    const SessionRecord* as_loaded = nullptr;
    std::string summary;
  };
  Result<std::int64_t> PutSummaries(const std::vector<LoadedSummary>& summaries);

  // The sessions, oldest first, with no summary or with one that does not begin with
  // `prefix` (a summary of an older shape): those PutSummary is for.
  Result<std::vector<std::int64_t>> SessionsToSummarise(const std::string& prefix) const;

  // All sessions, oldest first.
  Result<std::vector<SessionSummary>> ListSessions() const;

  // The ids of all sessions, oldest first (what a reader that loads them one by one needs).
  Result<std::vector<std::int64_t>> SessionIds() const;

  // The commands not undone, over every session (a count, for whoever checks that a refused
  // command logged nothing).
  Result<std::int64_t> LiveCommands() const;

  // The session row, its tiles and all its commands with their events.
  Result<SessionRecord> LoadSession(std::int64_t session_id) const;

  // LoadSession for a session this object will go on writing (resume): it also remembers
  // the session's last command as loaded, so a command another writer logs meanwhile makes
  // the next AppendCommand or MarkLastUndone here fail instead of logging on top of it.
  Result<SessionRecord> ContinueSession(std::int64_t session_id);

  // The active session updated most recently, or nullopt when every session is finished
  // or abandoned (or there are none).
  Result<std::optional<std::int64_t>> LatestUnfinished() const;

  // Copies every session of `other` whose uuid this log does not hold yet, with its tiles,
  // its commands (undone flags, hashes and timestamps as they are), their events and its
  // summary (when `other` has summaries), in one
  // transaction: all of it or, on any failure, nothing. Copied sessions keep their uuid,
  // timestamps, status and result, get new ids (in the order of their ids in `other`) and
  // the origin "<absolute path of other>#<id in other>". Sessions whose uuid is already here
  // are skipped and counted, so importing the same file twice adds nothing. `other` is only
  // read (typically opened with OpenReadOnly); it must be another SessionLog object, but may
  // be the same file, whose sessions are then all skipped.
  Result<ImportCounts> Import(const SessionLog& other);

 private:
  SessionLog(sqlite3* db, std::string path, Clock clock, int schema_version);

  // Where a session's command list stands: the highest seq and how many are undone. Both
  // only grow, so any append or undo by anyone changes it.
  struct Tip {
    std::int64_t last_seq = 0;
    std::int64_t undone = 0;
    bool operator==(const Tip& o) const { return last_seq == o.last_seq && undone == o.undone; }
  };

  // A log Open found missing or empty is made when the first session is (CreateSession,
  // Import call this first); pending_ until then, it reads as an empty log in memory, where
  // every other call finds no session. On failure
  // (a full disk) the file, its side files and the directories it made are removed, or an
  // empty file is left empty, and the log stays pending.
  Status Materialise();
  std::string Now() const;
  // A log opened to review (OpenReadOnly, OpenForReview) reports damage without the advice
  // about --db, as its refusals at opening do (the file is only being read).
  Status ForReader(const Status& status) const;
  template <typename T>
  Result<T> ForReader(Result<T> result) const {
    if (result.ok() || !review_) return result;
    return ForReader(result.status());
  }
  Result<std::vector<SessionSummary>> ListSessionsRead() const;
  Result<std::vector<std::int64_t>> SessionIdsRead() const;
  Result<SessionRecord> LoadSessionRead(std::int64_t session_id) const;
  Status RequireSession(std::int64_t session_id) const;
  Status TouchSession(std::int64_t session_id, const std::string& now);
  Result<Tip> ReadTip(std::int64_t session_id) const;
  // Inside a write transaction: the session's tip, refused if it is not the one this object
  // last saw (when it saw one).
  Result<Tip> CheckTip(std::int64_t session_id) const;
  Status WriteStatus(std::int64_t session_id, const SessionStatusChange& change,
                     const std::string& now);
  // Inside a write transaction: stores the session's summary, or drops it when none is given.
  Status WriteSummary(std::int64_t session_id, const std::optional<std::string>& summary);

  sqlite3* db_;  // Owned; closed by the destructor.
  std::string path_;
  Clock clock_;
  int schema_version_;                // Of the file as opened; older than ours only when read-only.
  std::map<std::int64_t, Tip> tips_;  // Sessions this object writes: the tip it last saw.
  bool pending_ = false;              // See Materialise.
  bool review_ = false;               // Opened only to read: see ForReader.

 public:
  struct Statements;  // The prepared statements it reuses (session_log.cpp).

 private:
  std::unique_ptr<Statements> statements_;
};

}  // namespace carcref
