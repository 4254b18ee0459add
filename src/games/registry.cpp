// The one registration list (games/registry.h) and the lookups that read it.
#include "games/registry.h"

#include <algorithm>
#include <deque>
#include <utility>
#include <vector>

#include "carcref/i18n.h"

namespace carcref {

namespace {

// Definitions and views side by side, in deques so that a later RegisterGame moves nothing
// (a Match keeps a pointer to its definition). The front of both is module 0.
struct Registry {
  std::deque<GameDefinition> definitions;
  std::deque<GameView> views;
};

void Add(Registry& r, GameModule module) {
  module.view.game = module.definition.name;
  r.definitions.push_back(std::move(module.definition));
  r.views.push_back(std::move(module.view));
}

Registry& TheRegistry() {
  static Registry registry = [] {
    Registry r;
    // One line per game.
    for (GameModule& m : std::vector<GameModule>{
             BaseModule(),
             GccModule(),
             MistsModule(),
             CityModule(),
         })
      Add(r, std::move(m));
    return r;
  }();
  return registry;
}

}  // namespace

Status RegisterGame(GameModule module) {
  if (module.definition.name.empty()) return Status::Illegal("a game needs a name");
  if (!module.definition.make)
    return Status::Illegal("game " + module.definition.name + " has no make");
  if (FindGame(module.definition.name))
    return Status::Illegal("game " + module.definition.name + " is registered already");
  Add(TheRegistry(), std::move(module));
  return Status::Ok();
}

const std::deque<GameDefinition>& GameDefinitions() { return TheRegistry().definitions; }

const GameDefinition* FindGame(std::string_view name) {
  for (const GameDefinition& g : GameDefinitions())
    if (g.name == name) return &g;
  return nullptr;
}

const GameView* FindView(std::string_view game) {
  for (const GameView& v : TheRegistry().views)
    if (v.game == game) return &v;
  return nullptr;
}

namespace {

// How a game is chosen: "Mists over Carcassonne (--game mists)", "Ghosts, Castles and
// Cemeteries (--with gcc)".
std::string HowToPlay(const GameDefinition& g) {
  return Tr(g.title.c_str()) + " (" + (g.expands.empty() ? "--game " : "--with ") + g.name + ")";
}

bool HasExpansions(const GameDefinition& g) {
  for (const GameDefinition& other : GameDefinitions())
    if (other.expands == g.name) return true;
  return false;
}

}  // namespace

std::string OptionOwners(const std::string& option, const std::string& game) {
  std::string owners;
  std::vector<std::string> owner_names;
  for (const GameDefinition& other : GameDefinitions()) {
    bool declares = option == "--with" ? other.expands.empty() && HasExpansions(other)
                                       : FindOption(other, option) != nullptr;
    bool via_expanded = !other.expands.empty() && std::find(owner_names.begin(), owner_names.end(),
                                                            other.expands) != owner_names.end();
    if (declares && other.name != game && !via_expanded) {
      owners =
          owners.empty() ? HowToPlay(other) : Fill(Tr("{1} and {2}"), {owners, HowToPlay(other)});
      owner_names.push_back(other.name);
    }
  }
  return owners;
}

Status CheckOptions(const GameDefinition& game, const OptionValues& options) {
  for (const auto& [name, value] : options) {
    if (!FindOption(game, name))
      if (std::string owners = OptionOwners(name, game.name); !owners.empty())
        // TRANSLATORS: {1} an option as typed (--level), {2} the games it belongs to, each
        // named by its title and how to play it ("Mists over Carcassonne (--game mists)"),
        // {3} the title of the game it was given to.
        return Status::Illegal(
            Fill(Tr("{1} belongs to {2}, not to {3}"), {name, owners, Tr(game.title.c_str())}));
    if (Status own = CheckDeclaredOptions(game, {{name, value}}); !own.ok()) return own;
  }
  return Status::Ok();
}

}  // namespace carcref
