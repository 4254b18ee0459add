// What the base game (with GCC) says and draws when a logged session is looked back at, on the
// one review path (cli/match_review.h): its scorings and the awaited step in the table's words
// (cli/words_table.h), the rest in the words its reviews have always had.
#include <yaml-cpp/yaml.h>

#include <map>
#include <sstream>

#include "carcref/explain.h"
#include "carcref/format.h"
#include "carcref/i18n.h"
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
  std::string scores;
  for (std::size_t p = 0; p < game.setup().players.size(); ++p)
    scores += (p ? " · " : "") + game.setup().players[p].name + " " +
              std::to_string(game.totals()[p].Total());
  // TRANSLATORS: a replay's scores: {1} "Anna 12 · Ben 9".
  return Fill(Tr("scores: {1}"), {scores});
}

// The command at the review's position and what it scored:
//   "command 3 of 14 · Ben: place E 0,1 180 meeple city S"
//   "  city (city S at 0,1) [0,0 0,1]: … → Ben +4 (Ben 1 knight)"
// or "at the start (0 of 14): the start tile D at 0,0".
std::string BaseStep(const SessionReview& r) {
  const Game& g = BaseGame(r);
  std::size_t n = r.position();
  if (n == 0)
    // TRANSLATORS: a replay before its first command: {1} the number of commands, {2} the
    // start tile's id.
    return Fill(Tr("at the start (0 of {1}): the start tile {2} at 0,0"),
                {std::to_string(r.size()), g.board().tile(0).type->id}) +
           "\n";
  // TRANSLATORS: a replay's step: {1} the command's number, {2} how many there are.
  std::string out = Fill(Tr("command {1} of {2}"), {std::to_string(n), std::to_string(r.size())});
  if (r.mover() >= 0) out += " · " + g.setup().players[static_cast<std::size_t>(r.mover())].name;
  out += ": " + r.command(n).text + "\n";
  for (const ScoreLine& line : r.report().scores)
    out += "  " + FormatScoreLine(g.setup().players, line) + "\n";
  return out;
}

std::string BaseListed(const SessionReview& r) {
  const Game& g = BaseGame(r);
  std::string number = std::to_string(r.position());
  std::string who = r.mover() >= 0 ? g.setup().players[static_cast<std::size_t>(r.mover())].name
                                   // TRANSLATORS: who gave a command nobody's turn gives (`end`).
                                   : TrContext("mover", "table");
  std::string out = std::string(number.size() < 4 ? 4 - number.size() : 0, ' ') + number + "  " +
                    who + ": " + r.command(r.position()).text + "\n";
  for (const ScoreLine& line : r.report().scores)
    out += "        " + FormatScoreLine(g.setup().players, line) + "\n";
  return out;
}

std::string BasePosition(const SessionReview& r, bool color) {
  const Game& g = BaseGame(r);
  std::size_t n = r.position();
  // TRANSLATORS: {1} the command's number, {2} how many there are, {3} the command as typed.
  std::string out = n == 0
                        ? Fill(Tr("at the start (0 of {1}):"), {std::to_string(r.size())}) + "\n"
                        : Fill(Tr("after command {1} of {2} ({3}):"),
                               {std::to_string(n), std::to_string(r.size()), r.command(n).text}) +
                              "\n";
  return out + RenderBoard(g, color) + FormatScores(g) + AwaitingLine(r.rules()) + "\n";
}

// "session 3 · base game with the winter tiles" (the SVG's title, the chart's).
std::string BaseTitle(const SessionReview& r) {
  // TRANSLATORS: {1} the session's number, {2} the game's name as typed in `new` ("base").
  std::string title =
      Fill(Tr("session {1} · {2} game"), {std::to_string(r.session().id), r.session().game});
  for (const std::string& set : BaseGame(r).setup().tile_sets)
    // TRANSLATORS: {1} the title so far, {2} a tile set's name ("winter").
    if (set != "base") title = Fill(Tr("{1} with the {2} tiles"), {title, set});
  return title;
}

std::string BasePositionWords(const SessionReview& r) {
  std::size_t n = r.position();
  std::string out = n == 0 ? Tr("at the start")
                           : Fill(Tr("after command {1} of {2} ({3})"),
                                  {std::to_string(n), std::to_string(r.size()), r.command(n).text});
  if (n > 0 && n == r.size() && BaseGame(r).phase() == Phase::kGameOver)
    out = Fill(Tr("{1}, the final position"), {out});
  const std::string& created = r.session().created_at;
  // TRANSLATORS: {1} the position ("after command 3 of 14 (…)"), {2} the date (YYYY-MM-DD).
  return Fill(Tr("{1} · played {2}"), {out, created.substr(0, 10)});
}

Result<std::string> BaseExplain(const SessionReview& r, const std::vector<std::string>& args) {
  if (args.size() != 3)
    return Status::Syntax(Tr("usage: explain X,Y DIR (e.g. explain 1,0 N, explain 0,0 EL)"));
  std::optional<Cell> cell = ParseCell(args[1]);
  if (!cell) return Status::Syntax(Fill(Tr("expected a cell X,Y, got '{1}'"), {args[1]}));
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
    // TRANSLATORS: {1} the session replayed ("session 3 · base · Anna, Ben …").
    return Fill(Tr("replaying {1}"), {ReplayHeaderLine(r)}) + "\n  " +
           // TRANSLATORS: the replay's commands (next, prev, goto, board …) are typed: keep them.
           Tr("next, prev, goto N step through it; board, status, explain X,Y DIR look at it; "
              "stop leaves") +
           "\n" + BaseStep(r) + "  " + BaseScoreLine(BaseGame(r)) + "\n";
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
    return ScoreChartSvg(
        ScoreChartFromEvents(BaseGame(r), Fill(Tr("Scores · {1}"), {BaseTitle(r)})));
  };
  return w;
}

}  // namespace carcref
