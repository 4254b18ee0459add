// The options of a new game (issue #8): every game's, declared once in its GameDefinition and
// read by one path for `carcref play` and the REPL's `new` (cli/table.h ChooseGame). `--with
// gcc` on the base game is GCC because GCC says it expands base; the words base, GCC and Mists
// refuse other games' options with are theirs (GameDefinition::refusals).
#include <catch2/catch.hpp>
#include <sstream>

#include "cli/table.h"

using namespace carcref;

namespace {

Result<ChosenGame> Choose(const std::string& game, std::vector<std::string> words) {
  NewGameOptions options;
  options.game = game;
  options.players = "Anna:red,Ben:blue";
  options.words = std::move(words);
  return ChooseGame(options);
}

std::string Refused(const std::string& game, std::vector<std::string> words) {
  Result<ChosenGame> chosen = Choose(game, std::move(words));
  REQUIRE_FALSE(chosen.ok());
  return chosen.status().message();
}

}  // namespace

TEST_CASE("new game options: --with gcc on base is the game gcc, declared as data", "[options]") {
  Result<ChosenGame> gcc = Choose("base", {"--with", "gcc", "--start", "a b c d", "--no-farmers"});
  REQUIRE(gcc.ok());
  CHECK(gcc->game->name == "gcc");
  CHECK(gcc->options == OptionValues{{"--start", "a b c d"}, {"--no-farmers", ""}});
  Result<ChosenGame> upper = Choose("base", {"--with=GCC"});
  REQUIRE(upper.ok());
  CHECK(upper->game->name == "gcc");
  Result<ChosenGame> base = Choose("", {"--tiles", "winter"});  // no game: the first, base
  REQUIRE(base.ok());
  CHECK(base->game->name == "base");
  CHECK(base->options == OptionValues{{"--tiles", "winter"}});
  CHECK(Refused("base", {"--with", "foo"}) ==
        "unknown expansion 'foo': --with gcc (Ghosts, Castles and Cemeteries) is the one there is");
  CHECK(Refused("base", {"--with"}) == "--with needs a value: --with NAME");
  Result<ChosenGame> same = Choose("gcc", {"--with", "GCC"});  // names itself: changes nothing
  REQUIRE(same.ok());
  CHECK(same->game->name == "gcc");
  CHECK(Refused("gcc", {"--with=foo"}) ==
        "unknown expansion 'foo': --game gcc is the base game with Ghosts, Castles and Cemeteries "
        "already "
        "(--with gcc or no --with)");
  CHECK(Refused("city", {"--with", "gcc"}) ==
        "--with belongs to the base game (--game base), not to Carcassonne: The City");
  CHECK(Refused("mists", {"--with", "gcc"}) ==
        "--with belongs to the base game (--game base), not to Mists over Carcassonne");
}

TEST_CASE("new game options: another game's option is refused with how to play that game",
          "[options]") {
  CHECK(Refused("base", {"--level", "2"}) ==
        "--level belongs to Mists over Carcassonne (--game mists), not to the base game");
  CHECK(Refused("base", {"--only-scorers-pay"}) ==
        "--only-scorers-pay belongs to Ghosts, Castles and Cemeteries (--with gcc), not to the "
        "base game");
  CHECK(Refused("base", {"--start", "a b c d"}) ==
        "--start belongs to Ghosts, Castles and Cemeteries (--with gcc) and Mists over "
        "Carcassonne (--game mists), not to the base game");
  CHECK(Refused("gcc", {"--no-misty-meeples"}) ==
        "--no-misty-meeples belongs to Mists over Carcassonne (--game mists), not to Ghosts, "
        "Castles and Cemeteries");
  CHECK(Refused("mists", {"--tiles", "winter"}) ==
        "--tiles belongs to the base game (--game base), not to Mists over Carcassonne");
  CHECK(Refused("city", {"--start", "a b c d"}) ==
        "--start belongs to Ghosts, Castles and Cemeteries (--with gcc) and Mists over "
        "Carcassonne (--game mists), not to Carcassonne: The City");
  CHECK(Refused("city", {"--only-scorers-pay"}) ==
        "--only-scorers-pay belongs to Ghosts, Castles and Cemeteries (--with gcc), not to "
        "Carcassonne: The City");
  CHECK(Refused("city", {"--tiles", "winter"}) ==
        "--tiles belongs to the base game (--game base), not to Carcassonne: The City");
  // The register's GCC alternatives (AMB-11, -12, -15, -29, -30, -31): refused by name
  // elsewhere, accepted with --with gcc.
  const std::string kGcc = "Ghosts, Castles and Cemeteries (--with gcc)";
  for (const char* o :
       {"--no-cemetery-ghost-penalty", "--fixed-score-order", "--floor-each-end-feature",
        "--ghost-per-edge", "--clear-tile-disperses", "--mist-per-side"}) {
    INFO(o);
    const std::string gcc_option = std::string(o) + " belongs to " + kGcc + ", not to ";
    CHECK(Refused("base", {o}) == gcc_option + "the base game");
    CHECK(Refused("mists", {o}) == gcc_option + "Mists over Carcassonne");
    CHECK(Refused("city", {o}) == gcc_option + "Carcassonne: The City");
    Result<ChosenGame> gcc = Choose("base", {"--with", "gcc", o});
    REQUIRE(gcc.ok());
    CHECK(gcc->options == OptionValues{{o, ""}});
  }
  CHECK(Refused("base", {"--no-farmer"}) ==
        "unknown option --no-farmer for base; did you mean --no-farmers?");
  CHECK(Refused("mists", {"--level"}) == "--level needs a value: --level N");
  CHECK(Refused("base", {"--with", "gcc", "--fixed-score-order=no"}) ==
        "--fixed-score-order takes no value: --fixed-score-order");
  CHECK(Refused("base", {"--no-farmers=no"}) == "--no-farmers takes no value: --no-farmers");
  CHECK(Refused("chess", {}) ==
        "unknown game 'chess': the games are base (with gcc: --with gcc), mists, city");
  Result<ChosenGame> mists = Choose("mists", {"--level=3", "--meeples-on-fields"});
  REQUIRE(mists.ok());
  CHECK(mists->options == OptionValues{{"--level", "3"}, {"--meeples-on-fields", ""}});
}

TEST_CASE("new in the REPL: quoted values, and --start without its quotes", "[options]") {
  std::ostringstream out, err;
  Table table(out, err, nullptr, false);
  CHECK_FALSE(table.Execute("new mists --players A,B --start ffff ffff ffFf2 ffFf1"));
  CHECK(err.str() ==
        "error: --start takes the four quarters in quotes: --start \"ffff ffff ffFf2 ffFf1\"\n");
  err.str("");
  CHECK_FALSE(table.Execute("new base --players \"Anna:red,Ben:blue --no-farmers"));
  CHECK(err.str() == "error: the player list has no closing quote\n");
  err.str("");
  CHECK(table.Execute("new base --players \"Anna:red, Ben:blue\" --no-farmers"));
  CHECK(err.str().empty());
  CHECK(table.rules()->game() == "base");
  CHECK_THAT(out.str(), Catch::Contains("option --no-farmers"));
}
