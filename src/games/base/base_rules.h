// The base game (with the Winter tiles) behind the game interface (rules.h). The rules
// themselves live in Game (game.h); an expansion of the base game (expansion.h) registers a game
// of its own on this module (GCC: src/games/gcc/gcc_definition.cpp), adding its setup through
// BaseExpansion. This module makes a game from its declared options, applies one command line
// (ParseGameCommand, ApplyGameCommand; the answers the rules took by themselves, settled.h), and
// words what happened the way the table always has. It holds the game as it is now and no
// history: Match keeps the commands and undoes.
//
// Options (OptionValues): --tiles SET (a tile set read with the base set, e.g. winter),
// --no-farmers; an expansion's own besides. The catalogue texts arrive in GameStart::box under
// their record names (the set's name); an expansion reads its own records (BaseExpansion).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carcref/command.h"
#include "carcref/game.h"
#include "carcref/rules.h"
#include "carcref/settled.h"

namespace carcref {

// What one command caused.
struct Outcome {
  std::vector<ScoreEvent> events;  // scoring caused by this command
  bool placed_tile = false;        // the command put a tile down
  bool game_over = false;          // the game ended with this command
  bool meeple_placed = false;      // the command put a meeple down (it may be scored already)
  Meeple meeple;                   // that meeple
  std::vector<GameNote> notes;     // GCC: ghosts and guards this command caused
  // The command was an answer the rules had already taken by themselves (settled.h): nothing
  // changed, it is not kept (so not logged, and undo passes it by); `notes` says so.
  bool redundant = false;
};

GameDefinition BaseDefinition();

// An expansion played on the base game, as its game definition makes it: the box records it
// reads itself (the base game reads the others as tile sets), and its part of the setup from
// the game's options and records.
struct BaseExpansion {
  std::function<bool(const std::string& record)> reads;
  std::function<Result<std::shared_ptr<const ExpansionSetup>>(const GameStart&)> setup;
};

// The options of a session as the log stores them (JSON): game, farmers, extra tile set,
// players.
std::string OptionsJson(const GameSetup& setup, const std::string& extra_tiles);

class BaseRules : public GameRules {
 public:
  static Result<std::unique_ptr<GameRules>> Make(const GameStart& start,
                                                 const BaseExpansion* expansion = nullptr);
  // A base game from a setup made in code rather than from declared options (the bench's
  // workload catalogue, `carcref bench --table`).
  static Result<std::unique_ptr<GameRules>> FromSetup(GameSetup setup);

  const Game& state() const { return game_; }
  // What the last accepted command caused (nothing before the first): review words each
  // command's scorings and frames the tile it put down from it.
  const Outcome& last_outcome() const { return last_outcome_; }
  // What the last Apply that succeeded caused, a redundant answer included (then nothing but
  // its note, and `redundant` set).
  const Outcome& outcome() const { return outcome_; }
  // The tile set played with the base set ("winter"), or empty (the logged options say it).
  const std::string& extra_tiles() const { return extra_tiles_; }

  std::string_view game() const override { return game_.expansion().Name(); }
  Result<Report> Apply(std::string_view line) override;
  Awaiting Awaits() const override;
  bool Over() const override;
  std::uint64_t Hash() const override;
  std::vector<int> Scores() const override;
  std::string StateJson() const override;
  std::unique_ptr<GameRules> Clone() const override;
  Status CheckInvariants() const override;
  // Every scoring event of the game as a ScoreLine (derived from Game::events(), not stored).
  std::vector<ScoreLine> History() const override;
  Result<std::vector<std::string>> Ask(std::string_view line) const override;
  Result<std::string> SaveTile(const std::string& name, const std::string& description) override;
  // The bag, the start tile, GCC's supplies and bank.
  std::vector<std::string> Facts() const override;
  Ending Ended() const override;  // Game::Winners()

 private:
  BaseRules(Game game, SavedTiles saved, std::string extra_tiles)
      : game_(std::move(game)), saved_(std::move(saved)), extra_tiles_(std::move(extra_tiles)) {}
  // Parses and applies one game command (place, meeple, pass, discard, end, ghost, first). On
  // error nothing changed. NOTATION.md "what a redundant answer does": an answer the last
  // accepted command's rules took by themselves (`pass` after a meeple step with no meeple
  // possible, `ghost` naming the only meeple that could take it, `end` after the game ended by
  // itself) is accepted as redundant, once; the same verb naming another meeple is refused,
  // saying what was taken. (base_command.cpp)
  Result<Outcome> Execute(std::string_view line);
  // The answer `command` gives when the rules took it already; nullopt when it is no such
  // answer and is to be applied.
  std::optional<Result<Outcome>> Redundant(const GameCommand& command, std::string_view line);
  Result<std::vector<std::string>> Where(const std::string& token) const;

  // The whole state, copied by Clone(). Match undoes by applying the accepted commands again
  // to a clone of an earlier state: the open answers are part of it, so after an undo they are
  // those of the command now last, as right after it (redundant answers are not kept).
  Game game_;
  SavedTiles saved_;  // the named tile descriptions the session may use (GCC; "tile save")
  // The answers the last accepted command's rules took by themselves, not yet typed.
  std::vector<SettledAnswer> settled_;
  Outcome last_outcome_;
  Outcome outcome_;
  std::string extra_tiles_;  // the tile set played with the base set ("winter"), or empty
};

}  // namespace carcref
