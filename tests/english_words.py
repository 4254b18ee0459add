#!/usr/bin/env python3
"""The English words a Czech or Slovak table must never read (issue #19).

Usage: english_words.py FILE...  (what carcref printed in Czech or Slovak)
Prints each line that holds one of WORDS, outside what players type: commands and their
answers as listed, options, anything quoted; exits 1 if there is any.
"""
import re
import sys

WORDS = ["tile", "tiles", "meeples", "city", "cities", "road", "roads", "field", "fields",
         "points", "ghosts", "walls", "turn", "street", "streets", "market", "markets", "knight",
         "knights", "farmer", "farmers", "monastery", "mist", "left", "winner", "scores", "the",
         "and", "of", "at", "with", "nothing", "follower", "followers", "game", "over", "undone",
         "expected", "unknown", "error"]
# The commands, each with the words that follow it up to a separator: typed, not read.
VERBS = ("meeple|wall|tower|gate|score|calm|ghosts?|first|hound|bury|cemetery|facedown|place|"
         "discard|pass|guard|explain|where|remaining|status|undo|end|help|lang|board|tiles|"
         "tile save|resume|new|quit|replay|sessions|show|stats|next|prev|goto|stop|done")
COMMAND = re.compile(r"\b(?:" + VERBS + r")\b(?: +[^\s·,;:()]+)*")
# The feature keywords a command takes, listed in a refusal ("expected road, city, …").
KEYWORDS = re.compile(r"\broad, city, field, monastery, castle, cemetery\b"
                      r"|\b(?:road|city) SIDE\b"          # a command's words, as typed
                      r"|\b(?:[a-z_]+, ){3,}[a-z_]+")      # a list of keys (a YAML tile's)
WORD = re.compile(r"\b(" + "|".join(WORDS) + r")\b")


def english(line):
    if line.startswith("> "):                  # a command as typed, echoed
        return None
    text = re.sub(r"`[^`]*`", "", line)        # what to type, quoted
    text = re.sub(r"'[^']*'", "", text)        # what was typed, quoted back
    text = re.sub(r"--[a-z-]+(?: [^\s·]+)?", "", text)  # options as typed
    text = KEYWORDS.sub("", text)
    text = COMMAND.sub("", text)
    m = WORD.search(text)
    return m.group(1) if m else None


def main(paths):
    bad = 0
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                word = english(line)
                if word:
                    bad += 1
                    print(f"{path}:{n}: '{word}' in: {line.rstrip()[:200]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
