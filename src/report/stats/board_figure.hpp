// A highlighted castling as the stats page shows it: the board before the move (svg_board.hpp)
// with a caption naming the game and where it was found.
#pragma once

#include <string>

#include "analysis/highlights.hpp"
#include "analysis/stats.hpp"

namespace rochade::report {

// A highlighted game for the HTML report: <figure> with its board (the position before the
// castling, king and rook marked) and a caption (move, players, event, date, the finding's
// message), all text escaped; "position unavailable" where the FEN cannot be read.
// `viewer_game` >= 0: the game's index in the report's viewer (stats_viewer.hpp), which a link
// in the caption opens it at.
std::string board_figure(const analysis::Stats& stats, const analysis::Highlight& h,
                         int viewer_game = -1);

}  // namespace rochade::report
