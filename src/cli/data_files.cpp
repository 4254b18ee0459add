#include "cli/data_files.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "carcref/i18n.h"
#include "carcref/notation.h"
#include "carcref/words.h"
#include "engine/parse_memo.h"
#include "engine/yaml_read.h"

namespace carcref {

namespace fs = std::filesystem;

namespace {

// $XDG_DATA_HOME, or ~/.local/share, or "." with neither.
fs::path DataHome() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return xdg;
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path(home) / ".local" / "share";
  return ".";
}

}  // namespace

std::string DataDir() {
  if (const char* env = std::getenv("CARCREF_DATA"); env && *env) return env;
#ifdef CARCREF_SOURCE_DATA_DIR
  if (fs::is_directory(CARCREF_SOURCE_DATA_DIR)) return CARCREF_SOURCE_DATA_DIR;
#endif
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path share = exe.parent_path() / ".." / "share" / "carcref";
    if (fs::is_directory(share)) return share.string();
  }
  return "data";
}

std::string DefaultDatabasePath() { return (DataHome() / "carcref" / "carcref.db").string(); }

std::string SavedTilesPath() { return (DataHome() / "carcref" / "tiles.yaml").string(); }

namespace {

Status ReadOne(const std::string& name, std::vector<CatalogSource>& out,
               std::vector<std::string>& visiting) {
  for (const CatalogSource& s : out)
    if (s.set == name) return Status::Ok();
  if (std::find(visiting.begin(), visiting.end(), name) != visiting.end())
    // TRANSLATORS: {1} a tile set's name.
    return Status::Corrupt(Fill(Tr("tile set {1} includes itself"), {name}));
  fs::path file = fs::path(DataDir()) / "tiles" / (name + ".yaml");
  std::ifstream in(file);
  if (!in) {
    std::string known;
    for (const std::string& s : AvailableTileSets()) known += (known.empty() ? "" : ", ") + s;
    // TRANSLATORS: {1} the tile set asked for, {2} its file, {3} the sets there are.
    return Status::NotFound(Fill(Tr("no tile set '{1}' ({2} cannot be read); known sets: {3}"),
                                 {name, file.string(), known}));
  }
  std::stringstream text;
  text << in.rdbuf();
  if (IsDescribedSetTextMemo(text.str()))
    // TRANSLATORS: {1} the tile set, {2} its file.
    return Status::Illegal(Fill(Tr("tile set '{1}' is a described set ({2}): its tiles have no "
                                   "catalogue geometry; players describe each tile as it lies"),
                                {name, file.string()}));
  Result<Catalog> parsed = ParseCatalogMemo(text.str(), file.string());
  if (!parsed.ok()) return parsed.status();
  visiting.push_back(name);
  for (const std::string& inc : parsed->includes) {
    Status s = ReadOne(inc, out, visiting);
    if (!s.ok()) return s;
  }
  visiting.pop_back();
  out.push_back({name, file.string(), text.str()});
  return Status::Ok();
}

}  // namespace

Result<std::vector<CatalogSource>> ReadTileSet(const std::string& name) {
  std::vector<CatalogSource> out;
  std::vector<std::string> visiting;
  Status s = ReadOne(name, out, visiting);
  if (!s.ok()) return s;
  return out;
}

std::vector<std::string> AvailableTileSets() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(DataDir()) / "tiles", ec))
    if (entry.path().extension() == ".yaml") out.push_back(entry.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

Result<DescribedSet> ReadDescribedSet(const std::string& name, std::string* text_out) {
  fs::path file = fs::path(DataDir()) / "tiles" / (name + ".yaml");
  std::ifstream in(file);
  if (!in)
    return Status::NotFound(
        Fill(Tr("no tile set '{1}' ({2} cannot be read)"), {name, file.string()}));
  std::stringstream text;
  text << in.rdbuf();
  if (text_out) *text_out = text.str();
  return ParseDescribedSetMemo(text.str(), file.string());  // a game start reads it each time
}

// ---------------------------------------------------------------------------------------------
// Saved tiles
// ---------------------------------------------------------------------------------------------

namespace {

constexpr char kSavedTilesHeader[] =
    "# carcref: tiles saved with `tile save NAME DESCRIPTION` (man carcref, \"The long form\").\n"
    "# Each is used like a catalogue id. NAME: 'DESCRIPTION' exactly as typed, one line each;\n"
    "# names are compared case-insensitively. Schema: data/tiles/README.md, \"Saved tiles\".\n";

using yaml_read::LineOf;
using yaml_read::Locator;
using yaml_read::Shown;

struct SavedFile {
  std::map<std::string, std::string> tiles;
  bool has_tiles_key = false;
  int indent = 2;  // of the names under `tiles:`
};

// Parses the user catalogue's text; messages "FILE:LINE: what is wrong".
Result<SavedFile> ParseSavedTiles(const std::string& text, const std::string& file) {
  const Locator loc = Locator::InFile(file);
  SavedFile out;
  try {
    // Not YAML::LoadAll(): it can loop forever on a stray ',' (yaml_read.h).
    Result<YAML::Node> loaded = yaml_read::LoadOneDocument(text, "the saved tiles file", loc);
    if (!loaded.ok()) return loaded.status();
    const YAML::Node& root = *loaded;
    if (root.IsNull()) return out;
    if (!root.IsMap())
      return loc.Error(
          LineOf(root, 1),
          // TRANSLATORS: {1} what the file holds instead (YAML, quoted).
          Fill(Tr("the saved tiles file is a mapping with the key tiles, not {1}"), {Shown(root)}));
    YAML::Node tiles;
    for (YAML::const_iterator it = root.begin(); it != root.end(); ++it) {
      int line = LineOf(it->first, 1);
      if (!it->first.IsScalar() || it->first.Scalar() != "tiles")
        return loc.Error(line, Fill(Tr("unknown key {1} (expected: tiles)"), {Shown(it->first)}));
      if (out.has_tiles_key) return loc.Error(line, Tr("key 'tiles' is given twice"));
      out.has_tiles_key = true;
      tiles = it->second;
    }
    if (!out.has_tiles_key || tiles.IsNull()) return out;
    if (!tiles.IsMap())
      return loc.Error(
          LineOf(tiles, 1),
          Fill(Tr("'tiles' must map names to descriptions, e.g. gate: 'crfr', not {1}"),
               {Shown(tiles)}));
    std::map<std::string, std::pair<std::string, int>> seen;  // lower-case -> name, line
    bool first = true;
    for (YAML::const_iterator it = tiles.begin(); it != tiles.end(); ++it) {
      int line = LineOf(it->first, 1);
      if (!it->first.IsScalar() || !ValidSavedTileName(it->first.Scalar()))
        return loc.Error(line,
                         Fill(Tr("{1} is not a tile name (a letter, then letters, digits, _ or -)"),
                              {Shown(it->first)}));
      const std::string name = it->first.Scalar();
      if (first && it->first.Mark().column >= 0) out.indent = it->first.Mark().column;
      first = false;
      auto [where, fresh] = seen.emplace(Lower(name), std::make_pair(name, line));
      if (!fresh)
        // TRANSLATORS: {1} the name, {2} the name as first saved, {3} the line it is on.
        return loc.Error(line,
                         Fill(Tr("tile '{1}' is saved twice (first as '{2}' on line {3}; "
                                 "names are case-insensitive)"),
                              {name, where->second.first, std::to_string(where->second.second)}));
      const YAML::Node value = it->second;  // a copy: it-> yields a temporary
      if (!value.IsScalar() || value.Scalar().empty() ||
          value.Scalar().find_first_of("\r\n") != std::string::npos)
        return loc.Error(value.IsNull() ? line : LineOf(value, line),
                         Fill(Tr("the description of '{1}' must be one line of text in quotes, "
                                 "e.g. 'crfr', not {2}"),
                              {name, Shown(value)}));
      out.tiles[name] = value.Scalar();
    }
    return out;
  } catch (const YAML::Exception& e) {
    // TRANSLATORS: {1} what the YAML reader says (English).
    return loc.Error(e.mark.line >= 0 ? e.mark.line + 1 : 1, Fill(Tr("YAML syntax: {1}"), {e.msg}));
  } catch (const std::exception& e) {
    return loc.Error(1, Fill(Tr("cannot read the saved tiles: {1}"), {e.what()}));
  }
}

// The file's text; "" when it does not exist.
Result<std::string> ReadWholeFile(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::string();
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::IOError("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  if (in.bad()) return Status::IOError("cannot read " + path);
  return text.str();
}

std::string Quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    out += c;
    if (c == '\'') out += '\'';
  }
  return out + "'";
}

// Removes PATH.tmp.PID files left by a carcref killed while it saved (PID no longer running):
// each save writes its own, and one interrupted before its rename would stay for ever. A PID
// still running may be another carcref saving right now; its file is left alone. Best effort.
void RemoveStaleTemps(const std::string& path) {
  fs::path target(path);
  std::string prefix = target.filename().string() + ".tmp.";
  std::error_code ec;
  fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.compare(0, prefix.size(), prefix) != 0 || name.size() == prefix.size()) continue;
    std::string digits = name.substr(prefix.size());
    if (digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        }))
      continue;
    pid_t pid = static_cast<pid_t>(std::stol(digits));
    if (pid <= 0 || pid == ::getpid()) continue;
    if (::kill(pid, 0) == 0 || errno != ESRCH) continue;
    std::error_code removed;
    fs::remove(it->path(), removed);
  }
}

// Writes `text` to `path` atomically: a temporary file next to it, fsync, rename.
Status WriteAtomically(const std::string& path, const std::string& text) {
  fs::path target(path);
  std::error_code ec;
  RemoveStaleTemps(path);
  fs::create_directories(target.parent_path(), ec);
  if (ec)
    return Status::IOError(
        Fill(Tr("cannot create {1}: {2}"), {target.parent_path().string(), ec.message()}));
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  mode_t mode = 0644;
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) mode = st.st_mode & 07777;
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
  // TRANSLATORS: {1} a file, {2} the system's reason (in English).
  if (fd < 0)
    return Status::IOError(Fill(Tr("cannot write {1}: {2}"), {tmp, std::strerror(errno)}));
  auto fail = [&](const std::string& pattern) {  // "cannot write {1}: {2}"
    std::string why = std::strerror(errno);
    if (fd >= 0) ::close(fd);
    ::unlink(tmp.c_str());
    return Status::IOError(Fill(pattern, {tmp, why}));
  };
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(Tr("cannot write {1}: {2}"));
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0) return fail(Tr("cannot sync {1}: {2}"));
  int closed = ::close(fd);
  fd = -1;
  if (closed != 0) return fail(Tr("cannot close {1}: {2}"));
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    return Status::IOError(Fill(Tr("cannot replace {1}: {2}"), {path, why}));
  }
  int dir = ::open(target.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);  // best effort: the rename itself is done
    ::close(dir);
  }
  return Status::Ok();
}

}  // namespace

bool ValidSavedTileName(std::string_view name) {
  if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

Result<std::map<std::string, std::string>> ReadSavedTiles() {
  const std::string path = SavedTilesPath();
  RemoveStaleTemps(path);  // whoever reads them tidies after a save that was killed
  Result<std::string> text = ReadWholeFile(path);
  if (!text.ok()) return text.status();
  Result<SavedFile> parsed = ParseSavedTiles(*text, path);
  if (!parsed.ok()) return parsed.status();
  return std::move(parsed->tiles);
}

std::optional<std::string> FindSavedTile(const std::map<std::string, std::string>& saved,
                                         std::string_view name) {
  std::string want = Lower(name);
  for (const auto& [saved_name, description] : saved)
    if (Lower(saved_name) == want) return description;
  return std::nullopt;
}

Status SaveTile(const std::string& name, const std::string& description) {
  if (!ValidSavedTileName(name))
    // TRANSLATORS: `tile save`: {1} the name given.
    return Status::Syntax(Fill(Tr("'{1}' is not a tile name: a name starts with a letter and "
                                  "goes on with letters, digits, _ or -"),
                               {name}));
  if (LooksLikeShortForm(name))
    return Status::Syntax(Fill(
        Tr("'{1}' reads as a short-form description (NOTATION.md); choose another name"), {name}));
  if (description.find_first_not_of(" \t") == std::string::npos)
    return Status::Syntax(Fill(Tr("there is no description to save under '{1}'"), {name}));
  if (description.find_first_of("\r\n") != std::string::npos)
    return Status::Syntax(Tr("a saved description is one line"));
  for (const std::string& set : AvailableTileSets()) {
    fs::path file = fs::path(DataDir()) / "tiles" / (set + ".yaml");
    Result<std::string> text = ReadWholeFile(file.string());
    if (!text.ok() || IsDescribedSetText(*text)) continue;
    Result<Catalog> catalog = ParseCatalog(*text, file.string());
    if (!catalog.ok()) continue;
    if (TilePtr clash = catalog->Find(name))
      // TRANSLATORS: {1} the name given, {2} the catalogue tile's id, {3} the tile set.
      return Status::Illegal(Fill(Tr("'{1}' is tile {2} of the {3} catalogue; choose another name"),
                                  {name, clash->id, catalog->set}));
  }

  const std::string path = SavedTilesPath();
  Result<std::string> old_text = ReadWholeFile(path);
  if (!old_text.ok()) return old_text.status();
  Result<SavedFile> old = ParseSavedTiles(*old_text, path);
  if (!old.ok()) return old.status();  // damaged: refused, never overwritten
  for (const auto& [saved_name, saved_description] : old->tiles) {
    if (Lower(saved_name) != Lower(name)) continue;
    if (saved_description == description) return Status::Ok();
    // TRANSLATORS: {1} the name saved already, {2} its description.
    return Status::Illegal(Fill(Tr("a tile '{1}' is saved already, as {2}; choose another name"),
                                {saved_name, Quoted(saved_description)}));
  }

  std::map<std::string, std::string> want = old->tiles;
  want[name] = description;
  // Append the entry to the file as it is, keeping its comments and order.
  std::string text = *old_text;
  if (text.find_first_not_of(" \t\r\n") == std::string::npos && !old->has_tiles_key)
    text = kSavedTilesHeader;
  if (!text.empty() && text.back() != '\n') text += '\n';
  if (!old->has_tiles_key) text += "tiles:\n";
  text += std::string(static_cast<size_t>(std::max(1, old->indent)), ' ') + name + ": " +
          Quoted(description) + "\n";
  Result<SavedFile> check = ParseSavedTiles(text, path);
  if (!check.ok() || check->tiles != want) {
    // The file's layout does not take an appended line (flow style, say): write it afresh.
    text = kSavedTilesHeader;
    text += "tiles:\n";
    for (const auto& [n, d] : want) text += "  " + n + ": " + Quoted(d) + "\n";
    check = ParseSavedTiles(text, path);
    if (!check.ok() || check->tiles != want)
      return Status::Syntax(check.ok()
                                ? Tr("the description cannot be saved as written: it reads back "
                                     "differently")
                                : Fill(Tr("the description cannot be saved as written: {1}"),
                                       {check.status().message()}));
  }
  return WriteAtomically(path, text);
}

}  // namespace carcref
