// Small helpers for the words carcref says: lower case and counted nouns.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace carcref {

// ASCII lower case ("Anna" -> "anna"); other bytes are kept.
std::string Lower(std::string_view s);
// "1 tile", "3 tiles".
std::string Plural(long long n, std::string_view one, std::string_view many);
// The lines of a text, without their newlines ("a\nb\n" -> {"a", "b"}).
std::vector<std::string> Lines(const std::string& text);

}  // namespace carcref
