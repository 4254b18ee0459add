// The one registration list (games/registry.h) and the lookups that read it.
#include "games/registry.h"

#include <deque>
#include <utility>
#include <vector>

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

Status CheckOptions(const GameDefinition& game, const OptionValues& options) {
  for (const auto& [name, value] : options) {
    if (!FindOption(game, name))
      for (const GameDefinition& other : GameDefinitions())
        if (&other != &game && FindOption(other, name))
          return Status::Illegal(name + " is an option of " + other.name + ", not of " + game.name);
    if (Status own = CheckDeclaredOptions(game, {{name, value}}); !own.ok()) return own;
  }
  return Status::Ok();
}

}  // namespace carcref
