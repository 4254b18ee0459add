#include "cli/match_log.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdio>

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
Result<Match> ReplayMatch(const SessionRecord& session, const GameDefinition& game, GameStart start,
                          std::optional<std::size_t> upto, const MatchStep& each);
}  // namespace

Result<Match> RebuildMatch(const SessionRecord& session, std::optional<std::size_t> upto,
                           const MatchStep& each) {
  const GameDefinition* game = FindGame(session.game);
  if (!game)
    return Status::Corrupt("session " + std::to_string(session.id) + ": unknown game '" +
                           session.game + "'");
  GameStart start;
  const std::string saved_prefix = SavedTileRecord("");
  for (const TileRecord& t : session.tiles)
    if (t.name.rfind(saved_prefix, 0) == 0)
      start.saved[t.name.substr(saved_prefix.size())] = t.definition;
    else
      start.box.emplace_back(t.name, t.definition);
  if (game->read_logged_options) {
    if (Status read = game->read_logged_options(session.options, &start); !read.ok())
      return Status::Corrupt("session " + std::to_string(session.id) + ": " + read.message());
    return ReplayMatch(session, *game, std::move(start), upto, each);
  }
  YAML::Node options;
  try {
    options = YAML::Load(session.options);
  } catch (const YAML::Exception&) {
  }
  if (!options.IsMap() || !options["players"] || !options["players"].IsSequence())
    return Status::Corrupt("session " + std::to_string(session.id) +
                           ": its options name no players");
  try {
    for (const YAML::Node& p : options["players"])
      start.players.push_back({p["name"].as<std::string>(), p["color"].as<std::string>()});
    if (options["options"] && options["options"].IsMap())
      for (const auto& item : options["options"])
        start.options[item.first.as<std::string>()] = item.second.as<std::string>();
  } catch (const YAML::Exception&) {
    return Status::Corrupt("session " + std::to_string(session.id) +
                           ": its players or options cannot be read");
  }
  return ReplayMatch(session, *game, std::move(start), upto, each);
}

namespace {

Result<Match> ReplayMatch(const SessionRecord& session, const GameDefinition& game, GameStart start,
                          std::optional<std::size_t> upto, const MatchStep& each) {
  // The registry's check first: an option of another game is refused by that game's name.
  Status fits = CheckOptions(game, start.options);
  Result<Match> match = fits.ok() ? Match::Start(game, std::move(start)) : Result<Match>(fits);
  if (!match.ok())
    return Status::Corrupt("session " + std::to_string(session.id) +
                           " cannot be set up again: " + match.status().message());
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

}  // namespace

Result<Report> ApplyLogged(const SessionRecord& session, const CommandRecord& c, Match& match) {
  Result<Report> report = match.Apply(c.text);
  if (!report.ok())
    return Status::Corrupt("session " + std::to_string(session.id) + ", command " +
                           std::to_string(c.seq) + " (" + c.text +
                           ") is refused on replay: " + report.status().message());
  if (HashHex(match.rules().Hash()) != c.state_hash)
    return Status::Corrupt(
        "session " + std::to_string(session.id) + ", command " + std::to_string(c.seq) + " (" +
        c.text + ") gives another state than the log holds: " + HashHex(match.rules().Hash()) +
        " vs " + c.state_hash);
  return report;
}

}  // namespace carcref
