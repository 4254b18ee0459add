// The canonical game commands of NOTATION.md, parsed and applied to a Game.
//
//   place ID X,Y ROT [pass | meeple …]      place D 1,0 90
//   place DESCRIPTION X,Y [pass | meeple …] place crfr at 1,0   (rotation implied)
//   meeple N | road SIDE | city SIDE | field HALF|CORNER | monastery
//   pass | discard TILE | end
//
// The parser only builds a candidate; the Game decides legality (STYLE.md). Applying is all
// or nothing: a refused command leaves the game exactly as it was.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "carcref/game.h"

namespace carcref {

enum class Verb { kPlace, kMeeple, kPass, kDiscard, kEnd };

struct MeepleSpec {
  enum class Kind { kNumber, kRoad, kCity, kField, kMonastery };
  Kind kind = Kind::kNumber;
  int number = 0;                // kNumber: 1-based, as listed after the placement
  Side side = kNorth;            // kRoad, kCity
  std::vector<Port> halves;      // kField: one half, or the two halves of a corner
  std::string text;              // as typed, for messages
};

struct GameCommand {
  Verb verb = Verb::kPass;
  std::string tile;               // kPlace, kDiscard: id, short form or long form
  int tile_column = 0;            // where the tile token starts in the line
  Cell cell;                      // kPlace
  std::optional<int> quarters;    // kPlace: given rotation
  std::optional<MeepleSpec> meeple;  // kMeeple, or a kPlace with "meeple …" after it
  bool then_pass = false;         // kPlace followed by "pass"
};

// Whitespace-separated words with their columns; a long-form description {…} is one token,
// spaces and all; `#` starts a comment.
struct CommandToken {
  std::string text;
  int column = 0;
};
Result<std::vector<CommandToken>> TokenizeCommand(std::string_view line);

// A tile described as it lies: a short form, or a long form {…} whose fields, when omitted,
// are derived by the short form's rules.
Result<TileType> ParseTileDescription(std::string_view text);

// True when the first word of the line is one of the game verbs above.
bool IsGameVerb(std::string_view word);

// Syntax only; errors are Status::Syntax with the column of the bad token.
Result<GameCommand> ParseGameCommand(std::string_view line);

struct ResolvedTile {
  TilePtr tile;
  std::optional<int> quarters;  // known when the tile was described as it lies
  bool described = false;       // typed as a short or long form
};

// A tile token: a catalogue id (case-insensitive), a short form as it lies, or a long form.
// A description is matched against the game's catalogue up to rotation; one that matches
// nothing, or a tile with no copies left, is refused with the nearest tiles named
// ("no G left — F is the same city with a pennant").
Result<ResolvedTile> ResolveTile(const Game& game, std::string_view token);

// The segment of the tile just placed that a meeple spec names.
Result<int> ResolveMeeple(const Game& game, const MeepleSpec& spec);

// Applies the command; on any error the game is unchanged.
Status ApplyGameCommand(Game& game, const GameCommand& command);

}  // namespace carcref
