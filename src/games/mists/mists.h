// Mists over Carcassonne, the cooperative game, levels 1–6 (RULES.md §B).
//
// The team plays tiles described as they lie (the Mists tiles have no catalogue geometry),
// scores together against the level's goal, and loses the moment a ghost cannot be placed or
// a tile cannot be drawn. Like Game, a MistsGame is a value: verbs either change it and
// return Ok, or return the reason and change nothing. Where the rules give the table a choice
// the game stops in a phase that names it, with the legal options, and the next verb answers.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "carcref/board.h"
#include "carcref/described_set.h"
#include "carcref/features.h"
#include "carcref/option_flag.h"
#include "carcref/settled.h"
#include "carcref/status.h"

namespace carcref {

class SeededRandom;       // simulate.h
struct RandomGameResult;  // simulate.h

enum class CemeteryRule { kNone, kNormal, kHaunted };

// B.3: the level table, thresholds as absolute scores.
struct MistsLevel {
  int level = 1;
  int tiles = 50;  // tiles in play (castles and cemeteries out at level 1)
  int piles = 1;   // 1 face-down supply, or 3 piles of 20 (levels 3–6)
  int hound1 = 0;  // 0: no hounds at this level
  int hound2 = 0;
  int goal = 50;
  int bank = 15;  // ghosts, the 3 on the start tile included (B.2.1)
  CemeteryRule cemeteries = CemeteryRule::kNone;
  bool per_colour = false;  // level 6 (B.13)
};

// The 2×2 start tile's quarters, in the order MistsSetup::start lists them: NW NE SW SE.
inline constexpr Cell kMistsStartCells[4] = {{0, 1}, {1, 1}, {0, 0}, {1, 0}};

// Puts the described start tile on an empty board (B.1.4, C.1.4): four tiles whose inner edges
// match, no castle or cemetery (the ruin only ends roads), 3 ghost symbols as 2 + 1.
Status PlaceMistsStart(const std::vector<TilePtr>& start, Board& board, Features& features);

// Nullptr for a level that does not exist.
const MistsLevel* FindMistsLevel(int level);

// The alternatives the register offers (RULES.md §E), defaults = the recommended ones.
struct MistsOptions {
  bool meeples_on_misty_roads = true;  // CONF-04 (seed): allowed
  bool facedown_orthogonal = false;    // AMB-06: any of the 8 neighbours sharing an edge
  bool meeples_on_fields = false;      // AMB-03: not allowed (alternative: allowed, no effect)
  bool no_burying_hounds = false;      // AMB-05: a meeple with a hound may be buried
  bool unplaceable_loses = false;      // AMB-10/EDGE-03: an unplaceable tile is discarded
  // AMB-08: level 6's score markers come from the box with 1–2 players (alternative: always
  // from the playable meeples, so 2 per colour instead of 3).
  bool marker_from_meeples = false;
  // AMB-04: a finished feature with no meeple is not evaluated (alternative: the team may
  // calm up to 3 ghosts for it, as for an occupied one; "score" then takes nothing).
  bool calm_unoccupied = false;
  // AMB-28: 1 fewer ghost for the tile (alternative: 1 fewer per open mist area that extends
  // a bank).
  bool fewer_per_area = false;
  // AMB-25: the hounds waiting on an evaluated feature score before the thresholds are checked
  // (alternative: thresholds first, then those hounds).
  bool thresholds_before_hounds = false;
  // AMB-26: after the win the waiting features stay unevaluated (alternative: they are
  // evaluated for the record: points, their meeples home, their hounds scored).
  bool evaluate_after_win = false;
  // AMB-02: a finished bank sends back the ghosts of its mist areas (alternative: every ghost
  // on the bank's tiles, other mist areas and cemeteries included).
  bool bank_takes_tile_ghosts = false;
  // A session logged before AMB-28 (B.7.3) and EDGE-24 (B.14.1) were settled (its options
  // have no "rules" key) replays by the rules it was played with: B.7.2's ghost left off the
  // last open area, and a hound waiting on the evaluation that reached the goal scoring first.
  // Never a `play` option: new sessions are logged with "rules": kMistsRulesEdition.
  bool before_amb28_edge24 = false;
};

// The edition of the Mists rules new sessions are logged with (OptionsJson's "rules").
constexpr int kMistsRulesEdition = 2;

// The alternatives added after the first logs, as `play` options (default off): a log written
// before one existed has no key for it, and the option is off. CONF-04 (--no-misty-meeples,
// whose key says the opposite) and AMB-06 (--facedown-orthogonal) every log holds.
using MistsAlternative = OptionFlag<MistsOptions>;
const std::vector<MistsAlternative>& MistsAlternatives();

struct MistsPlayer {
  std::string name;
  std::vector<std::string> colours;  // 1 (3–5 players), 2 (2 players) or 4 (solo) (B.2.2)
};

struct MistsSetup {
  int level = 1;
  std::vector<MistsPlayer> players;  // 1–5, in turn order
  MistsOptions options;
  // The 2×2 start tile, described quarter by quarter: NW (0,1), NE (1,1), SW (0,0), SE (1,0).
  // Its ghost symbols (3 in all, B.1.4) receive the first ghosts of the bank (B.2.1).
  std::vector<TilePtr> start;
  // What is known of the box (data/tiles/mists.yaml): 60 tiles, 5 castles, 5 cemeteries, the
  // tiles per number of ghost symbols. A described tile the box cannot hold is refused.
  DescribedSet box;
};

// Fills in default colours (B.2.2) and checks players and colours: 1–5 players, colours from
// red green blue yellow black pink, none twice, the right number per player.
Status CompleteMistsPlayers(std::vector<MistsPlayer>& players);

// Meeples per colour for the player count (B.2.2): 5, or 3 with 1–2 players.
int MeeplesPerColour(int players);

struct MistsMeeple {
  int colour = 0;   // index into Colours()
  int tile = 0;     // board index
  int segment = 0;  // the feature it stands on; a buried meeple lies on the cemetery
  bool buried = false;
};

struct Hound {
  int number = 1;  // 1 (Rufus) or 2 (Ronja)
  int tile = -1;   // the meeple it waits with: (tile, segment) of a standing meeple
  int segment = -1;
  bool done = false;  // scored, lost or boxed
  // AMB-25's alternative: its meeple's feature was evaluated and the meeple went home; the
  // hound scores for this colour once the thresholds are resolved (-1: not waiting to score).
  int scoring_colour = -1;
};

// A ghost location: a mist area or a cemetery of a placed tile (AMB-02: ghosts are kept by
// (tile, area)).
struct GhostSpot {
  int tile = 0;
  int segment = 0;
  friend bool operator<(GhostSpot a, GhostSpot b) {
    return a.tile != b.tile ? a.tile < b.tile : a.segment < b.segment;
  }
  friend bool operator==(GhostSpot a, GhostSpot b) {
    return a.tile == b.tile && a.segment == b.segment;
  }
};

// Something that happened, in words and numbers, for the table and the log.
struct MistsEvent {
  enum class Kind {
    kScore,         // a feature scored points (B.9)
    kCalm,          // ghosts calmed instead (B.9.2) or by a hound (B.11.3)
    kMistFinished,  // a bank finished, its ghosts back (B.6.5)
    kGhosts,        // ghosts placed (B.7)
    kBurial,        // a meeple buried (B.10.3)
    kHound,         // a hound placed, lost or scored (B.11)
    kPiles,         // piles merged (B.11.3 c)
    kFaceDown,      // a face-down tile (B.12.4)
    kWon,
    kLost,
    // An answer the rules had taken by themselves, typed anyway (settled.h): nothing changed.
    // Only MistsRules reports it (mists_rules.h); it is never logged.
    kRedundant,
  };
  Kind kind = Kind::kScore;
  int turn = 0;
  std::string text;          // one line a player reads
  int points = 0;            // kScore/kHound: added to the shared score (or to `colours`)
  std::vector<int> colours;  // colours credited (per-colour scoring at level 6)
  int ghosts = 0;            // ghosts moved (placed or back to the bank)
  // kScore/kHound that credit colours: the scoring in parts, for GameRules::History().
  std::string what;         // "road", "city", "castle", "hound"
  std::string where;        // "road W–E at 1,0", "hound 1 at 2,0"
  std::string reason;       // "3 tiles = 3 for red = +3 (B.9.5)"
  std::vector<Cell> cells;  // the feature's tiles
  // The same reason in parts, for the table's words (ScoreLine): the breakdown alone ("3 tiles
  // = 3") and the rule it follows, with a note ("B.9.5", "B.11.5, AMB-09").
  std::string breakdown;
  std::string rule;
};

enum class MistsPhase {
  kPlaceTile,
  kBury,           // 1c: which meeple to bury (B.10.3)
  kCemeteryGhost,  // 2a: which open cemetery gets the extra ghost (B.7.5)
  kPlaceMeeple,    // 2b
  kEvaluate,       // 3a: points or calm, for each finished feature with meeples (B.9)
  kHound,          // 3b: which meeple the hound joins (B.11.3 a)
  kHoundCalm,      // 3b: up to 3 ghosts from each of up to 2 tiles (B.11.3 b)
  kFaceDown,       // 3c: where the face-down tile goes (B.12.4)
  kWon,
  kLost,
  // 2a, levels 5–6: which mist area of a neighbour with several takes the haunted cemetery's
  // ghost (B.7.6, EDGE-08). Last in the list: the phase's number is part of Hash().
  kHauntArea,
};

// A finished feature waiting for the team's choice (B.9.2).
struct PendingFeature {
  NodeId root = -1;
  FeatureKind kind = FeatureKind::kRoad;
  int value = 0;
  // Its words, made when read (in the language of the moment: the table reads the game's
  // state a command later, i18n.h): where it is, "road W–E at 1,0", and how it scores, "3 tiles
  // = 3".
  std::function<std::string()> where;
  std::function<std::string()> reason;
  std::vector<int> colours;  // distinct colours on it (B.9.5)
  std::vector<Cell> cells;   // its tiles (a castle: its 3×3 block), for the scoring's record
};

class MistsGame {
 public:
  static Result<MistsGame> New(MistsSetup setup);

  // --- Verbs (each refused outside its phase, with the reason) ---------------------------
  // 1a: the described tile on `c`, as it lies (rotation already applied by the caller).
  // Then 1b–2a run, stopping where the table must decide.
  Status PlaceTile(const TilePtr& tile, Cell c);
  // B.5.5 / EDGE-03: the drawn tile fits nowhere; it leaves the game; draw again.
  Status Discard(const TilePtr& tile);
  // 2b: a meeple of `colour` (an index into Colours(), of the active player's) on a segment
  // of the tile just placed; or pass.
  Status PlaceMeeple(int segment, int colour);
  Status Pass();
  // 1c: bury the meeple `meeple` (index into meeples(), standing) or, with none standing,
  // one of `colour` from the supply (meeple = -1).
  Status Bury(int meeple, int colour);
  // 2a: the open cemetery on `c` takes the extra ghost.
  Status ChooseCemetery(Cell c);
  // 3a: the pending feature `index` scores its points.
  Status ScoreFeature(int index);
  // 3a: the pending feature `index` calms ghosts instead: `take` lists (spot, count) on ONE
  // tile, up to 3 in all (B.9.2, AMB-27).
  Status CalmFeature(int index, const std::vector<std::pair<GhostSpot, int>>& take);
  // 3b: the waiting hound joins meeple `meeple` (index into meeples()).
  Status PlaceHound(int meeple);
  // 3b: calm up to 3 ghosts from one tile of the hound's 3×3 block (at most 2 tiles), or
  // finish with an empty list.
  Status HoundCalm(const std::vector<std::pair<GhostSpot, int>>& take);
  // 3c: the face-down tile on `c`.
  Status PlaceFaceDown(Cell c);
  // 2a, levels 5–6 (EDGE-08): the haunted cemetery's ghost for the neighbour at `c` goes on its
  // mist area `segment`.
  Status HauntArea(Cell c, int segment);

  // --- Queries ---------------------------------------------------------------------------
  MistsPhase phase() const { return phase_; }
  const MistsSetup& setup() const { return setup_; }
  const MistsLevel& level() const { return level_; }
  const Board& board() const { return board_; }
  const Features& features() const { return features_; }
  const std::vector<std::string>& colours() const { return colours_; }
  int ColourOwner(int colour) const { return colour_owner_[colour]; }
  int current_player() const { return current_; }
  int placed_tile_index() const { return placed_; }
  const std::vector<MistsMeeple>& meeples() const { return meeples_; }
  int Supply(int colour) const;
  const std::map<GhostSpot, int>& ghosts() const { return ghosts_; }
  int GhostsOnBoard() const;
  int GhostsOnTile(int tile) const;
  int bank() const { return bank_; }    // ghosts in the supply
  int score() const { return score_; }  // shared score (levels 1–5)
  const std::vector<int>& colour_scores() const { return colour_scores_; }  // level 6
  const std::vector<int>& piles() const { return piles_; }                  // tiles left per pile
  int active_pile() const { return active_pile_; }
  int TilesLeft() const;  // in the active pile and those after it
  const std::vector<Hound>& hounds() const { return hounds_; }
  int hounds_reached() const { return next_hound_; }  // the waiting one is number this
  const std::vector<PendingFeature>& pending() const { return pending_; }
  const std::vector<MistsEvent>& events() const { return events_; }
  int turn() const { return turn_; }
  const std::string& outcome() const { return outcome_; }  // why the team won or lost
  // The same in the words of the moment (the table's: outcome() is kept in English).
  std::string OutcomeWords() const { return outcome_words_ ? outcome_words_() : outcome_; }
  // Every answer the rules took by themselves so far, in order (settled.h): the meeple step
  // with no meeple possible, the only open cemetery, the only meeple to bury, the hound with
  // nothing left to calm, the game's end.
  const std::vector<SettledAnswer>& settled() const { return settled_; }
  const TileBox& box() const { return *box_; }

  // Where a meeple may go on the tile just placed (segments; fields never, AMB-03).
  std::vector<int> MeepleSegments() const;
  Status CheckMeeple(int segment, int colour) const;
  // Colours the active player controls that still have meeples in supply.
  std::vector<int> PlayableColours() const;
  // Open cemeteries (B.7.5 / AMB-07) and, in kCemeteryGhost, the ones that may take it.
  std::vector<Cell> OpenCemeteries() const;
  // Standing (not buried) meeples: burial and hound candidates.
  std::vector<int> StandingMeeples() const;
  // The standing meeples a closed cemetery may take: all of them, or (AMB-05's alternative)
  // those without a waiting hound.
  std::vector<int> BuryCandidates() const;
  // kFaceDown: the cells the face-down tile may go to (AMB-06).
  std::vector<Cell> FaceDownCells() const;
  // The most ghosts the next tile could demand (for `ghosts`), and words for it.
  std::string WorstNextTile() const;
  // kHauntArea: the neighbours (board tiles) whose mist area the team still picks, in order.
  const std::vector<int>& haunt_pending() const { return haunt_pending_; }
  // The mist areas (segments) of a placed tile.
  std::vector<int> MistAreas(int tile) const;
  bool IsFaceDown(int tile) const { return board_.tile(tile).type->id == "face-down"; }

  std::uint64_t Hash() const;

 private:
  MistsGame() = default;
  void Log(MistsEvent::Kind kind, std::string text, int ghosts = 0);
  // `why` is worded when read (settled.h): kept in English, said in the table's language.
  SettledAnswer& Settle(SettledAnswer::Kind kind, std::function<std::string()> why);
  void AfterPlacement();        // 1b, then 1c
  void ContinueAfterBurials();  // 1c's burials, then 2a
  // The steps of ContinueAfterBurials:
  bool BuryInClosedCemeteries();  // 1c, B.10.3: false when it stopped (kBury, or buried)
  void BuryOnlyCandidate(const std::vector<int>& standing, int supply_colour);
  void PlaceGhosts();                 // 2a, B.7: all or none (B.7.4)
  struct MistGhosts;                  // what the tile's own mist areas bring (mists.cpp)
  MistGhosts TileMistGhosts() const;  // B.7.1-B.7.3
  void HauntNeighbours(std::vector<GhostSpot>& spots, std::vector<GhostSpot>& only_area);  // B.7.6
  void LogGhosts(const std::vector<GhostSpot>& spots, const MistGhosts& mist);
  void AfterGhosts(bool cemetery_ghost, const std::vector<Cell>& open);  // the next phase
  void ToMeeplePhase();
  void StartEvaluation();  // 3a
  void ContinueEvaluation();
  void Evaluated(int index);  // meeples home, hounds scored, then win and thresholds
  // B.9.5; for the record: AMB-26's alternative, after the win.
  MistsEvent ScoreEvent(const PendingFeature& f, bool for_the_record) const;
  void ScoreHound(Hound& h);    // B.11.5: 1 point per ghost on the board, for its colour
  bool ScoreEvaluatedHounds();  // the hounds whose meeple went home; whether any scored
  void AfterThresholds();       // AMB-25's alternative: those hounds, then go on evaluating
  void RecordRest();            // AMB-26's alternative: the waiting features after the win
  void CheckThresholds();
  void MergePiles();
  std::vector<int> HoundBlock() const;  // board tiles in the waiting hound's 3×3 block
  void FinishHound();
  void AfterScoring();  // 3c, then the next turn
  void NextTurn();
  void Lose(std::function<std::string()> why);  // worded when read, as Settle's
  bool Won();
  bool IsCemeteryOpen(int tile) const;
  bool CemeteryClosed(int tile) const;
  void ReturnMeeplesOf(NodeId root, std::vector<MistsMeeple>* returned);
  Status TakeGhosts(const std::vector<std::pair<GhostSpot, int>>& take, int max_total,
                    const std::vector<int>& allowed_tiles, int* taken);
  void AddPoints(int points, const std::vector<int>& colours);
  int CastleValue(int tile, std::string* reason) const;
  bool CastleHaunted(int tile) const;
  int ThresholdScore() const;  // shared score, or the lowest colour at level 6 (B.13.3)

  MistsSetup setup_;
  MistsLevel level_;
  Board board_;
  Features features_;
  std::vector<std::string> colours_;
  std::vector<int> colour_owner_;  // colour -> player
  int per_colour_ = 5;
  std::vector<MistsMeeple> meeples_;
  std::map<GhostSpot, int> ghosts_;
  int bank_ = 0;
  int score_ = 0;
  std::vector<int> colour_scores_;
  std::vector<int> piles_;
  int active_pile_ = 0;
  std::optional<TileBox> box_;
  std::vector<Hound> hounds_;
  int next_hound_ = 0;  // hounds reached so far
  int hound_calm_tiles_ = 0;
  int hound_calmed_tile_ = -1;  // the tile the waiting hound calmed first (B.11.3 b)
  std::vector<PendingFeature> pending_;
  std::vector<int> closed_cemeteries_;  // 1c: cemeteries still to bury for
  int mist_ghosts_pending_ = 0;
  std::vector<int> haunt_pending_;  // kHauntArea: neighbours still to pick an area on (EDGE-08)
  std::vector<MistsEvent> events_;
  std::vector<SettledAnswer> settled_;  // history, not state: not part of Hash()
  MistsPhase phase_ = MistsPhase::kPlaceTile;
  int current_ = 0;
  int placed_ = -1;
  int turn_ = 0;
  std::string outcome_;                         // in English: the JSON's and the log's
  std::function<std::string()> outcome_words_;  // the same, worded when read
};

// The invariants of a Mists co-op game (src/games/mists/mists_invariants.cpp), as
// invariants.h describes them for the base game: Ok, or Status::Corrupt naming the first broken
// one, its rule id first. Levels 1–6 (§B):
//   board    CheckBoard (invariants.h), face-down tiles matching anything and a face-up tile
//            touching a face-up one (B.5.4); 4 start tiles + one per turn + the face-down ones
//            (B.4, B.12.4)
//   features CheckFeatures (a road or city side facing a face-down tile stays open, B.12.6)
//   meeples  the colours of B.2.2; per colour supply >= 0 and supply + standing + buried =
//            issued (B.2.2, AMB-08); buried ones lie on a cemetery (B.10.3), standing ones never
//            on mist (B.8.2), a cemetery (B.10.5), a monastery, a field (AMB-03) or a misty road
//            when the table forbids it (CONF-04)
//   ghosts   each place holds >= 1 ghost, on a mist area or cemetery (AMB-02); none on finished
//            mist (B.6.5) below level 5, none on a haunted cemetery (B.7.6); bank >= 0; ghosts on
//            the board + bank = the level's bank size (B.14.5, B.2.1)
//   score    the shared score (levels 1–5, B.9.5) or each colour's (level 6, B.13.2) = the sum
//            of its score and hound events, the other kind staying 0; won exactly when the goal
//            is reached (B.14.1)
//   piles    1 pile or 3 (B.3, B.11.1), none negative, those before the active pile empty; tiles
//            in the piles + taken from the box + face down = the level's tiles (B.3); a tile to
//            draw when one is awaited (B.14.3); the active pile moves on once per hound reached
//            and done with (B.11.3 c, B.11.4)
//   hounds   two from level 3 (B.3); one not reached still in the box; one reached and not done
//            waits with a standing meeple (B.11.5), or is the one being placed (B.11.3 a);
//            hounds reached = thresholds passed by the (lowest, B.13.3) score, except while a
//            hound is placed (EDGE-13) or the game is over
//   phase    mid-turn the tile awaiting its steps is the last one placed, never a face-down one
//            for a meeple (B.4, B.12.4); finished features wait only in step 3, each with a
//            standing meeple and its distinct colours (B.9.2, B.9.5); a cemetery ghost, a burial
//            and a face-down tile are awaited only when they have somewhere to go (B.7.5,
//            EDGE-10, B.12.4)
Status CheckInvariants(const MistsGame& game);

// For `carcref bench` and the tests (src/games/mists/mists_simulate.cpp; SeededRandom and
// RandomGameResult: simulate.h). The Mists tiles have no known geometry (tiles/mists.md), so
// the random games draw random descriptions that the parser accepts and the box can still hold,
// lying as described: tiles invented for the workload, never added to a catalogue.
//
// A Mists tile as a player would type it (NOTATION.md short form): four edges from c r f R F,
// sometimes a pennant, separate caps, a castle, cemetery or monastery (this only with
// `monastery`), `=`, ghost symbols. Many are refused by the parser or the box; callers keep the
// ones both accept.
std::string RandomMistsDescription(SeededRandom& random, bool monastery);
// Mists co-op: random legal answers to every step until the team wins or loses. `totals` is
// {1 if won, ghosts left in the bank}. A `careful` team draws no tile the bank could not haunt
// and calms ghosts when the bank is at half or less: its games last longer (for the bench).
RandomGameResult PlayRandomMistsGame(const MistsSetup& setup, std::uint64_t seed,
                                     bool record_commands = false, bool careful = false);

}  // namespace carcref
