#include "carcref/command.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include "carcref/i18n.h"
#include "carcref/notation.h"
#include "carcref/words.h"
#include "engine/kind_words.h"

namespace carcref {

namespace {

using Token = CommandToken;

}  // namespace

Result<std::vector<Token>> TokenizeCommand(std::string_view line) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < line.size()) {
    if (std::isspace(static_cast<unsigned char>(line[i]))) {
      ++i;
      continue;
    }
    if (line[i] == '#') break;  // a comment runs to the end of the line
    size_t start = i;
    if (line[i] == '{') {
      int depth = 0;
      for (; i < line.size(); ++i) {
        if (line[i] == '{') ++depth;
        if (line[i] == '}' && --depth == 0) break;
      }
      if (depth != 0)
        return Status::Syntax(Tr("the description opened here has no closing }"),
                              static_cast<int>(start));
      ++i;
    } else {
      while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    }
    out.push_back({std::string(line.substr(start, i - start)), static_cast<int>(start)});
  }
  return out;
}

namespace {

Result<MeepleSpec> ParseMeepleSpec(std::vector<Token> t, size_t at, int end_column) {
  MeepleSpec spec;
  // GCC: "guard" anywhere after the verb asks for a guard (C.4.1).
  for (size_t i = at; i < t.size(); ++i)
    if (Lower(t[i].text) == "guard") {
      spec.guard = true;
      t.erase(t.begin() + static_cast<long>(i));
      break;
    }
  if (at >= t.size())
    return Status::Syntax(
        Tr("meeple where? a number from the list, or road SIDE, city SIDE, field HALF, monastery"),
        end_column);
  std::string word = Lower(t[at].text);
  spec.text = t[at].text;
  if (std::isdigit(static_cast<unsigned char>(word[0]))) {
    // A number past any list (capped) is refused by the list's own check.
    std::optional<std::int64_t> n = ReadNumber(word, 1000000);
    if (!n)
      return Status::Syntax(Fill(Tr("expected a number from the list, got '{1}'"), {t[at].text}),
                            t[at].column);
    spec.number = static_cast<int>(*n);
    spec.kind = MeepleSpec::Kind::kNumber;
    if (at + 1 < t.size())
      return Status::Syntax(Fill(Tr("unexpected '{1}' after the meeple"), {t[at + 1].text}),
                            t[at + 1].column);
    return spec;
  }
  if (word == "monastery" || word == "monk" || word == "castle" || word == "cemetery" ||
      word == "gravedigger") {
    spec.kind = word == "castle"                        ? MeepleSpec::Kind::kCastle
                : word == "monastery" || word == "monk" ? MeepleSpec::Kind::kMonastery
                                                        : MeepleSpec::Kind::kCemetery;
    if (at + 1 < t.size())
      // TRANSLATORS: {1} the extra word, {2} the word it follows (as typed).
      return Status::Syntax(Fill(Tr("unexpected '{1}' after {2}"), {t[at + 1].text, t[at].text}),
                            t[at + 1].column);
    return spec;
  }
  if (word != "road" && word != "city" && word != "field")
    // TRANSLATORS: road, city … are the words typed in commands: keep them in English.
    return Status::Syntax(
        Fill(Tr("expected road, city, field, monastery, castle, cemetery or a number, got '{1}'"),
             {t[at].text}),
        t[at].column);
  if (at + 1 >= t.size()) {
    if (word == "field")
      return Status::Syntax(Tr("field needs a half-edge, corner or side (NL…WR, NE…NW, N E S W)"),
                            end_column);
    // `meeple road` / `meeple city`: the only one on the tile (ResolveFeature decides).
    spec.kind = word == "road" ? MeepleSpec::Kind::kRoad : MeepleSpec::Kind::kCity;
    spec.any_side = true;
    return spec;
  }
  const Token& where = t[at + 1];
  spec.text += " " + where.text;
  if (word == "field") {
    spec.kind = MeepleSpec::Kind::kField;
    if (auto half = ParseHalf(where.text)) {
      spec.halves = {*half};
    } else if (auto corner = ParseCorner(where.text)) {
      spec.halves = {(*corner)[0], (*corner)[1]};
    } else if (auto side = ParseSide(where.text)) {  // a side names the field(s) along it
      spec.halves = {PortOf(*side, 0), PortOf(*side, 1), PortOf(*side, 2)};
    } else {
      return Status::Syntax(Fill(Tr("a field is named by a half-edge NL NR EL ER SL SR WL WR, a "
                                    "corner NE SE SW NW or a side N E S W, not '{1}'"),
                                 {where.text}),
                            where.column);
    }
  } else {
    spec.kind = word == "road" ? MeepleSpec::Kind::kRoad : MeepleSpec::Kind::kCity;
    auto side = ParseSide(where.text);
    if (!side)
      return Status::Syntax(
          Fill(word == "road" ? Tr("a road is named by its side N, E, S or W, not '{1}'")
                              : Tr("a city is named by its side N, E, S or W, not '{1}'"),
               {where.text}),
          where.column);
    spec.side = *side;
  }
  if (at + 2 < t.size())
    return Status::Syntax(Fill(Tr("unexpected '{1}' after the meeple"), {t[at + 2].text}),
                          t[at + 2].column);
  return spec;
}

// "— F is the same city with a pennant; …" for the nearest tiles that still have copies.
std::string Nearest(const Game& game, const TileType& wanted) {
  std::string out;
  int named = 0;
  for (const CatalogMatch& m : NearestTiles(wanted, game.setup().catalog, 6)) {
    if (m.tile->id == wanted.id || game.Remaining(*m.tile) <= 0) continue;
    out += out.empty() ? " — " : "; ";
    out += DescribeDifference(wanted, *m.tile);
    if (++named == 2) break;  // the two nearest keep the line readable
  }
  return out;
}

}  // namespace

Result<TileType> ParseTileDescription(std::string_view text) {
  if (!text.empty() && text.front() != '{') return ParseShortForm(text);
  YAML::Node node;
  try {
    node = YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    return Status::Syntax(Fill(Tr("the description is not valid: {1}"), {e.msg}),
                          e.mark.is_null() ? -1 : e.mark.column);
  }
  Result<TileType> tile = ParseTileNode(node, Tr("description"));
  if (!tile.ok()) return Status::Syntax(tile.status().message());
  if (!TileNodeHasFields(node)) {  // NOTATION.md: fields follow the short form's rules 3–4
    Status derived = DeriveFields(tile.value());
    if (!derived.ok()) return Status::Syntax(Fill(Tr("description: {1}"), {derived.message()}));
  }
  return tile;
}

bool IsGameVerb(std::string_view word) {
  std::string w = Lower(word);
  return w == "place" || w == "meeple" || w == "pass" || w == "discard" || w == "end" ||
         w == "ghost" || w == "first";
}

namespace {

// The N of `ghost N` / `first N`, a number from a list the table was shown: digits only, it
// counts from 1 (0 would read as no number at all) and is short (no list at a table is longer).
Result<int> ListNumber(const Token& token, const char* verb) {
  const std::string& text = token.text;
  constexpr std::int64_t kTooLong = 1000000;
  std::optional<std::int64_t> read = ReadNumber(text, kTooLong);
  if (!read || *read >= kTooLong)
    // TRANSLATORS: {1} the command (ghost, first), {2} what was typed for its number.
    return Status::Syntax(Fill(Tr("{1} N: N from the list, not {2}"), {verb, text}), token.column);
  int n = static_cast<int>(*read);
  if (n < 1)
    return Status::Syntax(Fill(Tr("{1} N counts from 1 (the list), not {2}"), {verb, text}),
                          token.column);
  return n;
}

}  // namespace

namespace {

using Tokens = std::vector<Token>;

// Each step below parses the words of one verb (t[0]) into a GameCommand; `end_column` is
// where the line ends, for the caret of a word that is missing.

// Nothing may follow the words at `i`.
Status NothingAfter(const Tokens& t, size_t i) {
  if (i < t.size())
    return Status::Syntax(Fill(Tr("unexpected '{1}' after {2}"), {t[i].text, Lower(t[0].text)}),
                          t[i].column);
  return Status::Ok();
}

// A command whose words are complete once its fields are set: nothing may follow `i`.
Result<GameCommand> EndsAt(const Tokens& t, size_t i, const GameCommand& cmd) {
  Status s = NothingAfter(t, i);
  if (!s.ok()) return s;
  return cmd;
}

// pass | end
Result<GameCommand> ParsePassOrEnd(const Tokens& t, int) {
  GameCommand cmd;
  cmd.verb = Lower(t[0].text) == "pass" ? Verb::kPass : Verb::kEnd;
  return EndsAt(t, 1, cmd);
}

// first N: GCC, which finished feature scores first (AMB-29).
Result<GameCommand> ParseFirst(const Tokens& t, int end_column) {
  GameCommand cmd;
  cmd.verb = Verb::kFirst;
  if (t.size() < 2 || !std::isdigit(static_cast<unsigned char>(t[1].text[0])))
    return Status::Syntax(Tr("first N: the number of the finished feature that scores first"),
                          t.size() < 2 ? end_column : t[1].column);
  Result<int> n = ListNumber(t[1], "first");
  if (!n.ok()) return n.status();
  cmd.number = *n;
  return EndsAt(t, 2, cmd);
}

// ghost X,Y [FEATURE]: the feature names a meeple, so it takes no number and no guard (C.3).
Result<GameCommand> ParseGhostAtCell(const Tokens& t, int end_column, GameCommand cmd) {
  if (t.size() > 2) {
    Result<MeepleSpec> spec = ParseMeepleSpec(t, 2, end_column);
    if (!spec.ok()) return spec.status();
    if (spec->kind == MeepleSpec::Kind::kNumber || spec->guard)
      return Status::Syntax(Tr("after the cell, name the feature: road SIDE, city SIDE, field "
                               "HALF, monastery, castle or cemetery"),
                            t[2].column);
    cmd.feature = *spec;
  }
  return cmd;
}

// ghost N | ghost X,Y [FEATURE]: GCC, the meeple the ghost goes to (C.3).
Result<GameCommand> ParseGhost(const Tokens& t, int end_column) {
  GameCommand cmd;
  cmd.verb = Verb::kGhost;
  if (t.size() < 2)
    return Status::Syntax(Tr("ghost N (from the list) or ghost X,Y [road SIDE | city SIDE | ...]"),
                          end_column);
  if (auto cell = ParseCell(t[1].text)) {
    cmd.cell = *cell;
    return ParseGhostAtCell(t, end_column, cmd);
  }
  if (!std::isdigit(static_cast<unsigned char>(t[1].text[0])))
    return Status::Syntax(Fill(Tr("ghost N (from the list) or ghost X,Y, not '{1}'"), {t[1].text}),
                          t[1].column);
  Result<int> n = ListNumber(t[1], "ghost");
  if (!n.ok()) return n.status();
  cmd.number = *n;
  return EndsAt(t, 2, cmd);
}

// meeple FEATURE | N [guard]
Result<GameCommand> ParseMeeple(const Tokens& t, int end_column) {
  GameCommand cmd;
  cmd.verb = Verb::kMeeple;
  Result<MeepleSpec> spec = ParseMeepleSpec(t, 1, end_column);
  if (!spec.ok()) return spec.status();
  cmd.meeple = *spec;
  return cmd;
}

// discard TILE
Result<GameCommand> ParseDiscard(const Tokens& t, int end_column) {
  GameCommand cmd;
  cmd.verb = Verb::kDiscard;
  if (t.size() < 2) return Status::Syntax(Tr("discard which tile? e.g. discard D"), end_column);
  cmd.tile = t[1].text;
  cmd.tile_column = t[1].column;
  return EndsAt(t, 2, cmd);
}

// place's [at] X,Y, from `i` on; `i` moves past the cell.
Status ReadPlaceCell(const Tokens& t, size_t& i, int end_column, GameCommand& cmd) {
  if (i < t.size() && Lower(t[i].text) == "at") ++i;
  if (i >= t.size())
    return Status::Syntax(Fill(Tr("place {1} where? give the cell as X,Y"), {cmd.tile}),
                          end_column);
  auto cell = ParseCell(t[i].text);
  if (!cell)
    return Status::Syntax(
        Fill(Tr("expected a cell X,Y (e.g. 1,0 or -2,3), got '{1}'"), {t[i].text}), t[i].column);
  cmd.cell = *cell;
  ++i;
  return Status::Ok();
}

// place's rotation, if a word starting with a digit stands at `i`; `i` moves past it.
Status ReadPlaceRotation(const Tokens& t, size_t& i, GameCommand& cmd) {
  if (i >= t.size() || !std::isdigit(static_cast<unsigned char>(t[i].text[0]))) return Status::Ok();
  auto q = ParseRotation(t[i].text);
  if (!q)
    return Status::Syntax(
        Fill(Tr("rotation is 0, 90, 180 or 270 (clockwise), not {1}"), {t[i].text}), t[i].column);
  cmd.quarters = *q;
  ++i;
  return Status::Ok();
}

// What may follow the placement, from `i` on: pass, or meeple FEATURE.
Status ReadPlaceFollowUp(const Tokens& t, size_t i, int end_column, GameCommand& cmd) {
  if (i >= t.size()) return Status::Ok();
  std::string next = Lower(t[i].text);
  if (next == "pass") {
    cmd.then_pass = true;
    return NothingAfter(t, i + 1);
  }
  if (next == "meeple") {
    Result<MeepleSpec> spec = ParseMeepleSpec(t, i + 1, end_column);
    if (!spec.ok()) return spec.status();
    cmd.meeple = *spec;
    return Status::Ok();
  }
  return Status::Syntax(
      Fill(Tr("expected a rotation, pass or meeple after the cell, got '{1}'"), {t[i].text}),
      t[i].column);
}

// place TILE [at] X,Y [ROTATION] [pass | meeple FEATURE]
Result<GameCommand> ParsePlace(const Tokens& t, int end_column) {
  GameCommand cmd;
  cmd.verb = Verb::kPlace;
  if (t.size() < 2)
    return Status::Syntax(Tr("place which tile where? e.g. place D 1,0 90 or place crfr at 1,0"),
                          end_column);
  cmd.tile = t[1].text;
  cmd.tile_column = t[1].column;
  size_t i = 2;
  Status s = ReadPlaceCell(t, i, end_column, cmd);
  if (s.ok()) s = ReadPlaceRotation(t, i, cmd);
  if (s.ok()) s = ReadPlaceFollowUp(t, i, end_column, cmd);
  if (!s.ok()) return s;
  return cmd;
}

struct GameVerbParser {
  const char* word;
  Result<GameCommand> (*parse)(const Tokens& t, int end_column);
};

constexpr GameVerbParser kGameVerbParsers[] = {
    {"pass", ParsePassOrEnd}, {"end", ParsePassOrEnd}, {"first", ParseFirst},
    {"ghost", ParseGhost},    {"meeple", ParseMeeple}, {"discard", ParseDiscard},
    {"place", ParsePlace},
};

}  // namespace

Result<GameCommand> ParseGameCommand(std::string_view line) {
  Result<std::vector<Token>> tokens = TokenizeCommand(line);
  if (!tokens.ok()) return tokens.status();
  const std::vector<Token>& t = *tokens;
  if (t.empty()) return Status::Syntax(Tr("empty command"), 0);
  std::string verb = Lower(t[0].text);
  for (const GameVerbParser& p : kGameVerbParsers)
    if (verb == p.word) return p.parse(t, static_cast<int>(line.size()));
  return Status::Syntax(Fill(Tr("unknown command '{1}'"), {t[0].text}), t[0].column);
}

// "no G left (the game has 1: played or discarded) — F is …"; twins are named together.
Status NoneLeft(const Game& game, const std::vector<TilePtr>& twins) {
  std::string ids;
  int count = 0;
  for (size_t i = 0; i < twins.size(); ++i) {
    ids += (i == 0 ? "" : i + 1 == twins.size() ? " " + Tr("or") + " " : ", ") + twins[i]->id;
    // C.1.1: in GCC the base start tile stays in the box.
    count += twins[i]->count - (game.expansion().ReplacesStartTile() && twins[i]->start ? 1 : 0);
  }
  // TRANSLATORS: {1} the tile (or twins: "A or B"), {2} how many the game has, {3} the nearest
  // tiles that still have copies (" — F is the same city with a pennant"), or nothing.
  return Status::Illegal(
      Fill(TrPlural("no {1} left (the game has {2}: played or discarded){3}",
                    "no {1} left (the game has {2}: played or discarded){3}", count),
           {ids, std::to_string(count), Nearest(game, *twins.front())}));
}

// GCC: a Mists tile as it lies, when the box can still hold it (C.1.1).
Result<ResolvedTile> DescribedMistsTile(const Game& game, TileType described) {
  Status fits = game.box()->CanTake(described);
  if (!fits.ok()) return fits;
  described.id.clear();
  described.set = "mists";
  return ResolvedTile{std::make_shared<TileType>(std::move(described)), 0, true, ""};
}

namespace {

// NOTATION.md: a short form that matches a catalogue tile is that tile. When a sibling differs
// from it only by a pennant (F/G, M/N, O/P, Q/R, S/T), a forgotten or extra `+` would take the
// wrong one silently, so the placement says which it took and what the other would be typed:
// "fcfc is G; fcfc+ would be F". "" when there is no such sibling.
std::string PennantSibling(const TileType& described, const TileType& taken, const Catalog& catalog,
                           std::string_view typed) {
  for (size_t i = 0; i < described.segments.size(); ++i) {
    if (described.segments[i].kind != FeatureKind::kCity) continue;
    for (int delta : {+1, -1}) {
      if (described.segments[i].pennants + delta < 0) continue;
      TileType variant = described;
      variant.segments[i].pennants += delta;
      for (const CatalogMatch& m : MatchCatalog(variant, catalog)) {
        if (m.tile->id == taken.id) continue;
        std::string form = ShortFormOf(variant, 0);
        // TRANSLATORS: {1} the short form typed, {2} the tile it is, {3} the other form
        // ("fcfc+", or "a pennant more"), {4} the tile that would be.
        return Fill(
            Tr("{1} is {2}; {3} would be {4}"),
            {std::string(typed), taken.id,
             form.empty() ? (delta > 0 ? Tr("a pennant more") : Tr("a pennant less")) : form,
             m.tile->id});
      }
    }
  }
  return "";
}

}  // namespace

Result<ResolvedTile> ResolveTile(const Game& game, std::string_view token,
                                 const SavedTiles* saved) {
  const Catalog& catalog = game.setup().catalog;
  if (TilePtr t = catalog.Find(token)) {
    if (game.Remaining(*t) <= 0) return NoneLeft(game, {t});
    return ResolvedTile{t, std::nullopt, false, ""};
  }
  std::string text(token);
  // A saved name stands for its description (case-insensitive), in a game with described tiles.
  if (saved && game.box()) {
    for (const auto& [name, description] : *saved)
      if (Lower(name) == Lower(token)) text = description;
  }
  Result<TileType> described = Status::NotFound("");
  if (!text.empty() && text.front() == '{') {
    described = ParseTileDescription(text);
  } else if (LooksLikeShortForm(text)) {
    described = ParseShortForm(text);
  } else {
    return Status::NotFound(Fill(game.box() ? Tr("unknown tile '{1}': name a catalogue tile (see "
                                                 "`tiles`) or type its edges as it lies, e.g. "
                                                 "crfr (or a name saved with tile save)")
                                            : Tr("unknown tile '{1}': name a catalogue tile (see "
                                                 "`tiles`) or type its edges as it lies, e.g. "
                                                 "crfr"),
                                 {std::string(token)}));
  }
  if (!described.ok()) return described.status();
  std::vector<CatalogMatch> matches = MatchCatalog(*described, catalog);
  if (matches.empty()) {
    if (game.box()) return DescribedMistsTile(game, std::move(described.value()));
    // TRANSLATORS: {1} the tile typed, {2} the nearest tiles (" — F is …") or nothing.
    return Status::NotFound(Fill(Tr("{1} is no tile of this game{2}"),
                                 {std::string(token), Nearest(game, *described)}));
  }
  for (const CatalogMatch& m : matches)  // the first twin (A before winter/LR) with copies
    if (game.Remaining(*m.tile) > 0) {
      ResolvedTile out{m.tile, m.quarters, true, ""};
      if (text.front() != '{') out.note = PennantSibling(*described, *m.tile, catalog, text);
      return out;
    }
  // GCC: the Mists box holds tiles without mist too; one of them may look like this.
  if (game.box() && game.box()->CanTake(*described).ok())
    return DescribedMistsTile(game, std::move(described.value()));
  std::vector<TilePtr> twins;
  for (const CatalogMatch& m : matches) twins.push_back(m.tile);
  return NoneLeft(game, twins);
}

namespace {

// `meeple road` / `meeple city` without a side: the tile's only one of that kind; with
// several, the only one of them in `legal` (where a meeple may go now), if given; else one
// line listing them.
Result<int> OnlyOfKind(const PlacedTile& placed, FeatureKind want, const std::vector<int>* legal) {
  const TileType& type = *placed.type;
  std::string kind(FeatureKindName(want));
  std::vector<int> all, free;
  for (int s = 0; s < static_cast<int>(type.segments.size()); ++s) {
    if (type.segments[s].kind != want) continue;
    all.push_back(s);
    if (legal && std::find(legal->begin(), legal->end(), s) != legal->end()) free.push_back(s);
  }
  if (all.empty())
    return Status::NotFound(
        Fill(Tr("{1} has no {2}"),
             {type.id.empty() ? Fill(Tr("the tile at {1}"), {CellName(placed.cell)})
                              : Fill(Tr("tile {1}"), {type.id}),
              FeatureKindWords(want)}));
  if (all.size() == 1) return all[0];
  if (free.size() == 1) return free[0];
  const std::vector<int>& named = free.empty() ? all : free;
  std::string choices;
  for (size_t i = 0; i < named.size(); ++i) {
    // A road or city is named by the first side it reaches.
    std::string side;
    for (Side d : kSides)
      if (placed.OwnerOfBoardPort(MiddlePort(d)) == named[i]) {
        side = std::string(SideName(d));
        break;
      }
    choices += (i == 0                  ? ""
                : i + 1 == named.size() ? " " + Tr("or") + " "
                                        : ", ") +
               std::string("meeple ") + kind + " " + side;
  }
  bool some_free = !(free.empty() || free.size() == all.size());
  long long n = static_cast<long long>(named.size());
  // TRANSLATORS: {1} how many roads (cities) the tile has, or how many of them are free; {2}
  // the commands that name each ("meeple road N or meeple road S", kept in English).
  const std::string pattern =
      want == FeatureKind::kCity
          ? (some_free
                 ? TrPlural("this tile has {1} free city: {2}",
                            "this tile has {1} free cities: {2}", n)
                 : TrPlural("this tile has {1} city: {2}", "this tile has {1} cities: {2}", n))
          : (some_free
                 ? TrPlural("this tile has {1} free road: {2}", "this tile has {1} free roads: {2}",
                            n)
                 : TrPlural("this tile has {1} road: {2}", "this tile has {1} roads: {2}", n));
  return Status::Syntax(Fill(pattern, {std::to_string(n), choices}));
}

}  // namespace

Result<int> ResolveFeature(const PlacedTile& placed, const MeepleSpec& spec,
                           const std::vector<int>* legal) {
  const TileType& type = *placed.type;
  std::string name = type.id.empty() ? Fill(Tr("the tile at {1}"), {CellName(placed.cell)})
                                     : Fill(Tr("tile {1}"), {type.id});
  switch (spec.kind) {
    case MeepleSpec::Kind::kNumber:
      break;
    case MeepleSpec::Kind::kMonastery:
    case MeepleSpec::Kind::kCastle:
    case MeepleSpec::Kind::kCemetery: {
      FeatureKind want = spec.kind == MeepleSpec::Kind::kMonastery ? FeatureKind::kMonastery
                         : spec.kind == MeepleSpec::Kind::kCastle  ? FeatureKind::kCastle
                                                                   : FeatureKind::kCemetery;
      for (int s = 0; s < static_cast<int>(type.segments.size()); ++s)
        if (type.segments[s].kind == want) return s;
      // TRANSLATORS: {1} the tile ("tile L"), {2} a feature's kind ("monastery").
      return Status::NotFound(Fill(Tr("{1} has no {2}"), {name, FeatureKindWords(want)}));
    }
    case MeepleSpec::Kind::kRoad:
    case MeepleSpec::Kind::kCity: {
      FeatureKind want =
          spec.kind == MeepleSpec::Kind::kRoad ? FeatureKind::kRoad : FeatureKind::kCity;
      if (spec.any_side) return OnlyOfKind(placed, want, legal);
      int s = placed.OwnerOfBoardPort(MiddlePort(spec.side));
      if (s < 0 || type.segments[s].kind != want)
        // TRANSLATORS: {1} the tile ("tile L"), {2} a feature's kind, {3} a side (N, E, S, W).
        return Status::NotFound(
            Fill(Tr("{1} as placed has no {2} on its {3} side"),
                 {name, FeatureKindWords(want), std::string(SideName(spec.side))}));
      return s;
    }
    case MeepleSpec::Kind::kField: {
      int found = -1;
      bool side = spec.halves.size() == 3;
      for (Port p : spec.halves) {
        int s = placed.OwnerOfBoardPort(p);
        if (s < 0 || type.segments[s].kind != FeatureKind::kField) continue;
        if (found >= 0 && found != s) {
          if (!side)
            return Status::Syntax(
                Fill(Tr("corner {1} touches two fields; name a half-edge instead"),
                     {spec.text.substr(6)}));
          std::string n(SideName(SideOfPort(spec.halves[0])));
          // TRANSLATORS: {1} a side (N, E, S, W); "meeple field {1}L" is a command.
          return Status::Syntax(Fill(Tr("the {1} side touches two fields; name a half-edge: "
                                        "meeple field {1}L or meeple field {1}R"),
                                     {n}));
        }
        found = s;
      }
      if (found < 0) {
        for (Port p : spec.halves)
          if (placed.MistOfBoardPort(p) >= 0)
            return Status::Illegal(
                Fill(Tr("the field at {1} lies in mist: a farmer stands on clear field only "
                        "(AMB-13)"),
                     {spec.text.substr(6)}));
        return Status::NotFound(
            Fill(Tr("{1} as placed has no field at {2}"), {name, spec.text.substr(6)}));
      }
      return found;
    }
  }
  return Status::NotFound(Tr("no such place"));
}

Result<int> ResolveMeeple(const Game& game, const MeepleSpec& spec) {
  if (game.phase() != Phase::kPlaceMeeple) {
    Status why = game.CheckMeeple(0);
    return why;
  }
  if (spec.kind == MeepleSpec::Kind::kNumber) {
    std::vector<MeepleOption> options = game.MeepleOptions();
    if (spec.number < 1 || spec.number > static_cast<int>(options.size()))
      return Status::NotFound(
          options.size() == 1
              ? Fill(Tr("there is no place {1}: choose 1 or pass"), {std::to_string(spec.number)})
              // TRANSLATORS: {1} the number typed, {2} the last number of the list.
              : Fill(Tr("there is no place {1}: choose 1 to {2} or pass"),
                     {std::to_string(spec.number), std::to_string(options.size())}));
    return options[spec.number - 1].segment;
  }
  std::vector<int> legal;
  for (const MeepleOption& o : game.MeepleOptions()) legal.push_back(o.segment);
  return ResolveFeature(game.board().tile(game.placed_tile_index()), spec, &legal);
}

namespace {

// A syntax error inside the tile token points into the whole line.
Status AtColumn(const Status& s, int token_column) {
  if (s.code() != Status::Code::kSyntax || s.column() < 0) return s;
  return Status::Syntax(s.message(), s.column() + token_column);
}

// Each step below applies one verb to `next` (the game, or its copy for two verbs) and
// returns the first refusal.

// ghost N | ghost X,Y [FEATURE]: the meeple the waiting ghost goes to (C.3).
Status ApplyGhost(Game& next, const GameCommand& command) {
  if (next.phase() != Phase::kGhost)
    return Status::Illegal(next.phase() == Phase::kGameOver
                               ? Tr("the game is over")
                               : Tr("no ghost is waiting for a meeple now"));
  Result<int> m = next.expansion().GhostMeeple(next, command);
  if (!m.ok()) return m.status();
  return next.Haunt(*m);
}

Status ApplyMeeple(Game& next, const MeepleSpec& meeple) {
  Result<int> seg = ResolveMeeple(next, meeple);
  if (!seg.ok()) return seg.status();
  return next.PlaceMeeple(*seg, meeple.guard);
}

Status ApplyDiscard(Game& next, const GameCommand& command, const SavedTiles* saved) {
  Result<ResolvedTile> tile = ResolveTile(next, command.tile, saved);
  if (!tile.ok()) return AtColumn(tile.status(), command.tile_column);
  return next.Discard(tile->tile);
}

// The rotation to place at: a tile typed as it lies brings its own, a catalogue id needs one.
Result<int> PlaceQuarters(const ResolvedTile& tile, const GameCommand& command) {
  if (tile.described) {
    if (command.quarters)
      return Status::Syntax(Fill(Tr("a tile typed as it lies takes no rotation: drop the {1}"),
                                 {std::to_string(*command.quarters * 90)}));
    return *tile.quarters;
  }
  if (!command.quarters)
    return Status::Syntax(
        Fill(Tr("give the rotation of {1} (0, 90, 180 or 270), or type the tile as it lies"),
             {tile.tile->id}));
  return *command.quarters;
}

// The "meeple …" or "pass" after a placement by `player` (who had meeples before it or not).
Status ApplyAfterPlace(Game& next, const GameCommand& command, int player, bool had_meeples) {
  if ((command.meeple || command.then_pass) && next.phase() == Phase::kGhost)
    return Status::Illegal(
        Tr("this tile brings a ghost first (C.3): place it alone, name the "
           "meeple the ghost goes to, then the meeple or pass"));
  if (command.meeple && next.phase() != Phase::kPlaceMeeple) {
    const std::string& who = next.setup().players[player].name;
    return Status::Illegal(had_meeples ? Tr("no meeple can go on this tile: every feature is taken")
                                       : Fill(Tr("{1} has no meeple left (A.4.7)"), {who}));
  }
  if (command.meeple) return ApplyMeeple(next, *command.meeple);
  if (command.then_pass && next.phase() == Phase::kPlaceMeeple) return next.Pass();
  return Status::Ok();
}

Status ApplyPlace(Game& next, const GameCommand& command, const SavedTiles* saved) {
  Status between = next.CheckBetweenTurns();
  if (!between.ok()) return between;
  Result<ResolvedTile> tile = ResolveTile(next, command.tile, saved);
  if (!tile.ok()) return AtColumn(tile.status(), command.tile_column);
  Result<int> quarters = PlaceQuarters(*tile, command);
  if (!quarters.ok()) return quarters.status();
  int player = next.current_player();
  bool had_meeples = next.Supply(player) > 0;
  if (!tile->note.empty()) next.AddNote(tile->note);
  Status s = next.PlaceTile(tile->tile, command.cell, *quarters);
  if (!s.ok()) return s;
  return ApplyAfterPlace(next, command, player, had_meeples);
}

Status ApplyVerb(Game& next, const GameCommand& command, const SavedTiles* saved) {
  switch (command.verb) {
    case Verb::kFirst:
      return next.ScoreFirst(command.number - 1);
    case Verb::kGhost:
      return ApplyGhost(next, command);
    case Verb::kPass:
      return next.Pass();
    case Verb::kEnd:
      return next.End();
    case Verb::kMeeple:
      return ApplyMeeple(next, *command.meeple);
    case Verb::kDiscard:
      return ApplyDiscard(next, command, saved);
    case Verb::kPlace:
      return ApplyPlace(next, command, saved);
  }
  return Status::Ok();  // every Verb is a case above
}

}  // namespace

Status ApplyGameCommand(Game& game, const GameCommand& command, const SavedTiles* saved) {
  // All or nothing. Each Game verb is (game.h: it changes the game or returns the reason and
  // changes nothing), so a one-verb command works on the game itself; only "place … meeple"
  // and "place … pass", two verbs of which the second may be refused, work on a copy.
  bool two_verbs = command.verb == Verb::kPlace && (command.meeple || command.then_pass);
  std::optional<Game> copy;
  if (two_verbs) copy.emplace(game);
  Game& next = two_verbs ? *copy : game;
  Status s = ApplyVerb(next, command, saved);
  if (!s.ok()) return s;
  if (two_verbs) game = std::move(*copy);
  return Status::Ok();
}

}  // namespace carcref
