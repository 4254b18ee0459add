#include "cli/data_files.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace carcref {

namespace fs = std::filesystem;

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

std::string DefaultDatabasePath() {
  fs::path base;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) {
    base = xdg;
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    base = fs::path(home) / ".local" / "share";
  } else {
    base = ".";
  }
  return (base / "carcref" / "carcref.db").string();
}

namespace {

Status ReadOne(const std::string& name, std::vector<CatalogSource>& out,
               std::vector<std::string>& visiting) {
  for (const CatalogSource& s : out)
    if (s.set == name) return Status::Ok();
  if (std::find(visiting.begin(), visiting.end(), name) != visiting.end())
    return Status::Corrupt("tile set " + name + " includes itself");
  fs::path file = fs::path(DataDir()) / "tiles" / (name + ".yaml");
  std::ifstream in(file);
  if (!in) {
    std::string known;
    for (const std::string& s : AvailableTileSets()) known += (known.empty() ? "" : ", ") + s;
    return Status::NotFound("no tile set '" + name + "' (" + file.string() +
                            " cannot be read); known sets: " + known);
  }
  std::stringstream text;
  text << in.rdbuf();
  Result<Catalog> parsed = ParseCatalog(text.str(), file.string());
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

Result<Catalog> BuildCatalog(const std::vector<CatalogSource>& sources) {
  Catalog all;
  for (const CatalogSource& src : sources) {
    Result<Catalog> parsed = ParseCatalog(src.text, src.file);
    if (!parsed.ok()) return parsed.status();
    if (all.set.empty()) all.set = parsed->set;
    Status s = MergeCatalog(all, *parsed);
    if (!s.ok()) return s;
    all.set = parsed->set;  // the last one read is the one asked for
  }
  return all;
}

std::vector<std::string> AvailableTileSets() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(DataDir()) / "tiles", ec))
    if (entry.path().extension() == ".yaml") out.push_back(entry.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace carcref
