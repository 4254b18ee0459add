// The base game (with the Winter tiles) and Ghosts, Castles and Cemeteries behind the game
// interface (rules.h). GCC is the base game with its setup (GameSetup::gcc), so one module
// serves both and registers two games: "base" and "gcc". The rules themselves live in Game
// (game.h), GCC's as its Expansion (expansion.h, rules/gcc.cpp); this module makes a game from its
// declared options, applies one command line through Referee, and words what happened the way the
// table always has.
//
// Options (OptionValues): --tiles SET (a tile set read with the base set, e.g. winter),
// --no-farmers; GCC also --start "NW NE SW SE" and the register's alternatives, default off
// (GccAlternatives(), game.h: --only-scorers-pay AMB-14, --castle-counts-itself CONF-06 and the
// others). The catalogue texts and the Mists box arrive in
// GameStart::box under their record names (the set's name; kMistsBoxRecord).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "carcref/referee.h"
#include "carcref/rules.h"

namespace carcref {

GameDefinition BaseDefinition();
GameDefinition GccDefinition();

// The options of a session as the log stores them (JSON): game, farmers, extra tile set,
// players.
std::string OptionsJson(const GameSetup& setup, const std::string& extra_tiles);

class BaseRules : public GameRules {
 public:
  static Result<std::unique_ptr<GameRules>> Make(const GameStart& start, bool gcc);
  // A base game from a setup made in code rather than from declared options (the bench's
  // workload catalogue, `carcref bench --table`).
  static Result<std::unique_ptr<GameRules>> FromSetup(GameSetup setup);

  const Game& state() const { return referee_.game(); }
  const Referee& referee() const { return referee_; }
  // What the last accepted command caused (nothing before the first): review words each
  // command's scorings and frames the tile it put down from it.
  const Outcome& last_outcome() const { return last_outcome_; }

  std::string_view game() const override { return referee_.game().gcc() ? "gcc" : "base"; }
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
  std::string Opening() const override;
  std::string Resumed(std::size_t commands) const override;
  std::string Position() const override;
  std::string LoggedOptions() const override;
  std::string LoggedResult() const override;
  std::string ResultJson(const std::string& status,
                         const std::vector<std::string>& errors) const override;

 private:
  BaseRules(Referee referee, std::string extra_tiles)
      : referee_(std::move(referee)), extra_tiles_(std::move(extra_tiles)) {}
  Result<std::vector<std::string>> Where(const std::string& token) const;

  Referee referee_;
  Outcome last_outcome_;
  std::string extra_tiles_;  // the tile set played with the base set ("winter"), or empty
};

}  // namespace carcref
