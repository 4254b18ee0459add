// Seeded random legal games of GCC, Mists co-op and The City, for `carcref bench`
// (simulate.h). The Mists tiles have no known geometry (tiles/mists.md): the GCC and co-op
// games draw random descriptions that the parser accepts and the box can still hold —
// invented for the workload, never added to a catalogue.
#include <algorithm>
#include <cassert>
#include <map>
#include <set>

#include "carcref/city.h"
#include "carcref/city_tile.h"
#include "carcref/gcc.h"
#include "carcref/mists_command.h"
#include "carcref/mists_rules.h"
#include "carcref/notation.h"
#include "carcref/simulate.h"

namespace carcref {

namespace {

template <typename T>
const T& Pick(SeededRandom& random, const std::vector<T>& from) {
  assert(!from.empty());
  return from[static_cast<size_t>(random.Below(static_cast<int>(from.size())))];
}

// A Mists tile as a player would type it (NOTATION.md short form): four edges from c r f R F,
// sometimes a pennant, separate caps, a castle, cemetery or monastery, `=`, ghost symbols.
// Many are refused by the parser or the box; callers keep the ones both accept.
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

// The cells where `type` fits as it lies (rotation 0: a described tile is typed as it lies).
std::vector<Cell> AsItLies(const Board& board, const TileType& type) {
  std::vector<Cell> cells;
  for (const Placement& p : board.LegalPlacements(type))
    if (p.quarters == 0) cells.push_back(p.cell);
  return cells;
}

// GCC: the steps after a tile until the next tile is awaited; random legal answers.
void FinishGccTurn(Game& game, SeededRandom& random) {
  for (int step = 0; step < 64; ++step) {
    switch (game.phase()) {
      case Phase::kGhost:
        MustSucceed(game.Haunt(Pick(random, GccGhostCandidates(game))));
        break;
      case Phase::kOrder:
        MustSucceed(game.ScoreFirst(random.Below(static_cast<int>(GccPending(game).size()))));
        break;
      case Phase::kPlaceMeeple: {
        std::vector<int> options = game.MeepleSegments();
        if (options.empty() || random.Below(2) == 0) {
          MustSucceed(game.Pass());
        } else {
          bool guard = random.Below(3) == 0 && GccGuardSupply(game, game.current_player()) > 0;
          MustSucceed(game.PlaceMeeple(Pick(random, options), guard));
        }
        break;
      }
      default:
        return;
    }
  }
}

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

// Mists co-op: one command for the step the game awaits; empty when none could be made.
std::string NextMistsCommand(const MistsGame& g, SeededRandom& random, int* hound_calmed) {
  switch (g.phase()) {
    case MistsPhase::kPlaceTile:
      for (int attempt = 0; attempt < 400; ++attempt) {
        std::string d = RandomMistsDescription(random, false);
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

// The City: the tile descriptions its seeded random test draws from (tests/unit/city_test.cpp).
const std::vector<std::string>& CityTiles() {
  static const std::vector<std::string> kTiles = {
      "hhhh",  "shsh",  "hshs",  "shhh", "hshh",  "hhsh",  "hhhs",  "sssh",  "sshs",
      "shss",  "hsss",  "ssss",  "sshh", "hssh",  "hhss",  "shhs",  "mmmmG", "mmmmGF",
      "hmhhF", "hhmhL", "mhhhG", "hhhm", "smsh",  "shsm",  "hhhhp", "hhhh*", "[hsm]mmmL*",
      "hbhhp", "mmhh",  "hmmh",  "smmh", "hbhh*", "mmmmFL"};
  return kTiles;
}

}  // namespace

RandomGameResult PlayRandomGccGame(const GameSetup& setup, std::uint64_t seed) {
  RandomGameResult out;
  Result<Game> started = Game::New(setup);
  assert(started.ok());
  Game game = std::move(started.value());
  SeededRandom random(seed);
  std::vector<TilePtr> bag = ShuffledBag(game, random);
  size_t next = 0;
  while (game.phase() == Phase::kPlaceTile && next < bag.size()) {
    if (random.Below(2) == 0) {  // a Mists tile described as it lies, when one fits
      std::string d = RandomMistsDescription(random, true);
      Result<TileType> tile = ParseShortForm(d);
      if (tile.ok() && game.box()->CanTake(*tile).ok()) {
        std::vector<Cell> cells = AsItLies(game.board(), *tile);
        if (!cells.empty()) {
          auto type = std::make_shared<const TileType>(std::move(tile.value()));
          MustSucceed(game.PlaceTile(type, Pick(random, cells), 0));
          ++out.placements;
          FinishGccTurn(game, random);
          continue;
        }
      }
    }
    const TilePtr& tile = bag[next++];
    std::vector<Placement> places = game.board().LegalPlacements(*tile);
    if (places.empty()) {
      MustSucceed(game.Discard(tile));
      ++out.discards;
      continue;
    }
    const Placement& p = Pick(random, places);
    MustSucceed(game.PlaceTile(tile, p.cell, p.quarters));
    ++out.placements;
    FinishGccTurn(game, random);
  }
  if (game.phase() == Phase::kPlaceTile) MustSucceed(game.End());
  for (const ScoreTotals& t : game.totals()) out.totals.push_back(t.Total());
  out.final_hash = game.Hash();
  return out;
}

RandomGameResult PlayRandomMistsGame(const MistsSetup& setup, std::uint64_t seed) {
  RandomGameResult out;
  Result<MistsGame> started = MistsGame::New(setup);
  assert(started.ok());
  MistsGame game = std::move(started.value());
  SeededRandom random(seed);
  std::map<std::string, std::string> saved;
  int hound_calmed = -1;
  for (int step = 0; step < 3000; ++step) {
    if (game.phase() == MistsPhase::kWon || game.phase() == MistsPhase::kLost) break;
    std::string line = NextMistsCommand(game, random, &hound_calmed);
    if (line.empty()) break;
    int tiles = game.board().size();
    if (!ApplyMistsCommand(game, line, saved).ok()) continue;  // another draw next time
    out.placements += game.board().size() > tiles;
    out.discards += line.rfind("discard", 0) == 0;
  }
  out.totals.push_back(game.phase() == MistsPhase::kWon ? 1 : 0);
  out.totals.push_back(game.bank());
  out.final_hash = game.Hash();
  return out;
}

RandomGameResult PlayRandomCityGame(int players, std::uint64_t seed) {
  RandomGameResult out;
  GameStart start;
  static const char* const kNames[] = {"Anna", "Ben", "Cleo", "Dan", "Eva"};
  static const char* const kColours[] = {"red", "blue", "green", "yellow", "black"};
  for (int p = 0; p < players && p < 5; ++p) start.players.push_back({kNames[p], kColours[p]});
  Result<std::unique_ptr<GameRules>> made = CityDefinition().make(start);
  assert(made.ok());
  CityRules& rules = static_cast<CityRules&>(*made.value());
  SeededRandom random(seed);
  for (int step = 0; step < 4000 && !rules.Over(); ++step) {
    Awaiting a = rules.Awaits();
    std::string line;
    if (a.step == "tile") {
      const std::string& text = Pick(random, CityTiles());
      Result<CityTile> tile = ParseCityTile(text);
      assert(tile.ok());
      std::vector<Cell> places = rules.city().PlacesFor(*tile);
      line = places.empty() ? "discard " + text
                            : "place " + text + " " + CellName(Pick(random, places));
      if (places.empty())
        ++out.discards;
      else
        ++out.placements;
    } else {
      if (a.answers.empty()) break;
      line = Pick(random, a.answers);
    }
    MustSucceed(rules.Apply(line).status());
  }
  out.totals = rules.Scores();
  out.final_hash = rules.Hash();
  return out;
}

}  // namespace carcref
