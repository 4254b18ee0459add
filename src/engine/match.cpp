// What every game behind the GameRules interface (rules.h) shares: option checks against a
// game's declaration, its scorings as data, and Match, the game as its start plus the accepted
// commands. The list of games is the front end's (src/games/registry.cpp).
#include <algorithm>
#include <atomic>

#include "carcref/i18n.h"
#include "carcref/json.h"
#include "carcref/rules.h"

namespace carcref {

Ending GameRules::Ended() const {
  Ending out;
  std::vector<int> scores = Scores();
  if (scores.empty()) return out;
  int best = *std::max_element(scores.begin(), scores.end());
  for (std::size_t p = 0; p < scores.size(); ++p)
    if (scores[p] == best) out.winners.push_back(static_cast<int>(p));  // ties share the win
  return out;
}

Status CheckScoresAreHistory(const GameRules& rules) {
  std::vector<int> scores = rules.Scores();
  std::vector<int> sum(scores.size(), 0);
  int lines = 0;
  for (const ScoreLine& line : rules.History()) {
    ++lines;
    if (line.points.size() != scores.size())
      return Status::Corrupt("scoring " + std::to_string(lines) + " (" + line.what + ", " +
                             line.where + ") gives " + std::to_string(line.points.size()) +
                             " players points, not " + std::to_string(scores.size()));
    for (std::size_t p = 0; p < scores.size(); ++p) sum[p] += line.points[p];
  }
  for (std::size_t p = 0; p < scores.size(); ++p)
    if (sum[p] != scores[p])
      return Status::Corrupt("player " + std::to_string(p + 1) + "'s score " +
                             std::to_string(scores[p]) + " != " + std::to_string(sum[p]) +
                             " from " + std::to_string(lines) + " scorings");
  return Status::Ok();
}

std::string ScoreLinesJson(const std::vector<ScoreLine>& lines) {
  JsonWriter j;
  j.BeginArray();
  for (const ScoreLine& l : lines) {
    j.BeginObject().Value("what", l.what).Value("where", l.where).Value("reason", l.reason);
    j.Value("final", l.final).Value("turn", l.turn);
    j.Ints("followers", l.followers).Ints("winners", l.winners).Ints("points", l.points);
    j.BeginArray("cells");
    for (Cell c : l.cells) j.Ints("", {c.x, c.y});
    j.EndArray().EndObject();
  }
  j.EndArray();
  return j.str();
}

const OptionSpec* FindOption(const GameDefinition& game, const std::string& name) {
  for (const OptionSpec& o : game.options)
    if (o.name == name) return &o;
  return nullptr;
}

Status CheckDeclaredOptions(const GameDefinition& game, const OptionValues& options) {
  for (const auto& [name, value] : options) {
    const OptionSpec* spec = FindOption(game, name);
    if (!spec) {
      std::string known;
      for (const OptionSpec& o : game.options) known += (known.empty() ? "" : ", ") + o.name;
      // TRANSLATORS: {1} an option as typed, {2} the game (base, mists, gcc, city), {3} its
      // options ("--stacks, --wall-per-feature").
      return Status::Illegal(
          known.empty() ? Fill(Tr("unknown option {1} for {2} (it has none)"), {name, game.name})
                        : Fill(Tr("unknown option {1} for {2} (its options: {3})"),
                               {name, game.name, known}));
    }
    if (spec->value_name.empty() && !value.empty())
      // TRANSLATORS: {1} an option ("--no-farmers").
      return Status::Illegal(Fill(Tr("{1} takes no value"), {name}));
    if (!spec->value_name.empty() && value.empty())
      // TRANSLATORS: {1} an option ("--level"), {2} its value's name ("N").
      return Status::Illegal(Fill(Tr("{1} needs a value: {1} {2}"), {name, spec->value_name}));
  }
  return Status::Ok();
}

Match::Match(const GameDefinition& game, GameStart start, std::unique_ptr<GameRules> initial)
    : definition_(&game),
      start_(std::move(start)),
      initial_(std::move(initial)),
      current_(initial_->Clone()) {}

Match::Match(const Match& other)
    : definition_(other.definition_),
      start_(other.start_),
      initial_(other.initial_->Clone()),
      current_(other.current_->Clone()),
      commands_(other.commands_),
      snapshots_(other.snapshots_) {}

Match& Match::operator=(const Match& other) {
  if (this != &other) *this = Match(other);
  return *this;
}

Result<Match> Match::Start(const GameDefinition& game, GameStart start) {
  Status fits = CheckDeclaredOptions(game, start.options);
  if (!fits.ok()) return fits;
  Result<std::unique_ptr<GameRules>> made = game.make(start);
  if (!made.ok()) return made.status();
  return Match(game, std::move(start), std::move(made.value()));
}

namespace {
std::atomic<std::uint64_t> invariant_breaks{0};
}  // namespace

std::uint64_t InvariantBreaks() { return invariant_breaks.load(); }

Result<Report> Match::Apply(std::string_view line, Report* worded) {
  bool english_table = WordsInEnglish();
  if (worded && !english_table) {
    // The rules are deterministic: the copy reads the command as the game will, in words.
    Result<Report> said = current_->Clone()->Apply(line);
    if (!said.ok()) return said;
    *worded = std::move(said.value());
  }
  EnglishWords english;
  Result<Report> report = current_->Apply(line);
  if (!report.ok()) return report;
#ifndef NDEBUG
  // Debug builds (and so the sanitizer test run) check every game's invariants after every
  // command; a broken one is a bug, refused loudly rather than carried on, and the game goes
  // back to where it was before the command (rebuilt as undo rebuilds: a copy of the state
  // before every command would cost more than the check).
  if (Status broken = current_->CheckInvariants(); !broken.ok()) {
    ++invariant_breaks;
    Result<std::unique_ptr<GameRules>> before = Rebuild(commands_.size());
    if (before.ok()) current_ = std::move(before.value());
    return Status::Corrupt("internal error after '" + std::string(line) +
                           "': invariant broken: " + broken.message());
  }
#endif
  if (!report->redundant) {
    commands_.emplace_back(line);
    MaybeSnapshot(commands_.size(), *current_);
  }
  if (worded && english_table) *worded = *report;
  return report;
}

void Match::MaybeSnapshot(std::size_t commands, const GameRules& rules) {
  if (commands == 0 || commands % kSnapshotEvery != 0) return;
  if (!snapshots_.empty() && snapshots_.back().commands >= commands) return;
  snapshots_.push_back(Snapshot{commands, rules.Clone()});
  if (snapshots_.size() > kSnapshots) snapshots_.erase(snapshots_.begin());
}

Result<std::unique_ptr<GameRules>> Match::Rebuild(std::size_t target) {
  EnglishWords english;                  // the game a table keeps changes in English (Apply)
  std::size_t kept = snapshots_.size();  // the snapshots at or before target
  while (kept > 0 && snapshots_[kept - 1].commands > target) --kept;
  std::size_t from = kept > 0 ? snapshots_[kept - 1].commands : 0;
  std::unique_ptr<GameRules> rebuilt =
      kept > 0 ? snapshots_[kept - 1].rules->Clone() : initial_->Clone();
  std::vector<Snapshot> taken;  // on a rebuild from the start: the latest ones on the way
  for (std::size_t i = from; i < target; ++i) {
    Result<Report> again = rebuilt->Apply(commands_[i]);
    // Every command was accepted once from the same state: the rules are deterministic.
    if (!again.ok())
      return Status::Corrupt("undo: command " + std::to_string(i + 1) + " (" + commands_[i] +
                             ") is refused on the way back: " + again.status().message());
    std::size_t done = i + 1;
    if (kept == 0 && done % kSnapshotEvery == 0 && target - done < kSnapshots * kSnapshotEvery)
      taken.push_back(Snapshot{done, rebuilt->Clone()});
  }
  snapshots_.resize(kept);
  for (Snapshot& s : taken) snapshots_.push_back(std::move(s));
  return rebuilt;
}

Result<std::string> Match::Undo() {
  if (commands_.empty()) return Status::NotFound(Tr("nothing to undo"));
  Result<std::unique_ptr<GameRules>> rebuilt = Rebuild(commands_.size() - 1);
  if (!rebuilt.ok()) return rebuilt.status();
  current_ = std::move(rebuilt.value());
  std::string last = std::move(commands_.back());
  commands_.pop_back();
  return last;
}

Result<std::string> Match::SaveTile(const std::string& name, const std::string& description) {
  Result<std::string> words = current_->SaveTile(name, description);
  if (!words.ok()) return words;
  Result<std::string> again = initial_->SaveTile(name, description);
  if (!again.ok()) return again;
  // The snapshots learn the name too, as the start does, so a rebuild from either knows it.
  // One that would not (it cannot happen: the start took it) is dropped with the later ones.
  for (std::size_t i = 0; i < snapshots_.size(); ++i) {
    std::unique_ptr<GameRules> knows = snapshots_[i].rules->Clone();
    if (!knows->SaveTile(name, description).ok()) {
      snapshots_.resize(i);
      break;
    }
    snapshots_[i].rules = std::move(knows);
  }
  start_.saved[name] = description;
  return words;
}

}  // namespace carcref
