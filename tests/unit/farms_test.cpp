// Farms on the tricky tiles of tiles/base-and-winter.md ("Tricky field/city adjacency
// cases"): 3 per completed city bordering the field (A.8.5).
#include "support.h"

using namespace carcref;
using namespace carcref::test;

TEST_CASE("farms: H's field borders both of its separate caps", "[farms][H]") {
  // H at 0,1: its south cap closes D's city (A), its north cap is closed by E at 0,2 (B).
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place H 0,1 0 meeple field EL", "place E 0,2 180 pass", "end"});
  CHECK(r.game().totals()[0].farms == 6);
}

TEST_CASE("farms: I's field borders both caps on adjacent sides", "[farms][I]") {
  // I turned 180 at 0,1 has caps S and E: S closes D's city; E at 1,1 closes the E cap.
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place I 0,1 180 meeple field NL", "place E 1,1 270 pass", "end"});
  CHECK(r.game().totals()[0].farms == 6);
}

TEST_CASE("farms: I's field with only one cap closed gives 3", "[farms][I]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place I 0,1 180 meeple field NL", "end"});
  CHECK(r.game().totals()[0].farms == 3);
}

TEST_CASE("farms: F's band city pays the field on each side separately", "[farms][F]") {
  // F at 0,-1 (band W–E) closed by caps at -1,-1 and 1,-1. Anna farms the north field
  // (joined to D's south field), Ben the south one (through U at 0,-2).
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place F 0,-1 0 meeple field NL", "place U 0,-2 0 meeple field NL",
           "place E -1,-1 90 pass", "place E 1,-1 270 pass", "end"});
  CHECK(r.game().totals()[0].farms == 3);
  CHECK(r.game().totals()[1].farms == 3);
}

TEST_CASE("farms: G is F without the pennant, same fields", "[farms][G]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r,
       {"place G 0,-1 0 meeple field SL", "place E -1,-1 90 pass", "place E 1,-1 270 pass", "end"});
  CHECK(r.game().totals()[0].farms == 3);
}

TEST_CASE("farms: S's gate road splits two one-half fields, each beside the city", "[farms][S]") {
  // S turned 180 at 0,1: city E S W, road N into the gate; its halves NL and NR are two
  // separate fields. Anna farms NL; Ben reaches NR through the inner corner of the curve V
  // at 0,2 (road S–E). Caps at 1,1 and -1,1 close the city (D + S + 2 caps).
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place S 0,1 180 meeple field NL", "place V 0,2 270 meeple field SL",
           "place E 1,1 270 pass", "place E -1,1 90 pass", "end"});
  CHECK(r.game().totals()[0].farms == 3);
  CHECK(r.game().totals()[1].farms == 3);
}

TEST_CASE("farms: T's halves are separate fields too", "[farms][T]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place T 0,1 180 meeple field NR", "place V 0,2 270 meeple field SR",
           "place E 1,1 270 pass", "place E -1,1 90 pass", "end"});
  CHECK(r.game().totals()[0].farms == 3);
  CHECK(r.game().totals()[1].farms == 3);
}

TEST_CASE("farms: the road separates D's south field from its city", "[farms][D]") {
  BaseMatch r = Start(TwoPlayers());
  Play(r, {"place U 1,0 0 meeple field SL", "place U -1,0 0 meeple field NL",
           "place E 0,1 180 pass", "end"});
  CHECK(r.game().totals()[0].farms == 0);  // south of the road: no city
  CHECK(r.game().totals()[1].farms == 3);  // north strip: beside the closed city
}

TEST_CASE("farms: Winter road into the city gate, both fields border the city", "[farms][winter]") {
  // winter/CFR turned 180 at 0,1: city S (closing D's city), road N from the gate. Its
  // fields are NR+EL+ER and NL+WL+WR; both border the city.
  BaseMatch r = Start(TwoPlayers("winter"));
  Play(r, {"place winter/CFR 0,1 180 meeple field EL", "place U -1,1 90 meeple field EL", "end"});
  CHECK(r.game().totals()[0].farms == 3);
  CHECK(r.game().totals()[1].farms == 3);
}

TEST_CASE("farms: Winter gate road curving east leaves a one-half field by the city",
          "[farms][winter]") {
  // winter/CR (city N, road from the gate to E): fields EL (beside the city) and the rest.
  BaseMatch r = Start(TwoPlayers("winter"));
  // Turned 180: road W, city S; EL turns into WL, the one-half field beside the city.
  Play(r, {"place winter/CR 0,1 180 meeple field WL", "end"});
  CHECK(r.game().totals()[0].farms == 3);
}

TEST_CASE("farms: a farmer is scored even if the field is open, for every closed city",
          "[farms][A.8.5]") {
  // Two closed cities beside one field: H at 0,1 (caps A and B); the field is open.
  BaseMatch r = Start(Setup({{"Anna", "red"}, {"Ben", "blue"}, {"Cleo", "green"}}));
  Play(r, {"place H 0,1 0 meeple field WL", "place E 0,2 180 pass", "place U -1,0 0 pass", "end"});
  CHECK(r.game().totals()[0].farms == 6);
  CHECK(r.game().totals()[1].farms == 0);
}
