// A seeded random legal game of The City, for `carcref bench` and the tests
// (PlayRandomCityGame, city.h).
#include <memory>
#include <string>
#include <vector>

#include "carcref/simulate.h"
#include "games/city/city.h"
#include "games/city/city_tile.h"

namespace carcref {

namespace {

// The City: the tile descriptions its seeded random test draws from (tests/unit/city_test.cpp).
const std::vector<std::string>& CityTiles() {
  static const std::vector<std::string> kTiles = {
      "hhhh",  "shsh",  "hshs",  "shhh", "hshh",  "hhsh",  "hhhs",  "sssh",  "sshs",
      "shss",  "hsss",  "ssss",  "sshh", "hssh",  "hhss",  "shhs",  "mmmmG", "mmmmGF",
      "hmhhF", "hhmhL", "mhhhG", "hhhm", "smsh",  "shsm",  "hhhhp", "hhhh*", "[hsm]mmmL*",
      "hbhhp", "mmhh",  "hmmh",  "smmh", "hbhh*", "mmmmFL"};
  return kTiles;
}

}  // namespace

RandomGameResult PlayRandomCityGame(int players, std::uint64_t seed, bool record_commands) {
  RandomGameResult out;
  GameStart start;
  static const char* const kNames[] = {"Anna", "Ben", "Cleo", "Dan", "Eva"};
  static const char* const kColours[] = {"red", "blue", "green", "yellow", "black"};
  for (int p = 0; p < players && p < 5; ++p) start.players.push_back({kNames[p], kColours[p]});
  Result<std::unique_ptr<GameRules>> made = CityDefinition().make(start);
  assert(made.ok());
  CityRules& rules = static_cast<CityRules&>(*made.value());
  SeededRandom random(seed);
  for (int step = 0; step < 4000 && !rules.Over(); ++step) {
    Awaiting a = rules.Awaits();
    std::string line;
    if (a.step == "tile") {
      const std::string& text = Pick(random, CityTiles());
      Result<CityTile> tile = ParseCityTile(text);
      assert(tile.ok());
      std::vector<Cell> places = rules.city().PlacesFor(*tile);
      line = places.empty() ? "discard " + text
                            : "place " + text + " " + CellName(Pick(random, places));
      if (places.empty())
        ++out.discards;
      else
        ++out.placements;
    } else {
      if (a.answers.empty()) break;
      line = Pick(random, a.answers);
    }
    MustSucceed(rules.Apply(line).status());
    if (record_commands) out.commands.push_back(line);
  }
  out.totals = rules.Scores();
  out.final_hash = rules.Hash();
  return out;
}

}  // namespace carcref
