#include "carcref/words.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace carcref {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string Plural(long long n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

namespace {

// Code points that take no column: combining marks (a decomposed "Š" is S + U+030C) and the
// zero-width characters.
bool ZeroWidth(char32_t c) {
  return (c >= 0x0300 && c <= 0x036F) || (c >= 0x0483 && c <= 0x0489) ||
         (c >= 0x1AB0 && c <= 0x1AFF) || (c >= 0x1DC0 && c <= 0x1DFF) ||
         (c >= 0x200B && c <= 0x200F) || (c >= 0x20D0 && c <= 0x20FF) ||
         (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xFE20 && c <= 0xFE2F) || c == 0xFEFF;
}

// Code points a terminal draws two columns wide (East Asian Wide and Fullwidth, emoji).
bool Wide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
         (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
         (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
         (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
         (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD);
}

}  // namespace

std::size_t DisplayWidth(std::string_view text) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size();) {
    unsigned char b = static_cast<unsigned char>(text[i]);
    std::size_t more = b >= 0xF0 && b < 0xF8 ? 3 : b >= 0xE0 ? 2 : b >= 0xC2 && b < 0xE0 ? 1 : 0;
    if (b >= 0xF8) more = 0;
    char32_t c = more == 3 ? (b & 0x07) : more == 2 ? (b & 0x0F) : more == 1 ? (b & 0x1F) : b;
    bool whole = i + more < text.size() || more == 0;
    for (std::size_t k = 1; whole && k <= more; ++k) {
      unsigned char n = static_cast<unsigned char>(text[i + k]);
      if ((n & 0xC0) != 0x80) whole = false;
      c = (c << 6) | (n & 0x3F);
    }
    if (!whole || (more == 0 && b >= 0x80)) {  // not UTF-8: a byte, a column
      ++width;
      ++i;
      continue;
    }
    i += more + 1;
    width += ZeroWidth(c) ? 0 : Wide(c) ? 2 : 1;
  }
  return width;
}

std::string PadRight(const std::string& text, std::size_t width) {
  std::size_t w = DisplayWidth(text);
  return text + std::string(width > w ? width - w : 0, ' ');
}

std::string PadLeft(const std::string& text, std::size_t width) {
  std::size_t w = DisplayWidth(text);
  return std::string(width > w ? width - w : 0, ' ') + text;
}

std::string HeadRow(const std::vector<std::string>& heads, const std::vector<std::size_t>& least,
                    std::vector<std::size_t>* widths) {
  std::string row;
  widths->clear();
  for (std::size_t i = 0; i < heads.size(); ++i) {
    widths->push_back(std::max(i < least.size() ? least[i] : 0, DisplayWidth(heads[i])));
    row += (i ? "  " : "") + PadLeft(heads[i], widths->back());
  }
  return row;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> QuestionWords(std::string_view line) {
  std::istringstream in{std::string(line)};
  std::vector<std::string> words;
  for (std::string w; in >> w && w[0] != '#';) words.push_back(w);
  return words;
}

bool IsDigits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

std::optional<std::int64_t> ReadNumber(std::string_view text, std::int64_t cap) {
  if (!IsDigits(text)) return std::nullopt;
  std::int64_t value = 0;
  for (char c : text) {
    int digit = c - '0';
    if (value > (cap - digit) / 10) return cap;  // checked before it could overflow
    value = value * 10 + digit;
  }
  return value;
}

std::size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string Nearest(std::string_view word, const std::vector<std::string>& known,
                    std::size_t below) {
  std::string best;
  for (const std::string& k : known)
    if (std::size_t d = EditDistance(word, k); d < below) {
      below = d;
      best = k;
    }
  return best;
}

}  // namespace carcref
