#include "chess/castling.hpp"

namespace rochade::chess {

std::string_view castling_reason_name(CastlingReason r) {
  switch (r) {
    case CastlingReason::king_moved: return "king_moved";
    case CastlingReason::rook_moved: return "rook_moved";
    case CastlingReason::rook_captured: return "rook_captured";
    case CastlingReason::no_right_in_fen: return "no_right_in_fen";
    case CastlingReason::rook_not_home: return "rook_not_home";
    case CastlingReason::queen_castling: return "queen_castling";
    case CastlingReason::vertical_castling: return "vertical_castling";
    case CastlingReason::blocked: return "blocked";
    case CastlingReason::in_check: return "in_check";
    case CastlingReason::through_check: return "through_check";
    case CastlingReason::into_check: return "into_check";
  }
  return "?";
}

CastlingReasons CastlingCheck::reasons() const {
  CastlingReasons r;
  if (!has_right) r.add(CastlingReason::no_right_in_fen);
  if (!rook_present) r.add(CastlingReason::rook_not_home);
  if (king == no_square) return r;
  if (blockers) r.add(CastlingReason::blocked);
  if (checkers) r.add(CastlingReason::in_check);
  if (crossed_count) r.add(CastlingReason::through_check);
  if (target.attackers) r.add(CastlingReason::into_check);
  return r;
}

CastlingCheck check_castling(const Position& pos, Color c, CastlingSide side) {
  Square king = pos.king_square(c);
  if (king != no_square && rank_of(king) != back_rank(c)) king = no_square;
  Square rook = pos.castling_rook(c, side);
  if (rook == no_square) {
    // No right recorded: judge against the rook of standard chess (or the outermost rook on
    // that side in Chess960).
    rook = make_square(side == CastlingSide::king ? 7 : 0, back_rank(c));
    if (pos.chess960() && king != no_square) {
      Bitboard side_rooks = 0;
      Bitboard rooks = pos.pieces(c, PieceType::rook) & rank_bb(back_rank(c));
      while (rooks) {
        const Square r = pop_lsb(rooks);
        if ((file_of(r) > file_of(king)) == (side == CastlingSide::king)) side_rooks |= bb(r);
      }
      if (side_rooks) rook = side == CastlingSide::king ? msb(side_rooks) : lsb(side_rooks);
    }
  }
  CastlingCheck check = check_castling(pos, c, side, king, rook);
  check.has_right = pos.castling_rook(c, side) != no_square;
  return check;
}

CastlingCheck check_castling(const Position& pos, Color c, CastlingSide side, Square king,
                             Square rook) {
  CastlingCheck ch;
  ch.color = c;
  ch.side = side;
  ch.king = king;
  ch.rook = rook;
  ch.has_right = true;
  ch.rook_present = rook != no_square && pos.piece_on(rook) == make_piece(c, PieceType::rook);
  ch.king_to = castling_king_to(c, side);
  ch.rook_to = castling_rook_to(c, side);
  if (king == no_square) return ch;
  const Color them = ~c;
  const Bitboard occ = pos.pieces();
  const Bitboard movers = bb(king) | (rook != no_square ? bb(rook) : 0);
  Bitboard must_be_empty = between_bb(king, ch.king_to) | bb(ch.king_to);
  if (rook != no_square) must_be_empty |= between_bb(king, rook) | between_bb(rook, ch.rook_to) | bb(ch.rook_to);
  ch.blockers = occ & must_be_empty & ~movers;
  ch.checkers = pos.attackers_to(king, occ) & pos.pieces(them);
  // The squares the king crosses, then its target as it will stand after castling.
  Bitboard crossed = between_bb(king, ch.king_to);
  while (crossed) {
    const Square s = pop_lsb(crossed);
    const Bitboard a = pos.attackers_to(s, occ) & pos.pieces(them);
    if (a && ch.crossed_count < 7) ch.crossed[ch.crossed_count++] = {s, a};
  }
  if (ch.king_to != king) {
    Bitboard after = occ & ~movers;
    after |= bb(ch.king_to) | bb(ch.rook_to);
    const Bitboard a = pos.attackers_to(ch.king_to, after) & pos.pieces(them) & ~bb(ch.rook_to);
    if (a) ch.target = {ch.king_to, a};
  }
  if (rook != no_square && ch.rook_present) {
    ch.rook_attackers = pos.attackers_to(rook, occ) & pos.pieces(them);
    Bitboard rook_path = (between_bb(rook, ch.rook_to) | bb(ch.rook_to)) &
                         ~(between_bb(king, ch.king_to) | bb(ch.king_to) | bb(king));
    while (rook_path) {
      const Square s = pop_lsb(rook_path);
      const Bitboard a = pos.attackers_to(s, occ) & pos.pieces(them);
      if (a && ch.rook_only_count < 7) ch.rook_only[ch.rook_only_count++] = {s, a};
    }
  }
  return ch;
}

}  // namespace rochade::chess
