// Stones' rules (stones.h, S.1–S.3), behind the GameRules interface like every game.
#include "stones.h"

#include <algorithm>

#include "carcref/geometry.h"
#include "carcref/json.h"
#include "carcref/words.h"

namespace carcref::stones {

namespace {

constexpr int kMinSize = 3;
constexpr int kMaxSize = 5;

class StonesRules : public GameRules {
 public:
  StonesRules(int size, std::vector<PlayerSpec> players) : scores_(players.size(), 0) {
    board_.players = std::move(players);
    board_.size = size;
    board_.owner.assign(static_cast<std::size_t>(size * size), -1);
  }

  std::string_view game() const override { return "stones"; }

  Result<Report> Apply(std::string_view line) override {
    std::vector<std::string> words = Words(line);
    if (words.empty()) return Status::Syntax("nothing to do: stone X,Y or pass");
    if (over_) return Status::Illegal("the game is over (S.3)");
    std::string verb = Lower(words[0]);
    if (verb == "pass") {
      if (words.size() > 1) return Status::Syntax("pass takes nothing more");
      return Pass();
    }
    if (verb != "stone") return Status::Syntax("unknown command '" + words[0] + "'");
    if (words.size() != 2) return Status::Syntax("usage: stone X,Y");
    std::optional<Cell> cell = ParseCell(words[1]);
    if (!cell) return Status::Syntax("'" + words[1] + "' is no cell: X,Y, e.g. 1,2");
    return Put(*cell);
  }

  Awaiting Awaits() const override {
    Awaiting a;
    if (over_) {
      a.step = "over";
      a.words = "the game is over";
      return a;
    }
    a.step = "stone";
    a.player = current_;
    a.words = board_.players[static_cast<std::size_t>(current_)].name + " to put a stone (S.2)";
    for (int y = 0; y < board_.size; ++y)
      for (int x = 0; x < board_.size; ++x)
        if (Owner({x, y}) < 0) a.answers.push_back("stone " + CellName({x, y}));
    a.answers.push_back("pass");
    return a;
  }

  bool Over() const override { return over_; }

  std::uint64_t Hash() const override {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a over every field the rules read
    auto mix = [&h](long long v) {
      for (int i = 0; i < 8; ++i) {
        h ^= static_cast<std::uint64_t>(v >> (8 * i)) & 0xff;
        h *= 1099511628211ull;
      }
    };
    mix(board_.size);
    for (int o : board_.owner) mix(o);
    for (int s : scores_) mix(s);
    mix(current_);
    mix(passes_);
    mix(over_);
    return h;
  }

  std::vector<int> Scores() const override { return scores_; }

  std::vector<std::string> Facts() const override {
    return {std::to_string(board_.size) + "×" + std::to_string(board_.size) + " board (S.1)"};
  }

  std::string StateJson() const override {
    JsonWriter w;
    w.BeginObject().Value("game", "stones").Value("size", board_.size);
    w.Ints("owner", board_.owner).Ints("scores", scores_);
    w.Value("current", current_).Value("passes", passes_).Value("over", over_);
    w.EndObject();
    return w.str();
  }

  std::unique_ptr<GameRules> Clone() const override { return std::make_unique<StonesRules>(*this); }

  std::vector<ScoreLine> History() const override { return history_; }

  Status CheckInvariants() const override {
    int stones = static_cast<int>(
        std::count_if(board_.owner.begin(), board_.owner.end(), [](int o) { return o >= 0; }));
    int placed = 0;
    for (const ScoreLine& l : history_) placed += l.what == "stone" ? 1 : 0;
    if (stones != placed)
      return Status::Corrupt(std::to_string(stones) + " stones on the board, " +
                             std::to_string(placed) + " put down");
    return CheckScoresAreHistory(*this);
  }

  const Board& board() const { return board_; }

 private:
  int Players() const { return static_cast<int>(scores_.size()); }
  int Owner(Cell c) const {
    return board_.owner[static_cast<std::size_t>(c.y * board_.size + c.x)];
  }
  bool OnBoard(Cell c) const {
    return c.x >= 0 && c.y >= 0 && c.x < board_.size && c.y < board_.size;
  }

  Result<Report> Put(Cell c) {
    if (!OnBoard(c))
      return Status::Illegal("cell " + CellName(c) + " is off the board: 0,0 to " +
                             CellName({board_.size - 1, board_.size - 1}) + " (S.1)");
    if (Owner(c) >= 0)
      return Status::Illegal("cell " + CellName(c) + " already holds a stone (S.2)");
    board_.owner[static_cast<std::size_t>(c.y * board_.size + c.x)] = current_;
    int neighbours = 0;  // S.2: 1 per orthogonal neighbour of the same player
    for (Side s : kSides) {
      Cell n = Neighbor(c, s);
      if (OnBoard(n) && Owner(n) == current_) ++neighbours;
    }
    ScoreLine line;
    line.what = "stone";
    line.where = CellName(c);
    line.reason = "1 + " + Plural(neighbours, "neighbour", "neighbours") + " = " +
                  std::to_string(1 + neighbours);
    line.turn = ++turn_;
    line.winners = {current_};
    line.points.assign(scores_.size(), 0);
    line.points[static_cast<std::size_t>(current_)] = 1 + neighbours;
    line.cells = {c};
    line.after_notes = 0;  // before the end of the game it may cause
    scores_[static_cast<std::size_t>(current_)] += 1 + neighbours;
    history_.push_back(line);
    passes_ = 0;
    Report report;
    report.scores.push_back(line);
    NextPlayer(report);
    return report;
  }

  Result<Report> Pass() {
    ++turn_;
    ++passes_;
    Report report;
    report.notes.push_back(board_.players[static_cast<std::size_t>(current_)].name + " passes");
    NextPlayer(report);
    return report;
  }

  // S.3: the board full, or every player passed in a row, ends the game.
  void NextPlayer(Report& report) {
    bool full = std::none_of(board_.owner.begin(), board_.owner.end(), [](int o) { return o < 0; });
    if (full || passes_ >= Players()) {
      over_ = true;
      report.game_over = true;
      report.notes.push_back(full ? "the board is full (S.3)" : "every player passed (S.3)");
      return;
    }
    current_ = (current_ + 1) % Players();
  }

  static std::vector<std::string> Words(std::string_view line) {
    std::vector<std::string> out;
    std::string word;
    for (char ch : line) {
      if (ch == ' ' || ch == '\t') {
        if (!word.empty()) out.push_back(word);
        word.clear();
      } else {
        word += ch;
      }
    }
    if (!word.empty()) out.push_back(word);
    return out;
  }

  Board board_;
  std::vector<int> scores_;
  std::vector<ScoreLine> history_;
  int current_ = 0;
  int passes_ = 0;  // players who passed since the last stone
  int turn_ = 0;
  bool over_ = false;
};

}  // namespace

GameDefinition Definition() {
  GameDefinition d;
  d.name = "stones";
  d.title = "Stones (the test game)";
  d.turn_step = "stone";
  d.options = {{"--size", "N", "the board's side, 3 to 5 (S.1; default 3)", {"3", "4", "5"}}};
  d.commands = {{"stone", "stone X,Y", "put a stone on an empty cell (S.2)"},
                {"pass", "pass", "put no stone this turn (S.2)"}};
  d.make = [](const GameStart& start) -> Result<std::unique_ptr<GameRules>> {
    if (start.players.size() < 2) return Status::Illegal("Stones takes 2 players or more");
    int size = kMinSize;
    if (auto it = start.options.find("--size"); it != start.options.end()) {
      std::optional<std::int64_t> n = ReadNumber(it->second, kMaxSize + 1);
      if (!n || *n < kMinSize || *n > kMaxSize)
        return Status::Syntax("--size takes 3, 4 or 5, not '" + it->second + "'");
      size = static_cast<int>(*n);
    }
    return std::unique_ptr<GameRules>(std::make_unique<StonesRules>(size, start.players));
  };
  return d;
}

const Board* BoardOf(const GameRules& rules) {
  const auto* stones = dynamic_cast<const StonesRules*>(&rules);
  return stones ? &stones->board() : nullptr;
}

}  // namespace carcref::stones
