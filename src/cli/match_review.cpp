#include "cli/match_review.h"

#include <algorithm>

#include "carcref/i18n.h"
#include "carcref/words.h"
#include "cli/game_views.h"
#include "cli/language.h"
#include "cli/match_log.h"
#include "cli/review.h"
#include "cli/svg.h"
#include "cli/words_table.h"

namespace carcref {

SessionReview::SessionReview(SessionRecord session, Match start)
    : session_(std::move(session)), start_(std::move(start)) {
  for (std::size_t i = 0; i < session_.commands.size(); ++i)
    if (!session_.commands[i].undone) live_.push_back(i);
  at_ = start_;
}

Result<SessionReview> SessionReview::Open(SessionRecord session) {
  Result<Match> start = RebuildMatch(session, 0);
  if (!start.ok()) return start.status();
  return SessionReview(std::move(session), std::move(start.value()));
}

Status SessionReview::Goto(std::size_t n) {
  if (n > size())
    // TRANSLATORS: {1} the session's number, {2} how many commands it has (and the last one).
    return Status::NotFound(Fill(
        TrPlural("session {1} has {2} command: choose 0 to {2}",
                 "session {1} has {2} commands: choose 0 to {2}", static_cast<long long>(size())),
        {std::to_string(session_.id), std::to_string(size())}));
  if (n == position_) return Status::Ok();
  // Forwards from here; backwards from the start (a game is short, a replay always right).
  Match m = n < position_ ? *start_ : *at_;
  std::size_t from = n < position_ ? 0 : position_;
  Report report;
  int mover = -1;
  for (std::size_t k = from + 1; k <= n; ++k) {
    mover = m.rules().Awaits().player;
    // The review prints what the last command caused, in the table's language.
    Result<Report> done = ApplyLogged(session_, command(k), m, k == n ? &report : nullptr);
    if (!done.ok()) return done.status();
  }
  at_ = std::move(m);
  position_ = n;
  report_ = n == 0 ? Report{} : std::move(report);
  mover_ = n == 0 ? -1 : mover;
  return Status::Ok();
}

namespace {

// The generic words, for a game whose view has none of its own: made from the GameRules
// interface (the players' totals, what the game awaits, the ScoreLines a command reports).

std::string PlayerName(const Match& match, int player) {
  if (player < 0 || player >= static_cast<int>(match.start().players.size()))
    return TrContext("mover", "table");
  return match.start().players[static_cast<std::size_t>(player)].name;
}

std::string Standings(const GameRules& rules, const Match& match) {
  std::vector<int> scores = rules.Scores();
  std::string out;
  for (std::size_t p = 0; p < match.start().players.size() && p < scores.size(); ++p)
    out += "  " + match.start().players[p].name + " (" + match.start().players[p].color +
           "): " + std::to_string(scores[p]) + "\n";
  return out;
}

std::string Header(const SessionReview& r) { return ReplayHeaderLine(r) + "\n"; }

std::string Listed(const SessionReview& r) {
  std::string number = std::to_string(r.position());
  std::string out = std::string(number.size() < 4 ? 4 - number.size() : 0, ' ') + number + "  " +
                    PlayerName(r.match(), r.mover()) + ": " + r.command(r.position()).text + "\n";
  for (const ScoreLine& line : r.report().scores)
    out += "        " + FormatScoreLine(r.match().start().players, line) + "\n";
  return out;
}

Result<std::string> DrawBoard(const SessionReview& r, bool color,
                              const BoardView& board_view = BoardView{}) {
  const GameView* view = FindView(r.match().definition().name);
  if (!view || !view->board)
    // TRANSLATORS: {1} the game's title.
    return Status::NotFound(
        Fill(Tr("no board drawing for {1} yet"), {Tr(r.match().definition().title.c_str())}));
  return view->board(r.rules(), color, board_view);
}

std::string Position(const SessionReview& r, bool color) {
  std::string out =
      (r.position() == 0 ? Tr("at the start:")
                         // TRANSLATORS: {1} the command's number.
                         : Fill(Tr("after command {1}:"), {std::to_string(r.position())})) +
      "\n";
  if (Result<std::string> board = DrawBoard(r, color); board.ok()) out += *board;
  return out + Standings(r.rules(), r.match()) + AwaitingLine(r.rules()) + "\n";
}

std::string Step(const SessionReview& r) {
  std::string out = "  0 · " + Tr("the start") + "\n";
  if (r.position() > 0) {
    out = "  " + std::to_string(r.position()) + " · " + r.command(r.position()).text + "\n";
    for (const ScoreLine& line : r.report().scores)
      out += "    " + FormatScoreLine(r.match().start().players, line) + "\n";
  }
  std::vector<int> scores = r.rules().Scores();
  std::string line;
  for (std::size_t p = 0; p < r.match().start().players.size() && p < scores.size(); ++p)
    line += (line.empty() ? "  " : " · ") + r.match().start().players[p].name + " " +
            std::to_string(scores[p]);
  return out + line + "\n";
}

// The header first, then the position, as the base game's replay says it.
std::string Opening(const SessionReview& r) {
  return Fill(Tr("replaying {1}"), {ReplayHeaderLine(r)}) + "\n  " +
         Tr("next, prev, goto N step through it; board, status look at it; stop leaves") + "\n" +
         Step(r);
}

std::string StatusWords(const SessionReview& r, const std::vector<std::string>& args) {
  const Match& m = r.match();
  if (args.size() > 1 && args[1] == "--json")
    return MatchResultJson(m, m.rules().Over() ? "finished" : "in_progress", {}, true) + "\n";
  std::vector<int> scores = m.rules().Scores();
  std::string out;
  for (std::size_t p = 0; p < m.start().players.size() && p < scores.size(); ++p)
    out += "  " + m.start().players[p].name + ": " + std::to_string(scores[p]) + "\n";
  return out + AwaitingLine(m.rules()) + "\n";
}

Result<std::string> Svg(const SessionReview& r) {
  const GameView* view = FindView(r.match().definition().name);
  if (!view || !view->svg)
    // TRANSLATORS: {1} the game's title.
    return Status::NotFound(
        Fill(Tr("no SVG drawing for {1} yet"), {Tr(r.match().definition().title.c_str())}));
  // TRANSLATORS: the exported board's title: {1} the session's number, {2} the game's title,
  // {3} how many commands were played.
  return view->svg(r.rules(), "carcref · " + Fill(TrPlural("session {1} · {2} · after {3} command",
                                                           "session {1} · {2} · after {3} commands",
                                                           static_cast<long long>(r.position())),
                                                  {std::to_string(r.session().id),
                                                   Tr(r.match().definition().title.c_str()),
                                                   std::to_string(r.position())}));
}

// Every player's total after each command, to the last (the chart does not stop at --to).
Result<std::string> Chart(SessionReview& r, std::size_t) {
  ScoreChart chart;
  // TRANSLATORS: the score chart's title: {1} the session's number, {2} the game's title.
  chart.title = Fill(Tr("Scores · session {1} · {2}"),
                     {std::to_string(r.session().id), Tr(r.match().definition().title.c_str())});
  chart.x_label = "command";  // worded where it is drawn (svg_chart.cpp)
  chart.x_ticks.push_back("0");
  std::vector<std::vector<int>> totals;  // per command, per player
  for (std::size_t n = 1; n <= r.size(); ++n) {
    if (Status s = r.Goto(n); !s.ok()) return s;
    totals.push_back(r.rules().Scores());
    chart.x_ticks.push_back(std::to_string(n));
  }
  for (std::size_t p = 0; p < r.match().start().players.size(); ++p) {
    const PlayerSpec& player = r.match().start().players[p];
    ChartSeries s{player.name, player.color, {0}, false};
    for (const std::vector<int>& t : totals) s.values.push_back(p < t.size() ? t[p] : 0);
    chart.players.push_back(std::move(s));
  }
  return ScoreChartSvg(chart);
}

// The game's words where its view has them, else the generic ones.
ReviewWords WordsOf(const Match& match) {
  ReviewWords w;
  w.header = Header;
  w.listed = Listed;
  w.position = Position;
  w.opening = Opening;
  w.step = Step;
  w.status = StatusWords;
  w.standings = [&match](const GameRules& rules) { return "\n" + Standings(rules, match); };
  w.svg = Svg;
  w.chart = Chart;
  const GameView* view = FindView(match.definition().name);
  if (!view) return w;
  const ReviewWords& own = view->review;
  if (own.header) w.header = own.header;
  if (own.listed) w.listed = own.listed;
  if (own.position) w.position = own.position;
  if (own.opening) w.opening = own.opening;
  if (own.step) w.step = own.step;
  if (own.board) w.board = own.board;
  if (own.status) w.status = own.status;
  w.questions = own.questions;
  if (own.standings) w.standings = own.standings;
  if (own.svg) w.svg = own.svg;
  if (own.chart) w.chart = own.chart;
  return w;
}

Result<std::size_t> Target(const SessionReview& review, std::optional<std::int64_t> to) {
  if (!to) return review.size();
  if (*to < 0 || static_cast<std::uint64_t>(*to) > review.size())
    // TRANSLATORS: {1} the command asked for, {2} the session's number, {3} how many commands
    // it has (and the last one).
    return Status::NotFound(Fill(
        TrPlural("--to {1}: session {2} has {3} command: choose 0 to {3}",
                 "--to {1}: session {2} has {3} commands: choose 0 to {3}",
                 static_cast<long long>(review.size())),
        {std::to_string(*to), std::to_string(review.session().id), std::to_string(review.size())}));
  return static_cast<std::size_t>(*to);
}

}  // namespace

int RunReplay(const SessionLog& log, std::int64_t id, std::optional<std::int64_t> to, bool color,
              std::ostream& out, std::ostream& err) {
  auto fail = [&](const Status& s) {
    out.flush();
    err << ErrorPrefix() << s.message() << "\n";
    return 2;
  };
  Result<SessionRecord> record = log.LoadSession(id);
  if (!record.ok()) return fail(record.status());
  Result<SessionReview> review = SessionReview::Open(std::move(record.value()));
  if (!review.ok()) return fail(review.status());
  Result<std::size_t> last = Target(*review, to);
  if (!last.ok()) return fail(last.status());
  ReviewWords words = WordsOf(review->match());
  // Step through first, so that a log that does not replay prints nothing but its error.
  std::string listing;
  for (std::size_t n = 1; n <= *last; ++n) {
    if (Status s = review->Goto(n); !s.ok()) return fail(s);
    listing += words.listed(*review);
  }
  // Names and comments come from the log: never a control character to the terminal (#22).
  out << PrintableLines(words.header(*review) + listing, false)
      << PrintableLines(words.position(*review, color), color);
  return 0;
}

Result<std::vector<std::vector<ScoredEvent>>> WordedEvents(const SessionRecord& session,
                                                           std::optional<std::size_t> upto) {
  Result<SessionReview> review = SessionReview::Open(session);
  if (!review.ok()) return review.status();
  std::size_t last = upto ? std::min(*upto, review->size()) : review->size();
  std::vector<std::vector<ScoredEvent>> out;
  for (std::size_t n = 1; n <= last; ++n) {
    if (Status s = review->Goto(n); !s.ok()) return s;
    std::vector<ScoredEvent> events = ReadEvents(ScoreRecords(review->match(), review->report()));
    for (ScoredEvent& e : events) {
      e.command = static_cast<std::int64_t>(n);
      e.command_text = review->command(n).text;
    }
    out.push_back(std::move(events));
  }
  return out;
}

Result<std::string> WordedResult(const SessionRecord& session) {
  Result<SessionReview> review = SessionReview::Open(session);
  if (!review.ok()) return review.status();
  const GameDefinition& game = review->match().definition();
  if (!game.logged_result) return Status::NotFound("the game keeps no result of its own");
  for (std::size_t n = 1; n <= review->size(); ++n) {
    std::unique_ptr<GameRules> before = review->rules().Clone();
    if (Status s = review->Goto(n); !s.ok()) return s;
    if (!review->rules().Over()) continue;
    // The command that ended the game, given to a copy in the table's language (GameRules
    // itself, not Match::Apply, which changes a game in English).
    if (Result<Report> again = before->Apply(review->command(n).text); !again.ok())
      return again.status();
    return game.logged_result(*before);
  }
  return Status::NotFound("the game is not over");
}

Result<std::string> ReviewStandings(const SessionRecord& session) {
  Result<Match> match = RebuildMatch(session);
  if (!match.ok()) return match.status();
  return WordsOf(*match).standings(match->rules());
}

Status ReviewPictures(const SessionRecord& session, std::optional<std::int64_t> to,
                      std::string* svg, std::string* chart) {
  Result<SessionReview> review = SessionReview::Open(session);
  if (!review.ok()) return review.status();
  Result<std::size_t> last = Target(*review, to);
  if (!last.ok()) return last.status();
  ReviewWords words = WordsOf(review->match());
  if (svg) {
    if (Status s = review->Goto(*last); !s.ok()) return s;
    Result<std::string> drawn = words.svg(*review);
    if (!drawn.ok()) return drawn.status();
    *svg = std::move(drawn.value());
  }
  if (chart) {
    Result<std::string> drawn = words.chart(review.value(), *last);
    if (!drawn.ok()) return drawn.status();
    *chart = std::move(drawn.value());
  }
  return Status::Ok();
}

std::string ReplayHeaderLine(const SessionReview& r) {
  const SessionRecord& s = r.session();
  // TRANSLATORS: the replay's header: {1} the session's number, {2} the game's title.
  std::string out = Fill(Tr("session {1} · {2}"),
                         {std::to_string(s.id), Tr(r.match().definition().title.c_str())});
  // The options it was started with, as `show` lists them ("level 3", "tiles winter"); one
  // whose value is several words (a start tile's quarters) is left to the board, as `show`
  // leaves it.
  const GameDefinition& game = r.match().definition();
  for (const auto& [name, value] : r.match().start().options)
    if (!game.in_quotes.count(name))
      out += " · " + (name.rfind("--", 0) == 0 ? name.substr(2) : name) +
             (value.empty() ? "" : " " + value);
  out += " · " + PlayersWords(r.match().start().players) + " · " + StatusWord(s.status) + " · " +
         Fill(TrPlural("{1} command", "{1} commands", static_cast<long long>(r.size())),
              {std::to_string(r.size())});
  // TRANSLATORS: {1} how many commands were undone.
  if (r.undone()) out += " " + Fill(Tr("({1} undone, not replayed)"), {std::to_string(r.undone())});
  return out;
}

std::string ReplayOpening(const SessionReview& review) {
  return WordsOf(review.match()).opening(review);
}

std::string ReplayStep(const SessionReview& review) { return WordsOf(review.match()).step(review); }

Result<std::string> ReplayBoard(const SessionReview& review, bool color, const BoardView* window) {
  ReviewWords words = WordsOf(review.match());
  if (words.board) return words.board(review, color, window);
  return window ? DrawBoard(review, color, *window) : DrawBoard(review, color);
}

std::string ReplayStatus(const SessionReview& review, const std::vector<std::string>& args) {
  return WordsOf(review.match()).status(review, args);
}

std::optional<Result<std::string>> ReplayQuestion(const SessionReview& review,
                                                  const std::string& name,
                                                  const std::vector<std::string>& args) {
  ReviewWords words = WordsOf(review.match());
  auto found = words.questions.find(name);
  if (found == words.questions.end()) return std::nullopt;
  return found->second(review, args);
}

}  // namespace carcref
