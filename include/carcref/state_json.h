// The whole state of a base, GCC or Mists game as one JSON object: what `status --json` prints,
// so that a program or a test can check a position without reading the board drawing. The
// games behind the GameRules interface give theirs through GameRules::StateJson. The base
// game's (and GCC's) is here; Mists co-op writes its own (MistsStateJson, mists_rules.h) with
// the helpers below.
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

#include <cstddef>
#include <string>
#include <vector>

#include "carcref/game.h"
#include "carcref/geometry.h"
#include "carcref/json.h"
#include "carcref/rules.h"

namespace carcref {

std::string BaseStateJson(const Game& game, const std::vector<ScoreLine>& history);
// The legal answers now, as commands or patterns ("meeple 2", "place TILE X,Y [ROT]").
std::vector<std::string> BaseAnswers(const Game& game);

// The helpers every game's state JSON writes with: "cell": [x, y]; "answers": [...];
// {"VERB 1", "VERB 2", … "VERB n"}.
void CellJson(JsonWriter& w, Cell c);
void AnswersJson(JsonWriter& w, const std::vector<std::string>& answers);
std::vector<std::string> NumberedAnswers(const char* verb, std::size_t n);

}  // namespace carcref
