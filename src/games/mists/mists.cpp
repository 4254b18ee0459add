// Mists over Carcassonne, cooperative (RULES.md §B). The turn runs the steps of B.4 in order;
// where the table must decide, the game stops in a phase and the next verb resumes it.
#include "games/mists/mists.h"

#include <algorithm>
#include <array>
#include <set>

#include "carcref/i18n.h"
#include "carcref/scoring.h"
#include "carcref/words.h"
#include "engine/field_hash.h"

namespace carcref {

namespace {

// B.3, thresholds absolute (level 4: hound 2 on 10 of the second lap = 60, goal 120).
const std::array<MistsLevel, 6> kLevels = {{
    {1, 50, 1, 0, 0, 50, 15, CemeteryRule::kNone, false},
    {2, 60, 1, 0, 0, 75, 15, CemeteryRule::kNormal, false},
    {3, 60, 3, 15, 50, 100, 15, CemeteryRule::kNormal, false},
    {4, 60, 3, 20, 60, 120, 13, CemeteryRule::kNormal, false},
    {5, 60, 3, 15, 50, 100, 13, CemeteryRule::kHaunted, false},
    {6, 60, 3, 10, 25, 50, 12, CemeteryRule::kHaunted, true},
}};

const std::vector<std::string> kMistsColours = {"red", "green", "blue", "yellow", "black", "pink"};

// A mist area's name without its ghost symbols: "mist SL+SR".
std::string MistAreaName(const TileType& type, int segment, int quarters) {
  TileType bare = type;
  bare.segments[static_cast<size_t>(segment)].ghosts = 0;
  return DescribeSegment(bare, segment, quarters);
}

// A castle's points (B.9.7): "3 tiles with mist × 2 = 6".
std::string CastleReason(int misty) {
  return Fill(TrPlural("{1} tile with mist × 2 = {2}", "{1} tiles with mist × 2 = {2}", misty),
              {std::to_string(misty), std::to_string(2 * misty)});
}

}  // namespace

Status PlaceMistsStart(const std::vector<TilePtr>& start, Board& board, Features& features) {
  if (start.size() != 4)
    return Status::Illegal(Tr("the start tile is described as its four quarters NW NE SW SE"));
  // B.1.4: the start tile is four tiles; its inner edges must match like any others.
  int symbols = 0;
  std::vector<int> per_quarter;
  for (size_t q = 0; q < 4; ++q) {
    const TilePtr& t = start[q];
    if (!t) return Status::Illegal(Tr("the start tile needs all four quarters"));
    if (t->HasKind(FeatureKind::kCastle) || t->HasKind(FeatureKind::kCemetery))
      return Status::Illegal(
          Tr("the start tile's ruin is no castle and it has no cemetery (B.1.4)"));
    Status fits = board.CheckPlacement(*t, kMistsStartCells[q], 0);
    if (q > 0 && !fits.ok())
      // TRANSLATORS: {1} a quarter of the start tile (x,y), {2} why it does not fit.
      return Status::Illegal(
          Fill(Tr("start tile quarter {1}: {2}"), {CellName(kMistsStartCells[q]), fits.message()}));
    features.AddTile(board, board.Place(t, kMistsStartCells[q], 0));
    symbols += t->GhostSymbols();
    per_quarter.push_back(t->GhostSymbols());
  }
  std::sort(per_quarter.begin(), per_quarter.end());
  if (per_quarter != std::vector<int>{0, 0, 1, 2})
    return Status::Illegal(Fill(
        symbols == 3 ? Tr("the start tile shows 3 ghost symbols, 2 on one quarter and 1 on another "
                          "(B.1.4), not 3 spread that way")
                     : Tr("the start tile shows 3 ghost symbols, 2 on one quarter and 1 on another "
                          "(B.1.4), not {1}"),
        {std::to_string(symbols)}));
  return Status::Ok();
}

const MistsLevel* FindMistsLevel(int level) {
  for (const MistsLevel& l : kLevels)
    if (l.level == level) return &l;
  return nullptr;
}

int MeeplesPerColour(int players) { return players <= 2 ? 3 : 5; }

Status CompleteMistsPlayers(std::vector<MistsPlayer>& players) {
  int n = static_cast<int>(players.size());
  if (n < 1 || n > 5)
    return Status::Illegal(
        Fill(Tr("Mists over Carcassonne is for 1 to 5 players, not {1}"), {std::to_string(n)}));
  size_t want = n == 1 ? 4 : n == 2 ? 2 : 1;  // B.2.2
  std::set<std::string> used;
  for (MistsPlayer& p : players) {
    if (p.colours.size() > want)
      // TRANSLATORS: {1} a player, {2} the colours they chose, {3} the players, {4} the colours
      // each plays with that many players (B.2.2).
      return Status::Illegal(Fill(
          TrPlural("{1} plays {2} colours; with {3} player each plays {4}",
                   "{1} plays {2} colours; with {3} players each plays {4}", n),
          {p.name, std::to_string(p.colours.size()), std::to_string(n), std::to_string(want)}));
    for (const std::string& c : p.colours) {
      if (std::find(kMistsColours.begin(), kMistsColours.end(), c) == kMistsColours.end())
        return Status::Syntax(Fill(
            Tr("unknown colour '{1}': the guards are red, green, blue, yellow, black and pink"),
            {c}));
      if (!used.insert(c).second) return Status::Illegal(Fill(Tr("two players play {1}"), {c}));
    }
  }
  for (MistsPlayer& p : players)
    for (const std::string& c : kMistsColours)
      if (p.colours.size() < want && used.insert(c).second) p.colours.push_back(c);
  return Status::Ok();
}

Result<MistsGame> MistsGame::New(MistsSetup setup) {
  const MistsLevel* level = FindMistsLevel(setup.level);
  if (!level)
    return Status::Illegal(Fill(Tr("Mists over Carcassonne has levels 1 to 6, not {1}"),
                                {std::to_string(setup.level)}));
  Status players = CompleteMistsPlayers(setup.players);
  if (!players.ok()) return players;
  if (setup.start.size() != 4)
    return Status::Illegal(Tr("the start tile is described as its four quarters NW NE SW SE"));
  MistsGame g;
  g.level_ = *level;
  g.per_colour_ = MeeplesPerColour(static_cast<int>(setup.players.size()));
  // AMB-08: at level 6 each colour's score marker is one of its meeples with 3–5 players;
  // solo and 2 players take it from the box. AMB-08 alternative (--marker-from-meeples): always
  // from the playable meeples, so solo and 2 players keep 2 per colour.
  if (level->per_colour && (setup.players.size() >= 3 || setup.options.marker_from_meeples))
    --g.per_colour_;
  for (size_t p = 0; p < setup.players.size(); ++p)
    for (const std::string& c : setup.players[p].colours) {
      g.colours_.push_back(c);
      g.colour_owner_.push_back(static_cast<int>(p));
    }
  g.colour_scores_.assign(g.colours_.size(), 0);
  Status start = PlaceMistsStart(setup.start, g.board_, g.features_);
  if (!start.ok()) return start;
  // B.2.1: the bank includes the start tile's 3 ghosts.
  g.bank_ = level->bank;
  for (int i = 0; i < 4; ++i) {
    const TileType& t = *g.board_.tile(i).type;
    for (int s = 0; s < static_cast<int>(t.segments.size()); ++s)
      if (t.segments[s].ghosts > 0) {
        g.ghosts_[{i, s}] += t.segments[s].ghosts;
        g.bank_ -= t.segments[s].ghosts;
      }
  }
  if (level->piles == 1) {
    g.piles_ = {level->tiles};
  } else {
    g.piles_ = {20, 20, 20};  // B.11.1
  }
  if (level->hound1) g.hounds_ = {Hound{1}, Hound{2}};
  // Level 1 plays without the castle and cemetery tiles (B.3).
  int out = level->cemeteries == CemeteryRule::kNone ? 5 : 0;
  Result<TileBox> box = TileBox::Create(setup.box, out, out);
  if (!box.ok()) return box.status();
  if (box->InPlay() != level->tiles)
    return Status::Corrupt("the box holds " + std::to_string(box->InPlay()) + " tiles for level " +
                           std::to_string(level->level) + ", the rules " +
                           std::to_string(level->tiles));
  g.box_ = std::move(box.value());
  g.setup_ = std::move(setup);
  return g;
}

int MistsGame::Supply(int colour) const {
  int out = per_colour_;
  for (const MistsMeeple& m : meeples_) out -= m.colour == colour;
  return out;
}

int MistsGame::GhostsOnBoard() const {
  int n = 0;
  for (const auto& [spot, count] : ghosts_) n += count;
  return n;
}

int MistsGame::GhostsOnTile(int tile) const {
  int n = 0;
  for (const auto& [spot, count] : ghosts_)
    if (spot.tile == tile) n += count;
  return n;
}

int MistsGame::TilesLeft() const {
  int n = 0;
  for (size_t i = static_cast<size_t>(active_pile_); i < piles_.size(); ++i) n += piles_[i];
  return n;
}

void MistsGame::Log(MistsEvent::Kind kind, std::string text, int ghosts) {
  MistsEvent e;
  e.kind = kind;
  e.turn = turn_;
  e.text = std::move(text);
  e.ghosts = ghosts;
  events_.push_back(std::move(e));
}

SettledAnswer& MistsGame::Settle(SettledAnswer::Kind kind, std::function<std::string()> why) {
  SettledAnswer a;
  a.kind = kind;
  {
    EnglishWords english;  // what the game keeps
    a.why = why();
  }
  a.words = std::move(why);
  settled_.push_back(std::move(a));
  return settled_.back();
}

void MistsGame::Lose(std::function<std::string()> why) {
  phase_ = MistsPhase::kLost;
  {
    EnglishWords english;  // the JSON's and the log's
    outcome_ = why();
  }
  outcome_words_ = why;
  Log(MistsEvent::Kind::kLost, Fill(Tr("the team loses: {1}"), {why()}));
  Settle(SettledAnswer::Kind::kEnd, [why] {
    return Fill(Tr("the game is over, the team has lost: {1}"), {why()});  // B.14
  });
}

int MistsGame::ThresholdScore() const {
  if (!level_.per_colour) return score_;
  return *std::min_element(colour_scores_.begin(), colour_scores_.end());  // B.13.3
}

bool MistsGame::Won() {
  if (ThresholdScore() < level_.goal) return false;
  phase_ = MistsPhase::kWon;
  std::function<std::string()> why;
  if (level_.per_colour)
    why = [goal = level_.goal] {
      return Fill(Tr("every colour has reached {1}"), {std::to_string(goal)});
    };
  else
    why = [score = score_, goal = level_.goal] {
      return Fill(Tr("the score reached {1} of {2}"),
                  {std::to_string(score), std::to_string(goal)});
    };
  {
    EnglishWords english;  // the JSON's and the log's
    outcome_ = why();
  }
  outcome_words_ = why;
  Log(MistsEvent::Kind::kWon, Fill(Tr("the team wins: {1}"), {why()}));
  Settle(SettledAnswer::Kind::kEnd, [why] {
    return Fill(Tr("the game is over, the team has won: {1}"), {why()});  // B.14.1
  });
  if (setup_.options.evaluate_after_win) {
    RecordRest();
    return true;
  }
  // A hound whose meeple went home waits to score: the evaluation that reached the goal
  // (EDGE-24) or AMB-25's alternative. The game is over (AMB-26), so it goes to the box
  // unscored.
  for (Hound& h : hounds_)
    if (!h.done && h.scoring_colour >= 0) {
      h.done = true;
      h.scoring_colour = -1;
      Log(MistsEvent::Kind::kHound, Fill(Tr("hound {1} goes to the box unscored: the team has won"),
                                         {std::to_string(h.number)}));
    }
  return true;
}

// AMB-26 alternative (--evaluate-after-win): the game is won and over, but the features still
// waiting are evaluated for the record. Calming ghosts changes nothing once the game is won,
// so each takes its points; its meeples go home and the hounds with them score (B.11.5).
// Thresholds are not checked again: no hound is placed and no pile moves after the win.
void MistsGame::RecordRest() {
  ScoreEvaluatedHounds();  // AMB-25's alternative: a hound still waiting to score
  while (!pending_.empty()) {
    PendingFeature f = pending_.front();
    pending_.erase(pending_.begin());
    std::vector<MistsMeeple> returned;
    ReturnMeeplesOf(f.root, &returned);
    if (f.colours.empty()) {  // AMB-04's alternative: a feature with no meeple scores nothing
      Log(MistsEvent::Kind::kCalm,
          // TRANSLATORS: {1} a finished feature ("city W at 1,2").
          Fill(Tr("{1}: no meeple on it, no points (for the record, AMB-26's alternative)"),
               {f.where()}));
      continue;
    }
    AddPoints(f.value, f.colours);
    events_.push_back(ScoreEvent(f, true));
    for (Hound& h : hounds_) {
      if (h.done || h.tile < 0) continue;
      for (const MistsMeeple& m : returned)
        if (m.tile == h.tile && m.segment == h.segment) h.scoring_colour = m.colour;
    }
    ScoreEvaluatedHounds();
  }
}

// --- Cemeteries ------------------------------------------------------------------------

bool MistsGame::CemeteryClosed(int tile) const {
  Cell c = board_.tile(tile).cell;
  return level_.cemeteries == CemeteryRule::kHaunted ? board_.NeighbourCount(c) == 8
                                                     : board_.OrthogonalCount(c) == 4;
}

bool MistsGame::IsCemeteryOpen(int tile) const {  // AMB-07
  return board_.tile(tile).type->HasKind(FeatureKind::kCemetery) && !CemeteryClosed(tile);
}

std::vector<Cell> MistsGame::OpenCemeteries() const {
  std::vector<Cell> out;
  for (int t = 0; t < board_.size(); ++t)
    if (IsCemeteryOpen(t)) out.push_back(board_.tile(t).cell);
  return out;
}

std::vector<int> MistsGame::BuryCandidates() const {
  std::vector<int> out;
  for (int m : StandingMeeples()) {
    bool hound = false;
    for (const Hound& h : hounds_)
      if (!h.done && h.tile == meeples_[m].tile && h.segment == meeples_[m].segment) hound = true;
    if (!hound || !setup_.options.no_burying_hounds) out.push_back(m);
  }
  return out;
}

std::vector<int> MistsGame::StandingMeeples() const {
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(meeples_.size()); ++i)
    if (!meeples_[i].buried) out.push_back(i);
  return out;
}

// --- Placing a tile: 1a, 1b, 1c --------------------------------------------------------

Status MistsGame::PlaceTile(const TilePtr& tile, Cell c) {
  if (phase_ == MistsPhase::kWon || phase_ == MistsPhase::kLost)
    return Status::Illegal(Fill(Tr("the game is over: {1}"), {OutcomeWords()}));
  if (phase_ != MistsPhase::kPlaceTile) return Status::Illegal(Tr("finish this turn first"));
  if (!tile || tile->face_down) return Status::NotFound(Tr("no such tile"));
  if (tile->HasKind(FeatureKind::kMonastery))
    return Status::Illegal(Tr("the Mists tiles have no monastery"));
  Status in_box = box_->CanTake(*tile);
  if (!in_box.ok()) return in_box;
  if (piles_[active_pile_] <= 0)
    return Status::Illegal(Fill(Tr("pile {1} is empty"), {std::to_string(active_pile_ + 1)}));
  Status legal = board_.CheckPlacement(*tile, c, 0);
  if (!legal.ok()) return legal;
  placed_ = board_.Place(tile, c, 0);
  features_.AddTile(board_, placed_);
  --piles_[active_pile_];
  box_->Take(*tile);
  ++turn_;
  AfterPlacement();
  return Status::Ok();
}

Status MistsGame::Discard(const TilePtr& tile) {
  if (phase_ != MistsPhase::kPlaceTile)
    return Status::Illegal(phase_ == MistsPhase::kWon || phase_ == MistsPhase::kLost
                               ? Fill(Tr("the game is over: {1}"), {OutcomeWords()})
                               : Tr("finish this turn first"));
  Status in_box = box_->CanTake(*tile);
  if (!in_box.ok()) return in_box;
  std::vector<Placement> legal = board_.LegalPlacements(*tile);
  for (const Placement& p : legal)
    if (p.quarters == 0)  // a described tile lies as described
      return Status::Illegal(
          Fill(Tr("it fits at {1}: only a tile that fits nowhere is discarded (B.5.5)"),
               {CellName(p.cell)}));
  if (!legal.empty())
    return Status::Illegal(Fill(Tr("turned {1} it fits at {2} (describe it as it would lie there)"),
                                {std::to_string(legal[0].quarters * 90), CellName(legal[0].cell)}));
  --piles_[active_pile_];  // EDGE-03: it uses up time; the same player draws again
  box_->Take(*tile);
  if (setup_.options.unplaceable_loses) {  // AMB-10 / EDGE-03 alternative
    Lose([] {
      return Tr("the drawn tile fits nowhere (AMB-10's alternative: an unplaceable tile loses)");
    });
    return Status::Ok();
  }
  Log(MistsEvent::Kind::kPiles, Tr("the tile fits nowhere and leaves the game (EDGE-03)"));
  if (piles_[active_pile_] <= 0) Lose([] { return Tr("no tile left to draw (B.14.3)"); });
  return Status::Ok();
}

void MistsGame::AfterPlacement() {
  // 1b (B.6.5, B.7.7): banks this tile finished give their ghosts back.
  const TileType& type = *board_.tile(placed_).type;
  std::set<NodeId> done;
  for (int s = 0; s < static_cast<int>(type.segments.size()); ++s) {
    if (type.segments[s].kind != FeatureKind::kMist) continue;
    NodeId root = features_.Find(features_.Node(placed_, s));
    if (!features_.IsComplete(board_, root) || !done.insert(root).second) continue;
    int back = 0;
    // AMB-02: the ghosts of the bank's mist areas leave. AMB-02 alternative
    // (--bank-takes-tile-ghosts): every ghost on the bank's tiles, whatever it stands on.
    const bool whole_tiles = setup_.options.bank_takes_tile_ghosts;
    std::set<int> bank_tiles;
    if (whole_tiles)
      for (int t : features_.Info(root).tiles) bank_tiles.insert(t);
    for (auto it = ghosts_.begin(); it != ghosts_.end();) {
      const Segment& seg = board_.tile(it->first.tile).type->segments[it->first.segment];
      if (whole_tiles
              ? bank_tiles.count(it->first.tile) > 0
              : seg.kind == FeatureKind::kMist &&
                    features_.Find(features_.Node(it->first.tile, it->first.segment)) == root) {
        back += it->second;
        it = ghosts_.erase(it);
      } else {
        ++it;
      }
    }
    bank_ += back;
    Log(MistsEvent::Kind::kMistFinished,
        Fill(whole_tiles ? TrPlural("mist finished: {1} ghost on its tiles back to the bank "
                                    "(B.6.5, AMB-02's alternative)",
                                    "mist finished: {1} ghosts on its tiles back to the bank "
                                    "(B.6.5, AMB-02's alternative)",
                                    back)
                         : TrPlural("mist finished: {1} ghost back to the bank (B.6.5)",
                                    "mist finished: {1} ghosts back to the bank (B.6.5)", back),
             {std::to_string(back)}),
        back);
  }
  // 1c (B.10.2, B.12.1): cemeteries this tile closed; each needs a burial.
  closed_cemeteries_.clear();
  if (level_.cemeteries != CemeteryRule::kNone) {
    Cell c = board_.tile(placed_).cell;
    for (int dx = -1; dx <= 1; ++dx)
      for (int dy = -1; dy <= 1; ++dy) {
        int t = board_.IndexAt({c.x + dx, c.y + dy});
        if (t < 0 || !board_.tile(t).type->HasKind(FeatureKind::kCemetery)) continue;
        bool orthogonal_or_self = dx == 0 || dy == 0;
        if (level_.cemeteries == CemeteryRule::kNormal && !orthogonal_or_self) continue;
        if (CemeteryClosed(t)) closed_cemeteries_.push_back(t);
      }
  }
  ContinueAfterBurials();
}

Status MistsGame::Bury(int meeple, int colour) {
  if (phase_ != MistsPhase::kBury) return Status::Illegal(Tr("no cemetery waits for a burial"));
  int cemetery_tile = closed_cemeteries_.front();
  std::vector<int> standing = BuryCandidates();
  if (meeple >= 0) {
    std::vector<int> all = StandingMeeples();
    if (std::find(all.begin(), all.end(), meeple) == all.end())
      return Status::Illegal(Tr("that meeple is not standing on the board (EDGE-10)"));
    if (std::find(standing.begin(), standing.end(), meeple) == standing.end())
      return Status::Illegal(
          Tr("a meeple with a hound is not buried in this game (AMB-05's alternative): choose "
             "another"));
  } else {
    if (!standing.empty())
      return Status::Illegal(
          Tr("a standing meeple must be buried while one is on the board (B.10.3)"));
    if (colour < 0 || colour >= static_cast<int>(colours_.size()) || Supply(colour) <= 0)
      return Status::Illegal(Tr("no meeple of that colour in any supply"));
  }
  int cemetery_segment = 0;
  const TileType& ct = *board_.tile(cemetery_tile).type;
  for (int s = 0; s < static_cast<int>(ct.segments.size()); ++s)
    if (ct.segments[s].kind == FeatureKind::kCemetery) cemetery_segment = s;
  const std::string cemetery = CellName(board_.tile(cemetery_tile).cell);
  std::string buried;
  if (meeple >= 0) {
    MistsMeeple& m = meeples_[meeple];
    // TRANSLATORS: {1} a colour as typed, {2} the cell the meeple stood on, {3} the cemetery's.
    buried = Fill(Tr("buried: {1} meeple from {2} on the cemetery at {3} (B.10.3)"),
                  {colours_[m.colour], CellName(board_.tile(m.tile).cell), cemetery});
    // AMB-05: a hound waiting with it goes to the box unscored.
    for (Hound& h : hounds_)
      if (!h.done && h.tile == m.tile && h.segment == m.segment) {
        h.done = true;
        Log(MistsEvent::Kind::kHound,
            Fill(Tr("hound {1} goes to the box with the buried meeple (AMB-05)"),
                 {std::to_string(h.number)}));
      }
    m.tile = cemetery_tile;
    m.segment = cemetery_segment;
    m.buried = true;
  } else {
    // TRANSLATORS: {1} a colour as typed, {2} the cemetery's cell.
    buried = Fill(Tr("buried: {1} meeple from the supply on the cemetery at {2} (B.10.3)"),
                  {colours_[colour], cemetery});
    meeples_.push_back({colour, cemetery_tile, cemetery_segment, true});
  }
  Log(MistsEvent::Kind::kBurial, buried);
  if (level_.cemeteries == CemeteryRule::kNormal) {  // B.10.4
    auto it = ghosts_.find({cemetery_tile, cemetery_segment});
    if (it != ghosts_.end()) {
      int back = it->second;
      bank_ += back;
      ghosts_.erase(it);
      Log(MistsEvent::Kind::kCalm,
          Fill(TrPlural("the cemetery's {1} ghost goes back to the bank",
                        "the cemetery's {1} ghosts go back to the bank", back),
               {std::to_string(back)}),
          back);
    }
  }
  closed_cemeteries_.erase(closed_cemeteries_.begin());
  ContinueAfterBurials();
  return Status::Ok();
}

void MistsGame::ContinueAfterBurials() {
  if (!BuryInClosedCemeteries()) return;
  if (placed_ >= 0 && IsFaceDown(placed_)) {  // a face-down tile brings no ghosts
    NextTurn();
    return;
  }
  PlaceGhosts();  // 2a
}

bool MistsGame::BuryInClosedCemeteries() {
  while (!closed_cemeteries_.empty()) {
    std::vector<int> standing = BuryCandidates();
    int supply_colours = 0, last_colour = -1;
    for (int c = 0; c < static_cast<int>(colours_.size()); ++c)
      if (Supply(c) > 0) {
        ++supply_colours;
        last_colour = c;
      }
    if (standing.empty() && supply_colours == 0) {  // EDGE-10: nothing to bury
      Log(MistsEvent::Kind::kBurial, Tr("the cemetery closes with no meeple left to bury"));
      closed_cemeteries_.erase(closed_cemeteries_.begin());
      continue;
    }
    if (standing.size() == 1 || (standing.empty() && supply_colours == 1)) {
      BuryOnlyCandidate(standing, last_colour);
      return false;
    }
    phase_ = MistsPhase::kBury;
    return false;
  }
  return true;
}

void MistsGame::BuryOnlyCandidate(const std::vector<int>& standing, int supply_colour) {
  // One candidate: nothing to decide, and a `bury` naming it changes nothing.
  std::string cemetery = CellName(board_.tile(closed_cemeteries_.front()).cell);
  if (standing.empty()) {
    SettledAnswer& a =
        Settle(SettledAnswer::Kind::kBury, [cemetery, colour = colours_[supply_colour]] {
          // TRANSLATORS: {1} the cemetery's cell, {2} a colour as typed.
          return Fill(Tr("the cemetery at {1} took a {2} meeple from the supply, the only one to "
                         "bury (B.10.3)"),
                      {cemetery, colour});
        });
    a.owner = supply_colour;
  } else {
    const MistsMeeple& m = meeples_[standing[0]];
    Cell at = board_.tile(m.tile).cell;
    SettledAnswer& a =
        Settle(SettledAnswer::Kind::kBury, [cemetery, colour = colours_[m.colour], at] {
          // TRANSLATORS: {1} the cemetery's cell, {2} a colour as typed, {3} the meeple's cell.
          return Fill(Tr("the cemetery at {1} took the {2} meeple from {3}, the only one to bury "
                         "(B.10.3)"),
                      {cemetery, colour, CellName(at)});
        });
    a.owner = m.colour;
    a.tile = m.tile;
    a.segment = m.segment;
    a.cell = at;
  }
  phase_ = MistsPhase::kBury;
  MustSucceed(Bury(standing.empty() ? -1 : standing[0], supply_colour));
}

struct MistsGame::MistGhosts {
  std::vector<GhostSpot> spots;  // one per ghost, on the tile's open mist areas
  bool extends = false;          // a mist area of the tile meets mist on the board (B.7.2)
  bool all_finished = true;      // every mist area of the tile finished by it (B.7.3)
  int fewer = 0;                 // ghosts B.7.2 took off
};

MistsGame::MistGhosts MistsGame::TileMistGhosts() const {
  const TileType& type = *board_.tile(placed_).type;
  const PlacedTile& placed = board_.tile(placed_);
  MistGhosts mist;
  // B.7.2: which of the tile's mist areas meet mist already on the board, in the tile's
  // reading order on the board (B.7.3: clockwise from NL, an area at its first port).
  std::vector<int> extending;
  for (Port p = 0; p < kPorts; ++p) {
    int area = placed.MistOfBoardPort(p);
    if (area < 0) continue;
    int n = board_.IndexAt(Neighbor(placed.cell, SideOfPort(p)));
    if (n >= 0 && board_.tile(n).MistOfBoardPort(FacingPort(p)) >= 0 &&
        std::find(extending.begin(), extending.end(), area) == extending.end())
      extending.push_back(area);
  }
  mist.extends = !extending.empty();
  std::vector<int> open_symbols(type.segments.size(), 0);  // ghosts each open area gets
  bool open_area_extends = false;
  for (int s = 0; s < static_cast<int>(type.segments.size()); ++s) {
    const Segment& seg = type.segments[s];
    if (seg.kind != FeatureKind::kMist) continue;
    if (features_.IsComplete(board_, features_.Node(placed_, s))) continue;  // B.7.3, EDGE-06
    mist.all_finished = false;
    open_symbols[s] = seg.ghosts;
    if (std::find(extending.begin(), extending.end(), s) != extending.end())
      open_area_extends = true;
  }
  if (setup_.options.before_amb28_edge24 && !setup_.options.fewer_per_area) {
    // A session logged before AMB-28 was settled: the last open area's ghost was left off.
    for (int s = static_cast<int>(type.segments.size()) - 1; s >= 0 && open_area_extends; --s)
      if (open_symbols[s] > 0) {
        --open_symbols[s];
        ++mist.fewer;
        break;
      }
  } else if (setup_.options.fewer_per_area) {
    // AMB-28 alternative (--fewer-per-area): 1 fewer for each open area that extends a
    // bank, never below 0 on that area.
    for (int area : extending) {
      if (open_symbols[area] == 0) continue;
      --open_symbols[area];
      ++mist.fewer;
    }
  } else {
    // B.7.2, AMB-28 (B.7.3): 1 fewer for the tile, left off the first open area in reading
    // order that extends a bank and has a symbol; an area that extends nothing keeps all its
    // ghosts. EDGE-06: a finished area's extension gives no discount to the open one (its
    // open_symbols is 0).
    for (int area : extending) {
      if (open_symbols[area] == 0) continue;
      --open_symbols[area];
      ++mist.fewer;
      break;
    }
  }
  for (int s = 0; s < static_cast<int>(type.segments.size()); ++s)
    for (int k = 0; k < open_symbols[s]; ++k) mist.spots.push_back({placed_, s});
  return mist;
}

void MistsGame::PlaceGhosts() {
  const MistGhosts mist = TileMistGhosts();
  std::vector<GhostSpot> spots = mist.spots;
  const int mist_ghosts = static_cast<int>(spots.size());
  std::vector<GhostSpot> only_area;  // neighbours with one mist area: nothing to pick
  HauntNeighbours(spots, only_area);
  // B.7.5 (levels 2–4): mist ghosts bring one more to an open cemetery.
  std::vector<Cell> open = OpenCemeteries();
  bool cemetery_ghost =
      level_.cemeteries == CemeteryRule::kNormal && mist_ghosts > 0 && !open.empty();
  int needed = static_cast<int>(spots.size() + haunt_pending_.size()) + (cemetery_ghost ? 1 : 0);
  if (needed > bank_) {  // B.7.4: no partial placement; the team loses at once
    haunt_pending_.clear();
    Lose([bank = bank_, needed] {
      return Fill(TrPlural("the bank had {1} ghost, this tile needed {2} (B.7.4)",
                           "the bank had {1} ghosts, this tile needed {2} (B.7.4)", bank),
                  {std::to_string(bank), std::to_string(needed)});
    });
    return;
  }
  for (GhostSpot s : spots) ++ghosts_[s];
  bank_ -= static_cast<int>(spots.size());
  for (GhostSpot s : only_area) {  // the only area: a `haunt` naming it changes nothing
    SettledAnswer& a = Settle(SettledAnswer::Kind::kHaunt, [at = board_.tile(s.tile).cell] {
      return Fill(Tr("the ghost for {1} went on its only mist area (B.7.6, EDGE-08)"),
                  {CellName(at)});
    });
    a.tile = s.tile;
    a.segment = s.segment;
    a.cell = board_.tile(s.tile).cell;
  }
  LogGhosts(spots, mist);
  AfterGhosts(cemetery_ghost, open);
}

void MistsGame::HauntNeighbours(std::vector<GhostSpot>& spots, std::vector<GhostSpot>& only_area) {
  // B.7.6 (levels 5–6): a cemetery tile haunts every misty neighbour.
  haunt_pending_.clear();
  const PlacedTile& placed = board_.tile(placed_);
  if (level_.cemeteries != CemeteryRule::kHaunted || !placed.type->HasKind(FeatureKind::kCemetery))
    return;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy) {
      if (!dx && !dy) continue;
      int t = board_.IndexAt({placed.cell.x + dx, placed.cell.y + dy});
      if (t < 0) continue;
      // EDGE-08: each start quarter is a tile of its own; a face-down tile shows no mist; on
      // a neighbour with several mist areas the team picks the area (kHauntArea).
      std::vector<int> areas = MistAreas(t);
      if (areas.size() > 1) {
        haunt_pending_.push_back(t);
      } else if (areas.size() == 1) {
        spots.push_back({t, areas[0]});
        only_area.push_back({t, areas[0]});
      }
    }
}

void MistsGame::LogGhosts(const std::vector<GhostSpot>& spots, const MistGhosts& mist) {
  if (!spots.empty()) {
    std::map<int, int> per_tile;
    for (GhostSpot s : spots) ++per_tile[s.tile];
    std::string where;
    for (auto [t, n] : per_tile)
      // TRANSLATORS: {1} a number of ghosts put on the tile at {2} (x,y).
      where += (where.empty() ? "" : ", ") +
               Fill(Tr("{1} at {2}"), {std::to_string(n), CellName(board_.tile(t).cell)});
    const int placed = static_cast<int>(spots.size());
    // TRANSLATORS: {1} how many ghosts were placed, {2} where ("1 at 0,2, 2 at 1,0"), {3} the
    // ghosts left in the bank.
    Log(MistsEvent::Kind::kGhosts,
        Fill(mist.fewer == 1
                 ? TrPlural("{1} ghost placed: {2} (1 fewer: the mist extends a bank, B.7.2); "
                            "bank {3}",
                            "{1} ghosts placed: {2} (1 fewer: the mist extends a bank, B.7.2); "
                            "bank {3}",
                            placed)
             : mist.fewer > 1
                 ? TrPlural("{1} ghost placed: {2} ({4} fewer: as many mist areas extend a "
                            "bank, B.7.2, AMB-28's alternative); bank {3}",
                            "{1} ghosts placed: {2} ({4} fewer: as many mist areas extend a "
                            "bank, B.7.2, AMB-28's alternative); bank {3}",
                            placed)
                 : TrPlural("{1} ghost placed: {2}; bank {3}", "{1} ghosts placed: {2}; bank {3}",
                            placed),
             {std::to_string(placed), where, std::to_string(bank_), std::to_string(mist.fewer)}),
        placed);
  } else if (mist.extends && board_.tile(placed_).type->GhostSymbols() > 0) {
    Log(MistsEvent::Kind::kGhosts, mist.all_finished
                                       ? Tr("no ghost placed: the tile finished its mist (B.7.3)")
                                       : Tr("no ghost placed: the mist extends a bank (B.7.2)"));
  }
}

void MistsGame::AfterGhosts(bool cemetery_ghost, const std::vector<Cell>& open) {
  if (!haunt_pending_.empty()) {  // EDGE-08: the team picks (levels 5–6: no B.7.5 ghost)
    phase_ = MistsPhase::kHauntArea;
    return;
  }
  mist_ghosts_pending_ = cemetery_ghost ? 1 : 0;
  if (cemetery_ghost && open.size() > 1) {
    phase_ = MistsPhase::kCemeteryGhost;
    return;
  }
  if (cemetery_ghost) {  // the only open cemetery: a `cemetery` naming it changes nothing
    Settle(SettledAnswer::Kind::kCemetery, [at = open[0]] {
      return Fill(Tr("the extra ghost went to the only open cemetery, at {1} (B.7.5)"),
                  {CellName(at)});
    }).cell = open[0];
    phase_ = MistsPhase::kCemeteryGhost;
    MustSucceed(ChooseCemetery(open[0]));
    return;
  }
  ToMeeplePhase();
}

Status MistsGame::ChooseCemetery(Cell c) {
  if (phase_ != MistsPhase::kCemeteryGhost)
    return Status::Illegal(Tr("no ghost waits for a cemetery"));
  int t = board_.IndexAt(c);
  if (t < 0 || !IsCemeteryOpen(t))
    return Status::Illegal(Fill(Tr("no open cemetery at {1} (B.7.5)"), {CellName(c)}));
  const TileType& type = *board_.tile(t).type;
  for (int s = 0; s < static_cast<int>(type.segments.size()); ++s)
    if (type.segments[s].kind == FeatureKind::kCemetery) ++ghosts_[{t, s}];
  --bank_;
  mist_ghosts_pending_ = 0;
  Log(MistsEvent::Kind::kGhosts,
      Fill(Tr("1 ghost on the open cemetery at {1} (B.7.5)"), {CellName(c)}), 1);
  ToMeeplePhase();
  return Status::Ok();
}

std::vector<int> MistsGame::MistAreas(int tile) const {
  std::vector<int> out;
  if (IsFaceDown(tile)) return out;  // EDGE-08, EDGE-15: a face-down tile shows no mist
  const TileType& type = *board_.tile(tile).type;
  for (int s = 0; s < static_cast<int>(type.segments.size()); ++s)
    if (type.segments[s].kind == FeatureKind::kMist) out.push_back(s);
  return out;
}

Status MistsGame::HauntArea(Cell c, int segment) {
  if (phase_ != MistsPhase::kHauntArea)
    return Status::Illegal(Tr("no haunted cemetery's ghost waits for a mist area"));
  int t = board_.IndexAt(c);
  auto pending = std::find(haunt_pending_.begin(), haunt_pending_.end(), t);
  if (t < 0 || pending == haunt_pending_.end()) {
    std::string cells;
    for (int p : haunt_pending_)
      // TRANSLATORS: a cell in a list of cells to choose from: "0,1 or 2,1".
      cells = cells.empty() ? CellName(board_.tile(p).cell)
                            : Fill(Tr("{1} or {2}"), {cells, CellName(board_.tile(p).cell)});
    // TRANSLATORS: {1} the cells that may take the ghost, {2} the cell named.
    return Status::Illegal(
        Fill(Tr("the ghost to place goes on a mist area at {1}, not at {2} (EDGE-08)"),
             {cells, CellName(c)}));
  }
  std::vector<int> areas = MistAreas(t);
  if (std::find(areas.begin(), areas.end(), segment) == areas.end())
    return Status::NotFound(Fill(Tr("that is no mist area of the tile at {1}"), {CellName(c)}));
  ++ghosts_[{t, segment}];
  --bank_;
  haunt_pending_.erase(pending);
  const PlacedTile& pt = board_.tile(t);
  std::string area = MistAreaName(*pt.type, segment, pt.quarters);  // "mist SL+SR"
  // TRANSLATORS: {1} a mist area ("mist SL+SR"), {2} its tile (x,y), {3} the ghosts in the bank.
  Log(MistsEvent::Kind::kGhosts,
      Fill(Tr("1 ghost on the {1} at {2} (B.7.6, EDGE-08); bank {3}"),
           {area, CellName(c), std::to_string(bank_)}),
      1);
  if (haunt_pending_.empty()) ToMeeplePhase();
  return Status::Ok();
}

// --- 2b: the meeple --------------------------------------------------------------------

std::vector<int> MistsGame::PlayableColours() const {
  std::vector<int> out;
  for (int c = 0; c < static_cast<int>(colours_.size()); ++c)
    if (colour_owner_[c] == current_ && Supply(c) > 0) out.push_back(c);
  return out;
}

Status MistsGame::CheckMeeple(int segment, int colour) const {
  if (phase_ != MistsPhase::kPlaceMeeple)
    return Status::Illegal(Tr("a meeple goes on the tile just placed, after its ghosts"));
  const PlacedTile& placed = board_.tile(placed_);
  if (segment < 0 || segment >= static_cast<int>(placed.type->segments.size()))
    return Status::NotFound(Tr("the tile just placed has no such feature"));
  if (colour < 0 || colour >= static_cast<int>(colours_.size()) ||
      colour_owner_[colour] != current_)
    return Status::Illegal(
        Fill(Tr("{1} does not play that colour"), {setup_.players[current_].name}));
  if (Supply(colour) <= 0)
    return Status::Illegal(Fill(Tr("no {1} meeple left"), {colours_[colour]}));
  const Segment& seg = placed.type->segments[segment];
  switch (seg.kind) {
    case FeatureKind::kField:
      if (!setup_.options.meeples_on_fields)
        return Status::Illegal(Tr("no meeples on fields in Mists (AMB-03)"));
      break;  // AMB-03's alternative: allowed, and fields never score
    case FeatureKind::kMist:
      return Status::Illegal(Tr("a meeple never goes on mist (B.8.2)"));
    case FeatureKind::kCemetery:
      return Status::Illegal(Tr("a meeple goes on a cemetery only when buried (B.10.5)"));
    case FeatureKind::kMonastery:
      return Status::Illegal(Tr("no monasteries in Mists"));
    case FeatureKind::kRoad:
      if (seg.misty && !setup_.options.meeples_on_misty_roads)
        return Status::Illegal(Tr("meeples may not stand on misty roads in this game (CONF-04)"));
      break;
    case FeatureKind::kCity:
    case FeatureKind::kCastle:
      break;
  }
  NodeId node = features_.Node(placed_, segment);
  NodeId root = features_.Find(node);
  for (const MistsMeeple& m : meeples_)
    if (!m.buried && features_.Find(features_.Node(m.tile, m.segment)) == root)
      // TRANSLATORS: {1} the feature, {2} the colour of the meeple on it, {3} its tile (x,y).
      return Status::Illegal(Fill(Tr("the {1} is already occupied: {2} at {3} (B.8.1)"),
                                  {DescribeSegment(*placed.type, segment, 0), colours_[m.colour],
                                   CellName(board_.tile(m.tile).cell)}));
  return Status::Ok();
}

std::vector<int> MistsGame::MeepleSegments() const {
  std::vector<int> out;
  if (phase_ != MistsPhase::kPlaceMeeple) return out;
  std::vector<int> playable = PlayableColours();
  if (playable.empty()) return out;
  const TileType& type = *board_.tile(placed_).type;
  for (int s = 0; s < static_cast<int>(type.segments.size()); ++s)
    if (CheckMeeple(s, playable[0]).ok()) out.push_back(s);
  return out;
}

void MistsGame::ToMeeplePhase() {
  phase_ = MistsPhase::kPlaceMeeple;
  if (!MeepleSegments().empty()) return;
  // Nothing to decide.
  Settle(SettledAnswer::Kind::kPass, [] { return Tr("no meeple could be placed"); });
  StartEvaluation();
}

Status MistsGame::PlaceMeeple(int segment, int colour) {
  Status ok = CheckMeeple(segment, colour);
  if (!ok.ok()) return ok;
  meeples_.push_back({colour, placed_, segment, false});
  StartEvaluation();
  return Status::Ok();
}

Status MistsGame::Pass() {
  if (phase_ != MistsPhase::kPlaceMeeple) return Status::Illegal(Tr("nothing to pass now"));
  StartEvaluation();
  return Status::Ok();
}

// --- 3a: evaluation ----------------------------------------------------------------------

int MistsGame::CastleValue(int tile, std::string* reason) const {
  Cell c = board_.tile(tile).cell;
  int misty = 0;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy) {
      int t = board_.IndexAt({c.x + dx, c.y + dy});
      if (t >= 0 && board_.tile(t).type->HasMist()) ++misty;  // EDGE-15: face-down no mist
    }
  if (reason) *reason = CastleReason(misty);
  return 2 * misty;  // B.9.7
}

bool MistsGame::CastleHaunted(int tile) const {  // B.12.6
  Cell c = board_.tile(tile).cell;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy) {
      int t = board_.IndexAt({c.x + dx, c.y + dy});
      if (t >= 0 && IsFaceDown(t)) return true;
    }
  return false;
}

void MistsGame::StartEvaluation() {
  pending_.clear();
  const PlacedTile& placed = board_.tile(placed_);
  std::set<NodeId> seen;
  auto consider = [&](int tile, int segment) {
    NodeId root = features_.Find(features_.Node(tile, segment));
    if (!seen.insert(root).second) return;
    const FeatureInfo& info = features_.Info(root);
    PendingFeature f;
    f.root = root;
    f.kind = info.kind;
    std::set<int> colours;
    for (const MistsMeeple& m : meeples_)
      if (!m.buried && features_.Find(features_.Node(m.tile, m.segment)) == root)
        colours.insert(m.colour);
    // AMB-04: an unoccupied feature is not evaluated. AMB-04 alternative (--calm-unoccupied):
    // it waits like the others, with no colour, so that the team may calm 3 ghosts for it.
    if (colours.empty() && !setup_.options.calm_unoccupied) return;
    f.colours.assign(colours.begin(), colours.end());
    const PlacedTile& at = board_.tile(tile);
    if (info.kind == FeatureKind::kCastle) {
      f.value = CastleValue(tile, nullptr);
      f.reason = [misty = f.value / 2] { return CastleReason(misty); };
      f.where = [cell = at.cell] { return Fill(Tr("castle at {1}"), {CellName(cell)}); };
      for (int dx = -1; dx <= 1; ++dx)  // B.9.7: the castle tile and its 8 neighbours
        for (int dy = -1; dy <= 1; ++dy) f.cells.push_back({at.cell.x + dx, at.cell.y + dy});
    } else {
      const FeatureKind kind = info.kind;
      const int tiles = static_cast<int>(info.tiles.size()), pennants = info.pennants;
      f.value = FeatureValue(kind, true, tiles, pennants, nullptr);
      f.reason = [kind, tiles, pennants] {
        std::string reason;
        FeatureValue(kind, true, tiles, pennants, &reason);
        return reason;
      };
      f.where = [type = at.type, segment, quarters = at.quarters, cell = at.cell] {
        // TRANSLATORS: {1} a feature ("city W"), {2} its tile (x,y).
        return Fill(Tr("{1} at {2}"), {DescribeSegment(*type, segment, quarters), CellName(cell)});
      };
      for (int t : info.tiles) f.cells.push_back(board_.tile(t).cell);
    }
    std::sort(f.cells.begin(), f.cells.end());
    pending_.push_back(std::move(f));
  };
  if (!placed.type->face_down) {
    for (int s = 0; s < static_cast<int>(placed.type->segments.size()); ++s) {
      FeatureKind k = placed.type->segments[s].kind;
      if ((k == FeatureKind::kRoad || k == FeatureKind::kCity) &&
          features_.IsComplete(board_, features_.Node(placed_, s)))
        consider(placed_, s);
    }
  }
  // A castle is finished when its 8 neighbours are filled (B.9.7), never next to a face-down
  // tile (B.12.6); this tile may be the castle or its eighth neighbour.
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy) {
      int t = board_.IndexAt({placed.cell.x + dx, placed.cell.y + dy});
      if (t < 0 || board_.NeighbourCount(board_.tile(t).cell) != 8 || CastleHaunted(t)) continue;
      const TileType& type = *board_.tile(t).type;
      for (int s = 0; s < static_cast<int>(type.segments.size()); ++s)
        if (type.segments[s].kind == FeatureKind::kCastle) consider(t, s);
    }
  phase_ = MistsPhase::kEvaluate;
  ContinueEvaluation();
}

void MistsGame::ContinueEvaluation() {
  if (phase_ != MistsPhase::kEvaluate) return;
  if (!pending_.empty()) {
    // With no ghost on the board there is nothing to calm: the points it is.
    if (GhostsOnBoard() == 0) MustSucceed(ScoreFeature(0));
    return;
  }
  AfterScoring();
}

void MistsGame::AddPoints(int points, const std::vector<int>& colours) {
  if (level_.per_colour) {
    for (int c : colours) colour_scores_[c] += points;  // B.13.2
  } else {
    score_ += points * static_cast<int>(colours.size());  // B.9.5
  }
}

void MistsGame::ReturnMeeplesOf(NodeId root, std::vector<MistsMeeple>* returned) {
  std::vector<MistsMeeple> kept;
  for (const MistsMeeple& m : meeples_) {
    if (!m.buried && features_.Find(features_.Node(m.tile, m.segment)) == root) {
      returned->push_back(m);
      continue;
    }
    kept.push_back(m);
  }
  meeples_ = std::move(kept);
}

MistsEvent MistsGame::ScoreEvent(const PendingFeature& f, bool for_the_record) const {
  MistsEvent e;
  e.kind = MistsEvent::Kind::kScore;
  e.turn = turn_;
  e.points = f.value;
  e.colours = f.colours;
  std::string who;
  for (int c : f.colours) who += (who.empty() ? "" : ", ") + colours_[c];
  int total = f.value * (level_.per_colour ? 1 : static_cast<int>(f.colours.size()));
  e.what = FeatureKindName(f.kind);
  e.where = f.where();
  e.cells = f.cells;
  const std::string reason = f.reason();
  // TRANSLATORS: {1} the points worked out ("2 tiles × 2 = 4"), {2} the colours credited.
  e.reason = level_.per_colour
                 ? Fill(Tr("{1} for {2} (each colour's own marker)"), {reason, who})
                 : Fill(Tr("{1} for {2} = +{3} (B.9.5)"), {reason, who, std::to_string(total)});
  e.breakdown = reason;
  e.rule = level_.per_colour ? "B.13.2" : "B.9.5";
  // The record's note joins the rule: "B.9.5; for the record, AMB-26's alternative".
  if (for_the_record) e.rule += "; for the record, AMB-26's alternative";
  // TRANSLATORS: {1} a finished feature ("city W at 1,2"), {2} its points for the colours.
  e.text =
      Fill(for_the_record ? Tr("{1}: {2} (for the record, AMB-26's alternative)") : Tr("{1}: {2}"),
           {e.where, e.reason});
  return e;
}

Status MistsGame::ScoreFeature(int index) {
  if (phase_ != MistsPhase::kEvaluate || index < 0 || index >= static_cast<int>(pending_.size()))
    return Status::Illegal(phase_ == MistsPhase::kEvaluate
                               ? Fill(Tr("no finished feature {1}"), {std::to_string(index + 1)})
                               : Tr("no finished feature waits for evaluation"));
  const PendingFeature& f = pending_[index];
  if (f.colours.empty()) {
    // AMB-04 alternative: a feature with no meeple earns nothing; the team let the calm go.
    Log(MistsEvent::Kind::kCalm,
        Fill(Tr("{1}: no meeple on it, so no points; no ghost calmed (AMB-04's alternative)"),
             {f.where()}));
  } else {
    AddPoints(f.value, f.colours);
    events_.push_back(ScoreEvent(f, false));
  }
  Evaluated(index);
  return Status::Ok();
}

Status MistsGame::TakeGhosts(const std::vector<std::pair<GhostSpot, int>>& take, int max_total,
                             const std::vector<int>& allowed_tiles, int* taken) {
  *taken = 0;
  if (take.empty()) return Status::Syntax(Tr("name the tile to calm ghosts on"));
  int tile = take[0].first.tile;
  // One place named twice (two half-edges of one mist area) asks for the sum there.
  std::map<GhostSpot, int> asked;
  for (const auto& [spot, count] : take) {
    if (spot.tile != tile) return Status::Illegal(Tr("calm ghosts from one tile only (B.9.2)"));
    if (count <= 0) return Status::Syntax(Tr("calm at least 1 ghost"));
    asked[spot] += count;
  }
  for (const auto& [spot, count] : asked) {
    auto it = ghosts_.find(spot);
    if (it == ghosts_.end() || it->second < count) {
      const int there = it == ghosts_.end() ? 0 : it->second;
      return Status::Illegal(Fill(TrPlural("there is {1} ghost there, not {2}",
                                           "there are {1} ghosts there, not {2}", there),
                                  {std::to_string(there), std::to_string(count)}));
    }
    *taken += count;
  }
  if (*taken > max_total)
    return Status::Illegal(
        Fill(Tr("at most {1} ghosts from one tile"), {std::to_string(max_total)}));
  if (!allowed_tiles.empty() &&
      std::find(allowed_tiles.begin(), allowed_tiles.end(), tile) == allowed_tiles.end())
    return Status::Illegal(Tr("that tile is not in the hound's 3×3 block (B.11.3 b)"));
  for (const auto& [spot, count] : asked) {
    ghosts_[spot] -= count;
    if (ghosts_[spot] == 0) ghosts_.erase(spot);
  }
  bank_ += *taken;
  return Status::Ok();
}

Status MistsGame::CalmFeature(int index, const std::vector<std::pair<GhostSpot, int>>& take) {
  if (phase_ != MistsPhase::kEvaluate || index < 0 || index >= static_cast<int>(pending_.size()))
    return Status::Illegal(phase_ == MistsPhase::kEvaluate
                               ? Fill(Tr("no finished feature {1}"), {std::to_string(index + 1)})
                               : Tr("no finished feature waits for evaluation"));
  int taken = 0;
  Status s = TakeGhosts(take, 3, {}, &taken);
  if (!s.ok()) return s;
  Log(MistsEvent::Kind::kCalm,
      // TRANSLATORS: {1} the finished feature, {2} the ghosts calmed, {3} their tile (x,y).
      Fill(TrPlural("{1}: no points; {2} ghost from {3} back to the bank (B.9.2)",
                    "{1}: no points; {2} ghosts from {3} back to the bank (B.9.2)", taken),
           {pending_[index].where(), std::to_string(taken),
            CellName(board_.tile(take[0].first.tile).cell)}),
      taken);
  Evaluated(index);
  return Status::Ok();
}

void MistsGame::Evaluated(int index) {
  PendingFeature f = pending_[index];
  pending_.erase(pending_.begin() + index);
  std::vector<MistsMeeple> returned;
  ReturnMeeplesOf(f.root, &returned);  // B.9.3
  // B.11.5: the hounds waiting with those meeples score, 1 per ghost on the board, for the
  // colour of their meeple.
  for (Hound& h : hounds_) {
    if (h.done || h.tile < 0) continue;
    for (const MistsMeeple& m : returned)
      if (m.tile == h.tile && m.segment == h.segment) h.scoring_colour = m.colour;
  }
  // B.14.1, EDGE-24: when the evaluation itself reached the goal the team has won at once;
  // the hounds of this feature come after it, too late: they go to the box unscored (Won).
  // (A session logged before EDGE-24 was settled: its hounds scored first.)
  if (!setup_.options.before_amb28_edge24 && Won()) return;  // AMB-26: the rest waits
  // AMB-25: the hounds score straight after the evaluation, then the thresholds are checked.
  // AMB-25 alternative (--thresholds-before-hounds): the thresholds first (a hound reached now
  // is placed and calms its ghosts), then these hounds score (AfterThresholds).
  if (!setup_.options.thresholds_before_hounds) ScoreEvaluatedHounds();
  if (Won()) return;  // B.14.1, AMB-26: the waiting features stay unevaluated
  CheckThresholds();
  if (phase_ == MistsPhase::kEvaluate) AfterThresholds();
}

void MistsGame::ScoreHound(Hound& h) {
  int points = GhostsOnBoard();
  std::vector<int> credited = {h.scoring_colour};  // AMB-09: the colour of its meeple
  AddPoints(points, credited);
  h.done = true;
  h.scoring_colour = -1;
  MistsEvent e;
  e.kind = MistsEvent::Kind::kHound;
  e.turn = turn_;
  e.points = points;
  e.colours = credited;
  e.text =
      Fill(TrPlural("hound {1} scores {2} point: one per ghost on the board (B.11.5)",
                    "hound {1} scores {2} points: one per ghost on the board (B.11.5)", points),
           {std::to_string(h.number), std::to_string(points)});
  e.what = "hound";
  e.where =
      Fill(Tr("hound {1} at {2}"), {std::to_string(h.number), CellName(board_.tile(h.tile).cell)});
  e.breakdown = Fill(
      TrPlural("{1} ghost on the board × 1 = {1}", "{1} ghosts on the board × 1 = {1}", points),
      {std::to_string(points)});
  e.reason = Fill(Tr("{1} for {2} (B.11.5, AMB-09)"), {e.breakdown, colours_[credited[0]]});
  e.rule = "B.11.5, AMB-09";
  events_.push_back(std::move(e));
}

bool MistsGame::ScoreEvaluatedHounds() {
  bool any = false;
  for (Hound& h : hounds_)
    if (!h.done && h.scoring_colour >= 0) {
      ScoreHound(h);
      any = true;
    }
  return any;
}

void MistsGame::AfterThresholds() {
  // AMB-25 alternative: the thresholds are resolved; the hounds of the feature evaluated
  // before them score now, and their points may reach the goal or the next threshold.
  if (ScoreEvaluatedHounds()) {
    if (Won()) return;
    CheckThresholds();
    if (phase_ != MistsPhase::kEvaluate) return;
  }
  ContinueEvaluation();
}

// --- 3b: hounds ---------------------------------------------------------------------------

void MistsGame::MergePiles() {  // B.11.3 c: the rest of the pile on top of the next one
  if (active_pile_ + 1 >= static_cast<int>(piles_.size())) return;
  int moved = piles_[active_pile_];
  piles_[active_pile_ + 1] += moved;
  piles_[active_pile_] = 0;
  ++active_pile_;
  // TRANSLATORS: {1} the tiles left in pile {2}, put on pile {3}.
  Log(MistsEvent::Kind::kPiles,
      Fill(
          TrPlural("{1} tile left in pile {2} goes on pile {3}, now active (B.11.3 c)",
                   "{1} tiles left in pile {2} go on pile {3}, now active (B.11.3 c)", moved),
          {std::to_string(moved), std::to_string(active_pile_), std::to_string(active_pile_ + 1)}));
}

void MistsGame::CheckThresholds() {
  // EDGE-13: both thresholds at once are resolved in order, hound 1 first.
  while (level_.hound1 && next_hound_ < 2) {
    int threshold = next_hound_ == 0 ? level_.hound1 : level_.hound2;
    if (ThresholdScore() < threshold) return;
    Hound& h = hounds_[next_hound_];
    ++next_hound_;
    if (!StandingMeeples().empty()) {
      phase_ = MistsPhase::kHound;  // PlaceHound goes on from here
      return;
    }
    h.done = true;  // B.11.4, EDGE-11: lost, and the piles merge anyway
    Log(MistsEvent::Kind::kHound,
        Fill(Tr("hound {1} is lost: no standing meeple on the board (B.11.4)"),
             {std::to_string(h.number)}));
    MergePiles();
  }
}

std::vector<int> MistsGame::HoundBlock() const {
  std::vector<int> block;
  const Hound& h = hounds_[next_hound_ - 1];
  Cell c = board_.tile(h.tile).cell;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy) {
      int t = board_.IndexAt({c.x + dx, c.y + dy});
      if (t >= 0) block.push_back(t);
    }
  return block;
}

Status MistsGame::PlaceHound(int meeple) {
  if (phase_ != MistsPhase::kHound) return Status::Illegal(Tr("no hound waits"));
  std::vector<int> standing = StandingMeeples();
  if (std::find(standing.begin(), standing.end(), meeple) == standing.end())
    return Status::Illegal(Tr("a hound goes to a standing meeple, not a buried one (B.11.3 a)"));
  Hound& h = hounds_[next_hound_ - 1];
  h.tile = meeples_[meeple].tile;
  h.segment = meeples_[meeple].segment;
  // TRANSLATORS: {1} the hound's number, {2} a colour as typed, {3} the meeple's cell.
  Log(MistsEvent::Kind::kHound, Fill(Tr("hound {1} joins the {2} meeple at {3} (B.11.3 a)"),
                                     {std::to_string(h.number), colours_[meeples_[meeple].colour],
                                      CellName(board_.tile(h.tile).cell)}));
  hound_calm_tiles_ = 0;
  hound_calmed_tile_ = -1;
  phase_ = MistsPhase::kHoundCalm;
  int ghosts = 0;
  for (int t : HoundBlock()) ghosts += GhostsOnTile(t);
  if (ghosts == 0) {  // nothing to calm in its block: no `done` awaited
    Settle(SettledAnswer::Kind::kDone,
           [] { return Tr("the hound had no ghost to calm in its 3×3 block (B.11.3 b)"); });
    FinishHound();
  }
  return Status::Ok();
}

Status MistsGame::HoundCalm(const std::vector<std::pair<GhostSpot, int>>& take) {
  if (phase_ != MistsPhase::kHoundCalm) return Status::Illegal(Tr("no hound is calming ghosts"));
  if (take.empty()) {
    FinishHound();
    return Status::Ok();
  }
  if (take[0].first.tile == hound_calmed_tile_)
    return Status::Illegal(Fill(Tr("the hound has calmed the tile at {1} already: up to 3 ghosts "
                                   "from each of 2 different tiles (B.11.3 b)"),
                                {CellName(board_.tile(hound_calmed_tile_).cell)}));
  std::vector<int> block = HoundBlock();
  int taken = 0;
  Status s = TakeGhosts(take, 3, block, &taken);
  if (!s.ok()) return s;
  ++hound_calm_tiles_;
  hound_calmed_tile_ = take[0].first.tile;
  // TRANSLATORS: {1} the ghosts the hound calms on the tile at {2}.
  Log(MistsEvent::Kind::kCalm,
      Fill(TrPlural("the hound calms {1} ghost on {2} (B.11.3 b)",
                    "the hound calms {1} ghosts on {2} (B.11.3 b)", taken),
           {std::to_string(taken), CellName(board_.tile(take[0].first.tile).cell)}),
      taken);
  int left = 0;
  for (int t : block) left += GhostsOnTile(t);
  if (hound_calm_tiles_ >= 2 || left == 0) {  // nothing more to calm: no `done` awaited
    Settle(SettledAnswer::Kind::kDone, [most = hound_calm_tiles_ >= 2] {
      return most ? Tr("the hound has calmed 2 tiles, the most it may (B.11.3 b)")
                  : Tr("the hound had no ghost left to calm in its 3×3 block (B.11.3 b)");
    });
    FinishHound();
  }
  return Status::Ok();
}

void MistsGame::FinishHound() {
  MergePiles();
  phase_ = MistsPhase::kEvaluate;
  CheckThresholds();
  if (phase_ == MistsPhase::kEvaluate) AfterThresholds();
}

// --- 3c and the next turn ---------------------------------------------------------------

std::vector<Cell> MistsGame::FaceDownCells() const {
  std::set<Cell> cells;
  for (int t = 0; t < board_.size(); ++t) {
    if (!IsCemeteryOpen(t)) continue;
    Cell c = board_.tile(t).cell;
    for (int dx = -1; dx <= 1; ++dx)
      for (int dy = -1; dy <= 1; ++dy) {
        if (!dx && !dy) continue;
        if (setup_.options.facedown_orthogonal && dx && dy) continue;
        Cell n{c.x + dx, c.y + dy};
        if (board_.IndexAt(n) >= 0 || board_.OrthogonalCount(n) == 0) continue;
        cells.insert(n);  // AMB-06: shares an edge with a placed tile
      }
  }
  return {cells.begin(), cells.end()};
}

void MistsGame::AfterScoring() {
  pending_.clear();
  if (level_.cemeteries == CemeteryRule::kHaunted && !OpenCemeteries().empty() &&
      !(placed_ >= 0 && IsFaceDown(placed_))) {
    if (piles_[active_pile_] <= 0) {  // EDGE-16
      Lose([] { return Tr("no tile left to draw for the face-down tile (B.14.3, EDGE-16)"); });
      return;
    }
    phase_ = MistsPhase::kFaceDown;
    return;
  }
  NextTurn();
}

Status MistsGame::PlaceFaceDown(Cell c) {
  if (phase_ != MistsPhase::kFaceDown) return Status::Illegal(Tr("no face-down tile waits"));
  std::vector<Cell> cells = FaceDownCells();
  if (std::find(cells.begin(), cells.end(), c) == cells.end())
    return Status::Illegal(
        Tr("a face-down tile goes next to an open cemetery, on a free cell "
           "beside a placed tile (B.12.4, AMB-06)"));
  auto tile = std::make_shared<TileType>();
  tile->id = "face-down";
  tile->face_down = true;
  MustSucceed(tile->Finalize());
  placed_ = board_.Place(tile, c, 0);
  features_.AddTile(board_, placed_);
  --piles_[active_pile_];
  Log(MistsEvent::Kind::kFaceDown, Fill(Tr("a face-down tile at {1} (B.12.4)"), {CellName(c)}));
  AfterPlacement();  // it may close cemeteries (B.12.6); then the turn ends
  return Status::Ok();
}

void MistsGame::NextTurn() {
  if (phase_ == MistsPhase::kLost || phase_ == MistsPhase::kWon) return;
  placed_ = -1;
  current_ = (current_ + 1) % static_cast<int>(setup_.players.size());
  phase_ = MistsPhase::kPlaceTile;
  if (piles_[active_pile_] <= 0)  // B.14.3, AMB-10: a tile must be drawn and none is left
    Lose([one = level_.piles == 1, pile = active_pile_ + 1] {
      return one ? Tr("no tile left to draw (B.14.3)")
                 : Fill(Tr("pile {1} is empty before its threshold (B.11.2, B.14.3)"),
                        {std::to_string(pile)});
    });
}

std::string MistsGame::WorstNextTile() const {
  // The most symbols a tile still in the box can show (the box knows the classes).
  int symbols = 0;
  for (int k = 3; k > 0 && !symbols; --k)
    if (box_->LeftWithGhosts(k) > 0) symbols = k;
  if (symbols == 0) return Tr("no tile left in the box shows ghost symbols");
  bool cemetery = level_.cemeteries == CemeteryRule::kNormal && !OpenCemeteries().empty();
  int worst = symbols + (cemetery ? 1 : 0);  // B.7.5
  int left = bank_ - worst;
  const std::string n = std::to_string(symbols);
  // TRANSLATORS: {1} the most ghost symbols a tile left in the box shows (1 to 3), {2} the
  // ghosts the bank would keep.
  if (left >= 0 && cemetery)
    return Fill(TrPlural("a {1}-symbol tile that extends no mist (with the cemetery's extra "
                         "ghost) would leave {2} ghost in the bank",
                         "a {1}-symbol tile that extends no mist (with the cemetery's extra "
                         "ghost) would leave {2} ghosts in the bank",
                         left),
                {n, std::to_string(left)});
  if (left >= 0)
    return Fill(TrPlural("a {1}-symbol tile that extends no mist would leave {2} ghost in the bank",
                         "a {1}-symbol tile that extends no mist would leave {2} ghosts in the "
                         "bank",
                         left),
                {n, std::to_string(left)});
  // TRANSLATORS: {1} the most ghost symbols a tile left in the box shows, {2} the ghosts it
  // would need (more than the bank holds).
  if (cemetery)
    return Fill(Tr("a {1}-symbol tile that extends no mist (with the cemetery's extra ghost) "
                   "would need {2} ghosts: the team would lose (B.7.4)"),
                {n, std::to_string(worst)});
  return Fill(Tr("a {1}-symbol tile that extends no mist would need {2} ghosts: the team would "
                 "lose (B.7.4)"),
              {n, std::to_string(worst)});
}

std::uint64_t MistsGame::Hash() const {
  // Each field's bytes fed in pieces (FieldHash): no string is built, and the value is the one
  // logged sessions check ("mists/1", "g3/2=1" …).
  FieldHash h;
  (h << "mists/" << level_.level).End();
  for (const std::string& c : colours_) (h << c).End();
  (h << static_cast<int>(phase_) << "/" << current_ << "/" << placed_ << "/" << turn_ << "/"
     << bank_ << "/" << score_)
      .End();
  for (int s : colour_scores_) (h << "c" << s).End();
  for (const PlacedTile& t : board_.tiles()) {
    HashTileKey(h, *t.type);
    (h << "@" << t.cell).End();
  }
  for (const MistsMeeple& m : meeples_)
    (h << "m" << m.colour << "/" << m.tile << "/" << m.segment << (m.buried ? "b" : "")).End();
  for (const auto& [spot, count] : ghosts_)
    (h << "g" << spot.tile << "/" << spot.segment << "=" << count).End();
  for (int p : piles_) (h << "p" << p).End();
  for (const Hound& d : hounds_) {
    h << "h" << d.tile << "/" << d.segment << (d.done ? "d" : "");
    if (d.scoring_colour >= 0) h << "s" << d.scoring_colour;
    h.End();
  }
  for (const PendingFeature& f : pending_) (h << "f" << f.root).End();
  for (int t : haunt_pending_) (h << "a" << t).End();  // EDGE-08
  return h.value();
}

}  // namespace carcref
