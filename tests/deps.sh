#!/usr/bin/env bash
# Installs what carcref needs to build and test, from Debian packages, if anything is missing.
set -euo pipefail
packages=(cmake g++ make pkg-config libcli11-dev libyaml-cpp-dev libsqlite3-dev catch2 libedit-dev
          sqlite3 man-db groff-base libxml2-utils librsvg2-bin python3 strace clang-format
          zsh                       # the zsh completion's syntax check (tests/completion_test.sh)
          clang libclang-rt-14-dev  # clang and its runtime: the libFuzzer build (tests/fuzz)
          libcpp-httplib-dev        # the live board page's HTTP server
          gettext                   # xgettext and msgfmt: the translations (po/)
          chromium-headless-shell)  # the live board page's test in a real browser
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
