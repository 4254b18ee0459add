// Mists over Carcassonne behind the game interface: setup from declared options, one command
// line at a time (mists_command.h), the answers the rules took by themselves, and the words the
// table says after each (mists_rules.h).
#include "games/mists/mists_rules.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <optional>
#include <sstream>

#include "carcref/game.h"
#include "carcref/i18n.h"
#include "carcref/json.h"
#include "carcref/words.h"
#include "engine/parse_memo.h"
#include "mists_internal.h"

namespace carcref {

namespace {

std::string OptionsJson(const MistsSetup& s, const std::vector<std::string>& start) {
  JsonWriter w;
  w.BeginObject().Value("game", "mists").Value("level", s.level);
  w.Value("meeples_on_misty_roads", s.options.meeples_on_misty_roads)
      .Value("facedown_orthogonal", s.options.facedown_orthogonal);
  for (const MistsAlternative& a : MistsAlternatives()) w.Value(a.key, s.options.*a.flag);
  w.Value("rules", s.options.before_amb28_edge24 ? 1 : kMistsRulesEdition);
  w.BeginArray("players");
  for (const MistsPlayer& p : s.players) {
    w.BeginObject().Value("name", p.name).BeginArray("colours");
    for (const std::string& c : p.colours) w.Value("", c);
    w.EndArray().EndObject();
  }
  w.EndArray().BeginArray("start");
  for (const std::string& q : start) w.Value("", q);
  w.EndArray().EndObject();
  return w.str();
}

// The shape review reads for every game (cli/archive.h): kind, reason, points per name; the
// team's shared score is credited to "team", level 6's to each colour.
std::string EventJson(const MistsGame& g, const MistsEvent& e) {
  static const char* kKinds[] = {"score", "calm",     "mist", "ghosts", "burial",   "hound",
                                 "piles", "facedown", "won",  "lost",   "redundant"};
  JsonWriter w;
  w.BeginObject()
      .Value("kind", kKinds[static_cast<int>(e.kind)])
      .Value("turn", e.turn)
      .Value("reason", e.text)
      .Value("ghosts", e.ghosts);
  w.BeginObject("points");
  if (e.points) {
    if (g.level().per_colour) {
      for (int c : e.colours) w.Value(g.colours()[static_cast<size_t>(c)], e.points);
    } else {
      w.Value("team", e.points * static_cast<int>(std::max<size_t>(1, e.colours.size())));
    }
  }
  w.EndObject().EndObject();
  return w.str();
}

// Whether the event changed the team's score or a colour's (B.9.5, B.11.5, B.13.2): a hound
// lost or boxed credits no colour and scores nothing.
bool Scoring(const MistsEvent& e) {
  return e.kind == MistsEvent::Kind::kScore ||
         (e.kind == MistsEvent::Kind::kHound && !e.colours.empty());
}

// A scoring as the interface's ScoreLine, per player as Scores() counts: levels 1–5 the shared
// score gains value × distinct colours for everyone (B.9.5), the team's; level 6 a player's
// score is their first colour's marker (B.13.2). followers: the player's colours credited.
// The table words the breakdown, the colours and the rule from their parts; `status --json`
// keeps the reason whole, as it always read (`json_reason`).
ScoreLine LineOf(const MistsGame& g, const MistsEvent& e, bool json_reason = false) {
  ScoreLine line;
  line.what = e.what;
  line.where = e.where;
  line.reason = json_reason ? e.reason : e.breakdown;
  line.turn = e.turn;
  line.cells = e.cells;
  if (!json_reason) {
    for (int c : e.colours) line.colours.push_back(g.colours()[static_cast<std::size_t>(c)]);
    if (!g.level().per_colour) line.team = TrContext("co-op", "team");
    line.rule = e.rule;
  }
  const int credited = e.points * static_cast<int>(e.colours.size());
  for (std::size_t p = 0; p < g.setup().players.size(); ++p) {
    const MistsPlayer& player = g.setup().players[p];
    int mine = 0, first = -1;
    for (std::size_t c = 0; c < g.colours().size(); ++c) {
      bool own = std::find(player.colours.begin(), player.colours.end(), g.colours()[c]) !=
                 player.colours.end();
      bool in =
          std::find(e.colours.begin(), e.colours.end(), static_cast<int>(c)) != e.colours.end();
      mine += own && in;
      if (!player.colours.empty() && g.colours()[c] == player.colours.front())
        first = static_cast<int>(c);
    }
    line.followers.push_back(mine);
    bool first_in = std::find(e.colours.begin(), e.colours.end(), first) != e.colours.end();
    int points = g.level().per_colour ? (first >= 0 && first_in ? e.points : 0) : credited;
    line.points.push_back(points);
    if (g.level().per_colour ? first_in : true) line.winners.push_back(static_cast<int>(p));
  }
  return line;
}

Result<MistsSetup> BuildSetup(int level, std::vector<MistsPlayer> players,
                              const std::vector<std::string>& start, const MistsOptions& rules,
                              const std::map<std::string, std::string>& saved, DescribedSet box) {
  MistsSetup setup;
  setup.box = std::move(box);
  setup.level = level;
  setup.players = std::move(players);
  setup.options = rules;
  Result<std::vector<TilePtr>> quarters = ParseStartQuarters(start, saved);
  if (!quarters.ok()) return quarters.status();
  setup.start = std::move(quarters.value());
  return setup;
}

std::vector<MistsPlayer> MistsPlayers(const std::vector<PlayerSpec>& players) {
  std::vector<MistsPlayer> out;
  for (const PlayerSpec& p : players) {
    MistsPlayer player{p.name, {}};
    std::istringstream colours(p.color);
    for (std::string c; std::getline(colours, c, '/');)
      if (!c.empty()) player.colours.push_back(c);
    out.push_back(player);
  }
  return out;
}

const char* StepName(MistsPhase phase) { return mists_internal::NamesOf(phase).step; }

}  // namespace

Result<std::vector<MistsPlayer>> ParseMistsPlayers(const std::string& text) {
  std::vector<MistsPlayer> players;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (item.empty()) continue;
    MistsPlayer p;
    auto colon = item.find(':');
    p.name = item.substr(0, colon);
    if (colon != std::string::npos) {
      std::stringstream colours(item.substr(colon + 1));
      std::string c;
      while (std::getline(colours, c, '/'))
        if (!c.empty()) p.colours.push_back(Lower(c));
    }
    if (p.name.empty()) return Status::Syntax(Tr("a player needs a name: \"Anna:red,Ben:blue\""));
    players.push_back(p);
  }
  if (players.empty())
    return Status::Syntax(Tr("name the players: --players \"Anna:red,Ben:blue\""));
  Status s = CompleteMistsPlayers(players);
  if (!s.ok()) return s;
  return players;
}

std::string MistsStatusText(const MistsGame& g) {
  std::ostringstream out_;
  const MistsLevel& l = g.level();
  if (l.per_colour) {
    for (size_t c = 0; c < g.colours().size(); ++c)
      out_ << "  "
           << Fill(Tr("{1}: {2} of {3}"),
                   {g.colours()[c], std::to_string(g.colour_scores()[c]), std::to_string(l.goal)})
           << "\n";
  } else {
    out_ << Fill(Tr("score {1} of {2}"), {std::to_string(g.score()), std::to_string(l.goal)});
    for (size_t h = 0; h < g.hounds().size(); ++h) {
      int at = h == 0 ? l.hound1 : l.hound2;
      if (!g.hounds()[h].done && g.hounds()[h].tile < 0)
        out_ << " · "
             << Fill(Tr("hound {1} at {2} (before pile {1} runs out)"),
                     {std::to_string(h + 1), std::to_string(at)});
    }
    out_ << "\n";
  }
  const int left = g.piles()[static_cast<size_t>(g.active_pile())];
  out_ << (g.piles().size() > 1
               ? Fill(TrPlural("pile {1} active: {2} tile left", "pile {1} active: {2} tiles left",
                               left),
                      {std::to_string(g.active_pile() + 1), std::to_string(left)})
               : Fill(TrPlural("supply: {1} tile left", "supply: {1} tiles left", left),
                      {std::to_string(left)}))
       << " · "
       << Fill(TrPlural("{1} tile in all", "{1} tiles in all", g.TilesLeft()),
               {std::to_string(g.TilesLeft())})
       << "\n";
  out_ << Fill(
              Tr("ghosts: {1} on the board, {2} in the bank (of {3})"),
              {std::to_string(g.GhostsOnBoard()), std::to_string(g.bank()), std::to_string(l.bank)})
       << "\n";
  out_ << Tr("meeples:");
  for (size_t c = 0; c < g.colours().size(); ++c)
    out_ << " " << g.colours()[c] << " " << g.Supply(static_cast<int>(c));
  out_ << "\n";
  return out_.str();
}

std::string MistsGhostsText(const MistsGame& g, const std::function<bool(Cell)>& shown) {
  std::ostringstream out_;
  out_ << Fill(TrPlural("bank: {1} of {2} ghost", "bank: {1} of {2} ghosts", g.level().bank),
               {std::to_string(g.bank()), std::to_string(g.level().bank)})
       << "\n";
  std::map<int, std::vector<std::pair<int, int>>> by_tile;
  for (const auto& [spot, count] : g.ghosts()) by_tile[spot.tile].push_back({spot.segment, count});
  if (by_tile.empty()) out_ << Tr("no ghost on the board") << "\n";
  int outside = 0, outside_tiles = 0, inside_tiles = 0;
  for (const auto& [tile, spots] : by_tile) {
    const PlacedTile& t = g.board().tile(tile);
    int total = 0;
    std::string where;
    for (auto [segment, count] : spots) {
      total += count;
      // TRANSLATORS: {1} a number of ghosts, {2} the feature (or mist) they stand on.
      where += (where.empty() ? "" : "; ") +
               Fill(Tr("{1} on the {2}"),
                    {std::to_string(count), DescribeSegment(*t.type, segment, t.quarters)});
    }
    if (shown && !shown(t.cell)) {
      outside += total, ++outside_tiles;
      continue;
    }
    ++inside_tiles;
    out_ << "  "
         << Fill(TrPlural("{1}: {2} ghost ({3})", "{1}: {2} ghosts ({3})", total),
                 {CellName(t.cell), std::to_string(total), where})
         << "\n";
  }
  if (outside > 0)
    out_ << (inside_tiles == 0 ? Tr("no ghost in the window; ") : "  ")
         // TRANSLATORS: {1} ghosts on {2} tiles outside the board's window; `ghosts` is the
         // command (typed in English).
         << Fill(
                inside_tiles == 0
                    ? TrPlural("{1} on {2} tile outside it (ghosts lists them all)",
                               "{1} on {2} tiles outside it (ghosts lists them all)", outside_tiles)
                    : TrPlural("{1} on {2} tile outside the window (ghosts lists them all)",
                               "{1} on {2} tiles outside the window (ghosts lists them all)",
                               outside_tiles),
                {Fill(TrPlural("{1} ghost", "{1} ghosts", outside), {std::to_string(outside)}),
                 std::to_string(outside_tiles)})
         << "\n";
  out_ << Fill(Tr("worst next tile: {1}"), {g.WorstNextTile()}) << "\n";
  return out_.str();
}

const std::vector<MistsAlternative>& MistsAlternatives() {
  static const std::vector<MistsAlternative> kAlternatives = {
      {"--meeples-on-fields", "meeples_on_fields", &MistsOptions::meeples_on_fields,
       "meeples may stand on fields, to no effect (AMB-03 alternative)"},
      {"--no-burying-hounds", "no_burying_hounds", &MistsOptions::no_burying_hounds,
       "a meeple with a hound cannot be buried (AMB-05 alternative)"},
      {"--unplaceable-loses", "unplaceable_loses", &MistsOptions::unplaceable_loses,
       "a tile that fits nowhere loses the game (AMB-10 alternative)"},
      {"--marker-from-meeples", "marker_from_meeples", &MistsOptions::marker_from_meeples,
       "level 6: the score markers are playable meeples also solo and with 2 players (AMB-08 "
       "alternative)"},
      {"--calm-unoccupied", "calm_unoccupied", &MistsOptions::calm_unoccupied,
       "a finished feature with no meeple may calm 3 ghosts (AMB-04 alternative)"},
      {"--fewer-per-area", "fewer_per_area", &MistsOptions::fewer_per_area,
       "1 ghost fewer per mist area that extends a bank, not per tile (AMB-28 alternative)"},
      {"--thresholds-before-hounds", "thresholds_before_hounds",
       &MistsOptions::thresholds_before_hounds,
       "thresholds are checked before the evaluated feature's hounds score (AMB-25 alternative)"},
      {"--evaluate-after-win", "evaluate_after_win", &MistsOptions::evaluate_after_win,
       "after the win the waiting features score for the record (AMB-26 alternative)"},
      {"--bank-takes-tile-ghosts", "bank_takes_tile_ghosts", &MistsOptions::bank_takes_tile_ghosts,
       "a finished mist bank sends back every ghost on its tiles (AMB-02 alternative)"},
  };
  return kAlternatives;
}

GameDefinition MistsDefinition() {
  GameDefinition d;
  d.name = "mists";
  d.title = TrNoop("Mists over Carcassonne");
  d.options = {
      {"--level", "N", "the level, 1–6 (B.13)", {"1", "2", "3", "4", "5", "6"}},
      {"--start", "\"NW NE SW SE\"",
       "the 2×2 start tile's quarters as they lie (B.1.4; remembered)"},
      {"--no-misty-meeples", "", "no meeple on a road or city in the mist (CONF-04 alternative)"},
      {"--facedown-orthogonal", "",
       "the face-down tile only beside a cemetery's sides (AMB-06 alternative)"},
  };
  for (const MistsAlternative& a : MistsAlternatives()) d.options.push_back({a.option, "", a.help});
  d.commands = {
      {"place", "place DESCRIPTION|NAME [at] X,Y", TrNoop("the drawn tile as it lies (B.5)")},
      {"discard", "discard DESCRIPTION|NAME", TrNoop("it fits nowhere (EDGE-03)")},
      {"meeple", "meeple road|city SIDE | castle | N [COLOUR]",
       TrNoop("a meeple on the tile just placed")},
      {"pass", "pass", TrNoop("no meeple this turn")},
      {"bury", "bury X,Y [road|city SIDE|castle] | bury COLOUR",
       TrNoop("the meeple a closed cemetery takes (B.10.3)")},
      {"cemetery", "cemetery X,Y", TrNoop("the open cemetery that takes the extra ghost (B.7.5)")},
      {"haunt", "haunt X,Y HALF|road SIDE",
       TrNoop("levels 5–6: the mist area of X,Y that takes the cemetery's ghost (EDGE-08)")},
      {"score", "score [N]",
       TrNoop("the finished feature N takes its points (B.9.2); else: status"), false,
       StepName(MistsPhase::kEvaluate), true},
      {"calm", "calm [N] X,Y [WHERE COUNT]...",
       TrNoop("calm up to 3 ghosts from one tile instead of scoring (B.9.2), or for a hound")},
      {"hound", "hound X,Y [road|city SIDE|castle]",
       TrNoop("the standing meeple the hound joins (B.11.3)")},
      {"done", "done", TrNoop("the hound calms no more ghosts")},
      {"facedown", "facedown X,Y", TrNoop("where the face-down tile goes (B.12.4)")},
      {"end", "end", TrNoop("after the game ended: accepted, changes nothing")},
      {"status", "status [--json]",
       TrNoop("score, piles, ghosts and meeples (--json: the whole state)"), true, "", true},
      {"ghosts", "ghosts", TrNoop("the ghost bank, every tile with ghosts, the worst next tile"),
       true},
      {"remaining", "remaining", TrNoop("tiles left in each pile"), true},
      {"where", "where DESCRIPTION", TrNoop("where the tile, as it lies, may go"), true},
  };
  d.in_quotes["--start"] = kStartInQuotes;
  d.make = [](const GameStart& start) { return MistsRules::Make(start); };
  // As Make reads them: the box only (any other record is ignored there).
  d.read_tile_record = [](const std::string& record, const std::string& text) -> Status {
    if (record != kMistsBoxRecord) return Status::Ok();
    return ParseDescribedSet(text, record).status();
  };
  d.logged_options = [](const GameRules& rules) {
    return static_cast<const MistsRules&>(rules).LoggedOptions();
  };
  d.logged_result = [](const GameRules& rules) {
    return static_cast<const MistsRules&>(rules).LoggedResult();
  };
  d.result_json = [](const GameRules& rules, const std::string& status,
                     const std::vector<std::string>& errors) {
    return static_cast<const MistsRules&>(rules).ResultJson(status, errors);
  };
  d.read_players = [](const std::string& text) -> Result<std::vector<PlayerSpec>> {
    Result<std::vector<MistsPlayer>> players = ParseMistsPlayers(text);
    if (!players.ok()) return players.status();
    std::vector<PlayerSpec> out;
    for (const MistsPlayer& p : *players) {
      std::string colours;
      for (const std::string& c : p.colours) colours += (colours.empty() ? "" : "/") + c;
      out.push_back({p.name, colours});
    }
    return out;
  };
  d.read_logged_options = [](const std::string& json, GameStart* start) -> Status {
    // Logs before the game interface kept saved tiles under their bare names.
    for (auto it = start->box.begin(); it != start->box.end();)
      if (it->first != kMistsBoxRecord) {
        start->saved.insert(*it);
        it = start->box.erase(it);
      } else {
        ++it;
      }
    try {
      YAML::Node o = YAML::Load(json);
      start->options["--level"] = std::to_string(o["level"].as<int>());
      if (!o["meeples_on_misty_roads"].as<bool>()) start->options["--no-misty-meeples"] = "";
      if (o["facedown_orthogonal"].as<bool>()) start->options["--facedown-orthogonal"] = "";
      // Options added later: absent in older logs, which played the defaults.
      for (const MistsAlternative& a : MistsAlternatives())
        if (o[a.key].as<bool>(false)) start->options[a.option] = "";
      // A log without "rules" was played before AMB-28 and EDGE-24 were settled.
      start->rules_edition = o["rules"].as<int>(1) < kMistsRulesEdition ? 1 : 0;
      for (const YAML::Node& p : o["players"]) {
        std::string colours;
        for (const YAML::Node& c : p["colours"])
          colours += (colours.empty() ? "" : "/") + c.as<std::string>();
        start->players.push_back({p["name"].as<std::string>(), colours});
      }
      start->options["--start"] = LoggedStartQuarters(o);
    } catch (const YAML::Exception& e) {
      return Status::Corrupt("its options cannot be read (" + e.msg + ")");
    }
    return Status::Ok();
  };
  return d;
}

Result<std::unique_ptr<GameRules>> MistsRules::Make(const GameStart& start) {
  auto option = [&start](const char* name) { return start.options.count(name) > 0; };
  int level = 1;
  if (option("--level")) {
    const std::string& text = start.options.at("--level");
    if (text.size() != 1 || text[0] < '1' || text[0] > '6')
      return Status::Syntax("--level takes a number 1–6, not '" + text + "'");
    level = text[0] - '0';
  }
  MistsOptions rules;
  rules.meeples_on_misty_roads = !option("--no-misty-meeples");
  rules.facedown_orthogonal = option("--facedown-orthogonal");
  for (const MistsAlternative& a : MistsAlternatives()) rules.*a.flag = option(a.option);
  rules.before_amb28_edge24 = start.rules_edition == 1;
  std::string box_text;
  for (const auto& [name, text] : start.box)
    if (name == kMistsBoxRecord) box_text = text;
  Result<DescribedSet> box = ParseDescribedSetMemo(box_text, "mists.yaml");
  if (!box.ok()) return box.status();
  std::vector<std::string> quarters =
      SplitStartQuarters(option("--start") ? start.options.at("--start") : "");
  std::vector<MistsPlayer> players = MistsPlayers(start.players);
  if (Status s = CompleteMistsPlayers(players); !s.ok()) return s;
  Result<MistsSetup> setup =
      BuildSetup(level, std::move(players), quarters, rules, start.saved, std::move(box.value()));
  if (!setup.ok()) return setup.status();
  Result<MistsGame> game = MistsGame::New(std::move(setup.value()));
  if (!game.ok()) return game.status();
  return std::unique_ptr<GameRules>(
      new MistsRules(std::move(game.value()), start.saved, std::move(quarters)));
}

Result<std::vector<MistsEvent>> MistsRules::Execute(std::string_view line) {
  if (std::optional<Result<std::vector<MistsEvent>>> answered =
          mists_internal::TypedSettledAnswer(game_, &open_, line))
    return std::move(*answered);
  if (game_.phase() == MistsPhase::kWon || game_.phase() == MistsPhase::kLost)
    return Status::Illegal(Fill(Tr("the game is over: {1}"), {game_.OutcomeWords()}));
  std::size_t before = game_.events().size();
  std::size_t settled_before = game_.settled().size();
  Status s = ApplyMistsCommand(game_, line, saved_);
  if (!s.ok()) return s;
  ++accepted_;
  // Only this command's: the answers taken before it were typed or passed by.
  open_.assign(game_.settled().begin() + static_cast<long>(settled_before), game_.settled().end());
  return std::vector<MistsEvent>(game_.events().begin() + static_cast<long>(before),
                                 game_.events().end());
}

Result<Report> MistsRules::Apply(std::string_view line) {
  std::size_t meeples_before = game_.meeples().size();
  Result<std::vector<MistsEvent>> events = Execute(line);
  if (!events.ok()) return events.status();
  const MistsGame& g = game_;
  Report report;
  report.game_over = Over();
  if (events->size() == 1 && events->front().kind == MistsEvent::Kind::kRedundant) {
    // An answer the rules had taken (NOTATION.md): nothing changed, nothing to log.
    report.redundant = true;
    report.notes.push_back(events->front().text);
    return report;
  }
  for (const MistsEvent& e : *events) report.logged.push_back({"coop", EventJson(g, e)});
  std::string text = Lower(line);
  text.erase(0, text.find_first_not_of(" \t"));
  if (text.rfind("place", 0) == 0) {
    // Confirm the placement in words (the last face-up tile placed).
    for (int t = g.board().size() - 1; t >= 0; --t) {
      const PlacedTile& p = g.board().tile(t);
      if (p.type->face_down) continue;
      // TRANSLATORS: {1} the cell (x,y), {2} the tile read back (its features).
      report.notes.push_back(
          Fill(Tr("tile at {1}: {2}"), {CellName(p.cell), DescribeTile(*p.type, 0)}));
      break;
    }
  }
  // Confirm the meeple in words; one on a feature this tile finished is in the evaluation.
  if (text.rfind("meeple", 0) == 0 && g.meeples().size() > meeples_before) {
    const MistsMeeple& m = g.meeples().back();
    const PlacedTile& p = g.board().tile(m.tile);
    // TRANSLATORS: {1} the meeple's colour as typed (red, green …), {2} the feature, {3} x,y.
    report.notes.push_back(
        Fill(Tr("{1} meeple on the {2} at {3}"),
             {g.colours()[static_cast<std::size_t>(m.colour)],
              DescribeSegment(*p.type, m.segment, p.quarters), CellName(p.cell)}));
  }
  // A scoring is a ScoreLine the table words; every other event (ghosts, hounds, the mist) a
  // note. Won or lost is the table's to say (Ended()).
  for (const MistsEvent& e : *events) {
    if (Scoring(e)) {
      report.scores.push_back(LineOf(g, e));
      report.scores.back().after_notes = static_cast<int>(report.notes.size());
    } else if (e.kind != MistsEvent::Kind::kWon && e.kind != MistsEvent::Kind::kLost) {
      report.notes.push_back(e.text);
    }
  }
  return report;
}

Awaiting MistsRules::Awaits() const {
  const MistsGame& g = game_;
  Awaiting a;
  a.step = StepName(g.phase());
  bool own = g.phase() == MistsPhase::kPlaceTile || g.phase() == MistsPhase::kPlaceMeeple;
  a.player = own ? g.current_player() : -1;
  a.who = TrContext("co-op", "team");
  a.answers = MistsAnswers(g);
  const Board& b = g.board();
  auto meeple_words = [&](int m) {
    const MistsMeeple& me = g.meeples()[static_cast<size_t>(m)];
    const PlacedTile& t = b.tile(me.tile);
    // TRANSLATORS: a meeple: {1} its colour as typed, {2} x,y, {3} the feature it stands on.
    return Fill(Tr("{1} at {2} ({3})"),
                {g.colours()[static_cast<size_t>(me.colour)], CellName(t.cell),
                 DescribeSegment(*t.type, me.segment, t.quarters)});
  };
  const std::string& name = g.setup().players[static_cast<size_t>(g.current_player())].name;
  switch (g.phase()) {
    case MistsPhase::kPlaceTile: {
      a.words = Fill(Tr("{1} to place a tile"), {name});
      const std::string goal = std::to_string(g.level().goal);
      a.facts.push_back(g.level().per_colour
                            ? Fill(Tr("score per colour of {1}"), {goal})
                            : Fill(Tr("score {1} of {2}"), {std::to_string(g.score()), goal}));
      const int left = g.piles()[static_cast<size_t>(g.active_pile())];
      a.facts.push_back(
          g.piles().size() > 1
              ? Fill(TrPlural("pile {1}: {2} tile left", "pile {1}: {2} tiles left", left),
                     {std::to_string(g.active_pile() + 1), std::to_string(left)})
              : Fill(TrPlural("{1} tile left", "{1} tiles left", left), {std::to_string(left)}));
      a.facts.push_back(Fill(Tr("bank {1}"), {std::to_string(g.bank())}));
      break;
    }
    case MistsPhase::kPlaceMeeple: {
      a.words = Fill(Tr("{1} to place a meeple or pass"), {name});
      std::vector<int> segs = g.MeepleSegments();
      const PlacedTile& t = b.tile(g.placed_tile_index());
      for (size_t i = 0; i < segs.size(); ++i)  // "1" and "meeple 1" type it
        a.listed.push_back(std::to_string(i + 1) + " " + DescribeSegment(*t.type, segs[i], 0));
      a.listed.push_back("pass");
      for (int c : g.PlayableColours())
        a.facts.push_back(Fill(TrPlural("{1}: {2} meeple", "{1}: {2} meeples", g.Supply(c)),
                               {g.colours()[static_cast<size_t>(c)], std::to_string(g.Supply(c))}));
      break;
    }
    case MistsPhase::kBury: {
      a.words = Tr("a cemetery closed: the team buries a meeple (B.10.3)");
      std::vector<int> standing = g.BuryCandidates();
      if (standing.empty()) {
        a.listed.push_back("bury COLOUR");
        a.facts.push_back(Tr("none stands on the board, so one from a supply"));
      }
      for (int m : standing) a.listed.push_back("bury " + meeple_words(m));
      break;
    }
    case MistsPhase::kCemeteryGhost:
      a.words = Tr("the team chooses the open cemetery that takes the extra ghost (B.7.5)");
      break;
    case MistsPhase::kEvaluate:
      a.words = Tr("the team scores a finished feature or calms ghosts instead (B.9.2)");
      for (size_t i = 0; i < g.pending().size(); ++i) {
        const PendingFeature& f = g.pending()[i];
        std::string colours;
        for (int c : f.colours) colours += (colours.empty() ? "" : "+") + g.colours()[c];
        // TRANSLATORS: "score N" is the command, typed in English: keep "score {1}". {2} the
        // finished feature and where it is, {3} its points, {4} the colours of its meeples.
        a.listed.push_back(
            colours.empty()
                ? Fill(Tr("score {1}: {2} worth {3} to no one (no meeple, AMB-04's alternative)"),
                       {std::to_string(i + 1), f.where(), std::to_string(f.value)})
                : Fill(Tr("score {1}: {2} worth {3} for {4}"),
                       {std::to_string(i + 1), f.where(), std::to_string(f.value), colours}));
      }
      a.listed.push_back("calm N X,Y");
      a.facts = {
          Tr("up to 3 ghosts from one tile"),
          Fill(TrPlural("{1} ghost on the board", "{1} ghosts on the board", g.GhostsOnBoard()),
               {std::to_string(g.GhostsOnBoard())})};
      break;
    case MistsPhase::kHound:
      a.words = Fill(Tr("hound {1} reached: the team puts it with a standing meeple (B.11.3)"),
                     {std::to_string(g.hounds_reached())});
      for (int m : g.StandingMeeples()) a.listed.push_back("hound " + meeple_words(m));
      break;
    case MistsPhase::kHoundCalm:
      a.words =
          Tr("the hound may calm up to 3 ghosts on each of up to 2 tiles of its 3×3 block "
             "(B.11.3)");
      break;
    case MistsPhase::kFaceDown:
      a.words =
          Tr("the team draws a tile unseen and puts it face down next to an open cemetery "
             "(B.12.4)");
      a.listed = a.answers;  // every cell, however many: the team picks one
      break;
    case MistsPhase::kHauntArea:
      a.words =
          Tr("the haunted cemetery's ghost: the team chooses the mist area that takes it "
             "(B.7.6, EDGE-08)");
      break;
    case MistsPhase::kWon:
    case MistsPhase::kLost:
      a.words = Tr("the game is over");
      break;
  }
  return a;
}

std::vector<std::string> MistsRules::Facts() const {
  const MistsGame& g = game_;
  const std::string tiles = std::to_string(g.level().tiles);
  std::vector<std::string> out = {
      Fill(Tr("goal {1}"), {std::to_string(g.level().goal)}),
      g.level().piles > 1 ? Fill(TrPlural("{1} tile in 3 piles of 20", "{1} tiles in 3 piles of 20",
                                          g.level().tiles),
                                 {tiles})
                          : Fill(TrPlural("{1} tile", "{1} tiles", g.level().tiles), {tiles}),
      // TRANSLATORS: the ghost bank at the start: {1} ghosts in it of {2}, {3} on the start tile.
      Fill(Tr("bank {1} of {2} ghosts ({3} on the start tile)"),
           {std::to_string(g.bank()), std::to_string(g.level().bank),
            std::to_string(g.GhostsOnBoard())})};
  for (std::size_t c = 0; c < g.colours().size(); ++c) {
    const int supply = g.Supply(static_cast<int>(c));
    // TRANSLATORS: {1} a colour as typed, {2} the player who plays it, {3} its meeples.
    out.push_back(
        Fill(TrPlural("{1}: {2}, {3} meeple", "{1}: {2}, {3} meeples", supply),
             {g.colours()[c],
              g.setup().players[static_cast<std::size_t>(g.ColourOwner(static_cast<int>(c)))].name,
              std::to_string(supply)}));
  }
  return out;
}

Ending MistsRules::Ended() const {
  Ending out;
  out.team = TrContext("co-op", "team");
  out.team_won = game_.phase() == MistsPhase::kWon;
  out.cause = game_.OutcomeWords();
  return out;
}

bool MistsRules::Over() const {
  MistsPhase p = game_.phase();
  return p == MistsPhase::kWon || p == MistsPhase::kLost;
}

std::uint64_t MistsRules::Hash() const { return game_.Hash(); }

std::vector<int> MistsRules::Scores() const {
  const MistsGame& g = game_;
  std::vector<int> out;
  for (const MistsPlayer& p : g.setup().players) {
    int score = g.score();
    if (g.level().per_colour && !p.colours.empty()) {  // B.13: the player's first colour
      auto c = std::find(g.colours().begin(), g.colours().end(), p.colours.front());
      if (c != g.colours().end()) score = g.colour_scores()[c - g.colours().begin()];
    }
    out.push_back(score);
  }
  return out;
}

std::string MistsRules::StateJson() const {
  // The scorings with their reasons whole, as `status --json` has always given them.
  std::vector<ScoreLine> lines;
  for (const MistsEvent& e : game_.events())
    if (Scoring(e)) lines.push_back(LineOf(game_, e, true));
  return MistsStateJson(game_, lines);
}

std::unique_ptr<GameRules> MistsRules::Clone() const {
  return std::unique_ptr<GameRules>(new MistsRules(*this));
}

Status MistsRules::CheckInvariants() const {
  if (Status s = carcref::CheckInvariants(game_); !s.ok()) return s;
  return CheckScoresAreHistory(*this);  // B.9.5, B.11.5, B.13.2
}

std::vector<ScoreLine> MistsRules::History() const {
  const MistsGame& g = game_;
  std::vector<ScoreLine> out;
  for (const MistsEvent& e : g.events())
    if (Scoring(e)) out.push_back(LineOf(g, e));
  return out;
}

Result<std::vector<std::string>> MistsRules::Ask(std::string_view line) const {
  std::vector<std::string> words = QuestionWords(line);
  if (words.empty()) return Status::Syntax(Tr("an empty question"));
  std::string verb = Lower(words[0]);
  const MistsGame& g = game_;
  if (verb == "status" || verb == "score") {
    if (words.size() > 1 && words[1] == "--json") return std::vector<std::string>{StateJson()};
    return Lines(MistsStatusText(g));  // the table adds what the game waits for
  }
  if (verb == "ghosts") return Lines(MistsGhostsText(g));
  if (verb == "remaining") {
    std::vector<std::string> out;
    for (std::size_t p = 0; p < g.piles().size(); ++p) {
      const int n = g.piles()[p];
      const bool active = static_cast<int>(p) == g.active_pile();
      // TRANSLATORS: {1} a pile's number, {2} the tiles in it; the active one is drawn from.
      if (g.piles().size() > 1)
        out.push_back(
            Fill(active ? TrPlural("pile {1}: {2} tile (active)", "pile {1}: {2} tiles (active)", n)
                        : TrPlural("pile {1}: {2} tile", "pile {1}: {2} tiles", n),
                 {std::to_string(p + 1), std::to_string(n)}));
      else
        out.push_back(
            Fill(active ? TrPlural("supply: {1} tile (active)", "supply: {1} tiles (active)", n)
                        : TrPlural("supply: {1} tile", "supply: {1} tiles", n),
                 {std::to_string(n)}));
    }
    return out;
  }
  if (verb == "where") {
    // The rest of the line is the tile as it would lie; where can it go?
    std::string token(line.substr(line.find_first_not_of(" \t")));
    token = token.substr(std::min(token.size(), token.find_first_of(" \t")));
    token.erase(0, token.find_first_not_of(" \t"));
    token.erase(token.find_last_not_of(" \t") + 1);
    if (token.empty()) return Status::Syntax(Tr("usage: where DESCRIPTION (as the tile lies)"));
    Result<TilePtr> tile = ParseMistsTile(token, saved_);
    if (!tile.ok()) return tile.status();
    std::string as_is, turned;
    for (const Placement& p : g.board().LegalPlacements(**tile)) {
      if (p.quarters == 0)
        as_is += " " + CellName(p.cell);
      else
        turned +=
            " " + Fill(Tr("{1} (turned {2})"), {CellName(p.cell), std::to_string(p.quarters * 90)});
    }
    // TRANSLATORS: {1} a list of cells, each after a space (" 0,1 2,0").
    std::vector<std::string> out = {as_is.empty()
                                        ? Tr("as described it fits nowhere")
                                        : Fill(Tr("as described it fits at{1}"), {as_is})};
    if (!turned.empty()) out.push_back(Fill(Tr("turned, it would fit at{1}"), {turned}));
    if (as_is.empty() && turned.empty()) out.push_back(Tr("it fits nowhere: discard it"));
    return out;
  }
  return Status::NotFound(Fill(Tr("the co-op game answers no question '{1}'"), {words[0]}));
}

Result<std::string> MistsRules::SaveTile(const std::string& name, const std::string& description) {
  Result<TilePtr> tile = ParseMistsTile(description, {});
  if (!tile.ok()) return tile.status();
  saved_[name] = description;  // joins the session (it is logged with it)
  return DescribeTile(**tile, 0);
}

std::string MistsRules::LoggedOptions() const { return OptionsJson(game_.setup(), start_); }

std::string MistsRules::LoggedResult() const {
  const MistsGame& g = game_;
  JsonWriter w;
  w.BeginObject()
      .Value("status", "finished")
      .Value("game", "mists")
      .Value("level", g.level().level)
      .Value("outcome", g.phase() == MistsPhase::kWon ? "won" : "lost")
      .Value("cause", g.OutcomeWords())  // English inside EnglishWords (the log)
      .Value("at", static_cast<int>(accepted_))
      .Value("turn", g.turn())
      .Value("score", g.score())
      .Value("bank", g.bank());
  w.BeginArray("players");
  if (g.level().per_colour) {  // B.13: each colour has its own score
    for (size_t c = 0; c < g.colours().size(); ++c)
      w.BeginObject()
          .Value("name",
                 g.setup().players[static_cast<size_t>(g.ColourOwner(static_cast<int>(c)))].name)
          .Value("color", g.colours()[c])
          .Value("score", g.colour_scores()[c])
          .EndObject();
  } else {  // one shared score: each player once, with the colours they played
    for (const MistsPlayer& p : g.setup().players) {
      std::string colours;
      for (const std::string& c : p.colours) colours += (colours.empty() ? "" : "/") + c;
      w.BeginObject().Value("name", p.name).Value("color", colours).Value("score", g.score());
      w.EndObject();
    }
  }
  w.EndArray().EndObject();
  return w.str();
}

std::string MistsRules::ResultJson(const std::string& status,
                                   const std::vector<std::string>& errors) const {
  const MistsGame& g = game_;
  JsonWriter w;
  w.BeginObject().Value("status", status).Value("game", "mists").Value("level", g.level().level);
  if (Over())
    w.Value("outcome", g.phase() == MistsPhase::kWon ? "won" : "lost").Value("cause", g.outcome());
  w.Value("score", g.score()).Value("bank", g.bank()).Value("ghosts_on_board", g.GhostsOnBoard());
  w.BeginArray("players");
  for (size_t c = 0; c < g.colours().size(); ++c)
    w.BeginObject()
        .Value("name",
               g.setup().players[static_cast<size_t>(g.ColourOwner(static_cast<int>(c)))].name)
        .Value("color", g.colours()[c])
        .Value("score", g.level().per_colour ? g.colour_scores()[c] : g.score())
        .BeginObject("breakdown")
        .EndObject()
        .EndObject();
  w.EndArray().BeginArray("errors");
  for (const std::string& e : errors) w.Value("", e);
  w.EndArray().EndObject();
  return w.str();
}

}  // namespace carcref
