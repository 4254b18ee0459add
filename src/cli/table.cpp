#include "cli/table.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "carcref/explain.h"
#include "carcref/format.h"
#include "carcref/json.h"
#include "carcref/state_json.h"
#include "carcref/words.h"
#include "cli/game_views.h"
#include "cli/match_log.h"
#include "cli/match_review.h"
#include "cli/render.h"
#include "cli/review.h"

namespace carcref {

namespace {

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

// Edit distance, for "did you mean".
size_t Distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t prev = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t cur = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] != b[j - 1])});
      prev = cur;
    }
  }
  return row[b.size()];
}

// The flags the REPL's `new` reads itself (the games not yet declared through GameRules).
bool IsLegacyOption(const std::string& word) {
  static const std::vector<std::string> legacy = {"--players",
                                                  "--start",
                                                  "--level",
                                                  "--no-farmers",
                                                  "--no-misty-meeples",
                                                  "--facedown-orthogonal",
                                                  "--meeples-on-fields",
                                                  "--no-burying-hounds",
                                                  "--unplaceable-loses",
                                                  "--with",
                                                  "--only-scorers-pay",
                                                  "--castle-counts-itself",
                                                  "--tiles"};
  return std::find(legacy.begin(), legacy.end(), word) != legacy.end();
}

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
    if (p.name.empty()) return Status::Syntax("a player needs a name: \"Anna:red,Ben:blue\"");
    players.push_back(p);
  }
  for (PlayerSpec& p : players) {
    if (!p.color.empty()) {
      if (std::find(kColors.begin(), kColors.end(), p.color) == kColors.end())
        return Status::Syntax("unknown colour '" + p.color +
                              "': the meeples are red, blue, green, yellow and black");
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
  if (players.empty()) return Status::Syntax("name the players: --players \"Anna:red,Ben:blue\"");
  return players;
}

Table::Table(std::ostream& out, std::ostream& err, SessionLog* log, bool color)
    : out_(out), err_(err), log_(log), color_(color) {}

const std::vector<Table::Command>& Table::Commands() {
  using Args = const std::vector<std::string>&;
  using Line = const std::string&;
  static const std::vector<Command> table = {
      {"tiles", "tiles [SET]", "the tiles of a set with a small picture of each",
       [](Table& t, Args a, Line) { return t.Tiles(a); }},
      {"new",
       "new base --players \"Anna:red,Ben:blue\" [--tiles winter] [--no-farmers] [--with gcc]",
       "start a new game", [](Table& t, Args, Line l) { return t.New(l); }},
      {"resume", "resume [ID]", "continue a logged session (the latest unfinished one)",
       [](Table& t, Args a, Line) { return t.ResumeCommand(a); }},
      {"sessions", "sessions [--player NAME] [--game G] [--since DATE] [--until DATE]",
       "the logged sessions: date, game, players, result, length",
       [](Table& t, Args, Line l) { return t.Review(l); }},
      {"show", "show ID", "a logged session: setup, scores by feature, winners, scoring events",
       [](Table& t, Args, Line l) { return t.Review(l); }},
      {"stats", "stats [--player NAME] [--game G]", "statistics across the logged sessions",
       [](Table& t, Args, Line l) { return t.Review(l); }},
      {"replay", "replay ID [N]", "step through a logged session: next, prev, goto N, stop",
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"next", "next", "replay mode: the next command",
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"prev", "prev", "replay mode: the previous command",
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"goto", "goto N", "replay mode: after command N (0: the start)",
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"stop", "stop", "leave replay mode, back to the open game",
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"serve", "serve [ADDR:]PORT | serve stop | serve",
       "serve the live board page (read-only) to phones and a second screen; stop it",
       [](Table& t, Args a, Line) { return t.ServeCommand(a); }},
      {"help", "help [COMMAND]", "this list, or one command",
       [](Table& t, Args a, Line) { return t.Help(a); }},
      {"quit", "quit", "leave; the game stays in the log (carcref resume)",
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
  err_ << error_prefix_ << "error: " << s.message() << "\n";
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
    return Refuse(
        Status::Illegal("no game yet: start one with new base --players \"Anna:red,Ben:blue\""));
  if (owner)
    return Refuse(Status::Illegal("'" + name + "' is not part of " + match_->definition().title +
                                  " (it is a command of " + owner->title +
                                  "; help lists this game's commands)"));
  // Suggest only what could be meant here: the table's commands and the open game's.
  std::vector<std::string> candidates;
  for (const Command& c : Commands())
    if (c.help.rfind("replay mode:", 0) != 0 || review_) candidates.push_back(c.name);
  if (match_) {
    for (const CommandSpec& c : match_->definition().commands) candidates.push_back(c.name);
    for (const char* w : {"board", "status", "undo", "tile"}) candidates.push_back(w);
  }
  std::string best;
  size_t best_d = 3;
  for (const std::string& c : candidates) {
    size_t d = Distance(name, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return Refuse(
      Status::Syntax("unknown command '" + words[0] + "'" +
                     (best.empty() ? std::string(" (try help)") : "; did you mean " + best + "?")));
}

std::string Table::Prompt() const {
  if (review_) return ReplayPrompt();
  if (match_) return MatchPrompt();
  return "carcref> ";
}

std::vector<std::string> Table::CompletionWords(const std::string& before) const {
  std::vector<std::string> typed = Words(before);
  if (!typed.empty() && match_ && !replaying()) {
    std::vector<std::string> next = MatchContextWords(typed);
    if (!next.empty()) return next;
  }
  std::vector<std::string> out;
  for (const Command& c : Commands()) out.push_back(c.name);
  if (!match_)
    for (const GameDefinition& g : GameDefinitions())
      for (const CommandSpec& c : g.commands) out.push_back(c.name);
  for (const char* w : {"road", "city", "field", "monastery", "at"}) out.push_back(w);
  if (match_) {
    for (const CommandSpec& c : match_->definition().commands) out.push_back(c.name);
    for (const auto& [name, description] : match_->start().saved) out.push_back(name);
    if (const GameView* view = FindView(match_->definition().name); view && view->completion)
      for (const std::string& w : view->completion(match_->rules())) out.push_back(w);
  }
  return out;
}

namespace {

// An option of the other game is refused, not silently ignored.
Status CheckOptionsFitGame(const NewGameOptions& o) {
  bool mists = o.game == "mists";
  bool gcc = o.game == "gcc" || Lower(o.with) == "gcc";
  std::vector<std::pair<bool, const char*>> mists_only = {
      {o.level != 1, "--level"},
      {o.no_misty_meeples, "--no-misty-meeples"},
      {o.facedown_orthogonal, "--facedown-orthogonal"},
      {o.meeples_on_fields, "--meeples-on-fields"},
      {o.no_burying_hounds, "--no-burying-hounds"},
      {o.unplaceable_loses, "--unplaceable-loses"}};
  std::vector<std::pair<bool, const char*>> base_only = {
      {!o.with.empty(), "--with"},
      {!o.tiles.empty(), "--tiles"},
      {o.no_farmers, "--no-farmers"},
      {o.only_scorers_pay, "--only-scorers-pay"},
      {o.castle_counts_itself, "--castle-counts-itself"}};
  if (!mists)
    for (const auto& [given, name] : mists_only)
      if (given)
        return Status::Illegal(std::string(name) + " belongs to the Mists game (--game mists)");
  if (mists)
    for (const auto& [given, name] : base_only)
      if (given)
        return Status::Illegal(std::string(name) +
                               " belongs to the base game, not to --game mists");
  if (!mists && !gcc) {
    if (o.only_scorers_pay || o.castle_counts_itself)
      return Status::Illegal(
          std::string(o.only_scorers_pay ? "--only-scorers-pay" : "--castle-counts-itself") +
          " belongs to Ghosts, Castles and Cemeteries (--with gcc)");
    if (!o.start.empty())
      return Status::Illegal(
          "--start describes the Mists start tile: use it with --game mists or --with gcc");
  }
  return Status::Ok();
}

}  // namespace

Status Table::NewGame(const NewGameOptions& options) {
  std::string name = options.game;
  if (name == "base" && !options.with.empty()) {  // --with gcc: the expansion is a game
    if (Lower(options.with) != "gcc")
      return Status::NotFound("unknown expansion '" + options.with +
                              "': --with gcc (Ghosts, Castles and Cemeteries) is the one there is");
    name = "gcc";
  }
  const GameDefinition* game = FindGame(name);
  if (game && game->name != "base" && game->name != "gcc" && game->name != "mists") {
    // Flags `play` and `new` read into fields are refused by name in the games that lack them.
    NewGameOptions defaults;
    std::vector<std::pair<bool, const char*>> legacy = {
        {options.level != defaults.level, "--level"},
        {options.no_misty_meeples, "--no-misty-meeples"},
        {options.facedown_orthogonal, "--facedown-orthogonal"},
        {options.meeples_on_fields, "--meeples-on-fields"},
        {options.no_burying_hounds, "--no-burying-hounds"},
        {options.unplaceable_loses, "--unplaceable-loses"},
        {!options.start.empty(), "--start"},
        {!options.with.empty(), "--with"},
        {!options.tiles.empty(), "--tiles"},
        {options.no_farmers, "--no-farmers"},
        {options.only_scorers_pay, "--only-scorers-pay"},
        {options.castle_counts_itself, "--castle-counts-itself"}};
    for (const auto& [given, flag] : legacy)
      if (given) {
        OptionValues ignored;
        Status s = ReadGameOptions(game->name, {flag}, &ignored);
        if (!s.ok()) return s;
      }
    return NewMatch(*game, options.players, options.rules_options);
  }
  if (!options.rules_options.empty()) {
    OptionValues ignored;
    Status s = ReadGameOptions(name, {options.rules_options.begin()->first}, &ignored);
    if (!s.ok()) return s;
  }
  Status fits = CheckOptionsFitGame(options);
  if (!fits.ok()) return fits;
  if (game) {  // base, gcc, mists: the flags `play` and `new` read, as the game declares them
    OptionValues values = options.rules_options;
    if (!options.tiles.empty()) values["--tiles"] = options.tiles;
    if (options.no_farmers) values["--no-farmers"] = "";
    if (!options.start.empty()) values["--start"] = options.start;
    if (options.only_scorers_pay) values["--only-scorers-pay"] = "";
    if (options.castle_counts_itself) values["--castle-counts-itself"] = "";
    if (name == "mists") {
      values["--level"] = std::to_string(options.level);
      std::vector<std::pair<bool, const char*>> flags = {
          {options.no_misty_meeples, "--no-misty-meeples"},
          {options.facedown_orthogonal, "--facedown-orthogonal"},
          {options.meeples_on_fields, "--meeples-on-fields"},
          {options.no_burying_hounds, "--no-burying-hounds"},
          {options.unplaceable_loses, "--unplaceable-loses"}};
      for (const auto& [given, flag] : flags)
        if (given) values[flag] = "";
    }
    return NewMatch(*game, options.players, values);
  }
  std::string games = "base (with gcc: --with gcc), mists";
  for (const GameDefinition& g : GameDefinitions())
    if (g.name != "base" && g.name != "gcc") games += ", " + g.name;
  return Status::NotFound("unknown game '" + options.game + "': the games are " + games);
}

Status Table::Resume(std::optional<std::int64_t> id) {
  if (!log_) return Status::IOError("no database to resume from");
  if (!id) {
    Result<std::optional<std::int64_t>> latest = log_->LatestUnfinished();
    if (!latest.ok()) return latest.status();
    if (!*latest) return Status::NotFound("no unfinished session to resume (see carcref sessions)");
    id = **latest;
  }
  Result<SessionRecord> loaded = log_->ContinueSession(*id);
  if (!loaded.ok()) return loaded.status();
  if (FindGame(loaded->game)) return ResumeMatch(*loaded);
  return Status::Corrupt("session " + std::to_string(*id) + ": unknown game '" + loaded->game +
                         "' — not resuming");
}

bool Table::Help(const std::vector<std::string>& args) {
  if (args.size() > 1) {
    for (const Command& c : Commands())
      if (c.name == Lower(args[1])) {
        out_ << c.usage << "\n  " << c.help << "\n";
        if (c.name == "new")  // the options each game behind GameRules declares
          for (const GameDefinition& g : GameDefinitions()) {
            out_ << "new " << g.name << " --players \"Anna:red,Ben:blue\" (" << g.title << ")\n";
            for (const OptionSpec& o : g.options)
              out_ << "  " << o.name << (o.value_name.empty() ? "" : " " + o.value_name) << "  "
                   << o.help << "\n";
          }
        return true;
      }
    // A game's command: how each game that has it takes it.
    bool found = false;
    for (const GameDefinition& g : GameDefinitions())
      for (const CommandSpec& c : g.commands)
        if (c.name == Lower(args[1])) {
          out_ << c.usage << "  (" << g.name << ")\n  " << c.help << "\n";
          found = true;
        }
    if (found) return true;
    return Refuse(Status::NotFound("no command '" + args[1] + "' (type help for the list)"));
  }
  for (const Command& c : Commands()) {
    std::string usage = c.usage.size() > 44 ? c.name + " ..." : c.usage;
    out_ << "  " << usage << std::string(46 - std::min<size_t>(usage.size(), 45), ' ') << c.help
         << "\n";
  }
  out_ << "A game's own commands (place, meeple, pass, board, status, undo …) come with it: "
          "start one with new GAME (";
  for (const GameDefinition& g : GameDefinitions())
    out_ << g.name << (&g == &GameDefinitions().back() ? "" : ", ");
  out_ << "), then help lists them.\n";
  out_ << "Cells are X,Y with y growing north; sides N E S W; field halves NL NR EL ER SL SR WL "
          "WR; corners NE SE SW NW. See man carcref.\n";
  return true;
}

bool Table::New(const std::string& line) {
  std::vector<std::string> words = Words(line);
  NewGameOptions options;
  size_t i = 1;
  if (i < words.size() && words[i][0] != '-') options.game = Lower(words[i++]);
  // --players may hold spaces inside quotes.
  std::string rest;
  {
    auto pos = line.find("--players");
    if (pos != std::string::npos) {
      std::string tail = line.substr(pos + 9);
      tail.erase(0, tail.find_first_not_of(" ="));
      if (!tail.empty() && (tail[0] == '"' || tail[0] == '\'')) {
        char q = tail[0];
        auto end = tail.find(q, 1);
        if (end == std::string::npos)
          return Refuse(Status::Syntax("the player list has no closing quote"));
        options.players = tail.substr(1, end - 1);
      } else {
        options.players = tail.substr(0, tail.find(' '));
      }
    }
  }
  {
    auto pos = line.find("--start");
    if (pos != std::string::npos) {
      std::string tail = line.substr(pos + 7);
      tail.erase(0, tail.find_first_not_of(" ="));
      char q = tail.empty() ? ' ' : tail[0];
      auto end = tail.find(q, 1);
      if ((q != '"' && q != '\'') || end == std::string::npos)
        return Refuse(
            Status::Syntax("--start takes the four quarters in quotes: --start \"ffff "
                           "ffff ffFf2 ffFf1\""));
      options.start = tail.substr(1, end - 1);
    }
  }
  for (; i < words.size(); ++i) {
    if (words[i] == "--level" && i + 1 < words.size()) {
      try {
        options.level = std::stoi(words[++i]);
      } catch (const std::exception&) {
        return Refuse(Status::Syntax("--level takes a number 1–6"));
      }
    }
    if (words[i] == "--no-farmers") options.no_farmers = true;
    if (words[i] == "--no-misty-meeples") options.no_misty_meeples = true;
    if (words[i] == "--facedown-orthogonal") options.facedown_orthogonal = true;
    if (words[i] == "--meeples-on-fields") options.meeples_on_fields = true;
    if (words[i] == "--no-burying-hounds") options.no_burying_hounds = true;
    if (words[i] == "--unplaceable-loses") options.unplaceable_loses = true;
    if (words[i] == "--with" && i + 1 < words.size()) options.with = words[++i];
    if (words[i].rfind("--with=", 0) == 0) options.with = words[i].substr(7);
    if (words[i] == "--only-scorers-pay") options.only_scorers_pay = true;
    if (words[i] == "--castle-counts-itself") options.castle_counts_itself = true;
    if (words[i] == "--tiles" && i + 1 < words.size()) options.tiles = words[++i];
    if (words[i].rfind("--tiles=", 0) == 0) options.tiles = words[i].substr(8);
  }
  // Every other option: one a game declares (carcref/rules.h), or refused by name.
  std::vector<std::string> extra;
  for (std::size_t j = 1; j < words.size(); ++j) {
    const std::string& w = words[j];
    std::string bare = w.substr(0, w.find('='));
    if (w.rfind("--", 0) != 0 || IsLegacyOption(bare)) continue;
    extra.push_back(w);
    if (const GameDefinition* g = FindGame(options.game))
      for (const OptionSpec& o : g->options)
        if (o.name == w && !o.value_name.empty() && j + 1 < words.size())
          extra.push_back(words[++j]);
  }
  if (Status s = ReadGameOptions(options.game, extra, &options.rules_options); !s.ok())
    return Refuse(s);
  if (options.players.empty())
    return Refuse(Status::Syntax("name the players: new base --players \"Anna:red,Ben:blue\""));
  std::int64_t previous = has_game() && !game_over() ? session_id_ : 0;
  Status s = NewGame(options);
  if (!s.ok()) return Refuse(s);  // the open game stays open
  if (previous > 0)
    out_ << "(game " << previous << " stays in the log: carcref resume " << previous << ")\n";
  return true;
}

bool Table::Tiles(const std::vector<std::string>& args) {
  std::string set = args.size() > 1 ? Lower(args[1]) : "base";
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
  out_ << catalog->tiles.size() << " tile types, " << catalog->TotalCount() << " tiles\n";
  return true;
}

bool Table::ResumeCommand(const std::vector<std::string>& args) {
  std::optional<std::int64_t> id;
  if (args.size() > 1) {
    try {
      id = std::stoll(args[1]);
    } catch (const std::exception&) {
      return Refuse(Status::Syntax("resume takes a session number, not '" + args[1] + "'"));
    }
  }
  std::int64_t previous = has_game() && !game_over() ? session_id_ : 0;
  Status s = Resume(id);
  if (!s.ok()) return Refuse(s);
  if (previous > 0 && previous != session_id_)
    out_ << "(game " << previous << " stays in the log: carcref resume " << previous << ")\n";
  return true;
}

bool Table::Review(const std::string& line) {
  if (!log_) return Refuse(Status::IOError("no database open"));
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
    std::string own = match_->rules().ResultJson(status, errors);
    return own.empty() ? MatchResultJson(*match_, status, errors, true) : own;
  }
  return "{\"status\":" + JsonString(status) + ",\"players\":[]}";
}

}  // namespace carcref
