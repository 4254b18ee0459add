// The players' language (DESIGN.md "Languages"): the front end's words through GNU gettext,
// English the source and the default, Czech and Slovak from po/cs.po and po/sk.po. Only the
// front end calls these: the engine, the log, the hashes and the JSON never depend on the
// language (a session played in Czech reviews in English).
//
// Every message is a whole sentence, marked for xgettext (CMakeLists.txt, target `pot`, reads
// the keywords Tr, TrContext:1c,2, TrPlural:1,2, TrContextPlural:1c,2,3 and TrNoop). A message
// with values names them {1}, {2} … and is filled by Fill(), so a translation may reorder them.
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

// The language chosen, "en" until SetLanguage chose another.
const std::string& CurrentLanguage();

// Where the catalogues are: $CARCREF_LOCALEDIR if set; else locale/ next to the binary (the
// build tree's build/locale/LANG/LC_MESSAGES/carcref.mo); else ../share/locale next to it (an
// install under any prefix); else the configured install directory.
std::string CatalogueDir();

// The message in the chosen language; `msgid` itself in English or when the catalogue lacks
// it. (gettext)
std::string Tr(const char* msgid);
// The same for a word that could be read two ways, told apart by `context` ("step" for the
// prompt's "tile"). (pgettext)
std::string TrContext(const char* context, const char* msgid);
// The plural form for `n` (Czech and Slovak have three: 1 bod, 2 body, 5 bodů). (ngettext)
std::string TrPlural(const char* singular, const char* plural, long long n);
// Both. (npgettext)
std::string TrContextPlural(const char* context, const char* singular, const char* plural,
                            long long n);
// Marks a message kept in a table for xgettext; it is translated where it is printed (Tr).
constexpr const char* TrNoop(const char* msgid) { return msgid; }

// `pattern` with {1}, {2} … replaced by values[0], values[1] …; a number past the values, or a
// brace that is not such a mark, is left as it is.
std::string Fill(std::string_view pattern, const std::vector<std::string>& values);

}  // namespace carcref
