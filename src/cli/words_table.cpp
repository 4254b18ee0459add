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

// "Anna 2 knights": the followers that counted, named as the game names them. The games' pairs
// are worded here with the plural forms of the table's language (2 rytíři, 5 rytířů); a pair
// this table does not know is counted in the game's own words.
std::string FollowersWords(const std::string& one, const std::string& many, long long n) {
  std::string count = std::to_string(n);
  // TRANSLATORS: the followers that counted in a scoring, after the player's name ("Anna 1
  // thief"): a follower on a road is a thief, in a city a knight, in a monastery a monk, in a
  // field a farmer (A.2).
  if (one == "thief") return Fill(TrPlural("{1} thief", "{1} thieves", n), {count});
  if (one == "knight") return Fill(TrPlural("{1} knight", "{1} knights", n), {count});
  if (one == "monk") return Fill(TrPlural("{1} monk", "{1} monks", n), {count});
  if (one == "farmer") return Fill(TrPlural("{1} farmer", "{1} farmers", n), {count});
  if (one == "meeple") return Fill(TrPlural("{1} meeple", "{1} meeples", n), {count});
  // TRANSLATORS: The City's followers (D.4).
  if (one == "follower") return Fill(TrPlural("{1} follower", "{1} followers", n), {count});
  return Plural(n, one, many);
}

}  // namespace

// What scored, in the table's words: a game that keeps the English kind in its ScoreLine (the
// log's kind) has it worded here; words already in the table's language pass as they are.
std::string WhatWords(const std::string& what) {
  static const char* const kFeatures[] = {"road",      "city",   "field",
                                          "monastery", "castle", "cemetery"};
  for (const char* feature : kFeatures)
    if (what == feature) return TrContext("feature", feature);
  // TRANSLATORS: what scored in The City (D.6–D.10) and in the co-op game (B.11).
  if (what == "street") return TrContext("feature", "street");
  if (what == "market") return TrContext("feature", "market");
  if (what == "residential area") return TrContext("feature", "residential area");
  if (what == "watchman") return TrContext("feature", "watchman");
  if (what == "tower") return TrContext("feature", "tower");
  if (what == "hound") return TrContext("feature", "hound");
  return what;
}

std::string FormatScoreLine(const std::vector<PlayerSpec>& players, const ScoreLine& line) {
  // TRANSLATORS: a scoring at the end of the game: {1} what scored ("road", "city").
  std::string what = WhatWords(line.what);
  std::string out = line.final ? Fill(Tr("{1} (end of game)"), {what}) : what;
  if (!line.where.empty()) out += " (" + line.where + ")";
  if (line.show_cells && !line.cells.empty()) {
    std::string cells;
    for (Cell c : line.cells) cells += (cells.empty() ? "" : " ") + CellName(c);
    out += " [" + (cells.size() > 60 ? cells.substr(0, 57) + "…" : cells) + "]";
  }
  if (!line.reason.empty()) out += ": " + line.reason;
  std::string colours;
  for (const std::string& c : line.colours) colours += (colours.empty() ? "" : ", ") + c;
  // TRANSLATORS: a scoring in the co-op game: {1} the scoring so far, {2} the meeple colours
  // that counted ("green, red").
  if (!colours.empty()) out = Fill(Tr("{1} for {2}"), {out, colours});
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
  if (scored.empty()) return out + " → " + Tr("nobody scores") + rule;
  if (!colours.empty()) return out + scored + rule;  // the colours said whose meeples counted
  std::string followers;
  int with_followers = 0;
  for (std::size_t p = 0; p < players.size() && p < line.followers.size(); ++p)
    if (line.followers[p] > 0) {
      ++with_followers;
      followers += (followers.empty() ? "" : ", ") + players[p].name + " " +
                   FollowersWords(line.follower, line.followers_word, line.followers[p]);
    }
  if (!followers.empty() && line.winners.size() > 1)
    followers += ": " + Tr("tied, each scores in full");
  else if (with_followers > 1 && line.winners.size() == 1)
    // TRANSLATORS: the one player with the most followers on the feature scores (A.5.4).
    followers += ": " + TrContext("scoring", "majority");
  return out + scored + (followers.empty() ? "" : " (" + followers + ")") + rule;
}

namespace {

// The most groups of answers the awaiting line lists; more are counted instead.
constexpr std::size_t kListedGroups = 12;

// The answers with the same words but the last, one after the other, as one: "gate 3,-1 E",
// "gate 3,-1 S" -> "gate 3,-1 E|S", in the order the game gives them.
std::vector<std::string> GroupedAnswers(const std::vector<std::string>& answers) {
  std::vector<std::string> out;
  std::string prefix;
  for (const std::string& answer : answers) {
    std::size_t cut = answer.rfind(' ');
    std::string head = cut == std::string::npos ? "" : answer.substr(0, cut);
    if (!out.empty() && !head.empty() && head == prefix) {
      out.back() += "|" + answer.substr(cut + 1);
      continue;
    }
    out.push_back(answer);
    prefix = head;
  }
  return out;
}

}  // namespace

std::string AwaitingLine(const GameRules& rules) {
  if (rules.Over()) return Tr("game over");
  Awaiting a = rules.Awaits();
  const GameView* view = FindView(rules.game());
  if (view && view->awaiting)
    if (std::optional<std::string> worded = view->awaiting(rules, a)) return *worded;
  std::string out = a.words;
  if (!a.listed.empty()) {
    out += ": " + Joined(a.listed, " · ");
  } else if (a.answers.size() <= 8) {
    if (!a.answers.empty()) out += ": " + Joined(a.answers, " · ");
  } else if (std::vector<std::string> grouped = GroupedAnswers(a.answers);
             grouped.size() <= kListedGroups) {
    out += ": " + Joined(grouped, " · ");  // "gate 3,-1 E|S|W · gate 4,0 N" (issue #20)
  } else {
    long long n = static_cast<long long>(a.answers.size());
    // TRANSLATORS: too many answers to list: {1} how many (`status --json` is a command).
    a.facts.insert(a.facts.begin(), Fill(TrPlural("{1} legal answer; status --json lists them",
                                                  "{1} legal answers; status --json lists them", n),
                                         {std::to_string(n)}));
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
