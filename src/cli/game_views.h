// How the front end draws a game behind the GameRules interface: its board in the terminal
// and as SVG, and what it says when a logged session is looked back at (ReviewWords). A game
// with no view of its own gets words instead of a picture, and the generic review words.
// Each game's view comes with its registration (games/registry.h, GameModule).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carcref/board.h"
#include "carcref/rules.h"
#include "carcref/simulate.h"
#include "cli/render.h"
#include "store/session_log.h"

namespace carcref {

class SessionReview;  // cli/match_review.h

// What a game says and draws when a logged session of it is looked back at (cli/match_review.h).
// Each is optional: null means the generic words, made from the GameRules interface.
struct ReviewWords {
  // `carcref replay`: the first line, one live command of the listing (the review is just after
  // it) and the position the replay ends at.
  std::function<std::string(const SessionReview&)> header;
  std::function<std::string(const SessionReview&)> listed;
  std::function<std::string(const SessionReview&, bool color)> position;
  // The REPL's replay mode: the words when it starts (the position included), after each step,
  // `board` and `status`; questions about the replayed position (name -> answer).
  std::function<std::string(const SessionReview&)> opening;
  std::function<std::string(const SessionReview&)> step;
  // `board`: the whole board (window null), or `board X,Y R`'s window.
  std::function<std::string(const SessionReview&, bool color, const BoardView* window)> board;
  std::function<std::string(const SessionReview&, const std::vector<std::string>& args)> status;
  std::map<std::string, std::function<Result<std::string>(const SessionReview&,
                                                          const std::vector<std::string>&)>>
      questions;
  // `show` of an unfinished session: what follows "standings after N commands (STATUS):".
  std::function<std::string(const GameRules&)> standings;
  // `export`: the board at the review's position as SVG, and the score chart up to it (which
  // may step the review forwards from the start).
  std::function<Result<std::string>(const SessionReview&)> svg;
  std::function<Result<std::string>(SessionReview&, std::size_t to)> chart;
};

// Where a finished game of it counts in `carcref stats` (cli/stats.h).
struct StatisticsCategories {
  // Its "road" and "city" scorings count towards the longest road and the biggest city, and
  // its games towards the games those records are drawn from.
  bool road_and_city_records = false;
  // The whole table wins or loses together: its result's "outcome", "cause" and the session's
  // level count towards the co-op lines (and the JSON's coop_games, coop_wins, …).
  bool team_outcome = false;
};

// `carcref bench --table` (cli/bench.cpp): a real game typed at the table, and for a game that
// has one, the table's commands timed on a board bigger than a real game's.
struct TableBenchWorkload {
  std::string board;          // the workload board in words: "base tiles ×3 (a workload board)"
  GameDefinition definition;  // makes the game's rules on that board, for the bench's players
  std::vector<std::string> commands;  // a random game on it, as canonical commands; empty: none
  // The tiles on the board of rules `definition` made.
  std::function<int(const GameRules&)> tiles;
  // A random real game of it (the bench's players), as canonical commands, played to its end.
  std::vector<std::string> real_commands;
  // The options of that game at the table, as `carcref play` reads them after --game
  // ({"--start", "ffff ffff ffFf2 ffFf1"}); empty: the game's defaults.
  std::vector<std::string> real_options = {};
  // Its players as --players takes them; empty: "P1:red,P2:blue,P3:green,P4:yellow".
  std::string real_players = "";
};

// A game's line in `carcref bench` (cli/bench.cpp): seeded random games of it, played to the
// end. The signature hashes their final totals, so it changes only when the rules do.
struct BenchWorkload {
  // What the line says of the workload after its signature: "4 players, farmers".
  std::string notes;
  // The random game of `seed`, played to its end: its placements and final totals.
  std::function<RandomGameResult(std::uint64_t seed)> play;
  // --table's workload up to `tiles` placed tiles, for the game of `seed`. Null: none; the
  // bench times the first registered game that has one.
  std::function<Result<TableBenchWorkload>(int tiles, std::uint64_t seed)> table;
  // A second line of the game with --all, of another workload and with its own signature (the
  // Mists team playing carefully, whose games last long enough to measure): the words after the
  // game's name ("careful team"), its notes and its random game. Null `variant_play`: none.
  std::string variant = "";
  std::string variant_notes = "";
  std::function<RandomGameResult(std::uint64_t seed)> variant_play = nullptr;
};

struct GameView {
  std::string game;  // GameDefinition::name, filled when the game is registered
  // The data directory's tile sets the game is played with, its own first ("base", then the
  // extra "winter"): what `tiles SET` offers. The first registered game's first is the set
  // `tiles` lists when none is named. Empty: none of its own.
  std::vector<std::string> tile_sets;
  // Whether its `place` puts down tiles: `show` then counts them ("12 tiles placed"); a game
  // played without tiles (the test game's stones) is shown without that count.
  bool places_tiles = true;
  // The terminal board, fitted to the view (render.h).
  std::function<std::string(const GameRules&, bool color, const BoardView& view)> board;
  std::function<std::string(const GameRules&, const std::string& title)> svg;
  // Reads what the game is played with from the data directory into its start (catalogue
  // texts, the Mists box, saved tiles) before it is made; may say something. Null: nothing.
  // `log` is where the game will be logged (null: nowhere); an in-memory log keeps nothing,
  // so nothing is remembered in the data directory either.
  std::function<Status(GameStart& start, const SessionLog* log, std::ostream& out)> prepare;
  // Questions answered with drawings the engine does not make ("remaining"): name -> answer.
  std::map<std::string, std::function<Result<std::string>(const GameRules&)>> questions;
  // An accepted `tile save`, kept for later games too. Null: only this game knows the name.
  std::function<Status(const std::string& name, const std::string& description)> remember_tile;
  // Words for tab completion in this game (tile ids, feature names).
  std::function<std::vector<std::string>(const GameRules&)> completion;
  // Words its lines use beyond the commands, offered by tab completion in any position (the
  // feature names after `meeple`, `at`); with no game started, every game's are offered.
  std::vector<std::string> words;
  StatisticsCategories statistics;
  // Looking back at a logged session of the game.
  ReviewWords review;
  // Words that may come next after the words typed so far (`typed`, at least the command),
  // beyond the legal answers of Awaits(): after `place` the tiles left and then the cells and
  // rotations where that tile fits; after `meeple` the features of the tile just placed and
  // then their sides. Null or empty: nothing more.
  std::function<std::vector<std::string>(const GameRules&, const std::vector<std::string>& typed)>
      context;
  // After a complete answer to the step awaited (`meeple road E`, `meeple 2`, `meeple
  // monastery`): every word that may legally follow it (the Mists game's colours, GCC's
  // `guard`), none when nothing may. Null, or nullopt: `typed` is no complete answer.
  std::function<std::optional<std::vector<std::string>>(const GameRules&,
                                                        const std::vector<std::string>& typed)>
      after_answer;
  // The REPL's one line after each turn, given the table's "Anna 12 · Ben 7": the scores and
  // the tiles left ("Anna 12 · Ben 7 · 58 tiles left"). Null: the scores alone.
  std::function<std::string(const GameRules&, const std::string& scores)> turn_status;
  // The step awaited in the players' language (i18n.h), worded from the game's own data where
  // the rules' Awaiting is English words ("Anna (red) to place a tile"); nullopt: the table
  // words the Awaiting as it is (words_table.h AwaitingLine). Null: always so.
  std::function<std::optional<std::string>(const GameRules&, const Awaiting&)> awaiting;
  // `carcref bench`: the workload for `players`, with what it reads from the data directory, or
  // why there is none. The first registered game that has one is bench's headline; --all adds
  // a line per other game that has one, in the registry's order. Null: the game has no line.
  std::function<Result<BenchWorkload>(const std::vector<PlayerSpec>& players)> bench;
};

// The view of the registered game `game` (games/registry.cpp), or null.
const GameView* FindView(std::string_view game);

// Every registered game's tile sets (GameView::tile_sets), in the registry's order; and the
// set `tiles` lists when none is named (the first of them, empty when no game has one).
std::vector<std::string> TileSetNames();
std::string DefaultTileSet();

// What the games' views share for completion (game_views.cpp):

// Appends `word` to `out` unless it is there already.
void AddWordOnce(std::vector<std::string>& out, const std::string& word);
// After `meeple` on the tile just placed: the feature words of `segments` (where a meeple may
// go), then after one of them the sides (roads, cities) or half-edges (fields) it lies on.
std::vector<std::string> MeepleWords(const PlacedTile& tile, const std::vector<int>& segments,
                                     const std::vector<std::string>& typed);
// The segment of `segments` that `words` (what follows `meeple`) name in full: "2", "road E",
// "field NL", "monastery" (a feature with no sides to name); -1 when they name none in full.
int NamedSegment(const PlacedTile& tile, const std::vector<int>& segments,
                 const std::vector<std::string>& words);
// Where `placements` put a tile: after `place TILE` the cells, after `place TILE X,Y` the
// rotations there (with_rotation: catalogue tiles, which may be turned).
std::vector<std::string> PlacementWords(const std::vector<Placement>& placements,
                                        const std::vector<std::string>& typed, bool with_rotation);

// "tile save NAME DESCRIPTION": the name and the description (the rest of the line).
struct TileSaveLine {
  std::string name;
  std::string description;
};
Result<TileSaveLine> ParseTileSaveLine(const std::string& line);

}  // namespace carcref
