#include "cli/export.h"

#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <ostream>

#include "carcref/i18n.h"
#include "carcref/json.h"
#include "cli/language.h"
#include "cli/match_review.h"

namespace carcref {

namespace {

// A plain (unquoted) scalar that JSON takes as it is: a number, true, false or null.
bool JsonLiteral(const std::string& s) {
  if (s == "true" || s == "false" || s == "null") return true;
  size_t i = 0;
  auto digits = [&] {
    size_t start = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    return i > start;
  };
  if (i < s.size() && s[i] == '-') ++i;
  if (i < s.size() && s[i] == '0') {
    ++i;
  } else if (!digits()) {
    return false;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == s.size();
}

// Re-emits parsed JSON (read with yaml-cpp, as the rest of carcref reads JSON) through the
// writer, so that the export is valid JSON whatever the stored text looked like.
void Emit(JsonWriter& w, std::string_view key, const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map:
      w.BeginObject(key);
      for (const auto& item : node) Emit(w, item.first.Scalar(), item.second);
      w.EndObject();
      return;
    case YAML::NodeType::Sequence:
      w.BeginArray(key);
      for (const YAML::Node& item : node) Emit(w, "", item);
      w.EndArray();
      return;
    case YAML::NodeType::Scalar:
      if (node.Tag() != "!" && JsonLiteral(node.Scalar())) {
        w.Raw(key, node.Scalar());
      } else {
        w.Value(key, node.Scalar());
      }
      return;
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
      w.Raw(key, "null");
      return;
  }
}

// Stored JSON text as a node; an unreadable one as {"raw": text}.
YAML::Node ParseStored(const std::string& text) {
  try {
    YAML::Node n = YAML::Load(text);
    if (n.IsMap() || n.IsSequence()) return n;
  } catch (const YAML::Exception&) {
  }
  YAML::Node raw;
  raw["raw"] = text;
  return raw;
}

struct Player {
  std::string name;
  std::string color;
};

std::vector<Player> PlayersOf(const SessionRecord& s) {
  std::vector<Player> out;
  YAML::Node options = ParseStored(s.options);
  if (options.IsMap() && options["players"] && options["players"].IsSequence())
    for (const YAML::Node& p : options["players"]) {
      Player player;
      if (p.IsMap() && p["name"] && p["name"].IsScalar()) player.name = p["name"].Scalar();
      if (p.IsMap() && p["color"] && p["color"].IsScalar()) player.color = p["color"].Scalar();
      if (!player.name.empty()) out.push_back(player);
    }
  return out;
}

int PointsOf(const YAML::Node& event, const std::string& player) {
  if (!event.IsMap() || !event["points"] || !event["points"].IsMap()) return 0;
  YAML::Node p = event["points"][player];
  if (!p || !p.IsScalar()) return 0;
  try {
    return p.as<int>();
  } catch (const YAML::Exception&) {
    return 0;
  }
}

std::string ScalarOf(const YAML::Node& event, const char* key) {
  if (!event.IsMap() || !event[key] || !event[key].IsScalar()) return "";
  return event[key].Scalar();
}

void WriteSession(JsonWriter& w, std::string_view key, const SessionRecord& s, bool format) {
  std::vector<Player> players = PlayersOf(s);
  std::map<std::string, int> scores;
  for (const CommandRecord& c : s.commands) {
    if (c.undone) continue;
    for (const EventRecord& e : c.events) {
      YAML::Node event = ParseStored(e.data);
      for (const Player& p : players) scores[p.name] += PointsOf(event, p.name);
    }
  }
  w.BeginObject(key);
  if (format) w.Value("format", "carcref-session").Value("version", 1);
  w.Value("session", static_cast<long long>(s.id))
      .Value("uuid", s.uuid)
      .Value("created_at", s.created_at)
      .Value("updated_at", s.updated_at)
      .Value("game", s.game)
      .Value("status", s.status);
  Emit(w, "setup", ParseStored(s.options));
  w.BeginArray("tiles");
  for (const TileRecord& t : s.tiles) w.Value("", t.name);
  w.EndArray().BeginArray("players");
  for (const Player& p : players)
    w.BeginObject()
        .Value("name", p.name)
        .Value("color", p.color)
        .Value("score", scores[p.name])
        .EndObject();
  w.EndArray();
  if (s.result.empty()) {
    w.Raw("result", "null");
  } else {
    Emit(w, "result", ParseStored(s.result));
  }
  w.BeginArray("commands");
  long long number = 0;
  for (const CommandRecord& c : s.commands) {
    w.BeginObject().Value("seq", static_cast<long long>(c.seq));
    if (c.undone) {
      w.Raw("number", "null");
    } else {
      w.Value("number", ++number);
    }
    w.Value("text", c.text).Value("undone", c.undone).Value("hash", c.state_hash);
    w.Value("created_at", c.created_at).BeginArray("events");
    for (const EventRecord& e : c.events) Emit(w, "", ParseStored(e.data));
    w.EndArray().EndObject();
  }
  w.EndArray().EndObject();
}

// The outputs, made before anything is written.
struct Output {
  std::string target;  // a file, or "-"
  std::string text;
  std::string what = "";  // what it holds, in the table's words: "the board as SVG"
};

// Writes `text` to `target` through a temporary file in the same directory; the temporary
// file's name is returned for the rename (or the error).
Result<std::string> WriteTemp(const Output& o) {
  namespace fs = std::filesystem;
  fs::path target(o.target);
  std::error_code ec;
  if (fs::is_directory(target, ec))
    return Status::IOError(Fill(Tr("cannot write {1}: it is a directory"), {o.target}));
  fs::path temp = target;
  temp += ".carcref-tmp-" + std::to_string(::getpid());
  std::ofstream file(temp, std::ios::binary | std::ios::trunc);
  if (!file)
    return Status::IOError(
        Fill(fs::exists(target.parent_path().empty() ? "." : target.parent_path(), ec)
                 ? Tr("cannot write {1}: permission denied")
                 : Tr("cannot write {1}: no such directory"),
             {o.target}));
  file << o.text;
  file.close();
  if (!file) {
    fs::remove(temp, ec);
    return Status::IOError(Fill(Tr("cannot write {1}: the write failed"), {o.target}));
  }
  return temp.string();
}

}  // namespace

std::string SessionJson(const SessionRecord& session) {
  JsonWriter w;
  WriteSession(w, "", session, true);
  return w.str();
}

std::string ArchiveJson(const std::vector<SessionRecord>& sessions) {
  JsonWriter w;
  w.BeginObject().Value("format", "carcref-archive").Value("version", 1).BeginArray("sessions");
  for (const SessionRecord& s : sessions) WriteSession(w, "", s, false);
  w.EndArray().EndObject();
  return w.str();
}

std::string CsvField(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string ScoringCsv(const SessionRecord& session) {
  std::vector<Player> players = PlayersOf(session);
  std::string out = "session,seq,command,kind,final,where,reason,value";
  for (const Player& p : players) out += "," + CsvField("points " + p.name);
  out += "\r\n";
  for (const CommandRecord& c : session.commands) {
    if (c.undone) continue;
    for (const EventRecord& e : c.events) {
      YAML::Node event = ParseStored(e.data);
      std::string kind = ScalarOf(event, "kind");
      out += std::to_string(session.id) + "," + std::to_string(c.seq) + "," + CsvField(c.text) +
             "," + CsvField(kind.empty() ? e.kind : kind) + "," +
             (ScalarOf(event, "final") == "true" ? "1" : "0") + "," +
             CsvField(ScalarOf(event, "where")) + "," +
             CsvField(event["raw"] ? ScalarOf(event, "raw") : ScalarOf(event, "reason")) + "," +
             CsvField(ScalarOf(event, "value"));
      for (const Player& p : players) out += "," + std::to_string(PointsOf(event, p.name));
      out += "\r\n";
    }
  }
  return out;
}

namespace {

// A target that is not a file (/dev/null, a pipe): written as it is, since renaming a
// temporary over it would replace it with a file.
bool IsSpecialFile(const std::string& target) {
  std::error_code ec;
  std::filesystem::file_status st = std::filesystem::status(target, ec);
  return !ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st) &&
         !std::filesystem::is_directory(st);
}

// Writes the archive JSON (ArchiveJson, byte for byte) to `file` one session at a time, so
// memory holds one session, whatever the size of the archive.
Status StreamArchive(const SessionLog& log, std::FILE* file, const std::string& name) {
  Result<std::vector<std::int64_t>> ids = log.SessionIds();
  if (!ids.ok()) return ids.status();
  auto put = [file](const std::string& text) {
    return std::fwrite(text.data(), 1, text.size(), file) == text.size();
  };
  bool written = put("{\"format\":\"carcref-archive\",\"version\":1,\"sessions\":[");
  for (std::size_t i = 0; i < ids->size() && written; ++i) {
    Result<SessionRecord> record = log.LoadSession((*ids)[i]);
    if (!record.ok()) return record.status();
    if (Status tiles = CheckTileRecords(*record); !tiles.ok()) return tiles;
    JsonWriter w;
    WriteSession(w, "", *record, false);
    written = (i == 0 || put(",")) && put(w.str());
  }
  if (!written || !put("]}\n") || std::fflush(file) != 0)
    return Status::IOError(Fill(Tr("cannot write {1}: the write failed"), {name}));
  return Status::Ok();
}

// `export --all --json TARGET`: streamed into a temporary file (beside TARGET, or an anonymous
// one for standard output), which becomes TARGET (or is copied out) only when every session
// was written: a refused export writes nothing.
Status ExportArchive(const SessionLog& log, const std::string& target, std::ostream& out) {
  namespace fs = std::filesystem;
  if (target == "-" || IsSpecialFile(target)) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> temp(std::tmpfile(), &std::fclose);
    if (!temp) return Status::IOError(Tr("cannot make a temporary file for the export"));
    if (Status s = StreamArchive(log, temp.get(), Tr("the temporary file of the export")); !s.ok())
      return s;
    std::rewind(temp.get());
    std::ofstream special;
    if (target != "-") special.open(target, std::ios::binary);
    std::ostream& to = target == "-" ? out : special;
    std::vector<char> buffer(1 << 16);
    for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), temp.get())) > 0;)
      to.write(buffer.data(), static_cast<std::streamsize>(n));
    to.flush();
    if (!to) return Status::IOError(Fill(Tr("cannot write {1}: the write failed"), {target}));
    return Status::Ok();
  }
  Result<std::string> temp = WriteTemp(Output{target, ""});
  if (!temp.ok()) return temp.status();
  std::error_code ec;
  std::FILE* file = std::fopen(temp->c_str(), "wb");
  if (file == nullptr) {
    fs::remove(*temp, ec);
    return Status::IOError(Fill(Tr("cannot write {1}"), {target}));
  }
  Status s = StreamArchive(log, file, target);
  if (std::fclose(file) != 0 && s.ok())
    s = Status::IOError(Fill(Tr("cannot write {1}: the write failed"), {target}));
  if (!s.ok()) {
    fs::remove(*temp, ec);
    return s;
  }
  fs::rename(*temp, target, ec);
  if (ec) {
    fs::remove(*temp, ec);
    return Status::IOError(Fill(Tr("cannot write {1}: {2}"), {target, ec.message()}));
  }
  return Status::Ok();
}

}  // namespace

int RunExport(const SessionLog& log, const ExportOptions& o, std::ostream& out, std::ostream& err) {
  auto fail = [&](const Status& s) {
    out.flush();
    err << ErrorPrefix() << s.message() << "\n";
    return 2;
  };
  if (o.all && o.id)
    return fail(Status::Syntax(Tr("export takes a session ID or --all, not both")));
  if (!o.all && !o.id)
    return fail(Status::Syntax(Tr("export needs a session ID (see carcref sessions) or --all")));
  if (o.svg.empty() && o.chart.empty() && o.json.empty() && o.csv.empty())
    return fail(
        Status::Syntax(Tr("export what? --svg FILE, --chart FILE, --json FILE|- or --csv FILE|-")));
  if (o.all && (!o.svg.empty() || !o.chart.empty() || !o.csv.empty()))
    return fail(Status::Syntax(Tr("--all exports the whole archive with --json only")));
  if (o.to && o.svg.empty() && o.chart.empty())
    return fail(Status::Syntax(Tr("--to N chooses the position for --svg and --chart")));
  int to_stdout = (o.svg == "-") + (o.chart == "-") + (o.json == "-") + (o.csv == "-");
  if (to_stdout > 1)
    return fail(Status::Syntax(Tr("only one output can go to standard output (-)")));

  if (o.all) {
    Status s = ExportArchive(log, o.json, out);
    if (!s.ok()) return fail(s);
    // TRANSLATORS: {1} the file export --all wrote.
    if (o.json != "-") out << Fill(Tr("wrote {1}: the whole archive as JSON"), {o.json}) << "\n";
    return 0;
  }
  std::vector<Output> outputs;
  {
    Result<SessionRecord> record = log.LoadSession(*o.id);
    if (!record.ok()) return fail(record.status());
    // The data is the log's own, but an export is how a session leaves the log: one whose
    // board cannot be rebuilt is refused, as a damaged command is, rather than passed on.
    if (Status tiles = CheckTileRecords(*record); !tiles.ok()) return fail(tiles);
    if (!o.json.empty())
      outputs.push_back({o.json, SessionJson(*record) + "\n", Tr("the session as JSON")});
    if (!o.csv.empty()) outputs.push_back({o.csv, ScoringCsv(*record), Tr("its scorings as CSV")});
    if (!o.svg.empty() || !o.chart.empty()) {
      std::string svg, chart;
      Status s = ReviewPictures(*record, o.to, o.svg.empty() ? nullptr : &svg,
                                o.chart.empty() ? nullptr : &chart);
      if (!s.ok()) return fail(s);
      if (!o.svg.empty()) outputs.push_back({o.svg, svg, Tr("the board as SVG")});
      if (!o.chart.empty()) outputs.push_back({o.chart, chart, Tr("the score chart as SVG")});
    }
  }

  // Everything is made: write the files through temporaries, then rename them all. A target
  // that is not a file (/dev/null, a pipe) is written as it is, after the renames: renaming a
  // temporary over it would replace it with a file.
  std::vector<std::pair<std::string, std::string>> renames;  // temp, target
  auto discard = [&] {
    std::error_code ec;
    for (auto& r : renames) std::filesystem::remove(r.first, ec);
  };
  for (const Output& output : outputs) {
    if (output.target == "-" || IsSpecialFile(output.target)) continue;
    Result<std::string> temp = WriteTemp(output);
    if (!temp.ok()) {
      discard();
      return fail(temp.status());
    }
    renames.emplace_back(*temp, output.target);
  }
  for (const auto& [temp, target] : renames) {
    std::error_code ec;
    std::filesystem::rename(temp, target, ec);
    if (ec) {
      discard();
      return fail(Status::IOError(Fill(Tr("cannot write {1}: {2}"), {target, ec.message()})));
    }
  }
  for (const Output& output : outputs) {
    if (output.target == "-" || !IsSpecialFile(output.target)) continue;
    std::ofstream file(output.target, std::ios::binary);
    file << output.text;
    file.close();
    if (!file)
      return fail(Status::IOError(Fill(Tr("cannot write {1}: the write failed"), {output.target})));
  }
  // What was written where (issue #20): on standard output, or beside it on standard error
  // when the data itself goes there.
  std::ostream& said = to_stdout > 0 ? err : out;
  for (const Output& output : outputs)
    if (output.target != "-")
      // TRANSLATORS: {1} a file written by export, {2} what it holds ("the board as SVG"),
      // {3} the session's number.
      said << Fill(Tr("wrote {1}: {2}, session {3}"),
                   {output.target, output.what, std::to_string(*o.id)})
           << "\n";
  for (const Output& output : outputs)
    if (output.target == "-") out << output.text;
  out.flush();
  return 0;
}

}  // namespace carcref
