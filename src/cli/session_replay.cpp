#include "cli/session_replay.h"

#include <yaml-cpp/yaml.h>

#include <cstdio>

#include "carcref/json.h"
#include "cli/coop_table.h"

namespace carcref {

std::string HashHex(std::uint64_t hash) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
  return buf;
}

namespace {
constexpr char kSavedPrefix[] = "saved:";
}  // namespace

std::string SavedTileRecord(const std::string& name) { return kSavedPrefix + name; }

Result<GameSetup> SetupFromLog(const SessionRecord& session, std::vector<CatalogSource>* sources,
                               SavedTiles* saved_out) {
  GameSetup setup;
  std::string where = "session " + std::to_string(session.id);
  bool gcc = false;
  GccSetup gcc_setup;
  try {
    YAML::Node options = YAML::Load(session.options);
    setup.game = options["game"].as<std::string>();
    setup.farmers = options["farmers"].as<bool>();
    for (const YAML::Node& p : options["players"])
      setup.players.push_back({p["name"].as<std::string>(), p["color"].as<std::string>()});
    if (options["with"] && options["with"].as<std::string>() == "gcc") {
      gcc = true;
      gcc_setup.options.only_scorers_pay = options["only_scorers_pay"].as<bool>();
      gcc_setup.options.castle_counts_itself = options["castle_counts_itself"].as<bool>();
      for (const YAML::Node& q : options["start"])
        gcc_setup.start_text.push_back(q.as<std::string>());
    }
  } catch (const YAML::Exception& e) {
    return Status::Corrupt(where + ": its options cannot be read (" + e.msg + ")");
  }
  std::vector<CatalogSource> stored;
  SavedTiles saved;
  std::string box_text;
  setup.tile_sets.clear();
  for (const TileRecord& tile : session.tiles) {
    if (gcc && tile.name == kMistsBoxRecord) {
      box_text = tile.definition;
    } else if (gcc && tile.name.rfind(kSavedPrefix, 0) == 0) {
      saved[tile.name.substr(sizeof kSavedPrefix - 1)] = tile.definition;
    } else {
      stored.push_back({tile.name, where + ":" + tile.name + ".yaml", tile.definition});
      setup.tile_sets.push_back(tile.name);
    }
  }
  if (stored.empty()) return Status::Corrupt(where + ": the log holds no tile definitions");
  Result<Catalog> catalog = BuildCatalog(stored);
  if (!catalog.ok()) return catalog.status();
  setup.catalog = std::move(catalog.value());
  if (gcc) {
    Result<DescribedSet> box = ParseDescribedSet(box_text, where + ":mists.yaml");
    if (!box.ok()) return Status::Corrupt(box.status().message());
    gcc_setup.box = std::move(box.value());
    Result<std::vector<TilePtr>> start = ParseStartQuarters(gcc_setup.start_text, saved);
    if (!start.ok()) return Status::Corrupt(where + ": " + start.status().message());
    gcc_setup.start = std::move(start.value());
    setup.gcc = std::move(gcc_setup);
  }
  if (sources) *sources = std::move(stored);
  if (saved_out) *saved_out = std::move(saved);
  return setup;
}

Result<Referee> ReplayLog(const SessionRecord& session, std::optional<std::size_t> upto,
                          const ReplayStep& each) {
  SavedTiles saved;
  Result<GameSetup> setup = SetupFromLog(session, nullptr, &saved);
  if (!setup.ok()) return setup.status();
  Result<Referee> started = Referee::Start(*setup, std::move(saved));
  if (!started.ok()) return started.status();
  Referee r = std::move(started.value());
  std::string where = "session " + std::to_string(session.id);
  std::size_t replayed = 0;
  for (const CommandRecord& c : session.commands) {
    if (c.undone) continue;
    if (upto && replayed >= *upto) break;
    Result<Outcome> done = r.Execute(c.text);
    if (!done.ok())
      return Status::Corrupt(where + ", command " + std::to_string(c.seq) + " '" + c.text +
                             "' is refused on replay: " + done.status().message());
    if (HashHex(r.game().Hash()) != c.state_hash)
      return Status::Corrupt(where + ", command " + std::to_string(c.seq) + " '" + c.text +
                             "': the state after replay differs from the logged one (" +
                             HashHex(r.game().Hash()) + " vs " + c.state_hash +
                             "); the log or the rules changed");
    ++replayed;
    if (each) each(c, *done, r);
  }
  return r;
}

}  // namespace carcref
