// The table's words for what every game reports through the GameRules interface
// (carcref/rules.h), shared by the table (table_match.cpp) and the review of a logged session
// (match_review.h, the games' views), so a scoring and the awaited step read the same in play,
// `show` and `replay`.
#pragma once

#include <string>
#include <vector>

#include "carcref/rules.h"

namespace carcref {

// What scored, in the table's words: a kind a game keeps in English ("street", the log's kind)
// worded in the table's language; a word it does not know, or one already translated, as it is.
std::string WhatWords(const std::string& what);

// "street (street N–S at 1,0): 4 tiles × 2 = 8 → Anna +8 (Anna 1 follower)", the cells after
// the place where the game lists them ("road (road E at -1,0) [-1,0 0,0 1,0]: 3 tiles = 3 …"):
// every game's scorings in these words, from the ScoreLine's data alone. A winner is named
// even when the ghosts' cost leaves them +0 (C.5.2). A team game's: "city (city W at 1,2):
// 2 tiles × 2 = 4 for green → team +4 (B.9.5)".
std::string FormatScoreLine(const std::vector<PlayerSpec>& players, const ScoreLine& line);

// What the game waits for, in one shape for every game: who and what, the answers (as the
// game lists them, else the commands; more than 8 commands are counted, not listed), then the
// facts the step needs: "Anna (red) to place a meeple or pass: 1 city N · pass (Anna has 7
// meeples left)"; "game over" once the game is over.
std::string AwaitingLine(const GameRules& rules);

// The players as the table names them, in every game and wherever they are listed (the table's
// first line, `show`, the replay's header): "Anna (red), Ben (blue)"; the Mists game's players
// with their colours: "Anna (red/green), Ben (blue/yellow)". A player with no colour is named
// alone.
std::string PlayersWords(const std::vector<PlayerSpec>& players);

}  // namespace carcref
