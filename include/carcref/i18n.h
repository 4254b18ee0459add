// The players' language (DESIGN.md "Languages"): the table's words through GNU gettext,
// English the source and the default, Czech and Slovak from po/cs.po and po/sk.po. The engine
// and every game word what the table reads through these; the front end chooses the language
// (cli/language.h).
//
// Words are never data: what a game keeps (its scorings' words, the log, the JSON, the hashes)
// is worded in English whatever the table speaks. The game a table keeps is therefore changed
// only inside an EnglishWords scope, and the table's lines in another language come from a
// copy of the game given the same command (engine/match.h).
//
// Every message is a whole sentence, marked for xgettext (CMakeLists.txt, target `pot`, reads
// the keywords Tr, TrContext:1c,2, TrPlural:1,2, TrContextPlural:1c,2,3 and TrNoop). A message
// with values names them {1}, {2} … and is filled by Fill(), so a translation may reorder them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace carcref {

// The language chosen for the table's words ("en", "cs", "sk"), "en" until the front end
// chose another; inside an EnglishWords scope still the chosen one (only the words change).
const std::string& CurrentLanguage();

// Chooses the language of Tr's words for the rest of the process, after the front end found a
// sound catalogue for it (cli/language.h SetLanguage): "en" for the source text.
void SetWordsLanguage(const std::string& language);

// While one lives (on this thread), Tr and its kin give the English source text whatever
// language is chosen: for what a game keeps, the log and the JSON. Scopes nest.
class EnglishWords {
 public:
  EnglishWords();
  ~EnglishWords();
  EnglishWords(const EnglishWords&) = delete;
  EnglishWords& operator=(const EnglishWords&) = delete;
};

// Whether Tr gives the English source text now (English chosen, or an EnglishWords scope).
bool WordsInEnglish();

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
