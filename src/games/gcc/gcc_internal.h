// Ghosts, Castles and Cemeteries as an Expansion (expansion.h): what its files (gcc.cpp, the
// rules; gcc_words.cpp, its words and JSON) share. Not part of the engine's public face: Game
// and the front end know GCC only through Expansion::For and the hooks.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "carcref/expansion.h"
#include "carcref/game.h"

namespace carcref {

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

  // Its words and JSON (gcc_words.cpp).
  std::string_view Name() const override { return "gcc"; }
  std::string ScoreTable(const Game& g) const override;
  std::string SupplyWords(const Game& g, int player) const override;
  std::string StatusWords(const Game& g) const override;
  void OptionsJson(const Game& g, JsonWriter& w) const override;
  void BreakdownJson(const Game& g, int player, JsonWriter& w) const override;
  void PlayerJson(const Game& g, int player, JsonWriter& w) const override;
  void StateJson(const Game& g, JsonWriter& w) const override;

 private:
  static void NextGhost(Game& g);
  static void GiveGhost(Game& g, int index, const std::string& why);
  static std::string MeepleWords(const Game& g, const Meeple& m);
  static int GhostsOf(const Game& g, NodeId root, int player);
  static bool OrderMatters(const Game& g);
  static void ScorePending(Game& g);
  static void Record(Game& g, ScoreEvent e, NodeId root);
};

}  // namespace carcref
