#include "cli/table.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "carcref/explain.h"
#include "carcref/format.h"
#include "carcref/i18n.h"
#include "carcref/json.h"
#include "carcref/state_json.h"
#include "carcref/words.h"
#include "cli/game_views.h"
#include "cli/language.h"
#include "cli/match_log.h"
#include "cli/match_review.h"
#include "cli/render.h"
#include "cli/review.h"

namespace carcref {

namespace {

// "new base --players "Anna:red,Ben:blue"": how a game starts, shown with the first registered
// game.
std::string NewExample() {
  const std::deque<GameDefinition>& games = GameDefinitions();
  return "new " + (games.empty() ? std::string("GAME") : games.front().name) +
         " --players \"Anna:red,Ben:blue\"";
}

// `new`'s usage in help: the example with the first game's options and the expansions of it
// ("[--tiles SET] [--no-farmers] [--with gcc]").
std::string NewUsage() {
  std::string out = NewExample();
  if (GameDefinitions().empty()) return out;
  const GameDefinition& first = GameDefinitions().front();
  for (const OptionSpec& o : first.options)
    out += " [" + o.name + (o.value_name.empty() ? "" : " " + o.value_name) + "]";
  for (const GameDefinition& g : GameDefinitions())
    if (g.expands == first.name) out += " [--with " + g.name + "]";
  return out;
}

std::vector<std::string> Words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  std::string w;
  while (in >> w) {
    if (w[0] == '#') break;
    out.push_back(w);
  }
  return out;
}

// What every game answers though it declares no such command (table_match.cpp).
bool IsGameWord(const std::string& name) {
  return name == "board" || name == "status" || name == "score" || name == "undo" || name == "tile";
}

const std::vector<std::string> kColors = {"red", "blue", "green", "yellow", "black"};

}  // namespace

Result<std::vector<PlayerSpec>> ParsePlayers(const std::string& text) {
  std::vector<PlayerSpec> players;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    auto trim = [](std::string s) {
      s.erase(0, s.find_first_not_of(" \t"));
      s.erase(s.find_last_not_of(" \t") + 1);
      return s;
    };
    item = trim(item);
    if (item.empty()) continue;
    PlayerSpec p;
    auto colon = item.find(':');
    p.name = trim(item.substr(0, colon));
    if (colon != std::string::npos) p.color = Lower(trim(item.substr(colon + 1)));
    if (p.name.empty()) return Status::Syntax(Tr("a player needs a name: \"Anna:red,Ben:blue\""));
    players.push_back(p);
  }
  for (PlayerSpec& p : players) {
    if (!p.color.empty()) {
      if (std::find(kColors.begin(), kColors.end(), p.color) == kColors.end())
        // TRANSLATORS: the colours are typed as they are: keep red, blue … in English.
        return Status::Syntax(
            Fill(Tr("unknown colour '{1}': the meeples are red, blue, green, yellow and black"),
                 {p.color}));
      continue;
    }
    for (const std::string& c : kColors) {
      bool taken = std::any_of(players.begin(), players.end(),
                               [&](const PlayerSpec& q) { return q.color == c; });
      if (!taken) {
        p.color = c;
        break;
      }
    }
  }
  if (players.empty())
    return Status::Syntax(Tr("name the players: --players \"Anna:red,Ben:blue\""));
  return players;
}

Table::Table(std::ostream& out, std::ostream& err, SessionLog* log, bool color)
    : out_(out), err_(err), log_(log), color_(color) {}

const std::vector<Table::Command>& Table::Commands() {
  using Args = const std::vector<std::string>&;
  using Line = const std::string&;
  static const std::vector<Command> table = {
      {"tiles", "tiles [SET]", TrNoop("the tiles of a set with a small picture of each"),
       [](Table& t, Args a, Line) { return t.Tiles(a); }},
      {"new", NewUsage(), TrNoop("start a new game"),
       [](Table& t, Args, Line l) { return t.New(l); }},
      {"resume", "resume [ID]", TrNoop("continue a logged session (the latest unfinished one)"),
       [](Table& t, Args a, Line) { return t.ResumeCommand(a); }},
      {"sessions", "sessions [--player NAME] [--game G] [--since DATE] [--until DATE]",
       TrNoop("the logged sessions: date, game, players, result, length"),
       [](Table& t, Args, Line l) { return t.Review(l); }},
      {"show", "show ID",
       TrNoop("a logged session: setup, scores by feature, winners, scoring events"),
       [](Table& t, Args, Line l) { return t.Review(l); }},
      {"stats", "stats [--player NAME] [--game G]", TrNoop("statistics across the logged sessions"),
       [](Table& t, Args, Line l) { return t.Review(l); }},
      {"replay", "replay ID [N]", TrNoop("step through a logged session: next, prev, goto N, stop"),
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"next", "next", TrNoop("replay mode: the next command"),
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"prev", "prev", TrNoop("replay mode: the previous command"),
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"goto", "goto N", TrNoop("replay mode: after command N (0: the start)"),
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"stop", "stop", TrNoop("leave replay mode, back to the open game"),
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"serve", "serve [ADDR:]PORT | serve stop | serve",
       TrNoop("serve the live board page (read-only) to phones and a second screen; stop it"),
       [](Table& t, Args a, Line) { return t.ServeCommand(a); }},
      {"lang", "lang [en|cs|sk]",
       TrNoop("the language of the table's words: en, cs or sk; alone: the one in use"),
       [](Table& t, Args a, Line) { return t.Lang(a); }},
      {"help", "help [COMMAND]", TrNoop("this list, or one command"),
       [](Table& t, Args a, Line) { return t.Help(a); }},
      {"quit", "quit", TrNoop("leave; the game stays in the log (carcref resume)"),
       [](Table& t, Args, Line) {
         t.quit_ = true;
         return true;
       }},
  };
  return table;
}

bool Table::Refuse(const Status& s) {
  last_error_ = s.message();
  out_.flush();  // keep stdout and stderr in order when both go to one pipe
  err_ << error_prefix_ << ErrorPrefix() << s.message() << "\n";
  // A syntax error points at the bad token (STYLE.md: ninja's "near here").
  if (s.code() == Status::Code::kSyntax && s.column() >= 0 &&
      s.column() <= static_cast<int>(current_line_.size()))
    err_ << "  " << current_line_ << "\n  " << std::string(static_cast<size_t>(s.column()), ' ')
         << "^\n";
  return false;
}

bool Table::Execute(const std::string& line) {
  bool accepted = ExecuteLine(line);
  if (live_) PublishLive();
  return accepted;
}

bool Table::ExecuteLine(const std::string& line) {
  current_line_ = line;
  std::vector<std::string> words = Words(line);
  if (words.empty()) return true;  // blank or a comment
  std::string name = Lower(words[0]);
  if (review_) {  // replay mode first (table_replay.cpp)
    if (name == "exit") name = "quit";
    if (std::optional<bool> done = ReplayIntercept(name, words)) return *done;
  }
  // A game behind the GameRules interface answers its own lines (table_match.cpp).
  if (match_) {
    std::string match_name = name == "?" ? "help" : name;
    if (std::optional<bool> done = MatchIntercept(match_name, words, line)) return *done;
  }
  if (name == "exit") name = "quit";
  if (name == "?") name = "help";
  for (const Command& c : Commands())
    if (c.name == name) return c.run(*this, words, line);
  // A command of a game: none is open, or it is another game's.
  const GameDefinition* owner = nullptr;
  for (const GameDefinition& g : GameDefinitions())
    for (const CommandSpec& c : g.commands)
      if (c.name == name && !owner) owner = &g;
  if (!match_ && (owner || IsGameWord(name)))
    return Refuse(Status::Illegal(Fill(Tr("no game yet: start one with {1}"), {NewExample()})));
  if (owner)
    // TRANSLATORS: {1} a command, {2} the open game's title, {3} the title of the game it is
    // a command of.
    return Refuse(Status::Illegal(
        Fill(Tr("'{1}' is not part of {2} (it is a command of {3}; help lists this game's "
                "commands)"),
             {name, Tr(match_->definition().title.c_str()), Tr(owner->title.c_str())})));
  // Suggest only what could be meant here: the table's commands and the open game's.
  std::vector<std::string> candidates;
  for (const Command& c : Commands())
    if (c.help.rfind("replay mode:", 0) != 0 || review_) candidates.push_back(c.name);
  if (match_) {
    for (const CommandSpec& c : match_->definition().commands) candidates.push_back(c.name);
    for (const char* w : {"board", "status", "undo", "tile"}) candidates.push_back(w);
  }
  std::string best = Nearest(name, candidates, 3);
  // TRANSLATORS: {1} the word typed, {2} the command it is close to.
  return Refuse(Status::Syntax(
      best.empty() ? Fill(Tr("unknown command '{1}' (try help)"), {words[0]})
                   : Fill(Tr("unknown command '{1}'; did you mean {2}?"), {words[0], best})));
}

std::string Table::Prompt() const {
  if (review_) return ReplayPrompt();
  if (match_) return MatchPrompt();
  return "carcref> ";
}

std::vector<std::string> Table::CompletionWords(const std::string& before) const {
  std::vector<std::string> typed = Words(before);
  if (!typed.empty() && Lower(typed[0]) == "new") return NewGameWords(typed);
  if (!typed.empty() && match_ && !replaying()) {
    bool complete = false;
    std::vector<std::string> next = MatchContextWords(typed, &complete);
    if (!next.empty() || complete) return next;
  }
  std::vector<std::string> out;
  for (const Command& c : Commands()) out.push_back(c.name);
  if (!match_)
    for (const GameDefinition& g : GameDefinitions())
      for (const CommandSpec& c : g.commands) out.push_back(c.name);
  if (match_) {
    if (const GameView* view = FindView(match_->definition().name))
      out.insert(out.end(), view->words.begin(), view->words.end());
  } else {
    std::vector<std::string> words;
    for (const GameDefinition& g : GameDefinitions())
      if (const GameView* view = FindView(g.name))
        for (const std::string& w : view->words) AddWordOnce(words, w);
    out.insert(out.end(), words.begin(), words.end());
  }
  if (match_) {
    for (const CommandSpec& c : match_->definition().commands) out.push_back(c.name);
    for (const auto& [name, description] : match_->start().saved) out.push_back(name);
    if (const GameView* view = FindView(match_->definition().name); view && view->completion)
      for (const std::string& w : view->completion(match_->rules())) out.push_back(w);
  }
  return out;
}

Status Table::NewGame(const NewGameOptions& options) {
  Result<ChosenGame> chosen = ChooseGame(options);
  if (!chosen.ok()) return chosen.status();
  return NewMatch(*chosen->game, options.players, chosen->options);
}

Status Table::Resume(std::optional<std::int64_t> id) {
  if (!log_) return Status::IOError(Tr("no database to resume from"));
  if (!id) {
    Result<std::optional<std::int64_t>> latest = log_->LatestUnfinished();
    if (!latest.ok()) return latest.status();
    if (!*latest)
      return Status::NotFound(Tr("no unfinished session to resume (see carcref sessions)"));
    id = **latest;
  }
  Result<SessionRecord> loaded = log_->ContinueSession(*id);
  if (!loaded.ok()) return loaded.status();
  if (FindGame(loaded->game)) return ResumeMatch(*loaded);
  return Status::Corrupt(Fill(Tr("session {1}: unknown game '{2}' — not resuming"),
                              {std::to_string(*id), loaded->game}));
}

bool Table::Help(const std::vector<std::string>& args) {
  if (args.size() > 1) {
    for (const Command& c : Commands())
      if (c.name == Lower(args[1])) {
        out_ << c.usage << "\n  " << Tr(c.help.c_str()) << "\n";
        if (c.name == "new")  // the options each game behind GameRules declares
          for (const GameDefinition& g : GameDefinitions()) {
            out_ << "new " << g.name << " --players \"Anna:red,Ben:blue\" (" << Tr(g.title.c_str())
                 << ")\n";
            for (const OptionSpec& o : g.options)  // the games' own words (their helpers')
              out_ << "  " << o.name << (o.value_name.empty() ? "" : " " + o.value_name) << "  "
                   << Tr(o.help.c_str()) << "\n";
          }
        return true;
      }
    // A game's command: how each game that has it takes it.
    bool found = false;
    for (const GameDefinition& g : GameDefinitions())
      for (const CommandSpec& c : g.commands)
        if (c.name == Lower(args[1])) {
          out_ << c.usage << "  (" << g.name << ")\n  " << Tr(c.help.c_str()) << "\n";
          found = true;
        }
    if (found) return true;
    return Refuse(
        Status::NotFound(Fill(Tr("no command '{1}' (type help for the list)"), {args[1]})));
  }
  for (const Command& c : Commands()) {
    std::string usage = c.usage.size() > 44 ? c.name + " ..." : c.usage;
    out_ << "  " << usage << std::string(46 - std::min<size_t>(usage.size(), 45), ' ')
         << Tr(c.help.c_str()) << "\n";
  }
  std::string games;
  for (const GameDefinition& g : GameDefinitions())
    games += g.name + (&g == &GameDefinitions().back() ? "" : ", ");
  // TRANSLATORS: {1} the games' names as typed after `new` ("base, gcc, mists, city").
  out_ << Fill(Tr("A game's own commands (place, meeple, pass, board, status, undo …) come with "
                  "it: start one with new GAME ({1}), then help lists them."),
               {games})
       << "\n";
  // TRANSLATORS: the notation's words (N E S W, NL …, NE …) are typed as they are: keep them.
  out_ << Tr("Cells are X,Y with y growing north; sides N E S W; field halves NL NR EL ER SL SR "
             "WL WR; corners NE SE SW NW. See man carcref.")
       << "\n";
  return true;
}

bool Table::Lang(const std::vector<std::string>& args) {
  if (args.size() > 2)
    return Refuse(Status::Syntax(Tr("usage: lang [en|cs|sk]"),
                                 static_cast<int>(current_line_.find(args[2]))));
  if (args.size() == 2 && !SetLanguage(Lower(args[1])))
    return Refuse(
        // TRANSLATORS: {1} the language asked for, {2} the languages: "en, cs, sk".
        Status::NotFound(
            Fill(Tr("no language '{1}'; carcref speaks {2}"), {args[1], LanguagesWords()})));
  // TRANSLATORS: the answer to `lang`: the language now in use, named in itself.
  out_ << Tr("language: English (lang en, lang cs, lang sk)") << "\n";
  return true;
}

namespace {

// A word of a `new` line: quotes group words with spaces ("Anna:red, Ben:blue") and go.
struct NewWord {
  std::string text;
  bool quoted = false;
};

// What a game says when the option `word` names ("--start", "--start=…") is given a value with
// spaces without its quotes; empty: the option takes no such value.
std::string InQuotes(const std::string& word) {
  std::string name = word.substr(0, word.find('='));
  for (const GameDefinition& g : GameDefinitions())
    if (auto found = g.in_quotes.find(name); found != g.in_quotes.end()) return found->second;
  return "";
}

Result<std::vector<NewWord>> NewWords(const std::string& line) {
  std::vector<NewWord> out;
  std::size_t i = 0;
  while (i < line.size()) {
    if (std::isspace(static_cast<unsigned char>(line[i]))) {
      ++i;
      continue;
    }
    if (line[i] == '#') break;
    NewWord w;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) {
      char q = line[i];
      if (q != '"' && q != '\'') {
        w.text += line[i++];
        continue;
      }
      std::size_t end = line.find(q, i + 1);
      if (end == std::string::npos) {  // the option it belongs to says what it takes
        std::string option = w.text.empty() && !out.empty() ? out.back().text : w.text;
        if (option.rfind("--players", 0) == 0)
          return Status::Syntax(Tr("the player list has no closing quote"));
        if (std::string says = InQuotes(option); !says.empty()) return Status::Syntax(says);
        return Status::Syntax(Fill(Tr("a quote has no closing quote: {1}"), {line.substr(i)}));
      }
      w.text += line.substr(i + 1, end - i - 1);
      w.quoted = true;
      i = end + 1;
    }
    out.push_back(w);
  }
  return out;
}

}  // namespace

bool Table::New(const std::string& line) {
  Result<std::vector<NewWord>> words = NewWords(line);
  if (!words.ok()) return Refuse(words.status());
  NewGameOptions options;
  std::size_t i = 1;
  if (i < words->size() && (*words)[i].text.rfind('-', 0) != 0)
    options.game = Lower((*words)[i++].text);
  for (; i < words->size(); ++i) {
    const NewWord& w = (*words)[i];
    if (w.text == "--players" || w.text.rfind("--players=", 0) == 0) {
      if (w.text.size() > 10)
        options.players = w.text.substr(10);
      else if (i + 1 < words->size())
        options.players = (*words)[++i].text;
      continue;
    }
    options.words.push_back(w.text);
    // A value with spaces comes in quotes (--start "ffff ffff ffFf2 ffFf1").
    std::string says = w.text.rfind("--", 0) == 0 ? InQuotes(w.text) : "";
    if (says.empty()) continue;
    bool inline_value = w.text.find('=') != std::string::npos;
    if (inline_value ? !w.quoted : i + 1 >= words->size() || !(*words)[i + 1].quoted)
      return Refuse(Status::Syntax(says));
    if (!inline_value) options.words.push_back((*words)[++i].text);
  }
  Result<ChosenGame> chosen = ChooseGame(options);
  if (!chosen.ok()) return Refuse(chosen.status());
  if (options.players.empty())
    return Refuse(Status::Syntax(Fill(Tr("name the players: {1}"), {NewExample()})));
  std::int64_t previous = has_game() && !game_over() ? session_id_ : 0;
  Status s = NewMatch(*chosen->game, options.players, chosen->options);
  if (!s.ok()) return Refuse(s);  // the open game stays open
  if (previous > 0)
    // TRANSLATORS: {1} the number of the game left open.
    out_ << Fill(Tr("(game {1} stays in the log: carcref resume {1})"), {std::to_string(previous)})
         << "\n";
  return true;
}

bool Table::Tiles(const std::vector<std::string>& args) {
  std::string set = args.size() > 1 ? Lower(args[1]) : DefaultTileSet();
  Result<std::vector<CatalogSource>> sources = ReadTileSet(set);
  if (!sources.ok()) {
    Result<DescribedSet> described = ReadDescribedSet(set);  // Mists: what the box holds
    if (!described.ok()) return Refuse(sources.status());
    out_ << RenderDescribedSet(*described);
    return true;
  }
  Result<Catalog> catalog = BuildCatalog(*sources);
  if (!catalog.ok()) return Refuse(catalog.status());
  out_ << RenderTileList(catalog->tiles, nullptr);
  // TRANSLATORS: {1} how many kinds of tile, {2} how many tiles in all.
  out_ << Fill(TrPlural("{1} tile types, {2} tiles", "{1} tile types, {2} tiles",
                        catalog->TotalCount()),
               {std::to_string(catalog->tiles.size()), std::to_string(catalog->TotalCount())})
       << "\n";
  return true;
}

bool Table::ResumeCommand(const std::vector<std::string>& args) {
  std::optional<std::int64_t> id;
  if (args.size() > 1) {
    id = ReadNumber(args[1]);  // "1abc" is not session 1
    if (!id)
      return Refuse(
          Status::Syntax(Fill(Tr("resume takes a session number, not '{1}'"), {args[1]})));
  }
  std::int64_t previous = has_game() && !game_over() ? session_id_ : 0;
  Status s = Resume(id);
  if (!s.ok()) return Refuse(s);
  if (previous > 0 && previous != session_id_)
    // TRANSLATORS: {1} the number of the game left open.
    out_ << Fill(Tr("(game {1} stays in the log: carcref resume {1})"), {std::to_string(previous)})
         << "\n";
  return true;
}

bool Table::Review(const std::string& line) {
  if (!log_) return Refuse(Status::IOError(Tr("no database open")));
  Status s = RunReviewLine(*log_, line, out_);
  if (!s.ok()) return Refuse(s);
  return true;
}

}  // namespace carcref

namespace carcref {

bool Table::game_over() const {
  if (match_) return match_->rules().Over();
  return false;
}

std::string Table::ResultJson(const std::string& status,
                              const std::vector<std::string>& errors) const {
  if (match_) {
    EnglishWords english;  // JSON is the same in every language
    const GameDefinition& game = match_->definition();
    return game.result_json ? game.result_json(match_->rules(), status, errors)
                            : MatchResultJson(*match_, status, errors, true);
  }
  return "{\"status\":" + JsonString(status) + ",\"players\":[]}";
}

}  // namespace carcref
