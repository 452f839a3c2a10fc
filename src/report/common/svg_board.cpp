#include "report/common/svg_board.hpp"

#include <fmt/core.h>

#include <cmath>

#include "chess/fen.hpp"
#include "report/common/text.hpp"

namespace rochade::report {

using chess::Square;

namespace {

constexpr std::string_view light = "#f0d9b5";
constexpr std::string_view dark = "#b58863";
constexpr std::string_view king_mark = "rgba(255,200,0,0.65)";
constexpr std::string_view rook_mark = "rgba(40,120,230,0.55)";
constexpr std::string_view king_arrow = "#c77700";
constexpr std::string_view rook_arrow = "#1b4fa0";

// Filled glyphs (U+265A..265F) by piece type, outline glyphs (U+2654..2659) for white's detail.
std::string_view filled_glyph(chess::PieceType t) {
  switch (t) {
    case chess::PieceType::king:
      return "\u265A";
    case chess::PieceType::queen:
      return "\u265B";
    case chess::PieceType::rook:
      return "\u265C";
    case chess::PieceType::bishop:
      return "\u265D";
    case chess::PieceType::knight:
      return "\u265E";
    case chess::PieceType::pawn:
      return "\u265F\uFE0E";  // text, not emoji, presentation
    default:
      return "";
  }
}
std::string_view outline_glyph(chess::PieceType t) {
  switch (t) {
    case chess::PieceType::king:
      return "\u2654";
    case chess::PieceType::queen:
      return "\u2655";
    case chess::PieceType::rook:
      return "\u2656";
    case chess::PieceType::bishop:
      return "\u2657";
    case chess::PieceType::knight:
      return "\u2658";
    case chess::PieceType::pawn:
      return "\u2659";
    default:
      return "";
  }
}

struct Geometry {
  int sq;
  int left;  // room for rank numbers
  int top;
  double x(Square s) const { return left + chess::file_of(s) * sq; }
  double y(Square s) const { return top + (7 - chess::rank_of(s)) * sq; }
  double cx(Square s) const { return x(s) + sq / 2.0; }
  double cy(Square s) const { return y(s) + sq / 2.0; }
};

void mark_square(std::string& out, const Geometry& g, Square s, std::string_view colour) {
  if (s >= chess::no_square) return;
  out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>)", g.x(s), g.y(s),
                     g.sq, g.sq, colour);
}

// An arrow from the centre of `from` to the centre of `to`, moved down by `shift` pixels (up
// when negative), so that the king's and the rook's arrows on one rank do not cover each other.
void arrow(std::string& out, const Geometry& g, Square from, Square to, double shift,
           std::string_view colour) {
  if (from >= chess::no_square || to >= chess::no_square || from == to) return;
  const double x1 = g.cx(from), y1 = g.cy(from) + shift, x2 = g.cx(to), y2 = g.cy(to) + shift;
  const double len = std::hypot(x2 - x1, y2 - y1);
  const double ux = (x2 - x1) / len, uy = (y2 - y1) / len;  // along
  const double nx = -uy, ny = ux;                           // across
  const double head = g.sq * 0.3, half = g.sq * 0.14;
  const double bx = x2 - ux * head, by = y2 - uy * head;  // base of the head
  out += fmt::format(
      R"(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" stroke="{}" stroke-width="{:.1f}" )"
      R"(stroke-linecap="round" opacity="0.9"/>)",
      x1, y1, bx, by, colour, g.sq * 0.08);
  out += fmt::format(
      R"(<polygon points="{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}" fill="{}" opacity="0.9"/>)",
      x2, y2, bx + nx * half, by + ny * half, bx - nx * half, by - ny * half, colour);
}

}  // namespace

std::string svg_board(std::string_view fen, const BoardMarks& marks, std::string_view title,
                      int square) {
  // Only the placement matters here: read it with neutral other fields, so that a FEN whose
  // rights or clocks are odd still shows its board.
  const std::size_t start = fen.find_first_not_of(' ');
  if (start == std::string_view::npos) return {};
  const std::string_view placement = fen.substr(start, fen.find(' ', start) - start);
  const chess::FenResult parsed =
      parse_fen(std::string(placement) + " w - - 0 1", chess::FenMode::lenient);
  if (!parsed.ok()) return {};
  const chess::Position& pos = parsed.position;
  const Geometry g{square, square / 2, 4};
  const int width = g.left + 8 * square + 4, height = g.top + 8 * square + square / 2;
  std::string out = fmt::format(R"(<svg class="board" viewBox="0 0 {} {}" )"
                                R"(width="{}" height="{}" role="img"><title>{}</title>)",
                                width, height, width, height, html_escape(clean_text(title)));
  for (int s = 0; s < 64; ++s) {
    const auto sq = static_cast<Square>(s);
    const bool is_dark = (chess::file_of(sq) + chess::rank_of(sq)) % 2 == 0;  // a1 is dark
    out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>)", g.x(sq),
                       g.y(sq), square, square, is_dark ? dark : light);
  }
  mark_square(out, g, marks.king_from, king_mark);
  mark_square(out, g, marks.king_to, king_mark);
  mark_square(out, g, marks.rook_from, rook_mark);
  mark_square(out, g, marks.rook_to, rook_mark);
  out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#555"/>)",
                     g.left, g.top, 8 * square, 8 * square);
  // Coordinates: rank numbers on the left, file letters below.
  out += fmt::format(R"(<g font-family="sans-serif" font-size="{}" fill="#444" )"
                     R"(text-anchor="middle">)",
                     square * 0.3);
  for (int i = 0; i < 8; ++i) {
    out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" dominant-baseline="central">{}</text>)",
                       g.left / 2.0, g.top + (7 - i) * square + square / 2.0, i + 1);
    out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" dominant-baseline="central">{}</text>)",
                       g.left + i * square + square / 2.0, g.top + 8 * square + square / 4.0,
                       static_cast<char>('a' + i));
  }
  out += "</g>";
  // Pieces: black as filled glyphs; white as a white filled glyph under a black outline glyph.
  out += fmt::format(R"(<g font-family="'DejaVu Sans','Noto Sans Symbols 2','Segoe UI Symbol',)"
                     R"('Arial Unicode MS',serif" font-size="{:.1f}" text-anchor="middle">)",
                     square * 0.82);
  for (int s = 0; s < 64; ++s) {
    const auto sq = static_cast<Square>(s);
    const chess::Piece p = pos.piece_on(sq);
    if (p == chess::Piece::none) continue;
    const chess::PieceType t = chess::type_of(p);
    const double x = g.cx(sq), y = g.cy(sq) + square * 0.05;
    if (chess::color_of(p) == chess::Color::black) {
      out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" dominant-baseline="central" )"
                         R"(fill="#111">{}</text>)",
                         x, y, filled_glyph(t));
    } else {
      out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" dominant-baseline="central" )"
                         R"(fill="#fff">{}</text>)",
                         x, y, filled_glyph(t));
      out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" dominant-baseline="central" )"
                         R"(fill="#111">{}</text>)",
                         x, y, outline_glyph(t));
    }
  }
  out += "</g>";
  arrow(out, g, marks.king_from, marks.king_to, -square * 0.3, king_arrow);
  arrow(out, g, marks.rook_from, marks.rook_to, square * 0.3, rook_arrow);
  out += "</svg>";
  return out;
}

}  // namespace rochade::report
