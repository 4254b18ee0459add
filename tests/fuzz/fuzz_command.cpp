// Fuzz target: one command line of the base and GCC games (NOTATION.md "Canonical commands"),
// through the tokenizer and the syntax-only parser; a tile token through the tile-description
// parser. Any input must give a command or one Status, never a crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "carcref/command.h"
#include "carcref/notation.h"

using namespace carcref;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view line(reinterpret_cast<const char*>(data), size);
  Result<std::vector<CommandToken>> tokens = TokenizeCommand(line);
  if (tokens.ok()) {
    for (const CommandToken& t : *tokens) {
      if (t.column < 0 || static_cast<std::size_t>(t.column) > size) std::abort();
      (void)IsGameVerb(t.text);
      (void)LooksLikeShortForm(t.text);
    }
  }
  Result<GameCommand> command = ParseGameCommand(line);
  if (!command.ok()) {
    if (command.status().message().empty()) std::abort();  // every refusal says why
    return 0;
  }
  if (command->verb == Verb::kPlace || command->verb == Verb::kDiscard) {
    Result<TileType> tile = ParseTileDescription(command->tile);
    if (!tile.ok() && tile.status().message().empty()) std::abort();
  }
  return 0;
}
