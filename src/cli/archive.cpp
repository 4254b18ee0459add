#include "cli/archive.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "carcref/words.h"

namespace carcref {

namespace {

// JSON is YAML; a text that does not parse gives a null node.
YAML::Node Parse(const std::string& text) {
  if (text.empty()) return YAML::Node();
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception&) {
    return YAML::Node();
  }
}

// A missing key of a const node is an invalid node, whose Type() throws: ask IsDefined first.
template <typename T>
T Get(const YAML::Node& node, const char* key, T fallback) {
  if (!node.IsDefined() || !node.IsMap()) return fallback;
  YAML::Node value = node[key];
  if (!value || !value.IsScalar()) return fallback;
  try {
    return value.as<T>();
  } catch (const YAML::Exception&) {
    return fallback;
  }
}

// {"a": 1, "b": 2} as (key, number) pairs in their order; non-numbers are left out.
std::vector<std::pair<std::string, int>> Numbers(const YAML::Node& map) {
  std::vector<std::pair<std::string, int>> out;
  if (!map.IsDefined() || !map.IsMap()) return out;
  for (const auto& item : map) {
    try {
      out.emplace_back(item.first.as<std::string>(), item.second.as<int>());
    } catch (const YAML::Exception&) {
    }
  }
  return out;
}

ScoredEvent ReadEvent(const EventRecord& stored) {
  ScoredEvent event;
  YAML::Node data = Parse(stored.data);
  if (!data.IsMap()) {
    event.kind = stored.kind;
    event.reason = stored.data;
    event.readable = false;
    return event;
  }
  event.kind = Get<std::string>(data, "kind", stored.kind);
  event.final = Get<bool>(data, "final", false);
  event.where = Get<std::string>(data, "where", "");
  event.reason = Get<std::string>(data, "reason", "");
  event.tiles = Get<int>(data, "tiles", 0);
  event.points = Numbers(data["points"]);
  event.meeples = Numbers(data["meeples"]);
  event.ghosts = Numbers(data["ghosts"]);
  event.penalty = Numbers(data["penalty"]);
  event.floor = Numbers(data["floor"]);
  event.guard_to = Get<std::string>(data, "guard_to", "");
  return event;
}

void ReadResult(const std::string& text, SessionFacts* facts) {
  facts->raw_result = text;
  YAML::Node result = Parse(text);
  if (!result.IsMap()) return;
  facts->result_readable = true;
  if (result["players"] && result["players"].IsSequence()) {
    for (const YAML::Node& p : result["players"]) {
      PlayerResult player;
      player.name = Get<std::string>(p, "name", "");
      player.color = Get<std::string>(p, "color", "");
      player.score = Get<int>(p, "score", 0);
      player.winner = Get<bool>(p, "winner", false);
      if (p.IsMap()) player.breakdown = Numbers(p["breakdown"]);
      facts->results.push_back(std::move(player));
    }
  }
  if (result["outcome"]) {
    facts->coop = true;
    facts->outcome = Get<std::string>(result, "outcome", "");
    facts->cause = Get<std::string>(result, "cause", "");
    facts->at = Get<std::string>(result, "at", "");
  }
}

// "Anna:red,Ben:blue" (the players column), for a session whose options say nothing.
std::vector<std::pair<std::string, std::string>> PlayersFromText(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    std::size_t colon = item.find(':');
    std::string name = item.substr(0, colon);
    if (name.empty()) continue;
    out.emplace_back(name, colon == std::string::npos ? "" : item.substr(colon + 1));
  }
  return out;
}

bool IsPlace(const std::string& command) {
  std::istringstream in(command);
  std::string word;
  in >> word;
  return Lower(word) == "place";
}

}  // namespace

SessionFacts ReadSession(const SessionRecord& record) {
  SessionFacts facts;
  facts.id = record.id;
  facts.uuid = record.uuid;
  facts.created_at = record.created_at;
  facts.date = record.created_at.substr(0, 10);
  facts.game = record.game;
  facts.status = record.status;
  facts.origin = record.origin;

  YAML::Node options = Parse(record.options);
  if (options.IsMap()) {
    facts.level = Get<int>(options, "level", 0);
    for (const auto& item : options) {
      std::string key;
      try {
        key = item.first.as<std::string>();
      } catch (const YAML::Exception&) {
        continue;
      }
      if (key == "players" || key == "game" || key == "level" || !item.second.IsScalar()) continue;
      facts.options.emplace_back(key, item.second.as<std::string>());
    }
    if (options["players"] && options["players"].IsSequence()) {
      for (const YAML::Node& p : options["players"])
        facts.players.emplace_back(Get<std::string>(p, "name", ""),
                                   Get<std::string>(p, "color", ""));
    }
  }
  if (facts.players.empty()) facts.players = PlayersFromText(record.players);

  if (record.status == kSessionFinished || !record.result.empty())
    ReadResult(record.result, &facts);
  if (facts.players.empty()) {
    for (const PlayerResult& p : facts.results) facts.players.emplace_back(p.name, p.color);
  }

  for (const CommandRecord& command : record.commands) {
    ++facts.commands;
    if (command.undone) continue;
    ++facts.live_commands;
    if (IsPlace(command.text)) ++facts.tiles_placed;
    for (const EventRecord& stored : command.events) {
      ScoredEvent event = ReadEvent(stored);
      event.command = facts.live_commands;
      event.command_text = command.text;
      facts.events.push_back(std::move(event));
    }
  }
  return facts;
}

std::vector<PlayerResult> ReadPlayerResults(const std::string& result_json) {
  SessionFacts facts;
  ReadResult(result_json, &facts);
  return facts.results;
}

std::vector<std::string> Winners(const SessionFacts& facts) {
  std::vector<std::string> out;
  for (const PlayerResult& p : facts.results)
    if (p.winner) out.push_back(p.name);
  if (!out.empty() || facts.results.empty()) return out;
  int best = facts.results[0].score;
  for (const PlayerResult& p : facts.results) best = std::max(best, p.score);
  for (const PlayerResult& p : facts.results)
    if (p.score == best) out.push_back(p.name);
  return out;
}

bool SameName(const std::string& a, const std::string& b) { return Lower(a) == Lower(b); }

bool HasPlayer(const SessionFacts& facts, const std::string& name) {
  for (const auto& player : facts.players)
    if (SameName(player.first, name)) return true;
  return false;
}

}  // namespace carcref
