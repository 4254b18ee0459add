#include "cli/table.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <yaml-cpp/yaml.h>

#include "carcref/explain.h"
#include "cli/format.h"
#include "carcref/json.h"
#include "cli/match_log.h"
#include "cli/render.h"
#include "cli/review.h"
#include "cli/replay.h"
#include "cli/session_replay.h"
#include "cli/state_json.h"

namespace carcref {

namespace {

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
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
  static const std::vector<std::string> legacy = {
      "--players", "--start", "--level", "--no-farmers", "--no-misty-meeples",
      "--facedown-orthogonal", "--meeples-on-fields", "--no-burying-hounds",
      "--unplaceable-loses", "--with", "--only-scorers-pay", "--castle-counts-itself",
      "--tiles"};
  return std::find(legacy.begin(), legacy.end(), word) != legacy.end();
}

std::string PlayersText(const GameSetup& s) {
  std::string out;
  for (const PlayerSpec& p : s.players) out += (out.empty() ? "" : ",") + p.name + ":" + p.color;
  return out;
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
  if (players.empty())
    return Status::Syntax("name the players: --players \"Anna:red,Ben:blue\"");
  return players;
}

Table::Table(std::ostream& out, std::ostream& err, SessionLog* log, bool color)
    : out_(out), err_(err), log_(log), color_(color) {}

namespace {

bool CoopOnly(Table& t, const std::vector<std::string>& args, const std::string&) {
  return t.RefuseFromOutside(Status::Illegal("'" + args[0] + "' belongs to the co-op game: start "
                                             "one with new mists --level 1 --players ..."));
}

}  // namespace

const std::vector<Table::Command>& Table::Commands() {
  using Args = const std::vector<std::string>&;
  using Line = const std::string&;
  static const std::vector<Command> table = {
      {"place", "place ID X,Y ROT | place EDGES X,Y [pass | meeple …]",
       "put the drawn tile on the table (rotation clockwise; a tile typed as it lies needs none)",
       true, [](Table& t, Args, Line l) { return t.RunGameCommand(l); }},
      {"meeple",
       "meeple N | road SIDE | city SIDE | field HALF|CORNER | monastery | castle | cemetery "
       "[guard]",
       "put a meeple (GCC: or a guard) on the tile just placed", true,
       [](Table& t, Args, Line l) { return t.RunGameCommand(l); }},
      {"ghost", "ghost N | ghost X,Y [road|city SIDE | field HALF | monastery|castle|cemetery]",
       "GCC: the meeple the ghost goes to (C.3)", true,
       [](Table& t, Args, Line l) { return t.RunGameCommand(l); }},
      {"first", "first N", "GCC: the finished feature that scores first (AMB-29)", true,
       [](Table& t, Args, Line l) { return t.RunGameCommand(l); }},
      {"pass", "pass", "no meeple this turn", true,
       [](Table& t, Args, Line l) { return t.RunGameCommand(l); }},
      {"discard", "discard TILE", "the drawn tile fits nowhere: it leaves the game (A.3.5)", true,
       [](Table& t, Args, Line l) { return t.RunGameCommand(l); }},
      {"end", "end", "final scoring now (it also happens by itself after the last tile)", true,
       [](Table& t, Args, Line l) { return t.RunGameCommand(l); }},
      {"board", "board [X,Y R]",
       "draw the board with coordinates and meeples (fitted to the terminal; X,Y R: the cells "
       "within R of X,Y)",
       true, [](Table& t, Args a, Line) { return t.Board(a); }},
      {"status", "status [--json]",
       "scores by feature type, meeples left, whose turn (--json: the whole state)", true,
       [](Table& t, Args a, Line) { return t.Status_(a); }},
      {"score", "score", "the same as status (co-op: score N takes a finished feature's points)",
       true,
       [](Table& t, Args a, Line) { return t.Status_(a); }},
      {"where", "where TILE", "every legal place and rotation for a tile", true,
       [](Table& t, Args, Line l) { return t.Where(l); }},
      {"remaining", "remaining", "tiles left, by type", true,
       [](Table& t, Args, Line) { return t.Remaining(); }},
      {"explain", "explain X,Y DIR", "a feature: tiles, pennants, meeples, open ends, value",
       true, [](Table& t, Args a, Line) { return t.Explain(a); }},
      {"undo", "undo", "take back the last accepted command", true,
       [](Table& t, Args, Line) { return t.Undo(); }},
      {"tiles", "tiles [SET]", "the tiles of a set with a small picture of each", false,
       [](Table& t, Args a, Line) { return t.Tiles(a); }},
      {"new",
       "new base --players \"Anna:red,Ben:blue\" [--tiles winter] [--no-farmers] [--with gcc]",
       "start a new game", false, [](Table& t, Args, Line l) { return t.New(l); }},
      {"resume", "resume [ID]", "continue a logged session (the latest unfinished one)", false,
       [](Table& t, Args a, Line) { return t.ResumeCommand(a); }},
      {"sessions", "sessions [--player NAME] [--game G] [--since DATE] [--until DATE]",
       "the logged sessions: date, game, players, result, length", false,
       [](Table& t, Args, Line l) { return t.Review(l); }},
      {"show", "show ID", "a logged session: setup, scores by feature, winners, scoring events",
       false, [](Table& t, Args, Line l) { return t.Review(l); }},
      {"stats", "stats [--player NAME] [--game G]", "statistics across the logged sessions",
       false, [](Table& t, Args, Line l) { return t.Review(l); }},
      {"replay", "replay ID [N]", "step through a logged session: next, prev, goto N, stop",
       false, [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"next", "next", "replay mode: the next command", false,
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"prev", "prev", "replay mode: the previous command", false,
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"goto", "goto N", "replay mode: after command N (0: the start)", false,
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      {"stop", "stop", "leave replay mode, back to the open game", false,
       [](Table& t, Args a, Line) { return t.ReplayCommand(a); }},
      // The co-op game's own commands (cli/coop_table.h answers them while one is open).
      {"ghosts", "ghosts", "co-op: the ghost bank, every tile with ghosts, the worst next tile",
       true, CoopOnly},
      {"bury", "bury X,Y [road|city SIDE|castle] | bury COLOUR",
       "co-op: the meeple a closed cemetery takes (B.10.3)", true, CoopOnly},
      {"cemetery", "cemetery X,Y", "co-op: the open cemetery that takes the extra ghost (B.7.5)",
       true, CoopOnly},
      {"calm", "calm [N] X,Y [WHERE COUNT]...",
       "co-op: calm up to 3 ghosts from one tile instead of scoring (B.9.2), or for a hound",
       true, CoopOnly},
      {"hound", "hound X,Y [road|city SIDE|castle]",
       "co-op: the standing meeple the hound joins (B.11.3)", true, CoopOnly},
      {"done", "done", "co-op: the hound calms no more ghosts", true, CoopOnly},
      {"facedown", "facedown X,Y", "co-op: where the face-down tile goes (B.12.4)", true,
       CoopOnly},
      {"tile", "tile save NAME DESCRIPTION",
       "co-op and GCC: keep a described tile under a name", true,
       [](Table& t, Args a, Line l) {
         if (!t.game() || !t.game()->gcc()) return CoopOnly(t, a, l);
         return t.SaveTileCommand(l);
       }},
      {"help", "help [COMMAND]", "this list, or one command", false,
       [](Table& t, Args a, Line) { return t.Help(a); }},
      {"quit", "quit", "leave; the game stays in the log (carcref resume)", false,
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
  current_line_ = line;
  std::vector<std::string> words = Words(line);
  if (words.empty()) return true;  // blank or a comment
  std::string name = Lower(words[0]);
  if (replay_ || coop_replay_ || match_replay_) {  // replay mode first (table_replay.cpp)
    if (name == "exit") name = "quit";
    if (std::optional<bool> done = ReplayIntercept(name, words)) return *done;
  }
  // A game behind the GameRules interface answers its own lines (table_match.cpp).
  if (match_) {
    std::string match_name = name == "?" ? "help" : name;
    if (std::optional<bool> done = MatchIntercept(match_name, words, line)) return *done;
  }
  // A co-op game answers its own commands first (cli/coop_table.h).
  if (coop_) {
    std::string coop_name = name;
    if (words.size() == 1 && coop_->game().phase() == CoopPhase::kPlaceMeeple &&
        words[0].find_first_not_of("0123456789") == std::string::npos)
      coop_name = "meeple";
    if (std::optional<Status> done = coop_->Execute(coop_name, words, line))
      return done->ok() ? true : Refuse(*done);
  }
  // At the meeple prompt a bare number picks from the list: "2" is "meeple 2"; at the GCC
  // ghost and order prompts "2" is "ghost 2" and "first 2".
  if (words.size() == 1 && referee_ &&
      words[0].find_first_not_of("0123456789") == std::string::npos) {
    switch (referee_->game().phase()) {
      case Phase::kPlaceMeeple: return RunGameCommand("meeple " + words[0]);
      case Phase::kGhost: return RunGameCommand("ghost " + words[0]);
      case Phase::kOrder: return RunGameCommand("first " + words[0]);
      default: break;
    }
  }
  if (name == "exit") name = "quit";
  if (name == "?") name = "help";
  for (const Command& c : Commands()) {
    if (c.name != name) continue;
    if (c.needs_game && !referee_)
      return Refuse(Status::Illegal(
          coop_ ? "'" + c.name + "' is not part of the co-op game (try help)"
                : "no game yet: start one with new base --players \"Anna:red,Ben:blue\""));
    return c.run(*this, words, line);
  }
  std::string best;
  size_t best_d = 3;
  for (const Command& c : Commands()) {
    // Suggest only what could be meant here: no co-op, GCC or replay-mode commands outside them.
    if ((c.help.rfind("co-op:", 0) == 0 && !coop_) ||
        (c.help.rfind("GCC:", 0) == 0 && !(referee_ && referee_->game().gcc())) ||
        (c.help.rfind("replay mode:", 0) == 0 && !replay_ && !coop_replay_ && !match_replay_))
      continue;
    size_t d = Distance(name, c.name);
    if (d < best_d) {
      best_d = d;
      best = c.name;
    }
  }
  return Refuse(Status::Syntax("unknown command '" + words[0] + "'" +
                               (best.empty() ? std::string(" (try help)")
                                             : "; did you mean " + best + "?")));
}

std::string Table::Prompt() const {
  if (replay_ || coop_replay_ || match_replay_) return ReplayPrompt();
  if (match_) return MatchPrompt();
  if (coop_) return coop_->Prompt();
  if (!referee_) return "carcref> ";
  const Game& g = referee_->game();
  std::string name = Lower(g.setup().players[g.current_player()].name);
  switch (g.phase()) {
    case Phase::kPlaceTile: return name + " · tile> ";
    case Phase::kPlaceMeeple: return name + " · meeple> ";
    case Phase::kGhost: return name + " · ghost> ";
    case Phase::kOrder: return name + " · first> ";
    case Phase::kGameOver: return "game over> ";
  }
  return "> ";
}

std::vector<std::string> Table::CompletionWords() const {
  std::vector<std::string> out;
  for (const Command& c : Commands()) out.push_back(c.name);
  for (const char* w : {"road", "city", "field", "monastery", "at"}) out.push_back(w);
  if (referee_ && referee_->game().gcc()) {
    for (const char* w : {"castle", "cemetery", "guard"}) out.push_back(w);
    for (const auto& [name, description] : referee_->saved()) out.push_back(name);
  }
  if (referee_)
    for (const TilePtr& t : referee_->game().setup().catalog.tiles) out.push_back(t->id);
  if (match_) {
    for (const CommandSpec& c : match_->definition().commands) out.push_back(c.name);
    for (const auto& [name, description] : match_->start().saved) out.push_back(name);
  }
  return out;
}

Status Table::StartGame(GameSetup setup, std::vector<CatalogSource> sources, bool log_it,
                        SavedTiles saved, const std::string& box_text) {
  Result<Referee> referee = Referee::Start(setup, saved);
  if (!referee.ok()) return referee.status();
  std::int64_t id = 0;
  if (log_it && log_) {
    std::string extra;
    for (const std::string& s : setup.tile_sets)
      if (s != "base") extra = s;
    Result<std::int64_t> created =
        log_->CreateSession(setup.gcc ? "gcc" : setup.game, OptionsJson(setup, extra), PlayersText(setup));
    if (!created.ok()) return created.status();
    id = *created;
    for (const CatalogSource& src : sources) {
      Status s = log_->AddSessionTile(id, src.set, src.text);
      if (!s.ok()) return s;
    }
    if (setup.gcc) {  // replay never depends on a file that changed
      Status s = log_->AddSessionTile(id, kMistsBoxRecord, box_text);
      for (const auto& [name, description] : saved)
        if (s.ok()) s = log_->AddSessionTile(id, SavedTileRecord(name), description);
      if (!s.ok()) return s;
    }
  }
  referee_.emplace(std::move(referee.value()));
  match_.reset();
  sources_ = std::move(sources);
  session_id_ = id;
  return Status::Ok();
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
      if (given) return Status::Illegal(std::string(name) + " belongs to the Mists game (--game mists)");
  if (mists)
    for (const auto& [given, name] : base_only)
      if (given) return Status::Illegal(std::string(name) + " belongs to the base game, not to --game mists");
  if (!mists && !gcc) {
    if (o.only_scorers_pay || o.castle_counts_itself)
      return Status::Illegal(std::string(o.only_scorers_pay ? "--only-scorers-pay" : "--castle-counts-itself") +
                             " belongs to Ghosts, Castles and Cemeteries (--with gcc)");
    if (!o.start.empty())
      return Status::Illegal("--start describes the Mists start tile: use it with --game mists or --with gcc");
  }
  return Status::Ok();
}

}  // namespace

Status Table::NewGame(const NewGameOptions& options) {
  if (const GameDefinition* game = FindGame(options.game)) {
    // The legacy games' flags are refused by name here too.
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
    for (const auto& [given, name] : legacy)
      if (given) {
        OptionValues ignored;
        Status s = ReadGameOptions(game->name, {name}, &ignored);
        if (!s.ok()) return s;
      }
    return NewMatch(*game, options.players, options.rules_options);
  }
  if (!options.rules_options.empty()) {
    OptionValues ignored;
    Status s = ReadGameOptions(options.game, {options.rules_options.begin()->first}, &ignored);
    if (!s.ok()) return s;
  }
  Status fits = CheckOptionsFitGame(options);
  if (!fits.ok()) return fits;
  if (options.game == "mists") {
    CoopOptions coop;
    coop.level = options.level;
    coop.players = options.players;
    coop.start = options.start;
    coop.rules.meeples_on_misty_roads = !options.no_misty_meeples;
    coop.rules.facedown_orthogonal = options.facedown_orthogonal;
    coop.rules.meeples_on_fields = options.meeples_on_fields;
    coop.rules.no_burying_hounds = options.no_burying_hounds;
    coop.rules.unplaceable_loses = options.unplaceable_loses;
    Result<std::unique_ptr<CoopTable>> started = CoopTable::Start(coop, log_, out_);
    if (!started.ok()) return started.status();
    coop_ = std::move(started.value());
    referee_.reset();
    match_.reset();
    session_id_ = coop_->session_id();
    return Status::Ok();
  }
  if (options.game != "base" && options.game != "gcc") {
    std::string games = "base (with gcc: --with gcc), mists";
    for (const GameDefinition& g : GameDefinitions()) games += ", " + g.name;
    return Status::NotFound("unknown game '" + options.game + "': the games are " + games);
  }
  bool gcc = options.game == "gcc" || Lower(options.with) == "gcc";
  if (!options.with.empty() && Lower(options.with) != "gcc")
    return Status::NotFound("unknown expansion '" + options.with +
                            "': --with gcc (Ghosts, Castles and Cemeteries) is the one there is");
  Result<std::vector<PlayerSpec>> players = ParsePlayers(options.players);
  if (!players.ok()) return players.status();
  std::string set = options.tiles.empty() ? "base" : Lower(options.tiles);
  Result<std::vector<CatalogSource>> sources = ReadTileSet(set);
  if (!sources.ok()) return sources.status();
  Result<Catalog> catalog = BuildCatalog(*sources);
  if (!catalog.ok()) return catalog.status();
  GameSetup setup;
  setup.game = options.game;
  setup.players = *players;
  setup.farmers = !options.no_farmers;
  setup.tile_sets.clear();
  for (const CatalogSource& s : *sources) setup.tile_sets.push_back(s.set);
  setup.catalog = std::move(catalog.value());
  setup.game = "base";
  SavedTiles saved;
  std::string box_text;
  if (gcc) {
    Status added = AddGcc(options, setup, &saved, &box_text);
    if (!added.ok()) return added;
  }
  Status s = StartGame(std::move(setup), std::move(sources.value()), true, std::move(saved),
                       box_text);
  if (!s.ok()) return s;
  const Game& g = referee_->game();
  out_ << "game " << session_id_ << " · base game" << (set == "winter" ? " with the Winter tiles" : "")
       << (g.gcc() ? " · Ghosts, Castles and Cemeteries" : "")
       << (g.setup().farmers ? "" : " · no farmers") << " · " << g.RemainingTotal()
       << " tiles in the bag · "
       << (g.gcc() ? std::string("the 2×2 start tile on 0,0 to 1,1")
                   : "start tile " + g.board().tile(0).type->id + " at 0,0")
       << "\n";
  if (g.gcc())
    out_ << "each player: " << kGccRegulars << " meeples and " << kGccGuards
         << " guards; general supply " << kGccGeneralGuards << " guards per colour; bank "
         << g.bank() << " ghosts\n";
  out_ << FormatAwaiting(g) << "\n";
  return Status::Ok();
}

Status Table::Resume(std::optional<std::int64_t> id) {
  if (!log_) return Status::IOError("no database to resume from");
  if (!id) {
    Result<std::optional<std::int64_t>> latest = log_->LatestUnfinished();
    if (!latest.ok()) return latest.status();
    if (!*latest) return Status::NotFound("no unfinished session to resume (see carcref sessions)");
    id = **latest;
  }
  Result<SessionRecord> loaded = log_->LoadSession(*id);
  if (!loaded.ok()) return loaded.status();
  if (SessionGame(*loaded)) return ResumeMatch(*loaded);
  if (loaded->game == "mists") {
    Result<std::unique_ptr<CoopTable>> resumed = CoopTable::Resume(*loaded, log_, out_);
    if (!resumed.ok()) return Status::Corrupt(resumed.status().message() + " — not resuming");
    coop_ = std::move(resumed.value());
    referee_.reset();
    match_.reset();
    session_id_ = *id;
    return Status::Ok();
  }
  std::vector<CatalogSource> sources;
  Result<GameSetup> setup = SetupFromLog(*loaded, &sources, nullptr);
  if (!setup.ok()) return setup.status();
  Result<Referee> replayed = ReplayLog(*loaded);
  if (!replayed.ok())
    return Status::Corrupt(replayed.status().message() + " — not resuming");
  Referee r = std::move(replayed.value());
  referee_.emplace(std::move(r));
  match_.reset();
  sources_ = std::move(sources);
  session_id_ = *id;
  const Game& g = referee_->game();
  size_t done = referee_->commands().size();
  out_ << "resumed game " << session_id_ << " after " << done
       << (done == 1 ? " command · " : " commands · ") << g.RemainingTotal() << " tiles left\n";
  out_ << FormatScores(g);
  out_ << FormatAwaiting(g) << "\n";
  if (g.phase() == Phase::kPlaceMeeple) out_ << FormatMeepleOptions(g) << "\n";
  PrintChoice();
  return Status::Ok();
}

bool Table::RunGameCommand(const std::string& line) {
  Result<Outcome> outcome = referee_->Execute(line);
  if (!outcome.ok()) return Refuse(outcome.status());
  // A redundant answer (NOTATION.md) changed nothing: nothing to log; its note is printed.
  if (log_ && session_id_ > 0 && !outcome->redundant) {
    std::vector<EventRecord> events;
    for (const ScoreEvent& e : outcome->events)
      events.push_back({std::string(FeatureKindName(e.kind)), EventJson(referee_->game(), e)});
    // Durable before anything is shown (DESIGN.md): if the log refuses, so do we.
    Result<std::int64_t> seq =
        log_->AppendCommand(session_id_, line, HashHex(referee_->game().Hash()), events);
    if (!seq.ok()) {
      MustSucceed(referee_->Undo().status());  // the command just applied
      return Refuse(Status::IOError("the command was not applied: the log failed: " +
                                    seq.status().message()));
    }
    if (outcome->game_over) {
      Status s = log_->SetStatus(session_id_, "finished", GameJson(referee_->game(), "finished", {}));
      if (!s.ok()) return Refuse(s);
    }
  }
  AfterGameCommand(*outcome, line);
  return true;
}

void Table::AfterGameCommand(const Outcome& outcome, const std::string& line) {
  const Game& g = referee_->game();
  if (outcome.placed_tile) {
    // The placed tile is the last on the board.
    out_ << "  " << FormatPlacement(g, g.board().size() - 1) << "\n";
    PrintNotes(outcome.notes);  // GCC: the ghosts come before the meeple (C.3, C.4)
    bool said_meeple = line.find("meeple") != std::string::npos ||
                       Lower(line).find(" pass") != std::string::npos;
    bool awaits = g.phase() == Phase::kPlaceMeeple || g.phase() == Phase::kGhost;
    if (!awaits && !said_meeple) {
      int players = static_cast<int>(g.setup().players.size());
      int mover = g.phase() == Phase::kOrder ? g.current_player()
                                             : (g.current_player() + players - 1) % players;
      if (g.phase() == Phase::kGameOver) mover = -1;
      if (mover >= 0 && g.Supply(mover) == 0)
        out_ << "  no meeple: " << g.setup().players[mover].name << " has none left\n";
      else
        out_ << "  no meeple: every feature of this tile is taken\n";
    }
  } else {
    PrintNotes(outcome.notes);
  }
  if (outcome.meeple_placed) {
    const Meeple& m = outcome.meeple;
    const PlacedTile& t = g.board().tile(m.tile);
    out_ << "  " << g.setup().players[m.player].name << " puts a " << (m.guard ? "guard" : "meeple")
         << " on the " << DescribeSegment(*t.type, m.segment, t.quarters) << " at "
         << CellName(t.cell) << "\n";
  }
  for (const ScoreEvent& e : outcome.events) out_ << "  " << FormatEvent(g, e) << "\n";
  if (outcome.game_over) {
    out_ << FormatFinal(g);
    return;
  }
  PrintChoice();
  if (g.phase() == Phase::kPlaceMeeple) out_ << "  " << FormatMeepleOptions(g) << "\n";
  else if (!outcome.placed_tile && Lower(line).rfind("discard", 0) == 0)
    out_ << "  discarded; " << g.setup().players[g.current_player()].name
         << " draws again\n";
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
    return Refuse(Status::NotFound("no command '" + args[1] + "' (type help for the list)"));
  }
  for (const Command& c : Commands()) {
    std::string usage = c.usage.size() > 44 ? c.name + " ..." : c.usage;
    out_ << "  " << usage << std::string(46 - std::min<size_t>(usage.size(), 45), ' ') << c.help
         << "\n";
  }
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
        if (end == std::string::npos) return Refuse(Status::Syntax("the player list has no closing quote"));
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
        return Refuse(Status::Syntax("--start takes the four quarters in quotes: --start \"ffff "
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
        if (o.name == w && !o.value_name.empty() && j + 1 < words.size()) extra.push_back(words[++j]);
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

bool Table::Board(const std::vector<std::string>& args) {
  BoardView view{TerminalColumns(), std::nullopt, 0};
  if (Status s = ParseBoardView(args, &view); !s.ok()) return Refuse(s);
  out_ << RenderBoard(referee_->game(), color_, view);
  return true;
}

bool Table::Status_(const std::vector<std::string>& args) {
  if (args.size() > 1 && args[1] == "--json") {
    out_ << BaseStateJson(*referee_) << "\n";
    return true;
  }
  const Game& g = referee_->game();
  out_ << FormatScores(g);
  if (g.gcc()) out_ << FormatGccStatus(g);
  out_ << FormatAwaiting(g) << "\n";
  if (g.phase() == Phase::kPlaceMeeple) out_ << FormatMeepleOptions(g) << "\n";
  PrintChoice();
  return true;
}

bool Table::Where(const std::string& line) {
  // The tile is the rest of the line, so a long form {…} with spaces works too.
  std::string token = line.substr(line.find_first_not_of(" \t"));
  token = token.substr(std::min(token.size(), token.find_first_of(" \t")));
  if (token.find('#') != std::string::npos && token.find('{') == std::string::npos)
    token = token.substr(0, token.find('#'));
  token.erase(0, token.find_first_not_of(" \t"));
  token.erase(token.find_last_not_of(" \t") + 1);
  if (token.empty()) return Refuse(Status::Syntax("usage: where TILE (e.g. where D)"));
  const Game& g = referee_->game();
  Result<ResolvedTile> tile = ResolveTile(g, token, &referee_->saved());
  if (!tile.ok()) return Refuse(tile.status());
  std::vector<Placement> places = g.board().LegalPlacements(*tile->tile);
  if (tile->tile->id.empty()) {  // GCC: a Mists tile typed as it lies
    std::vector<Cell> as_is;
    for (const Placement& p : places)
      if (p.quarters == 0) as_is.push_back(p.cell);
    std::string fits, turned;
    for (const Placement& p : places) {
      if (p.quarters == 0) {
        fits += " " + CellName(p.cell);
        MistContact contact = g.MistContactAt(*tile->tile, p.cell, 0);  // GCC: its ghosts
        if (contact.thickens || contact.disperses)
          fits += std::string(" (") + (contact.thickens ? "thickens" : "") +
                  (contact.thickens && contact.disperses ? ", " : "") +
                  (contact.disperses ? "disperses" : "") + ")";
      } else if (std::find(as_is.begin(), as_is.end(), p.cell) == as_is.end()) {
        turned += " " + CellName(p.cell) + " (" + std::to_string(p.quarters * 90) + ")";
      }
    }
    if (places.empty()) {
      out_ << "it fits nowhere: discard it (discard " << token << ")\n";
      return true;
    }
    out_ << "as it lies, it fits at" << (fits.empty() ? " no cell" : fits) << "\n";
    if (!turned.empty())
      out_ << "turned clockwise, it would fit at" << turned
           << " (describe it as it lies then)\n";
    return true;
  }
  if (places.empty()) {
    out_ << tile->tile->id << " fits nowhere: discard it (discard " << tile->tile->id << ")\n";
    return true;
  }
  out_ << tile->tile->id << " fits in " << places.size()
       << (places.size() == 1 ? " way:\n" : " ways:\n");
  std::string row;
  for (const Placement& p : places) {
    std::string item = CellName(p.cell) + " " + std::to_string(p.quarters * 90);
    if (row.size() + item.size() > 76) {
      out_ << "  " << row << "\n";
      row.clear();
    }
    row += (row.empty() ? "" : " · ") + item;
  }
  if (!row.empty()) out_ << "  " << row << "\n";
  return true;
}

bool Table::Remaining() {
  const Game& g = referee_->game();
  std::function<int(const TileType&)> left = [&g](const TileType& t) { return g.Remaining(t); };
  out_ << RenderTileList(g.setup().catalog.tiles, &left);
  if (g.box()) out_ << "Mists tiles: " << g.box()->Describe() << "\n";
  out_ << g.RemainingTotal() << " tiles left\n";
  return true;
}

bool Table::Explain(const std::vector<std::string>& args) {
  if (args.size() != 3)
    return Refuse(Status::Syntax("usage: explain X,Y DIR (e.g. explain 1,0 N, explain 0,0 EL)"));
  auto cell = ParseCell(args[1]);
  if (!cell) return Refuse(Status::Syntax("expected a cell X,Y, got '" + args[1] + "'"));
  const Game& g = referee_->game();
  Result<NodeId> node = FeatureAt(g, *cell, args[2]);
  if (!node.ok()) return Refuse(node.status());
  out_ << FormatReport(g, carcref::Explain(g, *node));
  return true;
}

bool Table::Undo() {
  Result<std::string> undone = referee_->Undo();
  if (!undone.ok()) return Refuse(undone.status());
  if (log_ && session_id_ > 0) {
    Result<std::int64_t> marked = log_->MarkLastUndone(session_id_);
    if (!marked.ok()) {
      // Put the command back so the game and the log agree.
      MustSucceed(referee_->Execute(*undone).status());
      return Refuse(marked.status());
    }
    if (referee_->game().phase() != Phase::kGameOver)
      if (Status s = log_->SetStatus(session_id_, "active", ""); !s.ok()) return Refuse(s);
  }
  out_ << "undone: " << *undone << "\n" << FormatAwaiting(referee_->game()) << "\n";
  if (referee_->game().phase() == Phase::kPlaceMeeple)
    out_ << FormatMeepleOptions(referee_->game()) << "\n";
  PrintChoice();
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
  std::int64_t previous = referee_ && referee_->game().phase() != Phase::kGameOver ? session_id_ : 0;
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
  if (coop_) return coop_->over();
  return referee_ && referee_->game().phase() == Phase::kGameOver;
}

std::string Table::ResultJson(const std::string& status,
                              const std::vector<std::string>& errors) const {
  if (match_) return MatchResultJson(*match_, status, errors, true);
  if (referee_) return GameJson(referee_->game(), status, errors);
  if (!coop_) return "{\"status\":" + JsonString(status) + ",\"players\":[]}";
  const CoopGame& g = coop_->game();
  JsonWriter w;
  w.BeginObject().Value("status", status).Value("game", "mists").Value("level", g.level().level);
  if (coop_->over())
    w.Value("outcome", g.phase() == CoopPhase::kWon ? "won" : "lost").Value("cause", g.outcome());
  w.Value("score", g.score()).Value("bank", g.bank()).Value("ghosts_on_board", g.GhostsOnBoard());
  w.BeginArray("players");
  for (size_t c = 0; c < g.colours().size(); ++c)
    w.BeginObject()
        .Value("name", g.setup().players[static_cast<size_t>(g.ColourOwner(static_cast<int>(c)))].name)
        .Value("color", g.colours()[c])
        .Value("score", g.level().per_colour ? g.colour_scores()[c] : g.score())
        .BeginObject("breakdown")
        .EndObject()
        .EndObject();
  w.EndArray().BeginArray("errors");
  for (const std::string& e : errors) w.Value("", e);
  w.EndArray().EndObject();
  return w.str();
}

}  // namespace carcref
