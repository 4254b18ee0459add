// The command line: CLI11 subcommands handing over to the table, the REPL, the bench.
#pragma once

namespace carcref {

int RunMain(int argc, char** argv);

// The interactive loop on the terminal (libedit: line editing, history, completion).
class Table;
int RunRepl(Table& table);

// `carcref bench`: seeded random games, speed and a signature of the rules.
int RunBench(int games, unsigned long long seed);

}  // namespace carcref
