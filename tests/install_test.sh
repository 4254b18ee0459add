#!/usr/bin/env bash
# `cmake --install` as a user would run it, into a DESTDIR inside the build tree: the binary,
# the tile data, the man page and the bash and zsh completions land where they belong; the
# installed binary runs and finds its tile data; `man -l` renders the installed page; the bash
# completion loads and completes commands and --game values; the zsh one parses (when zsh is
# installed).
# Usage: tests/install_test.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
build=$1
src=${2:-"$(dirname "$0")/.."}
dest="$build/install-test"
failed=0
ok() { echo "ok: $*"; }
fail() {
  echo "FAIL: $*" >&2
  failed=1
}

rm -rf "$dest"
if ! DESTDIR="$dest" cmake --install "$build" --prefix /usr/local >"$build/install-test.log" 2>&1; then
  cat "$build/install-test.log" >&2
  echo "FAIL: cmake --install" >&2
  exit 1
fi
root="$dest/usr/local"
for f in bin/carcref share/man/man1/carcref.1 share/bash-completion/completions/carcref \
  share/zsh/site-functions/_carcref share/carcref/tiles/base.yaml share/carcref/tiles/winter.yaml \
  share/carcref/tiles/mists.yaml; do
  [ -f "$root/$f" ] && ok "installed $f" || fail "not installed: $f"
done
[ -x "$root/bin/carcref" ] && ok "the binary is executable" || fail "bin/carcref is not executable"

# The installed binary runs on its own data (CARCREF_DATA points at the installed copy).
out=$(CARCREF_DATA="$root/share/carcref" "$root/bin/carcref" --no-color tiles 2>&1)
[ "$(printf '%s\n' "$out" | tail -n 1)" = "24 tile types, 72 tiles" ] &&
  ok "the installed carcref lists its tiles" || fail "installed carcref tiles: $out"
grep -q '^carcref ' <<<"$("$root/bin/carcref" --version)" && ok "--version" || fail "--version"

# man -l renders the installed page: its NAME line and the EXIT STATUS section are there.
if command -v man >/dev/null; then
  page=$(MANWIDTH=80 man -l "$root/share/man/man1/carcref.1" 2>"$build/install-man.err")
  # (here-strings, not pipes: grep -q closing a pipe early would fail it under pipefail)
  if grep -Eq "^ +carcref +- +a referee" <<<"$page" && grep -q "^EXIT STATUS" <<<"$page"; then
    ok "man -l renders the installed page"
  else
    fail "man -l did not render the page: $(head -c 300 "$build/install-man.err")"
  fi
  [ -s "$build/install-man.err" ] && fail "man -l warns: $(head -c 300 "$build/install-man.err")"
else
  fail "man is not installed (tests/deps.sh installs man-db)"
fi

# The bash completion: commands after carcref, games after --game, sets after tiles.
completion="$root/share/bash-completion/completions/carcref"
complete_words() {  # complete_words WORD... : what Tab offers after the words (last one is cur)
  bash -c '
    source "$1"; shift
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
    _carcref
    printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' _ "$completion" "$@"
}
bash -n "$completion" && ok "the bash completion parses" || fail "bash -n $completion"
[ "$(complete_words carcref ex)" = "export " ] && ok "bash: carcref ex<Tab> -> export" ||
  fail "bash: carcref ex<Tab> gives '$(complete_words carcref ex)'"
[ "$(complete_words carcref play --game '')" = "base city mists " ] &&
  ok "bash: play --game <Tab> -> base city mists" ||
  fail "bash: play --game <Tab> gives '$(complete_words carcref play --game '')'"
[ "$(complete_words carcref --db x.db tiles '')" = "base mists winter " ] &&
  ok "bash: tiles <Tab> -> base mists winter" ||
  fail "bash: tiles <Tab> gives '$(complete_words carcref --db x.db tiles '')'"
grep -q -- "--no-farmers" <<<"$(complete_words carcref play --no)" && ok "bash: play options" ||
  fail "bash: play --no<Tab> gives '$(complete_words carcref play --no)'"
if command -v zsh >/dev/null; then
  zsh -n "$root/share/zsh/site-functions/_carcref" && ok "the zsh completion parses" ||
    fail "zsh -n _carcref"
fi
# Every subcommand of the CLI is offered.
for sub in $(grep -o 'add_subcommand("[a-z]*"' "$src/src/cli/app.cpp" | cut -d'"' -f2); do
  grep -qw "$sub" <<<"$(complete_words carcref "$sub")" || fail "bash: $sub is not completed"
  grep -q "'$sub:" "$src/completion/_carcref" || fail "zsh: $sub is not listed"
done

rm -rf "$dest"
exit $failed
