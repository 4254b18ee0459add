#include "carcref/geometry.h"

#include <catch2/catch.hpp>

using namespace carcref;

TEST_CASE("ports run clockwise and rotate by three", "[geometry]") {
  CHECK(*ParseHalf("NL") == 0);
  CHECK(*ParseHalf("nr") == 2);
  CHECK(*ParseHalf("EL") == 3);
  CHECK(*ParseHalf("WR") == 11);
  // tiles/base-and-winter.md §1: NL->EL, ER->SR, WL->NL under a quarter turn clockwise.
  CHECK(RotatePort(*ParseHalf("NL"), 1) == *ParseHalf("EL"));
  CHECK(RotatePort(*ParseHalf("ER"), 1) == *ParseHalf("SR"));
  CHECK(RotatePort(*ParseHalf("WL"), 1) == *ParseHalf("NL"));
  CHECK(RotatePort(*ParseHalf("WR"), 2) == *ParseHalf("ER"));
}

TEST_CASE("a half-edge faces the neighbour's mirrored half", "[geometry]") {
  // NL touches the northern neighbour's SR, NR its SL; EL the eastern neighbour's WR.
  CHECK(FacingPort(*ParseHalf("NL")) == *ParseHalf("SR"));
  CHECK(FacingPort(*ParseHalf("NR")) == *ParseHalf("SL"));
  CHECK(FacingPort(*ParseHalf("EL")) == *ParseHalf("WR"));
  CHECK(FacingPort(*ParseHalf("ER")) == *ParseHalf("WL"));
  CHECK(FacingPort(MiddlePort(kEast)) == MiddlePort(kWest));
  for (Port p = 0; p < kPorts; ++p) CHECK(FacingPort(FacingPort(p)) == p);
}

TEST_CASE("cells, corners and rotations parse", "[geometry]") {
  CHECK(*ParseCell("2,-1") == Cell{2, -1});
  CHECK(*ParseCell(" 0 , 3") == Cell{0, 3});
  CHECK_FALSE(ParseCell("2;1"));
  CHECK_FALSE(ParseCell("a,1"));
  CHECK(*ParseRotation("270") == 3);
  CHECK_FALSE(ParseRotation("45"));
  auto ne = *ParseCorner("NE");
  CHECK(ne[0] == *ParseHalf("NR"));
  CHECK(ne[1] == *ParseHalf("EL"));
  auto nw = *ParseCorner("nw");
  CHECK(nw[0] == *ParseHalf("WR"));
  CHECK(nw[1] == *ParseHalf("NL"));
  CHECK(Neighbor({0, 0}, kNorth) == Cell{0, 1});
  CHECK(Neighbor({0, 0}, kWest) == Cell{-1, 0});
}
