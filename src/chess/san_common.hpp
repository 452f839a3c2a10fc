// resolve_common: the usual move tokens read and resolved in one pass. Each form mirrors what
// parse_san_common reads and what resolve_san then does with it; whatever those would refuse, or
// handle on a rare path, is left to them (a null move), so that the two never disagree.
// Inline, with everything it calls: the replay plays it for nearly every move, and a call saved
// and restored six registers each time.
#pragma once

#include <string_view>

#include "chess/movegen.hpp"
#include "chess/san.hpp"

namespace rochade::chess {
namespace detail {

// The single candidate `from`, if moving it to `to` (taking what stands there) leaves the king
// safe; else null.
[[gnu::always_inline]] inline Move single(const Position& pos, Square from, Square to) {
  return king_safe_after(pos, from, to, to) ? Move(from, to) : Move::null();
}

// "e4": a push by one or two squares onto an empty square short of the last rank.
[[gnu::always_inline]] inline Move pawn_push(const Position& pos, Color us, Square to) {
  const Bitboard pawns = pos.pieces(us, PieceType::pawn);
  const Bitboard occ = pos.pieces();
  if (rank_of(to) == back_rank(~us) || (occ & bb(to))) return Move::null();
  const int up = us == Color::white ? 8 : -8;
  const int one = to - up;
  if (one < 0 || one > 63) return Move::null();
  if (pawns & bb(static_cast<Square>(one))) return single(pos, static_cast<Square>(one), to);
  const int two = one - up;
  if (relative_rank(us, rank_of(to)) == 3 && !(occ & bb(static_cast<Square>(one))) &&
      (pawns & bb(static_cast<Square>(two))))
    return single(pos, static_cast<Square>(two), to);
  return Move::null();
}

// "exd5": a capture of a piece standing on `to`, short of the last rank (not en passant).
[[gnu::always_inline]] inline Move pawn_capture(const Position& pos, Color us, int from_file,
                                                Square to) {
  if (rank_of(to) == back_rank(~us) || !(pos.pieces(~us) & bb(to))) return Move::null();
  const Bitboard froms =
      pawn_attacks(~us, to) & pos.pieces(us, PieceType::pawn) & file_bb(from_file);
  if (!froms || more_than_one(froms)) return Move::null();
  return single(pos, lsb(froms), to);
}

}  // namespace detail

// The legal move a token of the usual forms means in this position, read and resolved in one
// pass with no SanMove between ("e4", "exd5", "Nf3", "Nxe5", "Nbd7", "R1xe2", "Kf1", each with
// an optional + or #): the replay's path for nearly every move. A null move for anything else
// (another form, a promotion, en passant, castling or a king move of two files, no piece, more
// than one candidate, an illegal move): parse_san and resolve_san decide those, and say why.
// Never a move that parse_move would not give for the same token.
[[gnu::always_inline]] inline Move resolve_common(const Position& pos, std::string_view token) {
  std::size_t m = token.size();
  if (m < 2 || m > 6) return Move::null();
  const char* p = token.data();
  if (p[m - 1] == '+' || p[m - 1] == '#') --m;
  if (m < 2 || !detail::san_file(p[m - 2]) || !detail::san_rank(p[m - 1])) return Move::null();
  const Square to = make_square(p[m - 2] - 'a', p[m - 1] - '1');
  const Color us = pos.side_to_move();
  if (m == 2) return detail::pawn_push(pos, us, to);
  const PieceType piece = detail::san_piece(p[0]);
  if (piece == PieceType::none) {
    if (m != 4 || p[1] != 'x' || !detail::san_file(p[0])) return Move::null();
    return detail::pawn_capture(pos, us, p[0] - 'a', to);
  }
  Bitboard origin = ~Bitboard{0};  // "Nbd7", "R1e2", "Nbxd7": a file or rank says which piece
  if (m == 6 || (m == 5 && p[2] != 'x')) return Move::null();
  if (m == 5 || (m == 4 && p[1] != 'x')) {
    if (detail::san_file(p[1]))
      origin = file_bb(p[1] - 'a');
    else if (detail::san_rank(p[1]))
      origin = rank_bb(p[1] - '1');
    else
      return Move::null();
  }
  if (pos.pieces(us) & bb(to)) return Move::null();
  if (piece == PieceType::king) {  // castling written as a king move: resolve_san
    const Square k = pos.king_square(us);
    if (k == no_square) return Move::null();
    const int df = file_of(k) - file_of(to);
    if (rank_of(k) == rank_of(to) && (df == 2 || df == -2)) return Move::null();
  }
  const Bitboard froms = detail::reaching(pos, piece, pos.pieces(us, piece) & origin, to);
  if (!froms || more_than_one(froms)) return Move::null();
  return detail::single(pos, lsb(froms), to);
}

}  // namespace rochade::chess
