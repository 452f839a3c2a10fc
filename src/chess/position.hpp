// A chess position: placement, side to move, castling rights (per rook square, so standard chess
// and Chess960 share one representation), en-passant square, clocks and Zobrist keys.
// Castling moves are "king takes own rook" (see types.hpp).
#pragma once

#include <array>
#include <cstdint>

#include "chess/bitboard.hpp"
#include "chess/types.hpp"
#include "chess/zobrist.hpp"

namespace rochade::chess {

class Position {
 public:
  Position() = default;  // an empty board, white to move
  static Position startpos();

  // --- queries -------------------------------------------------------------------------------
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_color_[0] | by_color_[1]; }
  Bitboard pieces(Color c) const { return by_color_[idx(c)]; }
  Bitboard pieces(PieceType t) const { return by_type_[idx(t)]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[idx(c)] & by_type_[idx(t)]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return by_color_[idx(c)] & (by_type_[idx(a)] | by_type_[idx(b)]);
  }
  Color side_to_move() const { return side_; }
  Square king_square(Color c) const {
    const Bitboard k = pieces(c, PieceType::king);
    return k ? lsb(k) : no_square;
  }
  Square ep_square() const { return ep_; }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  bool chess960() const { return chess960_; }

  // Castling rights: the set of rook squares that may still castle (white's on rank 1,
  // black's on rank 8).
  Bitboard castling_rights() const { return castling_; }
  Bitboard castling_rights(Color c) const { return castling_ & rank_bb(back_rank(c)); }
  // The rook square of c's right on that side, or no_square. Kingside = toward the h-file of
  // the king (the outermost such right if several are recorded).
  Square castling_rook(Color c, CastlingSide side) const;

  // Attacks.
  Bitboard attackers_to(Square s, Bitboard occ) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  bool attacked_by(Color c, Square s, Bitboard occ) const;
  Bitboard checkers() const;  // pieces giving check to the side to move
  bool in_check() const { return checkers() != 0; }
  // Pieces of colour c that are the only blocker between c's king and an enemy slider.
  Bitboard pinned(Color c) const;

  // Keys. placement_key: pieces and side to move. fide_key: also castling rights and an
  // en-passant square only when an en-passant capture is actually legal.
  std::uint64_t placement_key() const { return key_; }
  std::uint64_t fide_key() const;
  bool ep_capture_legal() const;

  // --- changing ------------------------------------------------------------------------------
  // Plays a legal (or at least pseudo-legal and well-formed) move. The usual one (not castling,
  // en passant or promotion) is played inline: it is played for every move of every game.
  void play(Move m) {
    if (m.kind() == Move::Kind::normal && board_[m.from()] != Piece::none && m.from() != m.to())
      play_normal(m.from(), m.to());
    else
      play_special(m);
  }
  void play_null();

  // Low-level editing, used by FEN reading and by replay of records that break the rules.
  void put_piece(Piece p, Square s) {
    board_[s] = p;
    by_type_[idx(type_of(p))] |= bb(s);
    by_color_[idx(color_of(p))] |= bb(s);
    key_ ^= zobrist::keys.piece[idx(p)][s];
  }
  void remove_piece(Square s) {
    const Piece p = board_[s];
    if (p == Piece::none) return;
    by_type_[idx(type_of(p))] &= ~bb(s);
    by_color_[idx(color_of(p))] &= ~bb(s);
    board_[s] = Piece::none;
    key_ ^= zobrist::keys.piece[idx(p)][s];
  }
  void move_piece(Square from, Square to) {  // `to` must be empty
    const Piece p = board_[from];
    if (p == Piece::none || from == to) return;
    const Bitboard both = bb(from) | bb(to);
    by_type_[idx(type_of(p))] ^= both;
    by_color_[idx(color_of(p))] ^= both;
    board_[from] = Piece::none;
    board_[to] = p;
    key_ ^= zobrist::keys.piece[idx(p)][from] ^ zobrist::keys.piece[idx(p)][to];
  }
  void set_side_to_move(Color c);
  void set_castling_rights(Bitboard rook_squares);
  void set_ep_square(Square s) { ep_ = s; }
  void set_clocks(int halfmove, int fullmove) {
    halfmove_ = static_cast<std::uint16_t>(halfmove);
    fullmove_ = static_cast<std::uint16_t>(fullmove);
  }
  void set_chess960(bool v) { chess960_ = v; }
  // Ends a turn that was played by editing: clocks, side to move, en passant cleared.
  void finish_turn(bool irreversible);

 private:
  void play_normal(Square from, Square to);
  void play_special(Move m);
  void update_castling_after(Square from, Square to);

  std::array<Piece, 64> board_{};
  std::array<Bitboard, 7> by_type_{};
  std::array<Bitboard, 2> by_color_{};
  Bitboard castling_ = 0;
  std::uint64_t key_ = 0;
  Color side_ = Color::white;
  Square ep_ = no_square;
  bool chess960_ = false;
  std::uint16_t halfmove_ = 0;
  std::uint16_t fullmove_ = 1;
};

// Where king and rook end up when castling (standard and Chess960).
inline Square castling_king_to(Color c, CastlingSide side) {
  return make_square(side == CastlingSide::king ? 6 : 2, back_rank(c));
}
inline Square castling_rook_to(Color c, CastlingSide side) {
  return make_square(side == CastlingSide::king ? 5 : 3, back_rank(c));
}
inline CastlingSide castling_side(Square king, Square rook) {
  return file_of(rook) > file_of(king) ? CastlingSide::king : CastlingSide::queen;
}

// Most moves: written out once, without the general helpers' checks.
inline void Position::play_normal(Square from, Square to) {
  const Color us = side_;
  const Piece pc = board_[from];
  const Piece cap = board_[to];
  const Bitboard both = bb(from) | bb(to);
  const PieceType t = type_of(pc);
  by_type_[idx(t)] ^= both;
  by_color_[idx(us)] ^= both;
  key_ ^= zobrist::keys.piece[idx(pc)][from] ^ zobrist::keys.piece[idx(pc)][to] ^
          zobrist::keys.black_to_move;
  if (cap != Piece::none) {
    by_type_[idx(type_of(cap))] ^= bb(to);
    by_color_[idx(color_of(cap))] ^= bb(to);
    key_ ^= zobrist::keys.piece[idx(cap)][to];
  }
  board_[from] = Piece::none;
  board_[to] = pc;
  halfmove_ =
      (cap != Piece::none || t == PieceType::pawn) ? 0 : static_cast<std::uint16_t>(halfmove_ + 1);
  ep_ = no_square;
  if (t == PieceType::pawn && (from ^ to) == 16) {
    const Square mid = static_cast<Square>((from + to) / 2);
    if (pawn_attacks(us, mid) & pieces(~us, PieceType::pawn)) ep_ = mid;
  }
  if (castling_) {
    castling_ &= ~both;
    if (t == PieceType::king) castling_ &= ~rank_bb(back_rank(us));
  }
  if (us == Color::black) ++fullmove_;
  side_ = ~us;
}

}  // namespace rochade::chess
