// Legal move generation into a fixed-capacity list (no heap allocation), single-move legality,
// and the end-of-game states that follow from it.
#pragma once

#include <array>
#include <cstddef>

#include "chess/position.hpp"

namespace rochade::chess {

class MoveList {
 public:
  // Legal positions have at most 218 moves; test suites hold made-up ones with 270. A list that
  // is full drops further moves rather than overflow (only absurd edited positions get there).
  static constexpr std::size_t capacity = 512;
  void push(Move m) {
    if (size_ < capacity) moves_[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  bool contains(Move m) const;
  void clear() { size_ = 0; }

 private:
  std::array<Move, capacity> moves_;
  std::size_t size_ = 0;
};

// Every legal move of the side to move.
void generate_legal(const Position& pos, MoveList& list);

// Castling of the side to move on `side` with its recorded right: legal under the rules
// (standard or Chess960). Returns the move (king takes rook) or a null move.
Move legal_castling(const Position& pos, CastlingSide side);

// Whether a move that is well formed for this position (right piece, reachable square) is legal.
bool is_legal(const Position& pos, Move m);

// The test behind both for one move that is well formed and not castling: whether the king of
// the side to move stands unattacked after `from` goes to `to`, taking what stands on `taken`
// (`to`, or the pawn's square for en passant). Looks only at the pieces that could attack the
// king's square, so it needs neither checkers nor pins.
// Inline: it runs for every move replayed.
[[gnu::always_inline]] inline bool king_safe_after(const Position& pos, Square from, Square to,
                                                   Square taken) {
  const Color us = pos.side_to_move();
  Square k = pos.king_square(us);
  if (k == no_square) return true;
  const bool king_moves = k == from;
  if (king_moves) k = to;
  const Bitboard occ = (pos.pieces() ^ bb(from) ^ (pos.pieces() & bb(taken))) | bb(to);
  const Bitboard them = pos.pieces(~us) & ~bb(taken);
  // The other king counts only against a king move, as in move generation: a FEN may put the
  // kings side by side, and the other moves of such a position stay playable.
  if ((pawn_attacks(us, k) & them & pos.pieces(PieceType::pawn)) ||
      (knight_attacks(k) & them & pos.pieces(PieceType::knight)) ||
      (king_moves && (king_attacks(k) & them & pos.pieces(PieceType::king))))
    return false;
  const Bitboard sliders =
      (bishop_rays(k) & them & (pos.pieces(PieceType::bishop) | pos.pieces(PieceType::queen))) |
      (rook_rays(k) & them & (pos.pieces(PieceType::rook) | pos.pieces(PieceType::queen)));
  return !sliders || !unblocked(k, sliders, occ);
}

// The same for several moves of one position: checkers are computed once, pins only when a
// piece stands on a line with its king.
class LegalityContext {
 public:
  explicit LegalityContext(const Position& pos);
  bool is_legal(Move m) const;

 private:
  const Position& pos_;
  Square king_;
  Bitboard checkers_;
  Bitboard evasion_mask_;  // squares that answer a single check
};

bool has_legal_move(const Position& pos);
inline bool is_checkmate(const Position& pos) { return pos.in_check() && !has_legal_move(pos); }
inline bool is_stalemate(const Position& pos) { return !pos.in_check() && !has_legal_move(pos); }

}  // namespace rochade::chess
