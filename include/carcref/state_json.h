// The whole state of a base, GCC or Mists game as one JSON object: what `status --json` prints,
// so that a program or a test can check a position without reading the board drawing. The
// games behind the GameRules interface give theirs through GameRules::StateJson.
//
// Keys (base and GCC): game ("base"/"gcc"), options, turn, phase, awaiting {step, player,
// answers}, tiles_left, remaining {ID: n}, players [{name, color, score, breakdown, supply,
// (gcc:) meeples, guards, general_guards}], meeples [{cell, feature, where, color, kind
// (meeple/guard/farmer), ghosts}], (gcc:) bank.
// Keys (mists): game, level, options, turn, phase, awaiting, score, goal, players [{name,
// colours}], colour_scores, supply {COLOUR: n}, meeples [{cell, feature, where, color, kind,
// buried, hound}], ghosts [{cell, feature, where, count}], bank, ghosts_on_board, piles,
// active_pile, tiles_left, hounds [{number, cell, done}], outcome.
#pragma once

#include <string>
#include <vector>

#include "carcref/coop_referee.h"
#include "carcref/referee.h"

namespace carcref {

std::string BaseStateJson(const Referee& referee);
// The legal answers now, as commands or patterns ("meeple 2", "place TILE X,Y [ROT]").
std::vector<std::string> BaseAnswers(const Game& game);
std::vector<std::string> CoopAnswers(const CoopGame& game);
std::string CoopStateJson(const CoopReferee& referee);

}  // namespace carcref
