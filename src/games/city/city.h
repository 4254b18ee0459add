// Carcassonne: The City (RULES.md §D): setup, the turn state machine of D.2, wall building
// (D.7, D.8), the end of the game (D.9) and final scoring (D.10).
//
// A CityGame is a value. Verbs either change it and return Ok, or return the reason (one line
// naming the rule) and change nothing. After an accepted verb, last_report() holds what that
// verb caused: its scorings with their breakdown and notes for the table. Where the rules
// leave only one answer (no follower can be placed, no tower can be placed, exactly one wall
// slot and nothing to choose about it) the game takes it by itself, says so in a note and
// remembers the canonical command (auto_answers()) so that typing it anyway is accepted as
// "nothing to do" (NOTATION.md "Canonical commands").
//
// Geometry. Tiles lie on cells (geometry.h); a city tile is never rotated (city_tile.h). A wall
// slot is one tile edge (EDGE-22): `wall 2,0 E` lies against the east edge of the tile at 2,0,
// on its outer side. The wall is one chain of slots listed in clockwise order round the city
// (walking along the wall with the city on the right). Its first element is the
// counter-clockwise end, its last the clockwise end; the gate is somewhere in it.
//
// CityRules (bottom) is the GameRules face of the game: it parses the NOTATION.md commands
// into verbs and reports the state as JSON.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "carcref/game.h"
#include "carcref/geometry.h"
#include "carcref/option_flag.h"
#include "carcref/rules.h"
#include "carcref/status.h"
#include "games/city/city_board.h"
#include "games/city/city_tile.h"

namespace carcref {

struct RandomGameResult;  // simulate.h

// D.1: the box.
constexpr int kCityFollowers = 7;    // D.1.2: 8 per colour, 1 on the scoring track
constexpr int kCityWallPieces = 70;  // D.1.1, D.8.4: a short piece sends a standard one back
constexpr int kCityShortPieces = 2;
constexpr int kCityTowers = 12;  // D.1.2: split equally, 6/4/3

// The alternatives the register offers (RULES.md §E); the defaults are the recommended ones.
struct CityOptions {
  // AMB-18 alternative: a scoring by the last tile of stack 1 builds walls too (with the
  // piece counts of stack 2).
  bool walls_when_stack1_empty = false;
  // AMB-19 alternative: one wall building per scored feature, not one per tile.
  bool wall_per_feature = false;
  // CONF-08 alternative: a piece need not lie against a tile; see PlaceWall.
  bool walls_need_no_tile = false;
  // EDGE-20 alternative: a follower scored this turn is back in the supply at once, so it
  // can be a watchman in the wall building of the same turn.
  bool scored_watchmen = false;
  // AMB-23 alternative: a watchman scores per tile in view with a building (3 if one of them
  // is historic, else 2), not per building.
  bool watchman_per_tile = false;
  // D.1.3: the tiles in the three stacks (a shorter game may use smaller stacks).
  std::array<int, 3> stacks = {30, 25, 20};
  // D.1.1: standard wall pieces in the box. Not a table option: tests use fewer to reach the
  // last piece (D.9.1a) without placing 70.
  int wall_pieces = kCityWallPieces;
};

// The register's alternatives as `play` options (default off).
using CityAlternative = OptionFlag<CityOptions>;
const std::vector<CityAlternative>& CityAlternatives();

struct CitySetup {
  std::vector<PlayerSpec> players;  // 2–4, in turn order (D.1.2)
  CityOptions options;
};

// kTile: the current player places (or discards) the drawn tile.
// kFollower: the current player may put a follower on the tile just placed, or pass.
// kGate / kWall / kTower: a wall building (D.8) awaits the gate, a wall piece, a tower or pass.
// kOver: the game has ended and been scored.
enum class CityPhase { kTile, kFollower, kGate, kWall, kTower, kOver };
std::string_view CityPhaseName(CityPhase phase);  // "tile", "follower", "gate", "wall", …

struct PlacedCityTile {
  Cell cell;
  CityTile tile;
  int player = 0;  // who placed it
  int turn = 0;    // 1-based turn number
  int stack = 1;   // the stack it came from (D.1.3, D.7)
};

// A follower on a street, a market or a residential area of a placed tile (D.4).
// Watchmen stand on wall slots (WallSlot::watchman).
struct CityFollower {
  int player = 0;
  int tile = 0;  // index into tiles()
  int area = 0;  // index into that tile's CityTile::areas
};

enum class WallKind { kGate, kStandard, kShort };
std::string_view WallKindName(WallKind kind);  // "gate", "standard", "short"

struct WallSlot {
  Cell cell;           // the tile (or, with walls_need_no_tile, the cell) inside the wall
  Side side = kNorth;  // the piece lies against this edge of `cell`, on its outer side
  WallKind kind = WallKind::kStandard;
  int player = -1;    // who placed it
  int watchman = -1;  // owner of the watchman on it, or -1 (D.8.6)
  int tower = -1;     // owner of the tower on it, or -1 (D.8.7)
  int turn = 0;
};

// A street, market or residential area across the board: areas joined across edges
// (D.5, city_tile.h rule 4).
struct CityFeature {
  CityPart kind = CityPart::kStreet;
  std::vector<std::pair<int, int>> areas;  // (tile, area), ascending
  std::vector<int> tiles;                  // distinct tile indices, ascending
  int goods = 0;                           // markets: CityGoods bits of all its tiles
  std::vector<int> followers;              // per player
  int open_ports = 0;        // ports facing an empty cell with no wall piece or gate there
  bool complete = false;     // streets and markets: no open port (D.5.1, D.5.2)
  bool done = false;         // completed on an earlier step: scored, or completed empty (D.6.5)
  std::vector<int> markets;  // residential areas: touching market features (D.10.1)
};

struct CityFeatures {
  std::vector<CityFeature> list;
  std::vector<std::vector<int>> of;  // [tile][area] -> index into list
};

// Explain(): what an area is worth.
struct CityExplanation {
  CityPart kind = CityPart::kStreet;
  std::vector<Cell> cells;         // its tiles
  std::vector<int> followers;      // per player
  bool complete = false;           // streets and markets
  int value_now = 0;               // its value as it stands (residential: as at the end)
  int value_at_end = 0;            // what it scores if the game ends now (D.9.4, D.10.1)
  std::vector<std::string> words;  // the breakdown, one line each
};

// A wall slot a piece may go to now.
struct WallChoice {
  Cell cell;
  Side side = kNorth;
  bool can_short = false;     // next to the gate with a short piece left (D.8.4 RD)
  bool can_watchman = false;  // the placer has a follower and nobody watches from opposite
};

// The wall building under way (D.8).
struct CityWallBuilding {
  int trigger = 0;          // who caused it (D.8.1)
  int stack = 2;            // its piece counts (D.7, D.8.8)
  std::vector<int> order;   // who places each piece; with first_gate, order[0] places the gate
  int step = 0;             // index into order of the piece awaited
  bool first_gate = false;  // the first wall building: the trigger's first piece is the gate
  int queued = 0;           // further wall buildings after this one (AMB-19 alternative)
};

class CityGame {
 public:
  // Checks the setup: 2–4 players with distinct names and colours (an empty colour gets one
  // of red, blue, yellow, green), stacks of at least 1 tile each.
  static Result<CityGame> New(CitySetup setup);

  // --- Verbs -----------------------------------------------------------------------------
  // D.3: the drawn tile on `c`. The first tile goes on 0,0 (D.1.4); later ones share an edge
  // with a placed tile, street meets street and non-street meets non-street (D.3.1), and no
  // edge of `c` lies on the outer side of a wall piece or the gate (EDGE-19). Then the
  // follower step, or straight on to scoring when no follower can be placed.
  Status PlaceTile(const CityTile& tile, Cell c);
  // D.3.2: the drawn tile fits nowhere and leaves the game; the same player draws again.
  // Refused, naming a cell where it fits, when it fits somewhere.
  Status Discard(const CityTile& tile);
  // D.4: a follower on area `area` of the tile just placed, then scoring (D.6) and wall
  // building (D.8).
  Status PlaceFollower(int area);
  // kFollower: no follower. kTower: no tower.
  Status Pass();
  // D.8.2: the city gate against side `s` of the tile at `c`, on the city's outer edge.
  Status PlaceGate(Cell c, Side s);
  // D.8.4: a wall piece on the slot (c, s), extending one end of the wall; `short_piece` for a
  // short piece (only as the first piece beside the gate); `watchman` puts one of the
  // placer's followers on it (D.8.6, AMB-20). By default (CONF-08) the slot after an end is
  // the next outer tile edge going round the city; with walls_need_no_tile any of the three
  // grid edges continuing the end whose outer cell holds no tile.
  Status PlaceWall(Cell c, Side s, bool short_piece, bool watchman);
  // D.8.7: a tower on the wall end (c, s) (a piece or the gate).
  Status PlaceTower(Cell c, Side s);
  // D.9: the table ends the game between turns (D.9.1c as the players measure it).
  Status End();

  // --- Queries ---------------------------------------------------------------------------
  CityPhase phase() const { return phase_; }
  bool over() const { return phase_ == CityPhase::kOver; }
  const CitySetup& setup() const { return setup_; }
  int players() const { return static_cast<int>(setup_.players.size()); }
  int current_player() const { return current_; }  // whose turn it is
  int acting_player() const;          // whose answer is awaited (the placer of a wall piece)
  int turn() const { return turn_; }  // 1-based
  // A sentence for the table: "Anna to place a wall piece (2 of 4, stack 3)".
  std::string AwaitWords() const;

  const std::vector<PlacedCityTile>& tiles() const { return tiles_; }
  int TileAt(Cell c) const;                     // index into tiles(), or -1
  int last_tile() const { return last_tile_; }  // the tile of this turn, or -1
  const std::vector<CityFollower>& followers() const { return followers_; }
  const std::vector<WallSlot>& wall() const { return wall_; }  // chain order, see top
  int gate_index() const { return gate_; }                     // into wall(), -1 before the gate
  int WallIndexAt(Cell c, Side s) const;                       // the slot on that tile edge, or -1
  const std::optional<CityWallBuilding>& building() const { return building_; }

  // The stack the next tile comes from (during a turn: the stack of this turn's tile), 1–3,
  // and the tiles left in it; 0 when every tile has been played.
  int stack() const;
  int TilesLeftInStack() const;
  int TilesLeft() const;
  int tiles_used() const { return used_; }  // placed + discarded
  int discarded() const { return discarded_; }
  int WallPiecesLeft() const { return setup_.options.wall_pieces - pieces_placed_; }
  int ShortPiecesLeft() const { return kCityShortPieces - shorts_placed_; }
  int TowersLeft(int player) const { return towers_[player]; }
  int Supply(int player) const { return supply_[player]; }
  // Followers scored this turn, back in the supply at the end of the turn (D.6.4, EDGE-20).
  int Returning(int player) const { return returning_[player]; }
  int Watchmen(int player) const;

  std::vector<int> Scores() const;  // per player: the sum of their ScoreLine points
  const std::vector<ScoreLine>& score_lines() const { return lines_; }
  const Report& last_report() const { return report_; }
  std::vector<int> Winners() const;  // D.10.3, AMB-24: every player with the top total
  const std::string& end_reason() const { return end_reason_; }
  // An answer the rules took by themselves: the canonical command ("pass", "wall 2,0 E") and
  // why it was the only one, kept as the English message (marked with TrNoop) and its values,
  // so that the note is worded in the table's language when it is read, not when it was kept.
  struct AutoAnswerNote {
    std::string command;
    const char* why = "";
    std::vector<std::string> values;
  };
  // Answers the rules took by themselves since the last accepted verb, in order.
  const std::vector<AutoAnswerNote>& auto_answers() const { return auto_answers_; }
  // The redundant answer (NOTATION.md "Canonical commands"): when `command` is the first
  // answer the rules took by themselves, it is used up and the note to report is returned.
  // Nothing else changes, so the hash does not either (the pending answers are dialogue, not
  // game state).
  std::optional<std::string> TakeRedundant(const std::string& command);

  // Features from scratch (a flood fill over the areas).
  CityFeatures Features() const;
  // An area's value now and at the end (D.6, D.9.4, D.10.1). NotFound for no tile or area.
  Result<CityExplanation> Explain(Cell c, int area) const;
  // "street N–S at 1,0", "market NL+N+NR at 0,0": an area in words.
  std::string AreaWords(int tile, int area) const;

  // kFollower: areas of the tile just placed that may take a follower, ascending.
  std::vector<int> FollowerChoices() const;
  // Why a follower may not go on `area` of the tile just placed (Ok if it may).
  Status CheckFollower(int area) const;
  // Cells where `tile` may be placed now (D.3), ascending.
  std::vector<Cell> PlacesFor(const CityTile& tile) const;
  // Why `tile` may not go on `c` (Ok if it may).
  Status CheckPlacement(const CityTile& tile, Cell c) const;
  // kGate: the tile edges the gate may go against (D.8.2).
  std::vector<std::pair<Cell, Side>> GateChoices() const;
  // kWall: where the awaited piece may go (D.8.4); empty when there is no slot.
  std::vector<WallChoice> WallChoices() const;
  // kTower: wall indices of the ends a tower may go on (D.8.7).
  std::vector<int> TowerChoices() const;
  // The two wall ends as wall indices (ccw end first); {-1, -1} before the gate.
  std::pair<int, int> WallEnds() const;
  // D.9.3 (AMB-22): the free outer tile edges between the two ends of the wall going round
  // the city; -1 before the gate or when the ends do not meet along the city's outline.
  int WallGap() const;
  // D.10.2: the tiles a watchman on wall slot `index` sees, up to the first empty cell.
  std::vector<int> WatchmanView(int index) const;

  // Followers in supply + returning + on the board + watchmen = 7 per player; pieces placed
  // ≤ 70 and short pieces ≤ 2; towers placed ≤ the share; the wall is one chain with one
  // gate; tiles do not overlap and streets match; scores = the sum of the ScoreLines.
  // With CheckLiveFeatures: the features kept up to date as the board grows equal the
  // from-scratch flood fill.
  Status CheckInvariants() const;
  // The features kept up to date (city_board.h) against ComputeFeatures: the same streets,
  // markets and residential areas with the same areas, tiles, goods, followers, open ports,
  // completion and done flag, and the same markets touching each residential area. Corrupt,
  // naming the first difference, if not.
  Status CheckLiveFeatures() const;
  std::uint64_t Hash() const;  // deterministic, over everything the rules read

 private:
  CityGame() = default;

  // Turn flow (city.cpp).
  bool FollowerFits(int area) const;              // CheckFollower without its words
  bool Fits(const CityTile& tile, Cell c) const;  // CheckPlacement without its words
  void EnterFollowerStep();
  void ScoreTurn();
  void StartWallBuilding();
  void NextWallStep();
  void TowerStep();
  void FinishWallBuilding();
  void EndTurn();
  void EndGame(const std::string& reason);
  void Note(std::string text) { report_.notes.push_back(std::move(text)); }
  // `why` is an English message marked with TrNoop, `values` fill its {1}, {2} ….
  void AutoAnswer(std::string command, const char* why, std::vector<std::string> values = {});
  void Begin();  // a verb starts: a fresh report

  // Scoring (city_score.cpp).
  int ScoreCompleted(bool by_wall);  // returns the number of scorings (D.6.5)
  void CloseCity();                  // D.9.4
  void FinalScoring();               // D.10
  void ReturnFollowers(const CityFeature& f);
  void AddLine(ScoreLine line);
  CityFeatures ComputeFeatures(bool closing) const;
  // The board kept up to date (city_board.h): a tile placed last in tiles(), a piece or the
  // gate on (c, s); the feature of live_ root `root` as ComputeFeatures lists it (its markets
  // named by their roots).
  void AddTileToBoard(int t);
  void AddWallToBoard(Cell c, Side s);
  CityFeature LiveFeature(int root) const;
  std::string FeatureWhere(const CityFeature& f) const;
  int FeatureValue(const CityFeature& f, std::string* reason) const;
  // The scoring of a feature by majority (D.6.3, D.9.4, D.10.1): every player with the most
  // followers on it (`top` > 0) scores its value in full.
  ScoreLine MajorityLine(const CityFeature& f, int top, bool final) const;

  // Wall geometry (city_wall.cpp).
  bool Blocked(Cell c) const;         // EDGE-19
  bool WallOn(Cell c, Side s) const;  // a piece or the gate on that grid edge
  std::vector<bool> OutsideMask(int& x0, int& y0, int& w, int& h) const;
  bool IsOutside(Cell c) const;
  std::optional<std::pair<Cell, Side>> NextSlot(std::pair<Cell, Side> end, bool clockwise) const;
  std::vector<std::pair<Cell, Side>> EndCandidates(bool clockwise) const;
  bool BlockedByOppositeWatchman(Cell c, Side s) const;  // AMB-20
  std::string EndsWords() const;

  CitySetup setup_;
  CityPhase phase_ = CityPhase::kTile;
  int current_ = 0;
  int turn_ = 1;
  std::vector<PlacedCityTile> tiles_;
  std::vector<CityFollower> followers_;
  std::vector<std::vector<bool>> done_;  // [tile][area]: its feature was completed earlier
  std::vector<WallSlot> wall_;
  int gate_ = -1;
  int pieces_placed_ = 0;  // standard + short (D.8.4: a short piece sends a standard back)
  int shorts_placed_ = 0;
  std::optional<CityWallBuilding> building_;
  int used_ = 0;  // tiles placed or discarded
  int discarded_ = 0;
  int last_tile_ = -1;
  int turn_stack_ = 1;  // the stack of this turn's tile
  int scorings_ = 0;    // scorings caused by this turn's tile (D.8.1)
  std::vector<int> supply_;
  std::vector<int> returning_;
  std::vector<int> towers_;
  std::vector<ScoreLine> lines_;
  Report report_;
  std::vector<AutoAnswerNote> auto_answers_;
  CellGrid<int> at_{-1};               // cell -> index into tiles_, or -1
  CellGrid<std::uint8_t> wall_at_{0};  // WallBit, kOutsideWall (city_board.h)
  std::vector<Cell> frontier_;         // empty cells sharing an edge with a tile, ascending
  CityLiveFeatures live_;
  std::string end_reason_;
};

// The game as a GameRules, driven by the NOTATION.md commands of The City:
//   place DESCRIPTION [at] X,Y | discard DESCRIPTION
//   meeple street SIDE | meeple market HALF|SIDE|CORNER | meeple residential HALF|SIDE|CORNER
//   meeple N | pass | gate X,Y SIDE | wall X,Y SIDE [short] [watchman] | tower X,Y SIDE | end
// A saved tile name (GameStart::saved) stands for its description. Parsing is syntax only;
// the CityGame decides legality. Every refusal is one line naming the rule.
class CityRules : public GameRules {
 public:
  static Result<std::unique_ptr<GameRules>> Make(const GameStart& start);
  explicit CityRules(CityGame game, std::map<std::string, std::string> saved = {},
                     OptionValues options = {});

  std::string_view game() const override { return "city"; }
  [[nodiscard]] Result<Report> Apply(std::string_view line) override;
  Awaiting Awaits() const override;
  bool Over() const override { return game_.over(); }
  std::uint64_t Hash() const override;
  std::vector<int> Scores() const override { return game_.Scores(); }
  std::string StateJson() const override;
  std::unique_ptr<GameRules> Clone() const override;
  std::vector<ScoreLine> History() const override { return game_.score_lines(); }
  [[nodiscard]] Status CheckInvariants() const override {
    if (Status s = game_.CheckInvariants(); !s.ok()) return s;
    return CheckScoresAreHistory(*this);
  }
  // `explain X,Y KIND WHERE` (an area's value), `remaining` (tiles, pieces, towers).
  [[nodiscard]] Result<std::vector<std::string>> Ask(std::string_view line) const override;
  [[nodiscard]] Result<std::string> SaveTile(const std::string& name,
                                             const std::string& description) override;

  const CityGame& city() const { return game_; }
  const std::map<std::string, std::string>& saved() const { return saved_; }  // `tile save`

 private:
  Result<std::vector<std::string>> Where(std::string_view line) const;
  CityGame game_;
  std::map<std::string, std::string> saved_;
  OptionValues options_;
};

// "city", "Carcassonne: The City", the options and the command table.
GameDefinition CityDefinition();

// The City with `players` players and its default options, for `carcref bench` and the tests
// (src/games/city/city_simulate.cpp; RandomGameResult: simulate.h): tiles from the descriptions
// of its seeded random test, random legal answers, to the end.
RandomGameResult PlayRandomCityGame(int players, std::uint64_t seed, bool record_commands = false);

}  // namespace carcref
