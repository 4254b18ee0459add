// Choosing the players' language (DESIGN.md "Languages"): from --lang, the REPL's `lang` or
// the environment, with the catalogue found next to the binary or under the install prefix.
// The words themselves are carcref/i18n.h's.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace carcref {

// The languages carcref speaks, English first: "en", "cs", "sk".
const std::vector<std::string>& Languages();

// "en, cs, sk": for the line that refuses a language carcref does not have.
std::string LanguagesWords();

// Chooses the language of the table's words for the rest of the process (the REPL's `lang`
// may choose again). `code` is one of Languages() ("cs", also "cs_CZ.UTF-8" and the like);
// anything else returns false and changes nothing. The catalogue is looked up in
// CatalogueDir(); a missing or damaged one means English words, never an error. Sets only
// LC_MESSAGES (to C.UTF-8, which glibc has built in, so no locale needs generating) and
// LANGUAGE: numbers, character classes and sorting stay the "C" locale's.
bool SetLanguage(std::string_view code);

// The language the user's environment asks for, the first of LANGUAGE's list (cs:sk), then
// LC_ALL, LC_MESSAGES, LANG that carcref speaks; "en" when none does (a language carcref does
// not have is English without a word). Reads the environment only.
std::string LanguageFromEnvironment();

// Where the catalogues are: $CARCREF_LOCALEDIR if set; else locale/ next to the binary (the
// build tree's build/locale/LANG/LC_MESSAGES/carcref.mo); else ../share/locale next to it (an
// install under any prefix); else the configured install directory.
std::string CatalogueDir();

// "error: " in the table's language ("chyba: "): the head of every refused line, after the
// script's FILE:LINE when there is one.
std::string ErrorPrefix();

}  // namespace carcref
