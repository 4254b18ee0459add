#include "carcref/scoring.h"

#include <algorithm>

namespace carcref {

namespace {

std::string Count(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

void ScoreTotals::Add(FeatureKind kind, int points) {
  switch (kind) {
    case FeatureKind::kRoad:
      roads += points;
      break;
    case FeatureKind::kCity:
      cities += points;
      break;
    case FeatureKind::kMonastery:
      monasteries += points;
      break;
    case FeatureKind::kField:
      farms += points;
      break;
    case FeatureKind::kCastle:
      castles += points;
      break;
    case FeatureKind::kCemetery:
      cemeteries += points;
      break;
    case FeatureKind::kMist:
      break;  // finishing mist never scores (B.6.5)
  }
}

int FeatureValue(FeatureKind kind, bool complete, int tiles, int pennants, std::string* reason) {
  int value = 0;
  std::string why;
  switch (kind) {
    case FeatureKind::kRoad:  // A.6.1, A.8.1: 1 per tile either way
      value = tiles;
      why = Count(tiles, "tile", "tiles") + " = " + std::to_string(value);
      break;
    case FeatureKind::kCity:
      if (complete) {  // A.6.2: 2 per tile, 2 per pennant, no small-city exception
        value = 2 * tiles + 2 * pennants;
        why = Count(tiles, "tile", "tiles") + " × 2";
        if (pennants) why += " + " + Count(pennants, "pennant", "pennants") + " × 2";
      } else {  // A.8.2
        value = tiles + pennants;
        why = Count(tiles, "tile", "tiles");
        if (pennants) why += " + " + Count(pennants, "pennant", "pennants");
      }
      why += " = " + std::to_string(value);
      break;
    case FeatureKind::kMonastery:
      if (complete) {  // A.6.3
        value = 9;
        why = "surrounded = 9";
      } else {  // A.8.3: the tiles of its 3×3 block, itself included
        value = tiles;
        why = Count(tiles, "tile", "tiles") + " in its 3×3 block = " + std::to_string(value);
      }
      break;
    case FeatureKind::kField:
      why = "fields score only at the end";
      break;
    case FeatureKind::kCastle:  // valued by the game's rule module (B.9.7, C.7)
    case FeatureKind::kCemetery:
    case FeatureKind::kMist:
      why = "no base-game value";
      break;
  }
  if (reason) *reason = why;
  return value;
}

int FieldValue(int completed_cities, std::string* reason) {
  int value = 3 * completed_cities;
  if (reason)
    *reason = Count(completed_cities, "completed city", "completed cities") +
              " × 3 = " + std::to_string(value);
  return value;
}

std::vector<int> MajorityWinners(const std::vector<int>& meeples) {
  std::vector<int> winners;
  int most = meeples.empty() ? 0 : *std::max_element(meeples.begin(), meeples.end());
  if (most == 0) return winners;
  for (int p = 0; p < static_cast<int>(meeples.size()); ++p)
    if (meeples[p] == most) winners.push_back(p);
  return winners;
}

}  // namespace carcref
