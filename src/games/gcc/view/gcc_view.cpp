// GCC's view: the base game's (base/view/) with the Mists box read too (the 2×2 start tile,
// B.1.4, C.1.1) and `tile save` kept for later games.
#include <ostream>
#include <string>
#include <vector>

#include "carcref/base_rules.h"
#include "cli/data_files.h"
#include "games/base/view/base_view.h"
#include "games/mists/view/mists_table.h"
#include "games/registry.h"

namespace carcref {

namespace {

Status PrepareGcc(GameStart& start, const SessionLog* log, std::ostream& out) {
  if (Status s = PrepareBase(start, log, out); !s.ok()) return s;
  return PrepareMistsBox(start, log, out);
}

// The plain tiles' symbols, and what GCC adds to the board: guards, mist, the ghost symbols
// printed on Mists tiles, ghosts with a meeple, castles and cemeteries.
std::vector<std::string> GccLegend() {
  std::vector<std::string> legend = SvgTileLegend();
  legend.insert(legend.end(), {"guard", "mist", "ghost symbols", "ghost", "castle", "cemetery"});
  return legend;
}

}  // namespace

GameModule GccModule() {
  GameView v = BaseView(GccLegend());
  v.prepare = PrepareGcc;
  v.remember_tile = [](const std::string& n, const std::string& d) { return SaveTile(n, d); };
  return {GccDefinition(), v};
}

}  // namespace carcref
