// What the co-op game (Mists over Carcassonne) says and draws when a logged session is looked
// back at, on the one review path (cli/match_review.h): its scorings in the table's words
// (cli/words_table.h), the rest in the words its reviews have always had.
#include <algorithm>
#include <sstream>

#include "carcref/explain.h"
#include "carcref/words.h"
#include "cli/archive.h"
#include "cli/game_views.h"
#include "cli/match_review.h"
#include "cli/render.h"
#include "cli/review.h"
#include "cli/svg.h"
#include "cli/words_table.h"
#include "games/mists/mists_rules.h"
#include "games/mists/view/mists_table.h"

namespace carcref {

namespace {

const MistsGame& Mists(const SessionReview& r) {
  return static_cast<const MistsRules&>(r.rules()).state();
}

std::string MistsBoardText(const MistsGame& g, bool color, const BoardView* window = nullptr) {
  std::ostringstream out;
  if (window)
    PrintMistsBoard(g, color, out, *window);
  else
    PrintMistsBoard(g, color, out);
  return out.str();
}

std::string MistsStep(const SessionReview& r) {
  const MistsGame& g = Mists(r);
  std::string out = r.position() == 0 ? std::string("  0 · the start\n")
                                      : "  " + std::to_string(r.position()) + " · " +
                                            r.command(r.position()).text + "\n";
  return out + "  score " + std::to_string(g.score()) + " of " + std::to_string(g.level().goal) +
         " · bank " + std::to_string(g.bank()) + " · " + std::to_string(g.GhostsOnBoard()) +
         " on the board\n";
}

// One command of `carcref replay`: its text and what it caused (its events, as many as it
// logged): a scoring in the table's words (FormatScoreLine, the ScoreLines the command
// reported, in order), every other event (the mist, ghosts, hounds, won or lost) as the game
// words it.
std::string MistsListed(const SessionReview& r) {
  std::string out =
      "  " + std::to_string(r.position()) + " · " + r.command(r.position()).text + "\n";
  const std::vector<MistsEvent>& events = Mists(r).events();
  const std::vector<ScoreLine>& scores = r.report().scores;
  std::size_t n = std::min(events.size(), r.report().logged.size()), next = 0;
  for (std::size_t i = events.size() - n; i < events.size(); ++i) {
    const MistsEvent& e = events[i];
    // A scoring changed the team's score or a colour's (B.9.5, B.11.5): as MistsRules reports.
    bool scoring = e.kind == MistsEvent::Kind::kScore ||
                   (e.kind == MistsEvent::Kind::kHound && !e.colours.empty());
    if (scoring && next < scores.size())
      out += "      " + FormatScoreLine(r.match().start().players, scores[next++]) + "\n";
    else
      out += "      " + e.text + "\n";
  }
  return out;
}

std::string MistsTitle(const SessionReview& r) {
  return "carcref · session " + std::to_string(r.session().id) + " · Mists level " +
         std::to_string(Mists(r).level().level);
}

// The board at the review's position with the meeples in their colours, the ghosts, the hounds
// and the buried meeples.
std::string MistsSvg(const SessionReview& r) {
  return MistsBoardSvg(
      Mists(r), MistsTitle(r),
      "after command " + std::to_string(r.position()) + " of " + std::to_string(r.size()) + " · ");
}

// The team's score with the ghost bank (the chart's second series) after every command to `to`.
Result<std::string> MistsChart(SessionReview& r, std::size_t to) {
  if (Status s = r.Goto(0); !s.ok()) return s;
  ScoreChart chart;
  chart.title = "Score and ghost bank · " + MistsTitle(r).substr(10);
  chart.x_label = "command";
  ChartSeries team{"team", "black", {}, false};
  ChartSeries bank{"ghosts in the bank", "#777777", {}, true};
  for (std::size_t k = 0; k <= to; ++k) {
    if (Status s = r.Goto(k); !s.ok()) return s;
    chart.x_ticks.push_back(std::to_string(k));
    team.values.push_back(Mists(r).score());
    bank.values.push_back(Mists(r).bank());
  }
  chart.players.push_back(team);
  chart.secondary = bank;
  return ScoreChartSvg(chart);
}

}  // namespace

ReviewWords MistsReviewWords() {
  ReviewWords w;
  w.header = [](const SessionReview& r) { return ReplayHeaderLine(r) + "\n"; };
  w.listed = MistsListed;
  w.position = [](const SessionReview& r, bool color) {
    // Where the replay stopped, as the base game's says it (the header no longer does).
    std::size_t n = r.position();
    std::string at = n == 0 ? "at the start (0 of " + std::to_string(r.size()) + "):\n"
                            : "after command " + std::to_string(n) + " of " +
                                  std::to_string(r.size()) + " (" + r.command(n).text + "):\n";
    return at + MistsBoardText(Mists(r), color) + MistsStatusText(Mists(r));
  };
  w.opening = [](const SessionReview& r) {
    return "replaying " + ReplayHeaderLine(r) + "\n" +
           "  next, prev, goto N step through it; board, status, ghosts look at it; stop "
           "leaves\n" +
           MistsStep(r);
  };
  w.step = MistsStep;
  w.board = [](const SessionReview& r, bool color, const BoardView* window) {
    return MistsBoardText(Mists(r), color, window);
  };
  w.status = [](const SessionReview& r, const std::vector<std::string>&) {
    return MistsStatusText(Mists(r));
  };
  w.questions["ghosts"] = [](const SessionReview& r,
                             const std::vector<std::string>&) -> Result<std::string> {
    return MistsGhostsText(Mists(r));
  };
  w.standings = [](const GameRules& rules) {
    const MistsGame& g = static_cast<const MistsRules&>(rules).state();
    return " score " + std::to_string(g.score()) + " of " + std::to_string(g.level().goal) + ", " +
           Plural(g.GhostsOnBoard(), "ghost", "ghosts") + " on the board, bank " +
           std::to_string(g.bank()) + ", " + Plural(g.TilesLeft(), "tile", "tiles") + " left\n";
  };
  w.svg = [](const SessionReview& r) -> Result<std::string> { return MistsSvg(r); };
  w.chart = MistsChart;
  return w;
}

}  // namespace carcref
