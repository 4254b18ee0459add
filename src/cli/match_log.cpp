#include "cli/match_log.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>

#include "carcref/i18n.h"
#include "carcref/json.h"

namespace carcref {

namespace {

std::vector<int> Winners(const Match& match) {
  std::vector<int> winners;
  if (!match.rules().Over()) return winners;
  std::vector<int> scores = match.rules().Scores();
  if (scores.empty()) return winners;
  int best = *std::max_element(scores.begin(), scores.end());
  for (int p = 0; p < static_cast<int>(scores.size()); ++p)
    if (scores[p] == best) winners.push_back(p);  // AMB-01, AMB-24: ties share the win
  return winners;
}

}  // namespace

std::string HashHex(std::uint64_t hash) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
  return buf;
}

std::string SavedTileRecord(const std::string& name) { return "saved:" + name; }

std::string MatchOptionsJson(const Match& match) {
  JsonWriter w;
  w.BeginObject().Value("game", match.definition().name);
  for (const auto& [name, value] : match.start().options)
    w.Value(name.substr(name.find_first_not_of('-')), value.empty() ? "yes" : value);
  w.BeginArray("players");
  for (const PlayerSpec& p : match.start().players)
    w.BeginObject().Value("name", p.name).Value("color", p.color).EndObject();
  w.EndArray().BeginObject("options");
  for (const auto& [name, value] : match.start().options) w.Value(name, value);
  w.EndObject().EndObject();
  return w.str();
}

std::vector<EventRecord> ScoreRecords(const Match& match, const Report& report) {
  std::vector<EventRecord> out;
  const std::vector<PlayerSpec>& players = match.start().players;
  for (const ScoreLine& line : report.scores) {
    if (!line.logged_json.empty()) {  // the game's own shape (the base game's EventJson)
      out.push_back({line.logged_kind, line.logged_json});
      continue;
    }
    JsonWriter w;
    w.BeginObject()
        .Value("kind", line.what)
        .Value("final", line.final)
        .Value("where", line.where)
        .Value("reason", line.reason)
        .Value("tiles", static_cast<int>(line.cells.size()))
        // What each winner scored (review's "value"): every winner scores the same.
        .Value("value",
               line.points.empty() ? 0 : *std::max_element(line.points.begin(), line.points.end()))
        .BeginObject("points");
    for (std::size_t p = 0; p < players.size() && p < line.points.size(); ++p)
      w.Value(players[p].name, line.points[p]);
    w.EndObject().EndObject();
    out.push_back({line.what, w.str()});
  }
  return out;
}

std::vector<std::vector<std::pair<std::string, int>>> Breakdowns(
    const Match& match, const std::vector<ScoreLine>& lines) {
  std::vector<std::vector<std::pair<std::string, int>>> out(match.start().players.size());
  std::vector<std::string> kinds;
  for (const ScoreLine& line : lines)
    if (std::find(kinds.begin(), kinds.end(), line.what) == kinds.end()) kinds.push_back(line.what);
  for (std::size_t p = 0; p < out.size(); ++p) {
    for (const std::string& kind : kinds) {
      int sum = 0;
      for (const ScoreLine& line : lines)
        if (line.what == kind && p < line.points.size()) sum += line.points[p];
      out[p].emplace_back(kind, sum);
    }
  }
  return out;
}

std::string MatchResultJson(const Match& match, const std::string& status,
                            const std::vector<std::string>& errors, bool with_state) {
  EnglishWords english;  // JSON is the same in every language
  const GameRules& rules = match.rules();
  std::vector<int> scores = rules.Scores();
  std::vector<int> winners = Winners(match);
  auto breakdowns = Breakdowns(match, rules.History());
  JsonWriter w;
  w.BeginObject().Value("status", status).Value("game", match.definition().name);
  w.BeginArray("players");
  for (std::size_t p = 0; p < match.start().players.size(); ++p) {
    const PlayerSpec& spec = match.start().players[p];
    w.BeginObject()
        .Value("name", spec.name)
        .Value("color", spec.color)
        .Value("score", p < scores.size() ? scores[p] : 0)
        .Value("winner",
               std::find(winners.begin(), winners.end(), static_cast<int>(p)) != winners.end())
        .BeginObject("breakdown");
    for (const auto& [kind, points] : breakdowns[p]) w.Value(kind, points);
    w.EndObject().EndObject();
  }
  w.EndArray().BeginArray("errors");
  for (const std::string& e : errors) w.Value("", e);
  w.EndArray();
  if (with_state) w.Raw("state", rules.StateJson());
  w.EndObject();
  return w.str();
}

namespace {

// The line for damage in one of the session's tile records: `what` is the parser's message,
// "RECORD:LINE: …" said as "RECORD, line LINE: …", any other as "RECORD: …". Printable: a damaged
// record can hold any byte, and the line goes to a terminal.
Status DamagedTiles(const SessionRecord& session, const std::string& record,
                    const std::string& what) {
  std::string said = record + ": " + what;
  const std::string prefix = record + ":";
  if (what.rfind(prefix, 0) == 0) {
    std::size_t digits = prefix.size();
    while (digits < what.size() && std::isdigit(static_cast<unsigned char>(what[digits]))) ++digits;
    if (digits > prefix.size() && what.compare(digits, 2, ": ") == 0)
      // TRANSLATORS: where a tile record is damaged: {1} the record, {2} the line, {3} what.
      said = Fill(
          Tr("{1}, line {2}: {3}"),
          {record, what.substr(prefix.size(), digits - prefix.size()), what.substr(digits + 2)});
  }
  // TRANSLATORS: {1} the session's number, {2} the damaged record and what is wrong.
  return Status::Corrupt(Fill(Tr("session {1}: its tile definitions in the log are damaged ({2})"),
                              {std::to_string(session.id), Printable(said)}));
}

// Whether `name` is one of the words of `line`, case-insensitively (as saved names are read).
bool NamesWord(const std::string& line, const std::string& name) {
  auto same = [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) ==
           std::tolower(static_cast<unsigned char>(b));
  };
  std::size_t at = 0;
  while (at < line.size()) {
    std::size_t end = line.find_first_of(" \t", at);
    if (end == std::string::npos) end = line.size();
    if (end - at == name.size() && std::equal(name.begin(), name.end(), line.begin() + at, same))
      return true;
    at = end + 1;
  }
  return false;
}

// A saved description read again as the game read it when it was saved (on a copy: the match
// is left as it was), or the damage.
Status ReadSaved(const SessionRecord& session, const Match& match, const std::string& name,
                 const std::string& description) {
  std::unique_ptr<GameRules> probe = match.rules().Clone();
  Result<std::string> read = probe->SaveTile(name, description);
  if (read.ok()) return Status::Ok();
  // TRANSLATORS: a damaged record: {1} the saved tile's name, {2} its description.
  return DamagedTiles(session, Fill(Tr("saved tile {1} ({2})"), {name, description}),
                      read.status().message());
}

// The session's start as the log keeps it (players, options, tile records), ready for make.
Result<GameStart> LoggedStart(const SessionRecord& session, const GameDefinition& game) {
  GameStart start;
  const std::string saved_prefix = SavedTileRecord("");
  for (const TileRecord& t : session.tiles)
    if (t.name.rfind(saved_prefix, 0) == 0)
      start.saved[t.name.substr(saved_prefix.size())] = t.definition;
    else
      start.box.emplace_back(t.name, t.definition);
  if (game.read_logged_options) {
    if (Status read = game.read_logged_options(session.options, &start); !read.ok())
      return Status::Corrupt(
          Fill(Tr("session {1}: {2}"), {std::to_string(session.id), Printable(read.message())}));
    return start;
  }
  YAML::Node options;
  try {
    options = YAML::Load(session.options);
  } catch (const YAML::Exception&) {
  }
  if (!options.IsMap() || !options["players"] || !options["players"].IsSequence())
    return Status::Corrupt(
        Fill(Tr("session {1}: its options name no players"), {std::to_string(session.id)}));
  try {
    for (const YAML::Node& p : options["players"])
      start.players.push_back({p["name"].as<std::string>(), p["color"].as<std::string>()});
    if (options["options"] && options["options"].IsMap())
      for (const auto& item : options["options"])
        start.options[item.first.as<std::string>()] = item.second.as<std::string>();
  } catch (const YAML::Exception&) {
    return Status::Corrupt(Fill(Tr("session {1}: its players or options cannot be read"),
                                {std::to_string(session.id)}));
  }
  return start;
}

// The session set up again, before any command. A make that fails on the log's tile records
// (checked by the front end when the game began, so only damage in the log fails them) is
// said as that damage, not as a file's error: a rebuild reads no file.
// `damaged`, when given, is set when the tile records are what failed.
Result<Match> SetUp(const SessionRecord& session, bool* damaged = nullptr) {
  const GameDefinition* game = FindGame(session.game);
  if (!game)
    return Status::Corrupt(Fill(Tr("session {1}: unknown game '{2}'"),
                                {std::to_string(session.id), Printable(session.game)}));
  Result<GameStart> start = LoggedStart(session, *game);
  if (!start.ok()) return start.status();
  // The registry's check first: an option of another game is refused by that game's name.
  Status fits = CheckOptions(*game, start->options);
  if (!fits.ok())
    // TRANSLATORS: {1} the session's number, {2} why its game cannot start again.
    return Status::Corrupt(Fill(Tr("session {1} cannot be set up again: {2}"),
                                {std::to_string(session.id), Printable(fits.message())}));
  std::vector<std::pair<std::string, std::string>> box = start->box;
  Result<Match> match = Match::Start(*game, std::move(start.value()));
  if (match.ok()) return match;
  if (game->read_tile_record)
    for (const auto& [record, text] : box)
      if (Status read = game->read_tile_record(record, text); !read.ok()) {
        if (damaged) *damaged = true;
        return DamagedTiles(session, record, read.message());
      }
  return Status::Corrupt(Fill(Tr("session {1} cannot be set up again: {2}"),
                              {std::to_string(session.id), Printable(match.status().message())}));
}

}  // namespace

std::string Printable(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    unsigned char next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
    bool c1 = c == 0xc2 && next >= 0x80 && next <= 0x9f;  // U+0080..U+009F, e.g. CSI
    if (c >= 0x20 && c != 0x7f && !c1) {
      out += text[i];
      continue;
    }
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02X", c1 ? next : c);
    out += buf;
    if (c1) ++i;
  }
  return out;
}

Result<Match> RebuildMatch(const SessionRecord& session, std::optional<std::size_t> upto,
                           const MatchStep& each) {
  Result<Match> match = SetUp(session);
  if (!match.ok()) return match;
  std::size_t done = 0;
  for (const CommandRecord& c : session.commands) {
    if (c.undone) continue;
    if (upto && done >= *upto) break;
    Result<Report> report = ApplyLogged(session, c, match.value());
    if (!report.ok()) return report.status();
    ++done;
    if (each) each(c, *report, *match);
  }
  return match;
}

Status CheckTileRecords(const SessionRecord& session) {
  bool damaged = false;
  Result<Match> match = SetUp(session, &damaged);
  if (!match.ok()) return damaged ? match.status() : Status::Ok();
  // A saved description is read when a command names it: those the live commands name.
  for (const auto& [name, description] : match->start().saved) {
    bool named = std::any_of(
        session.commands.begin(), session.commands.end(),
        [&name = name](const CommandRecord& c) { return !c.undone && NamesWord(c.text, name); });
    if (!named) continue;
    if (Status read = ReadSaved(session, *match, name, description); !read.ok()) return read;
  }
  return Status::Ok();
}

Result<Report> ApplyLogged(const SessionRecord& session, const CommandRecord& c, Match& match,
                           Report* worded) {
  Result<Report> report = match.Apply(c.text, worded);
  if (!report.ok()) {
    // A saved description the command names that the game cannot read (it read it when it
    // was saved) is damage in the log's tile records, not a refused move.
    for (const auto& [name, description] : match.start().saved)
      if (NamesWord(c.text, name))
        if (Status read = ReadSaved(session, match, name, description); !read.ok()) return read;
    // TRANSLATORS: {1} the session, {2} the command's number in the log, {3} the command,
    // {4} why the game refuses it.
    return Status::Corrupt(Fill(Tr("session {1}, command {2} ({3}) is refused on replay: {4}"),
                                {std::to_string(session.id), std::to_string(c.seq),
                                 Printable(c.text), Printable(report.status().message())}));
  }
  if (HashHex(match.rules().Hash()) != c.state_hash)
    // TRANSLATORS: {1} the session, {2} the command's number, {3} the command, {4} the state's
    // hash on replay, {5} the one the log holds.
    return Status::Corrupt(
        Fill(Tr("session {1}, command {2} ({3}) gives another state than the log holds: {4} vs "
                "{5}"),
             {std::to_string(session.id), std::to_string(c.seq), Printable(c.text),
              HashHex(match.rules().Hash()), Printable(c.state_hash)}));
  return report;
}

namespace {

// The length of the colour code (ESC [ digits and ; then m) at `i`, or 0.
std::size_t ColourCodeAt(const std::string& text, std::size_t i) {
  if (text.compare(i, 2, "\x1b[") != 0) return 0;
  std::size_t j = i + 2;
  while (j < text.size() && (std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == ';'))
    ++j;
  return j < text.size() && text[j] == 'm' ? j + 1 - i : 0;
}

}  // namespace

std::string PrintableLines(const std::string& text, bool keep_colours) {
  std::string out, run;
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::size_t code = keep_colours ? ColourCodeAt(text, i) : 0;
    if (text[i] != '\n' && code == 0) {
      run += text[i];
      continue;
    }
    out += Printable(run);
    run.clear();
    out += code ? text.substr(i, code) : "\n";
    if (code) i += code - 1;
  }
  return out + Printable(run);
}

}  // namespace carcref
