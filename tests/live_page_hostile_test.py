#!/usr/bin/env python3
"""The live board page against hostile clients (issue 22, points 1-3), all on 127.0.0.1:
  memory   probes that once grew carcref by hundreds of MB (100 MB of 'G' without a newline on
           one connection, 8 connections of 40 MB, endless headers, a huge body, 600 heads
           that never end) keep its peak RSS within MEMORY_BOUND of what it was before, and
           its RSS comes back;
  viewer   with 100 hostile connections open (idle ones and ones sending a header line a
           second, reopened as they close), a real viewer's GET answers within VIEWER_BOUND,
           and the REPL answers every command within REPL_BOUND;
  stop     `serve stop`, `quit` and Ctrl-D (stdin closed) return within STOP_BOUND whatever
           the clients do (stalled, half-sent, half-closed, a header line a second, a long
           poll, a page not reading its answer, 300 idle connections).
The bounds are the issue's, generous for a loaded 2-core machine: the design makes them
structural (no client ever holds the REPL, the door or a worker for long), the figures
printed at the end are far below them. Usage: live_page_hostile_test.py CARCREF."""
import os
import socket
import sys
import threading
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_page_common import Carcref, check, fail, request, state  # noqa: E402

binary = os.path.abspath(sys.argv[1])
PLAYERS = ["--players", "Anna:red,Ben:blue"]
MEMORY_BOUND = 40 * 1024  # kB above the RSS before the probes
STOP_BOUND = 1.0          # s for serve stop, quit, Ctrl-D
VIEWER_BOUND = 1.0        # s for a viewer's GET under attack
REPL_BOUND = 0.1          # s for the REPL's answer to a command under attack
figures = []


def memory(pid):
    """(VmRSS, VmHWM) in kB."""
    values = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                values[name] = int(rest.split()[0])
    return values["VmRSS"], values["VmHWM"]


def flood(port, data_size, chunk, prefix=b"", results=None):
    """Sends prefix and then `data_size` bytes of `chunk` repeated, until the server closes;
    returns how many bytes went out."""
    sent = 0
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(prefix)
            block = chunk * (1024 * 1024 // len(chunk))
            while sent < data_size:
                s.sendall(block)
                sent += len(block)
    except OSError:
        pass
    if results is not None:
        results.append(sent)
    return sent


def repl_answer(game):
    """Seconds the REPL takes to answer `status --json` (by the answer's line)."""
    start = time.monotonic()
    game.send("status --json")
    game.expect(r'^\{"game":"base"', "the REPL's answer")
    return time.monotonic() - start


class Hostiles:
    """Hostile clients, each kind reopening its connection when the server closes it."""

    def __init__(self, port):
        self.port = port
        self.stop = threading.Event()
        self.threads = []
        self.sockets = []
        self.lock = threading.Lock()

    def _keep(self, make):
        while not self.stop.is_set():
            try:
                s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            except OSError:
                time.sleep(0.1)
                continue
            with self.lock:
                self.sockets.append(s)
            try:
                make(s)
            except OSError:
                pass
            finally:
                s.close()

    def _idle(self, s):
        s.settimeout(1)
        while not self.stop.is_set():
            try:
                if s.recv(4096) == b"":
                    return  # the server closed it: reopen
            except socket.timeout:
                pass

    def _header_a_second(self, s):
        s.sendall(b"GET / HTTP/1.1\r\n")
        n = 0
        while not self.stop.is_set():
            s.sendall(b"X-Slow-%d: 1\r\n" % n)
            n += 1
            self.stop.wait(1)

    def start(self, idle, slow):
        for kind, count in [(self._idle, idle), (self._header_a_second, slow)]:
            for _ in range(count):
                t = threading.Thread(target=self._keep, args=(kind,), daemon=True)
                t.start()
                self.threads.append(t)

    def open_once(self):
        """One of each of the one-off kinds: stalled, half-sent, half-closed, a long poll, a
        page that asks for the board and never reads; they stay open until end()."""
        kinds = [b"", b"GET /state.json HTTP/1.1\r\nHost: 127.0.0.1\r\n",
                 b"GET / HTTP/1.1\r\nHost: 127.0.", None,
                 b"GET /wait?v=%d HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % state(self.port)["version"],
                 b"GET /board.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 50]
        for data in kinds:
            s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            if data is None:  # half-closed: a partial request, then no more from this side
                s.sendall(b"GET / HTTP/1.1\r\n")
                s.shutdown(socket.SHUT_WR)
            else:
                s.sendall(data)
            with self.lock:
                self.sockets.append(s)

    def idle_many(self, count):
        for _ in range(count):
            try:
                s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            except OSError:
                continue
            with self.lock:
                self.sockets.append(s)

    def end(self):
        self.stop.set()
        for t in self.threads:
            t.join(timeout=10)
        with self.lock:
            for s in self.sockets:
                try:
                    s.close()
                except OSError:
                    pass


def timed_stop(game, how):
    """Seconds for `serve stop` (its answer), `quit` or Ctrl-D (the process's end)."""
    start = time.monotonic()
    if how == "serve stop":
        game.send("serve stop")
        game.expect(r"stopped serving the live board")
    else:
        if how == "quit":
            game.send("quit")
        game.proc.stdin.close()
        try:
            game.proc.wait(timeout=30)
        except Exception:
            game.proc.kill()
            fail("carcref did not end after %s with hostile clients" % how)
        check(game.proc.returncode == 0, "%s ended carcref with %d" % (how, game.proc.returncode))
    return time.monotonic() - start


# ---- memory -----------------------------------------------------------------------------
game = Carcref(binary, ["--db", ":memory:", "play"] + PLAYERS + ["--serve", "127.0.0.1:0"])
url, port = game.url()
pid = game.proc.pid
for _ in range(3):  # what a viewer costs, before the probes
    for path in ["/", "/board.svg", "/state.json"]:
        check(request(port, "GET", path)[0] == 200, "GET %s before the probes" % path)
base_rss, base_hwm = memory(pid)

start = time.monotonic()
one = flood(port, 100 * 1024 * 1024, b"G")
check(time.monotonic() - start < 30, "100 MB of G took %.1f s" % (time.monotonic() - start))
results = []
threads = [threading.Thread(target=flood, args=(port, 40 * 1024 * 1024, b"G", b"", results))
           for _ in range(8)]
threads += [threading.Thread(target=flood, args=(port, 40 * 1024 * 1024, b"X-Header: 1\r\n",
                                                  b"GET / HTTP/1.1\r\n", results)),
            threading.Thread(target=flood, args=(port, 40 * 1024 * 1024, b"B",
                                                  b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                                  b"Content-Length: 99999999\r\n\r\n", results)),
            threading.Thread(target=flood, args=(port, 40 * 1024 * 1024, b"B",
                                                  b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                                  b"Content-Length: 99999999\r\n\r\n", results))]
for t in threads:
    t.start()
# 600 heads that never end, 10 KB each.
held = Hostiles(port)
for _ in range(600):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET / HTTP/1.1\r\n" + b"X-Long: " + b"a" * 10000)
        held.sockets.append(s)
    except OSError:
        pass
for t in threads:
    t.join(timeout=60)
    check(not t.is_alive(), "a flood was still sending after 60 s")
_, peak = memory(pid)
held.end()
check(request(port, "GET", "/state.json")[0] == 200, "the page after the probes")
time.sleep(1)
after_rss, _ = memory(pid)
figures.append("memory: RSS %d kB before, peak %d kB (+%d), %d kB after; the server took %d of "
               "100 MB, at most %d of 40 MB per flood" %
               (base_rss, peak, peak - base_rss, after_rss, one // 1024 // 1024 if one else 0,
                max(results) // 1024 // 1024))
check(peak - base_rss < MEMORY_BOUND, "peak RSS %d kB is %d kB above the %d kB before the probes"
      % (peak, peak - base_rss, base_rss))
check(after_rss - base_rss < MEMORY_BOUND // 4, "RSS %d kB after the probes did not come back "
      "to %d kB" % (after_rss, base_rss))

# ---- a viewer and the REPL under 100 hostile connections --------------------------------
hostiles = Hostiles(port)
hostiles.start(idle=50, slow=50)
time.sleep(2)  # all open, the slow ones past a header line or two
viewer = []
repl = []
for _ in range(10):
    for path in ["/", "/state.json", "/board.svg"]:
        start = time.monotonic()
        status, _, _ = request(port, "GET", path, timeout=30)
        viewer.append(time.monotonic() - start)
        check(status == 200, "GET %s under attack answered %d" % (path, status))
    repl.append(repl_answer(game))
    time.sleep(0.3)  # over 3 s in all: the slow ones are cut off and reopen meanwhile
figures.append("under 100 hostile connections: a viewer's GET at most %.1f ms, the REPL at "
               "most %.1f ms" % (max(viewer) * 1000, max(repl) * 1000))
check(max(viewer) < VIEWER_BOUND, "a viewer's GET took %.2f s under attack" % max(viewer))
check(max(repl) < REPL_BOUND, "the REPL took %.0f ms to answer under attack" % (max(repl) * 1000))

# ---- serve stop, quit, Ctrl-D whatever the clients do -----------------------------------
hostiles.open_once()
hostiles.idle_many(300)
time.sleep(0.5)
took = timed_stop(game, "serve stop")
check(took < STOP_BOUND, "serve stop took %.2f s with hostile clients" % took)
figures.append("serve stop: %.0f ms" % (took * 1000))
check(repl_answer(game) < REPL_BOUND, "the REPL after serve stop")
hostiles.end()
for how in ["quit", "Ctrl-D"]:
    if how == "quit":
        game.send("serve 127.0.0.1:0")
        _, port = game.url()
    else:
        game = Carcref(binary, ["--db", ":memory:", "play"] + PLAYERS + ["--serve", "0"])
        _, port = game.url()
    hostiles = Hostiles(port)
    hostiles.start(idle=20, slow=20)
    hostiles.open_once()
    hostiles.idle_many(300)
    time.sleep(1.5)
    answers = [repl_answer(game) for _ in range(5)]
    check(max(answers) < REPL_BOUND, "the REPL took %.0f ms with 300 idle connections" %
          (max(answers) * 1000))
    took = timed_stop(game, how)
    hostiles.end()
    check(took < STOP_BOUND, "%s took %.2f s with hostile clients" % (how, took))
    figures.append("%s: %.0f ms (the REPL at most %.1f ms before it)" %
                   (how, took * 1000, max(answers) * 1000))

print("live page against hostile clients passed:\n  " + "\n  ".join(figures))
