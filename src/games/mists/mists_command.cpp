// The co-op commands (mists_command.h): parsing and applying them to a MistsGame, and telling
// an answer the rules took by themselves from one to apply (mists_internal.h).
#include "games/mists/mists_command.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>

#include "carcref/command.h"
#include "carcref/i18n.h"
#include "carcref/words.h"
#include "mists_internal.h"

namespace carcref {

namespace {

using Tokens = std::vector<CommandToken>;

// The value of a word IsDigits accepts, at most 1,000,000: more than any count or list at a
// table holds, so the check after it refuses it as too many.
int NumberOf(const std::string& s) { return static_cast<int>(ReadNumber(s, 1000000).value_or(0)); }

int ColourIndex(const MistsGame& g, const std::string& word) {
  const std::vector<std::string>& colours = g.colours();
  auto it = std::find(colours.begin(), colours.end(), Lower(word));
  return it == colours.end() ? -1 : static_cast<int>(it - colours.begin());
}

Result<Cell> CellAt(const Tokens& t, size_t i, const std::string& what) {
  // TRANSLATORS: {1} a command as typed (calm, hound …).
  if (i >= t.size()) return Status::Syntax(Fill(Tr("{1} needs a cell X,Y"), {what}));
  auto c = ParseCell(t[i].text);
  if (!c)
    return Status::Syntax(Fill(Tr("expected a cell X,Y, got '{1}'"), {t[i].text}), t[i].column);
  return *c;
}

// The segment a feature word names on a placed tile: "road E", "city N", "castle".
Result<int> SegmentOn(const PlacedTile& placed, const Tokens& t, size_t& i) {
  std::string word = Lower(t[i].text);
  const TileType& type = *placed.type;
  if (word == "castle" || word == "cemetery") {
    ++i;
    FeatureKind want = word == "castle" ? FeatureKind::kCastle : FeatureKind::kCemetery;
    for (int s = 0; s < static_cast<int>(type.segments.size()); ++s)
      if (type.segments[s].kind == want) return s;
    return Status::NotFound(Fill(want == FeatureKind::kCastle
                                     ? Tr("the tile at {1} has no castle")
                                     : Tr("the tile at {1} has no cemetery"),
                                 {CellName(placed.cell)}));
  }
  if (word == "field") {  // NOTATION's `meeple field HALF`: the rules say why not (AMB-03, B.8.2)
    std::optional<Port> half;
    if (i + 1 < t.size()) half = ParseHalf(t[i + 1].text);
    if (!half) return Status::Syntax(Tr("field needs a half-edge NL … WR"));
    i += 2;
    int s = placed.OwnerOfBoardPort(*half);
    if (s < 0)
      return Status::NotFound(
          Fill(Tr("no field there on the tile at {1}"), {CellName(placed.cell)}));
    return s;
  }
  if (word != "road" && word != "city")
    return Status::Syntax(
        Fill(Tr("expected road SIDE, city SIDE or castle, got '{1}'"), {t[i].text}), t[i].column);
  // TRANSLATORS: {1} the feature word as typed (road, city).
  if (i + 1 >= t.size()) return Status::Syntax(Fill(Tr("{1} needs a side N, E, S or W"), {word}));
  auto side = ParseSide(t[i + 1].text);
  if (!side)
    return Status::Syntax(Fill(Tr("a side is N, E, S or W, not '{1}'"), {t[i + 1].text}),
                          t[i + 1].column);
  i += 2;
  int s = placed.OwnerOfBoardPort(MiddlePort(*side));
  FeatureKind want = word == "road" ? FeatureKind::kRoad : FeatureKind::kCity;
  if (s < 0 || type.segments[s].kind != want)
    // TRANSLATORS: {1} the tile's cell, {2} a side (N, E, S, W: notation).
    return Status::NotFound(Fill(want == FeatureKind::kRoad
                                     ? Tr("the tile at {1} has no road on its {2} side")
                                     : Tr("the tile at {1} has no city on its {2} side"),
                                 {CellName(placed.cell), std::string(SideName(*side))}));
  return s;
}

// A standing meeple on the tile at `cell`, optionally on the named feature.
Result<int> MeepleAt(const MistsGame& g, const Tokens& t, size_t i, Cell cell) {
  int tile = g.board().IndexAt(cell);
  if (tile < 0) return Status::NotFound(Fill(Tr("no tile at {1}"), {CellName(cell)}));
  std::vector<int> here;
  for (int m : g.StandingMeeples())
    if (g.meeples()[m].tile == tile) here.push_back(m);
  if (i < t.size()) {
    Result<int> seg = SegmentOn(g.board().tile(tile), t, i);
    if (!seg.ok()) return seg.status();
    for (int m : here)
      if (g.meeples()[m].segment == *seg) return m;
    return Status::NotFound(
        Fill(Tr("no standing meeple on that feature at {1}"), {CellName(cell)}));
  }
  if (here.empty())
    return Status::NotFound(Fill(Tr("no standing meeple at {1}"), {CellName(cell)}));
  if (here.size() > 1)
    return Status::Syntax(
        Fill(Tr("two meeples stand at {1}: say which (road SIDE, city SIDE or castle)"),
             {CellName(cell)}));
  return here[0];
}

// "X,Y [WHERE COUNT]…": ghosts to calm on one tile. WHERE is a half-edge of a mist area, a
// road side ("road E", for mist covering a road) or "cemetery"; without any, all ghosts of
// the tile's only ghost place, up to 3.
Result<std::vector<std::pair<GhostSpot, int>>> GhostsToCalm(const MistsGame& g, const Tokens& t,
                                                            size_t i) {
  Result<Cell> cell = CellAt(t, i, "calm");
  if (!cell.ok()) return cell.status();
  int tile = g.board().IndexAt(*cell);
  if (tile < 0) return Status::NotFound(Fill(Tr("no tile at {1}"), {CellName(*cell)}));
  const PlacedTile& placed = g.board().tile(tile);
  std::vector<std::pair<GhostSpot, int>> take;
  ++i;
  if (i >= t.size()) {
    std::vector<std::pair<GhostSpot, int>> places;
    for (const auto& [spot, count] : g.ghosts())
      if (spot.tile == tile) places.push_back({spot, count});
    if (places.empty())
      return Status::Illegal(Fill(Tr("no ghost on the tile at {1}"), {CellName(*cell)}));
    // TRANSLATORS: {1} how many places (2 or more) hold ghosts on the tile at {2}.
    if (places.size() > 1)
      return Status::Syntax(Fill(Tr("ghosts stand in {1} places on {2}: name them, e.g. calm {2} "
                                    "NL 2 cemetery 1 (AMB-27)"),
                                 {std::to_string(places.size()), CellName(*cell)}));
    take.push_back({places[0].first, std::min(3, places[0].second)});
    return take;
  }
  while (i < t.size()) {
    std::string word = Lower(t[i].text);
    int segment = -1;
    if (word == "cemetery") {
      for (int s = 0; s < static_cast<int>(placed.type->segments.size()); ++s)
        if (placed.type->segments[s].kind == FeatureKind::kCemetery) segment = s;
      if (segment < 0)
        return Status::NotFound(Fill(Tr("the tile at {1} has no cemetery"), {CellName(*cell)}));
      ++i;
    } else if (word == "road" && i + 1 < t.size() && ParseSide(t[i + 1].text)) {
      segment = placed.MistOfBoardPort(MiddlePort(*ParseSide(t[i + 1].text)));
      if (segment < 0)
        return Status::NotFound(Fill(Tr("no mist on that road at {1}"), {CellName(*cell)}));
      i += 2;
    } else if (auto half = ParseHalf(word)) {
      segment = placed.MistOfBoardPort(*half);
      if (segment < 0)
        // TRANSLATORS: {1} a half-edge as typed (NL…WR), {2} the tile's cell.
        return Status::NotFound(
            Fill(Tr("no mist at {1} of the tile at {2}"), {t[i].text, CellName(*cell)}));
      ++i;
    } else {
      return Status::Syntax(
          Fill(Tr("expected a mist half-edge (NL…WR), road SIDE or cemetery, got '{1}'"),
               {t[i].text}),
          t[i].column);
    }
    int count = 3;
    if (i < t.size() && IsDigits(t[i].text)) {
      if (t[i].text.size() > 6)  // B.9.2, B.11.3: up to 3 from one tile
        return Status::Illegal(Fill(Tr("at most 3 ghosts from one tile, not {1}"), {t[i].text}));
      count = NumberOf(t[i].text);
      ++i;
    } else {
      auto it = g.ghosts().find({tile, segment});
      count = it == g.ghosts().end() ? 0 : std::min(3, it->second);
    }
    take.push_back({GhostSpot{tile, segment}, count});
  }
  return take;
}

// "HALF" (NL…WR) or "road SIDE": the mist area there on a placed tile (EDGE-08's `haunt`).
Result<int> MistAreaAt(const PlacedTile& placed, const Tokens& t, size_t& i) {
  std::string word = Lower(t[i].text);
  if (word == "road" && i + 1 < t.size() && ParseSide(t[i + 1].text)) {
    int segment = placed.MistOfBoardPort(MiddlePort(*ParseSide(t[i + 1].text)));
    if (segment < 0)
      return Status::NotFound(Fill(Tr("no mist on that road at {1}"), {CellName(placed.cell)}));
    i += 2;
    return segment;
  }
  if (auto half = ParseHalf(word)) {
    int segment = placed.MistOfBoardPort(*half);
    if (segment < 0)
      return Status::NotFound(
          Fill(Tr("no mist at {1} of the tile at {2}"), {t[i].text, CellName(placed.cell)}));
    ++i;
    return segment;
  }
  return Status::Syntax(
      Fill(Tr("expected a mist half-edge (NL…WR) or road SIDE, got '{1}'"), {t[i].text}),
      t[i].column);
}

Status Extra(const Tokens& t, size_t i) {
  if (i < t.size()) return Status::Syntax(Fill(Tr("unexpected '{1}'"), {t[i].text}), t[i].column);
  return Status::Ok();
}

}  // namespace

Result<TilePtr> ParseMistsTile(std::string_view token,
                               const std::map<std::string, std::string>& saved) {
  std::string text(token);
  auto it = saved.find(text);
  if (it != saved.end()) text = it->second;
  Result<TileType> tile = ParseTileDescription(text);
  if (!tile.ok()) {
    if (it == saved.end() && text.find_first_of("{[") == std::string::npos && text.size() < 4)
      return Status::NotFound(Fill(Tr("unknown tile '{1}': describe it as it lies (e.g. frRf2) or "
                                      "save it first with tile save NAME DESCRIPTION"),
                                   {text}));
    return tile.status();
  }
  return TilePtr(std::make_shared<TileType>(std::move(tile.value())));
}

namespace {

using SavedTiles = std::map<std::string, std::string>;

// Each verb's step below parses its words and calls one MistsGame verb on `next`, the copy
// ApplyMistsCommand keeps only when every step succeeded (all or nothing). A refusal returns
// before the game verb is called, in the order the words are read.

// place DESCRIPTION|NAME [at] X,Y: the tile as it lies, so a rotation after the cell is refused.
Status ApplyPlace(MistsGame& next, const Tokens& t, const SavedTiles& saved) {
  if (t.size() < 2) return Status::Syntax(Tr("place which tile where? e.g. place frRf2 at 1,2"));
  size_t i = 2;
  if (i < t.size() && Lower(t[i].text) == "at") ++i;
  Result<Cell> cell = CellAt(t, i, "place");
  if (!cell.ok()) return cell.status();
  if (i + 1 < t.size() && IsDigits(t[i + 1].text))
    return Status::Syntax(Tr("a Mists tile is described as it lies: no rotation"), t[i + 1].column);
  if (i + 1 < t.size() && Lower(t[i + 1].text) == "meeple")  // the base game's way (issue #20)
    return Status::Syntax(Tr("in the co-op game the meeple has a line of its own, after the "
                             "tile's ghosts: place the tile first, then meeple or pass"),
                          t[i + 1].column);
  Status s = Extra(t, i + 1);
  if (!s.ok()) return s;
  Result<TilePtr> tile = ParseMistsTile(t[1].text, saved);
  if (!tile.ok()) {
    // The description's caret counts from its own first character: move it under the token.
    Status e = tile.status();
    if (e.code() == Status::Code::kSyntax && e.column() >= 0)
      return Status::Syntax(e.message(), e.column() + t[1].column);
    return e;
  }
  return next.PlaceTile(*tile, *cell);
}

// discard DESCRIPTION|NAME: the drawn tile fits nowhere (EDGE-03).
Status ApplyDiscard(MistsGame& next, const Tokens& t, const SavedTiles& saved) {
  if (t.size() != 2) return Status::Syntax(Tr("discard which tile? describe it as it lies"));
  Result<TilePtr> tile = ParseMistsTile(t[1].text, saved);
  if (!tile.ok()) return tile.status();
  return next.Discard(*tile);
}

Status ApplyPass(MistsGame& next, const Tokens& t, const SavedTiles&) {
  Status s = Extra(t, 1);
  return s.ok() ? next.Pass() : s;
}

// The segment `meeple N` or `meeple road|city SIDE | castle` names on the tile just placed;
// `i` moves past the words it read.
Result<int> MeepleSegmentOf(const MistsGame& next, const Tokens& t, size_t& i) {
  if (!IsDigits(t[i].text)) return SegmentOn(next.board().tile(next.placed_tile_index()), t, i);
  std::vector<int> options = next.MeepleSegments();
  int n = NumberOf(t[i].text);
  if (n < 1 || n > static_cast<int>(options.size()))
    return Status::NotFound(Fill(Tr("there is no place {1}"), {t[i].text}));
  ++i;
  return options[static_cast<size_t>(n - 1)];
}

// The meeple's colour: the one named at `i`, or else the first colour with a meeple to play.
Result<int> MeepleColourOf(const MistsGame& next, const Tokens& t, size_t& i) {
  if (i < t.size()) {
    int colour = ColourIndex(next, t[i].text);
    if (colour < 0)
      return Status::Syntax(Fill(Tr("'{1}' is no colour in this game"), {t[i].text}), t[i].column);
    ++i;
    return colour;
  }
  std::vector<int> playable = next.PlayableColours();
  if (playable.empty()) return Status::Illegal(Tr("no meeple left to place"));
  return playable[0];
}

// meeple road|city SIDE | castle | N [COLOUR]: on the tile just placed, after its ghosts.
Status ApplyMeeple(MistsGame& next, const Tokens& t, const SavedTiles&) {
  if (next.phase() != MistsPhase::kPlaceMeeple)
    return Status::Illegal(Tr("a meeple goes on the tile just placed, after its ghosts"));
  size_t i = 1;
  if (i >= t.size()) return Status::Syntax(Tr("meeple where? road SIDE, city SIDE, castle or N"));
  Result<int> segment = MeepleSegmentOf(next, t, i);
  if (!segment.ok()) return segment.status();
  Result<int> colour = MeepleColourOf(next, t, i);
  if (!colour.ok()) return colour.status();
  Status s = Extra(t, i);
  return s.ok() ? next.PlaceMeeple(*segment, *colour) : s;
}

// bury X,Y [road|city SIDE | castle] or bury COLOUR (B.10.3).
Status ApplyBury(MistsGame& next, const Tokens& t, const SavedTiles&) {
  if (t.size() < 2) return Status::Syntax(Tr("bury which meeple? bury X,Y or bury COLOUR"));
  if (!ParseCell(t[1].text)) {
    int colour = ColourIndex(next, t[1].text);
    if (colour < 0)
      return Status::Syntax(Tr("bury a meeple at X,Y, or a colour's from the supply"), t[1].column);
    Status s = Extra(t, 2);
    return s.ok() ? next.Bury(-1, colour) : s;
  }
  Result<int> m = MeepleAt(next, t, 2, *ParseCell(t[1].text));
  if (!m.ok()) return m.status();
  return next.Bury(*m, -1);
}

// cemetery X,Y: the open cemetery that takes the extra ghost (B.7.5).
Status ApplyCemetery(MistsGame& next, const Tokens& t, const SavedTiles&) {
  Result<Cell> cell = CellAt(t, 1, "cemetery");
  if (!cell.ok()) return cell.status();
  Status s = Extra(t, 2);
  return s.ok() ? next.ChooseCemetery(*cell) : s;
}

// haunt X,Y [HALF | road SIDE]: the mist area that takes the haunted cemetery's ghost; the
// area may go unnamed only where the tile shows one (EDGE-08).
Status ApplyHaunt(MistsGame& next, const Tokens& t, const SavedTiles&) {
  Result<Cell> cell = CellAt(t, 1, "haunt");
  if (!cell.ok()) return cell.status();
  if (next.phase() != MistsPhase::kHauntArea)
    return Status::Illegal(Tr("no haunted cemetery's ghost waits for a mist area"));
  int tile = next.board().IndexAt(*cell);
  if (tile < 0) return Status::NotFound(Fill(Tr("no tile at {1}"), {CellName(*cell)}));
  if (t.size() < 3) {
    std::vector<int> areas = next.MistAreas(tile);
    if (areas.size() != 1)
      // TRANSLATORS: {1} the tile's cell, {2} its mist areas (0, or 2 and more).
      return Status::Syntax(Fill(TrPlural("the tile at {1} shows {2} mist area: name one by a "
                                          "half-edge, e.g. haunt {1} NL (EDGE-08)",
                                          "the tile at {1} shows {2} mist areas: name one by a "
                                          "half-edge, e.g. haunt {1} NL (EDGE-08)",
                                          static_cast<long long>(areas.size())),
                                 {CellName(*cell), std::to_string(areas.size())}));
    return next.HauntArea(*cell, areas[0]);
  }
  size_t i = 2;
  Result<int> area = MistAreaAt(next.board().tile(tile), t, i);
  if (!area.ok()) return area.status();
  Status s = Extra(t, i);
  return s.ok() ? next.HauntArea(*cell, *area) : s;
}

// score [N]: the finished feature N (default 1) takes its points.
Status ApplyScore(MistsGame& next, const Tokens& t, const SavedTiles&) {
  int index = 0;
  if (t.size() > 1) {
    if (!IsDigits(t[1].text))
      return Status::Syntax(Tr("score N: the feature's number"), t[1].column);
    if (t[1].text.size() > 6)
      return Status::NotFound(Fill(Tr("no finished feature {1}"), {t[1].text}));
    index = NumberOf(t[1].text) - 1;
  }
  Status s = Extra(t, t.size() > 1 ? 2 : 1);
  return s.ok() ? next.ScoreFeature(index) : s;
}

// calm [N] X,Y [WHERE COUNT]…: the finished feature N calms ghosts instead of scoring, or,
// while the hound waits, the ghosts the hound calms (N is then read but unused) (AMB-27, B.11.3).
Status ApplyCalm(MistsGame& next, const Tokens& t, const SavedTiles&) {
  size_t i = 1;
  int index = 0;
  if (i < t.size() && IsDigits(t[i].text)) {
    if (t[i].text.size() > 6)
      return Status::NotFound(Fill(Tr("no finished feature {1}"), {t[i].text}));
    index = NumberOf(t[i].text) - 1;
    ++i;
  }
  Result<std::vector<std::pair<GhostSpot, int>>> take = GhostsToCalm(next, t, i);
  if (!take.ok()) return take.status();
  if (next.phase() == MistsPhase::kHoundCalm) return next.HoundCalm(*take);
  return next.CalmFeature(index, *take);
}

// done: the hound calms nothing more.
Status ApplyDone(MistsGame& next, const Tokens& t, const SavedTiles&) {
  Status s = Extra(t, 1);
  return s.ok() ? next.HoundCalm({}) : s;
}

// hound X,Y [road|city SIDE | castle]: the meeple the hound joins (B.11.3).
Status ApplyHound(MistsGame& next, const Tokens& t, const SavedTiles&) {
  Result<Cell> cell = CellAt(t, 1, "hound");
  if (!cell.ok()) return cell.status();
  Result<int> m = MeepleAt(next, t, 2, *cell);
  if (!m.ok()) return m.status();
  return next.PlaceHound(*m);
}

// facedown X,Y: where the face-down tile goes (B.12.4).
Status ApplyFaceDown(MistsGame& next, const Tokens& t, const SavedTiles&) {
  Result<Cell> cell = CellAt(t, 1, "facedown");
  if (!cell.ok()) return cell.status();
  Status s = Extra(t, 2);
  return s.ok() ? next.PlaceFaceDown(*cell) : s;
}

// end: accepted only after the game ended, as a redundant answer (TypedSettledAnswer).
Status RefuseEnd(MistsGame&, const Tokens&, const SavedTiles&) {
  return Status::Illegal(
      Tr("'end' is not part of the co-op game: it ends when the team wins or loses (B.14)"));
}

struct MistsVerb {
  const char* word;
  Status (*apply)(MistsGame& next, const Tokens& t, const SavedTiles& saved);
};

constexpr MistsVerb kMistsVerbs[] = {
    {"place", ApplyPlace},   {"discard", ApplyDiscard}, {"pass", ApplyPass},
    {"meeple", ApplyMeeple}, {"bury", ApplyBury},       {"cemetery", ApplyCemetery},
    {"haunt", ApplyHaunt},   {"score", ApplyScore},     {"calm", ApplyCalm},
    {"done", ApplyDone},     {"hound", ApplyHound},     {"facedown", ApplyFaceDown},
    {"end", RefuseEnd},
};

}  // namespace

Status ApplyMistsCommand(MistsGame& game, std::string_view line, const SavedTiles& saved) {
  Result<Tokens> tokens = TokenizeCommand(line);
  if (!tokens.ok()) return tokens.status();
  const Tokens& t = *tokens;
  if (t.empty()) return Status::Syntax(Tr("empty command"), 0);
  std::string verb = Lower(t[0].text);
  for (const MistsVerb& v : kMistsVerbs) {
    if (verb != v.word) continue;
    MistsGame next = game;  // all or nothing
    Status s = v.apply(next, t, saved);
    if (!s.ok()) return s;
    game = std::move(next);
    return Status::Ok();
  }
  return Status::Syntax(Fill(Tr("unknown command '{1}'"), {t[0].text}), t[0].column);
}

namespace {

// Whether the words of a `cemetery` or `bury` answer name what the rules took (`taken`).
// Words that name nothing (a bad cell, an unknown colour) are left to the command itself.
std::optional<bool> NamesTaken(const MistsGame& g, const Tokens& t, const SettledAnswer& taken) {
  if (t.size() < 2) return std::nullopt;
  std::optional<Cell> cell = ParseCell(t[1].text);
  if (taken.kind == SettledAnswer::Kind::kCemetery) {
    if (!cell || t.size() > 2) return std::nullopt;
    return *cell == taken.cell;
  }
  if (taken.kind == SettledAnswer::Kind::kHaunt) {  // haunt X,Y [HALF | road SIDE]
    if (!cell) return std::nullopt;
    if (*cell != taken.cell) return false;
    if (t.size() == 2) return true;
    size_t i = 2;
    Result<int> area = MistAreaAt(g.board().tile(taken.tile), t, i);
    return area.ok() && i == t.size() && *area == taken.segment;
  }
  if (!cell) {  // bury COLOUR: a meeple from the supply
    int colour = ColourIndex(g, t[1].text);
    if (colour < 0 || t.size() > 2) return std::nullopt;
    return taken.tile < 0 && taken.owner == colour;
  }
  if (taken.tile < 0 || *cell != taken.cell) return false;
  if (t.size() == 2) return true;
  size_t i = 2;  // bury X,Y road|city SIDE | castle: the feature it stood on
  Result<int> segment = SegmentOn(g.board().tile(taken.tile), t, i);
  return segment.ok() && i == t.size() && *segment == taken.segment;
}

}  // namespace

namespace mists_internal {

std::optional<Result<std::vector<MistsEvent>>> TypedSettledAnswer(const MistsGame& game,
                                                                  std::vector<SettledAnswer>* open,
                                                                  std::string_view line) {
  Result<Tokens> tokens = TokenizeCommand(line);
  if (!tokens.ok() || tokens->empty()) return std::nullopt;
  const Tokens& t = *tokens;
  std::string verb = Lower(t[0].text);
  const SettledAnswer* other = nullptr;
  for (auto it = open->begin(); it != open->end(); ++it) {
    if (verb != SettledVerb(it->kind)) continue;
    bool names_it = t.size() == 1;  // pass, done, end
    if (it->kind == SettledAnswer::Kind::kCemetery || it->kind == SettledAnswer::Kind::kBury ||
        it->kind == SettledAnswer::Kind::kHaunt) {
      std::optional<bool> names = NamesTaken(game, t, *it);
      if (!names) return std::nullopt;
      names_it = *names;
      if (!names_it && !other) other = &*it;
    }
    if (!names_it) continue;
    MistsEvent e;
    e.kind = MistsEvent::Kind::kRedundant;
    e.turn = game.turn();
    e.text = RedundantNote(*it);
    open->erase(it);  // each answer once; the others stay open
    return std::vector<MistsEvent>{e};
  }
  // A burial or cemetery awaited now takes the command as its answer.
  bool asked = game.phase() == MistsPhase::kBury || game.phase() == MistsPhase::kCemeteryGhost ||
               game.phase() == MistsPhase::kHauntArea;
  if (other && !asked)
    return Result<std::vector<MistsEvent>>(Status::Illegal(OtherAnswer(*other, line)));
  return std::nullopt;
}

}  // namespace mists_internal

const std::array<const char*, 4> kQuarterNames = {"NW", "NE", "SW", "SE"};

std::vector<std::string> SplitStartQuarters(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string q; in >> q;) out.push_back(q);
  return out;
}

std::string JoinStartQuarters(const std::vector<std::string>& quarters) {
  std::string out;
  for (const std::string& q : quarters) out += (out.empty() ? "" : " ") + q;
  return out;
}

std::string LoggedStartQuarters(const YAML::Node& options) {
  std::vector<std::string> quarters;
  for (const YAML::Node& q : options["start"]) quarters.push_back(q.as<std::string>());
  return JoinStartQuarters(quarters);
}

Result<std::vector<TilePtr>> ParseStartQuarters(const std::vector<std::string>& start,
                                                const std::map<std::string, std::string>& saved) {
  if (start.size() != 4)
    return Status::Syntax(
        Tr("describe the start tile as its four quarters as they lie, NW NE SW "
           "SE, e.g. --start \"ffff ffff ffFf2 ffFf1\""));
  std::vector<TilePtr> out;
  for (size_t q = 0; q < 4; ++q) {
    Result<TilePtr> tile = ParseMistsTile(start[q], saved);
    if (!tile.ok())
      // TRANSLATORS: {1} a quarter of the start tile (NW, NE, SW, SE: notation), {2} why its
      // description was refused.
      return Status::Syntax(Fill(Tr("start tile {1} quarter: {2}"),
                                 {std::string(kQuarterNames[q]), tile.status().message()}));
    out.push_back(*tile);
  }
  return out;
}

}  // namespace carcref
