#include "carcref/i18n.h"

#include <libintl.h>

namespace carcref {

namespace {

constexpr const char kDomain[] = "carcref";

std::string& Chosen() {
  static std::string language = "en";
  return language;
}

// EnglishWords scopes open on this thread.
thread_local int english_scopes = 0;

}  // namespace

const std::string& CurrentLanguage() { return Chosen(); }

void SetWordsLanguage(const std::string& language) { Chosen() = language; }

EnglishWords::EnglishWords() { ++english_scopes; }
EnglishWords::~EnglishWords() { --english_scopes; }

// The msgid when English is chosen or asked for: no catalogue is asked, whatever LANGUAGE says,
// so English is the source text byte for byte.
bool WordsInEnglish() { return english_scopes > 0 || Chosen() == "en"; }

std::string Tr(const char* msgid) { return WordsInEnglish() ? msgid : dgettext(kDomain, msgid); }

std::string TrContext(const char* context, const char* msgid) {
  if (WordsInEnglish()) return msgid;
  // pgettext's convention: the context and the message joined by EOT (gettext.h).
  std::string key = std::string(context) + '\x04' + msgid;
  const char* found = dgettext(kDomain, key.c_str());
  return found == key.c_str() || key == found ? msgid : found;
}

std::string TrPlural(const char* singular, const char* plural, long long n) {
  unsigned long count = static_cast<unsigned long>(n < 0 ? -n : n);
  if (WordsInEnglish()) return count == 1 ? singular : plural;
  return dngettext(kDomain, singular, plural, count);
}

std::string TrContextPlural(const char* context, const char* singular, const char* plural,
                            long long n) {
  unsigned long count = static_cast<unsigned long>(n < 0 ? -n : n);
  if (WordsInEnglish()) return count == 1 ? singular : plural;
  std::string key = std::string(context) + '\x04' + singular;
  const char* found = dngettext(kDomain, key.c_str(), plural, count);
  if (found == key.c_str() || key == found) return count == 1 ? singular : plural;
  return found;
}

// A mark is {N} with one or two digits naming a value; anything else is copied as it stands.
// Copies the text between marks in one piece (this runs for every worded line).
std::string Fill(std::string_view pattern, const std::vector<std::string>& values) {
  std::string out;
  out.reserve(pattern.size() + 16);
  std::size_t i = 0;
  while (i < pattern.size()) {
    const std::size_t open = pattern.find('{', i);
    if (open == std::string_view::npos) {
      out.append(pattern.substr(i));
      break;
    }
    out.append(pattern.substr(i, open - i));
    const std::size_t close = pattern.find('}', open);
    if (close != std::string_view::npos && close > open + 1 && close - open <= 3) {
      std::size_t n = 0;
      bool number = true;
      for (char c : pattern.substr(open + 1, close - open - 1)) {
        number = number && c >= '0' && c <= '9';
        n = n * 10 + static_cast<std::size_t>(c - '0');
      }
      if (number && n >= 1 && n <= values.size()) {
        out += values[n - 1];
        i = close + 1;
        continue;
      }
    }
    out += '{';
    i = open + 1;
  }
  return out;
}

}  // namespace carcref
