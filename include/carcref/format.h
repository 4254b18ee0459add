// Words for what the engine decided: scoring events with their breakdown, placements,
// scores, feature reports. Plain text; the caller decides where it goes.
#pragma once

#include <string>
#include <vector>

#include "carcref/explain.h"
#include "carcref/game.h"

namespace carcref {

// GCC: what the ghosts cost and the floor gave back, player by player, as a scoring's reason
// ends ("; Anna 8 − 2 ghosts × 2 = 4 → +4"); empty outside GCC or when nothing was paid.
std::string FormatEventCosts(const Game& game, const ScoreEvent& e);

// "D at 1,0 rotated 90: city E; road N–S; 2 fields"; a Mists tile (GCC), typed as it lies,
// has no rotation: "Mists tile at 0,-1: mist N with 1 ghost; 1 field".
std::string FormatPlacement(const Game& game, int tile_index);

// Totals per player by feature type, the leader marked (the expansion's table:
// Expansion::ScoreTable).
std::string FormatScores(const Game& game);

std::string FormatReport(const Game& game, const FeatureReport& r);

// The event as JSON (for the log and --json).
std::string EventJson(const Game& game, const ScoreEvent& e);

// {"status":…, "players":[{name, color, score, breakdown:{…}}], …}
std::string GameJson(const Game& game, const std::string& status,
                     const std::vector<std::string>& errors);

}  // namespace carcref
