// The City's board kept up to date as it grows (city_board.h) against the from-scratch flood
// fill (CityGame::ComputeFeatures): seeded random games with every alternative, checked after
// every command, after an undo, and on a copy.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "games/city/city.h"

namespace carcref {
namespace {

const std::vector<std::string> kLiveTiles = {
    "hhhh",  "shsh",  "hshs",  "shhh", "hshh",  "hhsh",   "hhhs",    "sssh",      "sshs",
    "shss",  "hsss",  "ssss",  "sshh", "hssh",  "hhss",   "shhs",    "mmmmG",     "mmmmGF",
    "hmhhF", "hhmhL", "mhhhG", "hhhm", "smsh",  "shsm",   "hhhhp",   "hhhh*",     "[hsm]mmmL*",
    "hbhhp", "mmhh",  "hmmh",  "smmh", "hbhh*", "mmmmFL", "[hm]smh", "[mh]s[hm]h"};

const CityGame& City(const Match& match) {
  return static_cast<const CityRules&>(match.rules()).city();
}

TEST_CASE("the features kept as the board grows equal the flood fill after every command",
          "[city][random]") {
  int commands = 0, undos = 0, scorings = 0;
  for (std::uint32_t seed = 1; seed <= 60; ++seed) {
    INFO("seed " << seed);
    std::mt19937 rng(seed * 7919u);
    auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
    GameStart start;
    start.players = {{"Anna", "blue"}, {"Ben", "red"}, {"Cara", "yellow"}, {"Dan", "green"}};
    start.players.resize(2 + seed % 3);
    start.options["--stacks"] = std::to_string(4 + pick(10)) + "," + std::to_string(8 + pick(20)) +
                                "," + std::to_string(8 + pick(20));
    if (seed % 4 == 1) start.options["--walls-when-stack1-empty"] = "";
    if (seed % 5 == 2) start.options["--wall-per-feature"] = "";
    if (seed % 3 == 1) start.options["--walls-need-no-tile"] = "";
    if (seed % 3 == 0) start.options["--scored-watchmen"] = "";
    Result<Match> match = Match::Start(CityDefinition(), start);
    REQUIRE(match.ok());
    for (int step = 0; step < 3000 && !match->rules().Over(); ++step) {
      Awaiting a = match->rules().Awaits();
      std::string line;
      if (a.step == "tile") {
        std::string text = kLiveTiles[pick(kLiveTiles.size())];
        Result<CityTile> tile = ParseCityTile(text);
        REQUIRE(tile.ok());
        std::vector<Cell> places = City(*match).PlacesFor(*tile);
        line = places.empty() ? "discard " + text
                              : "place " + text + " " + CellName(places[pick(places.size())]);
      } else {
        REQUIRE_FALSE(a.answers.empty());
        line = a.answers[pick(a.answers.size())];
      }
      INFO("command " << step << ": " << line);
      size_t lines_before = City(*match).score_lines().size();
      REQUIRE(match->Apply(line).ok());
      ++commands;
      scorings += static_cast<int>(City(*match).score_lines().size() - lines_before);
      Status live = City(*match).CheckLiveFeatures();
      INFO(live.message());
      REQUIRE(live.ok());
      if (pick(9) == 0) {  // undo rebuilds from a copy: the board comes back as it was
        std::uint64_t after = match->rules().Hash();
        REQUIRE(match->Undo().ok());
        ++undos;
        Status undone = City(*match).CheckLiveFeatures();
        INFO("after undo: " << undone.message());
        REQUIRE(undone.ok());
        REQUIRE(match->Apply(line).ok());
        REQUIRE(match->rules().Hash() == after);
        REQUIRE(City(*match).CheckLiveFeatures().ok());
      }
    }
    REQUIRE(match->rules().Over());
    std::unique_ptr<GameRules> copy = match->rules().Clone();
    REQUIRE(static_cast<const CityRules&>(*copy).city().CheckLiveFeatures().ok());
  }
  // The games reached what the check is about: many commands, scorings, undos.
  CHECK(commands > 4000);
  CHECK(scorings > 800);
  CHECK(undos > 400);
}

}  // namespace
}  // namespace carcref
