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
