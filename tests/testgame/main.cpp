// carcref with one more game, Stones (stones.h), registered the way any game is: the test that
// a new game is one folder and one registration line (issue #18).
#include <iostream>

#include "cli/app.h"
#include "games/registry.h"
#include "stones.h"

int main(int argc, char** argv) {
  carcref::Status registered = carcref::RegisterGame(carcref::stones::Module());
  if (!registered.ok()) {
    std::cerr << "error: " << registered.message() << "\n";
    return 2;
  }
  return carcref::RunMain(argc, argv);
}
