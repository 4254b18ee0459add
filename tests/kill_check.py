#!/usr/bin/env python3
"""Checks the killed runs of tests/kill_campaign.sh against the uninterrupted reference.

Usage: kill_check.py REFERENCE.json SCRIPT RUNS

REFERENCE.json holds the reference log: {"commands": [[text, hash], ...], "status": ...,
"tiles": N}. SCRIPT is the script every run read. RUNS has one line per run, tab-separated:
a label, the log it left (DB), what it printed (OUTPUT; with --echo, so each script line it
read appears as "> LINE" before that line's output), and 1 when it was killed.

A script line is acknowledged when the tool printed its output in full, that is when the
echo of the next line follows it (or the run ended by itself). Checks, printing one line per
failure and exiting 1:
  - the log holds at most one session; with one, all its tile records (created atomically);
  - its live commands are a prefix of the reference's, text and state hash, holding at least
    every acknowledged command and nothing the run had not read yet;
  - no command is undone (the scripts have no undo);
  - the session is finished exactly when it holds the whole game (the end is logged with its
    status in one transaction).
Prints "LABEL: failure" for each failure and exits 1 if there was any.
"""
import json
import sqlite3
import sys


def check_run(ref, logged_after, lines, reference, db_file, output_file, killed):
    with open(output_file, errors="replace") as f:
        echoed = sum(1 for line in f if line.startswith("> "))
    acked = echoed - 1 if killed == "1" and echoed > 0 else echoed
    least, most = logged_after[acked], logged_after[min(echoed, len(lines))]

    failures = []
    db = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
    has_sessions = db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'sessions'")
    sessions = []
    if has_sessions.fetchone()[0]:
        sessions = db.execute("SELECT id, status FROM sessions").fetchall()
    if len(sessions) > 1:
        failures.append(f"{len(sessions)} sessions, expected at most 1")
    if not sessions:
        if least > 0:
            failures.append(f"no session, but {acked} script lines were acknowledged")
        return failures
    sid, status = sessions[0]
    tiles = db.execute("SELECT count(*) FROM session_tiles WHERE session_id = ?",
                       (sid,)).fetchone()[0]
    if tiles != reference["tiles"]:
        failures.append(f"session with {tiles} tile records, expected "
                        f"{reference['tiles']} (creation not atomic)")
    rows = db.execute("SELECT text, state_hash, undone FROM commands WHERE session_id = ? "
                      "ORDER BY seq", (sid,)).fetchall()
    if any(r[2] for r in rows):
        failures.append("a command is marked undone")
    live = [(r[0], r[1]) for r in rows if not r[2]]
    if live != ref[:len(live)]:
        n = next(i for i in range(len(live)) if i >= len(ref) or live[i] != ref[i])
        failures.append(f"logged command {n + 1} {live[n]} is not the reference's "
                        f"{ref[n] if n < len(ref) else 'end'}")
    if not least <= len(live) <= most:
        failures.append(f"{len(live)} commands logged; acknowledged {least}, read {most}")
    want = reference["status"] if len(live) == len(ref) else "active"
    if status != want:
        failures.append(f"status {status} with {len(live)} of {len(ref)} commands, "
                        f"expected {want}")
    return failures


def main():
    reference_file, script_file, runs_file = sys.argv[1:4]
    with open(reference_file) as f:
        reference = json.load(f)
    ref = [tuple(c) for c in reference["commands"]]
    with open(script_file) as f:
        lines = [line.rstrip("\n") for line in f]

    # logged_after[i]: commands the reference had logged after the first i script lines.
    logged_after = [0]
    at = 0
    for line in lines:
        if at < len(ref) and ref[at][0] in (line, "meeple " + line):
            at += 1
        logged_after.append(at)
    if at != len(ref):
        print(f"internal: the script's lines map to {at} of the reference's {len(ref)} "
              "logged commands")
        return 1

    failed = 0
    with open(runs_file) as f:
        for run in f:
            label, db_file, output_file, killed = run.rstrip("\n").split("\t")
            for failure in check_run(ref, logged_after, lines, reference, db_file,
                                     output_file, killed):
                print(f"FAIL: {label}: {failure}")
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
