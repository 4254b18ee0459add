// The table's replay mode (`replay ID` in the REPL or a script): a logged session stepped
// through with next, prev and goto N; board, status and explain look at the replayed
// position; stop (or quit) goes back to the game that was open, which replay mode never
// touches. One path for every game (cli/match_review.h); nothing here writes to the log.
#include <cctype>
#include <ostream>

#include "carcref/i18n.h"
#include "carcref/words.h"
#include "cli/match_review.h"
#include "cli/render.h"
#include "cli/table.h"

namespace carcref {

namespace {

// `session`: the argument is a session's number, else a command's.
Result<std::int64_t> NumberArg(const std::string& word, bool session) {
  if (std::optional<std::int64_t> n = ReadNumber(word)) return *n;
  // TRANSLATORS: {1} what was typed in place of the number.
  return Status::Syntax(Fill(
      session ? Tr("the session is a number, not '{1}'") : Tr("the command is a number, not '{1}'"),
      {word}));
}

}  // namespace

std::string Table::ReplayPrompt() const {
  return "replay " + std::to_string(review_->session().id) + " · " +
         std::to_string(review_->position()) + "/" + std::to_string(review_->size()) + "> ";
}

bool Table::ReplayCommand(const std::vector<std::string>& args) {
  std::string name = Lower(args[0]);
  if (name == "replay") {
    if (args.size() < 2 || args.size() > 3)
      return Refuse(Status::Syntax(Tr("usage: replay ID [N] (see sessions for the ids)")));
    if (!log_) return Refuse(Status::IOError(Tr("no database to replay from")));
    Result<std::int64_t> id = NumberArg(args[1], true);
    if (!id.ok()) return Refuse(id.status());
    std::size_t start = 0;
    if (args.size() == 3) {
      Result<std::int64_t> n = NumberArg(args[2], false);
      if (!n.ok()) return Refuse(n.status());
      if (*n < 0) return Refuse(Status::NotFound(Tr("command numbers start at 0 (the start)")));
      start = static_cast<std::size_t>(*n);
    }
    Result<SessionRecord> record = log_->LoadSession(*id);
    if (!record.ok()) return Refuse(record.status());
    Result<SessionReview> review = SessionReview::Open(std::move(record.value()));
    if (!review.ok()) return Refuse(review.status());
    if (Status s = review->Goto(start); !s.ok()) return Refuse(s);
    review_ = std::make_shared<SessionReview>(std::move(review.value()));
    out_ << ReplayOpening(*review_);
    return true;
  }
  if (!review_)
    return Refuse(
        Status::Illegal(Tr("not replaying: replay ID starts replay mode (see sessions)")));
  if (name == "stop") {
    std::int64_t id = review_->session().id;
    review_.reset();
    if (match_) {
      // TRANSLATORS: {1} the replayed session's number, {2} the open game's.
      out_ << Fill(Tr("replay of session {1} stopped; back to game {2}"),
                   {std::to_string(id), std::to_string(session_id_)})
           << "\n"
           << match_->rules().Awaits().words << "\n";
    } else {
      out_ << Fill(Tr("replay of session {1} stopped"), {std::to_string(id)}) << "\n";
    }
    return true;
  }
  std::size_t target = review_->position();
  if (name == "next") {
    if (args.size() != 1) return Refuse(Status::Syntax(Tr("usage: next")));
    if (target == review_->size())
      // TRANSLATORS: {1} the last command's number, {2} how many there are (the same).
      return Refuse(
          Status::NotFound(Fill(Tr("that was the last command ({1} of {2})"),
                                {std::to_string(target), std::to_string(review_->size())})));
    ++target;
  } else if (name == "prev") {
    if (args.size() != 1) return Refuse(Status::Syntax(Tr("usage: prev")));
    if (target == 0) return Refuse(Status::NotFound(Tr("already at the start")));
    --target;
  } else if (name == "goto") {
    if (args.size() != 2) return Refuse(Status::Syntax(Tr("usage: goto N (0 is the start)")));
    Result<std::int64_t> n = NumberArg(args[1], false);
    if (!n.ok()) return Refuse(n.status());
    if (*n < 0) return Refuse(Status::NotFound(Tr("command numbers start at 0 (the start)")));
    target = static_cast<std::size_t>(*n);
  }
  if (Status s = review_->Goto(target); !s.ok()) return Refuse(s);
  out_ << ReplayStep(*review_);
  return true;
}

std::optional<bool> Table::ReplayIntercept(const std::string& name,
                                           const std::vector<std::string>& args) {
  if (!review_) return std::nullopt;
  if (name == "quit") return ReplayCommand({"stop"});
  if (args.size() == 1 && name.find_first_not_of("0123456789") == std::string::npos)
    return ReplayCommand({"goto", name});  // a bare number: goto N
  // The command table answers these (replay mode's own go to ReplayCommand); none acts on the
  // open game.
  for (const char* table :
       {"next", "prev", "goto", "stop", "replay", "help", "sessions", "show", "stats", "tiles"})
    if (name == table) return std::nullopt;
  if (name == "board") {
    // `board X,Y R`: the cells within R of X,Y, fitted to the terminal as the live board is.
    BoardView window{TerminalColumns(), std::nullopt, 0};
    if (Status s = ParseBoardView(args, &window); !s.ok()) return Refuse(s);
    Result<std::string> board = ReplayBoard(*review_, color_, args.size() > 1 ? &window : nullptr);
    if (!board.ok()) return Refuse(board.status());
    out_ << *board;
    return true;
  }
  if (name == "status" || name == "score") {
    out_ << ReplayStatus(*review_, args);
    return true;
  }
  if (std::optional<Result<std::string>> answer = ReplayQuestion(*review_, name, args)) {
    if (!answer->ok()) return Refuse(answer->status());
    out_ << **answer;
    return true;
  }
  // What would act on the open game (or open another) waits until the replay stops.
  // TRANSLATORS: {1} the replayed session's number, {2} the command typed.
  return Refuse(Status::Illegal(
      Fill(Tr("replaying session {1}: {2} is not available here; stop leaves replay mode"),
           {std::to_string(review_->session().id), name})));
}

}  // namespace carcref
