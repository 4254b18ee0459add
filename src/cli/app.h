// The command line: CLI11 subcommands handing over to the table, the REPL, the bench.
#pragma once

namespace carcref {

int RunMain(int argc, char** argv);

// The interactive loop on the terminal (libedit: line editing, history, completion).
class Table;
int RunRepl(Table& table);

// `carcref bench`: seeded random games, speed and a signature of the rules.
// `all`: a line per other game too. `table_tiles` > 0: instead, the CPU time of each table
// command, undo included, on a board growing to that many tiles, and the peak memory.
int RunBench(int games, unsigned long long seed, bool all = false, int table_tiles = 0);

}  // namespace carcref
