// Standard Algebraic Notation: reading (everything real files contain) and writing (minimal
// disambiguation, + and #). Errors are values that say which kind.
#pragma once

#include <cstdint>
#include <string_view>

#include "chess/position.hpp"

namespace rochade::chess {

// syntax: not a move token; no_piece: no piece of that kind (and disambiguation) reaches the
// square; illegal: one does, but the move breaks the rules (own piece there, king left in check,
// castling without right or through check...); ambiguous: several pieces can legally go.
enum class SanError : std::uint8_t { none, syntax, no_piece, illegal, ambiguous };
std::string_view san_error_name(SanError e);  // "syntax", "no_piece", "illegal", "ambiguous"

// A move token read without looking at a position.
struct SanMove {
  enum class Kind : std::uint8_t { normal, castling, null };
  Kind kind = Kind::normal;
  CastlingSide castling = CastlingSide::king;
  PieceType piece = PieceType::pawn;
  PieceType promotion = PieceType::none;
  std::int8_t from_file = -1, from_rank = -1;  // disambiguation (or the whole origin square)
  Square to = no_square;
  bool capture = false;  // 'x' or ':' written
  bool check = false;    // '+' written
  bool mate = false;     // '#' written
  bool operator==(const SanMove&) const = default;
};

// Syntax only. Accepts O-O, 0-0, O-O-O, 0-0-0; + # and ! ? !! ?? !? ?!; e8=Q, e8Q, e8(Q), e8/Q;
// captures with or without x; e.p.; disambiguation by file, rank or square; long algebraic
// (e2e4, e2-e4, Ng1-f3, Ng1xf3, e7e8q); null moves --, Z0, 0000.
bool parse_san(std::string_view token, SanMove& out);
namespace detail {
// parse_san without its fast path for the common forms (the tests compare the two).
bool parse_san_general(std::string_view token, SanMove& out);
}  // namespace detail

struct SanResult {
  Move move;
  SanError error = SanError::none;
  bool ok() const { return error == SanError::none; }
};

// The legal move a parsed token means in this position. Looks only at the pieces of that type
// that reach the target square. Castling uses the recorded rights and must be legal here.
SanResult resolve_san(const Position& pos, const SanMove& san);
SanResult parse_move(const Position& pos, std::string_view token);

// Fixed-size text, no allocation.
struct MoveText {
  char data[16] = {};
  std::uint8_t size = 0;
  std::string_view view() const { return {data, size}; }
  void push(char c) { data[size++] = c; }
};
// SAN of a legal move, with + or #.
MoveText to_san(const Position& pos, Move m);
// UCI: castling as king to g/c file in standard chess, king takes rook in Chess960.
MoveText to_uci(const Position& pos, Move m);

}  // namespace rochade::chess
