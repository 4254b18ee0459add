// The command line: CLI11 subcommands handing over to the table, the REPL, the bench.
#pragma once

#include <string>

namespace carcref {

int RunMain(int argc, char** argv);

// The interactive loop on the terminal (libedit: line editing, history, completion).
class Table;
int RunRepl(Table& table);

// `carcref bench`: seeded random games, speed and a signature of the rules.
// `all`: a line per other game too. `table_tiles` > 0: instead, the CPU time of each command of
// a random real game at the table with its log, undo included, and the peak memory, of
// `table_game` (empty: the first game with a table workload); for the base game first on a
// board growing to `table_tiles` tiles.
int RunBench(int games, unsigned long long seed, bool all = false, int table_tiles = 0,
             const std::string& table_game = "");

}  // namespace carcref
