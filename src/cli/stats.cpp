#include "cli/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "carcref/i18n.h"
#include "carcref/words.h"
#include "cli/archive.h"
#include "cli/game_views.h"
#include "cli/review.h"

namespace carcref {

namespace {

template <typename T>
T& Slot(std::vector<std::pair<std::string, T>>& list, const std::string& key) {
  for (auto& item : list)
    if (item.first == key) return item.second;
  list.emplace_back(key, T{});
  return list.back().second;
}

PlayerStats& PlayerSlot(std::vector<PlayerStats>& players, const std::string& name) {
  for (PlayerStats& p : players)
    if (SameName(p.name, name)) return p;
  players.push_back(PlayerStats{});
  players.back().name = name;
  return players.back();
}

// The feature keys in the order people read a score sheet; others follow as first seen.
int FeatureRank(const std::string& key) {
  static const std::vector<std::string> kOrder = {"roads", "cities", "monasteries", "farms",
                                                  "castles"};
  auto it = std::find(kOrder.begin(), kOrder.end(), key);
  return static_cast<int>(it - kOrder.begin());
}

void ConsiderRecord(const SessionFacts& facts, const ScoredEvent& e, const StatsFilter& filter,
                    std::optional<FeatureRecord>* record) {
  std::string who;
  bool filtered_player_scored = filter.player.empty();
  for (const auto& [name, points] : e.points) {
    if (points <= 0) continue;
    who += (who.empty() ? "" : ", ") + name;
    if (!filter.player.empty() && SameName(name, filter.player)) filtered_player_scored = true;
  }
  if (who.empty() || !filtered_player_scored) return;
  if (*record && (*record)->tiles >= e.tiles) return;  // the first keeps a tie
  *record = FeatureRecord{e.tiles, facts.id, e.command, who, e.where};
}

std::string Percent(int part, int whole) {
  if (whole == 0) return "–";
  return std::to_string(static_cast<int>(std::lround(100.0 * part / whole))) + "%";
}

std::string Fixed1(double value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", value);
  return buf;
}

std::string Games(int n) { return Fill(TrPlural("{1} game", "{1} games", n), {std::to_string(n)}); }

// `what` is the record's name, already worded ("longest road").
std::string RecordLine(const std::string& what, const std::optional<FeatureRecord>& r) {
  if (!r) return Fill(Tr("{1}: none scored yet"), {what}) + "\n";
  // TRANSLATORS: a record of `stats`: {1} its name ("longest road"), {2} how many tiles, {3} who
  // scored it, {4} the session, {5} the command, {6} where (", road E at 1,0" or nothing).
  return Fill(TrPlural("{1}: {2} tile, {3} (session {4}, command {5}{6})",
                       "{1}: {2} tiles, {3} (session {4}, command {5}{6})", r->tiles),
              {what, std::to_string(r->tiles), r->who, std::to_string(r->session),
               std::to_string(r->command), r->where.empty() ? "" : ", " + r->where}) +
         "\n";
}

}  // namespace

ArchiveStats ComputeStats(const std::vector<SessionRecord>& sessions, const StatsFilter& filter) {
  std::vector<SessionFacts> facts;
  for (const SessionRecord& record : sessions) facts.push_back(ReadSession(record));
  return StatsOf(facts, filter);
}

ArchiveStats StatsOf(const std::vector<SessionFacts>& sessions, const StatsFilter& filter) {
  ArchiveStats stats;
  std::vector<std::pair<std::string, int>> causes;  // of defeat, as first seen
  for (const SessionFacts& facts : sessions) {
    if (!filter.game.empty() && !SameName(facts.game, filter.game)) continue;
    if (!filter.player.empty() && !HasPlayer(facts, filter.player)) continue;
    ++stats.sessions;
    if (facts.status == kSessionActive) ++stats.active;
    if (facts.status == kSessionAbandoned) ++stats.abandoned;
    if (facts.status != kSessionFinished) continue;
    if (!facts.result_readable) {
      ++stats.unreadable;
      continue;
    }
    ++stats.finished;
    const GameView* view = FindView(facts.game);
    if (view && view->statistics.road_and_city_records) ++stats.road_games;
    ++Slot(stats.games_by_name, facts.game);

    for (const PlayerResult& p : facts.results) {
      if (!filter.player.empty() && !SameName(p.name, filter.player)) continue;
      for (const auto& [key, points] : p.breakdown) Slot(stats.points_by_feature, key) += points;
    }
    for (const ScoredEvent& e : facts.events) {
      if (!e.readable) continue;
      if (e.kind == "road") ConsiderRecord(facts, e, filter, &stats.longest_road);
      if (e.kind == "city") ConsiderRecord(facts, e, filter, &stats.biggest_city);
    }

    if (facts.coop) {
      ++stats.coop_games;
      auto level = std::find_if(stats.levels.begin(), stats.levels.end(),
                                [&](const LevelStats& l) { return l.level == facts.level; });
      if (level == stats.levels.end()) {
        stats.levels.push_back(LevelStats{facts.level, 0, 0});
        level = stats.levels.end() - 1;
      }
      ++level->games;
      if (SameName(facts.outcome, "won")) {
        ++stats.coop_wins;
        ++level->wins;
      } else if (SameName(facts.outcome, "lost")) {
        ++stats.coop_losses;
        ++Slot(causes, facts.cause.empty() ? Tr("no cause given") : facts.cause);
      }
      continue;
    }

    std::vector<std::string> winners = Winners(facts);
    for (const PlayerResult& p : facts.results) {
      if (!filter.player.empty() && !SameName(p.name, filter.player)) continue;
      PlayerStats& s = PlayerSlot(stats.players, p.name);
      s.best = s.games == 0 ? p.score : std::max(s.best, p.score);
      ++s.games;
      s.points += p.score;
      if (std::find(winners.begin(), winners.end(), p.name) != winners.end()) ++s.wins;
    }
  }

  std::stable_sort(stats.players.begin(), stats.players.end(),
                   [](const PlayerStats& a, const PlayerStats& b) {
                     if (a.wins != b.wins) return a.wins > b.wins;
                     if (a.WinRate() != b.WinRate()) return a.WinRate() > b.WinRate();
                     if (a.Average() != b.Average()) return a.Average() > b.Average();
                     return a.name < b.name;
                   });
  std::stable_sort(
      stats.points_by_feature.begin(), stats.points_by_feature.end(),
      [](const auto& a, const auto& b) { return FeatureRank(a.first) < FeatureRank(b.first); });
  std::sort(stats.levels.begin(), stats.levels.end(),
            [](const LevelStats& a, const LevelStats& b) { return a.level < b.level; });
  for (const auto& [cause, count] : causes) {
    if (count > stats.common_cause_count) {
      stats.common_cause = cause;
      stats.common_cause_count = count;
    }
  }
  return stats;
}

std::string FormatStats(const ArchiveStats& s, const StatsFilter& filter) {
  std::string out;
  if (s.sessions == 0) {
    // TRANSLATORS: {1} a game's name as typed, {2} a player's name.
    if (!filter.game.empty() && !filter.player.empty())
      return Fill(Tr("no sessions of {1} with {2} in the log"), {filter.game, filter.player}) +
             "\n";
    if (!filter.game.empty())
      return Fill(Tr("no sessions of {1} in the log"), {filter.game}) + "\n";
    if (!filter.player.empty())
      return Fill(Tr("no sessions with {1} in the log"), {filter.player}) + "\n";
    return Tr("no sessions in the log") + "\n";
  }
  // The player as the log spells the name, when a game shows it.
  std::string who = s.players.size() == 1 ? s.players[0].name : filter.player;
  if (!filter.player.empty()) out += who + ": ";
  out += Fill(TrPlural("{1} game played", "{1} games played", s.finished),
              {std::to_string(s.finished)});
  if (!s.games_by_name.empty()) {
    out += " (";
    for (std::size_t i = 0; i < s.games_by_name.size(); ++i)
      out += (i ? ", " : "") + std::to_string(s.games_by_name[i].second) + " " +
             s.games_by_name[i].first;
    out += ")";
  }
  if (s.active) out += " · " + Fill(Tr("{1} in progress"), {std::to_string(s.active)});
  if (s.abandoned) out += " · " + Fill(Tr("{1} abandoned"), {std::to_string(s.abandoned)});
  out += "\n";
  if (s.unreadable)
    out += Fill(Tr("{1} finished session(s) left out: the result cannot be read"),
                {std::to_string(s.unreadable)}) +
           "\n";

  if (!s.players.empty()) {
    // TRANSLATORS: the columns of `stats`' table of players.
    const std::vector<std::string> header = {
        TrContext("column", "games"), TrContext("column", "wins"), TrContext("column", "win rate"),
        TrContext("column", "average"), TrContext("column", "best")};
    // The numbers' widths in English (5, 4, 8, 7, 4), wider where a header is.
    std::vector<std::size_t> widths = {5, 4, 8, 7, 4};
    for (std::size_t c = 0; c < header.size(); ++c)
      widths[c] = std::max(widths[c], DisplayWidth(header[c]));
    std::string player = TrContext("column", "player");
    std::size_t width = std::max<std::size_t>(6, DisplayWidth(player));
    for (const PlayerStats& p : s.players) width = std::max(width, DisplayWidth(p.name));
    auto pad = [&](const std::string& text) {
      return PadRight(text, std::max(width + 2, DisplayWidth(text) + 1));
    };
    auto row = [&](const std::vector<std::string>& cells) {
      std::string line;
      for (std::size_t c = 0; c < cells.size(); ++c)
        line += (c ? "  " : "") + PadLeft(cells[c], widths[c]);
      return line;
    };
    // Over the numbers, right-aligned (in English each header is as wide as its numbers).
    out += "\n" + pad(player) + row(header) + "\n";
    for (const PlayerStats& p : s.players)
      out += pad(p.name) +
             row({std::to_string(p.games), std::to_string(p.wins), Percent(p.wins, p.games),
                  Fixed1(p.Average()), std::to_string(p.best)}) +
             "\n";
  }

  if (!s.points_by_feature.empty()) {
    out += "\n" + (filter.player.empty() ? Tr("points by feature:")
                                         : Fill(Tr("points by feature ({1}):"), {who}));
    for (std::size_t i = 0; i < s.points_by_feature.size(); ++i)
      out += (i ? " · " : " ") + BreakdownWord(s.points_by_feature[i].first) + " " +
             std::to_string(s.points_by_feature[i].second);
    out += "\n";
  }
  if (s.road_games > 0 || s.longest_road || s.biggest_city) {  // not for the City's games
    out += RecordLine(Tr("longest road"), s.longest_road);
    out += RecordLine(Tr("biggest city"), s.biggest_city);
  }

  if (s.coop_games) {
    // TRANSLATORS: {1} "5 games", {2} how many were won, {3} their share ("40%").
    out += "\n" +
           Fill(Tr("co-op: {1}, {2} won ({3})"), {Games(s.coop_games), std::to_string(s.coop_wins),
                                                  Percent(s.coop_wins, s.coop_games)}) +
           "\n";
    for (const LevelStats& l : s.levels)
      out += "  " +
             Fill(Tr("{1}: {2}, {3} won ({4})"),
                  {l.level ? Fill(Tr("level {1}"), {std::to_string(l.level)}) : Tr("no level"),
                   Games(l.games), std::to_string(l.wins), Percent(l.wins, l.games)}) +
             "\n";
    if (s.coop_losses)
      // TRANSLATORS: {1} the cause as the log keeps it, {2} how often, {3} of how many lost.
      out += "  " +
             Fill(Tr("most common cause of defeat: {1} ({2} of {3} lost)"),
                  {s.common_cause, std::to_string(s.common_cause_count),
                   std::to_string(s.coop_losses)}) +
             "\n";
  }
  return out;
}

}  // namespace carcref
