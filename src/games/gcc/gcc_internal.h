// Ghosts, Castles and Cemeteries as an Expansion (expansion.h): what its files (gcc.cpp, the
// rules; gcc_words.cpp, its words and JSON) share. Not part of the engine's public face: Game
// and the front end know GCC only through Expansion::For and the hooks.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "carcref/described_set.h"
#include "carcref/expansion.h"
#include "carcref/game.h"
#include "engine/field_hash.h"
#include "games/gcc/gcc.h"

namespace carcref {

// GCC's state in a Game (Expansion::StateOf): copied with the game, hashed by HashState.
struct GccState final : ExpansionState {
  int bank = 0;                          // C.1.3
  std::vector<int> guards_owned;         // per player: 2, plus one per cemetery scored (C.6.3)
  std::vector<int> general_guards;       // per player's colour
  std::optional<TileBox> box;            // the Mists tiles (C.1.1)
  std::vector<GhostTarget> ghost_queue;  // ghosts still to give this turn (C.3.5 order)
  std::vector<ScoreEvent> pending;       // kOrder: features waiting to score (AMB-29)
  std::vector<NodeId> pending_roots;

  std::unique_ptr<ExpansionState> Clone() const override {
    return std::make_unique<GccState>(*this);
  }
};

class GhostsCastlesCemeteries final : public Expansion {
 public:
  static const GhostsCastlesCemeteries& Instance() {
    static const GhostsCastlesCemeteries gcc;
    return gcc;
  }

  int Regulars(const GameSetup&) const override { return kGccRegulars; }  // C.1.2
  bool HasGuards() const override { return true; }                        // C.1.2, C.4
  int GhostBank() const override { return kGccBank; }                     // C.1.3
  bool ReplacesStartTile() const override { return true; }                // C.1.1

  Status Setup(Game& g) const override;
  void AfterTilePlaced(Game& g) const override;
  Status Haunt(Game& g, int index) const override;
  void ScoreTurn(Game& g) const override;
  Status ScoreFirst(Game& g, int index) const override;
  void ScoreFinal(Game& g, std::vector<std::pair<ScoreEvent, NodeId>>& end) const override;
  void HashMeeples(const Game& g, FieldHash& h) const override;
  void HashState(const Game& g, FieldHash& h) const override;
  void GhostsReturned(Game& g, int ghosts) const override;
  int Guards(const Game& g, int player) const override;
  const TileBox* Box(const Game& g) const override;
  void TakeFromBox(Game& g, const TileType& type) const override;
  int CastleValue(const Game& g, Cell c, bool complete, std::string* reason) const override;
  Result<int> GhostMeeple(const Game& g, const GameCommand& command) const override;
  Status CheckInvariants(const Game& g) const override;  // gcc_invariants.cpp

  // Its words and JSON (gcc_words.cpp).
  std::string_view Name() const override { return "gcc"; }
  std::string ScoreTable(const Game& g) const override;
  std::string StatusWords(const Game& g) const override;
  void SupplyFacts(const Game& g, int player, std::vector<std::string>& facts) const override;
  void StepAwaits(const Game& g, Awaiting& a) const override;
  void Facts(const Game& g, std::vector<std::string>& facts) const override;
  void OptionsJson(const Game& g, JsonWriter& w) const override;
  void BreakdownJson(const Game& g, int player, JsonWriter& w) const override;
  void PlayerJson(const Game& g, int player, JsonWriter& w) const override;
  void StateJson(const Game& g, JsonWriter& w) const override;
  std::vector<std::string> StepAnswers(const Game& g) const override;
  std::string ExplainWords(const Game& g, const FeatureReport& r) const override;
  std::string PlacementWords(const Game& g, const TileType& type, Cell c) const override;

  // The state of a GCC game; Find: nullptr when `g` does not play GCC.
  static const GccState* Find(const Game& g);
  static GccState& State(Game& g);
  static const GccState& State(const Game& g);

 private:
  static std::vector<Meeple>& Meeples(Game& g) { return MeeplesOf(g); }
  static const std::vector<Meeple>& Meeples(const Game& g) { return g.meeples(); }
  static std::vector<ScoreTotals>& Totals(Game& g) { return TotalsOf(g); }
  static const std::vector<ScoreTotals>& Totals(const Game& g) { return g.totals(); }
  static void NextGhost(Game& g);
  static void GiveGhost(Game& g, int index, const std::string& why);
  static std::string MeepleWords(const Game& g, const Meeple& m);
  static int GhostsOf(const Game& g, NodeId root, int player);
  static bool OrderMatters(const Game& g);
  static void ScorePending(Game& g);
  static void Record(Game& g, ScoreEvent e, NodeId root);
};

}  // namespace carcref
