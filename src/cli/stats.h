// Statistics across the archive (`carcref stats`): a pure function of loaded session records
// (no database, no clock), so that a small archive built in a test has numbers worked out by
// hand.
//
// What counts:
//   - Only finished sessions count as games. Active and abandoned ones are only counted as
//     such.
//   - A game played as a team (its registration says so: StatisticsCategories, cli/game_views.h)
//     whose result has "outcome" is co-operative: it counts towards the co-op lines
//     (win rate per level, the most common cause of defeat), not towards the per-player
//     lines. Every other finished game is competitive.
//   - Per player (by name, case-insensitive; the first spelling seen is shown): competitive
//     games, wins (a shared win counts as a win for each), win rate, average and best score.
//   - Points by feature: the sum of the "breakdown" of every player of every finished game,
//     co-op included, key by key (roads, cities, monasteries, farms, castles … as stored).
//   - Records: the road and the city with the most tiles that anybody scored (an event of a
//     live command of a finished game with points for someone); the first one wins a tie.
// With a player filter: only games that player took part in, only that player's line,
// points and records.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "store/session_log.h"

namespace carcref {

struct SessionFacts;

struct StatsFilter {
  std::string player;  // empty: everybody
  std::string game;    // empty: every game
};

struct PlayerStats {
  std::string name;
  int games = 0;
  int wins = 0;
  long long points = 0;  // sum of final scores
  int best = 0;
  double WinRate() const { return games ? static_cast<double>(wins) / games : 0.0; }
  double Average() const { return games ? static_cast<double>(points) / games : 0.0; }
};

struct FeatureRecord {
  int tiles = 0;
  std::int64_t session = 0;
  std::int64_t command = 0;
  std::string who;  // the players who scored it, "Anna, Ben"
  std::string where;
};

struct LevelStats {
  int level = 0;  // 0: the options name no level
  int games = 0;
  int wins = 0;
};

struct ArchiveStats {
  int sessions = 0;  // sessions that pass the filter, whatever their status
  int finished = 0;  // games played
  int active = 0;
  int abandoned = 0;
  int unreadable = 0;  // finished, but the result is not JSON: left out of everything below
  std::vector<std::pair<std::string, int>> games_by_name;  // finished games per game, by name
  std::vector<PlayerStats> players;                        // by wins, then win rate, average, name
  std::vector<std::pair<std::string, long long>> points_by_feature;  // roads, cities,
                                                                     // monasteries, farms,
                                                                     // castles, then others
  std::optional<FeatureRecord> longest_road;
  std::optional<FeatureRecord> biggest_city;
  int road_games = 0;  // finished games whose registration counts road and city records
  int coop_games = 0;
  int coop_wins = 0;
  std::vector<LevelStats> levels;  // by level
  std::string common_cause;        // of defeat; "" when no co-op game was lost
  int common_cause_count = 0;
  int coop_losses = 0;
};

ArchiveStats ComputeStats(const std::vector<SessionRecord>& sessions, const StatsFilter& filter);
// The same from the sessions' facts (cli/archive.h: ReadSession's, or a summary's).
ArchiveStats StatsOf(const std::vector<SessionFacts>& sessions, const StatsFilter& filter);

// The statistics as text, for `carcref stats`.
std::string FormatStats(const ArchiveStats& stats, const StatsFilter& filter);

}  // namespace carcref
