// A chess diagram as inline SVG for the HTML report: 8x8 squares from White's side (a1 bottom
// left, a dark square), pieces as Unicode chess glyphs, coordinates, and a castling marked with
// coloured squares and arrows (king gold, rook blue). No external resources, no ids (many boards
// share one page).
#pragma once

#include <string>
#include <string_view>

#include "analysis/highlights.hpp"
#include "analysis/stats.hpp"
#include "chess/types.hpp"

namespace rochade::report {

struct BoardMarks {
  chess::Square king_from = chess::no_square, king_to = chess::no_square;
  chess::Square rook_from = chess::no_square, rook_to = chess::no_square;
};

// The position of `fen` (read leniently) as an <svg class="board"> element of
// 8 * square + margins pixels; an empty string when the FEN cannot be read. `title` (plain
// text, escaped here) becomes the diagram's accessible title.
std::string svg_board(std::string_view fen, const BoardMarks& marks, std::string_view title,
                      int square = 40);

// A highlighted game for the HTML report: <figure> with its board (the position before the
// castling, king and rook marked) and a caption (move, players, event, date, the finding's
// message), all text escaped; "position unavailable" where the FEN cannot be read.
// `viewer_game` >= 0: the game's index in the report's viewer (stats_viewer.hpp), which a link
// in the caption opens it at.
std::string board_figure(const analysis::Stats& stats, const analysis::Highlight& h,
                         int viewer_game = -1);

}  // namespace rochade::report
