// Mists over Carcassonne, the cooperative game (RULES.md §B), behind the game interface
// (rules.h). The rules live in MistsGame (mists.h); this module makes a level from its declared
// options, applies one command line (mists_command.h) or takes an answer the rules had taken by
// themselves as changing nothing (NOTATION.md), and words what happened the way the table
// always has. It keeps no history: Match (rules.h) keeps the accepted commands and undoes by
// rebuilding.
//
// Options (OptionValues): --level N (1–6), --start "NW NE SW SE" (the quarters as they lie;
// the front end fills in the remembered ones), --no-misty-meeples (CONF-04),
// --facedown-orthogonal (AMB-06), --meeples-on-fields (AMB-03), --no-burying-hounds (AMB-05),
// --unplaceable-loses (AMB-10), --marker-from-meeples (AMB-08), --calm-unoccupied (AMB-04),
// --fewer-per-area (AMB-28), --thresholds-before-hounds (AMB-25), --evaluate-after-win (AMB-26),
// --bank-takes-tile-ghosts (AMB-02). Players are "NAME:COLOUR[/COLOUR…]" (B.2.2), kept in
// PlayerSpec::color joined by '/'. The Mists box arrives in GameStart::box as kMistsBoxRecord.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "carcref/rules.h"
#include "games/mists/mists_command.h"

namespace carcref {

GameDefinition MistsDefinition();

// Words the table and review share: the score and supply, and the ghosts on the board (each
// line ends with a newline).
std::string MistsStatusText(const MistsGame& game);
// `shown`: only the ghosts on the cells it keeps (a board window), and how many are not.
std::string MistsGhostsText(const MistsGame& game, const std::function<bool(Cell)>& shown = {});

// The whole state as one JSON object, the keys state_json.h lists for Mists
// (src/games/mists/mists_json.cpp), and the legal answers now, as commands or patterns
// ("meeple 2", "place DESCRIPTION X,Y").
std::string MistsStateJson(const MistsGame& game, const std::vector<ScoreLine>& history);
std::vector<std::string> MistsAnswers(const MistsGame& game);

// "Anna:red,Ben:blue/green" read and completed with the default colours (B.2.2).
Result<std::vector<MistsPlayer>> ParseMistsPlayers(const std::string& text);

class MistsRules : public GameRules {
 public:
  static Result<std::unique_ptr<GameRules>> Make(const GameStart& start);

  const MistsGame& state() const { return game_; }
  // The named tile descriptions the session may use (NOTATION.md "tile save").
  const std::map<std::string, std::string>& saved() const { return saved_; }

  std::string_view game() const override { return "mists"; }
  Result<Report> Apply(std::string_view line) override;
  Awaiting Awaits() const override;
  bool Over() const override;
  std::uint64_t Hash() const override;
  std::vector<int> Scores() const override;
  std::string StateJson() const override;
  std::unique_ptr<GameRules> Clone() const override;
  Status CheckInvariants() const override;
  // Every scoring (features and hounds) as a ScoreLine, derived from MistsGame::events().
  std::vector<ScoreLine> History() const override;
  Result<std::vector<std::string>> Ask(std::string_view line) const override;
  Result<std::string> SaveTile(const std::string& name, const std::string& description) override;
  // The level, goal, tiles, bank and each colour's player and meeples.
  std::vector<std::string> Facts() const override;
  Ending Ended() const override;  // the team's: won or lost, and why

  // The JSON shapes of the Mists logs and script results (MistsDefinition gives them to the
  // table: GameDefinition::logged_options, logged_result, result_json).
  std::string LoggedOptions() const;
  std::string LoggedResult() const;
  std::string ResultJson(const std::string& status, const std::vector<std::string>& errors) const;

 private:
  MistsRules(MistsGame game, std::map<std::string, std::string> saved,
             std::vector<std::string> start)
      : game_(std::move(game)), saved_(std::move(saved)), start_(std::move(start)) {}
  // Applies one line: a redundant answer (one kRedundant event) or a command (its events). On
  // error nothing changes. After the team has won or lost, only a redundant answer is accepted.
  Result<std::vector<MistsEvent>> Execute(std::string_view line);

  // Everything here is state: a clone (Match's snapshots and undo) carries all of it.
  MistsGame game_;
  std::map<std::string, std::string> saved_;
  std::vector<std::string> start_;  // the start tile's quarters as described (the log)
  // The answers the last accepted command's rules took by themselves, not yet typed (settled.h).
  std::vector<SettledAnswer> open_;
  std::size_t accepted_ = 0;  // commands accepted since the start: the log's result says when
};

}  // namespace carcref
