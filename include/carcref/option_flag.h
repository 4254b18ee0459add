// A game option that is a flag, off by default: one of the register's alternatives
// (RULES.md §E) as a `play` option. One table of these per game serves the option list, the
// options read from `play` and from a logged session, the logged options and `status --json`.
#pragma once

namespace carcref {

template <class Options>
struct OptionFlag {
  const char* option;  // "--only-scorers-pay"
  const char* key;     // "only_scorers_pay": its key in the logged options and status --json
  bool Options::*flag;
  const char* help;
};

}  // namespace carcref
