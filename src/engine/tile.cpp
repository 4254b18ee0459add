#include "carcref/tile.h"

#include <algorithm>
#include <tuple>

#include "carcref/i18n.h"
#include "engine/field_hash.h"
#include "engine/kind_words.h"

namespace carcref {

std::string_view FeatureKindName(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::kRoad:
      return "road";
    case FeatureKind::kCity:
      return "city";
    case FeatureKind::kField:
      return "field";
    case FeatureKind::kMonastery:
      return "monastery";
    case FeatureKind::kCastle:
      return "castle";
    case FeatureKind::kCemetery:
      return "cemetery";
    case FeatureKind::kMist:
      return "mist";
  }
  return "?";
}

namespace {

std::string PortList(PortMask mask, const char* sep) {
  std::string out;
  for (Port p = 0; p < kPorts; ++p) {
    if (!(mask & Bit(p))) continue;
    if (!out.empty()) out += sep;
    out += HalfName(p);
  }
  return out;
}

// Sides whose middle port is in the mask, in N E S W order.
std::vector<Side> MiddleSides(PortMask mask) {
  std::vector<Side> out;
  for (Side s : kSides)
    if (mask & Bit(MiddlePort(s))) out.push_back(s);
  return out;
}

int CountRoadSides(const TileType& t) {
  int n = 0;
  for (Side s : kSides) n += t.edges[s] == EdgeKind::kRoad;
  return n;
}

bool HasCity(const TileType& t) {
  return std::any_of(t.segments.begin(), t.segments.end(),
                     [](const Segment& s) { return s.kind == FeatureKind::kCity; });
}

bool IsMiddleFeature(FeatureKind k) {
  return k == FeatureKind::kMonastery || k == FeatureKind::kCastle || k == FeatureKind::kCemetery;
}

}  // namespace

Status TileType::Finalize() {
  port_owner.fill(-1);
  mist_owner.fill(-1);
  if (face_down) {
    if (!segments.empty()) return Status::Corrupt(Tr("a face-down tile shows nothing"));
    rotation_period = 1;
    return Status::Ok();
  }
  int middles = 0;
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    const Segment& seg = segments[i];
    // The feature's words only for a refusal: Finalize runs for every tile read.
    auto name = [&seg] { return FeatureKindWords(seg.kind); };
    if (IsMiddleFeature(seg.kind)) {
      // TRANSLATORS: {1} a feature in the middle of a tile ("monastery").
      if (seg.ports != 0) return Status::Corrupt(Fill(Tr("a {1} owns no edge"), {name()}));
      if (++middles > 1)
        return Status::Corrupt(Tr("a tile has one middle feature (monastery, castle or cemetery)"));
      if (centre != Centre::kNone)
        return Status::Corrupt(
            Fill(Tr("a tile with a {1} has no village or ruin in the middle"), {name()}));
    }
    if (seg.kind != FeatureKind::kMist && seg.ghosts != 0)
      // TRANSLATORS: {1} a feature ("city").
      return Status::Corrupt(Fill(Tr("ghost symbols stand in mist, not on a {1}"), {name()}));
    if (seg.ghosts < 0) return Status::Corrupt(Tr("ghost symbols cannot be negative"));
    if (seg.kind != FeatureKind::kRoad && seg.kind != FeatureKind::kMist && seg.misty != 0)
      // TRANSLATORS: {1} a feature ("city").
      return Status::Corrupt(
          Fill(Tr("mist lies on fields and roads only, not on a {1} (B.5.2)"), {name()}));
    if (seg.kind == FeatureKind::kRoad && (seg.misty & ~seg.ports))
      return Status::Corrupt(Tr("a road's mist must lie on its own edges"));
    if (seg.kind != FeatureKind::kCity && seg.pennants != 0)
      return Status::Corrupt(Tr("only a city can have pennants"));
    if (seg.pennants < 0) return Status::Corrupt(Tr("pennants cannot be negative"));
    if (seg.kind != FeatureKind::kField && !seg.cities.empty())
      return Status::Corrupt(Tr("only a field borders cities"));
    for (Port p = 0; p < kPorts; ++p) {
      if (!(seg.ports & Bit(p))) continue;
      if (port_owner[p] != -1)
        return Status::Corrupt(
            Fill(Tr("half-edge {1} is in two segments"), {std::string(HalfName(p))}));
      port_owner[p] = i;
    }
    if (seg.kind == FeatureKind::kRoad) {
      size_t sides = MiddleSides(seg.ports).size();
      if (sides == 0 || sides > 2)
        return Status::Corrupt(
            Tr("a road runs from one or two edges (roads meeting at a "
               "junction are separate roads)"));
    }
    for (int c : seg.cities) {
      if (c < 0 || c >= static_cast<int>(segments.size()) || segments[c].kind != FeatureKind::kCity)
        return Status::Corrupt(Tr("a field borders a city that is not on the tile"));
    }
  }
  // Mist covers the ports its area owns and the road middles it names; a misty road middle is
  // covered by exactly one area.
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    const Segment& seg = segments[i];
    if (seg.kind != FeatureKind::kMist) continue;
    for (Port p = 0; p < kPorts; ++p) {
      if (seg.ports & Bit(p)) mist_owner[p] = i;
      if (!(seg.misty & Bit(p))) continue;
      int road = port_owner[p];
      if (road < 0 || segments[road].kind != FeatureKind::kRoad || !(segments[road].misty & Bit(p)))
        // TRANSLATORS: {1} a side.
        return Status::Corrupt(Fill(Tr("mist covers edge {1} but no misty road runs there"),
                                    {std::string(SideName(SideOfPort(p)))}));
      if (mist_owner[p] != -1 && mist_owner[p] != i)
        return Status::Corrupt(Fill(Tr("two mist areas cover the road at edge {1}"),
                                    {std::string(SideName(SideOfPort(p)))}));
      mist_owner[p] = i;
    }
  }
  for (const Segment& seg : segments) {
    if (seg.kind != FeatureKind::kRoad) continue;
    for (Port p = 0; p < kPorts; ++p)
      if ((seg.misty & Bit(p)) && mist_owner[p] < 0)
        return Status::Corrupt(Fill(Tr("the misty road at edge {1} lies in no mist area"),
                                    {std::string(SideName(SideOfPort(p)))}));
  }
  // The middle of a field edge belongs to the field (or mist) on both its halves.
  for (Side s : kSides) {
    Port mid = MiddlePort(s);
    if (edges[s] == EdgeKind::kField && port_owner[mid] == -1 &&
        port_owner[PortOf(s, 0)] == port_owner[PortOf(s, 2)] && port_owner[PortOf(s, 0)] >= 0) {
      int owner = port_owner[PortOf(s, 0)];
      port_owner[mid] = owner;
      segments[owner].ports |= Bit(mid);
      if (segments[owner].kind == FeatureKind::kMist) mist_owner[mid] = owner;
    }
  }
  rotation_period = SameGeometry(*this, *this, 1) ? 1 : SameGeometry(*this, *this, 2) ? 2 : 4;
  for (Side s : kSides) {
    for (int part = 0; part < 3; ++part) {
      Port p = PortOf(s, part);
      int owner = port_owner[p];
      if (owner < 0) {
        if (edges[s] == EdgeKind::kField && part == 1) continue;  // fields split at the middle
        return Status::Corrupt(
            part == 1
                ? Fill(Tr("edge {1} belongs to no segment"), {std::string(SideName(s))})
                : Fill(Tr("half-edge {1} belongs to no segment"), {std::string(HalfName(p))}));
      }
      FeatureKind kind = segments[owner].kind;
      if (kind == FeatureKind::kMist && edges[s] != EdgeKind::kCity &&
          !(edges[s] == EdgeKind::kRoad && part == 1))
        kind = FeatureKind::kField;  // mist lies over field: for the edge it is field (B.5.1)
      FeatureKind want = FeatureKind::kField;
      if (edges[s] == EdgeKind::kCity) want = FeatureKind::kCity;
      if (edges[s] == EdgeKind::kRoad && part == 1) want = FeatureKind::kRoad;
      if (kind != want) {
        const std::string edge = edges[s] == EdgeKind::kCity   ? TrContext("edge kind", "city")
                                 : edges[s] == EdgeKind::kRoad ? TrContext("edge kind", "road")
                                                               : TrContext("edge kind", "field");
        // TRANSLATORS: {1} a side or half-edge, {2} the feature there ("road"), {3} the side,
        // {4} the edge's kind ("city").
        return Status::Corrupt(
            Fill(part == 1 ? Tr("edge {1} is {2} but the {3} edge is {4}")
                           : Tr("half-edge {1} is {2} but the {3} edge is {4}"),
                 {part == 1 ? std::string(SideName(s)) : std::string(HalfName(p)),
                  FeatureKindWords(kind), std::string(SideName(s)), edge}));
      }
    }
  }
  return Status::Ok();
}

bool TileType::HasKind(FeatureKind kind) const {
  return std::any_of(segments.begin(), segments.end(),
                     [kind](const Segment& s) { return s.kind == kind; });
}

int TileType::GhostSymbols() const {
  int n = 0;
  for (const Segment& s : segments) n += s.ghosts;
  return n;
}

PortMask TileType::MistyPorts() const {
  PortMask m = 0;
  for (Port p = 0; p < kPorts; ++p)
    if (mist_owner[p] >= 0) m |= Bit(p);
  return m;
}

bool TileType::HasMonastery() const {
  return std::any_of(segments.begin(), segments.end(),
                     [](const Segment& s) { return s.kind == FeatureKind::kMonastery; });
}

int TileType::Pennants() const {
  int n = 0;
  for (const Segment& s : segments) n += s.pennants;
  return n;
}

std::string TileType::EdgeString() const {
  std::string out;
  for (EdgeKind e : edges) out += static_cast<char>(e);
  return out;
}

EdgeKind EdgeAfterRotation(const TileType& t, Side board_side, int quarters) {
  return t.edges[(board_side + 4 - quarters % 4) % 4];
}

namespace {

// A feature's kind as the table names it (the rulebooks' words: cesta, město, louka, klášter);
// FeatureKindName stays the English of the data.
std::string KindWords(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::kRoad:
      return TrContext("feature", "road");
    case FeatureKind::kCity:
      return TrContext("feature", "city");
    case FeatureKind::kField:
      return TrContext("feature", "field");
    case FeatureKind::kMonastery:
      return TrContext("feature", "monastery");
    case FeatureKind::kCastle:
      return TrContext("feature", "castle");
    case FeatureKind::kCemetery:
      return TrContext("feature", "cemetery");
    case FeatureKind::kMist:
      return TrContext("feature", "mist");
  }
  return "?";
}

std::string SideList(PortMask ports) {
  std::string sides;
  for (Side s : MiddleSides(ports)) {
    if (!sides.empty()) sides += '+';
    sides += SideName(s);
  }
  return sides;
}

}  // namespace

std::string FeatureKindWords(FeatureKind kind) { return KindWords(kind); }

std::string DescribeSegment(const TileType& t, int segment, int quarters) {
  const Segment& seg = t.segments[segment];
  PortMask ports = RotateMask(seg.ports, quarters);
  switch (seg.kind) {
    case FeatureKind::kMonastery:
    case FeatureKind::kCastle:
    case FeatureKind::kCemetery:
      return KindWords(seg.kind);
    case FeatureKind::kMist: {
      PortMask halves = ports;
      for (Side s : kSides)  // a middle is named only without both its halves ([FfF], [fFf])
        if ((ports & SideMask(s)) == SideMask(s))
          halves &= static_cast<PortMask>(~Bit(MiddlePort(s)));
      std::string where = PortList(halves, "+");
      for (Side s : MiddleSides(RotateMask(seg.misty, quarters)))
        // TRANSLATORS: a misty road's end in the list of a mist's edges ("EL+road N"); N/E/S/W
        // are notation.
        where += (where.empty() ? "" : "+") + Fill(Tr("road {1}"), {std::string(SideName(s))});
      if (seg.ghosts)
        // TRANSLATORS: {1} the mist's edges ("EL+WR"), {2} the number of ghost symbols.
        return Fill(TrPlural("mist {1} with {2} ghost", "mist {1} with {2} ghosts", seg.ghosts),
                    {where, std::to_string(seg.ghosts)});
      // TRANSLATORS: a mist on a tile; {1} its edges ("EL+WR", half-edges of the notation).
      return Fill(Tr("mist {1}"), {where});
    }
    case FeatureKind::kRoad: {
      std::vector<Side> sides = MiddleSides(ports);
      // Read as players say it: north before south, west before east ("road W–E", "N–S").
      auto order = [](Side s) { return s == kNorth ? 0 : s == kWest ? 1 : s == kEast ? 2 : 3; };
      std::sort(sides.begin(), sides.end(), [&](Side a, Side b) { return order(a) < order(b); });
      std::string first(SideName(sides[0]));
      std::string out;
      // TRANSLATORS: the road segments of a tile; {1} (and {2}) the sides it leaves by (N, E,
      // S, W: notation, kept as they are).
      if (sides.size() == 2)
        out = Fill(Tr("road {1}–{2}"), {first, std::string(SideName(sides[1]))});
      else if (t.HasMonastery())
        out = Fill(Tr("road {1} to the monastery"), {first});
      else if (t.HasKind(FeatureKind::kCastle))
        out = Fill(Tr("road {1} to the castle"), {first});
      else if (t.HasKind(FeatureKind::kCemetery))
        out = Fill(Tr("road {1} to the cemetery"), {first});
      else if (t.centre == Centre::kRuin)
        out = Fill(Tr("road {1} to the ruin"), {first});
      else if (t.centre == Centre::kVillage)
        out = Fill(Tr("road {1} to the village"), {first});
      else if (CountRoadSides(t) >= 3)
        out = Fill(Tr("road {1} to the junction"), {first});
      else if (HasCity(t))
        out = Fill(Tr("road {1} into the city"), {first});
      else
        out = Fill(Tr("road {1} to a farmhouse"), {first});
      // TRANSLATORS: {1} a road segment ("road E to the junction") that runs through mist.
      if (seg.misty) out = Fill(Tr("{1} (in mist)"), {out});
      return out;
    }
    case FeatureKind::kCity: {
      std::string sides = SideList(ports);
      // TRANSLATORS: a city segment of a tile; {1} the sides it touches ("N+E": notation).
      if (seg.pennants == 1) return Fill(Tr("city {1} with a pennant"), {sides});
      if (seg.pennants > 1)
        return Fill(
            TrPlural("city {1} with {2} pennant", "city {1} with {2} pennants", seg.pennants),
            {sides, std::to_string(seg.pennants)});
      return Fill(Tr("city {1}"), {sides});
    }
    case FeatureKind::kField: {
      PortMask halves = ports;
      for (Side s : kSides)  // a middle is named only without both its halves ([FfF], [fFf])
        if ((ports & SideMask(s)) == SideMask(s))
          halves &= static_cast<PortMask>(~Bit(MiddlePort(s)));
      // TRANSLATORS: a field segment of a tile; {1} its half-edges ("EL+WR": notation).
      if (seg.cities.empty()) return Fill(Tr("field {1}"), {PortList(halves, "+")});
      std::string cities;
      for (size_t i = 0; i < seg.cities.size(); ++i)
        // TRANSLATORS: a city the field borders, listed after "beside" (Czech: "u města N");
        // {1} its sides.
        cities += (i ? ", " : "") +
                  Fill(TrContext("beside", "city {1}"),
                       {SideList(RotateMask(t.segments[seg.cities[i]].ports, quarters))});
      // TRANSLATORS: {1} the field's half-edges ("EL+WR"), {2} the cities it borders ("city
      // N, city E", each worded by the message "city {1}" in the context "beside").
      return Fill(Tr("field {1} (beside {2})"), {PortList(halves, "+"), cities});
    }
  }
  return KindWords(seg.kind);
}

std::string DescribeTile(const TileType& t, int quarters) {
  std::string out;
  int fields = 0;
  for (int i = 0; i < static_cast<int>(t.segments.size()); ++i) {
    if (t.segments[i].kind == FeatureKind::kField) {
      ++fields;
      continue;
    }
    if (!out.empty()) out += "; ";
    out += DescribeSegment(t, i, quarters);
  }
  if (!out.empty()) out += "; ";
  // TRANSLATORS: the last item of a tile read back: how many field segments it has.
  out += fields == 0 ? Tr("no field")
                     : Fill(TrPlural("{1} field", "{1} fields", fields), {std::to_string(fields)});
  return out;
}

namespace {

// Kind, ports, pennants, bordered cities, misty road middles, ghost symbols (the last two are
// 0 on every base and Winter tile, so they change nothing there).
using SegmentKey = std::tuple<int, PortMask, int, std::vector<PortMask>, PortMask, int>;

std::vector<SegmentKey> GeometryKey(const TileType& t, int quarters) {
  std::vector<SegmentKey> keys;
  for (const Segment& s : t.segments) {
    std::vector<PortMask> cities;
    for (int c : s.cities) cities.push_back(RotateMask(t.segments[c].ports, quarters));
    std::sort(cities.begin(), cities.end());
    keys.emplace_back(static_cast<int>(s.kind), RotateMask(s.ports, quarters), s.pennants,
                      std::move(cities), RotateMask(s.misty, quarters), s.ghosts);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

}  // namespace

bool SameGeometry(const TileType& a, const TileType& b, int quarters) {
  return GeometryKey(a, quarters) == GeometryKey(b, 0);
}

int SameGeometry(const TileType& a, const TileType& b) {
  std::vector<SegmentKey> target = GeometryKey(b, 0);
  for (int q = 0; q < 4; ++q)
    if (GeometryKey(a, q) == target) return q;
  return -1;
}

std::string HashKey(const TileType& t) {
  std::string key = t.id + "|" + t.EdgeString() + "|" + std::to_string(static_cast<int>(t.centre));
  for (const Segment& s : t.segments) {
    key += "/" + std::to_string(static_cast<int>(s.kind)) + ":" + std::to_string(s.ports) + ":" +
           std::to_string(s.pennants) + ":" + std::to_string(s.misty) + ":" +
           std::to_string(s.ghosts);
    for (int c : s.cities) key += "," + std::to_string(c);
  }
  return key;
}

void HashTileKey(FieldHash& h, const TileType& t) {  // the bytes of HashKey, in the same order
  h << t.id << "|" << t.EdgeString() << "|" << static_cast<int>(t.centre);
  for (const Segment& s : t.segments) {
    h << "/" << static_cast<int>(s.kind) << ":" << s.ports << ":" << s.pennants << ":" << s.misty
      << ":" << s.ghosts;
    for (int c : s.cities) h << "," << c;
  }
}

}  // namespace carcref
