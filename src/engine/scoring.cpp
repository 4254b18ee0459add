#include "carcref/scoring.h"

#include <algorithm>

#include "carcref/i18n.h"

namespace carcref {

namespace {

// The counted nouns of a scoring's reason, in the table's words ("3 tiles", "3 kartičky").
std::string Tiles(int n) { return Fill(TrPlural("{1} tile", "{1} tiles", n), {std::to_string(n)}); }

std::string Pennants(int n) {
  return Fill(TrPlural("{1} pennant", "{1} pennants", n), {std::to_string(n)});
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
      why = Tiles(tiles) + " = " + std::to_string(value);
      break;
    case FeatureKind::kCity:
      if (complete) {  // A.6.2: 2 per tile, 2 per pennant, no small-city exception
        value = 2 * tiles + 2 * pennants;
        why = Tiles(tiles) + " × 2";
        if (pennants) why += " + " + Pennants(pennants) + " × 2";
      } else {  // A.8.2
        value = tiles + pennants;
        why = Tiles(tiles);
        if (pennants) why += " + " + Pennants(pennants);
      }
      why += " = " + std::to_string(value);
      break;
    case FeatureKind::kMonastery:
      if (complete) {  // A.6.3
        value = 9;
        // TRANSLATORS: a completed monastery's score (surrounded by 8 tiles).
        why = Tr("surrounded = 9");
      } else {  // A.8.3: the tiles of its 3×3 block, itself included
        value = tiles;
        // TRANSLATORS: an unfinished monastery's score: {1} the tiles of its 3×3 block, {2} the
        // points.
        why = Fill(
            TrPlural("{1} tile in its 3×3 block = {2}", "{1} tiles in its 3×3 block = {2}", tiles),
            {std::to_string(tiles), std::to_string(value)});
      }
      break;
    case FeatureKind::kField:
      why = Tr("fields score only at the end");
      break;
    case FeatureKind::kCastle:  // valued by the game's rule module (B.9.7, C.7)
    case FeatureKind::kCemetery:
    case FeatureKind::kMist:
      why = Tr("no base-game value");
      break;
  }
  if (reason) *reason = why;
  return value;
}

int FieldValue(int completed_cities, std::string* reason) {
  int value = 3 * completed_cities;
  if (reason)
    // TRANSLATORS: a field's score: {1} the completed cities it supplies, {2} the points.
    *reason = Fill(TrPlural("{1} completed city × 3 = {2}", "{1} completed cities × 3 = {2}",
                            completed_cities),
                   {std::to_string(completed_cities), std::to_string(value)});
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
