// The hash behind Game::Hash (DESIGN.md): FNV-1a 64 over fields, each ended by 0xff. A field
// is fed in pieces (text and decimal numbers) so that no string is built: the bytes, and so
// the hash, are those of the whole field as text ("E@2,-1/1"), which logged sessions check on
// resume.
#pragma once

#include <charconv>
#include <cstdint>
#include <string_view>

#include "carcref/geometry.h"
#include "carcref/tile.h"

namespace carcref {

class FieldHash {
 public:
  FieldHash& operator<<(std::string_view s) {
    for (unsigned char c : s) Byte(c);
    return *this;
  }
  FieldHash& operator<<(int n) {
    char digits[16];
    auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
    (void)ec;  // an int always fits
    return *this << std::string_view(digits, static_cast<size_t>(end - digits));
  }
  FieldHash& operator<<(Cell c) { return *this << c.x << "," << c.y; }  // CellName
  void End() { Byte(0xff); }
  std::uint64_t value() const { return h_; }

 private:
  void Byte(unsigned char c) {
    h_ ^= c;
    h_ *= 1099511628211ull;
  }
  std::uint64_t h_ = 1469598103934665603ull;
};

// Feeds `h` the bytes of HashKey(t) (carcref/tile.h) without building the string: a described
// tile's part of a state hash (Mists tiles, in Mists and GCC). The field is not ended.
void HashTileKey(FieldHash& h, const TileType& t);

}  // namespace carcref
