// The table's side of the live board page (cli/live_page.h): `serve`, and the page's state
// made from the open game after every line that changed it. Only this thread touches the
// game; the server gets a finished LiveState and, to draw the board from, a copy of the game.
#include <memory>
#include <ostream>
#include <sstream>

#include "carcref/i18n.h"
#include "carcref/words.h"
#include "cli/game_views.h"
#include "cli/live_page.h"
#include "cli/match_review.h"
#include "cli/svg.h"
#include "cli/table.h"
#include "cli/words_table.h"

namespace carcref {

namespace {

constexpr std::size_t kRecent = 5;    // commands the page lists
constexpr std::size_t kScorings = 5;  // scorings the page lists

std::vector<std::string> TextLines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    line.erase(0, line.find_first_not_of(' '));
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

// "red" -> "#d7263d"; a Mists player's "red/green" by the first colour.
std::string PageColor(const std::string& color) {
  return SvgPlayerColor(color.substr(0, color.find('/')));
}

}  // namespace

void Table::NoteLive(const std::string& command, const std::string& text) {
  live_recent_.insert(live_recent_.begin(), LiveEntry{command, TextLines(text)});
  if (live_recent_.size() > kRecent) live_recent_.resize(kRecent);
}

void Table::NoteLiveScorings(const Report& report, const Report& worded) {
  if (report.redundant) return;
  std::size_t done = match_->commands().size();
  while (!live_worded_.empty() && live_worded_.back().first >= done) live_worded_.pop_back();
  if (worded.scores.size() != report.scores.size()) {  // the two do not pair: the log's words
    live_worded_.clear();
    return;
  }
  for (const ScoreLine& line : worded.scores) live_worded_.emplace_back(done, line);
  if (live_worded_.size() > kScorings)
    live_worded_.erase(live_worded_.begin(), live_worded_.end() - kScorings);
}

void Table::WordLiveScorings(const SessionRecord& session) {
  live_worded_.clear();
  if (WordsInEnglish()) return;  // History() is in English already
  Result<SessionReview> review = SessionReview::Open(session);
  if (!review.ok()) return;  // the page then shows the log's words
  for (std::size_t n = 1; n <= review->size(); ++n) {
    if (!review->Goto(n).ok()) {
      live_worded_.clear();
      return;
    }
    for (const ScoreLine& line : review->report().scores) live_worded_.emplace_back(n, line);
    if (live_worded_.size() > kScorings)
      live_worded_.erase(live_worded_.begin(), live_worded_.end() - kScorings);
  }
}

void Table::PublishLive(bool starting) {
  if (!live_ || (!starting && !live_->running())) return;
  LiveState state;
  std::string key = std::to_string(session_id_);
  if (match_) {
    const GameRules& rules = match_->rules();
    key += ":" + std::to_string(match_->commands().size()) + ":" + std::to_string(rules.Hash()) +
           ":" + std::to_string(live_recent_.size()) +
           (live_recent_.empty() ? "" : ":" + live_recent_.front().command);
  }
  if (key == live_key_) return;  // a question, help, a refused line: nothing new to show
  live_key_ = key;
  if (match_) {
    const GameRules& rules = match_->rules();
    const std::vector<PlayerSpec>& players = match_->start().players;
    Awaiting a = rules.Awaits();
    state.has_game = true;
    state.game = match_->definition().name;
    state.session = session_id_;
    // TRANSLATORS: {1} the session's number, {2} the game's title.
    state.title = Fill(Tr("game {1} · {2}"),
                       {std::to_string(session_id_), Tr(match_->definition().title.c_str())});
    state.over = rules.Over();
    state.awaiting = a.words;
    std::string prompt = MatchPrompt();
    state.prompt = prompt.size() > 2 ? prompt.substr(0, prompt.size() - 2) : prompt;
    if (!state.over) {
      if (a.player >= 0 && a.player < static_cast<int>(players.size())) {
        state.turn = players[static_cast<std::size_t>(a.player)].name;
        state.turn_color = PageColor(players[static_cast<std::size_t>(a.player)].color);
      } else {
        // TRANSLATORS: the live page's "to move" when the whole table answers.
        state.turn = a.who.empty() ? Tr("the table") : a.who;
      }
    }
    std::vector<int> scores = rules.Scores();
    for (std::size_t p = 0; p < players.size(); ++p)
      state.players.push_back({players[p].name, PageColor(players[p].color),
                               p < scores.size() ? scores[p] : 0,
                               !state.over && static_cast<int>(p) == a.player});
    for (const LiveEntry& e : live_recent_) state.recent.push_back({e.command, e.lines});
    // The last scorings from the game's History(), the same for every game, newest first.
    std::vector<ScoreLine> history = rules.History();
    // The latest ones as the table worded them (an undone command's are dropped): History()
    // keeps the game's words in English.
    while (!live_worded_.empty() && live_worded_.back().first > match_->commands().size())
      live_worded_.pop_back();
    if (live_worded_.size() <= history.size())
      for (std::size_t k = 0; k < live_worded_.size(); ++k)
        history[history.size() - live_worded_.size() + k] = live_worded_[k].second;
    for (std::size_t i = history.size(); i-- > 0 && state.scorings.size() < kScorings;) {
      const ScoreLine& l = history[i];
      state.scorings.push_back({WhatWords(l.what), l.where, l.reason, l.final, l.turn, l.points});
    }
    // Drawn on a server thread if a page asks for it: from a copy of the game, so that only
    // this thread ever touches the game itself, and only when someone looks.
    if (const GameView* view = FindView(state.game); view && view->svg) {
      std::shared_ptr<const GameRules> copy = rules.Clone();
      state.draw_board = [view, copy, title = "carcref · " + state.title] {
        return view->svg(*copy, title);
      };
    }
    EnglishWords english;  // JSON is the same in every language
    state.state_json = rules.StateJson();
  }
  live_->Publish(state);
}

Status Table::Serve(const std::string& address) {
  if (!live_page_allowed_)  // the fuzz targets: fuzzed input must not open sockets
    return Status::Illegal(Tr("this table serves no live board page (a fuzzing run)"));
  Result<ServeAddress> parsed = ParseServeAddress(address);
  if (!parsed.ok()) return parsed.status();
  if (!live_) live_ = std::make_shared<LivePage>();
  if (live_->running())
    // TRANSLATORS: {1} the page's address.
    return Status::Illegal(Fill(Tr("already serving at {1} (serve stop ends it)"), {live_->url()}));
  live_key_.clear();
  PublishLive(true);  // the page has something to show from its first request
  Result<std::string> url = live_->Start(*parsed);
  if (!url.ok()) return url.status();
  out_ << Fill(Tr("live board at {1} (read-only; serve stop ends it)"), {*url}) << "\n";
  return Status::Ok();
}

bool Table::ServeCommand(const std::vector<std::string>& args) {
  if (args.size() > 2)
    return Refuse(Status::Syntax(Tr("usage: serve [ADDR:]PORT | serve stop | serve"),
                                 static_cast<int>(current_line_.find(args[2]))));
  if (args.size() == 1) {
    if (!live_ || !live_->running()) {
      out_ << Tr("not serving: serve PORT (or ADDR:PORT) starts the live board page") << "\n";
      return true;
    }
    int watching = live_->watching();
    // TRANSLATORS: {1} the page's address, {2} how many pages are open on it.
    out_ << Fill(TrPlural("live board at {1} · {2} page watching",
                          "live board at {1} · {2} pages watching", watching),
                 {live_->url(), std::to_string(watching)})
         << "\n";
    return true;
  }
  if (Lower(args[1]) == "stop") {
    if (!live_ || !live_->running())
      return Refuse(Status::Illegal(Tr("not serving: nothing to stop")));
    live_->Stop();
    out_ << Tr("stopped serving the live board") << "\n";
    return true;
  }
  Status s = Serve(args[1]);
  if (!s.ok()) return Refuse(s);
  return true;
}

}  // namespace carcref
