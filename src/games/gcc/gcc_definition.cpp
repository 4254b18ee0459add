// Ghosts, Castles and Cemeteries as a game of its own (`--game gcc`, or `--game base --with
// gcc`): the base game's definition (base_rules.h) with GCC's options, commands and setup. The
// logs keep its options as they always have: the base game's, then "with", the alternatives
// and the start quarters (GccSetupHolder::OptionsJson, gcc.cpp).
#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "carcref/described_set.h"
#include "carcref/i18n.h"
#include "engine/parse_memo.h"
#include "games/base/base_rules.h"
#include "games/gcc/gcc.h"
#include "games/mists/mists_command.h"

namespace carcref {

namespace {

// C.1: the 2×2 start tile from --start, the Mists box from its record, the alternatives.
Result<std::shared_ptr<const ExpansionSetup>> MakeGccSetup(const GameStart& start) {
  auto option = [&start](const char* name) { return start.options.count(name) > 0; };
  std::string box_text;
  for (const auto& [name, text] : start.box)
    if (name == kMistsBoxRecord) box_text = text;
  GccSetup gcc;
  Result<DescribedSet> box = ParseDescribedSetMemo(box_text, "mists.yaml");
  if (!box.ok()) return box.status();
  gcc.box = std::move(box.value());
  gcc.start_text = SplitStartQuarters(option("--start") ? start.options.at("--start") : "");
  Result<std::vector<TilePtr>> quarters = ParseStartQuarters(gcc.start_text, start.saved);
  if (!quarters.ok()) return quarters.status();
  gcc.start = std::move(quarters.value());
  for (const GccAlternative& a : GccAlternatives()) gcc.options.*a.flag = option(a.option);
  GameSetup setup;
  PlayGcc(setup, std::move(gcc));
  return setup.expansion;
}

const BaseExpansion& Gcc() {
  static const BaseExpansion kGcc{
      [](const std::string& record) { return record == kMistsBoxRecord; }, MakeGccSetup};
  return kGcc;
}

}  // namespace

GameDefinition GccDefinition() {
  GameDefinition d = BaseDefinition();
  d.name = "gcc";
  d.title = TrNoop("Ghosts, Castles and Cemeteries");
  d.expands = "base";
  d.options.push_back({"--start", "\"NW NE SW SE\"",
                       "the 2×2 start tile's quarters as they lie (C.1.1; remembered)"});
  for (const GccAlternative& a : GccAlternatives()) d.options.push_back({a.option, "", a.help});
  d.in_quotes["--start"] = kStartInQuotes;
  for (CommandSpec& c : d.commands)
    if (c.name == "meeple") c.usage += " | castle | cemetery [guard]";
  auto meeple = std::find_if(d.commands.begin(), d.commands.end(),
                             [](const CommandSpec& c) { return c.name == "meeple"; });
  d.commands.insert(
      meeple + 1,
      {{"ghost", "ghost N | ghost X,Y [road|city SIDE | field HALF | monastery]",
        TrNoop("the meeple the ghost goes to (C.3)")},
       {"first", "first N", TrNoop("the finished feature that scores first (AMB-29)")}});
  d.make = [](const GameStart& start) { return BaseRules::Make(start, &Gcc()); };
  // As Make reads them: the Mists box, then the base game's records.
  auto read_base_record = d.read_tile_record;
  d.read_tile_record = [read_base_record](const std::string& record,
                                          const std::string& text) -> Status {
    if (record == kMistsBoxRecord) return ParseDescribedSet(text, record).status();
    return read_base_record(record, text);
  };
  auto read_base = d.read_logged_options;
  d.read_logged_options = [read_base](const std::string& json, GameStart* start) -> Status {
    if (Status s = read_base(json, start); !s.ok()) return s;
    try {
      YAML::Node o = YAML::Load(json);
      // A key the log lacks (written before the option existed) is off.
      for (const GccAlternative& a : GccAlternatives())
        if (o[a.key] && o[a.key].as<bool>()) start->options[a.option] = "";
      start->options["--start"] = LoggedStartQuarters(o);
    } catch (const YAML::Exception& e) {
      return Status::Corrupt("its options cannot be read (" + e.msg + ")");
    }
    return Status::Ok();
  };
  return d;
}

}  // namespace carcref
