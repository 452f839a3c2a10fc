// A chess diagram as inline SVG for the HTML pages: 8x8 squares from White's side (a1 bottom
// left, a dark square), pieces as Unicode chess glyphs, coordinates, and a castling marked with
// coloured squares and arrows (king gold, rook blue). No external resources, no ids (many boards
// share one page).
#pragma once

#include <string>
#include <string_view>

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

}  // namespace rochade::report
