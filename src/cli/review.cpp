#include "cli/review.h"

#include <algorithm>
#include <cctype>
#include <exception>

#include "carcref/format.h"
#include "carcref/i18n.h"
#include "carcref/words.h"
#include "cli/game_views.h"
#include "cli/match_log.h"
#include "cli/match_review.h"
#include "cli/words_table.h"

namespace carcref {

namespace {

bool IsDate(const std::string& d) {
  if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
  std::string y = d.substr(0, 4), m = d.substr(5, 2), day = d.substr(8, 2);
  if (!IsDigits(y) || !IsDigits(m) || !IsDigits(day)) return false;
  auto number = [](const std::string& digits) { return static_cast<int>(*ReadNumber(digits)); };
  int year = number(y), month = number(m), dd = number(day);
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12 || dd < 1) return false;
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return dd <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

std::string GameLabel(const SessionFacts& f) {
  // TRANSLATORS: {1} a game's name as typed ("mists"), {2} its level.
  return f.level ? Fill(Tr("{1} level {2}"), {f.game, std::to_string(f.level)}) : f.game;
}

// The sessions list's game: with the extra tile set a base or GCC game was played with
// ("base+winter"), as `show`'s options and the replay header ("with the winter tiles") say.
std::string ListedGame(const SessionFacts& f) {
  std::string out = GameLabel(f);
  for (const auto& [key, value] : f.options)
    if (key == "tiles" && !value.empty() && value != DefaultTileSet()) out += "+" + value;
  return out;
}

std::string PlayerNames(const SessionFacts& f) {
  std::string out;
  for (const auto& p : f.players) out += (out.empty() ? "" : ", ") + p.first;
  return out;
}

// "city", "road (end of game)" — what scored, as the table's scoring lines say it
// (cli/words_table.h FormatScoreLine).
std::string EventTitle(const ScoredEvent& e) {
  // TRANSLATORS: {1} the kind of feature that scored, as the log keeps it ("city").
  std::string what = WhatWords(e.kind);
  return e.final ? Fill(Tr("{1} (end of game)"), {what}) : what;
}

// "1 command", "5 commands": a count in the review's words.
std::string Commands(std::int64_t n) {
  return Fill(TrPlural("{1} command", "{1} commands", n), {std::to_string(n)});
}

std::string EventLine(const ScoredEvent& e) {
  // TRANSLATORS: {1} the event's kind as the log keeps it, {2} why it cannot be read.
  if (!e.readable) return Fill(Tr("unreadable {1} event: {2}"), {e.kind, e.reason});
  std::string out = EventTitle(e);
  if (!e.where.empty()) out += " (" + e.where + ")";
  if (!e.reason.empty()) out += ": " + e.reason;
  auto of = [](const std::vector<std::pair<std::string, int>>& v, const std::string& name) {
    for (const auto& [n, value] : v)
      if (n == name) return value;
    return 0;
  };
  // The players with the most meeples on it scored, even 0, as the live game said (A.6.2).
  int most = 0;
  for (const auto& [name, n] : e.meeples) most = std::max(most, n);
  std::string points;
  for (const auto& [name, n] : e.points) {
    int penalty = of(e.penalty, name), floor = of(e.floor, name);
    bool scorer = most > 0 && of(e.meeples, name) == most;
    if (n == 0 && penalty == 0 && floor == 0 && !scorer) continue;
    points += (points.empty() ? "" : ", ") + name + " " + (n >= 0 ? "+" : "−") +
              std::to_string(n >= 0 ? n : -n);
    if (penalty != 0 || floor != 0) {  // GCC: what the ghosts cost and the floor gave back
      int ghosts = of(e.ghosts, name);
      // TRANSLATORS: GCC's ghost cost (C.5): {1} the points before, {2} the ghosts, {3} what
      // each costs (1 or 2).
      points += " (" + Fill(TrPlural("{1} − {2} ghost × {3}", "{1} − {2} ghosts × {3}", ghosts),
                            {std::to_string(n - penalty - floor), std::to_string(ghosts),
                             e.final ? "1" : "2"});
      // TRANSLATORS: what the floor at 0 gave back (C.9).
      if (floor) points += ", " + Fill(Tr("floor +{1}"), {std::to_string(floor)});
      points += ")";
    }
  }
  if (!e.guard_to.empty())
    points += (points.empty() ? "" : "; ") + Fill(Tr("{1} takes a guard"), {e.guard_to});
  return out + (points.empty() ? " — " + Tr("nobody scores") : " → " + points);
}

std::string WinnerLine(const SessionFacts& f) {
  if (f.coop) {
    // The outcome is the log's word ("won", "lost"): worded here, another kept as it is.
    std::string out = f.outcome.empty()     ? Tr("the players finished")
                      : f.outcome == "won"  ? Tr("the players won")
                      : f.outcome == "lost" ? Tr("the players lost")
                                            : Fill(Tr("the players {1}"), {f.outcome});
    if (!f.at.empty()) out += " " + Fill(Tr("at command {1}"), {f.at});
    if (!f.cause.empty()) out += ": " + f.cause;
    return out + "\n";
  }
  std::vector<std::string> winners = Winners(f);
  if (winners.empty()) return "";
  int score = 0;
  for (const PlayerResult& p : f.results)
    if (p.name == winners[0]) score = p.score;
  // TRANSLATORS: {1} the winner's name, {2} the winning score.
  if (winners.size() == 1)
    return Fill(Tr("{1} wins with {2}"), {winners[0], std::to_string(score)}) + "\n";
  std::string names;
  for (const std::string& w : winners) names += (names.empty() ? "" : ", ") + w;
  // TRANSLATORS: {1} the winners' names, {2} their score.
  return Fill(Tr("shared win: {1} with {2}"), {names, std::to_string(score)}) + "\n";
}

// Splits a line into words; quotes group words ("Anna Maria"); a # starts a comment.
std::vector<std::string> Tokens(const std::string& line) {
  std::vector<std::string> out;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (char c : line) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        word += c;
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
      in_word = true;
    } else if (c == '#' && !in_word) {
      break;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (in_word) out.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) out.push_back(word);
  return out;
}

// Reads "--name VALUE" and "--name=VALUE" options into the named strings.
Status ParseOptions(const std::string& command, const std::vector<std::string>& words,
                    const std::vector<std::pair<std::string, std::string*>>& options) {
  std::string usage = command;
  for (const auto& option : options) usage += " [" + option.first + " …]";
  usage = Fill(Tr("usage: {1}"), {usage});
  for (std::size_t i = 1; i < words.size(); ++i) {
    std::string word = words[i], value;
    bool has_value = false;
    if (auto eq = word.find('='); word.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = word.substr(eq + 1);
      word = word.substr(0, eq);
      has_value = true;
    }
    auto it = std::find_if(options.begin(), options.end(),
                           [&](const auto& option) { return option.first == word; });
    if (it == options.end())
      // TRANSLATORS: {1} the review command, {2} the word it did not expect, {3} its usage.
      return Status::Syntax(Fill(Tr("{1}: unexpected '{2}'; {3}"), {command, words[i], usage}));
    if (!has_value) {
      if (i + 1 >= words.size())
        return Status::Syntax(Fill(Tr("{1}: {2} needs a value"), {command, word}));
      value = words[++i];
    }
    *it->second = value;
  }
  return Status::Ok();
}

// A record's place (`stats`), which the log keeps in English, worded afresh: its session
// rebuilt to the record's command, and the event of that command at the same place taken in
// the table's words. A session that does not rebuild keeps the log's words.
void RewordPlace(const SessionLog& log, std::optional<FeatureRecord>* record) {
  if (!*record || (*record)->where.empty()) return;
  Result<SessionRecord> session = log.LoadSession((*record)->session);
  if (!session.ok() || !CheckTileRecords(*session).ok()) return;
  std::size_t index = 0;  // among the record's command's events
  bool found = false;
  for (const ScoredEvent& e : ReadSession(*session).events) {
    if (e.command != (*record)->command) continue;
    if (e.where == (*record)->where) {
      found = true;
      break;
    }
    ++index;
  }
  if (!found || (*record)->command < 1) return;
  auto command = static_cast<std::size_t>((*record)->command);
  Result<std::vector<std::vector<ScoredEvent>>> worded = WordedEvents(*session, command);
  if (!worded.ok() || worded->size() != command || index >= worded->back().size()) return;
  (*record)->where = worded->back()[index].where;
}

// The most common cause of defeat (`stats`), which the log keeps in English, worded afresh
// from a session lost to it, rebuilt; a session that does not rebuild keeps the log's words.
void RewordCause(const SessionLog& log, const std::vector<SessionFacts>& archive,
                 std::string* cause) {
  if (cause->empty()) return;
  for (const SessionFacts& f : archive) {
    if (!f.coop || f.cause != *cause) continue;
    Result<SessionRecord> session = log.LoadSession(f.id);
    if (!session.ok() || !CheckTileRecords(*session).ok()) return;
    Result<std::string> worded = WordedResult(*session);
    if (!worded.ok()) return;
    SessionRecord again = *session;
    again.result = *worded;
    if (SessionFacts read = ReadSession(again); !read.cause.empty()) *cause = read.cause;
    return;
  }
}

}  // namespace

std::string StatusWord(const std::string& status) {
  if (status == kSessionActive) return Tr("active");
  if (status == kSessionFinished) return Tr("finished");
  if (status == kSessionAbandoned) return Tr("abandoned");
  return status;
}

std::string BreakdownWord(const std::string& key) {
  // TRANSLATORS: the columns of a final score's breakdown (`show`, `stats`): points from roads …
  if (key == "roads") return TrContext("breakdown", "roads");
  if (key == "cities") return TrContext("breakdown", "cities");
  if (key == "monasteries") return TrContext("breakdown", "monasteries");
  if (key == "farms") return TrContext("breakdown", "farms");
  if (key == "castles") return TrContext("breakdown", "castles");
  return WhatWords(key);  // a game that keeps its kinds as keys (The City's "street")
}

std::string ScoreTable(const std::vector<PlayerResult>& results) {
  std::vector<std::string> keys;
  for (const PlayerResult& p : results)
    for (const auto& item : p.breakdown)
      if (std::find(keys.begin(), keys.end(), item.first) == keys.end()) keys.push_back(item.first);
  std::size_t name_width = 4;
  for (const PlayerResult& p : results) name_width = std::max(name_width, DisplayWidth(p.name));
  // TRANSLATORS: a column of the final scores: each player's total.
  std::string total = TrContext("column", "total");
  std::string out = "  " + PadRight("", name_width) + "  " +
                    PadLeft(total, std::max<std::size_t>(5, DisplayWidth(total)));
  std::vector<std::string> words;  // the columns' headers in the table's words
  for (const std::string& k : keys) words.push_back(BreakdownWord(k));
  for (const std::string& w : words)
    out += "  " + PadLeft(w, std::max<std::size_t>(5, DisplayWidth(w)));
  out += "\n";
  for (const PlayerResult& p : results) {
    out += "  " + PadRight(p.name, name_width) + "  " +
           PadLeft(std::to_string(p.score), std::max<std::size_t>(5, DisplayWidth(total)));
    for (std::size_t c = 0; c < keys.size(); ++c) {
      std::string value = "–";
      for (const auto& item : p.breakdown)
        if (item.first == keys[c]) value = std::to_string(item.second);
      out += "  " + PadLeft(value, std::max<std::size_t>(5, DisplayWidth(words[c])));
    }
    if (!p.color.empty()) out += "  (" + p.color + ")";
    out += "\n";
  }
  return out;
}

Status CheckFilter(const SessionFilter& filter) {
  if (!filter.since.empty() && !IsDate(filter.since))
    return Status::Syntax(Fill(Tr("--since wants a date YYYY-MM-DD, not '{1}'"), {filter.since}));
  if (!filter.until.empty() && !IsDate(filter.until))
    return Status::Syntax(Fill(Tr("--until wants a date YYYY-MM-DD, not '{1}'"), {filter.until}));
  return Status::Ok();
}

bool Matches(const SessionFacts& f, const SessionFilter& filter) {
  if (!filter.game.empty() && !SameName(f.game, filter.game)) return false;
  if (!filter.player.empty() && !HasPlayer(f, filter.player)) return false;
  if (!filter.since.empty() && f.date < filter.since) return false;
  if (!filter.until.empty() && f.date > filter.until) return false;
  return true;
}

Result<std::vector<SessionRecord>> LoadArchive(const SessionLog& log,
                                               std::vector<std::string>* left_out) {
  Result<std::vector<SessionSummary>> list = log.ListSessions();
  if (!list.ok()) return list.status();
  std::vector<SessionRecord> records;
  records.reserve(list->size());
  for (const SessionSummary& s : *list) {
    Result<SessionRecord> record = log.LoadSession(s.id);
    if (!record.ok() && record.status().code() == Status::Code::kCorrupt) {
      if (left_out)
        // TRANSLATORS: {1} the session's number, {2} what is damaged in it.
        left_out->push_back(Fill(Tr("session {1} left out: {2}"),
                                 {std::to_string(s.id), record.status().message()}));
      continue;
    }
    if (!record.ok()) return record.status();
    records.push_back(std::move(record.value()));
  }
  return records;
}

std::string ResultSummary(const SessionFacts& f) {
  if (f.status == kSessionActive) return Tr("in progress");
  if (f.status == kSessionAbandoned) return Tr("abandoned");
  if (!f.result_readable) {
    if (f.raw_result.empty()) return f.status;
    return DisplayWidth(f.raw_result) > 40 ? f.raw_result.substr(0, 39) + "…" : f.raw_result;
  }
  if (f.coop) {
    std::string out = f.outcome.empty()     ? Tr("finished")
                      : f.outcome == "won"  ? TrContext("outcome", "won")
                      : f.outcome == "lost" ? TrContext("outcome", "lost")
                                            : f.outcome;
    if (!f.cause.empty()) out += " (" + f.cause + ")";
    return out;
  }
  if (f.results.empty()) return f.status;
  std::vector<std::string> winners = Winners(f);
  std::vector<PlayerResult> sorted = f.results;
  auto is_winner = [&](const PlayerResult& p) {
    return std::find(winners.begin(), winners.end(), p.name) != winners.end();
  };
  std::stable_sort(sorted.begin(), sorted.end(), [&](const PlayerResult& a, const PlayerResult& b) {
    if (is_winner(a) != is_winner(b)) return is_winner(a);
    return a.score > b.score;
  });
  std::string out;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    if (i > 0) out += is_winner(sorted[i]) ? " = " : " · ";
    out += sorted[i].name + " " + std::to_string(sorted[i].score);
  }
  return out;
}

std::string FormatSessionList(const std::vector<SessionFacts>& sessions) {
  if (sessions.empty()) return Tr("no sessions") + "\n";
  // TRANSLATORS: the columns of `sessions`: a session's number, date, game, players, result,
  // how many commands and how many tiles.
  const std::vector<std::string> header = {
      TrContext("column", "id"),     TrContext("column", "date"),
      TrContext("column", "game"),   TrContext("column", "players"),
      TrContext("column", "result"), TrContext("column", "commands"),
      TrContext("column", "tiles")};
  std::vector<std::vector<std::string>> rows;
  for (const SessionFacts& f : sessions)
    rows.push_back({std::to_string(f.id), f.date, ListedGame(f), PlayerNames(f), ResultSummary(f),
                    std::to_string(f.live_commands), std::to_string(f.tiles_placed)});
  std::vector<std::size_t> width(header.size());
  for (std::size_t c = 0; c < header.size(); ++c) {
    width[c] = DisplayWidth(header[c]);
    for (const auto& row : rows) width[c] = std::max(width[c], DisplayWidth(row[c]));
  }
  auto line = [&](const std::vector<std::string>& row) {
    std::string out = " ";
    for (std::size_t c = 0; c < row.size(); ++c) {
      bool number = c == 0 || c >= 5;
      std::string cell = number ? PadLeft(row[c], width[c]) : PadRight(row[c], width[c]);
      out += " " + (c + 1 == row.size() ? cell : cell + " ");
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };
  std::string out = line(header);
  for (const auto& row : rows) out += line(row);
  return out;
}

Result<std::string> FormatShow(const SessionRecord& record) {
  SessionFacts f = ReadSession(record);
  // A damaged or hand-made log may hold a short created_at: show what there is.
  std::string hour_minute = f.created_at.substr(std::min<std::size_t>(11, f.created_at.size()), 5);
  // TRANSLATORS: `show`'s first line: {1} the session's number, {2} the game, {3} the date,
  // {4} the time (UTC), {5} its status (finished, active, abandoned).
  std::string out =
      Fill(Tr("session {1} · {2} · {3} {4} UTC · {5}"),
           {std::to_string(f.id), GameLabel(f), f.date, hour_minute, StatusWord(f.status)}) +
      "\n";
  out += "  uuid " + f.uuid;
  if (!f.origin.empty()) out += " · " + Fill(Tr("imported from {1}"), {f.origin});
  out += "\n";
  // The options that are on: an alternative left off (GCC's, the Mists game's) is not news.
  std::string options;
  for (const auto& [key, value] : f.options)
    if (!value.empty() && value != "false")
      options += (options.empty() ? "" : " · ") + key + " " + value;
  if (!options.empty()) out += "  " + Fill(Tr("options: {1}"), {options}) + "\n";
  std::vector<PlayerSpec> players;
  for (const auto& [name, color] : f.players) players.push_back({name, color});
  out += "  " + Fill(Tr("players: {1}"), {PlayersWords(players)}) + "\n";
  std::int64_t undone = f.commands - f.live_commands;
  const GameView* view = FindView(f.game);
  out += "  " + Commands(f.live_commands) +
         (undone ? " " + Fill(Tr("({1} undone, not counted)"), {std::to_string(undone)}) : "");
  if (!view || view->places_tiles)
    out += ", " + Fill(TrPlural("{1} tile placed", "{1} tiles placed", f.tiles_placed),
                       {std::to_string(f.tiles_placed)});
  out += "\n";

  // Damage in the tile records is said in place of the standings, or after the stored result:
  // what the log holds is still shown, the board cannot be.
  Status tiles = CheckTileRecords(record);
  const std::string damaged =
      // TRANSLATORS: {1} what is damaged in the log's tile records.
      tiles.ok() ? "" : Fill(Tr("{1}, so its board cannot be rebuilt"), {tiles.message()}) + "\n";
  if (f.status == kSessionFinished && f.coop && !f.cause.empty() && !WordsInEnglish() &&
      tiles.ok()) {
    // The cause is words the log keeps in English: worded afresh from the rebuilt game.
    if (Result<std::string> worded = WordedResult(record); worded.ok()) {
      SessionRecord again = record;
      again.result = *worded;
      if (SessionFacts read = ReadSession(again); !read.cause.empty()) f.cause = read.cause;
    }
  }
  if (f.status == kSessionFinished) {
    if (!f.result_readable) {
      out += Fill(Tr("result: {1}"), {f.raw_result.empty() ? Tr("(none stored)") : f.raw_result}) +
             "\n";
    } else {
      if (!f.results.empty())
        out += (f.coop ? Tr("scores:") : Tr("final scores:")) + "\n" + ScoreTable(f.results);
      out += WinnerLine(f);
    }
    out += damaged;
  } else if (!damaged.empty()) {
    out += damaged;
  } else {
    Result<std::string> standings = ReviewStandings(record);
    if (!standings.ok()) return standings.status();
    // TRANSLATORS: {1} "5 commands", {2} the session's status ("in progress").
    out += Fill(Tr("standings after {1} ({2}):"),
                {Commands(f.live_commands),
                 f.status == kSessionActive ? Tr("in progress") : StatusWord(f.status)}) +
           *standings;
  }

  // The log keeps its scorings' words in English: another table words them afresh from the
  // session rebuilt (a session that does not rebuild keeps the log's words).
  if (!WordsInEnglish() && tiles.ok() && !f.events.empty()) {
    if (auto worded = WordedEvents(record); worded.ok()) {
      f.events.clear();
      for (std::vector<ScoredEvent>& events : worded.value())
        for (ScoredEvent& e : events) f.events.push_back(std::move(e));
    }
  }
  if (f.events.empty()) return out + Tr("no scoring events") + "\n";
  out += Tr("scoring events:") + "\n";
  std::int64_t command = 0;
  for (const ScoredEvent& e : f.events) {
    if (e.command != command) {
      command = e.command;
      // TRANSLATORS: {1} the command's number, {2} the command as typed.
      out += "  " + Fill(Tr("command {1} · {2}"), {std::to_string(command), e.command_text}) + "\n";
    }
    out += "    " + EventLine(e) + "\n";
  }
  return out;
}

Status PrintSessions(const SessionLog& log, const SessionFilter& filter, std::ostream& out) {
  if (Status s = CheckFilter(filter); !s.ok()) return s;
  std::vector<std::string> left_out;
  Result<std::vector<SessionFacts>> archive = LoadFacts(log, &left_out);
  if (!archive.ok()) return archive.status();
  for (const std::string& line : left_out) out << line << "\n";
  std::vector<SessionFacts> shown;
  for (SessionFacts& facts : archive.value())
    if (Matches(facts, filter)) shown.push_back(std::move(facts));
  if (shown.empty()) {
    bool filtered = !filter.player.empty() || !filter.game.empty() || !filter.since.empty() ||
                    !filter.until.empty();
    out << (archive->empty() ? Tr("no sessions yet")
            : filtered       ? Tr("no session matches")
                             : Tr("no sessions"))
        << "\n";
    return Status::Ok();
  }
  out << FormatSessionList(shown);
  return Status::Ok();
}

Status PrintShow(const SessionLog& log, std::int64_t id, std::ostream& out) {
  Result<SessionRecord> record = log.LoadSession(id);
  if (!record.ok()) return record.status();
  Result<std::string> text = FormatShow(*record);
  if (!text.ok()) return text.status();
  out << PrintableLines(*text, false);  // names from the log: no control character (#22)
  return Status::Ok();
}

Status PrintStats(const SessionLog& log, const StatsFilter& filter, std::ostream& out) {
  std::vector<std::string> left_out;
  Result<std::vector<SessionFacts>> archive = LoadFacts(log, &left_out);
  if (!archive.ok()) return archive.status();
  for (const std::string& line : left_out) out << line << "\n";
  ArchiveStats stats = StatsOf(*archive, filter);
  if (!WordsInEnglish()) {
    RewordPlace(log, &stats.longest_road);
    RewordPlace(log, &stats.biggest_city);
    RewordCause(log, *archive, &stats.common_cause);
  }
  out << FormatStats(stats, filter);
  return Status::Ok();
}

Status ImportFile(SessionLog& log, const std::string& file, std::ostream& out) {
  auto nothing = [](const Status& s) {
    std::string message = Fill(Tr("nothing imported: {1}"), {s.message()});
    switch (s.code()) {
      case Status::Code::kNotFound:
        return Status::NotFound(message);
      case Status::Code::kCorrupt:
        return Status::Corrupt(message);
      default:
        return Status::IOError(message);
    }
  };
  Result<std::unique_ptr<SessionLog>> source = SessionLog::OpenReadOnly(file);
  if (!source.ok()) return nothing(source.status());
  Result<ImportCounts> counts = log.Import(**source);
  if (!counts.ok()) return nothing(counts.status());
  (void)FillSummaries(log);  // sessions from an older carcref's log come without (app.cpp)
  // TRANSLATORS: {1} how many sessions were imported, {2} how many were there already.
  out << Fill(TrPlural("imported {1} session, skipped {2} already present",
                       "imported {1} sessions, skipped {2} already present", counts->imported),
              {std::to_string(counts->imported), std::to_string(counts->skipped)})
      << "\n";
  return Status::Ok();
}

Status RunReviewLine(const SessionLog& log, const std::string& line, std::ostream& out) {
  std::vector<std::string> words = Tokens(line);
  if (words.empty()) return Status::Ok();
  std::string command = words[0];
  for (char& c : command) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (command == "sessions") {
    SessionFilter filter;
    Status s = ParseOptions("sessions", words,
                            {{"--player", &filter.player},
                             {"--game", &filter.game},
                             {"--since", &filter.since},
                             {"--until", &filter.until}});
    if (!s.ok()) return s;
    return PrintSessions(log, filter, out);
  }
  if (command == "stats") {
    StatsFilter filter;
    Status s =
        ParseOptions("stats", words, {{"--player", &filter.player}, {"--game", &filter.game}});
    if (!s.ok()) return s;
    return PrintStats(log, filter, out);
  }
  if (command == "show") {
    std::optional<std::int64_t> id = words.size() == 2 ? ReadNumber(words[1]) : std::nullopt;
    if (!id) return Status::Syntax(Tr("usage: show ID (a session number, see sessions)"));
    return PrintShow(log, *id, out);
  }
  return Status::Syntax(Fill(Tr("not a review command: '{1}'"), {words[0]}));
}

}  // namespace carcref
