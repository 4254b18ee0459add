// The table's replay mode (`replay ID` in the REPL or a script): a logged session stepped
// through with next, prev and goto N; board, status and explain look at the replayed
// position; stop (or quit) goes back to the game that was open, which replay mode never
// touches. Nothing here writes to the log.
#include <cctype>
#include <ostream>

#include "carcref/explain.h"
#include "carcref/format.h"
#include "carcref/words.h"
#include "cli/game_views.h"
#include "cli/match_log.h"
#include "cli/render.h"
#include "cli/replay.h"
#include "cli/table.h"

namespace carcref {

namespace {

Result<std::int64_t> NumberArg(const std::string& word, const std::string& what) {
  try {
    size_t used = 0;
    long long n = std::stoll(word, &used);
    if (used == word.size()) return static_cast<std::int64_t>(n);
  } catch (const std::exception&) {
  }
  return Status::Syntax(what + " is a number, not '" + word + "'");
}

}  // namespace

std::string Table::ReplayPrompt() const {
  if (match_replay_)
    return "replay " + std::to_string(match_replay_->session.id) + " · " +
           std::to_string(match_replay_->position) + "/" + std::to_string(match_replay_->size) +
           "> ";
  if (coop_replay_)
    return "replay " + std::to_string(coop_replay_->session.id) + " · " +
           std::to_string(coop_replay_->position) + "/" + std::to_string(coop_replay_->size) + "> ";
  return "replay " + std::to_string(replay_->session().id) + " · " +
         std::to_string(replay_->position()) + "/" + std::to_string(replay_->size()) + "> ";
}

bool Table::ShowReplayStep() {
  out_ << FormatReplayStep(*replay_) << "  " << FormatScoreLine(replay_->game()) << "\n";
  return true;
}

bool Table::ReplayCommand(const std::vector<std::string>& args) {
  std::string name = Lower(args[0]);
  if (name == "replay") {
    if (args.size() < 2 || args.size() > 3)
      return Refuse(Status::Syntax("usage: replay ID [N] (see sessions for the ids)"));
    if (!log_) return Refuse(Status::IOError("no database to replay from"));
    Result<std::int64_t> id = NumberArg(args[1], "the session");
    if (!id.ok()) return Refuse(id.status());
    std::size_t start = 0;
    if (args.size() == 3) {
      Result<std::int64_t> n = NumberArg(args[2], "the command");
      if (!n.ok()) return Refuse(n.status());
      if (*n < 0) return Refuse(Status::NotFound("command numbers start at 0 (the start)"));
      start = static_cast<std::size_t>(*n);
    }
    Result<SessionRecord> record = log_->LoadSession(*id);
    if (!record.ok()) return Refuse(record.status());
    if (const GameDefinition* game = SessionGame(*record)) {
      auto replay = std::make_shared<MatchReplay>();
      replay->session = std::move(record.value());
      for (const CommandRecord& c : replay->session.commands) replay->size += !c.undone;
      std::shared_ptr<MatchReplay> previous = match_replay_;
      match_replay_ = replay;
      replay_.reset();
      coop_replay_.reset();
      if (!MatchReplayGoto(start)) {
        match_replay_ = previous;
        return false;
      }
      out_ << "replaying session " << replay->session.id << " · " << game->title << " · "
           << replay->session.players << " · " << replay->size << " commands\n"
           << "  next, prev, goto N step through it; board, status look at it; stop leaves\n";
      return true;
    }
    if (record->game == "mists") {  // a co-op session: rebuilt by its own rules
      auto replay = std::make_shared<CoopReplay>();
      replay->session = std::move(record.value());
      for (const CommandRecord& c : replay->session.commands) replay->size += !c.undone;
      std::shared_ptr<CoopReplay> previous = coop_replay_;
      coop_replay_ = replay;
      replay_.reset();
      match_replay_.reset();
      if (!CoopReplayGoto(start)) {
        coop_replay_ = previous;
        return false;
      }
      out_ << "replaying session " << replay->session.id << " · mists · " << replay->session.players
           << " · " << replay->size << " commands\n"
           << "  next, prev, goto N step through it; board, status, ghosts look at it; stop "
              "leaves\n";
      return true;
    }
    Result<ReplayCursor> cursor = ReplayCursor::Open(std::move(record.value()));
    if (!cursor.ok()) return Refuse(cursor.status());
    Status s = cursor->Goto(start);
    if (!s.ok()) return Refuse(s);
    replay_ = std::make_shared<ReplayCursor>(std::move(cursor.value()));
    coop_replay_.reset();
    match_replay_.reset();
    out_ << "replaying " << FormatReplayHeader(*replay_) << "\n"
         << "  next, prev, goto N step through it; board, status, explain X,Y DIR look at it; "
            "stop leaves\n";
    return ShowReplayStep();
  }
  if (match_replay_) {
    if (name == "stop") {
      out_ << "replay of session " << match_replay_->session.id << " stopped\n";
      match_replay_.reset();
      return true;
    }
    std::size_t target = match_replay_->position;
    if (name == "next") target += 1;
    if (name == "prev") {
      if (target == 0) return Refuse(Status::NotFound("already at the start"));
      target -= 1;
    }
    if (name == "goto") {
      if (args.size() != 2) return Refuse(Status::Syntax("usage: goto N (0 is the start)"));
      Result<std::int64_t> n = NumberArg(args[1], "the command");
      if (!n.ok()) return Refuse(n.status());
      if (*n < 0) return Refuse(Status::NotFound("command numbers start at 0 (the start)"));
      target = static_cast<std::size_t>(*n);
    }
    return MatchReplayGoto(target);
  }
  if (coop_replay_) {
    if (name == "stop") {
      out_ << "replay of session " << coop_replay_->session.id << " stopped\n";
      coop_replay_.reset();
      return true;
    }
    std::size_t target = coop_replay_->position;
    if (name == "next") target += 1;
    if (name == "prev") {
      if (target == 0) return Refuse(Status::NotFound("already at the start"));
      target -= 1;
    }
    if (name == "goto") {
      if (args.size() != 2) return Refuse(Status::Syntax("usage: goto N (0 is the start)"));
      Result<std::int64_t> n = NumberArg(args[1], "the command");
      if (!n.ok()) return Refuse(n.status());
      if (*n < 0) return Refuse(Status::NotFound("command numbers start at 0 (the start)"));
      target = static_cast<std::size_t>(*n);
    }
    return CoopReplayGoto(target);
  }
  if (!replay_)
    return Refuse(Status::Illegal("not replaying: replay ID starts replay mode (see sessions)"));
  if (name == "stop") {
    std::int64_t id = replay_->session().id;
    replay_.reset();
    out_ << "replay of session " << id << " stopped";
    if (match_) {
      out_ << "; back to game " << session_id_ << "\n" << match_->rules().Awaits().words << "\n";
    } else {
      out_ << "\n";
    }
    return true;
  }
  std::size_t target = replay_->position();
  if (name == "next") {
    if (args.size() != 1) return Refuse(Status::Syntax("usage: next"));
    if (target == replay_->size())
      return Refuse(Status::NotFound("that was the last command (" + std::to_string(target) +
                                     " of " + std::to_string(replay_->size()) + ")"));
    ++target;
  } else if (name == "prev") {
    if (args.size() != 1) return Refuse(Status::Syntax("usage: prev"));
    if (target == 0) return Refuse(Status::NotFound("already at the start"));
    --target;
  } else if (name == "goto") {
    if (args.size() != 2) return Refuse(Status::Syntax("usage: goto N (0 is the start)"));
    Result<std::int64_t> n = NumberArg(args[1], "the command");
    if (!n.ok()) return Refuse(n.status());
    if (*n < 0) return Refuse(Status::NotFound("command numbers start at 0 (the start)"));
    target = static_cast<std::size_t>(*n);
  }
  Status s = replay_->Goto(target);
  if (!s.ok()) return Refuse(s);
  return ShowReplayStep();
}

bool Table::CoopReplayGoto(std::size_t target) {
  CoopReplay& r = *coop_replay_;
  if (target > r.size)
    return Refuse(Status::NotFound("session " + std::to_string(r.session.id) + " has " +
                                   std::to_string(r.size) + " commands: choose 0 to " +
                                   std::to_string(r.size)));
  Result<CoopReferee> at = ReplayCoopLog(r.session, target);
  if (!at.ok()) return Refuse(at.status());
  r.referee.emplace(std::move(at.value()));
  r.position = target;
  if (target == 0) {
    out_ << "  0 · the start\n";
  } else {
    std::size_t live = 0;
    for (const CommandRecord& c : r.session.commands) {
      if (c.undone || ++live != target) continue;
      out_ << "  " << target << " · " << c.text << "\n";
    }
  }
  const CoopGame& g = r.referee->game();
  out_ << "  score " << g.score() << " of " << g.level().goal << " · bank " << g.bank() << " · "
       << g.GhostsOnBoard() << " on the board\n";
  return true;
}

bool Table::MatchReplayGoto(std::size_t target) {
  MatchReplay& r = *match_replay_;
  if (target > r.size)
    return Refuse(Status::NotFound("session " + std::to_string(r.session.id) + " has " +
                                   std::to_string(r.size) + " commands: choose 0 to " +
                                   std::to_string(r.size)));
  std::string step = "  0 · the start\n";
  Result<Match> at = RebuildMatch(
      r.session, target, [&](const CommandRecord& c, const Report& report, const Match&) {
        step = "  " + std::to_string(target) + " · " + c.text + "\n";
        for (const ScoreLine& line : report.scores)
          step += "    " + line.what + (line.where.empty() ? "" : " (" + line.where + ")") +
                  (line.reason.empty() ? "" : ": " + line.reason) + "\n";
      });
  if (!at.ok()) return Refuse(at.status());
  r.match.emplace(std::move(at.value()));
  r.position = target;
  out_ << step;
  std::vector<int> scores = r.match->rules().Scores();
  std::string line;
  for (std::size_t p = 0; p < r.match->start().players.size() && p < scores.size(); ++p)
    line += (line.empty() ? "  " : " · ") + r.match->start().players[p].name + " " +
            std::to_string(scores[p]);
  out_ << line << "\n";
  return true;
}

std::optional<bool> Table::MatchReplayIntercept(const std::string& name,
                                                const std::vector<std::string>& args) {
  const Match& m = *match_replay_->match;
  if (name == "quit") return ReplayCommand({"stop"});
  if (args.size() == 1 && name.find_first_not_of("0123456789") == std::string::npos)
    return ReplayCommand({"goto", name});
  if (name == "next" || name == "prev" || name == "goto" || name == "stop" || name == "replay" ||
      name == "help" || name == "sessions" || name == "show" || name == "stats")
    return std::nullopt;
  if (name == "board") {
    const GameView* view = FindView(m.definition().name);
    if (!view || !view->board)
      return Refuse(Status::NotFound("no board drawing for " + m.definition().title + " yet"));
    out_ << view->board(m.rules(), color_, BoardView{});
    return true;
  }
  if (name == "status" || name == "score") {
    if (args.size() > 1 && args[1] == "--json") {
      out_ << MatchResultJson(m, m.rules().Over() ? "finished" : "in_progress", {}, true) << "\n";
      return true;
    }
    std::vector<int> scores = m.rules().Scores();
    for (std::size_t p = 0; p < m.start().players.size() && p < scores.size(); ++p)
      out_ << "  " << m.start().players[p].name << ": " << scores[p] << "\n";
    out_ << (m.rules().Over() ? std::string("game over") : m.rules().Awaits().words) << "\n";
    return true;
  }
  return Refuse(Status::Illegal("replaying session " + std::to_string(match_replay_->session.id) +
                                ": " + name + " is not available here; stop leaves replay mode"));
}

std::optional<bool> Table::ReplayIntercept(const std::string& name,
                                           const std::vector<std::string>& args) {
  if (match_replay_) return MatchReplayIntercept(name, args);
  if (coop_replay_) {
    const CoopGame& g = coop_replay_->referee->game();
    if (name == "quit") return ReplayCommand({"stop"});
    if (args.size() == 1 && name.find_first_not_of("0123456789") == std::string::npos)
      return ReplayCommand({"goto", name});
    if (name == "next" || name == "prev" || name == "goto" || name == "stop" || name == "replay" ||
        name == "help" || name == "sessions" || name == "show" || name == "stats")
      return std::nullopt;  // the command table handles them (replay's own go to ReplayCommand)
    if (name == "board") {
      PrintCoopBoard(g, color_, out_);
      return true;
    }
    if (name == "status" || name == "score") {
      PrintCoopStatus(g, out_);
      return true;
    }
    if (name == "ghosts") {
      PrintCoopGhosts(g, out_);
      return true;
    }
    return Refuse(Status::Illegal("replaying session " + std::to_string(coop_replay_->session.id) +
                                  ": " + name + " is not available here; stop leaves replay mode"));
  }
  if (!replay_) return std::nullopt;
  const Game& g = replay_->game();
  if (name == "quit") return ReplayCommand({"stop"});
  if (args.size() == 1 && name.find_first_not_of("0123456789") == std::string::npos)
    return ReplayCommand({"goto", name});  // a bare number: goto N
  if (name == "board") {
    int latest = replay_->position() > 0 && replay_->outcome().placed_tile ? g.board().size() - 1
                                                                           : g.placed_tile_index();
    out_ << RenderBoard(g.board(), g.setup().players, g.meeples(), latest, color_);
    return true;
  }
  if (name == "status" || name == "score") {
    out_ << FormatReplayStep(*replay_) << FormatScores(g) << FormatAwaiting(g) << "\n";
    return true;
  }
  if (name == "explain") {
    if (args.size() != 3)
      return Refuse(Status::Syntax("usage: explain X,Y DIR (e.g. explain 1,0 N, explain 0,0 EL)"));
    std::optional<Cell> cell = ParseCell(args[1]);
    if (!cell) return Refuse(Status::Syntax("expected a cell X,Y, got '" + args[1] + "'"));
    Result<NodeId> node = FeatureAt(g, *cell, args[2]);
    if (!node.ok()) return Refuse(node.status());
    out_ << FormatReport(g, carcref::Explain(g, *node));
    return true;
  }
  // What would act on the open game (or open another) waits until the replay stops.
  static const char* const kBlocked[] = {"place", "meeple", "pass",   "discard", "end",
                                         "undo",  "new",    "resume", "where",   "remaining"};
  for (const char* blocked : kBlocked)
    if (name == blocked)
      return Refuse(Status::Illegal("replaying session " + std::to_string(replay_->session().id) +
                                    ": " + name +
                                    " is not available here; stop leaves replay mode"));
  return std::nullopt;
}

}  // namespace carcref
