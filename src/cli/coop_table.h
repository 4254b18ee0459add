// The front end of the cooperative game (Mists over Carcassonne): its commands, what it
// prints, and its log. The Table hands every line to it first while a co-op game is open.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carcref/coop_referee.h"
#include "store/session_log.h"

namespace carcref {

// The session-tile name under which the Mists box (mists.yaml) is logged; saved tile names
// cannot contain ':'.
inline constexpr char kMistsBoxRecord[] = "set:mists";

// The 2×2 start tile's quarter descriptions (NW NE SW SE): `given` ("NW NE SW SE"), else the
// saved start-NW … start-SE (B.1.4: described once and remembered).
Result<std::vector<std::string>> StartQuarters(const std::string& given,
                                               const std::map<std::string, std::string>& saved);
// Parses the four quarters (saved names allowed).
Result<std::vector<TilePtr>> ParseStartQuarters(const std::vector<std::string>& start,
                                                const std::map<std::string, std::string>& saved);
// "tile save NAME DESCRIPTION": the name and the description (the rest of the line).
struct TileSaveLine {
  std::string name;
  std::string description;
};
Result<TileSaveLine> ParseTileSaveLine(const std::string& line);

// Saves given quarters as start-NW … for the next game; a different saved start stays and a
// note says this game uses the one given.
// Nothing is written when `log` is an in-memory log (--db :memory: keeps nothing).
Status RememberStart(const std::vector<std::string>& start, const SessionLog* log,
                     std::ostream& out);

struct CoopOptions {
  int level = 1;
  std::string players;  // "Anna:red,Ben:blue/green"
  std::string start;    // the start tile's quarters "NW NE SW SE"; empty: the saved one
  MistsOptions rules;
};

class CoopTable {
 public:
  // Starts a level; the start tile comes from `options.start` (then saved as start-NW …
  // start-SE for the next game) or from the saved tiles.
  static Result<std::unique_ptr<CoopTable>> Start(const CoopOptions& options, SessionLog* log,
                                                  std::ostream& out);
  // Rebuilds a logged co-op session, checking each state hash.
  static Result<std::unique_ptr<CoopTable>> Resume(const SessionRecord& session,
                                                   SessionLog* log, std::ostream& out);

  // A co-op command, or nullopt when the line is not one (the Table handles it then).
  std::optional<Status> Execute(const std::string& name, const std::vector<std::string>& words,
                                const std::string& line);

  std::string Prompt() const;
  std::string Awaiting() const;  // what the game waits for, with the options
  const CoopGame& game() const { return referee_.game(); }
  std::int64_t session_id() const { return session_id_; }
  bool over() const;
  static bool IsCoopCommand(const std::string& name);

 private:
  CoopTable(CoopReferee referee, SessionLog* log, std::ostream& out)
      : referee_(std::move(referee)), log_(log), out_(out) {}
  Status RunGameCommand(const std::string& line);
  Status Undo();
  Status SaveTile(const std::string& line);
  void PrintStatus() const;
  void PrintGhosts() const;
  void PrintBoard(bool color) const;
  std::string ResultJson() const;

  CoopReferee referee_;
  SessionLog* log_;
  std::ostream& out_;
  std::int64_t session_id_ = 0;
};

// Rebuilds a logged co-op session from its stored options, box and saved tiles, replaying at
// most `upto` live commands and checking each state hash.
Result<CoopReferee> ReplayCoopLog(const SessionRecord& session,
                                  std::optional<size_t> upto = std::nullopt);

// The co-op position in words: scores, piles, bank and meeples; every ghost; the board.
void PrintCoopStatus(const CoopGame& g, std::ostream& out);
void PrintCoopGhosts(const CoopGame& g, std::ostream& out);
void PrintCoopBoard(const CoopGame& g, bool color, std::ostream& out);

// Parses "Anna:red,Ben:blue/green" into co-op players (colours filled in later, B.2.2).
Result<std::vector<CoopPlayer>> ParseCoopPlayers(const std::string& text);

}  // namespace carcref
