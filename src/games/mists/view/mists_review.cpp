// What the co-op game (Mists over Carcassonne) says and draws when a logged session is looked
// back at, on the one review path (cli/match_review.h): its scorings in the table's words
// (cli/words_table.h), the rest in the words its reviews have always had.
#include <algorithm>
#include <sstream>

#include "carcref/explain.h"
#include "carcref/i18n.h"
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
  std::string out = r.position() == 0 ? "  " + Tr("0 · the start") + "\n"
                                      : "  " + std::to_string(r.position()) + " · " +
                                            r.command(r.position()).text + "\n";
  // TRANSLATORS: a replay step: {1} the team's score of {2}, {3} the ghost bank, {4} the ghosts
  // on the board.
  return out + "  " +
         Fill(TrPlural("score {1} of {2} · bank {3} · {4} on the board",
                       "score {1} of {2} · bank {3} · {4} on the board", g.GhostsOnBoard()),
              {std::to_string(g.score()), std::to_string(g.level().goal), std::to_string(g.bank()),
               std::to_string(g.GhostsOnBoard())}) +
         "\n";
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
  return "carcref · " +
         Fill(Tr("session {1} · Mists level {2}"),
              {std::to_string(r.session().id), std::to_string(Mists(r).level().level)});
}

// The board at the review's position with the meeples in their colours, the ghosts, the hounds
// and the buried meeples.
std::string MistsSvg(const SessionReview& r) {
  return MistsBoardSvg(Mists(r), MistsTitle(r),
                       Fill(Tr("after command {1} of {2}"),
                            {std::to_string(r.position()), std::to_string(r.size())}) +
                           " · ");
}

// The team's score with the ghost bank (the chart's second series) after every command to `to`.
Result<std::string> MistsChart(SessionReview& r, std::size_t to) {
  if (Status s = r.Goto(0); !s.ok()) return s;
  ScoreChart chart;
  // TRANSLATORS: the title of the co-op game's chart; {1} "session 3 · Mists level 2".
  chart.title = Fill(Tr("Score and ghost bank · {1}"), {MistsTitle(r).substr(10)});
  chart.x_label = Tr("command");
  ChartSeries team{TrContext("co-op", "team"), "black", {}, false};
  ChartSeries bank{Tr("ghosts in the bank"), "#777777", {}, true};
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
    std::string at =
        (n == 0 ? Fill(Tr("at the start (0 of {1}):"), {std::to_string(r.size())})
                : Fill(Tr("after command {1} of {2} ({3}):"),
                       {std::to_string(n), std::to_string(r.size()), r.command(n).text})) +
        "\n";
    return at + MistsBoardText(Mists(r), color) + MistsStatusText(Mists(r));
  };
  w.opening = [](const SessionReview& r) {
    return Fill(Tr("replaying {1}"), {ReplayHeaderLine(r)}) + "\n  " +
           Tr("next, prev, goto N step through it; board, status, ghosts look at it; stop leaves") +
           "\n" + MistsStep(r);
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
    // TRANSLATORS: a logged co-op game's standing: {1} the score of {2}, {3} the ghosts on the
    // board, {4} the bank, {5} the tiles left ("12 tiles left").
    return " " +
           Fill(TrPlural("score {1} of {2}, {3} ghost on the board, bank {4}, {5}",
                         "score {1} of {2}, {3} ghosts on the board, bank {4}, {5}",
                         g.GhostsOnBoard()),
                {std::to_string(g.score()), std::to_string(g.level().goal),
                 std::to_string(g.GhostsOnBoard()), std::to_string(g.bank()),
                 Fill(TrPlural("{1} tile left", "{1} tiles left", g.TilesLeft()),
                      {std::to_string(g.TilesLeft())})}) +
           "\n";
  };
  w.svg = [](const SessionReview& r) -> Result<std::string> { return MistsSvg(r); };
  w.chart = MistsChart;
  return w;
}

}  // namespace carcref
