// The tile short form of NOTATION.md ("Describing a tile as it lies"): four edge letters
// clockwise from the north edge, optional bracketed edges, then suffixes, e.g. `crfr`,
// `cfcf|`, `ffrfm`, `cccc+`, and for the Mists tiles `f[frF]F[Frf]2`, `FfFf=2`, `FfFf1/1`,
// `fRffk1`. Everything the short form does not say is derived by the fixed rules 1–6 of
// NOTATION.md; the same field derivation serves the long form when it omits `fields:`
// (DeriveFields).
//
// Mist (rules 5–6). `R`/`F` and the bracket parts `[xyz]` mark the misty ports: a misty field
// half, a misty middle of a field edge, a misty road middle. Misty ports next to each other
// round the border, and the two ends of a road passing through that is misty at both, are one
// mist area. Parts that lie apart need `=` (one area) or `N/M/…` (one area each, ghost symbols
// in clockwise order of each area's first port from NL); without either the description is
// refused with that question. Every mist area shows at least one ghost symbol (B.1.3); `0` is
// accepted only on a tile without mist. In `[FfF]` the two misty halves lie apart (clear field
// between them at the border): with `=` the mist is one area arching over the clear middle,
// which is then a small field of its own (rule 3); with `1/1` two patches, and the clear field
// runs between them. `k` castle and `g` cemetery are middle features like `m`; `v` sets
// TileType::centre to a village.
//
// Everything here is pure: no I/O, no printing. Errors are Status::Syntax values whose
// message says what is wrong and what would be right, with the 0-based column of the bad
// character (or -1 when the problem is the description as a whole).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "carcref/catalog.h"
#include "carcref/status.h"
#include "carcref/tile.h"

namespace carcref {

// Words of the refusals of a tile description that does not read, in every game's notation:
// "the north edge" (context "edge"), and what stands at `i` of `text` ("'x'", the end of the
// description, a character that is not a plain letter).
std::string EdgeWords(Side side);
std::string Got(std::string_view text, std::size_t i);

// Parses a short form into the tile as it lies (rotation 0 = as typed). The result has no id
// and count 0, and is finalized (port_owner filled).
Result<TileType> ParseShortForm(std::string_view text);

// Derives the field segments of a tile whose cities, roads, middle feature and mist areas are
// set but which has no field segment, by rules 3–5, then finalizes it. Where a road that ends
// on the tile ends is taken from rule 2: at the monastery, castle, cemetery, village or ruin if
// there is one; else two or more such roads meet at one junction; else a lone one runs into
// the tile's only city, or ends at a house when there is no city. Each mist area is an
// obstacle where it lies (its half-edges, the road middles it covers, and the middle of a
// field edge whose both halves it owns); a field never borders mist as it borders a city. A
// lone ending road on a tile with several cities cannot be derived: Status::Syntax asking for
// the fields. A tile that already has fields is refused likewise.
Status DeriveFields(TileType& t);

// The canonical short form of `t` as it lies after `quarters` clockwise quarter turns, or ""
// when the short form cannot express it (e.g. winter/RrRr, two separate road curves: `rrrr`
// would derive a crossroads; two mist areas that meet at the border; a ruin; a face-down
// tile). An edge only partly in mist is written in brackets. Suffix order: pennants, `|`,
// middle feature (m k g v), `=`, ghost symbols. A tile with a village says `v` whenever that
// derives the same geometry. Round-trips: ParseShortForm(ShortFormOf(t, q)) has exactly the
// geometry of t turned by q.
std::string ShortFormOf(const TileType& t, int quarters);

// `t` turned by `quarters` clockwise quarter turns, as a tile in its own right (edges,
// segment ports and misty road middles, port_owner and mist_owner rotated; ids and counts
// kept).
TileType RotateTile(const TileType& t, int quarters);

struct CatalogMatch {
  TilePtr tile;
  int quarters = 0;  // rotation (clockwise quarter turns) of the catalogue tile
  int distance = 0;  // NearestTiles only: see there; 0 for an exact match
};

// Every catalogue tile whose geometry (segments, pennants, fields and their bordered cities;
// ids and counts ignored) equals `described` as it lies, with the smallest rotation that makes
// it so. In catalogue order.
std::vector<CatalogMatch> MatchCatalog(const TileType& described, const Catalog& catalog);

// The distance between a described tile and a catalogue tile turned by some rotation:
//   100 × (edges whose letter differs)
// +  10 × (structural differences, counted only when all four edges agree: the cities are
//          grouped differently (one city vs separate caps), the roads run differently, the
//          monastery (castle, cemetery) is there on one and not the other, the mist areas lie
//          differently, or, when none of those, the fields differ, e.g. a road ending at a
//          village rather than at the city gate)
// +   1 × (difference in the number of pennants, and in the number of ghost symbols; the
//          monastery, castle and cemetery count here when edges differ)
// NearestTiles and DescribeDifference turn each catalogue tile to its nearest rotation (the
// smallest such rotation on a tie). So a tile with the same edges and only a pennant more or less
// comes first, then one with separate caps or a monastery, then tiles one edge away.
int TileDistance(const TileType& described, const TileType& other, int quarters);

// The catalogue tiles nearest to `described` (at most one edge different, i.e. distance <
// 200), nearest first, then in catalogue order, at most `max` of them. Exact matches
// (distance 0) are included: the caller filters out the tiles it has no copies of.
std::vector<CatalogMatch> NearestTiles(const TileType& described, const Catalog& catalog,
                                       size_t max);

// How `other` (a catalogue tile, at its nearest rotation) differs from `described`, in words,
// naming `other` by its id and the sides as `described` lies: "F is the same city with a
// pennant", "I has two separate caps (N, W), not one city", "A has a monastery",
// "E turned 90 has a field on the N edge (not a road)" (the rotation is named only when an
// edge differs), "M1 has 2 ghost symbols, not 3", "M4 has no mist", "M5 has a castle". ""
// when they are the same.
std::string DescribeDifference(const TileType& described, const TileType& other);

// True when `token` is plausibly a short form rather than a catalogue id ("D", "winter/CFR"):
// it starts with a bracket, or with four letters each of c, r, f (or C, R, F, so that the
// parser can explain what is wrong with them), possibly with a bracket among them.
bool LooksLikeShortForm(std::string_view token);

}  // namespace carcref
