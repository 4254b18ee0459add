#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (tests/fuzz/corpus/NAME) from the project's own
material: the command lines of tests/scenarios/*.txt, the tile descriptions typed there and
in the unit tests, the catalogues in data/tiles, and the scenarios as whole scripts. The log
target's seeds (real, small session logs) are made by make_log_seeds.sh with the binary.
Run from anywhere; it rewrites the generated corpora (files named seed-*)."""
import hashlib, pathlib, re, shlex

root = pathlib.Path(__file__).resolve().parents[2]
corpus = root / "tests/fuzz/corpus"


def write(target, items):
    d = corpus / target
    d.mkdir(parents=True, exist_ok=True)
    for old in d.glob("seed-*"):
        old.unlink()
    for text in sorted(set(items)):
        data = text.encode()
        (d / ("seed-" + hashlib.sha1(data).hexdigest()[:16])).write_bytes(data)


scenarios = sorted((root / "tests/scenarios").glob("*.txt"))
lines = []
scripts = []
for s in scenarios:
    text = s.read_text()
    cmds = [l[2:] for l in text.splitlines() if l.startswith("> ")]
    lines += cmds
    args = re.search(r"^# args: (.*)$", text, re.M)
    words = shlex.split(args.group(1)) if args else []
    game = "base"
    if "--game" in words:
        i = words.index("--game")
        game = words[i + 1]
        del words[i:i + 2]
    new = "new " + game + " " + " ".join(shlex.quote(w) if " " in w else w for w in words)
    new = new.replace("'", '"')
    scripts.append("\n".join([new] + cmds) + "\n")

verbs = {"place", "meeple", "pass", "discard", "end", "ghost", "first"}
write("command", [l for l in lines if l.split() and l.split()[0] in verbs])

tiles = []
for l in lines:
    w = l.split()
    if len(w) > 1 and w[0] in ("place", "where", "discard"):
        m = re.match(r"\S+\s+(\{[^}]*\}|\S+)", l)
        tiles.append(m.group(1))
    if len(w) > 3 and w[0] == "tile" and w[1] == "save":
        tiles.append(l.split(None, 3)[3])
for t in sorted((root / "tests/unit").glob("*tile*_test.cpp")) + [root / "tests/unit/notation_test.cpp", root / "tests/unit/notation_mist_test.cpp"]:
    src = t.read_text()
    tiles += [m.replace('\\"', '"') for m in re.findall(r'"(\{edges(?:[^"\\]|\\.)*\})"', src)]
    tiles += re.findall(r'Parse(?:ShortForm|CityTile|Tile|City)?\("([^"{]{3,24})"\)', src)
write("tile", tiles)

# Small catalogues, one tile each (fast to run), and the described set, comments stripped.
def strip(text):
    return "\n".join(l.split(" #")[0].rstrip() for l in text.splitlines()
                     if l.strip() and not l.lstrip().startswith("#")) + "\n"

cats = []
for p in sorted((root / "data/tiles").glob("*.yaml")):
    text = strip(p.read_text())
    if "\ntiles:\n" not in text:
        cats.append(text)
        continue
    head, body = text.split("\ntiles:\n", 1)
    for block in re.split(r"\n(?=  - )", body):
        cats.append(head + "\ntiles:\n" + block.strip("\n") + "\n")
write("catalog", cats)

write("script", scripts)
