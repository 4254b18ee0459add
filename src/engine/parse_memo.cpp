#include "engine/parse_memo.h"

#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <utility>

#include "carcref/i18n.h"

namespace carcref {

namespace {

// Results of one parse function by their exact input (the language its messages are worded
// in, the file name, each followed by a NUL, then the text): a refusal is worded in the table's
// language, in English inside an EnglishWords scope. Bounded: past kEntries the oldest entry
// goes.
template <typename R>
class Memo {
 public:
  template <typename Parse>
  R Get(std::string_view text, std::string_view name, Parse parse) {
    const std::string words = WordsInEnglish() ? std::string("en") : CurrentLanguage();
    std::string key;
    key.reserve(words.size() + 1 + name.size() + 1 + text.size());
    key.append(words).push_back('\0');
    key.append(name).push_back('\0');
    key.append(text);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (const auto& entry : entries_)
        if (entry.first == key) return entry.second;
    }
    R result = parse();  // outside the lock: a parse may take a while
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& entry : entries_)
      if (entry.first == key) return result;  // another thread parsed it meanwhile
    entries_.emplace_back(std::move(key), result);
    if (entries_.size() > kEntries) entries_.pop_front();
    return result;
  }

 private:
  static constexpr std::size_t kEntries = 8;
  std::mutex mutex_;
  std::deque<std::pair<std::string, R>> entries_;
};

}  // namespace

// The catalogue's tiles are shared (TilePtr points to a const TileType), so a copy of a
// memoized Catalog is cheap and no caller can change what another one sees.
Result<Catalog> ParseCatalogMemo(std::string_view yaml_text, std::string_view file_name) {
  static Memo<Result<Catalog>> memo;
  return memo.Get(yaml_text, file_name, [&] { return ParseCatalog(yaml_text, file_name); });
}

Result<DescribedSet> ParseDescribedSetMemo(std::string_view yaml_text, std::string_view file_name) {
  static Memo<Result<DescribedSet>> memo;
  return memo.Get(yaml_text, file_name, [&] { return ParseDescribedSet(yaml_text, file_name); });
}

bool IsDescribedSetTextMemo(std::string_view yaml_text) {
  static Memo<bool> memo;
  return memo.Get(yaml_text, "", [&] { return IsDescribedSetText(yaml_text); });
}

}  // namespace carcref
