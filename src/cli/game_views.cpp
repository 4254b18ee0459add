// The completion helpers every game's view shares (game_views.h). The views themselves live in
// their games' folders (src/games/GAME/view/).
#include "cli/game_views.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <vector>

#include "carcref/notation.h"
#include "carcref/words.h"

namespace carcref {

std::vector<std::string> TileSetNames() {
  std::vector<std::string> out;
  for (const GameDefinition& g : GameDefinitions())
    if (const GameView* view = FindView(g.name))
      for (const std::string& set : view->tile_sets) AddWordOnce(out, set);
  return out;
}

std::string DefaultTileSet() {
  std::vector<std::string> sets = TileSetNames();
  return sets.empty() ? std::string() : sets.front();
}

void AddWordOnce(std::vector<std::string>& out, const std::string& word) {
  if (std::find(out.begin(), out.end(), word) == out.end()) out.push_back(word);
}

std::vector<std::string> MeepleWords(const PlacedTile& tile, const std::vector<int>& segments,
                                     const std::vector<std::string>& typed) {
  std::vector<std::string> out;
  for (int s : segments) {
    FeatureKind kind = tile.type->segments[static_cast<std::size_t>(s)].kind;
    std::string name(FeatureKindName(kind));
    if (typed.size() == 1) {
      AddWordOnce(out, name);
      continue;
    }
    if (typed.size() != 2 || Lower(typed[1]) != name) continue;
    if (kind == FeatureKind::kRoad || kind == FeatureKind::kCity) {
      for (int side = 0; side < 4; ++side)
        if (tile.OwnerOfBoardPort(MiddlePort(static_cast<Side>(side))) == s)
          AddWordOnce(out, std::string(SideName(static_cast<Side>(side))));
    } else if (kind == FeatureKind::kField) {
      for (Port p = 0; p < kPorts; ++p)
        if (PartOfPort(p) != 1 && tile.OwnerOfBoardPort(p) == s)
          AddWordOnce(out, std::string(HalfName(p)));
    }
  }
  return out;
}

int NamedSegment(const PlacedTile& tile, const std::vector<int>& segments,
                 const std::vector<std::string>& words) {
  if (words.size() == 1 && !words[0].empty() &&
      words[0].find_first_not_of("0123456789") == std::string::npos) {
    std::size_t n = words[0].size() > 3 ? 0 : std::stoul(words[0]);
    return n >= 1 && n <= segments.size() ? segments[n - 1] : -1;
  }
  if (words.empty() || words.size() > 2) return -1;
  for (int s : segments) {
    std::vector<std::string> sides = MeepleWords(tile, {s}, {"meeple", Lower(words[0])});
    if (MeepleWords(tile, {s}, {"meeple"}) != std::vector<std::string>{Lower(words[0])}) continue;
    if (words.size() == 1 ? sides.empty()
                          : std::any_of(sides.begin(), sides.end(), [&](const std::string& w) {
                              return Lower(w) == Lower(words[1]);
                            }))
      return s;
  }
  return -1;
}

std::vector<std::string> PlacementWords(const std::vector<Placement>& placements,
                                        const std::vector<std::string>& typed, bool with_rotation) {
  std::vector<std::string> out;
  std::size_t at = typed.size() > 2 && Lower(typed[2]) == "at" ? 3 : 2;  // "place T at X,Y"
  if (typed.size() == at) {
    for (const Placement& p : placements) AddWordOnce(out, CellName(p.cell));
  } else if (with_rotation && typed.size() == at + 1) {
    std::optional<Cell> cell = ParseCell(typed[at]);
    if (cell)
      for (const Placement& p : placements)
        if (p.cell == *cell) AddWordOnce(out, std::to_string(p.quarters * 90));
  }
  return out;
}

Result<TileSaveLine> ParseTileSaveLine(const std::string& line) {
  std::istringstream in(line);
  std::string tile_word, save_word;
  TileSaveLine out;
  in >> tile_word >> save_word >> out.name;
  std::getline(in, out.description);
  out.description.erase(0, out.description.find_first_not_of(" \t"));
  out.description.erase(out.description.find_last_not_of(" \t") + 1);
  if (Lower(save_word) != "save" || out.name.empty() || out.description.empty())
    return Status::Syntax("usage: tile save NAME DESCRIPTION (e.g. tile save bridge fRfR1)");
  return out;
}

}  // namespace carcref
