#include "cli/match_review.h"

#include <algorithm>

#include "carcref/words.h"
#include "cli/game_views.h"
#include "cli/svg.h"

namespace carcref {

namespace {

Result<std::size_t> Position(const SessionRecord& session, std::optional<std::int64_t> to) {
  std::size_t live =
      static_cast<std::size_t>(std::count_if(session.commands.begin(), session.commands.end(),
                                             [](const CommandRecord& c) { return !c.undone; }));
  if (!to) return live;
  if (*to < 0 || static_cast<std::uint64_t>(*to) > live)
    return Status::NotFound("--to " + std::to_string(*to) + ": session " +
                            std::to_string(session.id) + " has " + std::to_string(live) +
                            " commands: choose 0 to " + std::to_string(live));
  return static_cast<std::size_t>(*to);
}

std::string Standings(const Match& match) {
  std::vector<int> scores = match.rules().Scores();
  std::string out;
  for (std::size_t p = 0; p < match.start().players.size() && p < scores.size(); ++p)
    out += "  " + match.start().players[p].name + " (" + match.start().players[p].color +
           "): " + std::to_string(scores[p]) + "\n";
  return out;
}

std::string PlayerName(const Match& match, int player) {
  if (player < 0 || player >= static_cast<int>(match.start().players.size())) return "table";
  return match.start().players[static_cast<std::size_t>(player)].name;
}

}  // namespace

int RunMatchReplay(const SessionRecord& session, std::optional<std::int64_t> to, bool color,
                   std::ostream& out, std::ostream& err) {
  auto fail = [&](const Status& s) {
    out.flush();
    err << "error: " << s.message() << "\n";
    return 2;
  };
  Result<std::size_t> last = Position(session, to);
  if (!last.ok()) return fail(last.status());
  // Who answered each command: the player awaited before it.
  std::string listing;
  int awaited = -1;
  std::size_t n = 0;
  {
    Result<Match> start = RebuildMatch(session, 0);
    if (!start.ok()) return fail(start.status());
    awaited = start->rules().Awaits().player;
  }
  Result<Match> match = RebuildMatch(
      session, *last, [&](const CommandRecord& c, const Report& report, const Match& m) {
        std::string number = std::to_string(++n);
        listing += std::string(number.size() < 4 ? 4 - number.size() : 0, ' ') + number + "  " +
                   PlayerName(m, awaited) + ": " + c.text + "\n";
        for (const ScoreLine& line : report.scores)
          listing += "        " + line.what + (line.where.empty() ? "" : " (" + line.where + ")") +
                     (line.reason.empty() ? "" : ": " + line.reason) + "\n";
        awaited = m.rules().Awaits().player;
      });
  if (!match.ok()) return fail(match.status());
  out << "session " << session.id << " · " << match->definition().title << " · "
      << session.created_at.substr(0, std::min<std::size_t>(10, session.created_at.size())) << "\n"
      << listing;
  out << (*last == 0 ? "at the start:\n" : "after command " + std::to_string(*last) + ":\n");
  if (const GameView* view = FindView(match->definition().name); view && view->board)
    out << view->board(match->rules(), color, BoardView{});
  out << Standings(*match);
  out << (match->rules().Over() ? std::string("game over") : match->rules().Awaits().words) << "\n";
  return 0;
}

Result<std::string> MatchStandings(const SessionRecord& session) {
  Result<Match> match = RebuildMatch(session);
  if (!match.ok()) return match.status();
  return Standings(*match);
}

Result<std::string> MatchSvg(const SessionRecord& session, std::optional<std::int64_t> to) {
  Result<std::size_t> last = Position(session, to);
  if (!last.ok()) return last.status();
  Result<Match> match = RebuildMatch(session, *last);
  if (!match.ok()) return match.status();
  const GameView* view = FindView(match->definition().name);
  if (!view || !view->svg)
    return Status::NotFound("no SVG drawing for " + match->definition().title + " yet");
  return view->svg(match->rules(),
                   "carcref · session " + std::to_string(session.id) + " · " +
                       match->definition().title + " · after " +
                       Plural(static_cast<long long>(*last), "command", "commands"));
}

Result<std::string> MatchChartSvg(const SessionRecord& session) {
  std::vector<std::vector<int>> totals;  // per command, per player
  Result<Match> match =
      RebuildMatch(session, {}, [&](const CommandRecord&, const Report&, const Match& m) {
        totals.push_back(m.rules().Scores());
      });
  if (!match.ok()) return match.status();
  ScoreChart chart;
  chart.title =
      "Scores · session " + std::to_string(session.id) + " · " + match->definition().title;
  chart.x_label = "command";
  chart.x_ticks.push_back("0");
  for (std::size_t i = 1; i <= totals.size(); ++i) chart.x_ticks.push_back(std::to_string(i));
  for (std::size_t p = 0; p < match->start().players.size(); ++p) {
    ChartSeries s{match->start().players[p].name, match->start().players[p].color, {0}, false};
    for (const std::vector<int>& t : totals) s.values.push_back(p < t.size() ? t[p] : 0);
    chart.players.push_back(std::move(s));
  }
  return ScoreChartSvg(chart);
}

}  // namespace carcref
