// Basic chess types: colours, pieces, squares, moves. Everything is a small value type.
#pragma once

#include <cstdint>

namespace rochade::chess {

enum class Color : std::uint8_t { white = 0, black = 1 };
constexpr Color operator~(Color c) { return Color(static_cast<std::uint8_t>(c) ^ 1); }
constexpr int idx(Color c) { return static_cast<int>(c); }

enum class PieceType : std::uint8_t { none = 0, pawn, knight, bishop, rook, queen, king };
constexpr int idx(PieceType t) { return static_cast<int>(t); }

// A piece is colour * 8 + type; 0 is "no piece".
enum class Piece : std::uint8_t { none = 0 };
constexpr Piece make_piece(Color c, PieceType t) {
  return Piece(static_cast<std::uint8_t>(idx(c) * 8 + idx(t)));
}
constexpr PieceType type_of(Piece p) { return PieceType(static_cast<std::uint8_t>(p) & 7); }
constexpr Color color_of(Piece p) { return Color(static_cast<std::uint8_t>(p) >> 3); }
constexpr int idx(Piece p) { return static_cast<int>(p); }

// Squares a1 = 0, b1 = 1, ..., h8 = 63. 64 means "no square".
using Square = std::uint8_t;
constexpr Square no_square = 64;
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return static_cast<Square>(rank * 8 + file); }
constexpr bool is_ok(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
// The rank as seen by colour c (white's 1st rank is black's 8th).
constexpr int relative_rank(Color c, int rank) { return c == Color::white ? rank : 7 - rank; }
constexpr int back_rank(Color c) { return c == Color::white ? 0 : 7; }

enum class CastlingSide : std::uint8_t { king = 0, queen = 1 };  // toward the h-file / a-file

// 16-bit move: from (6 bits), to (6 bits), promotion piece (2 bits), kind (2 bits).
// Castling is encoded as "king takes own rook": to = the castling rook's square. This gives one
// code path for standard chess and Chess960.
class Move {
 public:
  enum class Kind : std::uint8_t { normal = 0, promotion = 1, en_passant = 2, castling = 3 };
  constexpr Move() = default;
  constexpr Move(Square from, Square to, Kind kind = Kind::normal,
                 PieceType promo = PieceType::knight)
      : data_(static_cast<std::uint16_t>(from | (to << 6) | ((idx(promo) - 2) << 12) |
                                         (static_cast<int>(kind) << 14))) {}
  static constexpr Move null() { return Move(); }
  constexpr Square from() const { return data_ & 63; }
  constexpr Square to() const { return (data_ >> 6) & 63; }
  constexpr Kind kind() const { return Kind(data_ >> 14); }
  constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + 2); }
  constexpr bool is_null() const { return data_ == 0; }
  constexpr bool is_castling() const { return kind() == Kind::castling; }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

}  // namespace rochade::chess
