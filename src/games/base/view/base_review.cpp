// What the base game (with GCC) says and draws when a logged session is looked back at, on the
// one review path (cli/match_review.h): its scorings and the awaited step in the table's words
// (cli/words_table.h), the rest in the words its reviews have always had.
#include <yaml-cpp/yaml.h>

#include <map>
#include <sstream>

#include "carcref/explain.h"
#include "carcref/format.h"
#include "carcref/words.h"
#include "cli/archive.h"
#include "cli/game_views.h"
#include "cli/match_review.h"
#include "cli/render.h"
#include "cli/review.h"
#include "cli/svg.h"
#include "cli/words_table.h"
#include "games/base/base_rules.h"
#include "games/base/view/base_view.h"

namespace carcref {

namespace {

const BaseRules& Base(const SessionReview& r) { return static_cast<const BaseRules&>(r.rules()); }
const Game& BaseGame(const SessionReview& r) { return Base(r).state(); }

// "scores: Anna 12 · Ben 9".
std::string BaseScoreLine(const Game& game) {
  std::string out = "scores:";
  for (std::size_t p = 0; p < game.setup().players.size(); ++p)
    out += (p ? " · " : " ") + game.setup().players[p].name + " " +
           std::to_string(game.totals()[p].Total());
  return out;
}

// The command at the review's position and what it scored:
//   "command 3 of 14 · Ben: place E 0,1 180 meeple city S"
//   "  city (city S at 0,1) [0,0 0,1]: … → Ben +4 (Ben 1 knight)"
// or "at the start (0 of 14): the start tile D at 0,0".
std::string BaseStep(const SessionReview& r) {
  const Game& g = BaseGame(r);
  std::size_t n = r.position();
  if (n == 0)
    return "at the start (0 of " + std::to_string(r.size()) + "): the start tile " +
           g.board().tile(0).type->id + " at 0,0\n";
  std::string out = "command " + std::to_string(n) + " of " + std::to_string(r.size());
  if (r.mover() >= 0) out += " · " + g.setup().players[static_cast<std::size_t>(r.mover())].name;
  out += ": " + r.command(n).text + "\n";
  for (const ScoreLine& line : r.report().scores)
    out += "  " + FormatScoreLine(g.setup().players, line) + "\n";
  return out;
}

std::string BaseListed(const SessionReview& r) {
  const Game& g = BaseGame(r);
  std::string number = std::to_string(r.position());
  std::string who =
      r.mover() >= 0 ? g.setup().players[static_cast<std::size_t>(r.mover())].name : "table";
  std::string out = std::string(number.size() < 4 ? 4 - number.size() : 0, ' ') + number + "  " +
                    who + ": " + r.command(r.position()).text + "\n";
  for (const ScoreLine& line : r.report().scores)
    out += "        " + FormatScoreLine(g.setup().players, line) + "\n";
  return out;
}

std::string BasePosition(const SessionReview& r, bool color) {
  const Game& g = BaseGame(r);
  std::size_t n = r.position();
  std::string out = n == 0 ? "at the start (0 of " + std::to_string(r.size()) + "):\n"
                           : "after command " + std::to_string(n) + " of " +
                                 std::to_string(r.size()) + " (" + r.command(n).text + "):\n";
  return out + RenderBoard(g, color) + FormatScores(g) + AwaitingLine(r.rules()) + "\n";
}

// "session 3 · base game with the winter tiles" (the SVG's title, the chart's).
std::string BaseTitle(const SessionReview& r) {
  std::string title =
      "session " + std::to_string(r.session().id) + " · " + r.session().game + " game";
  for (const std::string& set : BaseGame(r).setup().tile_sets)
    if (set != "base") title += " with the " + set + " tiles";
  return title;
}

std::string BasePositionWords(const SessionReview& r) {
  std::size_t n = r.position();
  std::string out = n == 0 ? "at the start"
                           : "after command " + std::to_string(n) + " of " +
                                 std::to_string(r.size()) + " (" + r.command(n).text + ")";
  if (n > 0 && n == r.size() && BaseGame(r).phase() == Phase::kGameOver)
    out += ", the final position";
  const std::string& created = r.session().created_at;
  return out + " · played " + created.substr(0, 10);
}

Result<std::string> BaseExplain(const SessionReview& r, const std::vector<std::string>& args) {
  if (args.size() != 3)
    return Status::Syntax("usage: explain X,Y DIR (e.g. explain 1,0 N, explain 0,0 EL)");
  std::optional<Cell> cell = ParseCell(args[1]);
  if (!cell) return Status::Syntax("expected a cell X,Y, got '" + args[1] + "'");
  const Game& g = BaseGame(r);
  Result<NodeId> node = FeatureAt(g, *cell, args[2]);
  if (!node.ok()) return node.status();
  return FormatReport(g, carcref::Explain(g, *node));
}

}  // namespace

ReviewWords BaseReviewWords(const std::vector<std::string>& legend) {
  ReviewWords w;
  w.header = [](const SessionReview& r) { return ReplayHeaderLine(r) + "\n"; };
  w.listed = BaseListed;
  w.position = BasePosition;
  w.opening = [](const SessionReview& r) {
    return "replaying " + ReplayHeaderLine(r) + "\n" +
           "  next, prev, goto N step through it; board, status, explain X,Y DIR look at it; "
           "stop leaves\n" +
           BaseStep(r) + "  " + BaseScoreLine(BaseGame(r)) + "\n";
  };
  w.step = [](const SessionReview& r) {
    return BaseStep(r) + "  " + BaseScoreLine(BaseGame(r)) + "\n";
  };
  w.board = [](const SessionReview& r, bool color, const BoardView* window) {
    const Game& g = BaseGame(r);
    // Frame the tile the shown command put down (or the one awaiting its meeple).
    int latest = r.position() > 0 && Base(r).last_outcome().placed_tile ? g.board().size() - 1
                                                                        : g.placed_tile_index();
    return RenderBoard(g.board(), g.setup().players, g.meeples(), latest, color,
                       window ? *window : BoardView{});
  };
  w.status = [](const SessionReview& r, const std::vector<std::string>&) {
    const Game& g = BaseGame(r);
    return BaseStep(r) + FormatScores(g) + AwaitingLine(r.rules()) + "\n";
  };
  w.questions["explain"] = BaseExplain;
  w.standings = [](const GameRules& rules) {
    return "\n" + ScoreTable(ReadPlayerResults(
                      FindGame(rules.game())->result_json(rules, "in_progress", {})));
  };
  w.svg = [legend](const SessionReview& r) -> Result<std::string> {
    const Game& g = BaseGame(r);
    BoardSvgOptions options;
    options.legend = legend;
    options.title = "carcref · " + BaseTitle(r);
    options.subtitle = BasePositionWords(r);
    // Frame the tile the shown command put down (or that awaits its meeple).
    if (r.position() > 0 && (Base(r).last_outcome().placed_tile || g.placed_tile_index() >= 0))
      options.highlight_tile = g.board().size() - 1;
    return BoardSvg(g, options);
  };
  w.chart = [](SessionReview& r, std::size_t to) -> Result<std::string> {
    if (Status s = r.Goto(to); !s.ok()) return s;
    return ScoreChartSvg(ScoreChartFromEvents(BaseGame(r), "Scores · " + BaseTitle(r)));
  };
  return w;
}

}  // namespace carcref
