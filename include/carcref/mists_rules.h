// Mists over Carcassonne, the cooperative game (RULES.md §B), behind the game interface
// (rules.h). The rules live in CoopGame (mists.h); this module makes a level from its declared
// options, applies one command line through CoopReferee and words what happened the way the
// table always has.
//
// Options (OptionValues): --level N (1–6), --start "NW NE SW SE" (the quarters as they lie;
// the front end fills in the remembered ones), --no-misty-meeples (CONF-04),
// --facedown-orthogonal (AMB-06), --meeples-on-fields (AMB-03), --no-burying-hounds (AMB-05),
// --unplaceable-loses (AMB-10), --marker-from-meeples (AMB-08), --calm-unoccupied (AMB-04),
// --fewer-per-area (AMB-28), --thresholds-before-hounds (AMB-25), --evaluate-after-win (AMB-26),
// --bank-takes-tile-ghosts (AMB-02). Players are "NAME:COLOUR[/COLOUR…]" (B.2.2), kept in
// PlayerSpec::color joined by '/'. The Mists box arrives in GameStart::box as kMistsBoxRecord.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "carcref/coop_referee.h"
#include "carcref/rules.h"

namespace carcref {

GameDefinition MistsDefinition();

// Words the table and review share: what the game waits for, the score and supply, and the
// ghosts on the board (each ends with a newline except CoopAwaiting).
std::string CoopAwaiting(const CoopGame& game);
std::string CoopStatusText(const CoopGame& game);
// `shown`: only the ghosts on the cells it keeps (a board window), and how many are not.
std::string CoopGhostsText(const CoopGame& game, const std::function<bool(Cell)>& shown = {});

// "Anna:red,Ben:blue/green" read and completed with the default colours (B.2.2).
Result<std::vector<CoopPlayer>> ParseCoopPlayers(const std::string& text);

class MistsRules : public GameRules {
 public:
  static Result<std::unique_ptr<GameRules>> Make(const GameStart& start);

  const CoopGame& state() const { return referee_.game(); }
  const CoopReferee& referee() const { return referee_; }

  std::string_view game() const override { return "mists"; }
  Result<Report> Apply(std::string_view line) override;
  Awaiting Awaits() const override;
  bool Over() const override;
  std::uint64_t Hash() const override;
  std::vector<int> Scores() const override;
  std::string StateJson() const override;
  std::unique_ptr<GameRules> Clone() const override;
  Status CheckInvariants() const override;
  // Every scoring (features and hounds) as a ScoreLine, derived from CoopGame::events().
  std::vector<ScoreLine> History() const override;
  Result<std::vector<std::string>> Ask(std::string_view line) const override;
  bool IsQuestion(const std::string& verb) const override;
  Result<std::string> SaveTile(const std::string& name, const std::string& description) override;
  std::string Opening() const override;
  std::string Resumed(std::size_t commands) const override;
  std::string Position() const override;
  std::string LoggedOptions() const override;
  std::string LoggedResult() const override;
  std::string ResultJson(const std::string& status,
                         const std::vector<std::string>& errors) const override;

 private:
  MistsRules(CoopReferee referee, std::vector<std::string> start)
      : referee_(std::move(referee)), start_(std::move(start)) {}

  CoopReferee referee_;
  std::vector<std::string> start_;  // the start tile's quarters as described (the log)
};

}  // namespace carcref
