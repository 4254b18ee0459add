#include "cli/archive.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>

#include "carcref/words.h"
#include "cli/game_views.h"
#include "cli/match_log.h"

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
    // The game's registration says whether a table wins or loses together.
    const GameView* view = FindView(facts->game);
    facts->coop = view && view->statistics.team_outcome;
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

// The options a session shows: every scalar but the players, the game and the level.
std::vector<std::pair<std::string, std::string>> ScalarOptions(const YAML::Node& options) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& item : options) {
    std::string key;
    try {
      key = item.first.as<std::string>();
    } catch (const YAML::Exception&) {
      continue;
    }
    if (key == "players" || key == "game" || key == "level" || !item.second.IsScalar()) continue;
    out.emplace_back(key, item.second.as<std::string>());
  }
  return out;
}

// The facts of the session's row (ReadSession without the commands).
SessionFacts ReadHead(const SessionRecord& record) {
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
    facts.options = ScalarOptions(options);
    if (options["players"] && options["players"].IsSequence()) {
      for (const YAML::Node& p : options["players"]) {
        // One colour ("color"), or several ("colours": a player of a team game with two).
        std::string color = Get<std::string>(p, "color", "");
        if (p.IsMap() && p["colours"] && p["colours"].IsSequence())
          for (const YAML::Node& c : p["colours"])
            if (c.IsScalar()) color += (color.empty() ? "" : "/") + c.Scalar();
        facts.players.emplace_back(Get<std::string>(p, "name", ""), color);
      }
    }
  }
  if (facts.players.empty()) facts.players = PlayersFromText(record.players);

  if (record.status == kSessionFinished || !record.result.empty())
    ReadResult(record.result, &facts);
  if (facts.players.empty()) {
    for (const PlayerResult& p : facts.results) facts.players.emplace_back(p.name, p.color);
  }
  for (auto& player : facts.players) player.first = Printable(player.first);
  for (PlayerResult& p : facts.results) p.name = Printable(p.name);
  return facts;
}

// A reader of the JSON the table logs for an event, for the keys ReadEvent reads: it reads
// them as ReadEvent does through YAML, at a fraction of the cost, which the command that ends
// a game (a score line per unfinished feature) and the review of a session without a summary
// would feel. It reads plain JSON only: an escape, a null, a number that is
// not a small integer or a string where ReadEvent's key wants a number (or the other way) in
// one of those keys, a repeated key or anything else unusual gives nullopt, and ReadEvent
// decides.
class EventReader {
 public:
  explicit EventReader(const std::string& text) : s_(text) {}

  std::optional<ScoredEvent> Read(const std::string& stored_kind) {
    ScoredEvent e;
    e.kind = stored_kind;
    std::vector<std::string> seen;  // the keys read, to refuse a repeated one
    Space();
    if (!Eat('{')) return std::nullopt;
    Space();
    if (!Eat('}')) {
      for (;;) {
        std::string key;
        Space();
        if (!String(&key)) return std::nullopt;
        Space();
        if (!Eat(':')) return std::nullopt;
        Space();
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) return std::nullopt;
        seen.push_back(key);
        bool ok = true;
        if (key == "kind") {
          ok = String(&e.kind);
        } else if (key == "where") {
          ok = String(&e.where);
        } else if (key == "reason") {
          ok = String(&e.reason);
        } else if (key == "guard_to") {
          ok = String(&e.guard_to);
        } else if (key == "final") {
          ok = Bool(&e.final);
        } else if (key == "tiles") {
          long long n = 0;
          ok = Integer(&n);
          e.tiles = static_cast<int>(n);
        } else if (key == "points") {
          ok = Points(&e.points);
        } else if (key == "meeples") {
          ok = Points(&e.meeples);
        } else if (key == "ghosts") {
          ok = Points(&e.ghosts);
        } else if (key == "penalty") {
          ok = Points(&e.penalty);
        } else if (key == "floor") {
          ok = Points(&e.floor);
        } else {
          ok = Skip(0);
        }
        if (!ok) return std::nullopt;
        Space();
        if (Eat(',')) continue;
        if (Eat('}')) break;
        return std::nullopt;
      }
    }
    Space();
    if (i_ != s_.size()) return std::nullopt;
    return e;
  }

 private:
  void Space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r'))
      ++i_;
  }
  bool Eat(char c) {
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool String(std::string* out) {
    if (!Eat('"')) return false;
    std::size_t end = s_.find_first_of("\"\\", i_);
    if (end == std::string::npos || s_[end] != '"') return false;  // an escape: not plain
    *out = s_.substr(i_, end - i_);
    for (char c : *out)
      if (static_cast<unsigned char>(c) < 0x20) return false;
    i_ = end + 1;
    return true;
  }
  bool Integer(long long* out) {
    std::size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    std::size_t digits = i_;
    while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
    if (i_ == digits || i_ - digits > 9 || (s_[digits] == '0' && i_ - digits > 1)) return false;
    if (i_ < s_.size() && (s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E')) return false;
    *out = std::strtoll(s_.c_str() + start, nullptr, 10);
    return true;
  }
  bool Bool(bool* out) {
    for (bool value : {true, false}) {
      const char* word = value ? "true" : "false";
      std::size_t n = std::char_traits<char>::length(word);
      if (s_.compare(i_, n, word) == 0) {
        i_ += n;
        *out = value;
        return true;
      }
    }
    return false;
  }
  bool Points(std::vector<std::pair<std::string, int>>* out) {
    if (!Eat('{')) return false;
    Space();
    if (Eat('}')) return true;
    for (;;) {
      std::string name;
      long long n = 0;
      Space();
      if (!String(&name)) return false;
      for (const auto& item : *out)
        if (item.first == name) return false;
      Space();
      if (!Eat(':')) return false;
      Space();
      if (!Integer(&n)) return false;
      out->emplace_back(name, static_cast<int>(n));
      Space();
      if (Eat(',')) continue;
      return Eat('}');
    }
  }
  // Any other value: plain strings, small integers, true, false, and objects and arrays of
  // them (a few levels deep).
  bool Skip(int depth) {
    if (depth > 8 || i_ >= s_.size()) return false;
    std::string ignored;
    long long n = 0;
    char c = s_[i_];
    if (c == '"') return String(&ignored);
    if (c == '-' || (c >= '0' && c <= '9')) return Integer(&n);
    if (s_.compare(i_, 4, "true") == 0) {
      i_ += 4;
      return true;
    }
    if (s_.compare(i_, 5, "false") == 0) {
      i_ += 5;
      return true;
    }
    if (c != '{' && c != '[') return false;
    bool object = c == '{';
    ++i_;
    Space();
    if (Eat(object ? '}' : ']')) return true;
    for (;;) {
      Space();
      if (object) {
        if (!String(&ignored)) return false;
        Space();
        if (!Eat(':')) return false;
        Space();
      }
      if (!Skip(depth + 1)) return false;
      Space();
      if (Eat(',')) continue;
      return Eat(object ? '}' : ']');
    }
  }

  const std::string& s_;
  std::size_t i_ = 0;
};

// Whether an event can be a record candidate (a road or a city, RecordCandidates): not when
// neither its kind nor its text names one. Saves reading the others.
bool MayBeRecord(const EventRecord& stored) {
  for (const char* kind : {"road", "city"})
    if (stored.kind.find(kind) != std::string::npos || stored.data.find(kind) != std::string::npos)
      return true;
  return false;
}

// A live command's part of the facts; with `records_only`, of its events only those that may
// be record candidates (enough for its summary).
void AddLive(const std::string& text, const std::vector<EventRecord>& events, SessionFacts* facts,
             bool records_only = false) {
  ++facts->live_commands;
  if (IsPlace(text)) ++facts->tiles_placed;
  for (const EventRecord& stored : events) {
    if (records_only && !MayBeRecord(stored)) continue;
    std::optional<ScoredEvent> plain = EventReader(stored.data).Read(stored.kind);
    ScoredEvent event = plain ? std::move(*plain) : ReadEvent(stored);
    event.command = facts->live_commands;
    event.command_text = text;
    facts->events.push_back(std::move(event));
  }
}

// Summary text: one item a line, its fields separated by tabs; a tab, a line break or a
// backslash in a field is escaped (\t, \n, \\).
std::string Field(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else
      out += c;
  }
  return out;
}

std::vector<std::string> Fields(const std::string& line) {
  std::vector<std::string> out(1);
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == '\t') {
      out.emplace_back();
    } else if (c == '\\' && i + 1 < line.size()) {
      char next = line[++i];
      out.back() += next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : next;
    } else {
      out.back() += c;
    }
  }
  return out;
}

bool ToInt(const std::string& text, long long* value) {
  if (text.empty()) return false;
  char* end = nullptr;
  errno = 0;
  *value = std::strtoll(text.c_str(), &end, 10);
  return errno == 0 && end == text.c_str() + text.size();
}

}  // namespace

std::vector<ScoredEvent> ReadEvents(const std::vector<EventRecord>& events) {
  std::vector<ScoredEvent> out;
  for (const EventRecord& stored : events) {
    std::optional<ScoredEvent> plain = EventReader(stored.data).Read(stored.kind);
    out.push_back(plain ? std::move(*plain) : ReadEvent(stored));
  }
  return out;
}

SessionFacts ReadSession(const SessionRecord& record) {
  SessionFacts facts = ReadHead(record);
  for (const CommandRecord& command : record.commands) {
    ++facts.commands;
    if (!command.undone) AddLive(command.text, command.events, &facts);
  }
  return facts;
}

std::vector<ScoredEvent> RecordCandidates(const std::vector<ScoredEvent>& events) {
  std::vector<bool> keep(events.size(), false);
  for (const char* kind : {"road", "city"}) {
    std::map<std::string, std::size_t> best;  // by player, lower case (SameName)
    for (std::size_t i = 0; i < events.size(); ++i) {
      const ScoredEvent& e = events[i];
      if (!e.readable || e.kind != kind) continue;
      for (const auto& [name, points] : e.points) {
        if (points <= 0) continue;
        auto [at, fresh] = best.emplace(Lower(name), i);
        if (!fresh && events[at->second].tiles < e.tiles) at->second = i;  // the first keeps a tie
      }
    }
    for (const auto& [name, index] : best) keep[index] = true;
  }
  std::vector<ScoredEvent> out;
  for (std::size_t i = 0; i < events.size(); ++i)
    if (keep[i]) out.push_back(events[i]);
  return out;
}

std::string SummaryText(const SessionFacts& f) {
  std::string out = kSummaryPrefix;
  auto line = [&out](std::initializer_list<std::string> fields) {
    bool first = true;
    for (const std::string& field : fields) {
      out += (first ? "" : "\t") + Field(field);
      first = false;
    }
    out += "\n";
  };
  line({"level", std::to_string(f.level)});
  for (const auto& [name, color] : f.players) line({"player", name, color});
  line({"commands", std::to_string(f.commands), std::to_string(f.live_commands),
        std::to_string(f.tiles_placed)});
  line({"result", f.result_readable ? "1" : "0", f.coop ? "1" : "0", f.outcome, f.cause, f.at});
  for (const PlayerResult& p : f.results) {
    std::string fields = "score\t" + Field(p.name) + "\t" + Field(p.color) + "\t" +
                         std::to_string(p.score) + "\t" + (p.winner ? "1" : "0");
    for (const auto& [key, points] : p.breakdown)
      fields += "\t" + Field(key) + "\t" + std::to_string(points);
    out += fields + "\n";
  }
  for (const ScoredEvent& e : RecordCandidates(f.events)) {
    std::string fields = "record\t" + Field(e.kind) + "\t" + std::to_string(e.command) + "\t" +
                         std::to_string(e.tiles) + "\t" + Field(e.where);
    for (const auto& [name, points] : e.points)
      if (points > 0) fields += "\t" + Field(name) + "\t" + std::to_string(points);
    out += fields + "\n";
  }
  return out;
}

std::optional<SessionFacts> FactsFromSummary(const SessionSummary& listed) {
  const std::string& text = listed.summary;
  std::size_t prefix = std::char_traits<char>::length(kSummaryPrefix);
  if (text.compare(0, prefix, kSummaryPrefix) != 0) return std::nullopt;
  SessionFacts f;
  f.id = listed.id;
  f.uuid = listed.uuid;
  f.created_at = listed.created_at;
  f.date = listed.created_at.substr(0, 10);
  f.game = listed.game;
  f.status = listed.status;
  f.origin = listed.origin;
  // The options too (the sessions list names a Winter game "base+winter"), from the session's
  // own row: a summary written before it said nothing of them.
  if (YAML::Node options = Parse(listed.options); options.IsMap())
    f.options = ScalarOptions(options);
  if (listed.status == kSessionFinished || !listed.result.empty()) f.raw_result = listed.result;
  bool counted = false, resulted = false;
  std::size_t start = prefix;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) return std::nullopt;  // cut short
    std::vector<std::string> v = Fields(text.substr(start, end - start));
    start = end + 1;
    long long a = 0, b = 0, c = 0;
    const std::string& item = v[0];
    if (item == "level" && v.size() == 2 && ToInt(v[1], &a)) {
      f.level = static_cast<int>(a);
    } else if (item == "player" && v.size() == 3) {
      f.players.emplace_back(Printable(v[1]), v[2]);
    } else if (item == "commands" && v.size() == 4 && ToInt(v[1], &a) && ToInt(v[2], &b) &&
               ToInt(v[3], &c)) {
      f.commands = a;
      f.live_commands = b;
      f.tiles_placed = c;
      counted = true;
    } else if (item == "result" && v.size() == 6) {
      f.result_readable = v[1] == "1";
      f.coop = v[2] == "1";
      f.outcome = v[3];
      f.cause = v[4];
      f.at = v[5];
      resulted = true;
    } else if (item == "score" && v.size() >= 5 && v.size() % 2 == 1 && ToInt(v[3], &a)) {
      PlayerResult p{v[1], v[2], static_cast<int>(a), v[4] == "1", {}};
      for (std::size_t i = 5; i + 1 < v.size(); i += 2) {
        if (!ToInt(v[i + 1], &b)) return std::nullopt;
        p.breakdown.emplace_back(v[i], static_cast<int>(b));
      }
      f.results.push_back(std::move(p));
    } else if (item == "record" && v.size() >= 5 && v.size() % 2 == 1 && ToInt(v[2], &a) &&
               ToInt(v[3], &b)) {
      ScoredEvent e;
      e.kind = v[1];
      e.command = a;
      e.tiles = static_cast<int>(b);
      e.where = v[4];
      for (std::size_t i = 5; i + 1 < v.size(); i += 2) {
        if (!ToInt(v[i + 1], &c)) return std::nullopt;
        e.points.emplace_back(v[i], static_cast<int>(c));
      }
      f.events.push_back(std::move(e));
    } else {
      return std::nullopt;  // not what this build writes: read the session whole instead
    }
  }
  if (!counted || !resulted) return std::nullopt;
  return f;
}

Result<std::vector<SessionFacts>> LoadFacts(const SessionLog& log,
                                            std::vector<std::string>* left_out) {
  Result<std::vector<SessionSummary>> list = log.ListSessions();
  if (!list.ok()) return list.status();
  std::vector<SessionFacts> facts;
  facts.reserve(list->size());
  for (const SessionSummary& s : *list) {
    if (std::optional<SessionFacts> summarised = FactsFromSummary(s)) {
      facts.push_back(std::move(*summarised));
      continue;
    }
    Result<SessionRecord> record = log.LoadSession(s.id);
    if (!record.ok() && record.status().code() == Status::Code::kCorrupt) {
      if (left_out)
        left_out->push_back("session " + std::to_string(s.id) +
                            " left out: " + record.status().message());
      continue;
    }
    if (!record.ok()) return record.status();
    facts.push_back(ReadSession(*record));
  }
  return facts;
}

Status FillSummaries(SessionLog& log) {
  Result<std::vector<std::int64_t>> missing = log.SessionsToSummarise(kSummaryPrefix);
  if (!missing.ok()) return missing.status();
  // A batch of sessions per transaction: one sync per batch, memory for one batch.
  constexpr std::size_t kBatch = 64;
  for (std::size_t from = 0; from < missing->size(); from += kBatch) {
    std::vector<SessionRecord> records;
    for (std::size_t i = from; i < missing->size() && i < from + kBatch; ++i) {
      Result<SessionRecord> record = log.LoadSession((*missing)[i]);
      if (!record.ok() && record.status().code() == Status::Code::kCorrupt) continue;
      if (!record.ok()) return record.status();
      records.push_back(std::move(record.value()));
    }
    std::vector<SessionLog::LoadedSummary> batch;
    for (const SessionRecord& r : records) batch.push_back({&r, SummaryText(ReadSession(r))});
    // A session changed meanwhile by another carcref got its summary from that one.
    if (Result<std::int64_t> put = log.PutSummaries(batch); !put.ok()) return put.status();
  }
  return Status::Ok();
}

SummaryKeeper::SummaryKeeper(const SessionRecord& session) {
  head_ = session;
  head_.commands.clear();
  facts_ = ReadHead(head_);
  for (const CommandRecord& command : session.commands) {
    ++facts_.commands;
    if (command.undone) continue;
    placed_.push_back(IsPlace(command.text));
    AddLive(command.text, command.events, &facts_, true);
  }
}

void SummaryKeeper::Append(const std::string& text, const std::vector<EventRecord>& events,
                           const std::optional<SessionStatusChange>& status) {
  ++facts_.commands;
  placed_.push_back(IsPlace(text));
  AddLive(text, events, &facts_, true);
  if (status) SetStatus(*status);
}

void SummaryKeeper::Undo(const std::optional<SessionStatusChange>& status) {
  if (facts_.live_commands == 0) return;
  while (!facts_.events.empty() && facts_.events.back().command == facts_.live_commands)
    facts_.events.pop_back();
  if (placed_.back()) --facts_.tiles_placed;
  placed_.pop_back();
  --facts_.live_commands;
  if (status) SetStatus(*status);
}

void SummaryKeeper::Forget(const SessionStatusChange& previous) {
  Undo(previous);
  --facts_.commands;
}

void SummaryKeeper::SetStatus(const SessionStatusChange& change) {
  if (change.status == head_.status && change.result == head_.result) return;
  head_.status = change.status;
  head_.result = change.result;
  SessionFacts fresh = ReadHead(head_);
  fresh.commands = facts_.commands;
  fresh.live_commands = facts_.live_commands;
  fresh.tiles_placed = facts_.tiles_placed;
  fresh.events = std::move(facts_.events);
  facts_ = std::move(fresh);
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
