#include "cli/session_replay.h"

#include <cstdio>
#include <yaml-cpp/yaml.h>

#include "cli/json.h"

namespace carcref {

std::string HashHex(std::uint64_t hash) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
  return buf;
}

std::string OptionsJson(const GameSetup& s, const std::string& extra_tiles) {
  JsonWriter w;
  w.BeginObject().Value("game", s.game).Value("farmers", s.farmers).Value("tiles", extra_tiles);
  w.BeginArray("players");
  for (const PlayerSpec& p : s.players)
    w.BeginObject().Value("name", p.name).Value("color", p.color).EndObject();
  w.EndArray().EndObject();
  return w.str();
}

Result<GameSetup> SetupFromLog(const SessionRecord& session, std::vector<CatalogSource>* sources) {
  GameSetup setup;
  std::string where = "session " + std::to_string(session.id);
  try {
    YAML::Node options = YAML::Load(session.options);
    setup.game = options["game"].as<std::string>();
    setup.farmers = options["farmers"].as<bool>();
    for (const YAML::Node& p : options["players"])
      setup.players.push_back({p["name"].as<std::string>(), p["color"].as<std::string>()});
  } catch (const YAML::Exception& e) {
    return Status::Corrupt(where + ": its options cannot be read (" + e.msg + ")");
  }
  std::vector<CatalogSource> stored;
  setup.tile_sets.clear();
  for (const TileRecord& tile : session.tiles) {
    stored.push_back({tile.name, where + ":" + tile.name + ".yaml", tile.definition});
    setup.tile_sets.push_back(tile.name);
  }
  if (stored.empty()) return Status::Corrupt(where + ": the log holds no tile definitions");
  Result<Catalog> catalog = BuildCatalog(stored);
  if (!catalog.ok()) return catalog.status();
  setup.catalog = std::move(catalog.value());
  if (sources) *sources = std::move(stored);
  return setup;
}

Result<Referee> ReplayLog(const SessionRecord& session, std::optional<std::size_t> upto,
                          const ReplayStep& each) {
  Result<GameSetup> setup = SetupFromLog(session, nullptr);
  if (!setup.ok()) return setup.status();
  Result<Referee> started = Referee::Start(*setup);
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
