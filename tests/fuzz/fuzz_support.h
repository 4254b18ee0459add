// Shared helpers of the libFuzzer targets (tests/fuzz): the real catalogues, and a private
// data directory so that nothing a target runs writes into the user's own files.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "carcref/catalog.h"
#include "carcref/rules.h"

namespace carcref::fuzz {

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// data/tiles/NAME.yaml of the source tree, parsed; aborts when it does not parse (a broken
// checkout, not a finding).
inline Catalog LoadCatalog(const std::string& name) {
  std::string file = name + ".yaml";
  Result<Catalog> c = ParseCatalog(ReadFile(CARCREF_FUZZ_DATA_DIR "/tiles/" + file), file);
  if (!c.ok()) std::abort();
  return *c;
}

// A fresh directory under $TMPDIR (or /tmp) for XDG_DATA_HOME and the target's own files,
// removed when the process exits.
inline std::string PrivateDirectory(const char* what) {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern =
      std::string(tmp && *tmp ? tmp : "/tmp") + "/carcref-fuzz-" + what + "-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) std::abort();
  static std::string removed_at_exit;
  removed_at_exit = pattern;
  std::atexit([] {
    std::error_code ec;
    std::filesystem::remove_all(removed_at_exit, ec);
  });
  setenv("XDG_DATA_HOME", pattern.c_str(), 1);
  setenv("NO_COLOR", "1", 1);
  return pattern;
}

// A game whose invariants break after a command (checked after every command in the
// sanitizer build, Match::Apply) refuses it with "internal error … invariant broken: …": for a
// user one line, for a fuzz target a finding. Aborts when any command did since the process
// started (InvariantBreaks; not the refusal's words, which a damaged log can hold), and prints
// `refusals` (what the target has of them) with it.
inline void MustKeepInvariants(const std::string& refusals) {
  if (InvariantBreaks() == 0) return;
  std::fprintf(stderr, "a game broke its invariants: %s\n", refusals.c_str());
  std::abort();
}

}  // namespace carcref::fuzz
