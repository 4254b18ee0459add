#include "cli/language.h"

#include <libintl.h>

#include <clocale>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "carcref/i18n.h"

// glibc's count of catalogue changes (GNU gettext manual, "Being a gettext grok"): raised after
// LANGUAGE changes so that a second `lang` is not answered from the first one's cache.
extern "C" int _nl_msg_cat_cntr;

namespace carcref {

namespace fs = std::filesystem;

namespace {

constexpr const char kDomain[] = "carcref";
constexpr const char kMoFile[] = "carcref.mo";

// "cs_CZ.UTF-8" -> "cs"; "C", "POSIX", "C.UTF-8" and "" -> "" (no language named).
std::string LanguageOf(std::string_view locale) {
  std::string_view code = locale.substr(0, locale.find_first_of("_.@"));
  if (code.empty() || code == "C" || code == "POSIX") return "";
  for (const std::string& l : Languages())
    if (code == l) return l;
  return "";
}

// Whether `path` is a .mo file glibc may read without reading past its end: glibc trusts the
// offsets in the file (a damaged one crashed carcref), so every table and string is checked
// to lie inside the file first. A missing, unreadable or damaged file is false: English.
bool SoundCatalogue(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  constexpr std::size_t kLargest = 16 << 20;  // carcref's catalogues are a few kilobytes
  std::string data;
  data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (data.size() < 28 || data.size() > kLargest) return false;
  auto word_at = [&data](std::size_t at, bool swap) -> std::uint64_t {
    if (at + 4 > data.size()) return UINT64_MAX;
    std::uint32_t w = 0;
    for (int i = 0; i < 4; ++i)
      w |= static_cast<std::uint32_t>(static_cast<unsigned char>(data[at + i])) << (8 * i);
    if (swap) w = (w >> 24) | ((w >> 8) & 0xFF00) | ((w << 8) & 0xFF0000) | (w << 24);
    return w;
  };
  bool swap = word_at(0, false) != 0x950412de;
  if (word_at(0, swap) != 0x950412de) return false;
  // Revision 0 only: a major revision glibc does not know, or system-dependent strings
  // (minor revision 1), are not carcref's.
  if (word_at(4, swap) != 0) return false;
  std::uint64_t count = word_at(8, swap), originals = word_at(12, swap),
                translations = word_at(16, swap), hash_size = word_at(20, swap),
                hash_at = word_at(24, swap);
  std::uint64_t size = data.size();
  if (count > size || originals + count * 8 > size || translations + count * 8 > size ||
      hash_size > size || (hash_size > 0 && hash_at + hash_size * 4 > size))
    return false;
  for (std::uint64_t table : {originals, translations})
    for (std::uint64_t i = 0; i < count; ++i) {
      std::uint64_t length = word_at(table + i * 8, swap), at = word_at(table + i * 8 + 4, swap);
      if (at >= size || length >= size - at || data[at + length] != '\0') return false;
    }
  for (std::uint64_t i = 0; i < hash_size; ++i)
    if (word_at(hash_at + i * 4, swap) > count) return false;
  return true;
}

}  // namespace

const std::vector<std::string>& Languages() {
  static const std::vector<std::string> languages = {"en", "cs", "sk"};
  return languages;
}

std::string LanguagesWords() {
  std::string out;
  for (const std::string& l : Languages()) out += (out.empty() ? "" : ", ") + l;
  return out;
}

std::string CatalogueDir() {
  if (const char* env = std::getenv("CARCREF_LOCALEDIR"); env && *env) return env;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    // The build tree: the .mo files are built next to the binary (CMakeLists.txt).
    if (fs::is_directory(exe.parent_path() / "locale", ec)) return (exe.parent_path() / "locale");
    fs::path share = exe.parent_path() / ".." / "share" / "locale";
    if (fs::is_directory(share, ec)) return share.lexically_normal().string();
  }
#ifdef CARCREF_INSTALL_LOCALEDIR
  return CARCREF_INSTALL_LOCALEDIR;
#else
  return "/usr/share/locale";
#endif
}

bool SetLanguage(std::string_view code) {
  std::string language = LanguageOf(code);
  if (language.empty()) return false;
  std::string dir = CatalogueDir();
  // A missing or damaged catalogue is English, without a word (the table goes on).
  if (language != "en" && !SoundCatalogue(fs::path(dir) / language / "LC_MESSAGES" / kMoFile))
    language = "en";
  SetWordsLanguage(language);
  if (language == "en") return true;
  // glibc reads LANGUAGE only when the messages locale is not "C", and a container seldom has
  // cs_CZ.UTF-8 generated: C.UTF-8 is built into glibc (2.35+) and is not "C". Only
  // LC_MESSAGES changes, so numbers stay as they were. setlocale also tells gettext to look
  // again (a REPL's second `lang`).
  if (!std::setlocale(LC_MESSAGES, "C.UTF-8")) std::setlocale(LC_MESSAGES, "C.utf8");
  setenv("LANGUAGE", language.c_str(), 1);
  bindtextdomain(kDomain, dir.c_str());
  // The catalogues are UTF-8 and so is the terminal's text: no conversion to the "C" locale's
  // ASCII, whatever LC_CTYPE is.
  bind_textdomain_codeset(kDomain, "UTF-8");
  ++_nl_msg_cat_cntr;
  return true;
}

std::string LanguageFromEnvironment() {
  if (const char* list = std::getenv("LANGUAGE"); list && *list) {
    std::string_view rest(list);
    while (!rest.empty()) {
      std::string_view one = rest.substr(0, rest.find(':'));
      if (std::string l = LanguageOf(one); !l.empty()) return l;
      rest.remove_prefix(std::min(rest.size(), one.size() + 1));
    }
  }
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"})
    if (const char* value = std::getenv(name); value && *value) {
      std::string l = LanguageOf(value);
      return l.empty() ? "en" : l;  // the first one set decides, as for setlocale
    }
  return "en";
}

std::string ErrorPrefix() {
  // TRANSLATORS: the head of a refused line ("error: 5,5 has no neighbour"), as compilers word it.
  return Tr("error:") + " ";
}

}  // namespace carcref
