#!/usr/bin/env bash
# The front end's own words in Czech and Slovak (issue #19): --help of carcref and its
# subcommands, a language carcref does not have (--lang de: one line, then English; LANG=de…:
# English without a word), and a session logged in one language shown in another (the log
# keeps no words: `show` and `sessions` word it afresh).
# Usage: tests/lang_cli_test.sh path/to/carcref
set -euo pipefail

binary=$1
[ -x "$binary" ] || { echo "not executable: $binary"; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcref-lang.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
unset LANGUAGE LC_ALL LC_MESSAGES LANG
export XDG_DATA_HOME=$tmp/data

# shellcheck source=tests/test_lib.sh
source "$(dirname "$0")/test_lib.sh"
# has NAME STREAM LINE: the run NAME printed LINE, exactly, on out or err.
has() {
  if grep -Fxq -- "$3" "$tmp/$1.$2"; then ok "$1: $3"; else
    fail "$1: no line '$3' in its std$2:"
    cat "$tmp/$1.$2"
  fi
}
status_is() { [ "$(rc_of "$1")" = "$2" ] || fail "$1: exit status $(rc_of "$1"), not $2"; }

# --help in Czech and Slovak, CLI11's own words included, the columns aligned.
run help_cs --lang cs --help
status_is help_cs 0
has help_cs out "Použití: carcref [VOLBY] [PŘÍKAZ]"
has help_cs out "  play                        začít hru: interaktivně, nebo skript s --script"
has help_cs out "  -h,--help                   Vypsat tuto nápovědu a skončit"
LANGUAGE=cs run play_help_cs play --help
status_is play_help_cs 0
has play_help_cs out "Použití: carcref play [VOLBY]"
has play_help_cs out '  --players TEXT POVINNÉ      hráči v pořadí tahů: "Anna:red,Ben:blue"'
run show_help_sk show --help --lang=sk
status_is show_help_sk 0
has show_help_sk out "  id ČÍSLO POVINNÉ            číslo partie (pozri carcref sessions)"
run help_en play --help
has help_en out '  --players TEXT REQUIRED     players in turn order: "Anna:red,Ben:blue"'

# A language carcref does not have: with --lang one line naming those it has, then English.
run lang_de --lang de --db :memory: sessions
status_is lang_de 0
has lang_de err "no language 'de'; carcref speaks en, cs, sk; going on in English"
has lang_de out "no sessions yet"
[ "$(wc -l <"$tmp/lang_de.err")" = 1 ] || fail "lang_de: more than one line on stderr"
LANG=de_DE.UTF-8 run env_de --db :memory: sessions
status_is env_de 0
has env_de out "no sessions yet"
[ -s "$tmp/env_de.err" ] && fail "env_de: LANG=de_DE.UTF-8 said something: $(cat "$tmp/env_de.err")"

# A session played in Czech, shown in English and in Slovak; one played in English shown in
# Czech.
game='place crrr at 1,0
meeple road W
place W -1,0 0
meeple field NL
end'
db=$tmp/cs.db
printf '%s\n' "$game" | timeout 20 "$binary" --no-color --db "$db" --lang cs \
  play --players "Šárka:red,Ben:blue" --script - >"$tmp/play_cs.out" 2>&1 ||
  fail "the Czech game was refused: $(cat "$tmp/play_cs.out")"
run show_en --db "$db" show 1
status_is show_en 0
has show_en out "  players: Šárka (red), Ben (blue)"
has show_en out "  5 commands, 2 tiles placed"
has show_en out "         total  roads  cities  monasteries  farms"
has show_en out "Šárka wins with 3"
has show_en out "    road (road E to the junction at -1,0): 3 tiles = 3 → Šárka +3"
run show_sk --db "$db" --lang sk show 1
status_is show_sk 0
has show_sk out "  hráči: Šárka (red), Ben (blue)"
has show_sk out "  5 príkazov, 2 priložené kartičky"
has show_sk out "konečné skóre:"
has show_sk out "         spolu  cesty  mestá  kláštory   lúky"
has show_sk out "vyhráva Šárka so skóre 3"
has show_sk out "  príkaz 5 · end"
run sessions_en --db "$db" sessions
status_is sessions_en 0
has sessions_en out "  id  date        game  players     result           commands  tiles"
run sessions_cs --db "$db" sessions --lang cs
status_is sessions_cs 0
has sessions_cs out "  číslo  datum       hra   hráči       výsledek         příkazy  kartičky"

db=$tmp/en.db
printf '%s\n' "$game" | timeout 20 "$binary" --no-color --db "$db" \
  play --players "Anna:red,Ben:blue" --script - >"$tmp/play_en.out" 2>&1 ||
  fail "the English game was refused: $(cat "$tmp/play_en.out")"
LANGUAGE=cs run show_cs --db "$db" show 1
status_is show_cs 0
has show_cs out "  5 příkazů, 2 přiložené kartičky"
has show_cs out "konečný stav bodů:"
has show_cs out "vyhrává Anna s počtem bodů 3"
has show_cs out "bodování:"
run show_missing_cs --db "$db" --lang cs show 7
status_is show_missing_cs 2
has show_missing_cs err "error: partie 7 není"

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all passed"
