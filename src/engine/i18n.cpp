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

std::string Fill(std::string_view pattern, const std::vector<std::string>& values) {
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    std::size_t close = pattern.find('}', i);
    if (pattern[i] == '{' && close != std::string_view::npos && close > i + 1 && close - i <= 3) {
      std::string_view digits = pattern.substr(i + 1, close - i - 1);
      bool number = digits.find_first_not_of("0123456789") == std::string_view::npos;
      std::size_t n = number ? static_cast<std::size_t>(std::stoul(std::string(digits))) : 0;
      if (n >= 1 && n <= values.size()) {
        out += values[n - 1];
        i = close;
        continue;
      }
    }
    out += pattern[i];
  }
  return out;
}

}  // namespace carcref
