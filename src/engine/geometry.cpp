#include "carcref/geometry.h"

#include <cctype>
#include <charconv>

namespace carcref {

namespace {

constexpr std::array<std::string_view, 4> kSideNames = {"N", "E", "S", "W"};
constexpr std::array<std::string_view, kPorts> kPortNames = {"NL", "N", "NR", "EL", "E", "ER",
                                                             "SL", "S", "SR", "WL", "W", "WR"};
constexpr std::array<std::string_view, 4> kCornerNames = {"NE", "SE", "SW", "NW"};

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::optional<int> ParseInt(std::string_view s) {
  s = Trim(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  int value = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || ptr != s.data() + s.size() || s.empty()) return std::nullopt;
  return value;
}

}  // namespace

PortMask RotateMask(PortMask mask, int quarters) {
  PortMask out = 0;
  for (Port p = 0; p < kPorts; ++p)
    if (mask & Bit(p)) out |= Bit(RotatePort(p, ((quarters % 4) + 4) % 4));
  return out;
}

std::string_view SideName(Side s) { return kSideNames[s]; }
std::string_view HalfName(Port p) { return kPortNames[p]; }

std::optional<Side> ParseSide(std::string_view s) {
  std::string u = Upper(s);
  for (Side side : kSides)
    if (u == kSideNames[side]) return side;
  return std::nullopt;
}

std::optional<Port> ParseHalf(std::string_view s) {
  std::string u = Upper(s);
  for (Port p = 0; p < kPorts; ++p)
    if (PartOfPort(p) != 1 && u == kPortNames[p]) return p;
  return std::nullopt;
}

std::optional<std::array<Port, 2>> ParseCorner(std::string_view s) {
  std::string u = Upper(s);
  for (int i = 0; i < 4; ++i) {
    if (u == kCornerNames[i]) {
      // Corner i lies between the right half of side i and the left half of side i+1.
      return std::array<Port, 2>{PortOf(static_cast<Side>(i), 2),
                                 PortOf(static_cast<Side>((i + 1) % 4), 0)};
    }
  }
  return std::nullopt;
}

std::string CellName(Cell c) { return std::to_string(c.x) + "," + std::to_string(c.y); }

std::optional<Cell> ParseCell(std::string_view s) {
  auto comma = s.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  auto x = ParseInt(s.substr(0, comma));
  auto y = ParseInt(s.substr(comma + 1));
  if (!x || !y) return std::nullopt;
  return Cell{*x, *y};
}

std::optional<int> ParseRotation(std::string_view s) {
  auto v = ParseInt(s);
  if (!v) return std::nullopt;
  switch (*v) {
    case 0:
      return 0;
    case 90:
      return 1;
    case 180:
      return 2;
    case 270:
      return 3;
    default:
      return std::nullopt;
  }
}

}  // namespace carcref
