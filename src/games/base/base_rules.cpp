// The base game and GCC behind the game interface: setup from declared options, one command
// line at a time (Execute, base_command.cpp), and the words the table says after each
// (base_rules.h).
#include "games/base/base_rules.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <sstream>

#include "carcref/catalog.h"
#include "carcref/explain.h"
#include "carcref/format.h"
#include "carcref/i18n.h"
#include "carcref/invariants.h"
#include "carcref/json.h"
#include "carcref/state_json.h"
#include "carcref/words.h"
#include "engine/kind_words.h"
#include "engine/parse_memo.h"

namespace carcref {

namespace {

// The command without its comment: what the player said.
std::string Said(std::string_view line) {
  std::string s(line);
  if (s.find('{') == std::string::npos) s = s.substr(0, s.find('#'));
  return s;
}

std::string Named(const Game& g, int player) {
  const PlayerSpec& p = g.setup().players[static_cast<std::size_t>(player)];
  return p.name + " (" + p.color + ")";
}

// A scoring event as the interface's ScoreLine (DESIGN.md "Scoring produces events"): the
// breakdown in the words the table prints, GCC's ghost costs and floor included (C.5, C.9),
// and per player the change to their total, so the totals are the sum of the lines.
ScoreLine LineOf(const Game& g, const ScoreEvent& e) {
  ScoreLine line;
  line.what = FeatureKindWords(e.kind);  // the table's words; the log keeps logged_kind
  line.where = e.where;
  line.reason = e.reason + FormatEventCosts(g, e);
  line.final = e.final;
  line.turn = e.turn;
  line.followers = e.meeples;
  line.winners = e.winners;
  line.points = e.points;
  line.cells = e.cells;
  line.show_cells = e.kind == FeatureKind::kCity || e.kind == FeatureKind::kRoad;
  // A.2: a follower is named by the feature it stands on.
  struct FollowerName {
    FeatureKind kind;
    const char* one;
    const char* many;
  };
  static const FollowerName kNames[] = {{FeatureKind::kRoad, "thief", "thieves"},
                                        {FeatureKind::kCity, "knight", "knights"},
                                        {FeatureKind::kMonastery, "monk", "monks"},
                                        {FeatureKind::kField, "farmer", "farmers"}};
  line.follower = "meeple";
  line.followers_word = "meeples";
  for (const FollowerName& n : kNames)
    if (n.kind == e.kind) {
      line.follower = n.one;
      line.followers_word = n.many;
    }
  return line;
}

GameDefinition Definition() {
  GameDefinition d;
  d.name = "base";
  // The title and the options' help are marked for the table, which words them where it
  // prints them (Tr); the definition itself stays English.
  d.title = TrNoop("the base game");
  d.options = {
      {"--tiles", "SET", TrNoop("a tile set played with the base tiles (winter)")},
      {"--no-farmers", "", TrNoop("no farmers, as for a first game")},
  };
  // The commands' help is worded where `help` prints it (Tr).
  d.commands = {
      {"place", "place ID X,Y ROT | place EDGES X,Y [pass | meeple …]",
       TrNoop("put the drawn tile on the table (rotation clockwise; a tile typed as it lies needs "
              "none)")},
      {"meeple", "meeple N | road SIDE | city SIDE | field HALF|CORNER | monastery",
       TrNoop("put a meeple on the tile just placed")},
      {"pass", "pass", TrNoop("no meeple this turn")},
      {"discard", "discard TILE",
       TrNoop("the drawn tile fits nowhere: it leaves the game (A.3.5)")},
      {"end", "end", TrNoop("final scoring now (it also happens by itself after the last tile)")},
      {"status", "status [--json]",
       TrNoop("scores by feature type, meeples left, whose turn (--json: the whole state)"), true},
      {"score", "score", TrNoop("the same as status"), true},
      {"where", "where TILE", TrNoop("every legal place and rotation for a tile"), true},
      {"explain", "explain X,Y DIR",
       TrNoop("a feature: tiles, pennants, meeples, open ends, value"), true},
  };
  d.make = [](const GameStart& start) { return BaseRules::Make(start); };
  // As Make reads them: every record a catalogue set (an expansion reads its own first).
  d.read_tile_record = [](const std::string& record, const std::string& text) -> Status {
    return ParseCatalog(text, record).status();
  };
  // The shapes the base game's logs and script results have always had (GameJson, OptionsJson).
  d.logged_options = [](const GameRules& rules) {
    const auto& base = static_cast<const BaseRules&>(rules);
    return OptionsJson(base.state().setup(), base.extra_tiles());
  };
  d.logged_result = [](const GameRules& rules) {
    return GameJson(static_cast<const BaseRules&>(rules).state(), "finished", {});
  };
  d.result_json = [](const GameRules& rules, const std::string& status,
                     const std::vector<std::string>& errors) {
    return GameJson(static_cast<const BaseRules&>(rules).state(), status, errors);
  };
  d.read_logged_options = [](const std::string& json, GameStart* start) -> Status {
    try {
      YAML::Node o = YAML::Load(json);
      for (const YAML::Node& p : o["players"])
        start->players.push_back({p["name"].as<std::string>(), p["color"].as<std::string>()});
      if (!o["farmers"].as<bool>()) start->options["--no-farmers"] = "";
      if (o["tiles"] && !o["tiles"].as<std::string>().empty())
        start->options["--tiles"] = o["tiles"].as<std::string>();
    } catch (const YAML::Exception& e) {
      // TRANSLATORS: {1} the YAML reader's own words (English).
      return Status::Corrupt(Fill(Tr("its options cannot be read ({1})"), {e.msg}));
    }
    return Status::Ok();
  };
  return d;
}

// `status` and `score` are the base game's status questions (and so GCC's, gcc_definition.cpp):
// the table follows their answer with what the game waits for.
GameDefinition WithStatusQuestions(GameDefinition d) {
  for (CommandSpec& c : d.commands)
    if (c.name == "status" || c.name == "score") c.says_awaiting = true;
  return d;
}

}  // namespace

GameDefinition BaseDefinition() { return WithStatusQuestions(Definition()); }

std::string OptionsJson(const GameSetup& s, const std::string& extra_tiles) {
  JsonWriter w;
  w.BeginObject().Value("game", s.game).Value("farmers", s.farmers).Value("tiles", extra_tiles);
  w.BeginArray("players");
  for (const PlayerSpec& p : s.players)
    w.BeginObject().Value("name", p.name).Value("color", p.color).EndObject();
  w.EndArray();
  if (s.expansion) s.expansion->OptionsJson(w);
  w.EndObject();
  return w.str();
}

Result<std::unique_ptr<GameRules>> BaseRules::Make(const GameStart& start,
                                                   const BaseExpansion* expansion) {
  auto option = [&start](const char* name) { return start.options.count(name) > 0; };
  GameSetup setup;
  setup.game = "base";
  setup.players = start.players;
  setup.farmers = !option("--no-farmers");
  setup.tile_sets.clear();
  std::vector<CatalogSource> sources;
  std::string extra;
  for (const auto& [name, text] : start.box) {
    if (expansion && expansion->reads(name)) continue;
    sources.push_back({name, name + ".yaml", text});
    setup.tile_sets.push_back(name);
    if (name != "base") extra = name;
  }
  if (sources.empty()) return Status::Corrupt(Tr("the log holds no tile definitions"));
  Result<Catalog> catalog = BuildCatalog(sources);
  if (!catalog.ok()) return catalog.status();
  setup.catalog = std::move(catalog.value());
  if (expansion) {
    Result<std::shared_ptr<const ExpansionSetup>> added = expansion->setup(start);
    if (!added.ok()) return added.status();
    setup.expansion = std::move(added.value());
  }
  Result<Game> game = Game::New(std::move(setup));
  if (!game.ok()) return game.status();
  return std::unique_ptr<GameRules>(new BaseRules(std::move(game.value()), start.saved, extra));
}

Result<std::unique_ptr<GameRules>> BaseRules::FromSetup(GameSetup setup) {
  Result<Game> game = Game::New(std::move(setup));
  if (!game.ok()) return game.status();
  return std::unique_ptr<GameRules>(new BaseRules(std::move(game.value()), {}, ""));
}

Result<Report> BaseRules::Apply(std::string_view line) {
  Result<Outcome> outcome = Execute(line);
  if (!outcome.ok()) return outcome.status();
  outcome_ = *outcome;
  if (!outcome->redundant) last_outcome_ = *outcome;
  const Game& g = game_;
  Report report;
  report.redundant = outcome->redundant;
  report.game_over = outcome->game_over;
  std::vector<std::string>& notes = report.notes;
  if (outcome->placed_tile) {
    notes.push_back(FormatPlacement(g, g.board().size() - 1));         // the last tile on the board
    for (const GameNote& n : outcome->notes) notes.push_back(n.text);  // GCC ghosts (C.3, C.4)
    std::string said = Lower(Said(line));
    bool said_meeple =
        said.find("meeple") != std::string::npos || said.find(" pass") != std::string::npos;
    bool awaits = g.phase() == Phase::kPlaceMeeple || g.phase() == Phase::kGhost;
    if (!awaits && !said_meeple) {
      // Why, as it was when the step was skipped: a feature this tile finished may have sent
      // the player's meeples home since (A.4.6: not to be placed again this turn).
      const Game::MeepleSkip& skip = g.last_skip();
      if (skip.player >= 0 && skip.no_supply)
        notes.push_back(
            Fill(Tr("no meeple: {1} has none left"), {g.setup().players[skip.player].name}));
      else
        notes.push_back(Tr("no meeple: every feature of this tile is taken"));
    }
  } else {
    for (const GameNote& n : outcome->notes) notes.push_back(n.text);
  }
  if (outcome->meeple_placed) {
    const Meeple& m = outcome->meeple;
    const PlacedTile& t = g.board().tile(m.tile);
    // TRANSLATORS: {1} the player, {2} the feature ("road W to the junction"), {3} the cell.
    notes.push_back(Fill(m.guard ? Tr("{1} puts a guard on the {2} at {3}")
                                 : Tr("{1} puts a meeple on the {2} at {3}"),
                         {g.setup().players[m.player].name,
                          DescribeSegment(*t.type, m.segment, t.quarters), CellName(t.cell)}));
  }
  for (const ScoreEvent& e : outcome->events) {  // the table words each (FormatScoreLine)
    report.scores.push_back(LineOf(g, e));
    report.scores.back().after_notes = static_cast<int>(notes.size());
    report.scores.back().logged_kind = std::string(FeatureKindName(e.kind));
    report.scores.back().logged_json = EventJson(g, e);
  }
  // What comes next is the table's (Awaits(), Ended()).
  if (!outcome->game_over && !outcome->placed_tile && g.phase() == Phase::kPlaceTile &&
      Lower(line).rfind("discard", 0) == 0)
    notes.push_back(
        Fill(Tr("discarded; {1} draws again"), {g.setup().players[g.current_player()].name}));
  return report;
}

Awaiting BaseRules::Awaits() const {
  const Game& g = game_;
  Awaiting a;
  a.player = g.phase() == Phase::kGameOver ? -1 : g.current_player();
  a.answers = BaseAnswers(g);
  const int p = g.current_player();
  // A numbered answer is listed with what it stands for ("1 city N"): "1" and "meeple 1" type it.
  auto numbered = [&a](std::size_t i, const std::string& what) {
    a.listed.push_back(std::to_string(i + 1) + " " + what);
  };
  switch (g.phase()) {
    case Phase::kPlaceTile:
      a.step = "tile";
      a.words = Named(g, p) + " to place a tile";
      a.facts.push_back(Plural(g.RemainingTotal(), "tile", "tiles") + " left");
      break;
    case Phase::kPlaceMeeple: {
      a.step = "meeple";
      // TRANSLATORS: whose meeple step it is: {1} the player and colour ("Anna (red)"); the
      // answers follow after a colon ("1 city N · pass"; `pass` is typed as it is).
      a.words = Fill(Tr("{1} to place a meeple or pass"), {Named(g, p)});
      std::vector<MeepleOption> options = g.MeepleOptions();
      for (std::size_t i = 0; i < options.size(); ++i) numbered(i, options[i].description);
      a.listed.push_back("pass");
      g.expansion().SupplyFacts(g, p, a.facts);
      break;
    }
    case Phase::kGhost:
    case Phase::kOrder:
      g.expansion().StepAwaits(g, a);  // the expansion's own steps (GCC: C.3, AMB-29)
      break;
    case Phase::kGameOver:
      a.step = "over";
      a.words = Tr("the game is over");
      break;
  }
  return a;
}

std::vector<std::string> BaseRules::Facts() const {
  const Game& g = game_;
  int left = g.RemainingTotal();
  std::vector<std::string> out = {
      Fill(TrPlural("{1} tile in the bag", "{1} tiles in the bag", left), {std::to_string(left)})};
  if (!g.expansion().ReplacesStartTile())
    // TRANSLATORS: {1} the start tile's id ("D").
    out.push_back(Fill(Tr("start tile {1} at 0,0"), {g.board().tile(0).type->id}));
  g.expansion().Facts(g, out);  // GCC: its start tile, supplies and bank (C.1)
  return out;
}

Ending BaseRules::Ended() const {
  Ending out;
  if (Over()) out.winners = game_.Winners();  // AMB-01: ties share the win
  return out;
}

bool BaseRules::Over() const { return game_.phase() == Phase::kGameOver; }

std::uint64_t BaseRules::Hash() const { return game_.Hash(); }

std::vector<int> BaseRules::Scores() const {
  std::vector<int> out;
  for (const ScoreTotals& t : game_.totals()) out.push_back(t.Total());
  return out;
}

std::string BaseRules::StateJson() const { return BaseStateJson(game_, History()); }

std::unique_ptr<GameRules> BaseRules::Clone() const {
  return std::unique_ptr<GameRules>(new BaseRules(*this));
}

Status BaseRules::CheckInvariants() const {
  if (Status s = carcref::CheckInvariants(game_); !s.ok()) return s;
  return CheckScoresAreHistory(*this);  // C.5.2: the ghosts' costs and the floor are in it
}

std::vector<ScoreLine> BaseRules::History() const {
  const Game& g = game_;
  std::vector<ScoreLine> out;
  out.reserve(g.events().size());
  for (const ScoreEvent& e : g.events()) out.push_back(LineOf(g, e));
  return out;
}

Result<std::vector<std::string>> BaseRules::Ask(std::string_view line) const {
  std::vector<std::string> words = QuestionWords(line);
  if (words.empty()) return Status::Syntax(Tr("an empty question"));
  std::string verb = Lower(words[0]);
  const Game& g = game_;
  if (verb == "status" || verb == "score") {
    if (words.size() > 1 && words[1] == "--json") return std::vector<std::string>{StateJson()};
    std::string text = FormatScores(g);
    text += g.expansion().StatusWords(g);
    return Lines(text);  // the table adds what the game waits for
  }
  if (verb == "where") {
    // The tile is the rest of the line, so a long form {…} with spaces works too.
    std::string token(line.substr(line.find_first_not_of(" \t")));
    token = token.substr(std::min(token.size(), token.find_first_of(" \t")));
    if (token.find('#') != std::string::npos && token.find('{') == std::string::npos)
      token = token.substr(0, token.find('#'));
    token.erase(0, token.find_first_not_of(" \t"));
    token.erase(token.find_last_not_of(" \t") + 1);
    if (token.empty()) return Status::Syntax(Tr("usage: where TILE (e.g. where D)"));
    return Where(token);
  }
  if (verb == "explain") {
    if (words.size() != 3)
      return Status::Syntax(Tr("usage: explain X,Y DIR (e.g. explain 1,0 N, explain 0,0 EL)"));
    std::optional<Cell> cell = ParseCell(words[1]);
    if (!cell) return Status::Syntax(Fill(Tr("expected a cell X,Y, got '{1}'"), {words[1]}));
    Result<NodeId> node = FeatureAt(g, *cell, words[2]);
    if (!node.ok()) return node.status();
    return Lines(FormatReport(g, carcref::Explain(g, *node)));
  }
  return Status::NotFound(Fill(Tr("the base game answers no question '{1}'"), {words[0]}));
}

Result<std::vector<std::string>> BaseRules::Where(const std::string& token) const {
  const Game& g = game_;
  Result<ResolvedTile> tile = ResolveTile(g, token, &saved_);
  if (!tile.ok()) return tile.status();
  std::vector<Placement> places = g.board().LegalPlacements(*tile->tile);
  std::vector<std::string> out;
  if (tile->tile->id.empty()) {  // a tile from the expansion's box, typed as it lies
    std::vector<Cell> as_is;
    for (const Placement& p : places)
      if (p.quarters == 0) as_is.push_back(p.cell);
    std::string fits, turned;
    for (const Placement& p : places) {
      if (p.quarters == 0) {
        fits += " " + CellName(p.cell);
        fits += g.expansion().PlacementWords(g, *tile->tile, p.cell);  // GCC: its ghosts
      } else if (std::find(as_is.begin(), as_is.end(), p.cell) == as_is.end()) {
        turned += " " + CellName(p.cell) + " (" + std::to_string(p.quarters * 90) + ")";
      }
    }
    if (places.empty())
      return std::vector<std::string>{
          Fill(Tr("it fits nowhere: discard it (discard {1})"), {token})};
    // TRANSLATORS: `where` for a tile typed as it lies: {1} the cells, each after a space
    // (" 1,0 2,0").
    out.push_back(fits.empty() ? Tr("as it lies, it fits at no cell")
                               : Fill(Tr("as it lies, it fits at{1}"), {fits}));
    if (!turned.empty())
      // TRANSLATORS: {1} the cells with the rotation each needs (" 1,0 (90)").
      out.push_back(
          Fill(Tr("turned clockwise, it would fit at{1} (describe it as it lies then)"), {turned}));
    return out;
  }
  const std::string& id = tile->tile->id;
  if (places.empty())
    return std::vector<std::string>{Fill(Tr("{1} fits nowhere: discard it (discard {1})"), {id})};
  // TRANSLATORS: `where`: {1} the tile's id, {2} in how many places and rotations it fits
  // (listed on the next lines).
  out.push_back(Fill(TrPlural("{1} fits in {2} way:", "{1} fits in {2} ways:",
                              static_cast<long long>(places.size())),
                     {id, std::to_string(places.size())}));
  std::string row;
  for (const Placement& p : places) {
    std::string item = CellName(p.cell) + " " + std::to_string(p.quarters * 90);
    if (row.size() + item.size() > 76) {
      out.push_back("  " + row);
      row.clear();
    }
    row += (row.empty() ? "" : " · ") + item;
  }
  if (!row.empty()) out.push_back("  " + row);
  return out;
}

Result<std::string> BaseRules::SaveTile(const std::string& name, const std::string& description) {
  if (!game_.box())
    return Status::Illegal(
        Tr("'tile' belongs to the co-op game: start one with new mists --level 1 --players ..."));
  Result<TileType> tile = ParseTileDescription(description);
  if (!tile.ok()) return tile.status();
  saved_[name] = description;  // it is logged with the session
  return DescribeTile(*tile, 0);
}

}  // namespace carcref
