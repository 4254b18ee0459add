// A seeded random legal Mists co-op game, for `carcref bench` and the tests
// (PlayRandomMistsGame, mists.h). The Mists tiles have no known geometry (tiles/mists.md): the
// game draws random descriptions that the parser accepts and the box can still hold —
// invented for the workload, never added to a catalogue (RandomMistsDescription, which GCC's
// random game draws too).
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "carcref/notation.h"
#include "carcref/simulate.h"
#include "games/mists/mists.h"
#include "games/mists/mists_command.h"
#include "games/mists/mists_rules.h"

namespace carcref {

namespace {

std::string Words(const PlacedTile& t, int segment) {
  FeatureKind kind = t.type->segments[static_cast<size_t>(segment)].kind;
  if (kind == FeatureKind::kCastle) return "castle";
  for (Side s : kSides)
    if (t.OwnerOfBoardPort(MiddlePort(s)) == segment)
      return std::string(kind == FeatureKind::kRoad ? "road " : "city ") + std::string(SideName(s));
  return "";
}

std::string MeepleWords(const MistsGame& g, int index) {
  const MistsMeeple& m = g.meeples()[static_cast<size_t>(index)];
  const PlacedTile& t = g.board().tile(m.tile);
  return CellName(t.cell) + " " + Words(t, m.segment);
}

// "X,Y WHERE COUNT": one ghost from one ghost place of the tile (AMB-27).
std::string CalmWords(const MistsGame& g, int tile) {
  const PlacedTile& t = g.board().tile(tile);
  for (const auto& [spot, count] : g.ghosts()) {
    if (spot.tile != tile) continue;
    if (t.type->segments[static_cast<size_t>(spot.segment)].kind == FeatureKind::kCemetery)
      return CellName(t.cell) + " cemetery 1";
    for (Port p = 0; p < kPorts; ++p)
      if (PartOfPort(p) != 1 && t.MistOfBoardPort(p) == spot.segment)
        return CellName(t.cell) + " " + std::string(HalfName(p)) + " 1";
    for (Side s : kSides)
      if (t.MistOfBoardPort(MiddlePort(s)) == spot.segment)
        return CellName(t.cell) + " road " + std::string(SideName(s)) + " 1";
  }
  return CellName(t.cell);
}

std::vector<int> HauntedTiles(const MistsGame& g, const std::vector<int>* allowed = nullptr) {
  std::set<int> tiles;
  for (const auto& [spot, count] : g.ghosts())
    if (!allowed || std::find(allowed->begin(), allowed->end(), spot.tile) != allowed->end())
      tiles.insert(spot.tile);
  return {tiles.begin(), tiles.end()};
}

// The ghost symbols of a description RandomMistsDescription drew (its digits: "ffFR2/1").
int GhostSymbols(const std::string& description) {
  int symbols = 0;
  for (char c : description)
    if (c >= '0' && c <= '9') symbols += c - '0';
  return symbols;
}

// Mists co-op: one command for the step the game awaits; empty when none could be made. A
// careful team draws, while it can, no tile the bank could not haunt (B.7.4: one ghost more
// than its symbols, for an open cemetery, B.7.5) and calms ghosts whenever a feature is
// evaluated and the bank is at half or less (B.9.2).
std::string NextMistsCommand(const MistsGame& g, SeededRandom& random, int* hound_calmed,
                             bool careful) {
  switch (g.phase()) {
    case MistsPhase::kPlaceTile:
      for (int attempt = 0; attempt < 400; ++attempt) {
        std::string d = RandomMistsDescription(random, false);
        if (careful && attempt < 200 && GhostSymbols(d) + 1 > g.bank()) continue;
        Result<TileType> tile = ParseShortForm(d);
        if (!tile.ok() || !g.box().CanTake(*tile).ok()) continue;
        std::vector<Cell> cells = AsItLies(g.board(), *tile);
        if (cells.empty()) {
          if (g.board().LegalPlacements(*tile).empty() && random.Below(8) == 0)
            return "discard " + d;  // B.5.5
          continue;
        }
        return "place " + d + " " + CellName(Pick(random, cells));
      }
      return "";
    case MistsPhase::kBury: {
      std::vector<int> standing = g.BuryCandidates();
      if (!standing.empty()) return "bury " + MeepleWords(g, Pick(random, standing));
      std::vector<int> colours;  // EDGE-10: none standing, one from a supply
      for (int c = 0; c < static_cast<int>(g.colours().size()); ++c)
        if (g.Supply(c) > 0) colours.push_back(c);
      if (colours.empty()) return "";
      return "bury " + g.colours()[static_cast<size_t>(Pick(random, colours))];
    }
    case MistsPhase::kCemeteryGhost:
      return "cemetery " + CellName(Pick(random, g.OpenCemeteries()));
    case MistsPhase::kPlaceMeeple: {
      std::vector<int> segments = g.MeepleSegments();
      std::vector<int> colours = g.PlayableColours();
      if (segments.empty() || colours.empty() || random.Below(8) == 0) return "pass";
      int pick = random.Below(static_cast<int>(segments.size()));
      return "meeple " + std::to_string(pick + 1) + " " +
             g.colours()[static_cast<size_t>(Pick(random, colours))];
    }
    case MistsPhase::kEvaluate: {
      std::string n = std::to_string(random.Below(static_cast<int>(g.pending().size())) + 1);
      bool calm = random.Below(g.level().bank) >= g.bank();  // B.9.2, more often when low
      if (careful) calm = 2 * g.bank() <= g.level().bank;
      std::vector<int> tiles = HauntedTiles(g);
      if (!calm || tiles.empty()) return "score " + n;
      return "calm " + n + " " + CalmWords(g, Pick(random, tiles));
    }
    case MistsPhase::kHound:
      return "hound " + MeepleWords(g, Pick(random, g.StandingMeeples()));
    case MistsPhase::kHoundCalm: {
      const Hound& h = g.hounds()[static_cast<size_t>(g.hounds_reached() - 1)];
      Cell c = g.board().tile(h.tile).cell;
      std::vector<int> block;
      for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy) {
          int t = g.board().IndexAt({c.x + dx, c.y + dy});
          if (t >= 0 && t != *hound_calmed) block.push_back(t);
        }
      std::vector<int> tiles = HauntedTiles(g, &block);
      if (tiles.empty() || random.Below(4) == 0) return "done";
      *hound_calmed = Pick(random, tiles);
      return "calm " + CalmWords(g, *hound_calmed);
    }
    case MistsPhase::kFaceDown:
      return "facedown " + CellName(Pick(random, g.FaceDownCells()));
    case MistsPhase::kHauntArea:  // EDGE-08
    {
      std::vector<std::string> answers = MistsAnswers(g);
      return Pick(random, answers);
    }
    case MistsPhase::kWon:
    case MistsPhase::kLost:
      break;
  }
  return "";
}

}  // namespace

std::string RandomMistsDescription(SeededRandom& random, bool monastery) {
  static const char kEdges[] = {'c', 'r', 'f', 'R', 'F', 'F', 'f'};
  std::string d;
  for (int i = 0; i < 4; ++i) d += kEdges[random.Below(static_cast<int>(sizeof kEdges))];
  bool city = d.find('c') != std::string::npos;
  bool mist = d.find_first_of("RF") != std::string::npos;
  if (city && random.Below(4) == 0) d += '+';
  if (city && random.Below(6) == 0) d += '|';
  switch (random.Below(10)) {
    case 0:
      d += 'k';
      break;
    case 1:
      d += 'g';
      break;
    case 2:
      if (monastery) d += 'm';
      break;
    default:
      break;
  }
  if (mist && random.Below(3) == 0) d += '=';
  if (mist) {
    d += std::to_string(1 + random.Below(3));
    if (random.Below(4) == 0) d += "/" + std::to_string(1 + random.Below(2));
  }
  return d;
}

RandomGameResult PlayRandomMistsGame(const MistsSetup& setup, std::uint64_t seed,
                                     bool record_commands, bool careful) {
  RandomGameResult out;
  Result<MistsGame> started = MistsGame::New(setup);
  assert(started.ok());
  MistsGame game = std::move(started.value());
  SeededRandom random(seed);
  std::map<std::string, std::string> saved;
  int hound_calmed = -1;
  for (int step = 0; step < 3000; ++step) {
    if (game.phase() == MistsPhase::kWon || game.phase() == MistsPhase::kLost) break;
    std::string line = NextMistsCommand(game, random, &hound_calmed, careful);
    if (line.empty()) break;
    int tiles = game.board().size();
    if (!ApplyMistsCommand(game, line, saved).ok()) continue;  // another draw next time
    if (record_commands) out.commands.push_back(line);
    out.placements += game.board().size() > tiles;
    out.discards += line.rfind("discard", 0) == 0;
  }
  out.totals.push_back(game.phase() == MistsPhase::kWon ? 1 : 0);
  out.totals.push_back(game.bank());
  out.final_hash = game.Hash();
  return out;
}

}  // namespace carcref
