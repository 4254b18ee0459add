// The live board page (DESIGN.md "The live board page"): a small read-only HTTP server in the
// REPL's process, on threads of its own, serving the game in progress to phones, tablets and a
// second screen while one person types. The table hands it a LiveState after every accepted
// command; the server threads only ever read the latest one (behind a mutex, swapped as a
// whole), never the game. Fixed routes, GET and HEAD only, nothing that changes the game:
//   /            the page (self-contained HTML: no external resources; updates itself)
//   /board.svg   the board as SVG
//   /state.json  scores, whose turn, what carcref awaits, the last commands and their lines,
//                the last scorings (from GameRules::History(), every game alike)
//   /wait?v=N    /state.json once the version is no longer N (long poll, at most 25 s)
// Anything else is 404; another method is 405; a Host that is not an address served (localhost,
// 127.0.0.1, [::1], the bound address, the one the request came in on) is 421, against DNS
// rebinding. Every answer forbids framing (frame-ancestors 'none'). The sockets and the limits
// on what a client may send are cli/page_door.h's; live_page.cpp is the only file that includes
// httplib.h, which only parses, routes and writes answers.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "carcref/status.h"

namespace carcref {

// What the page shows: made by the table (REPL thread) after each accepted command.
struct LiveState {
  struct Player {
    std::string name;
    std::string color;  // a meeple colour ("red") or "#rrggbb"
    int score = 0;
    bool to_move = false;  // whose turn it is
  };
  // One accepted command and what carcref answered to it (scoring lines among them).
  struct Entry {
    std::string command;
    std::vector<std::string> lines;
  };
  // One scoring (GameRules::History()): what, where, the breakdown, points per player.
  struct Scoring {
    std::string what;    // "city", "street", "hound"
    std::string where;   // "city N at 0,1"
    std::string reason;  // "2 tiles × 2 = 4"
    bool final = false;  // end-of-game scoring
    int turn = 0;
    std::vector<int> points;  // per player, as `players`
  };
  bool has_game = false;
  std::string game;   // "base", "gcc", "mists", "city"
  std::string title;  // "game 3 · base game"
  std::int64_t session = 0;
  std::string turn;  // whose turn: a player's name, "team", or "" (nobody: game over)
  std::string turn_color;
  std::string awaiting;  // "Anna (red) to place a tile · 71 tiles left"
  std::string prompt;    // the REPL's prompt without "> ": "anna · tile"
  bool over = false;
  std::vector<Player> players;
  std::vector<Entry> recent;      // newest first
  std::vector<Scoring> scorings;  // the last scorings of the game, newest first
  // Draws the board as SVG; empty: no drawing. It must draw from a copy of the game made for
  // it (GameRules::Clone), never the game itself: it runs on a server thread, only when a
  // page asks for the board, at most once per state and never two at once.
  std::function<std::string()> draw_board;
  std::string state_json;  // GameRules::StateJson() (empty: none)
};

// "[ADDR:]PORT": ADDR is a numeric IPv4 or IPv6 address ([::1]) or localhost; 127.0.0.1 when
// left out. PORT 0 picks a free port.
struct ServeAddress {
  std::string host = "127.0.0.1";
  int port = 0;
};
Result<ServeAddress> ParseServeAddress(const std::string& text);

class LivePage {
 public:
  LivePage();
  ~LivePage();
  LivePage(const LivePage&) = delete;
  LivePage& operator=(const LivePage&) = delete;

  // Binds (in the caller's thread, so that a port in use is said at once) and starts serving
  // on threads of its own. Returns the page's URL.
  Result<std::string> Start(const ServeAddress& address);
  // Stops serving: waiting pages are answered, the threads joined. Returns at once whatever the
  // clients do (stalled, half-sent, not reading): every wait of the server's threads ends on it.
  void Stop();
  bool running() const;
  const std::string& url() const;
  // Pages waiting for the next update right now (those that show the latest version).
  int watching() const;

  // The new state; pages waiting for an update get it. Never blocks on a client.
  void Publish(const LiveState& state);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace carcref
