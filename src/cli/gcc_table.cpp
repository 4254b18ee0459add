// The table's part of Ghosts, Castles and Cemeteries (RULES.md §C): setting the game up from
// the Mists box and the described start tile, and saying what the ghost step and the order of
// scoring wait for.
#include <ostream>

#include "cli/format.h"
#include "cli/session_replay.h"
#include "cli/table.h"

namespace carcref {

Status Table::AddGcc(const NewGameOptions& options, GameSetup& setup, SavedTiles* saved,
                     std::string* box_text) {
  Result<SavedTiles> read = ReadSavedTiles();
  if (!read.ok()) return read.status();
  // C.1.1: the 2×2 start tile, described once and remembered as in the co-op game.
  Result<std::vector<std::string>> start = StartQuarters(options.start, *read);
  if (!start.ok()) return start.status();
  Result<std::vector<TilePtr>> quarters = ParseStartQuarters(*start, *read);
  if (!quarters.ok()) return quarters.status();
  Result<DescribedSet> box = ReadDescribedSet("mists", box_text);
  if (!box.ok()) return box.status();
  GccSetup gcc;
  gcc.start = std::move(quarters.value());
  gcc.start_text = *start;
  gcc.box = std::move(box.value());
  gcc.options.only_scorers_pay = options.only_scorers_pay;
  gcc.options.castle_counts_itself = options.castle_counts_itself;
  setup.gcc = std::move(gcc);
  if (!options.start.empty()) {
    Status s = RememberStart(*start, log_, out_);
    if (!s.ok()) return s;
  }
  *saved = std::move(read.value());
  return Status::Ok();
}

void Table::PrintNotes(const std::vector<GameNote>& notes) {
  for (const GameNote& n : notes) out_ << "  " << n.text << "\n";
}

void Table::PrintChoice() {
  if (!referee_) return;
  const Game& g = referee_->game();
  if (g.phase() == Phase::kGhost) out_ << "  " << FormatGhostChoice(g) << "\n";
  if (g.phase() == Phase::kOrder) out_ << FormatOrderChoice(g);
}

bool Table::SaveTileCommand(const std::string& line) {
  Result<TileSaveLine> parsed = ParseTileSaveLine(line);
  if (!parsed.ok()) return Refuse(parsed.status());
  const std::string& name = parsed->name;
  const std::string& description = parsed->description;
  Result<TileType> tile = ParseTileDescription(description);
  if (!tile.ok()) return Refuse(tile.status());
  Status s = carcref::SaveTile(name, description);
  if (!s.ok()) return Refuse(s);
  referee_->AddSaved(name, description);
  if (log_ && session_id_ > 0) {
    Status logged = log_->AddSessionTile(session_id_, SavedTileRecord(name), description);
    if (!logged.ok()) return Refuse(logged);
  }
  out_ << "saved " << name << ": " << DescribeTile(*tile, 0) << "\n";
  return true;
}

}  // namespace carcref
