// Small helpers for the words carcref says and reads: lower case, counted nouns, the numbers
// players type and the nearest known word to a mistyped one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carcref {

// ASCII lower case ("Anna" -> "anna"); other bytes are kept.
std::string Lower(std::string_view s);
// "1 tile", "3 tiles".
std::string Plural(long long n, std::string_view one, std::string_view many);
// The columns `text` (UTF-8) takes on a terminal: one per character, none for a combining
// mark or a zero-width character, two for a wide (East Asian) one; a byte that is not UTF-8
// counts one. Independent of the locale ("Šárka" is 5, as "Sarka").
std::size_t DisplayWidth(std::string_view text);
// `text` padded with spaces to `width` display columns on the right (PadRight) or the left
// (PadLeft); text as wide or wider is returned as it is.
std::string PadRight(const std::string& text, std::size_t width);
std::string PadLeft(const std::string& text, std::size_t width);
// A table's head row: each head right-aligned in a column as wide as the head's display width,
// at least `least[i]` (its English width, so English tables keep their look), two spaces apart;
// the columns' widths in `widths`, for the rows under it.
std::string HeadRow(const std::vector<std::string>& heads, const std::vector<std::size_t>& least,
                    std::vector<std::size_t>* widths);
// The lines of a text, without their newlines ("a\nb\n" -> {"a", "b"}).
std::vector<std::string> Lines(const std::string& text);
// The words of a question typed to a game ("where  U  # a note" -> {"where", "U"}): split at
// white space, up to a word starting with '#' (a comment). Empty for an empty line.
std::vector<std::string> QuestionWords(std::string_view line);

// One or more ASCII digits and nothing else (no sign, no space, no dot).
bool IsDigits(std::string_view text);
// The one way a typed number is read (a count, a list number, a session id): IsDigits text, or
// nullopt. A value above `cap` reads as `cap`, so no typed number overflows; the caller's range
// check then refuses it as too big ("calm 99999999999" is too many ghosts, not a wrapped int).
std::optional<std::int64_t> ReadNumber(std::string_view text, std::int64_t cap = INT64_MAX);

// The edit distance (insertions, deletions, substitutions) between two words, for "did you mean".
std::size_t EditDistance(std::string_view a, std::string_view b);
// The first of `known` nearest to `word`, if nearer than `below`; "" when none is.
std::string Nearest(std::string_view word, const std::vector<std::string>& known,
                    std::size_t below);

}  // namespace carcref
