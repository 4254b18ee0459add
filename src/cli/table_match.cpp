// The table's side of the games behind the GameRules interface (carcref/rules.h): starting
// one from its declared options, routing its lines, printing what it reports, logging what it
// accepts, undo, status, board and resume. Nothing here knows a rule of any game.
#include <algorithm>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "carcref/i18n.h"
#include "carcref/json.h"
#include "carcref/words.h"
#include "cli/game_views.h"
#include "cli/match_log.h"
#include "cli/table.h"
#include "cli/words_table.h"

namespace carcref {

namespace {

std::string PlayersText(const std::vector<PlayerSpec>& players) {
  std::string out;
  for (const PlayerSpec& p : players) out += (out.empty() ? "" : ",") + p.name + ":" + p.color;
  return out;
}

const CommandSpec* FindCommand(const GameDefinition& game, const std::string& name) {
  for (const CommandSpec& c : game.commands)
    if (c.name == name) return &c;
  return nullptr;
}

// What an accepted command caused, as the REPL prints it: notes and scorings in the order
// they happened.
std::string ReportText(const std::vector<PlayerSpec>& players, const Report& report) {
  std::string out;
  std::size_t next_line = 0;
  for (std::size_t n = 0; n <= report.notes.size(); ++n) {
    for (; next_line < report.scores.size(); ++next_line) {
      int after = report.scores[next_line].after_notes;
      if (after >= 0 && static_cast<std::size_t>(after) > n) break;
      if (after < 0 && n < report.notes.size()) break;
      out += "  " + FormatScoreLine(players, report.scores[next_line]) + "\n";
    }
    if (n < report.notes.size()) out += "  " + report.notes[n] + "\n";
  }
  return out;
}

std::string Joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : separator) + s;
  return out;
}

// The end of the game, from Ended() and Scores() alone: "game over · Anna 40 · Ben 31" and
// who won ("winner: Anna", "shared win: Anna and Ben", "the team wins: …").
std::string EndingLines(const Match& match, const std::string& scores) {
  const std::vector<PlayerSpec>& players = match.start().players;
  Ending end = match.rules().Ended();
  // TRANSLATORS: {1} the scores: "Anna 12 · Ben 7 · 3 tiles left".
  std::string out = Fill(Tr("game over · {1}"), {scores}) + "\n";
  if (!end.team.empty()) {
    // A team game: the team, whatever the game calls it (Ending::team), won or lost, and why.
    if (end.cause.empty())
      return out + (end.team_won ? Tr("the team wins") : Tr("the team loses")) + "\n";
    return out +
           Fill(end.team_won ? Tr("the team wins: {1}") : Tr("the team loses: {1}"), {end.cause}) +
           "\n";
  }
  std::string names;
  for (int p : end.winners)
    if (p >= 0 && p < static_cast<int>(players.size())) {
      const std::string& name = players[static_cast<std::size_t>(p)].name;
      // TRANSLATORS: two winners' names, or the names so far and the next one.
      names = names.empty() ? name : Fill(Tr("{1} and {2}"), {names, name});
    }
  if (names.empty()) return out;
  return out + Fill(end.winners.size() > 1 ? Tr("shared win: {1}") : Tr("winner: {1}"), {names}) +
         "\n";
}

std::string ScoresLine(const Match& match) {
  std::vector<int> scores = match.rules().Scores();
  std::string out;
  for (std::size_t p = 0; p < match.start().players.size() && p < scores.size(); ++p)
    out += (out.empty() ? "" : " · ") + match.start().players[p].name + " " +
           std::to_string(scores[p]);
  return out;
}

// Names are printed at the table, in `sessions` and on the live page: a control character (a
// line break, an escape sequence) would break those lines or drive the terminal. Refused
// before anything is logged, with where it is.
Status CheckPlayerNames(const std::string& text) {
  int player = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    unsigned char next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
    if (c == ',') ++player;
    bool c1 = c == 0xc2 && next >= 0x80 && next <= 0x9f;  // U+0080..U+009F, e.g. CSI
    if (c >= 0x20 && c != 0x7f && !c1) continue;
    char code[8];
    std::snprintf(code, sizeof code, "\\x%02X", c1 ? next : c);
    // TRANSLATORS: {1} the player's place in the list, {2} the character's code ("\x1B"), {3}
    // where it is in what was typed for the players.
    return Status::Syntax(
        Fill(Tr("player {1}: a name cannot hold a control character ({2} at character {3} of "
                "the players)"),
             {std::to_string(player), code, std::to_string(i + 1)}));
  }
  return Status::Ok();
}

}  // namespace

Status Table::NewMatch(const GameDefinition& game, const std::string& players_text,
                       const OptionValues& options) {
  if (Status names = CheckPlayerNames(players_text); !names.ok()) return names;
  Result<std::vector<PlayerSpec>> players =
      game.read_players ? game.read_players(players_text) : ParsePlayers(players_text);
  if (!players.ok()) return players.status();
  if (Status fits = CheckOptions(game, options); !fits.ok()) return fits;
  GameStart start{*players, options, {}, {}};
  const GameView* view = FindView(game.name);
  if (view && view->prepare) {
    if (Status read = view->prepare(start, log_, out_); !read.ok()) return read;
  }
  Result<Match> match = Match::Start(game, std::move(start));
  if (!match.ok()) return match.status();
  std::int64_t id = 0;
  if (log_) {
    // What the game is played with goes into the log with the session, in one transaction:
    // replay never reads a file again.
    std::vector<TileRecord> tiles;
    for (const auto& [record, text] : match->start().box) tiles.push_back({record, text});
    for (const auto& [name, description] : match->start().saved)
      tiles.push_back({SavedTileRecord(name), description});
    SessionRecord head;
    EnglishWords english;  // the log is words-free of the table's language
    head.game = game.name;
    head.options =
        game.logged_options ? game.logged_options(match->rules()) : MatchOptionsJson(*match);
    head.players = PlayersText(*players);
    head.status = kSessionActive;
    SummaryKeeper summary(head);
    Result<std::int64_t> created =
        log_->CreateSession(head.game, head.options, head.players, tiles, summary.Text());
    if (!created.ok()) return created.status();
    id = *created;
    summary_.emplace(std::move(summary));
  }
  match_.emplace(std::move(match.value()));
  session_id_ = id;
  live_recent_.clear();
  live_worded_.clear();
  std::vector<std::string> facts = match_->rules().Facts();
  facts.insert(facts.begin(), PlayersWords(*players));
  // TRANSLATORS: {1} the session's number, {2} the game's title, {3} the players and what the
  // game is played with, joined by " · ".
  out_ << Fill(Tr("game {1} · {2} · {3}"),
               {std::to_string(session_id_), Tr(game.title.c_str()), Joined(facts, " · ")})
       << "\n";
  for (const auto& [name, value] : options)
    // TRANSLATORS: {1} an option as typed: "--tiles winter".
    out_ << Fill(Tr("  option {1}"), {name + (value.empty() ? "" : " " + value)}) << "\n";
  out_ << AwaitingLine(match_->rules()) << "\n";
  return Status::Ok();
}

std::optional<bool> Table::MatchIntercept(const std::string& name,
                                          const std::vector<std::string>& words,
                                          const std::string& line) {
  const GameDefinition& game = match_->definition();
  const GameView* view = FindView(game.name);
  if (view) {
    auto question = view->questions.find(name);
    if (question != view->questions.end()) {
      Result<std::string> answer = question->second(match_->rules());
      if (!answer.ok()) return Refuse(answer.status());
      out_ << *answer;
      return true;
    }
  }
  if (const CommandSpec* c = FindCommand(game, name)) {
    bool question =
        c->question || (!c->command_at.empty() && match_->rules().Awaits().step != c->command_at);
    if (question) {
      Result<std::vector<std::string>> answer = match_->rules().Ask(line);
      if (!answer.ok()) return Refuse(answer.status());
      for (const std::string& l : *answer) out_ << l << "\n";
      // The game's status ends with what it waits for, as the table's own status does.
      if (c->says_awaiting && words.size() == 1) out_ << AwaitingLine(match_->rules()) << "\n";
      return true;
    }
    return RunMatchCommand(line);
  }
  // A bare number answers the step it lists: "2" is "meeple 2" (a follower: also "meeple").
  if (words.size() == 1 && IsDigits(words[0])) {
    std::string step = match_->rules().Awaits().step;
    std::string verb = step == "follower" ? "meeple" : step;
    if (FindCommand(game, verb)) return RunMatchCommand(verb + " " + words[0]);
  }
  if (name == "board") {
    if (!view || !view->board)
      // TRANSLATORS: {1} the game's title.
      return Refuse(
          Status::NotFound(Fill(Tr("no board drawing for {1} yet"), {Tr(game.title.c_str())})));
    BoardView board_view{TerminalColumns(), std::nullopt, 0};
    if (Status s = ParseBoardView(words, &board_view); !s.ok()) return Refuse(s);
    out_ << view->board(match_->rules(), color_, board_view);
    return true;
  }
  if (name == "status" || name == "score") return MatchStatus(words);
  if (name == "undo") return MatchUndo();
  if (name == "help") return MatchHelp(words);
  if (name == "tile") {
    Result<TileSaveLine> parsed = ParseTileSaveLine(line);
    if (!parsed.ok()) return Refuse(parsed.status());
    // Checked on a copy and logged before the game takes it, so the two never disagree.
    Match saved = *match_;
    Result<std::string> words_of = saved.SaveTile(parsed->name, parsed->description);
    if (!words_of.ok()) return Refuse(words_of.status());
    if (view && view->remember_tile) {
      if (Status kept = view->remember_tile(parsed->name, parsed->description); !kept.ok())
        return Refuse(kept);
    }
    if (log_ && session_id_ > 0) {
      Status logged =
          log_->AddSessionTile(session_id_, SavedTileRecord(parsed->name), parsed->description);
      if (!logged.ok()) return Refuse(logged);
    }
    *match_ = std::move(saved);
    // TRANSLATORS: `tile save`: {1} the name given, {2} the tile in words.
    out_ << Fill(Tr("saved {1}: {2}"), {parsed->name, *words_of}) << "\n";
    return true;
  }
  // The table's own commands (new, resume, sessions, replay, quit …) are not the game's.
  return std::nullopt;
}

bool Table::RunMatchCommand(const std::string& line) {
  Report words;  // the table's lines, in its language; `report` is the log's, in English
  Result<Report> report = match_->Apply(line, &words);
  if (!report.ok()) return Refuse(report.status());
  if (log_ && session_id_ > 0 && !report->redundant) {
    // Durable before anything is shown (DESIGN.md): if the log refuses, so do we.
    std::vector<EventRecord> events;
    for (const auto& [kind, json] : report->logged) events.push_back({kind, json});
    if (report->logged.empty()) events = ScoreRecords(*match_, *report);
    std::optional<SessionStatusChange> end;  // logged with the command that ends the game
    if (match_->rules().Over()) {
      EnglishWords english;  // the log is words-free of the table's language
      const GameDefinition& game = match_->definition();
      end = SessionStatusChange{
          kSessionFinished, game.logged_result ? game.logged_result(match_->rules())
                                               : MatchResultJson(*match_, "finished", {}, false)};
    }
    std::optional<std::string> summary;
    std::optional<SessionStatusChange> before;
    if (summary_) {
      before = summary_->status();
      summary_->Append(line, events, end);
      summary = summary_->Text();
    }
    Result<std::int64_t> seq = log_->AppendCommand(
        session_id_, line, HashHex(match_->rules().Hash()), events, end, summary);
    if (!seq.ok()) {
      if (summary_) summary_->Forget(*before);
      (void)match_->Undo();
      // TRANSLATORS: {1} what went wrong with the log.
      return Refuse(Status::IOError(
          Fill(Tr("the command was not applied: the log failed: {1}"), {seq.status().message()})));
    }
  }
  NoteLiveScorings(*report, words);
  PrintReport(words);
  return true;
}

void Table::PrintReport(const Report& report) {
  const std::vector<PlayerSpec>& players = match_->start().players;
  std::string text = ReportText(players, report);
  out_ << text;
  if (!report.redundant)
    NoteLive(match_->commands().empty() ? "" : match_->commands().back(), text);
  // The turn ended (an accepted command, and the step a turn begins with is awaited;
  // TurnStatus): one line, the same shape in every game, before what comes next.
  const std::string& turn_step = match_->definition().turn_step;
  if (turn_lines_ && !report.redundant && !match_->rules().Over() &&
      match_->rules().Awaits().step == turn_step)
    out_ << "— " << AfterTurnWords() << "\n";
  // What comes next, from Awaits() in every game: the end once, or the step awaited, except the
  // turn's first (the turn line, or the prompt, says whose turn it is).
  if (match_->rules().Over()) {
    if (!report.redundant) out_ << EndingLines(*match_, AfterTurnWords());
    return;
  }
  if (match_->rules().Awaits().step != turn_step) out_ << AwaitingLine(match_->rules()) << "\n";
}

bool Table::MatchStatus(const std::vector<std::string>& words) {
  if (words.size() > 1 && words[1] == "--json") {
    EnglishWords english;  // JSON is the same in every language
    out_ << match_->rules().StateJson() << "\n";
    return true;
  }
  if (words.size() > 1)
    return Refuse(Status::Syntax(Tr("usage: status [--json]"),
                                 static_cast<int>(current_line_.find(words[1]))));
  const std::vector<PlayerSpec>& players = match_->start().players;
  std::vector<int> scores = match_->rules().Scores();
  auto breakdowns = Breakdowns(*match_, match_->rules().History());
  for (std::size_t p = 0; p < players.size(); ++p) {
    std::string parts;
    for (const auto& [kind, points] : breakdowns[p])
      parts += (parts.empty() ? "" : ", ") + WhatWords(kind) + " " + std::to_string(points);
    out_ << "  " << players[p].name << " (" << players[p].color
         << "): " << (p < scores.size() ? scores[p] : 0) << (parts.empty() ? "" : " — " + parts)
         << "\n";
  }
  Result<std::vector<std::string>> more = match_->rules().Ask("status");
  if (more.ok())
    for (const std::string& l : *more) out_ << "  " << l << "\n";
  out_ << AwaitingLine(match_->rules()) << "\n";
  return true;
}

bool Table::MatchUndo() {
  Result<std::string> undone = match_->Undo();
  if (!undone.ok()) return Refuse(undone.status());
  if (log_ && session_id_ > 0) {
    SessionStatusChange active{kSessionActive, ""};
    std::optional<std::string> summary;
    if (summary_) {
      summary_->Undo(active);
      summary = summary_->Text();
    }
    Result<std::int64_t> marked = log_->MarkLastUndone(session_id_, active, summary);
    if (!marked.ok()) {
      summary_.reset();  // what the undone command added is gone: log on without a summary
      (void)match_->Apply(*undone);  // put it back, so the game and the log agree
      return Refuse(marked.status());
    }
  }
  if (!live_recent_.empty() && live_recent_.front().command == *undone)
    live_recent_.erase(live_recent_.begin());
  // TRANSLATORS: {1} the command taken back, as typed.
  std::string said = Fill(Tr("undone: {1}"), {*undone});
  NoteLive("undo", said + "\n");
  out_ << said << "\n" << AwaitingLine(match_->rules()) << "\n";
  return true;
}

bool Table::MatchHelp(const std::vector<std::string>& words) {
  const GameDefinition& game = match_->definition();
  if (words.size() > 1) {
    if (const CommandSpec* c = FindCommand(game, Lower(words[1]))) {
      out_ << c->usage << "\n  " << Tr(c->help.c_str()) << "\n";
      return true;
    }
    for (const Command& c : Commands())
      if (c.name == Lower(words[1])) {
        out_ << c.usage << "\n  " << Tr(c.help.c_str()) << "\n";
        return true;
      }
    // TRANSLATORS: {1} the word typed after help, {2} the game's title.
    return Refuse(Status::NotFound(Fill(Tr("no command '{1}' in {2} (type help for the list)"),
                                        {words[1], Tr(game.title.c_str())})));
  }
  auto row = [this](const std::string& usage, const std::string& help) {
    std::string u = usage.size() > 44 ? usage.substr(0, usage.find(' ')) + " ..." : usage;
    out_ << "  " << u << std::string(46 - std::min<std::size_t>(u.size(), 45), ' ') << help << "\n";
  };
  out_ << Tr(game.title.c_str()) << ":\n";
  for (const CommandSpec& c : game.commands) row(c.usage, Tr(c.help.c_str()));
  row("board [X,Y R]",
      Tr("draw the board, fitted to the terminal (X,Y R: the cells within R of X,Y)"));
  if (!FindCommand(game, "status"))
    row("status [--json]", Tr("scores with their breakdown, what the game waits for"));
  row("undo", Tr("take back the last accepted command"));
  row("tile save NAME DESCRIPTION", Tr("keep a described tile under a name"));
  // TRANSLATORS: the heading of `help`'s second list: the commands that are no game's.
  out_ << Tr("At the table:") << "\n";
  for (const Command& c : Commands()) row(c.usage, Tr(c.help.c_str()));
  return true;
}

Status Table::ResumeMatch(const SessionRecord& session) {
  Result<Match> rebuilt = RebuildMatch(session);
  // TRANSLATORS: {1} why the logged game cannot be rebuilt.
  if (!rebuilt.ok())
    return Status::Corrupt(Fill(Tr("{1} — not resuming"), {rebuilt.status().message()}));
  match_.emplace(std::move(rebuilt.value()));
  session_id_ = session.id;
  live_recent_.clear();
  WordLiveScorings(session);
  summary_.emplace(session);
  std::size_t done = match_->commands().size();
  // TRANSLATORS: {1} the session's number, {2} the game's title, {3} how many commands were
  // played, {4} the turn's words ("turn 3").
  out_ << Fill(TrPlural("resumed game {1} · {2} after {3} command · {4}",
                        "resumed game {1} · {2} after {3} commands · {4}",
                        static_cast<long long>(done)),
               {std::to_string(session_id_), Tr(match_->definition().title.c_str()),
                std::to_string(done), AfterTurnWords()})
       << "\n";
  out_ << AwaitingLine(match_->rules()) << "\n";
  return Status::Ok();
}

namespace {

// A word of an answer pattern that stands for something to fill in: "X,Y", "TILE", "[ROT]",
// "DESCRIPTION", "[WHERE", "COUNT]" (a side N or a half-edge NL is a word to type).
bool IsPlaceholder(const std::string& word) {
  if (word.find_first_of("[]") != std::string::npos) return true;
  return word.size() >= 3 &&
         word.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ,|") == std::string::npos;
}

}  // namespace

std::vector<std::string> Table::MatchContextWords(const std::vector<std::string>& typed,
                                                  bool* complete) const {
  *complete = false;
  if (const GameView* view = FindView(match_->definition().name); view && view->after_answer) {
    if (std::optional<std::vector<std::string>> next = view->after_answer(match_->rules(), typed)) {
      *complete = true;
      return *next;
    }
  }
  std::vector<std::string> out;
  auto add = [&out](const std::string& w) {
    if (std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
  };
  // The legal answers the game awaits: the word after those typed, where they agree.
  for (const std::string& answer : match_->rules().Awaits().answers) {
    std::istringstream in(answer);
    std::vector<std::string> tokens;
    for (std::string w; in >> w;) tokens.push_back(w);
    if (tokens.size() <= typed.size()) continue;
    bool agrees = true;
    for (std::size_t i = 0; i < typed.size() && agrees; ++i)
      agrees = Lower(tokens[i]) == Lower(typed[i]);
    if (agrees && !IsPlaceholder(tokens[typed.size()])) add(tokens[typed.size()]);
  }
  if (const GameView* view = FindView(match_->definition().name); view && view->context)
    for (const std::string& w : view->context(match_->rules(), typed)) add(w);
  return out;
}

Table::TurnMark Table::Mark() const {
  TurnMark m;
  m.game = match_.has_value();
  m.session = session_id_;
  m.commands = match_ ? match_->commands().size() : 0;
  return m;
}

std::string Table::TurnStatus(const TurnMark& before) const {
  if (!match_ || replaying() || !before.game || before.session != session_id_ ||
      match_->commands().size() <= before.commands)
    return "";
  // The game's end says the final scores itself.
  if (match_->rules().Over() || match_->rules().Awaits().step != match_->definition().turn_step)
    return "";
  return AfterTurnWords();
}

std::string Table::AfterTurnWords() const {
  std::string scores = ScoresLine(*match_);
  const GameView* view = FindView(match_->definition().name);
  return view && view->turn_status ? view->turn_status(match_->rules(), scores) : scores;
}

namespace {

// The prompt's word for the step awaited (Awaiting::step, data) in the players' language; a
// step with no word of its own yet is shown as the rules name it.
std::string StepWord(const std::string& step) {
  // TRANSLATORS: the REPL's prompt ("anna · tile> "): what the player is to do next.
  if (step == "tile") return TrContext("prompt", "tile");
  // TRANSLATORS: the REPL's prompt ("anna · meeple> "): place a meeple or pass.
  if (step == "meeple") return TrContext("prompt", "meeple");
  return step;
}

}  // namespace

std::string Table::MatchPrompt() const {
  Awaiting a = match_->rules().Awaits();
  if (match_->rules().Over())
    return (a.step.empty() || a.step == "over" ? Tr("game over") : StepWord(a.step)) + "> ";
  std::string who = a.player >= 0 && a.player < static_cast<int>(match_->start().players.size())
                        ? Lower(match_->start().players[static_cast<std::size_t>(a.player)].name)
                        : (a.who.empty() ? TrContext("prompt", "table") : a.who);
  return who + " · " + StepWord(a.step) + "> ";
}

}  // namespace carcref

namespace carcref {

namespace {

// Expansions of `game` (`--with NAME`): the games that say they expand it.
std::vector<const GameDefinition*> Expansions(const std::string& game) {
  std::vector<const GameDefinition*> out;
  for (const GameDefinition& g : GameDefinitions())
    if (g.expands == game) out.push_back(&g);
  return out;
}

// Whether --with is an option of `game`: a game with expansions, or one of them (where it
// changes nothing).
bool TakesWith(const GameDefinition* game) {
  return game && (!game->expands.empty() || !Expansions(game->name).empty());
}

}  // namespace

std::vector<std::string> NewGameWords(const std::vector<std::string>& typed) {
  std::vector<std::string> out;
  if (typed.size() == 1) {
    for (const GameDefinition& g : GameDefinitions()) out.push_back(g.name);
    return out;
  }
  const GameDefinition* game = FindGame(Lower(typed[1]));
  if (!game) return out;
  const std::string last = Lower(typed.back());
  if (last == "--with") {
    for (const GameDefinition* e : Expansions(game->name)) out.push_back(e->name);
    return out;
  }
  if (last == "--players") return out;
  for (const OptionSpec& o : game->options)  // its value: the choices, where the game lists them
    if (o.name == last && !o.value_name.empty()) return o.values;
  out.push_back("--players");
  if (TakesWith(game)) out.push_back("--with");
  for (const OptionSpec& o : game->options) out.push_back(o.name);
  return out;
}

Status ReadGameOptions(const std::string& game, const std::vector<std::string>& words,
                       OptionValues* out) {
  const GameDefinition* def = FindGame(game);
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string word = words[i];
    std::string value;
    bool has_value = false;
    if (word.rfind("--", 0) != 0)
      // TRANSLATORS: {1} the word typed, {2} the game's name as typed in `new`.
      return Status::Syntax(Fill(Tr("unexpected '{1}' in the options of {2}"), {word, game}));
    if (std::size_t eq = word.find('='); eq != std::string::npos) {
      value = word.substr(eq + 1);
      word = word.substr(0, eq);
      has_value = true;
    }
    if (word == "--with" && TakesWith(def)) {  // NewGame read it
      if (!has_value) ++i;
      continue;
    }
    const OptionSpec* spec = nullptr;
    if (def)
      for (const OptionSpec& o : def->options)
        if (o.name == word) spec = &o;
    if (spec) {
      // A flag given a value (--no-farmers=no) would be read as set whatever the value said.
      if (spec->value_name.empty() && has_value)
        // TRANSLATORS: {1} the option.
        return Status::Syntax(Fill(Tr("{1} takes no value: {1}"), {word}));
      if (!spec->value_name.empty() && !has_value) {
        if (i + 1 >= words.size())
          // TRANSLATORS: {1} the option, {2} what its value is (SET, N).
          return Status::Syntax(Fill(Tr("{1} needs a value: {1} {2}"), {word, spec->value_name}));
        value = words[++i];
      }
      (*out)[word] = value;
      continue;
    }
    // Known elsewhere: an option of another game is refused by name, with how to play that
    // game (an expansion's own options as its; those it shares with the game it expands as
    // that game's; --with as the option of the games that have expansions).
    if (std::string owners = OptionOwners(word, game); !owners.empty())
      // TRANSLATORS: {1} the option, {2} the games it belongs to, {3} the game chosen.
      return Status::Illegal(Fill(Tr("{1} belongs to {2}, not to {3}"),
                                  {word, owners, def ? Tr(def->title.c_str()) : game}));
    // Unknown: the nearest option of this game, if one is near.
    std::vector<std::string> known = {"--players"};
    if (TakesWith(def)) known.push_back("--with");
    if (def)
      for (const OptionSpec& o : def->options) known.push_back(o.name);
    std::string best = Nearest(word, known, 4);
    // TRANSLATORS: {1} the option typed, {2} the game's name as typed in `new`, {3} the
    // nearest option the game has.
    return Status::Syntax(
        best.empty()
            ? Fill(Tr("unknown option {1} for {2} (help new lists the options)"), {word, game})
            : Fill(Tr("unknown option {1} for {2}; did you mean {3}?"), {word, game, best}));
  }
  return Status::Ok();
}

Result<ChosenGame> ChooseGame(const NewGameOptions& options) {
  std::string name = options.game.empty() ? GameDefinitions().front().name : options.game;
  const GameDefinition* game = FindGame(name);
  if (!game) {
    std::string games;
    for (const GameDefinition& g : GameDefinitions()) {
      if (!g.expands.empty()) continue;
      std::string with;
      for (const GameDefinition* e : Expansions(g.name))
        with += (with.empty() ? "" : ", ") + e->name + ": --with " + e->name;
      // TRANSLATORS: a game and how to play its expansions: {1} "base", {2} "gcc: --with gcc".
      games += (games.empty() ? "" : ", ") +
               (with.empty() ? g.name : Fill(Tr("{1} (with {2})"), {g.name, with}));
    }
    // TRANSLATORS: {1} the name typed, {2} the games there are.
    return Status::NotFound(Fill(Tr("unknown game '{1}': the games are {2}"), {name, games}));
  }
  // --with NAME on a game with expansions is the game NAME; on an expansion it may name only
  // that expansion, and changes nothing.
  std::optional<std::string> with;
  for (std::size_t i = 0; i < options.words.size() && TakesWith(game); ++i) {
    const std::string& w = options.words[i];
    if (w == "--with" && i + 1 >= options.words.size())
      return Status::Syntax(Tr("--with needs a value: --with NAME"));
    if (w == "--with") with = options.words[++i];
    if (w.rfind("--with=", 0) == 0) with = w.substr(7);
  }
  if (with && !game->expands.empty() && Lower(*with) != game->name) {
    const GameDefinition* expanded = FindGame(game->expands);
    // TRANSLATORS: {1} the expansion typed, {2} the game chosen (an expansion's name), {3} the
    // title of the game it expands, {4} its own title.
    return Status::NotFound(
        Fill(Tr("unknown expansion '{1}': --game {2} is {3} with {4} already (--with {2} or no "
                "--with)"),
             {*with, game->name, expanded ? Tr(expanded->title.c_str()) : game->expands,
              Tr(game->title.c_str())}));
  }
  if (with && game->expands.empty() && TakesWith(game)) {
    const GameDefinition* expansion = nullptr;
    std::string known;
    std::vector<const GameDefinition*> expansions = Expansions(game->name);
    for (const GameDefinition* e : expansions) {
      if (e->name == Lower(*with)) expansion = e;
      known +=
          (known.empty() ? "" : ", ") + ("--with " + e->name + " (" + Tr(e->title.c_str()) + ")");
    }
    if (!expansion)
      // TRANSLATORS: {1} the expansion typed, {2} those there are ("--with gcc (…)").
      return Status::NotFound(Fill(TrPlural("unknown expansion '{1}': {2} is the one there is",
                                            "unknown expansion '{1}': {2} are the ones there are",
                                            static_cast<long long>(expansions.size())),
                                   {*with, known}));
    game = expansion;
  }
  ChosenGame chosen{game, {}};
  if (Status s = ReadGameOptions(game->name, options.words, &chosen.options); !s.ok()) return s;
  return chosen;
}

}  // namespace carcref
