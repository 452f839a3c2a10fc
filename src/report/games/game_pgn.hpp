// One game as PGN, its text exactly as it stands in the input (tags and movetext), followed by
// one empty line: what `find` prints for each matching game.
#pragma once

#include <string>

#include "analysis/game_record.hpp"

namespace rochade::report {

// Appends the game's text (kept by the reader: capture_raw) to `out`.
void append_game_pgn(const analysis::GameRecord& record, std::string& out);

}  // namespace rochade::report
