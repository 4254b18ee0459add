"""Shared by the live board page's tests: a carcref REPL driven through its standard input,
its output read line by line, and plain HTTP on 127.0.0.1. Everything is bounded in time."""
import http.client
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time

DEADLINE = 10  # seconds for anything the tests wait for


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


class Carcref:
    """carcref with piped stdin (the REPL reads plain lines) and its output in a queue."""

    def __init__(self, binary, args, env_dir=None):
        self.dir = env_dir or tempfile.mkdtemp(prefix="carcref-live-")
        env = dict(os.environ)
        env["XDG_DATA_HOME"] = os.path.join(self.dir, "data")  # no user data read or written
        env["NO_COLOR"] = "1"
        self.proc = subprocess.Popen([binary] + args, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, env=env, cwd=self.dir)
        self.lines = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, pattern, what=None):
        """The next output line matching `pattern` (a regex); fails after DEADLINE."""
        end = time.monotonic() + DEADLINE
        while True:
            left = end - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.01))
            except queue.Empty:
                line = None
                left = 0
            if line is None and left <= 0 or line is None and self.proc.poll() is not None:
                fail("carcref never printed %s (/%s/); it printed:\n  %s" %
                     (what or "the line", pattern, "\n  ".join(self.seen[-20:])))
            if line is None:
                continue
            self.seen.append(line)
            m = re.search(pattern, line)
            if m:
                return m

    def url(self, said=r"live board at"):
        """The page's URL as carcref says it (`said`: the words before it, in the table's
        language)."""
        m = self.expect(said + r" (http://127\.0\.0\.1:(\d+)/)", "the page's URL")
        return m.group(1), int(m.group(2))

    def quit(self):
        try:
            self.send("quit")
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            rc = self.proc.wait(timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            fail("carcref did not quit within %d s while serving" % DEADLINE)
        return rc


def request(port, method, path, body=None, timeout=DEADLINE, headers=None):
    """(status, headers dict with lower-case names, body bytes)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        data = r.read()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, data
    finally:
        conn.close()


def state(port):
    status, headers, body = request(port, "GET", "/state.json")
    check(status == 200, "/state.json answered %d" % status)
    check(headers.get("content-type", "").startswith("application/json"),
          "/state.json is not JSON: " + headers.get("content-type", ""))
    return json.loads(body)


def wait_until(predicate, what, seconds=DEADLINE):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.05)
    fail("timed out waiting for " + what)
