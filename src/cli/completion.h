// `carcref completion bash|zsh`: the shell completion scripts, written from what the program
// knows, so that a new command, option, game or tile set completes without editing a script:
//  - the commands and their options and arguments: the CLI::App tree (cli/app.cpp);
//  - the games, what each expands and each game's options: GameDefinitions() (carcref/rules.h);
//    after `play --game NAME` (or `--with NAME`) only that game's options are offered;
//  - the values an option or argument takes, from its CLI11 type name: FILE (file names), GAME
//    (every game), EXPANSION (the games that expand another), SET (the tile sets of the data
//    directory), SHELL (CompletionShells()); a game's option: OptionSpec::values, or for
//    value name SET the tile sets with a catalogue. Any other value is free text: nothing is
//    offered for it.
#pragma once

#include <string>
#include <vector>

#include "carcref/status.h"

namespace CLI {
class App;
}

namespace carcref {

// The shells a script is written for: "bash", "zsh".
const std::vector<std::string>& CompletionShells();

// The completion script for `shell` (bash: defines _carcref and `complete -F _carcref carcref`;
// zsh: a #compdef file for a directory of $fpath), from `app`, the whole command line. A shell
// not in CompletionShells() is Status::Syntax naming the ones there are.
Result<std::string> CompletionScript(const CLI::App& app, const std::string& shell);

}  // namespace carcref
