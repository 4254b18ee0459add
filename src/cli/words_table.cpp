#include "cli/words_table.h"

#include <algorithm>

#include "carcref/i18n.h"
#include "carcref/words.h"
#include "cli/game_views.h"

namespace carcref {

namespace {

std::string Joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : separator) + s;
  return out;
}

}  // namespace

std::string FormatScoreLine(const std::vector<PlayerSpec>& players, const ScoreLine& line) {
  std::string out = line.what + (line.final ? " (end of game)" : "");
  if (!line.where.empty()) out += " (" + line.where + ")";
  if (line.show_cells && !line.cells.empty()) {
    std::string cells;
    for (Cell c : line.cells) cells += (cells.empty() ? "" : " ") + CellName(c);
    out += " [" + (cells.size() > 60 ? cells.substr(0, 57) + "…" : cells) + "]";
  }
  if (!line.reason.empty()) out += ": " + line.reason;
  std::string colours;
  for (const std::string& c : line.colours) colours += (colours.empty() ? "" : ", ") + c;
  if (!colours.empty()) out += " for " + colours;
  std::string rule = line.rule.empty() ? "" : " (" + line.rule + ")";
  if (!line.team.empty()) {
    // The shared score: every player's change is the team's (B.9.5).
    int points = line.points.empty() ? 0 : line.points.front();
    return out + " → " + line.team + " " + (points >= 0 ? "+" : "") + std::to_string(points) + rule;
  }
  std::string scored;
  for (std::size_t p = 0; p < players.size() && p < line.points.size(); ++p) {
    bool won = std::find(line.winners.begin(), line.winners.end(), static_cast<int>(p)) !=
               line.winners.end();
    if (line.points[p] != 0 || won)
      scored += (scored.empty() ? " → " : ", ") + players[p].name + " " +
                (line.points[p] >= 0 ? "+" : "") + std::to_string(line.points[p]);
  }
  if (scored.empty()) return out + " → nobody scores" + rule;
  if (!colours.empty()) return out + scored + rule;  // the colours said whose meeples counted
  std::string followers;
  int with_followers = 0;
  for (std::size_t p = 0; p < players.size() && p < line.followers.size(); ++p)
    if (line.followers[p] > 0) {
      ++with_followers;
      followers += (followers.empty() ? "" : ", ") + players[p].name + " " +
                   Plural(line.followers[p], line.follower, line.followers_word);
    }
  if (!followers.empty() && line.winners.size() > 1)
    followers += ": tied, each scores in full";
  else if (with_followers > 1 && line.winners.size() == 1)
    followers += ": majority";
  return out + scored + (followers.empty() ? "" : " (" + followers + ")") + rule;
}

std::string AwaitingLine(const GameRules& rules) {
  if (rules.Over()) return Tr("game over");
  Awaiting a = rules.Awaits();
  const GameView* view = FindView(rules.game());
  if (view && view->awaiting)
    if (std::optional<std::string> worded = view->awaiting(rules, a)) return *worded;
  std::string out = a.words;
  if (!a.listed.empty()) {
    out += ": " + Joined(a.listed, " · ");
  } else if (!a.answers.empty() && a.answers.size() <= 8) {
    out += ": " + Joined(a.answers, " · ");
  } else if (a.answers.size() > 8) {
    a.facts.insert(a.facts.begin(), Plural(static_cast<long long>(a.answers.size()), "legal answer",
                                           "legal answers") +
                                        "; status --json lists them");
  }
  if (!a.facts.empty()) out += " (" + Joined(a.facts, " · ") + ")";
  return out;
}

std::string PlayersWords(const std::vector<PlayerSpec>& players) {
  std::string out;
  for (const PlayerSpec& p : players)
    out += (out.empty() ? "" : ", ") + p.name + (p.color.empty() ? "" : " (" + p.color + ")");
  return out;
}

}  // namespace carcref
