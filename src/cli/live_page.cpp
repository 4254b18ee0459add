#include "cli/live_page.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <optional>

#include "carcref/i18n.h"
#include "carcref/json.h"
#include "carcref/words.h"
#include "cli/page_door.h"

namespace carcref {

namespace {

// A page waits at most this long for an update before it asks again.
constexpr auto kLongPoll = std::chrono::seconds(25);
// While it waits, a space goes to the page this often: a page that went away is noticed.
constexpr auto kTick = std::chrono::seconds(1);
// How many of the door's workers (cli/page_door.h) may wait for an update at once: a page past
// that is answered at once and asks again a second later, so a crowd of pages (or a slow one)
// never holds every worker, and never the REPL.
constexpr int kMaxWaiting = 16;
static_assert(kMaxWaiting < static_cast<int>(PageDoor::kWorkers));
// A write that makes no progress for this long ends the answer (a page that stopped reading).
constexpr auto kWriteTime = std::chrono::seconds(5);
// A request's body beyond its head (nothing here takes one; httplib answers 413 past 1 KiB).
constexpr std::size_t kMaxBody = 1024;

// The page: one document, no external resources. The script renders from /state.json's
// shape (the first state comes inside the page, so it shows at once) and then long-polls
// /wait for the next one; on an error it retries, slower each time, and says so.
constexpr const char* kPageHead = R"HTML(<!DOCTYPE html>
<html lang="@lang@">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>carcref · live board</title>
<style>
  :root { color-scheme: light; --ink: #222; --muted: #666; --line: #ddd; --bg: #faf8f3; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.4 "DejaVu Sans", Verdana, Helvetica, Arial, sans-serif;
         color: var(--ink); background: var(--bg); }
  header { display: flex; flex-wrap: wrap; align-items: baseline; gap: .3em 1em;
           padding: .6em 1em; background: #3b4a3f; color: #fff; }
  header h1 { font-size: 1.1em; margin: 0; font-weight: 600; }
  header #conn { font-size: .85em; opacity: .85; margin-left: auto; }
  main { display: flex; flex-wrap: wrap; gap: 1em; padding: 1em; align-items: flex-start; }
  #side { flex: 1 1 18em; max-width: 32em; display: flex; flex-direction: column; gap: 1em; }
  #boardbox { flex: 3 1 24em; min-width: 0; background: #fff; border: 1px solid var(--line);
              border-radius: 8px; padding: .5em; overflow: auto; }
  #board { display: block; width: 100%; height: auto; max-height: 85vh; }
  .card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .7em .9em; }
  #turnbox { border-left: 8px solid #888; }
  #turnbox .label { color: var(--muted); font-size: .85em; }
  #turn { font-size: 1.6em; font-weight: 700; }
  #awaiting { margin-top: .2em; }
  table { border-collapse: collapse; width: 100%; }
  td { padding: .25em .3em; border-bottom: 1px solid var(--line); }
  td.score { text-align: right; font-weight: 700; font-variant-numeric: tabular-nums; }
  tr.to-move { background: #fff6d6; }
  .swatch { display: inline-block; width: .9em; height: .9em; border-radius: 50%;
            border: 1px solid #0006; vertical-align: -.1em; margin-right: .4em; }
  h2 { font-size: .95em; margin: 0 0 .4em; color: var(--muted); font-weight: 600; }
  .entry { margin: 0 0 .6em; }
  .entry:last-child { margin-bottom: 0; }
  .cmd { font-family: "DejaVu Sans Mono", monospace; font-weight: 700; }
  .entry ul { margin: .1em 0 0; padding-left: 1.2em; font-size: .9em; }
  .entry li.scoring { font-weight: 700; color: #7a4a00; }
  .entry.old { opacity: .7; }
  .none { color: var(--muted); }
  /* A phone: whose turn and the scores, then the board, the last scorings and commands. */
  @media (max-width: 700px) {
    main { flex-direction: column; align-items: stretch; padding: .6em; gap: .6em; }
    #side { display: contents; }
    #turnbox { order: 1; } #scorebox { order: 2; } #boardbox { order: 3; } #scoringbox { order: 4; }
    #recentbox { order: 5; }
    #boardbox { flex: none; padding: .2em; }
  }
</style>
</head>
<body>
<header><h1 id="title">carcref</h1><span id="conn">@live@</span></header>
<main>
<div id="side">
  <section class="card" id="turnbox"><div class="label" id="turnlabel">@to move@</div>
    <div id="turn"></div><div id="awaiting"></div></section>
  <section class="card" id="scorebox"><h2>@Scores@</h2><table id="scores"></table></section>
  <section class="card" id="scoringbox"><h2>@Last scorings@</h2><div id="scorings"></div></section>
  <section class="card" id="recentbox"><h2>@Last commands@</h2><div id="recent"></div></section>
</div>
<div id="boardbox"><img id="board" alt="@the board@"></div>
</main>
<script id="words" type="application/json">@words@</script>
<script id="initial" type="application/json">)HTML";

constexpr const char* kPageTail = R"HTML(</script>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
// The page's words in the table's language (the state's words come worded from the table).
const W = JSON.parse($("words").textContent);
const fill = (pattern, value) => pattern.replace("{1}", value);
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
// A line that scores: "… → Anna +3", "… = +8 (B.9.5)".
const scoring = /→|= [+−-]\d/;
let shownBoard = -1;
function render(s) {
  document.title = s.has_game ? "carcref · " + s.title : W.live_board;
  $("title").textContent = "carcref" + (s.has_game ? " · " + s.title : "");
  $("turnlabel").textContent = s.over ? W.game_over : W.to_move;
  $("turn").textContent = s.has_game ? (s.over ? "—" : (s.turn || W.the_table)) : W.no_game;
  $("turnbox").style.borderLeftColor = s.turn_color || "#888";
  $("awaiting").textContent = s.has_game ? s.awaiting : W.start_one;
  const scores = $("scores");
  scores.replaceChildren();
  for (const p of s.players) {
    const tr = el("tr", p.to_move ? "to-move" : "");
    const name = el("td");
    const sw = el("span", "swatch");
    sw.style.background = p.color;
    name.append(sw, document.createTextNode(p.name));
    tr.append(name, el("td", "score", String(p.score)));
    scores.append(tr);
  }
  if (!s.players.length) scores.append(el("tr", "none", "—"));
  // The last scorings: "city (city N at 0,1): 2 tiles × 2 = 4", then "Anna +4".
  const scorings = $("scorings");
  scorings.replaceChildren();
  (s.scorings || []).forEach((sc, i) => {
    const div = el("div", i ? "entry old" : "entry");
    const what = sc.what + (sc.where ? " (" + sc.where + ")" : "");
    div.append(el("div", "cmd", sc.final ? fill(W.final, what) : what));
    const ul = el("ul");
    if (sc.reason) ul.append(el("li", "", sc.reason));
    const points = [];
    sc.points.forEach((n, p) => {
      if (n && p < s.players.length) points.push(s.players[p].name + " " + (n > 0 ? "+" : "") + n);
    });
    ul.append(el("li", "scoring", points.length ? points.join(", ") : W.nobody_scores));
    div.append(ul);
    scorings.append(div);
  });
  if (!(s.scorings || []).length) scorings.append(el("div", "none", W.none_yet));
  const recent = $("recent");
  recent.replaceChildren();
  s.recent.forEach((entry, i) => {
    const div = el("div", i ? "entry old" : "entry");
    div.append(el("div", "cmd", entry.command));
    const ul = el("ul");
    for (const line of entry.lines) ul.append(el("li", scoring.test(line) ? "scoring" : "", line));
    if (entry.lines.length) div.append(ul);
    recent.append(div);
  });
  if (!s.recent.length) recent.append(el("div", "none", W.nothing_yet));
  const board = $("board");
  if (s.board) {
    if (shownBoard !== s.version) board.src = "/board.svg?v=" + s.version;
    board.hidden = false;
  } else {
    board.hidden = true;
  }
  shownBoard = s.version;
  $("conn").textContent = fill(W.version, s.version);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function follow(version) {
  let delay = 1000;
  for (;;) {
    try {
      const r = await fetch("/wait?v=" + version, { cache: "no-store" });
      if (!r.ok) throw new Error("HTTP " + r.status);
      const s = await r.json();
      if (s.version !== version) render(s); else await sleep(1000);
      version = s.version;
      delay = 1000;
    } catch (e) {
      $("conn").textContent = W.not_connected;
      await sleep(delay);
      delay = Math.min(delay * 2, 15000);
    }
  }
}
const first = JSON.parse($("initial").textContent);
render(first);
follow(first.version);
</script>
</body>
</html>
)HTML";

// `text` with every `mark` replaced by `words`.
std::string Replaced(std::string text, const std::string& mark, const std::string& words) {
  for (std::size_t at = text.find(mark); at != std::string::npos;
       at = text.find(mark, at + words.size()))
    text.replace(at, mark.size(), words);
  return text;
}

// `text` safe inside the page's HTML (a text or an attribute) or a <script> of JSON.
std::string HtmlSafe(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

// The page's head in the table's language (words.h CurrentLanguage): its labels, and the words
// its script writes, as JSON (with <, > and & escaped so that they never close the script).
std::string PageHead() {
  // TRANSLATORS: the live board page: its labels and headings.
  std::string head = Replaced(kPageHead, "@lang@", CurrentLanguage());
  head = Replaced(head, "@live@", TrContext("page", "live"));
  head = Replaced(head, "@to move@", HtmlSafe(TrContext("page", "to move")));
  head = Replaced(head, "@Scores@", HtmlSafe(TrContext("page", "Scores")));
  head = Replaced(head, "@Last scorings@", HtmlSafe(TrContext("page", "Last scorings")));
  head = Replaced(head, "@Last commands@", HtmlSafe(TrContext("page", "Last commands")));
  head = Replaced(head, "@the board@", HtmlSafe(TrContext("page", "the board")));
  JsonWriter w;
  w.BeginObject()
      .Value("live_board", Tr("carcref · live board"))
      .Value("game_over", TrContext("page", "game over"))
      .Value("to_move", TrContext("page", "to move"))
      .Value("the_table", Tr("the table"))
      .Value("no_game", Tr("no game yet"))
      .Value("start_one", Tr("start one at the keyboard: new …"))
      // TRANSLATORS: the live page: a scoring at the end of the game, {1} what scored.
      .Value("final", Tr("final · {1}"))
      .Value("nobody_scores", Tr("nobody scores"))
      .Value("none_yet", Tr("none yet"))
      .Value("nothing_yet", Tr("nothing yet"))
      // TRANSLATORS: the live page's state: {1} the version of the game shown.
      .Value("version", Tr("live · version {1}"))
      .Value("not_connected", Tr("not connected (carcref stopped serving?) · retrying"))
      .EndObject();
  std::string words;
  for (char c : w.str()) {
    if (c == '<')
      words += "\\u003c";
    else if (c == '>')
      words += "\\u003e";
    else if (c == '&')
      words += "\\u0026";
    else
      words += c;
  }
  return Replaced(head, "@words@", words);
}

// What the server keeps: the last state as its JSON and SVG, under one version.
struct Snapshot {
  std::uint64_t version = 0;
  std::string json_body;  // the members after "version" and "watching"
  // The board, drawn when it is first asked for (from the game's copy that `draw` holds).
  std::function<std::string()> draw;
  mutable std::mutex drawing;
  mutable std::optional<std::string> svg;
  std::string Svg() const {
    std::lock_guard<std::mutex> lock(drawing);
    if (!svg) svg = draw();
    return *svg;
  }
};

using Clock = std::chrono::steady_clock;

std::string SocketAddress(const sockaddr_storage& a, int& port) {
  char text[INET6_ADDRSTRLEN] = "";
  if (a.ss_family == AF_INET6) {
    const auto& v6 = reinterpret_cast<const sockaddr_in6&>(a);
    inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
    port = ntohs(v6.sin6_port);
  } else {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(a);
    inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
    port = ntohs(v4.sin_port);
  }
  return text;
}

// One connection as httplib reads and writes it: first the head the door read, then the socket
// (at most kMaxBody more bytes, within the request's time); every wait also ends on stop.
class PageStream final : public httplib::Stream {
 public:
  PageStream(const PageDoor::Connection& connection, const PageDoor& door)
      : c_(connection), door_(door) {}

  bool is_readable() const override {
    return used_ < c_.head.size() || door_.WaitFor(c_.fd, POLLIN, ReadDeadline());
  }
  bool is_writable() const override {
    return door_.WaitFor(c_.fd, POLLOUT, Clock::now() + kWriteTime);
  }
  ssize_t read(char* ptr, std::size_t size) override {
    if (used_ < c_.head.size()) {
      std::size_t n = std::min(size, c_.head.size() - used_);
      std::memcpy(ptr, c_.head.data() + used_, n);
      used_ += n;
      return static_cast<ssize_t>(n);
    }
    if (body_ >= kMaxBody || !door_.WaitFor(c_.fd, POLLIN, ReadDeadline())) return -1;
    ssize_t n = recv(c_.fd, ptr, std::min(size, kMaxBody - body_), MSG_DONTWAIT);
    if (n > 0) body_ += static_cast<std::size_t>(n);
    return n;
  }
  // All of it or nothing: httplib writes a header line with one call and does not retry.
  ssize_t write(const char* ptr, std::size_t size) override {
    std::size_t done = 0;
    while (done < size) {
      if (!door_.WaitFor(c_.fd, POLLOUT, Clock::now() + kWriteTime)) return -1;
      ssize_t n = send(c_.fd, ptr + done, size - done, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
      if (n < 0) return -1;
      done += static_cast<std::size_t>(n);
    }
    return static_cast<ssize_t>(size);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage a{};
    socklen_t length = sizeof a;
    getpeername(c_.fd, reinterpret_cast<sockaddr*>(&a), &length);
    ip = SocketAddress(a, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage a{};
    socklen_t length = sizeof a;
    getsockname(c_.fd, reinterpret_cast<sockaddr*>(&a), &length);
    ip = SocketAddress(a, port);
  }
  socket_t socket() const override { return c_.fd; }

 private:
  Clock::time_point ReadDeadline() const { return c_.accepted + PageDoor::kHeadTime; }
  const PageDoor::Connection& c_;
  const PageDoor& door_;
  std::size_t used_ = 0;  // of the head
  std::size_t body_ = 0;  // bytes read from the socket after it
};

// httplib parses, routes and writes the answer; the sockets are the door's. Its own listening
// loop is not used: it reads a request line without bound and queues connections without one.
class PageServer : public httplib::Server {
 public:
  // One request per connection (Connection: close), so a connection never waits for a second.
  void Answer(const PageDoor::Connection& connection, const PageDoor& door) {
    PageStream stream(connection, door);
    bool closed = false;
    process_request(stream, true, closed, nullptr);
  }
  // httplib ends a chunked answer (the long poll) once its listening socket is invalid.
  void Serving(bool on) { svr_sock_ = on ? 0 : INVALID_SOCKET; }
};

}  // namespace

Result<ServeAddress> ParseServeAddress(const std::string& text) {
  ServeAddress out;
  std::string host;
  std::string port = text;
  const std::string usage =
      Tr("give [ADDR:]PORT: 8080, 127.0.0.1:8080, 0.0.0.0:8080 or [::1]:8080");
  if (!text.empty() && text[0] == '[') {
    std::size_t close = text.find("]:");
    // TRANSLATORS: {1} the address typed, {2} how to give one.
    if (close == std::string::npos) return Status::Syntax(Fill(Tr("'{1}': {2}"), {text, usage}));
    host = text.substr(1, close - 1);
    port = text.substr(close + 2);
  } else if (std::size_t colon = text.rfind(':'); colon != std::string::npos) {
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
    if (host.find(':') != std::string::npos)
      return Status::Syntax(
          Fill(Tr("'{1}': an IPv6 address goes in brackets, [::1]:8080"), {text}));
    if (host.empty())
      return Status::Syntax(Fill(Tr("'{1}': no address before ':'; {2}"), {text, usage}));
  }
  std::optional<std::int64_t> number = ReadNumber(port, 65536);
  if (!number || *number > 65535)
    return Status::Syntax(
        Fill(Tr("'{1}': the port is a number 0–65535 (0: any free port); {2}"), {text, usage}));
  out.port = static_cast<int>(*number);
  if (host.empty() || host == "localhost") host = "127.0.0.1";
  // Numeric addresses only: a name would mean a DNS lookup, which may hang the REPL.
  in_addr v4{};
  in6_addr v6{};
  if (inet_pton(AF_INET, host.c_str(), &v4) != 1 && inet_pton(AF_INET6, host.c_str(), &v6) != 1)
    return Status::Syntax("'" + host + "' is not an IP address (use 127.0.0.1, 0.0.0.0, ::1 …)");
  out.host = host;
  return out;
}

struct LivePage::Impl {
  PageServer server;
  PageDoor door;  // after the server: its threads use it, and end first
  std::string url;
  std::string head;  // the page up to its state, in the table's language (PageHead)
  bool running = false;
  // The names a request's Host may give (DNS rebinding: another site's name is refused).
  std::string bound_host;
  int port = 0;

  mutable std::mutex mutex;
  std::condition_variable changed;
  std::shared_ptr<const Snapshot> snapshot = std::make_shared<Snapshot>();
  bool stopping = false;
  int waiting = 0;          // requests waiting in /wait
  int waiting_current = 0;  // of those, the ones that have the current version

  std::shared_ptr<const Snapshot> Current() const {
    std::lock_guard<std::mutex> lock(mutex);
    return snapshot;
  }

  // The state as /state.json gives it; `watchers` with the mutex held by the caller.
  static std::string Json(const Snapshot& s, int watchers) {
    return "{\"version\":" + std::to_string(s.version) +
           ",\"watching\":" + std::to_string(watchers) + s.json_body + "}";
  }
  std::string Json(const Snapshot& s) const {
    std::lock_guard<std::mutex> lock(mutex);
    return Json(s, waiting_current);
  }

  // Host: a name this page is served at (localhost, 127.0.0.1, [::1], the address given to
  // serve, or the one the request came in on: the address a phone typed), and the port if any.
  bool HostServed(const httplib::Request& req) const {
    std::string host = Lower(req.get_header_value("Host"));
    std::string name = host;
    std::string given_port;
    if (!host.empty() && host[0] == '[') {
      std::size_t close = host.find(']');
      if (close == std::string::npos) return false;
      name = host.substr(1, close - 1);
      std::string rest = host.substr(close + 1);
      if (!rest.empty() && rest[0] != ':') return false;
      if (!rest.empty()) given_port = rest.substr(1);
    } else if (std::size_t colon = host.rfind(':'); colon != std::string::npos) {
      name = host.substr(0, colon);
      given_port = host.substr(colon + 1);
      if (given_port.empty()) return false;
    }
    if (!given_port.empty() && given_port != std::to_string(port)) return false;
    std::string local = req.local_addr;
    if (local.rfind("::ffff:", 0) == 0) local = local.substr(7);  // IPv4 on an IPv6 socket
    return !name.empty() && (name == "localhost" || name == "127.0.0.1" || name == "::1" ||
                             name == bound_host || name == local);
  }

  void Routes() {
    httplib::Headers headers;
    for (const auto& [name, value] : PageHeaders()) headers.emplace(name, value);
    server.set_default_headers(headers);
    server.set_payload_max_length(kMaxBody);
    server.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      if (!HostServed(req)) {
        res.status = 421;
        res.set_content(
            "421 misdirected request: this page answers to the address it is served "
            "at (" +
                url + "), localhost, 127.0.0.1 or [::1] only\n",
            "text/plain; charset=utf-8");
        return httplib::Server::HandlerResponse::Handled;
      }
      // Nothing is ever changed through the page: only GET and HEAD are answered.
      if (req.method == "GET" || req.method == "HEAD")
        return httplib::Server::HandlerResponse::Unhandled;
      res.status = 405;
      res.set_header("Allow", "GET, HEAD");
      res.set_content("405 method not allowed: this page is read-only (GET, HEAD)\n",
                      "text/plain; charset=utf-8");
      return httplib::Server::HandlerResponse::Handled;
    });
    server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (!res.body.empty()) return;
      std::string what = res.status == 404   ? "404 not found: the routes are /, /board.svg, "
                                               "/state.json and /wait?v=N\n"
                         : res.status == 414 ? "414 request line too long\n"
                         : res.status == 400 ? "400 bad request\n"
                                             : std::to_string(res.status) + "\n";
      res.set_content(what, "text/plain; charset=utf-8");
    });
    server.Get("/", [this](const httplib::Request&, httplib::Response& res) {
      std::shared_ptr<const Snapshot> s = Current();
      std::string json = Json(*s);
      // Inside <script>, "</script" would end it and "<!--" would change how it is read:
      // '<', '>' and '&' appear in JSON only inside strings, where \u escapes say the same.
      std::string safe;
      for (char c : json) {
        if (c == '<')
          safe += "\\u003c";
        else if (c == '>')
          safe += "\\u003e";
        else if (c == '&')
          safe += "\\u0026";
        else
          safe += c;
      }
      res.headers.erase("Content-Security-Policy");
      res.set_header("Content-Security-Policy",
                     "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; "
                     "script-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'");
      res.set_content(head + safe + kPageTail, "text/html; charset=utf-8");
    });
    server.Get("/board.svg", [this](const httplib::Request&, httplib::Response& res) {
      std::shared_ptr<const Snapshot> s = Current();
      if (!s->draw) {
        res.status = 404;
        res.set_content("404 no board yet: no game is open\n", "text/plain; charset=utf-8");
        return;
      }
      res.set_content(s->Svg(), "image/svg+xml; charset=utf-8");
    });
    server.Get("/state.json", [this](const httplib::Request&, httplib::Response& res) {
      res.set_content(Json(*Current()) + "\n", "application/json; charset=utf-8");
    });
    server.Get("/wait", [this](const httplib::Request& req, httplib::Response& res) {
      std::string v = req.get_param_value("v");
      if (!IsDigits(v) || v.size() > 19) {
        res.status = 400;
        res.set_content("400 bad request: /wait?v=N, N the version the page shows\n",
                        "text/plain; charset=utf-8");
        return;
      }
      std::uint64_t seen = std::stoull(v);
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (snapshot->version != seen || stopping || waiting >= kMaxWaiting) {
          res.set_content(Json(*snapshot, waiting_current) + "\n",
                          "application/json; charset=utf-8");
          return;
        }
        ++waiting;
        ++waiting_current;
      }
      // The answer is sent in chunks: a space (JSON allows it before the value) every second
      // while nothing changes, so that a page that went away is noticed at the next write and
      // stops counting as watching; then the state, at once when it changes.
      auto started =
          std::make_shared<std::chrono::steady_clock::time_point>(std::chrono::steady_clock::now());
      res.set_chunked_content_provider(
          "application/json; charset=utf-8",
          [this, seen, started](std::size_t, httplib::DataSink& sink) {
            bool ready = false;
            {
              std::unique_lock<std::mutex> lock(mutex);
              ready = changed.wait_for(lock, kTick,
                                       [&] { return snapshot->version != seen || stopping; });
              if (!ready && std::chrono::steady_clock::now() - *started >= kLongPoll) ready = true;
            }
            if (!ready) return sink.write(" ", 1);
            std::string json = Json(*Current()) + "\n";
            if (!sink.write(json.data(), json.size())) return false;
            sink.done();
            return true;
          },
          [this, seen](bool) {
            std::lock_guard<std::mutex> lock(mutex);
            --waiting;
            if (snapshot->version == seen) --waiting_current;
          });
    });
  }
};

LivePage::LivePage() : impl_(std::make_unique<Impl>()) {}

LivePage::~LivePage() { Stop(); }

bool LivePage::running() const { return impl_->running; }
const std::string& LivePage::url() const { return impl_->url; }
int LivePage::watching() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->waiting_current;
}

Result<std::string> LivePage::Start(const ServeAddress& address) {
  if (impl_->running)
    return Status::Illegal(Fill(Tr("already serving at {1} (serve stop ends it)"), {impl_->url}));
  // A server is made once: a stopped one starts again as a new one.
  std::shared_ptr<const Snapshot> kept = impl_->Current();
  impl_ = std::make_unique<Impl>();
  impl_->snapshot = kept;
  Impl& s = *impl_;
  s.head = PageHead();  // here, on the table's thread
  s.Routes();
  Result<int> port = s.door.Bind(address.host, address.port);
  if (!port.ok()) {
    std::string where =
        (address.host.find(':') != std::string::npos ? "[" + address.host + "]" : address.host) +
        ":" + std::to_string(address.port);
    impl_ = std::make_unique<Impl>();
    impl_->snapshot = kept;
    // TRANSLATORS: {1} the address asked for, {2} why it cannot be used.
    return Status::IOError(Fill(Tr("cannot serve on {1}: {2}"), {where, port.status().message()}));
  }
  std::string host =
      address.host.find(':') != std::string::npos ? "[" + address.host + "]" : address.host;
  s.url = "http://" + host + ":" + std::to_string(*port) + "/";
  s.bound_host = Lower(address.host);
  s.port = *port;
  s.running = true;
  s.server.Serving(true);
  s.door.Start([&s](PageDoor::Connection& c) { s.server.Answer(c, s.door); });
  return s.url;
}

void LivePage::Stop() {
  Impl& s = *impl_;
  if (!s.running) return;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.stopping = true;
  }
  s.changed.notify_all();
  s.server.Serving(false);
  s.door.Stop();  // every wait polls its stop signal: this takes no longer than a handler
  s.running = false;
}

void LivePage::Publish(const LiveState& state) {
  auto next = std::make_shared<Snapshot>();
  JsonWriter w;
  w.BeginObject()
      .Value("has_game", state.has_game)
      .Value("game", state.game)
      .Value("title", state.title)
      .Value("session", static_cast<long long>(state.session))
      .Value("turn", state.turn)
      .Value("turn_color", state.turn_color)
      .Value("awaiting", state.awaiting)
      .Value("prompt", state.prompt)
      .Value("over", state.over)
      .Value("board", static_cast<bool>(state.draw_board));
  w.BeginArray("players");
  for (const LiveState::Player& p : state.players)
    w.BeginObject()
        .Value("name", p.name)
        .Value("color", p.color)
        .Value("score", p.score)
        .Value("to_move", p.to_move)
        .EndObject();
  w.EndArray().BeginArray("recent");
  for (const LiveState::Entry& e : state.recent) {
    w.BeginObject().Value("command", e.command).BeginArray("lines");
    for (const std::string& l : e.lines) w.Value("", l);
    w.EndArray().EndObject();
  }
  w.EndArray().BeginArray("scorings");
  for (const LiveState::Scoring& sc : state.scorings)
    w.BeginObject()
        .Value("what", sc.what)
        .Value("where", sc.where)
        .Value("reason", sc.reason)
        .Value("final", sc.final)
        .Value("turn", sc.turn)
        .Ints("points", sc.points)
        .EndObject();
  w.EndArray();
  if (!state.state_json.empty()) w.Raw("state", state.state_json);
  w.EndObject();
  // "{…}" without its braces, to follow "version" and "watching".
  const std::string& body = w.str();
  next->json_body = body.size() > 2 ? "," + body.substr(1, body.size() - 2) : "";
  next->draw = state.draw_board;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    next->version = impl_->snapshot->version + 1;
    impl_->snapshot = std::move(next);
    impl_->waiting_current = 0;  // every page waiting has an older version now
  }
  impl_->changed.notify_all();
}

}  // namespace carcref
