// The whole state of a base, GCC or Mists game as one JSON object: what `status --json` prints,
// so that a program or a test can check a position without reading the board drawing. The
// games behind the GameRules interface give theirs through GameRules::StateJson.
//
// Keys (base and GCC): game ("base"/"gcc"), options, turn, phase, awaiting {step, player,
// answers}, tiles_left, remaining {ID: n}, players [{name, color, score, breakdown, supply,
// (gcc:) meeples, guards, general_guards}], meeples [{cell, feature, where, color, kind
// (meeple/guard/farmer), ghosts}], (gcc:) bank, ghosts_on_meeples; scores [every scoring as
// ScoreLinesJson (rules.h) writes it: what, where, reason, final, turn, followers, winners,
// points per player, cells].
// Keys (mists): game, level, options, turn, phase, awaiting, score, goal, players [{name,
// colours}], colour_scores, supply {COLOUR: n}, meeples [{cell, feature, where, color, kind,
// buried, hound}], ghosts [{cell, feature, where, count}], bank, ghosts_on_board, piles,
// active_pile, tiles_left, hounds [{number, cell, done}], outcome, scores [as for base: points
// per player as their score counts them, followers the player's colours credited].
#pragma once

#include <string>
#include <vector>

#include "carcref/game.h"
#include "carcref/mists.h"
#include "carcref/rules.h"

namespace carcref {

std::string BaseStateJson(const Game& game, const std::vector<ScoreLine>& history);
// The legal answers now, as commands or patterns ("meeple 2", "place TILE X,Y [ROT]").
std::vector<std::string> BaseAnswers(const Game& game);
std::vector<std::string> MistsAnswers(const MistsGame& game);
std::string MistsStateJson(const MistsGame& game, const std::vector<ScoreLine>& history);

}  // namespace carcref
