// Fuzz target: a damaged session log. The input is the bytes of an SQLite log file (the seeds
// are real, small logs of base, GCC, Mists and City sessions); it is written to a private
// file, opened as `carcref` opens it, and then read the ways a user reads a log: sessions,
// stats, show and replay of every session, resume of every unfinished one, and an import
// into another log. A damaged file must be refused with one line, or read with one-line
// refusals where it is damaged, never crash; nothing a user acknowledged is lost because a
// damaged file was read (here: the file is not truncated by reading it); no game rebuilt from
// it breaks its invariants.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/match_review.h"
#include "cli/review.h"
#include "cli/table.h"
#include "fuzz_support.h"
#include "store/session_log.h"

using namespace carcref;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxSessions = 4;  // a bounded amount of work per input

std::string& Directory() {
  static std::string dir;
  return dir;
}

bool OneLine(const Status& s) {
  return !s.message().empty() && s.message().find('\n') == std::string::npos;
}

void MustBeOneLine(const Status& s) {
  fuzz::MustKeepInvariants(s.message());
  if (s.ok() || OneLine(s)) return;
  std::fprintf(stderr, "a refusal that is not one line: [%s]\n", s.message().c_str());
  std::abort();
}

void Review(SessionLog& log) {
  std::ostringstream out;
  MustBeOneLine(PrintSessions(log, SessionFilter{}, out));
  MustBeOneLine(PrintStats(log, StatsFilter{}, out));
  Result<std::vector<SessionSummary>> list = log.ListSessions();
  if (!list.ok()) {
    MustBeOneLine(list.status());
    return;
  }
  std::size_t n = 0;
  for (const SessionSummary& s : *list) {
    if (++n > kMaxSessions) break;
    MustBeOneLine(PrintShow(log, s.id, out));
    std::ostringstream err;
    (void)RunReplay(log, s.id, std::nullopt, false, out, err);
    fuzz::MustKeepInvariants(err.str());
    if (s.status == kSessionActive) {
      Table table(out, err, &log, false);
      table.forbid_live_page();
      Status resumed = table.Resume(s.id);
      MustBeOneLine(resumed);
      if (resumed.ok()) {
        (void)table.Execute("status --json");
        (void)table.Execute("undo");
        fuzz::MustKeepInvariants(table.last_error());
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  Directory() = fuzz::PrivateDirectory("log");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = Directory() + "/damaged.db";
  for (const auto& entry : fs::directory_iterator(Directory())) fs::remove_all(entry.path());
  {
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  {
    Result<std::unique_ptr<SessionLog>> source = SessionLog::OpenReadOnly(path);
    if (!source.ok()) {
      MustBeOneLine(source.status());
    } else {
      Result<std::unique_ptr<SessionLog>> into = SessionLog::Open(":memory:");
      if (!into.ok()) std::abort();
      Result<ImportCounts> counts = (*into)->Import(**source);
      if (!counts.ok()) MustBeOneLine(counts.status());
    }
  }
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(path);
  if (!log.ok()) {
    MustBeOneLine(log.status());
    return 0;
  }
  Review(**log);
  return 0;
}
