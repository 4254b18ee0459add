#include "carcref/tile.h"

#include <algorithm>
#include <tuple>

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
    if (!segments.empty()) return Status::Corrupt("a face-down tile shows nothing");
    rotation_period = 1;
    return Status::Ok();
  }
  int middles = 0;
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    const Segment& seg = segments[i];
    std::string name(FeatureKindName(seg.kind));
    if (IsMiddleFeature(seg.kind)) {
      if (seg.ports != 0) return Status::Corrupt("a " + name + " owns no edge");
      if (++middles > 1)
        return Status::Corrupt("a tile has one middle feature (monastery, castle or cemetery)");
      if (centre != Centre::kNone)
        return Status::Corrupt("a tile with a " + name + " has no village or ruin in the middle");
    }
    if (seg.kind != FeatureKind::kMist && seg.ghosts != 0)
      return Status::Corrupt("ghost symbols stand in mist, not on a " + name);
    if (seg.ghosts < 0) return Status::Corrupt("ghost symbols cannot be negative");
    if (seg.kind != FeatureKind::kRoad && seg.kind != FeatureKind::kMist && seg.misty != 0)
      return Status::Corrupt("mist lies on fields and roads only, not on a " + name + " (B.5.2)");
    if (seg.kind == FeatureKind::kRoad && (seg.misty & ~seg.ports))
      return Status::Corrupt("a road's mist must lie on its own edges");
    if (seg.kind != FeatureKind::kCity && seg.pennants != 0)
      return Status::Corrupt("only a city can have pennants");
    if (seg.pennants < 0) return Status::Corrupt("pennants cannot be negative");
    if (seg.kind != FeatureKind::kField && !seg.cities.empty())
      return Status::Corrupt("only a field borders cities");
    for (Port p = 0; p < kPorts; ++p) {
      if (!(seg.ports & Bit(p))) continue;
      if (port_owner[p] != -1)
        return Status::Corrupt(std::string("half-edge ") + std::string(HalfName(p)) +
                               " is in two segments");
      port_owner[p] = i;
    }
    if (seg.kind == FeatureKind::kRoad) {
      size_t sides = MiddleSides(seg.ports).size();
      if (sides == 0 || sides > 2)
        return Status::Corrupt(
            "a road runs from one or two edges (roads meeting at a junction "
            "are separate roads)");
    }
    for (int c : seg.cities) {
      if (c < 0 || c >= static_cast<int>(segments.size()) || segments[c].kind != FeatureKind::kCity)
        return Status::Corrupt("a field borders a city that is not on the tile");
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
        return Status::Corrupt("mist covers edge " + std::string(SideName(SideOfPort(p))) +
                               " but no misty road runs there");
      if (mist_owner[p] != -1 && mist_owner[p] != i)
        return Status::Corrupt("two mist areas cover the road at edge " +
                               std::string(SideName(SideOfPort(p))));
      mist_owner[p] = i;
    }
  }
  for (const Segment& seg : segments) {
    if (seg.kind != FeatureKind::kRoad) continue;
    for (Port p = 0; p < kPorts; ++p)
      if ((seg.misty & Bit(p)) && mist_owner[p] < 0)
        return Status::Corrupt("the misty road at edge " + std::string(SideName(SideOfPort(p))) +
                               " lies in no mist area");
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
      std::string where = part == 1 ? std::string("edge ") + std::string(SideName(s))
                                    : std::string("half-edge ") + std::string(HalfName(p));
      int owner = port_owner[p];
      if (owner < 0) {
        if (edges[s] == EdgeKind::kField && part == 1) continue;  // fields split at the middle
        return Status::Corrupt(where + " belongs to no segment");
      }
      FeatureKind kind = segments[owner].kind;
      if (kind == FeatureKind::kMist && edges[s] != EdgeKind::kCity &&
          !(edges[s] == EdgeKind::kRoad && part == 1))
        kind = FeatureKind::kField;  // mist lies over field: for the edge it is field (B.5.1)
      FeatureKind want = FeatureKind::kField;
      if (edges[s] == EdgeKind::kCity) want = FeatureKind::kCity;
      if (edges[s] == EdgeKind::kRoad && part == 1) want = FeatureKind::kRoad;
      if (kind != want)
        return Status::Corrupt(where + " is " + std::string(FeatureKindName(kind)) + " but the " +
                               std::string(SideName(s)) + " edge is " +
                               (edges[s] == EdgeKind::kCity   ? "city"
                                : edges[s] == EdgeKind::kRoad ? "road"
                                                              : "field"));
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

std::string DescribeSegment(const TileType& t, int segment, int quarters) {
  const Segment& seg = t.segments[segment];
  PortMask ports = RotateMask(seg.ports, quarters);
  std::string out(FeatureKindName(seg.kind));
  switch (seg.kind) {
    case FeatureKind::kMonastery:
    case FeatureKind::kCastle:
    case FeatureKind::kCemetery:
      return out;
    case FeatureKind::kMist: {
      out += ' ';
      PortMask halves = ports;
      for (Side s : kSides)  // a middle is named only without both its halves ([FfF], [fFf])
        if ((ports & SideMask(s)) == SideMask(s))
          halves &= static_cast<PortMask>(~Bit(MiddlePort(s)));
      std::string where = PortList(halves, "+");
      for (Side s : MiddleSides(RotateMask(seg.misty, quarters)))
        where += (where.empty() ? "road " : "+road ") + std::string(SideName(s));
      out += where;
      if (seg.ghosts)
        out += " with " + std::to_string(seg.ghosts) + (seg.ghosts == 1 ? " ghost" : " ghosts");
      return out;
    }
    case FeatureKind::kRoad: {
      std::vector<Side> sides = MiddleSides(ports);
      // Read as players say it: north before south, west before east ("road W–E", "N–S").
      auto order = [](Side s) { return s == kNorth ? 0 : s == kWest ? 1 : s == kEast ? 2 : 3; };
      std::sort(sides.begin(), sides.end(), [&](Side a, Side b) { return order(a) < order(b); });
      out += ' ';
      out += SideName(sides[0]);
      if (sides.size() == 2) {
        out += "–";
        out += SideName(sides[1]);
      } else if (t.HasMonastery()) {
        out += " to the monastery";
      } else if (t.HasKind(FeatureKind::kCastle)) {
        out += " to the castle";
      } else if (t.HasKind(FeatureKind::kCemetery)) {
        out += " to the cemetery";
      } else if (t.centre == Centre::kRuin) {
        out += " to the ruin";
      } else if (t.centre == Centre::kVillage) {
        out += " to the village";
      } else if (CountRoadSides(t) >= 3) {
        out += " to the junction";
      } else if (HasCity(t)) {
        out += " into the city";
      } else {
        out += " to a farmhouse";
      }
      if (seg.misty) out += " (in mist)";
      return out;
    }
    case FeatureKind::kCity: {
      out += ' ';
      std::string sides;
      for (Side s : MiddleSides(ports)) {
        if (!sides.empty()) sides += '+';
        sides += SideName(s);
      }
      out += sides;
      if (seg.pennants == 1) out += " with a pennant";
      if (seg.pennants > 1) out += " with " + std::to_string(seg.pennants) + " pennants";
      return out;
    }
    case FeatureKind::kField: {
      out += ' ';
      PortMask halves = ports;
      for (Side s : kSides)  // a middle is named only without both its halves ([FfF], [fFf])
        if ((ports & SideMask(s)) == SideMask(s))
          halves &= static_cast<PortMask>(~Bit(MiddlePort(s)));
      out += PortList(halves, "+");
      if (!seg.cities.empty()) {
        out += " (beside city ";
        for (size_t i = 0; i < seg.cities.size(); ++i) {
          if (i) out += ", city ";
          std::string sides;
          for (Side s : MiddleSides(RotateMask(t.segments[seg.cities[i]].ports, quarters))) {
            if (!sides.empty()) sides += '+';
            sides += SideName(s);
          }
          out += sides;
        }
        out += ')';
      }
      return out;
    }
  }
  return out;
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
  out += fields == 0 ? "no field" : fields == 1 ? "1 field" : std::to_string(fields) + " fields";
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

}  // namespace carcref
