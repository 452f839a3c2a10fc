#include "chess/castling.hpp"

#include "chess/castling_words.hpp"

namespace rochade::chess {

std::string_view castling_reason_name(CastlingReason r) { return castling_words(r).name; }

namespace {

// The squares of colour c's first rank on one side of file `king_file`.
Bitboard side_of(int king_file, CastlingSide side, Color c) {
  Bitboard b = 0;
  for (int f = 0; f < 8; ++f)
    if (side == CastlingSide::king ? f > king_file : f < king_file) b |= file_bb(f);
  return b & rank_bb(back_rank(c));
}

// The king's file for "which side": its own on the first rank, else the e-file.
int king_file_on_rank(Square king, Color c) {
  return king != no_square && rank_of(king) == back_rank(c) ? file_of(king) : 4;
}

// The own rook nearest the king on that side of the first rank, or no_square.
Square nearest_rook(const Position& pos, Color c, CastlingSide side, int king_file) {
  const Bitboard rooks = pos.pieces(c, PieceType::rook) & side_of(king_file, side, c);
  if (!rooks) return no_square;
  return side == CastlingSide::king ? lsb(rooks) : msb(rooks);
}

// Art. 3.8.2.2 for the king on k and the rook on `rook` (no_square: there is none; its path is
// then taken from `rook_sq`), and what does not matter.
void judge_board(const Position& pos, CastlingDiagnosis& d, Square k, Square rook, Square rook_sq) {
  d.board_judged = true;
  const Color them = ~d.color;
  const Bitboard enemies = pos.pieces(them);
  const Bitboard occ = pos.pieces();
  const Bitboard movers = bb(k) | (rook != no_square ? bb(rook) : 0);
  const Bitboard king_path = between_bb(k, d.king_to) | bb(d.king_to);
  const Bitboard rook_path = between_bb(rook_sq, d.rook_to) | bb(d.rook_to);
  d.blockers = occ & (king_path | rook_path) & ~movers;
  d.checkers = pos.attackers_to(k, occ) & enemies;
  for (Bitboard crossed = between_bb(k, d.king_to); crossed;) {
    const Square s = pop_lsb(crossed);
    const Bitboard a = pos.attackers_to(s, occ) & enemies;
    if (a && d.crossed_count < 7) d.crossed[d.crossed_count++] = {s, a};
  }
  // The target as the pieces stand, and with king and rook on their new squares.
  const Bitboard after =
      (occ & ~movers) | bb(d.king_to) | (rook != no_square ? bb(d.rook_to) : Bitboard{0});
  Bitboard target = pos.attackers_to(d.king_to, after) & enemies;
  if (d.king_to != k)
    target |= pos.attackers_to(d.king_to, occ) & enemies;
  else
    target &= ~d.checkers;  // the king stays: an attack already there is in_check
  d.target = {d.king_to, target};
  if (d.blockers) d.reasons.add(CastlingReason::blocked);
  if (d.checkers) d.reasons.add(CastlingReason::in_check);
  if (d.crossed_count) d.reasons.add(CastlingReason::through_check);
  if (target) d.reasons.add(CastlingReason::into_check);

  if (rook == no_square) return;
  d.rook_attackers = pos.attackers_to(rook, occ) & enemies;
  for (Bitboard only = rook_path & ~(king_path | bb(k)); only;) {
    const Square s = pop_lsb(only);
    const Bitboard a = pos.attackers_to(s, occ) & enemies;
    if (a && d.rook_only_count < 7) d.rook_only[d.rook_only_count++] = {s, a};
  }
}

CastlingDiagnosis start(Color c, CastlingSide side) {
  CastlingDiagnosis d;
  d.color = c;
  d.side = side;
  d.king_to = castling_king_to(c, side);
  d.rook_to = castling_rook_to(c, side);
  return d;
}

void finish(const Position& pos, CastlingDiagnosis& d) {
  d.not_to_move = d.legal() && pos.side_to_move() != d.color;
}

// Chess960: the files the castling rights tell (one start position's for both colours), -1
// where none does. The king's: colour c's own king if c has a right, else the other colour's.
struct CastlingFiles {
  int king = -1;
  int rook = -1;  // the side's
};

CastlingFiles castling_files(const Position& pos, Color c, CastlingSide side) {
  CastlingFiles f;
  for (Color who : {~c, c}) {  // c's own last: it decides where both tell
    const Square k = pos.king_square(who);
    const bool king_home = k != no_square && rank_of(k) == back_rank(who);
    for (CastlingSide s : {CastlingSide::king, CastlingSide::queen}) {
      const Square r = pos.castling_rook(who, s);
      if (r == no_square) continue;
      if (s == side) f.rook = file_of(r);
      if (king_home) f.king = file_of(k);
    }
  }
  return f;
}

CastlingDiagnosis diagnose_alone(const Position& pos, Color c, CastlingSide side, bool by_files) {
  CastlingDiagnosis d = start(c, side);
  const int rank = back_rank(c);
  const Piece own_rook = make_piece(c, PieceType::rook);
  const CastlingFiles files =
      pos.chess960() && by_files ? castling_files(pos, c, side) : CastlingFiles{};
  d.king = pos.king_square(c);
  const bool on_rank = d.king != no_square && rank_of(d.king) == rank;
  d.king_home = pos.chess960() ? (on_rank ? d.king : no_square) : make_square(4, rank);
  if (files.king >= 0) d.king_home = make_square(files.king, rank);
  const int king_file = king_file_on_rank(d.king, c);

  d.rook_home = pos.castling_rook(c, side);
  d.has_right = d.rook_home != no_square;
  if (!d.has_right && files.rook >= 0) {
    d.rook_home = make_square(files.rook, rank);
  } else if (!d.has_right) {
    // Standard chess: the corner. Chess960: the outermost own rook on that side, else the corner.
    d.rook_home = make_square(side == CastlingSide::king ? 7 : 0, rank);
    const Bitboard rooks = pos.pieces(c, PieceType::rook) & side_of(king_file, side, c);
    if (pos.chess960() && on_rank && rooks)
      d.rook_home = side == CastlingSide::king ? msb(rooks) : lsb(rooks);
    d.rook_home_known = !pos.chess960();
  }
  d.rook =
      pos.piece_on(d.rook_home) == own_rook ? d.rook_home : nearest_rook(pos, c, side, king_file);

  const bool king_home = d.king != no_square && d.king == d.king_home;
  if (!king_home) d.reasons.add(CastlingReason::king_moved);
  if (!d.has_right) d.reasons.add(CastlingReason::no_right_in_fen);
  if (d.rook != d.rook_home) {
    if (d.rook != no_square || d.has_right) {
      d.reasons.add(CastlingReason::rook_not_home);
    } else {
      d.rooks_off_rank = pos.pieces(c, PieceType::rook) & ~rank_bb(rank);
      if (d.rooks_off_rank) d.reasons.add(CastlingReason::rook_moved);
    }
  }
  if (king_home) judge_board(pos, d, d.king, d.rook, d.rook != no_square ? d.rook : d.rook_home);
  finish(pos, d);
  return d;
}

}  // namespace

CastlingDiagnosis diagnose_castling(const Position& pos, Color c, CastlingSide side) {
  return diagnose_alone(pos, c, side, false);
}

CastlingDiagnosis diagnose_castling_by_files(const Position& pos, Color c, CastlingSide side) {
  return diagnose_alone(pos, c, side, true);
}

CastlingDiagnosis diagnose_castling(const Position& pos, Color c, CastlingSide side,
                                    const CastlingGame& game) {
  CastlingDiagnosis d = start(c, side);
  d.king = game.king_from;
  d.king_home = game.king_home;
  d.rook = game.rook_from;
  d.rook_home = game.rook_home;
  d.has_right = game.rook_home != no_square && pos.castling_rook(c, side) == game.rook_home;
  d.earlier_check = game.earlier_check;
  if (!d.has_right) {
    // The right is gone: the moves that lost it, or else the starting position never gave it.
    if (game.king_moved) d.reasons.add(CastlingReason::king_moved);
    if (game.rook_moved) d.reasons.add(CastlingReason::rook_moved);
    if (game.rook_captured) d.reasons.add(CastlingReason::rook_captured);
    if (d.reasons.empty()) d.reasons.add(CastlingReason::no_right_in_fen);
  }
  if (d.rook != d.rook_home) d.reasons.add(CastlingReason::rook_not_home);
  if (d.king != no_square && d.rook != no_square) judge_board(pos, d, d.king, d.rook, d.rook);
  finish(pos, d);
  return d;
}

}  // namespace rochade::chess
