// Test helpers for logged sessions: a table logging to a log in memory, as `carcref play`
// does, and the session as logged (what resume, show, replay and export rebuild from).
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/table.h"
#include "store/session_log.h"

namespace carcref::test {

// The lines typed at a table logging to a log in memory (refused ones are refused there and
// not logged), then the session as logged.
inline SessionRecord Logged(const NewGameOptions& options, const std::vector<std::string>& lines) {
  Result<std::unique_ptr<SessionLog>> log = SessionLog::Open(":memory:");
  REQUIRE(log.ok());
  std::ostringstream out, err;
  {
    Table table(out, err, log->get(), false);
    Status started = table.NewGame(options);
    INFO(started.message());
    REQUIRE(started.ok());
    for (const std::string& line : lines) (void)table.Execute(line);
  }
  Result<SessionRecord> record = (*log)->LoadSession(1);
  REQUIRE(record.ok());
  return *record;
}

}  // namespace carcref::test
