#!/usr/bin/env bash
# The catalogues (po/): for each language, msgfmt --check --statistics passes and reports no
# untranslated and no fuzzy message; every message of the sources (xgettext, with the keywords
# of CMakeLists.txt's `pot` target) is in po/carcref.pot and in the .po; and each translation
# keeps the {N} marks of its message (Fill fills them, i18n.h).
# Usage: tests/po_check.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
root=$1
build=$2
failed=0
fail() {
  echo "po_check: $*" >&2
  failed=1
}
fresh=$(mktemp --suffix=.pot)
trap 'rm -f "$fresh"' EXIT
cd "$root" || exit 1
# Every source, as CMakeLists.txt lists them: the engine and the games word the table's lines too.
mapfile -t sources < <(find src include \( -name '*.cpp' -o -name '*.h' \) | sort)
xgettext --from-code=UTF-8 --language=C++ --keyword=Tr --keyword=TrContext:1c,2 \
  --keyword=TrPlural:1,2 --keyword=TrContextPlural:1c,2,3 --keyword=TrNoop \
  --output="$fresh" "${sources[@]}" || fail "xgettext failed"
msgcmp --use-untranslated po/carcref.pot "$fresh" 2>/dev/null ||
  fail "po/carcref.pot lacks messages of the sources: cmake --build $build --target pot"
for lang in cs sk; do
  po=po/$lang.po
  stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1) || fail "$po: $stats"
  echo "$lang: $stats"
  grep -Eq 'untranslated|fuzzy' <<<"$stats" && fail "$po: $stats"
  msgcmp "$po" "$fresh" || fail "$po lacks messages of the sources (msgmerge it with po/carcref.pot)"
  # Every {N} of the message in every form of its translation, and no other.
  python3 - "$po" <<'PY' || fail "$po: a translation changes the {N} marks of its message"
import re, subprocess, sys
text = subprocess.run(["msgcat", "--no-wrap", sys.argv[1]], capture_output=True, text=True,
                      check=True).stdout
bad = 0
for entry in text.split("\n\n"):
    ids = []; strs = []
    for line in entry.splitlines():
        m = re.match(r'(msgid|msgid_plural|msgstr(?:\[\d\])?) (".*")$', line)
        if m:
            (ids if m.group(1).startswith("msgid") else strs).append(eval(m.group(2)))
    if not ids or not ids[0]:
        continue
    want = set(re.findall(r"\{\d+\}", ids[0]))
    for s in strs:
        if set(re.findall(r"\{\d+\}", s)) != want:
            print(f"{sys.argv[1]}: {ids[0]!r} -> {s!r}", file=sys.stderr); bad = 1
sys.exit(bad)
PY
done
exit $failed
