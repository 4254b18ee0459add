#!/usr/bin/env bash
# shellcheck disable=SC2015  # `check && ok … || fail …`: ok only prints, so it cannot fail
# `carcref completion bash|zsh`: the bash script, sourced in bash, offers what the binary knows
# (the games and each game's options as `carcref play --help` lists them, the subcommands of
# `carcref --help`, the tile sets of the data directory); the zsh script parses and names the
# same; an unknown shell is refused. Nothing here lists a game: adding one to the registry
# must make it complete, and this test checks that it does.
# Usage: tests/completion_test.sh path/to/carcref
set -euo pipefail

binary=$1
[ -x "$binary" ] || { echo "not executable: $binary"; exit 2; }
src="$(cd "$(dirname "$0")/.." && pwd)"
export CARCREF_DATA="$src/data"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcref-completion.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
ok() { echo "ok: $*"; }

"$binary" completion bash >"$tmp/carcref.bash"
"$binary" completion zsh >"$tmp/_carcref"
bash -n "$tmp/carcref.bash" && ok "the bash script parses" || fail "bash -n"

# offered WORD...: what Tab offers after the words (the last one is being typed), sorted,
# one line. Run in $tmp so that file names are the test's own.
offered() {
  (cd "$tmp" && bash -c '
    source ./carcref.bash
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
    _carcref
    [ ${#COMPREPLY[@]} -gt 0 ] || exit 0
    printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' _ "$@")
}
# sorted WORD...: the words as `offered` prints them.
sorted() { printf '%s\n' "$@" | sort | tr '\n' ' '; }

# What the binary says it knows.
play_help=$("$binary" play --help)
with=$(sed -nE 's/^  --with .*: an expansion, ([a-z]+) .*/\1/p' <<<"$play_help")
mapfile -t games < <(sed -n 's/.*--game .*the game: //p' <<<"$play_help" | tr -d ' ' | tr ',' '\n')
[ "${#games[@]}" -ge 4 ] && ok "play --help lists ${#games[@]} games: ${games[*]}" ||
  fail "play --help lists games '${games[*]}'"
# The games' options: "  --name [VALUE]   game, game: help" -> "name game game".
owners=$(sed -nE 's/^  (--[a-z0-9-]+)( [^ ]+)? +([a-z]+(, [a-z]+)*): .*/\1 \3/p' <<<"$play_help" |
  tr -d ',')
options_of() {  # options_of GAME: the options that GAME owns (sorted)
  awk -v g="$1" '{ for (i = 2; i <= NF; ++i) if ($i == g) print $1 }' <<<"$owners" | sort
}

# --- play --game -------------------------------------------------------------------------
[ "$(offered carcref play --game '')" = "$(sorted "${games[@]}")" ] &&
  ok "play --game <Tab> -> every game: $(offered carcref play --game '')" ||
  fail "play --game <Tab> gives '$(offered carcref play --game '')', not '$(sorted "${games[@]}")'"
for g in base gcc mists city; do
  grep -qw "$g" <<<"$(offered carcref play --game '')" || fail "play --game <Tab> lacks $g"
done
[ "$(offered carcref --db x.db play --game m)" = "mists " ] && ok "play --game m<Tab> -> mists" ||
  fail "play --game m<Tab> gives '$(offered carcref --db x.db play --game m)'"

# --- each game's options after --game NAME -----------------------------------------------
for g in "${games[@]}"; do
  mine=$(options_of "$g")
  [ -n "$mine" ] || continue
  got=$(offered carcref play --game "$g" --)
  missing="" foreign=""
  for o in $mine; do grep -qw -- "$o" <<<"$got" || missing+=" $o"; done
  # Another game's option that this game does not have is not offered (but --with NAME is
  # taken by the game NAME too: `--game gcc --with gcc` is gcc).
  for o in $(awk '{print $1}' <<<"$owners"); do
    [ "$o $g" = "--with $with" ] && continue
    grep -qx -- "$o" <<<"$mine" || ! grep -qw -- "$o" <<<"$got" || foreign+=" $o"
  done
  [ -z "$missing$foreign" ] && ok "play --game $g --<Tab> -> $g's $(wc -w <<<"$mine") options" ||
    fail "play --game $g --<Tab>: missing${missing:- none}; other games'${foreign:- none}"
done
city=$(offered carcref play --game city --)
for o in $(options_of city); do grep -qw -- "$o" <<<"$city" || fail "city: $o not offered"; done
for o in $(options_of mists); do
  grep -qx -- "$o" <<<"$(options_of city)" || ! grep -qw -- "$o" <<<"$city" ||
    fail "play --game city: mists' $o offered"
done
grep -qw -- "--players" <<<"$city" && grep -qw -- "--script" <<<"$city" &&
  ok "play --game city --<Tab> also offers play's own options" ||
  fail "play --game city --<Tab> lacks --players or --script: $city"
# Without --game every game's options are offered (the game may come later on the line).
all=$(offered carcref play --)
for o in $(awk '{print $1}' <<<"$owners"); do
  grep -qw -- "$o" <<<"$all" || fail "play --<Tab> lacks $o"
done
ok "play --<Tab> offers every game's options"

# --- --with: the game that expands another, and then its options ------------------------
if [ -n "$with" ]; then
  [ "$(offered carcref play --with '')" = "$with " ] && ok "play --with <Tab> -> $with" ||
    fail "play --with <Tab> gives '$(offered carcref play --with '')'"
  got=$(offered carcref play --game base --with "$with" --)
  for o in $(options_of "$with"); do
    grep -qw -- "$o" <<<"$got" || fail "play --with $with --<Tab> lacks $o"
  done
  ok "play --with $with --<Tab> offers $with's options"
fi

# --- option values -----------------------------------------------------------------------
[ "$(offered carcref play --game mists --level '')" = "1 2 3 4 5 6 " ] &&
  ok "play --level <Tab> -> 1 to 6" || fail "--level <Tab> gives '$(offered carcref play --level '')'"
[ "$(offered carcref play --tiles '')" = "base winter " ] && ok "play --tiles <Tab> -> base winter" ||
  fail "play --tiles <Tab> gives '$(offered carcref play --tiles '')'"
touch "$tmp/game-script.txt"
[ "$(offered carcref play --script game-)" = "game-script.txt " ] && ok "play --script <Tab>: files" ||
  fail "play --script <Tab> gives '$(offered carcref play --script game-)'"
touch "$tmp/my game.txt"
[ "$(offered carcref play --script my)" = "my game.txt " ] &&
  ok "play --script <Tab>: a file name with a space is one word" ||
  fail "play --script my<Tab> gives '$(offered carcref play --script my)'"
[ -z "$(offered carcref play --players '')" ] && ok "play --players <Tab>: nothing offered" ||
  fail "play --players <Tab> gives '$(offered carcref play --players '')'"

# --- subcommands -------------------------------------------------------------------------
subcommands=$("$binary" --help | awk '/^Subcommands:/ {on = 1; next} on && NF {print $1}')
[ -n "$subcommands" ] || fail "carcref --help lists no subcommands"
top=$(offered carcref '')
for s in $subcommands; do grep -qw "$s" <<<"$top" || fail "carcref <Tab> lacks $s"; done
ok "carcref <Tab> offers every subcommand: $(tr '\n' ' ' <<<"$subcommands")"
[ "$(offered carcref ex)" = "export " ] && ok "carcref ex<Tab> -> export" ||
  fail "carcref ex<Tab> gives '$(offered carcref ex)'"
[ "$(offered carcref --db x.db --no-color sessions --g)" = "--game " ] &&
  ok "carcref --db x.db sessions --g<Tab> -> --game" ||
  fail "sessions --g<Tab> gives '$(offered carcref --db x.db --no-color sessions --g)'"
sets=$(cd "$src/data/tiles" && ls -- *.yaml | sed 's/\.yaml$//' | sort | tr '\n' ' ')
[ "$(offered carcref --db x.db tiles '')" = "$sets" ] && ok "tiles <Tab> -> $sets" ||
  fail "tiles <Tab> gives '$(offered carcref --db x.db tiles '')', not '$sets'"
[ "$(offered carcref completion '')" = "bash zsh " ] && ok "completion <Tab> -> bash zsh" ||
  fail "completion <Tab> gives '$(offered carcref completion '')'"
[ "$(offered carcref export 7 --svg game-)" = "game-script.txt " ] &&
  ok "export --svg <Tab>: files" || fail "export --svg <Tab>: $(offered carcref export 7 --svg game-)"

# --- zsh ---------------------------------------------------------------------------------
if command -v zsh >/dev/null; then
  zsh -n "$tmp/_carcref" && ok "the zsh script parses" || fail "zsh -n _carcref"
else
  fail "zsh is not installed (tests/deps.sh installs it)"
fi
head -n 1 "$tmp/_carcref" | grep -qx '#compdef carcref' && ok "zsh: #compdef carcref" ||
  fail "zsh: the first line is $(head -n 1 "$tmp/_carcref")"
for s in $subcommands; do grep -q "^    '$s:" "$tmp/_carcref" || fail "zsh: $s is not listed"; done
for g in "${games[@]}"; do grep -q "^            $g) specs+=(" "$tmp/_carcref" || fail "zsh: no $g"; done
grep -q "(${games[*]})" "$tmp/_carcref" && ok "zsh: --game offers ${games[*]}" ||
  fail "zsh: --game does not offer (${games[*]})"

# --- refusals ----------------------------------------------------------------------------
rc=0
"$binary" completion fish >"$tmp/fish.out" 2>"$tmp/fish.err" || rc=$?
[ "$rc" = 2 ] && [ ! -s "$tmp/fish.out" ] && [ "$(wc -l <"$tmp/fish.err")" = 1 ] &&
  grep -q "bash and zsh" "$tmp/fish.err" && ok "completion fish: one line, exit 2" ||
  fail "completion fish: exit $rc: $(cat "$tmp/fish.err")"

[ "$failures" = 0 ] && echo "all completion checks passed" || echo "$failures failed"
exit $((failures > 0))
