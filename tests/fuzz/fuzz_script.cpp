// Fuzz target: a whole script, line by line, through Table::Execute — the path `carcref play
// --script` takes — against an in-memory session log. The first line is usually `new …`
// (the seeds are tests/scenarios/*.txt with their `# args:` as a `new` line); when no game
// is open after it, a two-player base game is started so that the rest still reaches the
// game commands. Every line must be accepted or refused with one line, never crash; a
// refused line leaves the log as it was, and no game breaks its invariants.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "cli/table.h"
#include "fuzz_support.h"
#include "store/session_log.h"

using namespace carcref;

namespace {

constexpr int kMaxLines = 80;  // keeps one input bounded in time

std::int64_t LoggedCommands(const SessionLog& log) {
  Result<std::int64_t> n = log.LiveCommands();
  if (!n.ok()) std::abort();  // an in-memory log never fails
  return *n;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::PrivateDirectory("script");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(":memory:");
  if (!log.ok()) std::abort();
  std::ostringstream out;
  std::ostringstream err;
  Table table(out, err, log->get(), false);
  table.forbid_live_page();
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  int number = 0;
  std::int64_t logged = 0;  // commands in the log: only an accepted line changes it
  while (number < kMaxLines && std::getline(in, line)) {
    ++number;
    table.set_error_prefix("fuzz:" + std::to_string(number) + ": ");
    bool accepted = table.Execute(line);
    std::int64_t now = LoggedCommands(**log);
    if (!accepted) {
      if (table.last_error().empty()) std::abort();  // a refusal says why
      fuzz::MustKeepInvariants(table.last_error());
      if (now != logged) std::abort();  // and changes nothing in the log
    }
    logged = now;
    if (table.quit_requested()) break;
    if (number == 1 && !table.has_game()) {
      if (!table.Execute("new base --players \"Anna:red,Ben:blue\"")) std::abort();
      logged = LoggedCommands(**log);
    }
    // Keep the captured output from growing without bound over a long script.
    out.str("");
    err.str("");
  }
  (void)table.ResultJson(table.game_over() ? "finished" : "in_progress", {});
  return 0;
}
