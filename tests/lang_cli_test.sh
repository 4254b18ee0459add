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
has show_missing_cs err "chyba: partie 7 není"

# The log keeps its scorings' words in English: show, stats and replay word them afresh from the
# rebuilt game in the table's language, and a Czech log reads in English.
has show_cs out "    cesta (cesta E ke křižovatce na -1,0): 3 kartičky = 3 → Anna +3"
has show_cs out "    louka (konec hry) (louka NL+NR+EL+WR na -1,0): 0 uzavřených měst × 3 = 0 → Ben +0"
has show_cs out "  příkaz 4 · meeple field NL"
has show_en out "    field (end of game) (field NL+NR+EL+WR at -1,0): 0 completed cities × 3 = 0 → Ben +0"
has show_sk out "    cesta (cesta E ku križovatke na -1,0): 3 kartičky = 3 → Šárka +3"
run stats_cs_en --db "$tmp/cs.db" stats
status_is stats_cs_en 0
has stats_cs_en out "longest road: 3 tiles, Šárka (session 1, command 4, road E to the junction at -1,0)"
run stats_en_sk --db "$db" --lang sk stats
status_is stats_en_sk 0
has stats_en_sk out "najdlhšia cesta: 3 kartičky, Anna (partia 1, príkaz 4, cesta E ku križovatke na -1,0)"
run replay_cs --db "$db" --lang cs replay 1 --to 4
status_is replay_cs 0
has replay_cs out "partie 1 · základní hra · Anna (red), Ben (blue) · dohraná · 5 příkazů"
has replay_cs out "        cesta (cesta E ke křižovatce na -1,0) [-1,0 0,0 1,0]: 3 kartičky = 3 → Anna +3 (Anna 1 lupič)"
run replay_far_sk --db "$db" --lang sk replay 1 --to 9
status_is replay_far_sk 2
has replay_far_sk err "chyba: --to 9: partia 1 má 5 príkazov: zvoľte 0 až 5"
run replay_far_en --db "$db" replay 1 --to 9
status_is replay_far_en 2
has replay_far_en err "error: --to 9: session 1 has 5 commands: choose 0 to 5"

# The City has no replay words of its own: the generic ones, and its kinds in the breakdown.
db=$tmp/city.db
printf '%s\n' 'place hshh 0,0' 'meeple street E' 'place hhhs 1,0' 'meeple residential NL' end |
  timeout 20 "$binary" --no-color --db "$db" play --game city --players "Anna:red,Ben:blue" \
    --stacks 2,2,2 --script - >"$tmp/play_city.out" 2>&1 ||
  fail "the City game was refused: $(cat "$tmp/play_city.out")"
run city_cs --db "$db" --lang cs show 1
status_is city_cs 0
has city_cs out "        celkem  ulice  obytná čtvrť"
has city_cs out "    ulice (ulice na 0,0 1,0): 2 kartičky × 1 = 2 → Anna +2"
has city_cs out "    obytná čtvrť (konec hry) (obytná čtvrť na 0,0 1,0): 0 tržnic × 2 = 0 — nikdo nezískává body"
run city_en --db "$db" show 1
has city_en out "        total  street  residential area"
has city_en out "    street (street on 0,0 1,0): 2 tiles × 1 = 2 → Anna +2"
run city_replay_sk --db "$db" --lang sk replay 1 --to 4
status_is city_replay_sk 0
has city_replay_sk out "partia 1 · Carcassonne: Mesto · stacks 2,2,2 · Anna (red), Ben (blue) · dohraná · 5 príkazov"
has city_replay_sk out "po príkaze 4:"
has city_replay_sk out "        ulica (ulica na 0,0 1,0): 2 kartičky × 1 = 2 → Anna +2 (Anna 1 figúrka)"

# The exported board and score chart in Czech: title, legend, tooltips, axes.
run svg_cs --db "$tmp/en.db" --lang cs export 1 --svg "$tmp/board_cs.svg" --chart "$tmp/chart_cs.svg"
status_is svg_cs 0
grep -Fq '>louka</text>' "$tmp/board_cs.svg" || fail "svg_cs: no Czech legend 'louka'"
grep -Fq '<title>Ben (blue): sedlák – louka NL+NR+EL+WR na -1,0</title>' "$tmp/board_cs.svg" ||
  fail "svg_cs: no Czech tooltip for Ben's farmer"
grep -Fq '<title>W na -1,0 otočená o 0: cesta E ke křižovatce;' "$tmp/board_cs.svg" ||
  fail "svg_cs: no Czech tooltip for the tile W"
grep -Fq '>tah</text>' "$tmp/chart_cs.svg" || fail "chart_cs: no Czech axis 'tah'"
# export says what it wrote where (issue #20), in the table's language.
has svg_cs out "zapsáno $tmp/board_cs.svg: herní plán jako SVG, partie 1"
has svg_cs out "zapsáno $tmp/chart_cs.svg: graf bodů jako SVG, partie 1"
run svg_en --db "$tmp/en.db" export 1 --svg "$tmp/board_en.svg"
has svg_en out "wrote $tmp/board_en.svg: the board as SVG, session 1"
run json_out --db "$tmp/en.db" export 1 --json - --csv "$tmp/scorings.csv"
has json_out err "wrote $tmp/scorings.csv: its scorings as CSV, session 1"
grep -q '^wrote' "$tmp/json_out.out" && fail "json_out: the note went into the JSON on stdout"
grep -Fq '<title>Ben (blue): farmer on the field NL+NR+EL+WR at -1,0</title>' "$tmp/board_en.svg" ||
  fail "svg_en: no English tooltip for Ben's farmer"
run export_both_cs --db "$tmp/en.db" --lang cs export 1 --all --json -
status_is export_both_cs 2
has export_both_cs err "chyba: export bere číslo partie, nebo --all, ne obojí"

# The co-op game's cause of defeat, which the log keeps in English, worded afresh in `show`.
db=$tmp/mists.db
printf '%s\n' 'place fcff 0,2' 'meeple city E green' 'place fffc 1,2' score undo score \
  'place Ffff1 0,-1' pass 'place fFff3 2,1' pass 'discard cccc' |
  timeout 20 "$binary" --no-color --db "$db" play --game mists --level 1 \
    --players "Anna:red/green,Ben:blue/yellow" --start "ffff ffff ffFf2 ffFf1" \
    --unplaceable-loses --script - >"$tmp/play_mists.out" 2>&1
grep -q "the team loses" "$tmp/play_mists.out" || fail "the Mists game was not lost: $(cat "$tmp/play_mists.out")"
run mists_cs --db "$db" --lang cs show 1
status_is mists_cs 0
has mists_cs out "hráči společně prohráli u příkazu 7: otočenou kartičku nelze nikam přiložit (alternativa AMB-10: taková kartička prohrává)"
run mists_stats_sk --db "$db" --lang sk stats
status_is mists_stats_sk 0
has mists_stats_sk out "  najčastejšia príčina prehry: otočenú kartičku nemožno nikam priložiť (alternatíva AMB-10: taká kartička prehráva) (1 z 1 prehratých)"
run mists_en --db "$db" show 1
has mists_en out "the players lost at command 7: the drawn tile fits nowhere (AMB-10's alternative: an unplaceable tile loses)"

# In a game, help words the game's title and each command's help in the table's language.
printf '%s\n' 'new mists --level 1 --players "A:red,B:blue" --start "ffff ffff ffFf2 ffFf1"' help \
  'help ghosts' 'help nothing' |
  timeout 20 "$binary" --no-color --db :memory: --lang cs >"$tmp/help_mists.out" 2>"$tmp/help_mists.err"
echo $? >"$tmp/help_mists.rc"
has help_mists out "Duchové Carcassonne:"
has help_mists out "  ghosts                                        bank duchů, každá kartička s duchy, nejhorší další kartička"
has help_mists out "  bank duchů, každá kartička s duchy, nejhorší další kartička"
has help_mists err "chyba: příkaz 'nothing' ve hře Duchové Carcassonne není (seznam vypíše help)"

# `tiles` draws the catalogue with its legend in the table's language.
printf '%s\n' tiles | timeout 20 "$binary" --no-color --db :memory: --lang cs >"$tmp/tiles_cs.out" 2>&1
echo $? >"$tmp/tiles_cs.rc"
has tiles_cs out "# město  * erb  . louka  - | cesta  / \\ zatáčka cesty  + klášter  o křižovatka, vesnice nebo dům"
status_is tiles_cs 0

# Replay mode at the table, with a game open: its refusals and its end in Slovak.
cp "$tmp/en.db" "$tmp/en2.db"
printf '%s\n' 'new base --players "Eva:red,Jan:blue"' 'replay 1 2' next 'replay x' prev stop |
  timeout 20 "$binary" --no-color --db "$tmp/en2.db" --lang sk >"$tmp/repl_sk.out" 2>"$tmp/repl_sk.err"
echo $? >"$tmp/repl_sk.rc"
has repl_sk out "prehrávanie partie 1 skončilo; späť k hre 2"
has repl_sk err "chyba: partia je číslo, nie 'x'"
has repl_sk out "príkaz 3 z 5 · Ben: place W -1,0 0"

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all passed"
