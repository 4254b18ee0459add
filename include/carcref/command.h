// The canonical game commands of NOTATION.md, parsed and applied to a Game.
//
//   place ID X,Y ROT [pass | meeple …]      place D 1,0 90
//   place DESCRIPTION X,Y [pass | meeple …] place crfr at 1,0   (rotation implied)
//   meeple N | road SIDE | city SIDE | field HALF|CORNER | monastery | castle | cemetery
//          [guard]                          GCC: a guard instead of a regular meeple
//   pass | discard TILE | end
//   ghost N | ghost X,Y [FEATURE]           GCC: the meeple the awaited ghost goes to (C.3)
//   first N                                 GCC: the finished feature N scores first (AMB-29)
//
// The parser only builds a candidate; the Game decides legality (STYLE.md). Applying is all
// or nothing: a refused command leaves the game exactly as it was.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "carcref/game.h"

namespace carcref {

enum class Verb { kPlace, kMeeple, kPass, kDiscard, kEnd, kGhost, kFirst };

// Named tile descriptions (NOTATION.md "tile save"): name -> description.
using SavedTiles = std::map<std::string, std::string>;

struct MeepleSpec {
  enum class Kind { kNumber, kRoad, kCity, kField, kMonastery, kCastle, kCemetery };
  Kind kind = Kind::kNumber;
  bool guard = false;        // GCC: "guard" was said
  int number = 0;            // kNumber: 1-based, as listed after the placement
  Side side = kNorth;        // kRoad, kCity
  bool any_side = false;     // kRoad, kCity typed without a side: the only one there
  std::vector<Port> halves;  // kField: one half, the two halves of a corner, or the
                             // three ports of a side (a side names the field along it)
  std::string text;          // as typed, for messages
};

struct GameCommand {
  Verb verb = Verb::kPass;
  std::string tile;                   // kPlace, kDiscard: id, short form or long form
  int tile_column = 0;                // where the tile token starts in the line
  Cell cell;                          // kPlace
  std::optional<int> quarters;        // kPlace: given rotation
  std::optional<MeepleSpec> meeple;   // kMeeple, or a kPlace with "meeple …" after it
  bool then_pass = false;             // kPlace followed by "pass"
  int number = 0;                     // kFirst, kGhost: 1-based number from the list (0: none)
  std::optional<MeepleSpec> feature;  // kGhost: which meeple on the tile at `cell`
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
  // A short form whose catalogue sibling differs only by a pennant: which tile it was taken
  // for and how the sibling is typed ("fcfc is G; fcfc+ would be F"); "" otherwise.
  // ApplyGameCommand adds it to the game's notes with the placement.
  std::string note;
};

// A tile token: a catalogue id (case-insensitive), a short form as it lies, or a long form.
// A description is matched against the game's catalogue up to rotation; one that matches
// nothing, or a tile with no copies left, is refused with the nearest tiles named
// ("no G left — F is the same city with a pennant").
// In GCC a description that names no catalogue tile with copies left is a Mists tile as it
// lies (rotation 0), checked against what is left in the box; `saved` names descriptions.
Result<ResolvedTile> ResolveTile(const Game& game, std::string_view token,
                                 const SavedTiles* saved = nullptr);

// The segment of the tile just placed that a meeple spec names.
Result<int> ResolveMeeple(const Game& game, const MeepleSpec& spec);

// The segment of `placed` a feature spec names (road/city SIDE, field HALF|CORNER|SIDE,
// monastery …). `road`/`city` without a side names the tile's only road/city, or, with
// several, the only one of them in `legal` (when given); otherwise a Syntax line listing them.
// A side or corner that touches two fields is a Syntax line asking for a half-edge.
Result<int> ResolveFeature(const PlacedTile& placed, const MeepleSpec& spec,
                           const std::vector<int>* legal = nullptr);

// Applies the command; on any error the game is unchanged.
Status ApplyGameCommand(Game& game, const GameCommand& command, const SavedTiles* saved = nullptr);

}  // namespace carcref
