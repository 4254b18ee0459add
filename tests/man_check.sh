#!/usr/bin/env bash
# Checks man/carcref.1 against the front end:
#   - groff -man -ww -z prints nothing (no warnings, no errors);
#   - every command of the REPL/script table (the first string of each {"name", ...} entry in
#     Table::Commands, src/cli/table.cpp) has an entry of its own in the COMMANDS section,
#     i.e. a line starting with .B/.BI/.BR and the name;
#   - every subcommand of src/cli/app.cpp (add_subcommand("name", ...)) has a .SS heading;
#   - every long option of src/cli/app.cpp ("--name"), and --help, appears in the page.
# Usage: tests/man_check.sh SOURCE_DIR   (the repository root; default: this script's ..)
set -uo pipefail
root=${1:-"$(dirname "$0")/.."}
page="$root/man/carcref.1"
table="$root/src/cli/table.cpp"
app="$root/src/cli/app.cpp"
failed=0
fail() {
  echo "man_check: $*" >&2
  failed=1
}

for f in "$page" "$table" "$app"; do
  [ -r "$f" ] || { echo "man_check: cannot read $f" >&2; exit 1; }
done
command -v groff >/dev/null || { echo "man_check: groff is not installed" >&2; exit 1; }

# 1. The page formats without a single warning.
warnings=$(groff -man -ww -z "$page" 2>&1)
if [ -n "$warnings" ]; then
  fail "groff -man -ww -z reports:"
  printf '%s\n' "$warnings" >&2
fi

# (Here-strings, not pipes into grep -q: with pipefail an early exit of grep would fail the
# pipeline.)
# The page's source with roff escapes that can sit inside a word removed or resolved:
# \- is a hyphen, \& \: \% are zero-width, \fX and \f[X] change the font.
plain=$(sed -e 's/\\-/-/g' -e 's/\\[&:%]//g' -e 's/\\f\[[A-Za-z]*\]//g' -e 's/\\f[A-Za-z]//g' "$page")

# 2. Every command of the table has its own entry in COMMANDS.
commands=$(awk '/Table::Commands\(\)/ {on = 1} on && /return table;/ {on = 0} on' "$table" |
  sed -n 's/^[[:space:]]*{"\([^"]*\)",.*/\1/p')
[ -n "$commands" ] || fail "found no commands in Table::Commands ($table)"
section=$(awk '/^\.SH/ {on = ($0 ~ /^\.SH "?COMMANDS"?$/)} on' <<<"$plain")
for c in $commands; do
  if ! grep -Eq "^\.B[IR]? \"?$c( |\"|\$)" <<<"$section"; then
    fail "command '$c' (src/cli/table.cpp) has no entry in the COMMANDS section"
  fi
done

# 3. Every subcommand has a .SS heading.
subcommands=$(grep -o 'add_subcommand("[^"]*"' "$app" | sed 's/.*("\(.*\)"/\1/')
[ -n "$subcommands" ] || fail "found no subcommands in $app"
for s in $subcommands; do
  if ! grep -Eq "^\.SS \"?$s( |\"|\$)" <<<"$plain"; then
    fail "subcommand '$s' (src/cli/app.cpp) has no .SS heading"
  fi
done

# 4. Every long option appears, as a whole word.
options=$( (grep -o '"--[a-z][a-z0-9-]*' "$app" | sed 's/^"//'; echo --help) | sort -u)
for o in $options; do
  if ! grep -Eq -- "(^|[^a-zA-Z-])$o([^a-zA-Z-]|\$)" <<<"$plain"; then
    fail "option '$o' (src/cli/app.cpp) does not appear in the man page"
  fi
done

if [ "$failed" -ne 0 ]; then
  echo "man_check: $page is out of date" >&2
  exit 1
fi
echo "man_check: ok ($(echo $commands | wc -w) commands, $(echo $subcommands | wc -w) subcommands, $(echo $options | wc -w) options)"
