// Shared helpers for the unit tests: the real catalogues from data/tiles, and games driven
// through the canonical commands.
#pragma once

#include <catch2/catch.hpp>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "carcref/catalog.h"
#include "carcref/rules.h"
#include "games/base/base_rules.h"
#include "games/gcc/gcc.h"

namespace carcref::test {

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// "base" or "winter" (base + the 12 animal tiles).
inline Catalog LoadCatalog(const std::string& set) {
  std::string dir = CARCREF_SOURCE_DATA_DIR "/tiles/";
  Result<Catalog> base = ParseCatalog(ReadFile(dir + "base.yaml"), "base.yaml");
  REQUIRE(base.ok());
  Catalog all = *base;
  if (set == "winter") {
    Result<Catalog> winter = ParseCatalog(ReadFile(dir + "winter.yaml"), "winter.yaml");
    REQUIRE(winter.ok());
    REQUIRE(MergeCatalog(all, *winter).ok());
  }
  return all;
}

inline GameSetup Setup(std::vector<PlayerSpec> players, const std::string& set = "base",
                       bool farmers = true) {
  GameSetup s;
  s.players = std::move(players);
  s.farmers = farmers;
  s.catalog = LoadCatalog(set);
  return s;
}

inline GameSetup TwoPlayers(const std::string& set = "base") {
  return Setup({{"Anna", "red"}, {"Ben", "blue"}}, set);
}

// A base or GCC game played as the table plays it: a Match of the base or GCC definition whose
// game is made from `setup` (BaseRules::FromSetup). Execute applies a line through Match::Apply
// and returns what it caused (BaseRules::outcome()); Undo is Match::Undo; game() is
// BaseRules::state(). Copies are independent games.
class BaseMatch {
 public:
  static Result<BaseMatch> Start(const GameSetup& setup) {
    auto definition =
        std::make_shared<GameDefinition>(GccSetupOf(setup) ? GccDefinition() : BaseDefinition());
    definition->make = [setup](const GameStart&) { return BaseRules::FromSetup(setup); };
    GameStart start;
    start.players = setup.players;
    Result<Match> match = Match::Start(*definition, std::move(start));
    if (!match.ok()) return match.status();
    return BaseMatch(std::move(definition), std::move(match.value()));
  }

  // As the table applies it: a refusal in the table's language (Match::Apply's `worded`).
  Result<Outcome> Execute(std::string_view line) {
    Report words;
    Result<Report> report = match_.Apply(line, &words);
    if (!report.ok()) return report.status();
    return rules().outcome();
  }
  Result<std::string> Undo() { return match_.Undo(); }

  const Game& game() const { return rules().state(); }
  const std::vector<std::string>& commands() const { return match_.commands(); }
  const BaseRules& rules() const { return static_cast<const BaseRules&>(match_.rules()); }
  const Match& match() const { return match_; }

 private:
  BaseMatch(std::shared_ptr<const GameDefinition> definition, Match match)
      : definition_(std::move(definition)), match_(std::move(match)) {}

  std::shared_ptr<const GameDefinition> definition_;  // the Match points at it
  Match match_;
};

inline BaseMatch Start(const GameSetup& setup) {
  Result<BaseMatch> r = BaseMatch::Start(setup);
  REQUIRE(r.ok());
  return std::move(r.value());
}

// Runs every line; each must be accepted.
inline void Play(BaseMatch& r, const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    Result<Outcome> o = r.Execute(line);
    INFO("command: " << line << " → " << (o.ok() ? "ok" : o.status().message()));
    REQUIRE(o.ok());
  }
}

inline int Total(const BaseMatch& r, int player) { return r.game().totals()[player].Total(); }

inline std::string Refusal(BaseMatch& r, const std::string& line) {
  std::uint64_t before = r.game().Hash();
  Result<Outcome> o = r.Execute(line);
  REQUIRE_FALSE(o.ok());
  REQUIRE(r.game().Hash() == before);  // a refused command changes nothing
  return o.status().message();
}

// The "> " lines of tests/scenarios/NAME.txt, the commands typed at the table; a missing or
// short transcript fails loudly.
inline std::vector<std::string> ScenarioLines(const std::string& name) {
  std::ifstream in(std::string(CARCREF_SOURCE_DATA_DIR) + "/../tests/scenarios/" + name + ".txt");
  REQUIRE(in);  // a missing transcript fails loudly
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("> ", 0) == 0) lines.push_back(line.substr(2));
  REQUIRE(lines.size() > 20);
  return lines;
}

}  // namespace carcref::test
