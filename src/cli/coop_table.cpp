#include "cli/coop_table.h"

#include <algorithm>
#include <cctype>
#include <ostream>
#include <set>
#include <sstream>
#include <yaml-cpp/yaml.h>

#include "cli/data_files.h"
#include "carcref/json.h"
#include "cli/render.h"
#include "cli/session_replay.h"
#include "cli/state_json.h"

namespace carcref {

namespace {

const std::array<const char*, 4> kQuarterNames = {"NW", "NE", "SW", "SE"};
constexpr const char* kBoxTile = kMistsBoxRecord;

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string Plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string PlayersText(const CoopSetup& s) {
  std::string out;
  for (const CoopPlayer& p : s.players) {
    out += (out.empty() ? "" : ",") + p.name + ":";
    for (size_t i = 0; i < p.colours.size(); ++i) out += (i ? "/" : "") + p.colours[i];
  }
  return out;
}

std::string OptionsJson(const CoopSetup& s, const std::vector<std::string>& start) {
  JsonWriter w;
  w.BeginObject().Value("game", "mists").Value("level", s.level);
  w.Value("meeples_on_misty_roads", s.options.meeples_on_misty_roads)
      .Value("facedown_orthogonal", s.options.facedown_orthogonal)
      .Value("meeples_on_fields", s.options.meeples_on_fields)
      .Value("no_burying_hounds", s.options.no_burying_hounds)
      .Value("unplaceable_loses", s.options.unplaceable_loses);
  w.BeginArray("players");
  for (const CoopPlayer& p : s.players) {
    w.BeginObject().Value("name", p.name).BeginArray("colours");
    for (const std::string& c : p.colours) w.Value("", c);
    w.EndArray().EndObject();
  }
  w.EndArray().BeginArray("start");
  for (const std::string& q : start) w.Value("", q);
  w.EndArray().EndObject();
  return w.str();
}

// The shape review reads for every game (cli/archive.h): kind, reason, points per name; the
// team's shared score is credited to "team", level 6's to each colour.
std::string EventJson(const CoopGame& g, const CoopEvent& e) {
  static const char* kKinds[] = {"score", "calm",     "mist", "ghosts", "burial",   "hound",
                                 "piles", "facedown", "won",  "lost",   "redundant"};
  JsonWriter w;
  w.BeginObject()
      .Value("kind", kKinds[static_cast<int>(e.kind)])
      .Value("turn", e.turn)
      .Value("reason", e.text)
      .Value("ghosts", e.ghosts);
  w.BeginObject("points");
  if (e.points) {
    if (g.level().per_colour) {
      for (int c : e.colours) w.Value(g.colours()[static_cast<size_t>(c)], e.points);
    } else {
      w.Value("team", e.points * static_cast<int>(std::max<size_t>(1, e.colours.size())));
    }
  }
  w.EndObject().EndObject();
  return w.str();
}

Result<CoopSetup> BuildSetup(int level, std::vector<CoopPlayer> players,
                             const std::vector<std::string>& start, const MistsOptions& rules,
                             const std::map<std::string, std::string>& saved, DescribedSet box) {
  CoopSetup setup;
  setup.box = std::move(box);
  setup.level = level;
  setup.players = std::move(players);
  setup.options = rules;
  Result<std::vector<TilePtr>> quarters = ParseStartQuarters(start, saved);
  if (!quarters.ok()) return quarters.status();
  setup.start = std::move(quarters.value());
  return setup;
}

}  // namespace

Result<std::vector<TilePtr>> ParseStartQuarters(const std::vector<std::string>& start,
                                                const std::map<std::string, std::string>& saved) {
  if (start.size() != 4)
    return Status::Syntax("describe the start tile as its four quarters as they lie, NW NE SW "
                          "SE, e.g. --start \"ffff ffff ffFf2 ffFf1\"");
  std::vector<TilePtr> out;
  for (size_t q = 0; q < 4; ++q) {
    Result<TilePtr> tile = ParseCoopTile(start[q], saved);
    if (!tile.ok())
      return Status::Syntax("start tile " + std::string(kQuarterNames[q]) + " quarter: " +
                            tile.status().message());
    out.push_back(*tile);
  }
  return out;
}

Result<std::vector<std::string>> StartQuarters(const std::string& given,
                                               const std::map<std::string, std::string>& saved) {
  std::vector<std::string> start;
  if (!given.empty()) {
    std::stringstream in(given);
    std::string q;
    while (in >> q) start.push_back(q);
    return start;
  }
  for (const char* q : kQuarterNames) {
    auto found = FindSavedTile(saved, std::string("start-") + q);
    if (!found)
      return Status::NotFound("describe the start tile once, as its four quarters as they "
                              "lie: --start \"NW NE SW SE\" (e.g. \"ffff ffff ffFf2 ffFf1\")");
    start.push_back(*found);
  }
  return start;
}

Status RememberStart(const std::vector<std::string>& start, const SessionLog* log,
                     std::ostream& out) {
  // A game logged in memory keeps nothing, the saved tiles included.
  if (log && log->path() == ":memory:") return Status::Ok();
  for (size_t q = 0; q < 4 && q < start.size(); ++q) {
    Status s = carcref::SaveTile(std::string("start-") + kQuarterNames[q], start[q]);
    if (!s.ok() && s.code() != Status::Code::kIllegal) return s;
    if (!s.ok()) {  // a different start tile was saved before: replace it only in memory
      out << "(the saved start tile differs; this game uses the one given)\n";
      break;
    }
  }
  return Status::Ok();
}

Result<std::vector<CoopPlayer>> ParseCoopPlayers(const std::string& text) {
  std::vector<CoopPlayer> players;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (item.empty()) continue;
    CoopPlayer p;
    auto colon = item.find(':');
    p.name = item.substr(0, colon);
    if (colon != std::string::npos) {
      std::stringstream colours(item.substr(colon + 1));
      std::string c;
      while (std::getline(colours, c, '/'))
        if (!c.empty()) p.colours.push_back(Lower(c));
    }
    if (p.name.empty()) return Status::Syntax("a player needs a name: \"Anna:red,Ben:blue\"");
    players.push_back(p);
  }
  if (players.empty()) return Status::Syntax("name the players: --players \"Anna:red,Ben:blue\"");
  Status s = CompleteCoopPlayers(players);
  if (!s.ok()) return s;
  return players;
}

Result<std::unique_ptr<CoopTable>> CoopTable::Start(const CoopOptions& options, SessionLog* log,
                                                    std::ostream& out) {
  Result<std::vector<CoopPlayer>> players = ParseCoopPlayers(options.players);
  if (!players.ok()) return players.status();
  Result<std::map<std::string, std::string>> saved = ReadSavedTiles();
  if (!saved.ok()) return saved.status();
  // B.1.4: the start tile is described once and remembered.
  Result<std::vector<std::string>> quarters = StartQuarters(options.start, *saved);
  if (!quarters.ok()) return quarters.status();
  std::vector<std::string> start = std::move(quarters.value());
  bool given = !options.start.empty();
  std::string box_text;
  Result<DescribedSet> box = ReadDescribedSet("mists", &box_text);
  if (!box.ok()) return box.status();
  Result<CoopSetup> setup =
      BuildSetup(options.level, *players, start, options.rules, *saved, *box);
  if (!setup.ok()) return setup.status();
  Result<CoopReferee> referee = CoopReferee::Start(*setup, *saved);
  if (!referee.ok()) return referee.status();
  if (given) {
    Status s = RememberStart(start, log, out);
    if (!s.ok()) return s;
  }
  std::unique_ptr<CoopTable> table(new CoopTable(std::move(referee.value()), log, out));
  if (log) {
    Result<std::int64_t> id =
        log->CreateSession("mists", OptionsJson(*setup, start), PlayersText(*setup));
    if (!id.ok()) return id.status();
    table->session_id_ = *id;
    Status stored = log->AddSessionTile(*id, kBoxTile, box_text);
    if (!stored.ok()) return stored;
    for (const auto& [name, description] : *saved) {
      Status s = log->AddSessionTile(*id, name, description);
      if (!s.ok()) return s;
    }
  }
  const CoopGame& g = table->game();
  out << "game " << table->session_id_ << " · Mists over Carcassonne, level " << g.level().level
      << " · goal " << g.level().goal << " · " << g.level().tiles << " tiles"
      << (g.level().piles > 1 ? " in 3 piles of 20" : "") << " · bank " << g.bank() << " of "
      << g.level().bank << " ghosts (" << g.GhostsOnBoard() << " on the start tile)\n";
  for (size_t c = 0; c < g.colours().size(); ++c)
    out << (c ? ", " : "colours: ") << g.colours()[c] << " ("
        << g.setup().players[static_cast<size_t>(g.ColourOwner(static_cast<int>(c)))].name
        << ", " << g.Supply(static_cast<int>(c)) << " meeples)";
  out << "\n" << table->Awaiting() << "\n";
  return table;
}

Result<CoopReferee> ReplayCoopLog(const SessionRecord& session, std::optional<size_t> upto) {
  std::string where = "session " + std::to_string(session.id);
  std::map<std::string, std::string> saved;
  std::string box_text;
  for (const TileRecord& t : session.tiles) {
    if (t.name == kBoxTile)
      box_text = t.definition;
    else
      saved[t.name] = t.definition;
  }
  Result<DescribedSet> box = ParseDescribedSet(box_text, where + ":mists.yaml");
  if (!box.ok()) return Status::Corrupt(box.status().message());
  int level = 1;
  std::vector<CoopPlayer> players;
  std::vector<std::string> start;
  MistsOptions rules;
  try {
    YAML::Node o = YAML::Load(session.options);
    level = o["level"].as<int>();
    rules.meeples_on_misty_roads = o["meeples_on_misty_roads"].as<bool>();
    rules.facedown_orthogonal = o["facedown_orthogonal"].as<bool>();
    // Options added later: absent in older logs, which played the defaults.
    rules.meeples_on_fields = o["meeples_on_fields"].as<bool>(false);
    rules.no_burying_hounds = o["no_burying_hounds"].as<bool>(false);
    rules.unplaceable_loses = o["unplaceable_loses"].as<bool>(false);
    for (const YAML::Node& p : o["players"]) {
      CoopPlayer player{p["name"].as<std::string>(), {}};
      for (const YAML::Node& c : p["colours"]) player.colours.push_back(c.as<std::string>());
      players.push_back(player);
    }
    for (const YAML::Node& q : o["start"]) start.push_back(q.as<std::string>());
  } catch (const YAML::Exception& e) {
    return Status::Corrupt(where + ": its options cannot be read (" + e.msg + ")");
  }
  Result<CoopSetup> setup = BuildSetup(level, players, start, rules, saved, *box);
  if (!setup.ok()) return Status::Corrupt(where + ": " + setup.status().message());
  Result<CoopReferee> referee = CoopReferee::Start(*setup, saved);
  if (!referee.ok()) return Status::Corrupt(where + ": " + referee.status().message());
  CoopReferee r = std::move(referee.value());
  size_t replayed = 0;
  for (const CommandRecord& c : session.commands) {
    if (c.undone) continue;
    if (upto && replayed >= *upto) break;
    auto done = r.Execute(c.text);
    if (!done.ok())
      return Status::Corrupt(where + ", command " + std::to_string(c.seq) + " '" + c.text +
                             "' is refused on replay: " + done.status().message());
    if (HashHex(r.game().Hash()) != c.state_hash)
      return Status::Corrupt(where + ", command " + std::to_string(c.seq) + " '" + c.text +
                             "': the state after replay differs from the logged one");
    ++replayed;
  }
  return r;
}

Result<std::unique_ptr<CoopTable>> CoopTable::Resume(const SessionRecord& session,
                                                     SessionLog* log, std::ostream& out) {
  Result<CoopReferee> replayed = ReplayCoopLog(session);
  if (!replayed.ok()) return replayed.status();
  CoopReferee r = std::move(replayed.value());
  int level = r.game().level().level;
  std::unique_ptr<CoopTable> table(new CoopTable(std::move(r), log, out));
  table->session_id_ = session.id;
  out << "resumed game " << session.id << " (Mists, level " << level << ") after "
      << Plural(static_cast<int>(table->referee_.commands().size()), "command", "commands")
      << "\n";
  table->PrintStatus();
  out << table->Awaiting() << "\n";
  return table;
}

bool CoopTable::IsCoopCommand(const std::string& name) {
  static const std::set<std::string> kNames = {
      "place",  "discard", "meeple", "pass",      "bury",  "cemetery", "score",
      "calm",   "done",    "hound",  "facedown",  "board", "status",   "score",
      "ghosts", "undo",    "tile",   "remaining", "where", "end"};
  return kNames.count(name) > 0;
}

bool CoopTable::over() const {
  return game().phase() == CoopPhase::kWon || game().phase() == CoopPhase::kLost;
}

std::optional<Status> CoopTable::Execute(const std::string& name,
                                         const std::vector<std::string>& words,
                                         const std::string& line) {
  if (!IsCoopCommand(name)) return std::nullopt;
  if (name == "board") {
    PrintBoard(false);
    return Status::Ok();
  }
  if (name == "status" || (name == "score" && game().phase() != CoopPhase::kEvaluate)) {
    if (words.size() > 1 && words[1] == "--json") {
      out_ << CoopStateJson(referee_) << "\n";
      return Status::Ok();
    }
    PrintStatus();
    out_ << Awaiting() << "\n";
    return Status::Ok();
  }
  if (name == "ghosts") {
    PrintGhosts();
    return Status::Ok();
  }
  if (name == "remaining") {
    const CoopGame& g = game();
    for (size_t p = 0; p < g.piles().size(); ++p)
      out_ << (g.piles().size() > 1 ? "pile " + std::to_string(p + 1) : std::string("supply"))
           << ": " << g.piles()[p] << " tiles"
           << (static_cast<int>(p) == g.active_pile() ? " (active)" : "") << "\n";
    return Status::Ok();
  }
  if (name == "undo") return Undo();
  if (name == "where") {
    // The rest of the line is the tile as it would lie; where can it go?
    std::string token = line.substr(line.find_first_not_of(" \t"));
    token = token.substr(std::min(token.size(), token.find_first_of(" \t")));
    token.erase(0, token.find_first_not_of(" \t"));
    token.erase(token.find_last_not_of(" \t") + 1);
    if (token.empty()) return Status::Syntax("usage: where DESCRIPTION (as the tile lies)");
    Result<TilePtr> tile = ParseCoopTile(token, referee_.saved());
    if (!tile.ok()) return tile.status();
    std::string as_is, turned;
    for (const Placement& p : game().board().LegalPlacements(**tile)) {
      if (p.quarters == 0)
        as_is += " " + CellName(p.cell);
      else
        turned += " " + CellName(p.cell) + " (turned " + std::to_string(p.quarters * 90) + ")";
    }
    out_ << (as_is.empty() ? "as described it fits nowhere" : "as described it fits at" + as_is)
         << "\n";
    if (!turned.empty()) out_ << "turned, it would fit at" << turned << "\n";
    if (as_is.empty() && turned.empty()) out_ << "it fits nowhere: discard it\n";
    return Status::Ok();
  }
  if (name == "tile") {
    if (words.size() < 2 || Lower(words[1]) != "save")
      return Status::Syntax("usage: tile save NAME DESCRIPTION");
    return SaveTile(line);
  }
  return RunGameCommand(line);
}

Status CoopTable::RunGameCommand(const std::string& line) {
  // "2" at the meeple prompt is "meeple 2".
  std::string text = line;
  if (game().phase() == CoopPhase::kPlaceMeeple &&
      line.find_first_not_of("0123456789 \t") == std::string::npos)
    text = "meeple " + line;
  size_t meeples_before = game().meeples().size();
  auto events = referee_.Execute(text);  // after a win or a loss, only a redundant answer
  if (!events.ok()) return events.status();
  if (events->size() == 1 && events->front().kind == CoopEvent::Kind::kRedundant) {
    // An answer the rules had taken (NOTATION.md): nothing changed, nothing to log.
    out_ << "  " << events->front().text << "\n";
    if (!over()) out_ << Awaiting() << "\n";
    return Status::Ok();
  }
  if (log_ && session_id_ > 0) {
    std::vector<EventRecord> records;
    for (const CoopEvent& e : *events) records.push_back({"coop", EventJson(game(), e)});
    // Durable before it is shown (DESIGN.md).
    Result<std::int64_t> seq =
        log_->AppendCommand(session_id_, text, HashHex(game().Hash()), records);
    if (!seq.ok()) {
      MustSucceed(referee_.Undo().status());  // the command just applied
      return Status::IOError("the command was not applied: the log failed: " +
                             seq.status().message());
    }
    if (over()) {
      Status s = log_->SetStatus(session_id_, "finished", ResultJson());
      if (!s.ok()) return s;
    }
  }
  if (Lower(text).rfind("place", 0) == 0 || Lower(text).rfind("facedown", 0) == 0) {
    // Confirm the placement in words (the last face-up tile placed).
    for (int t = game().board().size() - 1; t >= 0; --t) {
      const PlacedTile& p = game().board().tile(t);
      if (p.type->face_down) continue;
      if (Lower(text).rfind("place", 0) == 0)
        out_ << "  tile at " << CellName(p.cell) << ": " << DescribeTile(*p.type, 0) << "\n";
      break;
    }
  }
  if (Lower(text).rfind("meeple", 0) == 0) {
    // Confirm the meeple in words; one on a feature this tile finished is in the evaluation.
    if (game().meeples().size() > meeples_before) {
      const CoopMeeple& m = game().meeples().back();
      const PlacedTile& p = game().board().tile(m.tile);
      out_ << "  " << game().colours()[static_cast<size_t>(m.colour)] << " meeple on the "
           << DescribeSegment(*p.type, m.segment, p.quarters) << " at " << CellName(p.cell)
           << "\n";
    }
  }
  for (const CoopEvent& e : *events)
    if (e.kind != CoopEvent::Kind::kWon && e.kind != CoopEvent::Kind::kLost)
      out_ << "  " << e.text << "\n";
  out_ << Awaiting() << "\n";  // says won or lost, once
  return Status::Ok();
}

Status CoopTable::Undo() {
  Result<std::string> undone = referee_.Undo();
  if (!undone.ok()) return undone.status();
  if (log_ && session_id_ > 0) {
    Result<std::int64_t> marked = log_->MarkLastUndone(session_id_);
    if (!marked.ok()) {
      MustSucceed(referee_.Execute(*undone).status());
      return marked.status();
    }
    Status s = log_->SetStatus(session_id_, over() ? "finished" : "active", over() ? ResultJson() : "");
    if (!s.ok()) return s;
  }
  out_ << "undone: " << *undone << "\n" << Awaiting() << "\n";
  return Status::Ok();
}

Result<TileSaveLine> ParseTileSaveLine(const std::string& line) {
  std::istringstream in(line);
  std::string tile_word, save_word;
  TileSaveLine out;
  in >> tile_word >> save_word >> out.name;
  std::getline(in, out.description);
  out.description.erase(0, out.description.find_first_not_of(" \t"));
  out.description.erase(out.description.find_last_not_of(" \t") + 1);
  if (Lower(save_word) != "save" || out.name.empty() || out.description.empty())
    return Status::Syntax("usage: tile save NAME DESCRIPTION (e.g. tile save bridge fRfR1)");
  return out;
}

Status CoopTable::SaveTile(const std::string& line) {
  Result<TileSaveLine> parsed = ParseTileSaveLine(line);
  if (!parsed.ok()) return parsed.status();
  const std::string& name = parsed->name;
  const std::string& description = parsed->description;
  Result<TilePtr> tile = ParseCoopTile(description, {});
  if (!tile.ok()) return tile.status();
  Status s = carcref::SaveTile(name, description);
  if (!s.ok()) return s;
  referee_.AddSaved(name, description);
  if (log_ && session_id_ > 0) {
    Status logged = log_->AddSessionTile(session_id_, name, description);
    if (!logged.ok()) return logged;
  }
  out_ << "saved " << name << ": " << DescribeTile(**tile, 0) << "\n";
  return Status::Ok();
}

std::string CoopTable::Prompt() const {
  const CoopGame& g = game();
  std::string who = Lower(g.setup().players[static_cast<size_t>(g.current_player())].name);
  switch (g.phase()) {
    case CoopPhase::kPlaceTile: return who + " · tile> ";
    case CoopPhase::kPlaceMeeple: return who + " · meeple> ";
    case CoopPhase::kBury: return "team · bury> ";
    case CoopPhase::kCemeteryGhost: return "team · cemetery> ";
    case CoopPhase::kEvaluate: return "team · score or calm> ";
    case CoopPhase::kHound: return "team · hound> ";
    case CoopPhase::kHoundCalm: return "team · hound calms> ";
    case CoopPhase::kFaceDown: return "team · face-down> ";
    case CoopPhase::kWon: return "won> ";
    case CoopPhase::kLost: return "lost> ";
  }
  return "> ";
}

std::string CoopTable::Awaiting() const {
  const CoopGame& g = game();
  const Board& b = g.board();
  auto meeple_words = [&](int m) {
    const CoopMeeple& me = g.meeples()[static_cast<size_t>(m)];
    const PlacedTile& t = b.tile(me.tile);
    return g.colours()[static_cast<size_t>(me.colour)] + " at " + CellName(t.cell) + " (" +
           DescribeSegment(*t.type, me.segment, t.quarters) + ")";
  };
  std::string out;
  switch (g.phase()) {
    case CoopPhase::kPlaceTile: {
      const CoopPlayer& p = g.setup().players[static_cast<size_t>(g.current_player())];
      out = p.name + " to place a tile · score ";
      out += g.level().per_colour ? "per colour" : std::to_string(g.score());
      out += " of " + std::to_string(g.level().goal) + " · " +
             (g.piles().size() > 1 ? "pile " + std::to_string(g.active_pile() + 1) + ": "
                                   : std::string()) +
             Plural(g.piles()[static_cast<size_t>(g.active_pile())], "tile", "tiles") +
             " left · bank " + std::to_string(g.bank());
      return out;
    }
    case CoopPhase::kPlaceMeeple: {
      out = "meeple? ";
      std::vector<int> segs = g.MeepleSegments();
      const PlacedTile& t = b.tile(g.placed_tile_index());
      for (size_t i = 0; i < segs.size(); ++i)
        out += std::to_string(i + 1) + " " + DescribeSegment(*t.type, segs[i], 0) + " · ";
      out += "pass   (colours:";
      for (int c : g.PlayableColours())
        out += " " + g.colours()[static_cast<size_t>(c)] + " " + std::to_string(g.Supply(c));
      return out + ")";
    }
    case CoopPhase::kBury: {
      out = "a cemetery closed: bury a meeple (B.10.3):";
      std::vector<int> standing = g.BuryCandidates();
      if (standing.empty()) {
        out += " none stands on the board, so one from a supply: bury COLOUR";
      } else {
        std::string sep = " ";
        for (int m : standing) {
          out += sep + "bury " + meeple_words(m);
          sep = " · ";
        }
      }
      return out;
    }
    case CoopPhase::kCemeteryGhost: {
      out = "which open cemetery takes the extra ghost (B.7.5)?";
      std::string sep = " ";
      for (Cell c : g.OpenCemeteries()) {
        out += sep + "cemetery " + CellName(c);
        sep = " · ";
      }
      return out;
    }
    case CoopPhase::kEvaluate: {
      out = "finished (B.9.2): ";
      for (size_t i = 0; i < g.pending().size(); ++i) {
        const PendingFeature& f = g.pending()[i];
        std::string colours;
        for (int c : f.colours) colours += (colours.empty() ? "" : "+") + g.colours()[c];
        out += (i ? " · " : "") + std::to_string(i + 1) + " " + f.where + " worth " +
               std::to_string(f.value) + " for " + colours;
      }
      return out + " — score N, or calm N X,Y (up to 3 ghosts from one tile; " +
             Plural(g.GhostsOnBoard(), "ghost", "ghosts") + " on the board)";
    }
    case CoopPhase::kHound: {
      out = "hound " + std::to_string(g.hounds_reached()) +
            " reached: put it with a standing meeple (B.11.3) —";
      std::string sep = " ";
      for (int m : g.StandingMeeples()) {
        out += sep + "hound " + meeple_words(m);
        sep = " · ";
      }
      return out;
    }
    case CoopPhase::kHoundCalm:
      return "the hound may calm up to 3 ghosts on each of up to 2 tiles of its 3×3 block: "
             "calm X,Y … or done";
    case CoopPhase::kFaceDown: {
      out = "draw a tile unseen and put it face down next to an open cemetery (B.12.4):";
      for (Cell c : g.FaceDownCells()) out += " " + CellName(c);
      return out + " — facedown X,Y";
    }
    case CoopPhase::kWon: return "the team wins: " + g.outcome();
    case CoopPhase::kLost: return "the team loses: " + g.outcome();
  }
  return out;
}

void PrintCoopStatus(const CoopGame& g, std::ostream& out_) {
  const MistsLevel& l = g.level();
  if (l.per_colour) {
    for (size_t c = 0; c < g.colours().size(); ++c)
      out_ << "  " << g.colours()[c] << ": " << g.colour_scores()[c] << " of " << l.goal << "\n";
  } else {
    out_ << "score " << g.score() << " of " << l.goal;
    for (size_t h = 0; h < g.hounds().size(); ++h) {
      int at = h == 0 ? l.hound1 : l.hound2;
      if (!g.hounds()[h].done && g.hounds()[h].tile < 0)
        out_ << " · hound " << h + 1 << " at " << at << " (before pile " << h + 1
             << " runs out)";
    }
    out_ << "\n";
  }
  out_ << (g.piles().size() > 1 ? "pile " + std::to_string(g.active_pile() + 1) + " active: "
                                : std::string("supply: "))
       << Plural(g.piles()[static_cast<size_t>(g.active_pile())], "tile", "tiles") << " left"
       << " · " << Plural(g.TilesLeft(), "tile", "tiles") << " in all\n";
  out_ << "ghosts: " << g.GhostsOnBoard() << " on the board, " << g.bank() << " in the bank (of "
       << l.bank << ")\n";
  out_ << "meeples:";
  for (size_t c = 0; c < g.colours().size(); ++c)
    out_ << " " << g.colours()[c] << " " << g.Supply(static_cast<int>(c));
  out_ << "\n";
}

void PrintCoopGhosts(const CoopGame& g, std::ostream& out_) {
  out_ << "bank: " << g.bank() << " of " << g.level().bank << " ghosts\n";
  std::map<int, std::vector<std::pair<int, int>>> by_tile;
  for (const auto& [spot, count] : g.ghosts()) by_tile[spot.tile].push_back({spot.segment, count});
  if (by_tile.empty()) out_ << "no ghost on the board\n";
  for (const auto& [tile, spots] : by_tile) {
    const PlacedTile& t = g.board().tile(tile);
    int total = 0;
    std::string where;
    for (auto [segment, count] : spots) {
      total += count;
      where += (where.empty() ? "" : "; ") + std::to_string(count) + " on the " +
               DescribeSegment(*t.type, segment, t.quarters);
    }
    out_ << "  " << CellName(t.cell) << ": " << Plural(total, "ghost", "ghosts") << " (" << where
         << ")\n";
  }
  out_ << "worst next tile: " << g.WorstNextTile() << "\n";
}

void PrintCoopBoard(const CoopGame& g, bool color, std::ostream& out_) {
  std::vector<PlayerSpec> marks = CoopColourPlayers(g);
  std::vector<Meeple> meeples;
  for (const CoopMeeple& m : g.meeples()) meeples.push_back({m.colour, m.tile, m.segment});
  out_ << RenderBoard(g.board(), marks, meeples, g.placed_tile_index(), color,
                      BoardView{TerminalColumns(), std::nullopt, 0});
  PrintCoopGhosts(g, out_);
}

void CoopTable::PrintStatus() const { PrintCoopStatus(game(), out_); }
void CoopTable::PrintGhosts() const { PrintCoopGhosts(game(), out_); }
void CoopTable::PrintBoard(bool color) const { PrintCoopBoard(game(), color, out_); }

std::string CoopTable::ResultJson() const {
  const CoopGame& g = game();
  JsonWriter w;
  w.BeginObject()
      .Value("status", "finished")
      .Value("game", "mists")
      .Value("level", g.level().level)
      .Value("outcome", g.phase() == CoopPhase::kWon ? "won" : "lost")
      .Value("cause", g.outcome())
      .Value("at", static_cast<int>(referee_.commands().size()))
      .Value("turn", g.turn())
      .Value("score", g.score())
      .Value("bank", g.bank());
  w.BeginArray("players");
  if (g.level().per_colour) {  // B.13: each colour has its own score
    for (size_t c = 0; c < g.colours().size(); ++c)
      w.BeginObject()
          .Value("name",
                 g.setup().players[static_cast<size_t>(g.ColourOwner(static_cast<int>(c)))].name)
          .Value("color", g.colours()[c])
          .Value("score", g.colour_scores()[c])
          .EndObject();
  } else {  // one shared score: each player once, with the colours they played
    for (const CoopPlayer& p : g.setup().players) {
      std::string colours;
      for (const std::string& c : p.colours) colours += (colours.empty() ? "" : "/") + c;
      w.BeginObject().Value("name", p.name).Value("color", colours).Value("score", g.score());
      w.EndObject();
    }
  }
  w.EndArray().EndObject();
  return w.str();
}

}  // namespace carcref
