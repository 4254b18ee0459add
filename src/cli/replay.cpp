#include "cli/replay.h"

#include <yaml-cpp/yaml.h>

#include <ostream>

#include "carcref/format.h"
#include "cli/coop_table.h"
#include "cli/match_review.h"
#include "cli/render.h"
#include "cli/session_replay.h"

namespace carcref {

ReplayCursor::ReplayCursor(SessionRecord session, GameSetup setup, Referee start)
    : session_(std::move(session)),
      setup_(std::move(setup)),
      saved_(start.saved()),
      referee_(std::move(start)) {
  for (std::size_t i = 0; i < session_.commands.size(); ++i)
    if (!session_.commands[i].undone) live_.push_back(i);
}

Result<ReplayCursor> ReplayCursor::Open(SessionRecord session) {
  SavedTiles saved;
  Result<GameSetup> setup = SetupFromLog(session, nullptr, &saved);
  if (!setup.ok()) return setup.status();
  Result<Referee> start = Referee::Start(*setup, std::move(saved));
  if (!start.ok())
    return Status::Corrupt("session " + std::to_string(session.id) +
                           ": its setup is refused: " + start.status().message());
  return ReplayCursor(std::move(session), std::move(setup.value()), std::move(start.value()));
}

Status ReplayCursor::Apply(Referee& r, std::size_t n, Outcome* outcome, int* mover) const {
  const CommandRecord& c = command(n);
  std::string where = "session " + std::to_string(session_.id) + ", command " +
                      std::to_string(c.seq) + " '" + c.text + "'";
  if (mover) *mover = r.game().current_player();
  Result<Outcome> done = r.Execute(c.text);
  if (!done.ok())
    return Status::Corrupt(where + " is refused on replay: " + done.status().message());
  std::string hash = HashHex(r.game().Hash());
  if (hash != c.state_hash)
    return Status::Corrupt(where + ": the state after replay differs from the logged one (" + hash +
                           " vs " + c.state_hash + "); the log or the rules changed");
  if (outcome) *outcome = std::move(done.value());
  return Status::Ok();
}

Status ReplayCursor::Goto(std::size_t n) {
  if (n > size())
    return Status::NotFound("session " + std::to_string(session_.id) + " has " +
                            std::to_string(size()) + (size() == 1 ? " command" : " commands") +
                            ": choose 0 to " + std::to_string(size()));
  if (n == position_) return Status::Ok();
  // Forwards from here; backwards from the start (a game is short, a replay always right).
  Referee r = *referee_;
  std::size_t from = position_;
  if (n < position_) {
    Result<Referee> start = Referee::Start(setup_, saved_);
    if (!start.ok()) return start.status();
    r = std::move(start.value());
    from = 0;
  }
  Outcome outcome;
  int mover = -1;
  for (std::size_t k = from + 1; k <= n; ++k) {
    Status s = Apply(r, k, k == n ? &outcome : nullptr, k == n ? &mover : nullptr);
    if (!s.ok()) return s;
  }
  referee_ = std::move(r);
  position_ = n;
  outcome_ = n == 0 ? Outcome{} : std::move(outcome);
  mover_ = n == 0 ? -1 : mover;
  return Status::Ok();
}

std::string FormatReplayHeader(const ReplayCursor& cursor) {
  const SessionRecord& s = cursor.session();
  const GameSetup& setup = cursor.game().setup();
  std::string players;
  for (const PlayerSpec& p : setup.players)
    players += (players.empty() ? "" : ", ") + p.name + " (" + p.color + ")";
  std::string out = "session " + std::to_string(s.id) + " · " + s.game + " game";
  for (const std::string& set : setup.tile_sets)
    if (set != "base") out += " with the " + set + " tiles";
  out += " · " + players + " · " + s.status + " · " + std::to_string(cursor.size()) +
         (cursor.size() == 1 ? " command" : " commands");
  if (cursor.undone()) out += " (" + std::to_string(cursor.undone()) + " undone, not replayed)";
  return out;
}

std::string FormatScoreLine(const Game& game) {
  std::string out = "scores:";
  for (size_t p = 0; p < game.setup().players.size(); ++p)
    out += (p ? " · " : " ") + game.setup().players[p].name + " " +
           std::to_string(game.totals()[p].Total());
  return out;
}

std::string FormatReplayStep(const ReplayCursor& cursor, const std::string& indent) {
  const Game& g = cursor.game();
  std::size_t n = cursor.position();
  if (n == 0)
    return "at the start (0 of " + std::to_string(cursor.size()) + "): the start tile " +
           g.board().tile(0).type->id + " at 0,0\n";
  std::string out = "command " + std::to_string(n) + " of " + std::to_string(cursor.size());
  if (cursor.mover() >= 0) out += " · " + g.setup().players[cursor.mover()].name;
  out += ": " + cursor.command(n).text + "\n";
  for (const ScoreEvent& e : cursor.outcome().events) out += indent + FormatEvent(g, e) + "\n";
  return out;
}

namespace {

// A co-op session replayed to command `to`: each command and what it caused, then the
// position (the co-op game's own words and board).
int RunCoopReplay(const SessionRecord& record, std::optional<std::int64_t> to, bool color,
                  std::ostream& out, std::ostream& err) {
  std::vector<const CommandRecord*> live;
  for (const CommandRecord& c : record.commands)
    if (!c.undone) live.push_back(&c);
  std::size_t last = live.size();
  if (to) {
    if (*to < 0 || static_cast<std::uint64_t>(*to) > live.size()) {
      err << "error: --to " << *to << ": session " << record.id << " has " << live.size()
          << " commands: choose 0 to " << live.size() << "\n";
      return 2;
    }
    last = static_cast<std::size_t>(*to);
  }
  Result<CoopReferee> replayed = ReplayCoopLog(record, last);
  if (!replayed.ok()) {
    err << "error: " << replayed.status().message() << "\n";
    return 2;
  }
  out << "session " << record.id << " · mists level " << replayed->game().level().level << " · "
      << record.players << " · " << record.status << " · after command " << last << " of "
      << live.size() << "\n";
  for (std::size_t n = 0; n < last; ++n) {
    out << "  " << n + 1 << " · " << live[n]->text << "\n";
    for (const EventRecord& e : live[n]->events) {
      // The stored co-op event (JSON, which yaml-cpp reads) says what happened in "reason".
      try {
        YAML::Node data = YAML::Load(e.data);
        if (data.IsMap() && data["reason"])
          out << "      " << data["reason"].as<std::string>() << "\n";
      } catch (const YAML::Exception&) {
        out << "      (unreadable event: " << e.data << ")\n";
      }
    }
  }
  PrintCoopBoard(replayed->game(), color, out);
  PrintCoopStatus(replayed->game(), out);
  return 0;
}

}  // namespace

int RunReplay(const SessionLog& log, std::int64_t id, std::optional<std::int64_t> to, bool color,
              std::ostream& out, std::ostream& err) {
  auto fail = [&](const Status& s) {
    out.flush();
    err << "error: " << s.message() << "\n";
    return 2;
  };
  Result<SessionRecord> record = log.LoadSession(id);
  if (!record.ok()) return fail(record.status());
  if (SessionGame(*record)) return RunMatchReplay(*record, to, color, out, err);
  if (record->game == "mists") return RunCoopReplay(*record, to, color, out, err);
  Result<ReplayCursor> opened = ReplayCursor::Open(std::move(record.value()));
  if (!opened.ok()) return fail(opened.status());
  ReplayCursor& cursor = opened.value();
  std::size_t last = cursor.size();
  if (to) {
    if (*to < 0 || static_cast<std::uint64_t>(*to) > cursor.size())
      return fail(Status::NotFound("--to " + std::to_string(*to) + ": session " +
                                   std::to_string(id) + " has " + std::to_string(cursor.size()) +
                                   " commands: choose 0 to " + std::to_string(cursor.size())));
    last = static_cast<std::size_t>(*to);
  }
  // Step through first, so that a log that does not replay prints nothing but its error.
  std::string listing;
  for (std::size_t n = 1; n <= last; ++n) {
    Status s = cursor.Goto(n);
    if (!s.ok()) return fail(s);
    std::string number = std::to_string(n);
    std::string who = cursor.game().setup().players[cursor.mover()].name;
    listing += std::string(number.size() < 4 ? 4 - number.size() : 0, ' ') + number + "  " + who +
               ": " + cursor.command(n).text + "\n";
    for (const ScoreEvent& e : cursor.outcome().events)
      listing += "        " + FormatEvent(cursor.game(), e) + "\n";
  }
  const Game& g = cursor.game();
  out << FormatReplayHeader(cursor) << "\n" << listing;
  if (last == 0)
    out << "at the start (0 of " << cursor.size() << "):\n";
  else
    out << "after command " << last << " of " << cursor.size() << " (" << cursor.command(last).text
        << "):\n";
  out << RenderBoard(g, color) << FormatScores(g) << FormatAwaiting(g) << "\n";
  return 0;
}

}  // namespace carcref
