// The City behind the GameRules interface: the NOTATION.md commands of The City parsed into
// CityGame verbs. The parser only reads syntax; the CityGame says what is legal.
#include <algorithm>
#include <cctype>

#include "carcref/command.h"
#include "carcref/words.h"
#include "city_internal.h"
#include "games/city/city.h"

namespace carcref {

using city_internal::Counted;
using city_internal::SlotName;

namespace {

const std::vector<std::string> kVerbs = {"place", "discard", "meeple", "pass",
                                         "gate",  "wall",    "tower",  "end"};

// A command as typed, before the game has looked at it.
struct CityCommand {
  std::string verb;
  std::string tile;  // place, discard: description or saved name
  int tile_column = 0;
  Cell cell;
  Side side = kNorth;
  bool short_piece = false;
  bool watchman = false;
  std::string kind;   // meeple: street, market, residential ("" for a number)
  std::string where;  // meeple: SIDE, HALF or CORNER as typed
  int where_column = 0;
  int number = 0;  // meeple N
};

using Tokens = std::vector<CommandToken>;

Status Extra(const Tokens& t, size_t i) {
  if (i < t.size()) return Status::Syntax(Fill(Tr("unexpected '{1}'"), {t[i].text}), t[i].column);
  return Status::Ok();
}

Status CellSide(const Tokens& t, size_t i, const std::string& usage, CityCommand& c) {
  // TRANSLATORS: {1} the command's usage ("gate X,Y SIDE").
  if (i + 1 >= t.size())
    return Status::Syntax(Fill(Tr("{1} needs a cell and a side: {1}"), {usage}));
  auto cell = ParseCell(t[i].text);
  if (!cell)
    return Status::Syntax(Fill(Tr("expected a cell X,Y, got '{1}'"), {t[i].text}), t[i].column);
  auto side = ParseSide(t[i + 1].text);
  if (!side)
    return Status::Syntax(Fill(Tr("a side is N, E, S or W, not '{1}'"), {t[i + 1].text}),
                          t[i + 1].column);
  c.cell = *cell;
  c.side = *side;
  return Status::Ok();
}

Result<CityCommand> Parse(std::string_view line) {
  Result<Tokens> tokens = TokenizeCommand(line);
  if (!tokens.ok()) return tokens.status();
  const Tokens& t = *tokens;
  if (t.empty()) return Status::Syntax(Tr("an empty command"));
  CityCommand c;
  c.verb = Lower(t[0].text);
  if (std::find(kVerbs.begin(), kVerbs.end(), c.verb) == kVerbs.end()) {
    std::string best = Nearest(c.verb, kVerbs, 3);
    return Status::Syntax(
        best.empty() ? Fill(Tr("unknown command '{1}'; the commands are place, discard, "
                               "meeple, pass, gate, wall, tower, end"),
                            {t[0].text})
                     : Fill(Tr("unknown command '{1}'; did you mean {2}?"), {t[0].text, best}),
        t[0].column);
  }
  if (c.verb == "place" || c.verb == "discard") {
    // TRANSLATORS: {1} the command (place or discard).
    if (t.size() < 2) return Status::Syntax(Fill(Tr("{1} needs the tile's description"), {c.verb}));
    c.tile = t[1].text;
    c.tile_column = t[1].column;
    if (c.verb == "discard") return Extra(t, 2).ok() ? Result<CityCommand>(c) : Extra(t, 2);
    size_t i = 2;
    if (i < t.size() && Lower(t[i].text) == "at") ++i;
    if (i >= t.size()) return Status::Syntax(Tr("place needs a cell: place DESCRIPTION X,Y"));
    auto cell = ParseCell(t[i].text);
    if (!cell)
      return Status::Syntax(Fill(Tr("expected a cell X,Y, got '{1}'"), {t[i].text}), t[i].column);
    c.cell = *cell;
    Status extra = Extra(t, i + 1);
    if (!extra.ok()) return extra;
    return c;
  }
  if (c.verb == "meeple") {
    if (t.size() < 2)
      return Status::Syntax(
          Tr("meeple needs street SIDE, market WHERE, residential WHERE or a number"));
    std::string word = Lower(t[1].text);
    if (std::optional<std::int64_t> n = ReadNumber(word, 1000)) {
      c.number = static_cast<int>(*n);
      Status extra = Extra(t, 2);
      if (!extra.ok()) return extra;
      return c;
    }
    if (word != "street" && word != "market" && word != "residential")
      return Status::Syntax(
          Fill(Tr("a follower goes on a street, market or residential area, not '{1}'"),
               {t[1].text}),
          t[1].column);
    c.kind = word;
    if (t.size() < 3)
      // TRANSLATORS: {1} market or residential, as typed in the command.
      return Status::Syntax(word == "street"
                                ? Tr("meeple street needs a side N, E, S or W")
                                : Fill(Tr("meeple {1} needs a half-edge, side or corner"), {word}));
    c.where = t[2].text;
    c.where_column = t[2].column;
    bool valid = ParseSide(c.where).has_value() ||
                 (word != "street" && (ParseHalf(c.where) || ParseCorner(c.where)));
    if (!valid)
      return Status::Syntax(
          Fill(word == "street" ? Tr("a side is N, E, S or W, not '{1}'")
                                : Tr("expected a half-edge NL … WR, a side N E S W or a corner NE "
                                     "SE SW NW, not '{1}'"),
               {c.where}),
          c.where_column);
    Status extra = Extra(t, 3);
    if (!extra.ok()) return extra;
    return c;
  }
  if (c.verb == "pass" || c.verb == "end") {
    Status extra = Extra(t, 1);
    if (!extra.ok()) return extra;
    return c;
  }
  std::string usage = c.verb == "wall" ? "wall X,Y SIDE [short] [watchman]" : c.verb + " X,Y SIDE";
  Status st = CellSide(t, 1, usage, c);
  if (!st.ok()) return st;
  for (size_t i = 3; i < t.size(); ++i) {
    std::string w = Lower(t[i].text);
    if (c.verb == "wall" && w == "short" && !c.short_piece) {
      c.short_piece = true;
    } else if (c.verb == "wall" && w == "watchman" && !c.watchman) {
      c.watchman = true;
    } else {
      return Extra(t, i);
    }
  }
  return c;
}

// The canonical text of a command the rules may have taken by themselves.
std::string Canonical(const CityCommand& c) {
  if (c.verb == "pass" || c.verb == "end") return c.verb;
  if (c.verb == "wall" && !c.short_piece && !c.watchman) return "wall " + SlotName(c.cell, c.side);
  return "";
}

std::string KindWord(CityPart kind) {
  return kind == CityPart::kStreet   ? "street"
         : kind == CityPart::kMarket ? "market"
                                     : "residential";
}

// The follower choice as a canonical command: a street by its first side, a market or a
// residential area by its first half-edge (always exactly one area).
std::string FollowerCommand(const CityTile& tile, int area) {
  const CityArea& a = tile.areas[area];
  for (Port p = 0; p < kPorts; ++p) {
    if (!(a.ports & Bit(p))) continue;
    if (a.kind == CityPart::kStreet && PartOfPort(p) == 1)
      return "meeple street " + std::string(SideName(SideOfPort(p)));
    if (a.kind != CityPart::kStreet && PartOfPort(p) != 1)
      return "meeple " + KindWord(a.kind) + " " + std::string(HalfName(p));
  }
  return "meeple " + KindWord(a.kind);
}

// Which area of the tile just placed the follower command names.
Result<int> ResolveArea(const CityGame& g, const CityCommand& c) {
  if (g.phase() != CityPhase::kFollower)
    return Status::Illegal(Fill(Tr("no follower is awaited now; {1}"), {g.AwaitWords()}));
  const PlacedCityTile& placed = g.tiles()[g.last_tile()];
  std::vector<int> choices = g.FollowerChoices();
  if (c.kind.empty()) {
    if (c.number < 1 || c.number > static_cast<int>(choices.size())) {
      std::string list;
      for (size_t i = 0; i < choices.size(); ++i)
        list += (i ? ", " : "") + std::to_string(i + 1) + " " +
                FollowerCommand(placed.tile, choices[i]);
      // TRANSLATORS: {1} the choices as commands ("1 meeple street E, 2 meeple market NL").
      return Status::Illegal("meeple " + std::to_string(c.number) + ": " +
                             Fill(Tr("the choices are {1} (or pass)"), {list}));
    }
    return choices[c.number - 1];
  }
  CityPart kind = c.kind == "street"   ? CityPart::kStreet
                  : c.kind == "market" ? CityPart::kMarket
                                       : CityPart::kResidential;
  std::vector<Port> ports;
  if (auto side = ParseSide(c.where)) {
    ports = kind == CityPart::kStreet
                ? std::vector<Port>{MiddlePort(*side)}
                : std::vector<Port>{PortOf(*side, 0), PortOf(*side, 1), PortOf(*side, 2)};
  } else if (auto half = ParseHalf(c.where)) {
    ports = {*half};
  } else if (auto corner = ParseCorner(c.where)) {
    ports = {(*corner)[0], (*corner)[1]};
  }
  std::vector<int> areas;
  std::vector<std::string> halves;
  for (Port p : ports) {
    int a = placed.tile.AreaAt(p);
    if (a < 0 || placed.tile.areas[a].kind != kind) continue;
    if (PartOfPort(p) != 1) halves.push_back(std::string(HalfName(p)));
    if (std::find(areas.begin(), areas.end(), a) == areas.end()) areas.push_back(a);
  }
  // TRANSLATORS: {1} a side, half-edge or corner as typed ("NL"), {2} the tile's cell.
  if (areas.empty())
    return Status::NotFound(Fill(
        kind == CityPart::kStreet   ? Tr("there is no street at {1} of the tile at {2}")
        : kind == CityPart::kMarket ? Tr("there is no market at {1} of the tile at {2}")
                                    : Tr("there is no residential area at {1} of the tile at {2}"),
        {c.where, CellName(placed.cell)}));
  if (areas.size() > 1)
    // TRANSLATORS: {1} a side or corner as typed, {2} the tile's cell, {3} and {4} half-edges.
    return Status::Syntax(
        Fill(kind == CityPart::kMarket
                 ? Tr("two markets meet at {1} of the tile at {2}: name a half-edge ({3} or {4})")
                 : Tr("two residential areas meet at {1} of the tile at {2}: name a half-edge ({3} "
                      "or {4})"),
             {c.where, CellName(placed.cell), halves[0], halves.back()}),
        c.where_column);
  return areas[0];
}

Result<CityTile> ReadTile(const std::map<std::string, std::string>& saved, const CityCommand& c) {
  auto it = saved.find(c.tile);
  bool named = it != saved.end();
  Result<CityTile> tile = ParseCityTile(named ? it->second : c.tile);
  if (!tile.ok()) {
    const Status& st = tile.status();
    int column = named || st.column() < 0 ? c.tile_column : c.tile_column + st.column();
    return Status::Syntax((named ? c.tile + " (" + it->second + "): " : "") + st.message(), column);
  }
  return tile;
}

}  // namespace

CityRules::CityRules(CityGame game, std::map<std::string, std::string> saved, OptionValues options)
    : game_(std::move(game)), saved_(std::move(saved)), options_(std::move(options)) {}

std::unique_ptr<GameRules> CityRules::Clone() const { return std::make_unique<CityRules>(*this); }

Result<Report> CityRules::Apply(std::string_view line) {
  Result<CityCommand> parsed = Parse(line);
  if (!parsed.ok()) return parsed.status();
  const CityCommand& c = *parsed;
  // NOTATION.md "Canonical commands": the answer the rules already took is accepted as is.
  std::string canonical = Canonical(c);
  if (!canonical.empty()) {
    if (std::optional<std::string> note = game_.TakeRedundant(canonical)) {
      Report r;
      r.notes.push_back(*note);
      r.game_over = game_.over();
      r.redundant = true;  // nothing changed: nothing to log or undo
      return r;
    }
  }
  Status st;
  std::string placed_words;
  if (c.verb == "place" || c.verb == "discard") {
    if (game_.over()) return Status::Illegal(Tr("the game is over"));
    Result<CityTile> tile = ReadTile(saved_, c);
    if (!tile.ok()) return tile.status();
    st = c.verb == "place" ? game_.PlaceTile(*tile, c.cell) : game_.Discard(*tile);
    if (c.verb == "place") placed_words = CityTileWords(*tile);
  } else if (c.verb == "meeple") {
    Result<int> area = ResolveArea(game_, c);
    if (!area.ok()) return area.status();
    st = game_.PlaceFollower(*area);
  } else if (c.verb == "pass") {
    st = game_.Pass();
  } else if (c.verb == "gate") {
    st = game_.PlaceGate(c.cell, c.side);
  } else if (c.verb == "wall") {
    st = game_.PlaceWall(c.cell, c.side, c.short_piece, c.watchman);
  } else if (c.verb == "tower") {
    st = game_.PlaceTower(c.cell, c.side);
  } else {
    bool over_already = game_.over();
    st = game_.End();
    if (st.ok() && over_already) {  // the redundant answer: nothing to log or undo
      Report r = game_.last_report();
      r.redundant = true;
      return r;
    }
  }
  if (!st.ok()) return st;
  Report report = game_.last_report();
  if (c.verb == "place") {
    // The tile read back as parsed, as the base game and Mists do: first, before what it caused.
    // TRANSLATORS: the tile just placed read back: {1} its cell, {2} its areas.
    report.notes.insert(report.notes.begin(),
                        Fill(Tr("tile at {1}: {2}"), {CellName(c.cell), placed_words}));
    for (ScoreLine& scored : report.scores)
      if (scored.after_notes >= 0) ++scored.after_notes;
  }
  return report;
}

Awaiting CityRules::Awaits() const {
  Awaiting a;
  a.step = std::string(CityPhaseName(game_.phase()));
  a.player = game_.over() ? -1 : game_.acting_player();
  a.words = game_.AwaitWords();
  switch (game_.phase()) {
    case CityPhase::kTile:
      a.answers = {"place DESCRIPTION X,Y", "discard DESCRIPTION", "end"};
      break;
    case CityPhase::kFollower: {
      const CityTile& tile = game_.tiles()[game_.last_tile()].tile;
      for (int area : game_.FollowerChoices()) a.answers.push_back(FollowerCommand(tile, area));
      a.answers.push_back("pass");
      break;
    }
    case CityPhase::kGate:
      for (auto [cell, side] : game_.GateChoices())
        a.answers.push_back("gate " + SlotName(cell, side));
      break;
    case CityPhase::kWall:
      for (const WallChoice& w : game_.WallChoices()) {
        std::string base = "wall " + SlotName(w.cell, w.side);
        a.answers.push_back(base);
        if (w.can_short) a.answers.push_back(base + " short");
        if (w.can_watchman) a.answers.push_back(base + " watchman");
        if (w.can_short && w.can_watchman) a.answers.push_back(base + " short watchman");
      }
      break;
    case CityPhase::kTower:
      for (int i : game_.TowerChoices()) a.answers.push_back("tower " + SlotName(game_.wall()[i]));
      a.answers.push_back("pass");
      break;
    default:
      break;
  }
  return a;
}

std::uint64_t CityRules::Hash() const {
  std::uint64_t h = game_.Hash();
  for (const auto& [name, text] : saved_)
    for (unsigned char ch : name + "=" + text + ";") {
      h ^= ch;
      h *= 1099511628211ull;
    }
  return h;
}

Result<std::vector<std::string>> CityRules::Ask(std::string_view line) const {
  Result<Tokens> tokens = TokenizeCommand(line);
  if (!tokens.ok()) return tokens.status();
  const Tokens& t = *tokens;
  std::string verb = t.empty() ? "" : Lower(t[0].text);
  if (verb == "remaining") {
    if (Status extra = Extra(t, 1); !extra.ok()) return extra;
    std::vector<std::string> out;
    // TRANSLATORS: {1} tiles left in all, {2} of them in stack {3}.
    out.push_back(Fill(TrPlural("{1} tile left, {2} in stack {3}",
                                "{1} tiles left, {2} in stack {3}", game_.TilesLeft()),
                       {std::to_string(game_.TilesLeft()), std::to_string(game_.TilesLeftInStack()),
                        std::to_string(game_.stack())}));
    // TRANSLATORS: {1} standard wall pieces left, {2} short pieces left ("2 short pieces").
    out.push_back(Fill(
        TrPlural("{1} wall piece left, {2}", "{1} wall pieces left, {2}", game_.WallPiecesLeft()),
        {std::to_string(game_.WallPiecesLeft()),
         Counted(TrPlural("{1} short piece", "{1} short pieces", game_.ShortPiecesLeft()),
                 game_.ShortPiecesLeft())}));
    for (int p = 0; p < game_.players(); ++p)
      // TRANSLATORS: {1} a player, {2} followers in the supply, {3} towers ("6 towers").
      out.push_back(Fill(TrPlural("{1}: {2} follower in the supply, {3}",
                                  "{1}: {2} followers in the supply, {3}", game_.Supply(p)),
                         {game_.setup().players[p].name, std::to_string(game_.Supply(p)),
                          Counted(TrPlural("{1} tower", "{1} towers", game_.TowersLeft(p)),
                                  game_.TowersLeft(p))}));
    return out;
  }
  if (verb == "explain") {
    // explain X,Y street SIDE | market WHERE | residential WHERE
    if (t.size() < 4)
      return Status::Syntax(Tr("explain X,Y street SIDE | market WHERE | residential WHERE"));
    auto cell = ParseCell(t[1].text);
    if (!cell)
      return Status::Syntax(Fill(Tr("expected a cell X,Y, got '{1}'"), {t[1].text}), t[1].column);
    int tile = game_.TileAt(*cell);
    if (tile < 0) return Status::NotFound(Fill(Tr("no tile at {1}"), {CellName(*cell)}));
    std::string kind = Lower(t[2].text);
    if (kind != "street" && kind != "market" && kind != "residential")
      return Status::Syntax(Fill(Tr("explain X,Y street SIDE | market WHERE | residential WHERE: "
                                    "'{1}' is none of them"),
                                 {t[2].text}),
                            t[2].column);
    CityPart part = kind == "street"   ? CityPart::kStreet
                    : kind == "market" ? CityPart::kMarket
                                       : CityPart::kResidential;
    std::vector<Port> ports;
    if (auto side = ParseSide(t[3].text)) {
      for (int k = 0; k < 3; ++k) ports.push_back(PortOf(*side, k));
    } else if (auto half = ParseHalf(t[3].text)) {
      ports = {*half};
    } else if (auto corner = ParseCorner(t[3].text)) {
      ports = {(*corner)[0], (*corner)[1]};
    }
    const CityTile& ct = game_.tiles()[tile].tile;
    for (Port p : ports) {
      int a = ct.AreaAt(p);
      if (a < 0 || ct.areas[a].kind != part) continue;
      Result<CityExplanation> e = game_.Explain(*cell, a);
      if (!e.ok()) return e.status();
      std::vector<std::string> out = e->words;
      // TRANSLATORS: an area's value now and if the game ended now.
      out.push_back(Fill(Tr("now {1}, at the end {2}"),
                         {std::to_string(e->value_now), std::to_string(e->value_at_end)}));
      return out;
    }
    // TRANSLATORS: {1} a side, half-edge or corner as typed ("NL"), {2} the tile's cell.
    return Status::NotFound(
        Fill(part == CityPart::kStreet   ? Tr("there is no street at {1} of the tile at {2}")
             : part == CityPart::kMarket ? Tr("there is no market at {1} of the tile at {2}")
                                         : Tr("there is no residential at {1} of the tile at {2}"),
             {t[3].text, CellName(*cell)}));
  }
  if (verb == "where") return Where(line);
  return Status::NotFound(
      Fill(Tr("The City answers where, explain and remaining, not '{1}'"), {std::string(line)}));
}

// `where DESCRIPTION`: every cell the tile may go on now (D.3), and what it would complete
// there, found by placing it on a copy of the game.
Result<std::vector<std::string>> CityRules::Where(std::string_view line) const {
  std::string text(line);
  std::size_t start = text.find_first_not_of(" \t");
  std::size_t after_verb = text.find_first_of(" \t", start);
  std::size_t from = after_verb == std::string::npos ? std::string::npos
                                                     : text.find_first_not_of(" \t", after_verb);
  std::string description = from == std::string::npos ? "" : text.substr(from);  // "where " too
  while (!description.empty() && (description.back() == ' ' || description.back() == '\t'))
    description.pop_back();
  if (description.empty()) return Status::Syntax(Tr("usage: where DESCRIPTION (e.g. where shsh)"));
  CityCommand c;
  c.tile = description;
  c.tile_column = static_cast<int>(text.size() - description.size());
  Result<CityTile> tile = ReadTile(saved_, c);
  if (!tile.ok()) return tile.status();
  if (game_.over()) return Status::Illegal(Tr("the game is over"));
  std::vector<Cell> cells = game_.PlacesFor(*tile);
  if (cells.empty())
    // TRANSLATORS: {1} the tile's description, typed after `discard`.
    return std::vector<std::string>{Fill(Tr("it fits nowhere: discard {1}"), {description})};
  const int count = static_cast<int>(cells.size());
  std::vector<std::string> out = {
      Counted(TrPlural("it fits on {1} cell:", "it fits on {1} cells:", count), count)};
  for (Cell cell : cells) {
    CityGame trial = game_;
    std::string words = "  " + CellName(cell);
    if (!trial.PlaceTile(*tile, cell).ok()) {  // mid-turn: where it fits, once it may go
      out.push_back(words);
      continue;
    }
    int placed = trial.TileAt(cell);
    CityFeatures features = trial.Features();
    std::string completes;
    for (const CityFeature& f : features.list) {
      if (!f.complete || f.kind == CityPart::kResidential) continue;
      if (std::find(f.tiles.begin(), f.tiles.end(), placed) == f.tiles.end()) continue;
      bool occupied =
          std::any_of(f.followers.begin(), f.followers.end(), [](int n) { return n > 0; });
      const int n = static_cast<int>(f.tiles.size());
      std::string one = Counted(f.kind == CityPart::kStreet
                                    ? TrPlural("a street of {1} tile", "a street of {1} tiles", n)
                                    : TrPlural("a market of {1} tile", "a market of {1} tiles", n),
                                n);
      // TRANSLATORS: {1} a completed street or market ("a street of 3 tiles").
      if (!occupied) one = Fill(Tr("{1} (no follower: no scoring, D.6.5)"), {one});
      completes += (completes.empty() ? "" : ", ") + one;
    }
    // TRANSLATORS: {1} a cell, {2} what the tile completes there ("a street of 3 tiles").
    out.push_back(completes.empty() ? words : Fill(Tr("{1}: completes {2}"), {words, completes}));
  }
  return out;
}

Result<std::string> CityRules::SaveTile(const std::string& name, const std::string& description) {
  if (name.empty() || name.find_first_of(" \t{}[]") != std::string::npos)
    return Status::Syntax(Tr("a tile name is one word"));
  if (std::find(kVerbs.begin(), kVerbs.end(), Lower(name)) != kVerbs.end())
    return Status::Syntax(Fill(Tr("'{1}' is a command, not a tile name"), {name}));
  if (name.find_first_not_of("0123456789") == std::string::npos)
    return Status::Syntax(Fill(Tr("'{1}' is a number: a tile name needs a letter"), {name}));
  if (ParseCityTile(name).ok())
    return Status::Syntax(Fill(Tr("'{1}' describes a tile itself: choose another name"), {name}));
  Result<CityTile> tile = ParseCityTile(description);
  if (!tile.ok()) return tile.status();
  if (auto known = saved_.find(name); known != saved_.end() && known->second != description)
    return Status::Illegal(Fill(Tr("{1} is saved already as {2} in this game: choose another name"),
                                {name, known->second}));
  saved_[name] = description;
  return CityShortForm(*tile);
}

Result<std::unique_ptr<GameRules>> CityRules::Make(const GameStart& start) {
  CitySetup setup;
  setup.players = start.players;
  for (const auto& [name, value] : start.options) {
    auto flag = std::find_if(CityAlternatives().begin(), CityAlternatives().end(),
                             [&name = name](const CityAlternative& a) { return name == a.option; });
    if (flag != CityAlternatives().end()) {
      setup.options.*flag->flag = true;
    } else if (name == "--stacks") {
      std::array<int, 3> s{};
      std::vector<std::string> parts = {""};
      for (char ch : value) {
        if (ch == ',') {
          parts.emplace_back();
        } else {
          parts.back() += ch;
        }
      }
      bool good = parts.size() == 3;
      for (size_t k = 0; good && k < 3; ++k) {
        std::optional<std::int64_t> n = parts[k].size() <= 3 ? ReadNumber(parts[k]) : std::nullopt;
        good = n.has_value();
        if (good) s[k] = static_cast<int>(*n);
      }
      if (!good)
        return Status::Syntax(
            Fill(Tr("--stacks takes three tile counts, e.g. 30,25,20, not '{1}'"), {value}));
      setup.options.stacks = s;
    } else {
      // TRANSLATORS: {1} an option as typed ("--levels").
      return Status::Illegal(Fill(Tr("{1} is not an option of city"), {name}));
    }
  }
  Result<CityGame> game = CityGame::New(std::move(setup));
  if (!game.ok()) return game.status();
  return std::unique_ptr<GameRules>(
      std::make_unique<CityRules>(std::move(game.value()), start.saved, start.options));
}

const std::vector<CityAlternative>& CityAlternatives() {
  static const std::vector<CityAlternative> kAlternatives = {
      {"--walls-when-stack1-empty", "walls_when_stack1_empty",
       &CityOptions::walls_when_stack1_empty,
       TrNoop("walls start with a scoring by the last tile of stack 1 (AMB-18 alternative)")},
      {"--wall-per-feature", "wall_per_feature", &CityOptions::wall_per_feature,
       TrNoop("one wall building per scored feature, not per tile (AMB-19 alternative)")},
      {"--walls-need-no-tile", "walls_need_no_tile", &CityOptions::walls_need_no_tile,
       TrNoop("a wall piece may continue the wall past empty cells (CONF-08 alternative)")},
      {"--scored-watchmen", "scored_watchmen", &CityOptions::scored_watchmen,
       TrNoop("a follower scored this turn may be a watchman at once (EDGE-20 alternative)")},
      {"--watchman-per-tile", "watchman_per_tile", &CityOptions::watchman_per_tile,
       TrNoop("a watchman scores each tile in view with a building once (AMB-23 alternative)")},
  };
  return kAlternatives;
}

GameDefinition CityDefinition() {
  GameDefinition d;
  d.name = "city";
  d.title = "Carcassonne: The City";
  for (const CityAlternative& a : CityAlternatives()) d.options.push_back({a.option, "", a.help});
  d.options.push_back(
      {"--stacks", "A,B,C", TrNoop("tiles in the three stacks, default 30,25,20 (D.1.3)")});
  d.commands = {
      {"place", "place DESCRIPTION [at] X,Y", TrNoop("the drawn tile, as it lies (D.3)")},
      {"discard", "discard DESCRIPTION",
       TrNoop("the drawn tile fits nowhere: out of the game (D.3.2)")},
      {"meeple", "meeple street SIDE | market WHERE | residential WHERE | N",
       TrNoop("a follower on the tile just placed (D.4)")},
      {"pass", "pass", TrNoop("no follower, no tower")},
      {"gate", "gate X,Y SIDE", TrNoop("the city gate against SIDE of the tile at X,Y (D.8.2)")},
      {"wall", "wall X,Y SIDE [short] [watchman]",
       TrNoop("a wall piece, maybe with a watchman (D.8)")},
      {"tower", "tower X,Y SIDE", TrNoop("a tower on the wall end at X,Y SIDE (D.8.7)")},
      {"end", "end", TrNoop("the table ends the game (D.9.1c as the players measure it)")},
      {"explain", "explain X,Y street|market|residential WHERE",
       TrNoop("what an area is worth now and at the end"), true},
      {"remaining", "remaining", TrNoop("tiles, wall pieces, towers and followers left"), true},
      {"where", "where DESCRIPTION",
       TrNoop("every cell the tile may go on, and what it would complete"), true},
  };
  d.make = [](const GameStart& start) { return CityRules::Make(start); };
  return d;
}

}  // namespace carcref
