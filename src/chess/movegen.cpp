#include "chess/movegen.hpp"

#include <algorithm>

namespace rochade::chess {
namespace {

constexpr Bitboard shift(Bitboard b, int d) { return d > 0 ? b << d : b >> -d; }
constexpr Bitboard not_a = ~file_bb(0);
constexpr Bitboard not_h = ~file_bb(7);

void push_promotions(MoveList& list, Square from, Square to) {
  list.push(Move(from, to, Move::Kind::promotion, PieceType::queen));
  list.push(Move(from, to, Move::Kind::promotion, PieceType::rook));
  list.push(Move(from, to, Move::Kind::promotion, PieceType::bishop));
  list.push(Move(from, to, Move::Kind::promotion, PieceType::knight));
}

void push_pawn_moves(MoveList& list, Bitboard targets, int delta, Bitboard promo_rank) {
  Bitboard promos = targets & promo_rank;
  Bitboard normal = targets & ~promo_rank;
  while (normal) {
    const Square to = pop_lsb(normal);
    list.push(Move(static_cast<Square>(to - delta), to));
  }
  while (promos) {
    const Square to = pop_lsb(promos);
    push_promotions(list, static_cast<Square>(to - delta), to);
  }
}

// An en-passant capture from `from` leaves the own king safe.
bool ep_safe(const Position& pos, Square from, Square to) {
  const Color us = pos.side_to_move();
  const Square k = pos.king_square(us);
  if (k == no_square) return true;
  const Square cap = static_cast<Square>(us == Color::white ? to - 8 : to + 8);
  const Bitboard occ = (pos.pieces() ^ bb(from) ^ bb(cap)) | bb(to);
  return !(pos.attackers_to(k, occ) & pos.pieces(~us) & ~bb(cap));
}

void generate_pawns(const Position& pos, MoveList& list, Bitboard target, Bitboard pinned) {
  const Color us = pos.side_to_move();
  const Square k = pos.king_square(us);
  const int up = us == Color::white ? 8 : -8;
  const Bitboard rank3 = rank_bb(us == Color::white ? 2 : 5);
  const Bitboard rank8 = rank_bb(us == Color::white ? 7 : 0);
  const Bitboard empty = ~pos.pieces();
  const Bitboard enemies = pos.pieces(~us);
  const Bitboard pawns = pos.pieces(us, PieceType::pawn);

  const Bitboard free = pawns & ~pinned;
  const Bitboard single = shift(free, up) & empty;
  push_pawn_moves(list, single & target, up, rank8);
  push_pawn_moves(list, shift(single & rank3, up) & empty & target, 2 * up, 0);
  const int left = up - 1, right = up + 1;
  push_pawn_moves(list, shift(free & not_a, left) & enemies & target, left, rank8);
  push_pawn_moves(list, shift(free & not_h, right) & enemies & target, right, rank8);

  Bitboard pinned_pawns = pawns & pinned;
  while (pinned_pawns) {
    const Square from = pop_lsb(pinned_pawns);
    const Bitboard allowed = line_bb(k, from) & target;
    Bitboard tos = pawn_attacks(us, from) & enemies & allowed;
    // shift() drops what leaves the board (a pawn on its last rank, which lenient FENs keep)
    const Bitboard one = shift(bb(from), up) & empty;
    tos |= one & allowed;
    if (one & rank3) tos |= shift(one, up) & empty & allowed;
    while (tos) {
      const Square to = pop_lsb(tos);
      if (bb(to) & rank8)
        push_promotions(list, from, to);
      else
        list.push(Move(from, to));
    }
  }

  const Square ep = pos.ep_square();
  const Square ep_pawn = static_cast<Square>(us == Color::white ? ep - 8 : ep + 8);
  if (ep != no_square && rank_of(ep) == (us == Color::white ? 5 : 2) && !(pos.pieces() & bb(ep)) &&
      pos.piece_on(ep_pawn) == make_piece(~us, PieceType::pawn)) {
    Bitboard froms = pawn_attacks(~us, ep) & pawns;
    while (froms) {
      const Square from = pop_lsb(froms);
      if (ep_safe(pos, from, ep)) list.push(Move(from, ep, Move::Kind::en_passant));
    }
  }
}

template <PieceType T>
void generate_piece(const Position& pos, MoveList& list, Bitboard target, Bitboard pinned,
                    Square k) {
  const Color us = pos.side_to_move();
  Bitboard froms = pos.pieces(us, T);
  if constexpr (T == PieceType::knight) froms &= ~pinned;
  const Bitboard occ = pos.pieces();
  while (froms) {
    const Square from = pop_lsb(froms);
    Bitboard tos = piece_attacks(T, from, occ) & target;
    if (pinned & bb(from)) tos &= line_bb(k, from);
    while (tos) list.push(Move(from, pop_lsb(tos)));
  }
}

}  // namespace

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

Move legal_castling(const Position& pos, CastlingSide side) {
  const Color us = pos.side_to_move();
  const Square rook = pos.castling_rook(us, side);
  const Square k = pos.king_square(us);
  if (rook == no_square || k == no_square || rank_of(k) != back_rank(us)) return Move::null();
  if (pos.piece_on(rook) != make_piece(us, PieceType::rook)) return Move::null();
  if (castling_side(k, rook) != side) return Move::null();
  const Square kto = castling_king_to(us, side);
  const Square rto = castling_rook_to(us, side);
  const Bitboard path =
      (between_bb(k, kto) | bb(kto) | between_bb(rook, rto) | bb(rto)) & ~(bb(k) | bb(rook));
  if (pos.pieces() & path) return Move::null();
  const Color them = ~us;
  const Bitboard occ = pos.pieces();
  if (pos.attacked_by(them, k, occ)) return Move::null();
  Bitboard king_path = between_bb(k, kto) | bb(kto);
  while (king_path)
    if (pos.attacked_by(them, pop_lsb(king_path), occ)) return Move::null();
  // Chess960: the rook may have shielded the king's destination along the back rank.
  const Bitboard after = (occ ^ bb(k) ^ bb(rook)) | bb(kto) | bb(rto);
  if (pos.attacked_by(them, kto, after)) return Move::null();
  return Move(k, rook, Move::Kind::castling);
}

void generate_legal(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square k = pos.king_square(us);
  const Bitboard own = pos.pieces(us);
  const Bitboard occ = pos.pieces();
  Bitboard target = ~own;
  if (k != no_square) {
    Bitboard tos = king_attacks(k) & ~own;
    const Bitboard occ_no_king = occ ^ bb(k);
    while (tos) {
      const Square to = pop_lsb(tos);
      if (!pos.attacked_by(them, to, occ_no_king)) list.push(Move(k, to));
    }
    const Bitboard checkers = pos.checkers();
    if (more_than_one(checkers)) return;
    if (checkers) {
      target = between_bb(k, lsb(checkers)) | checkers;
    } else if (pos.castling_rights(us)) {
      for (CastlingSide side : {CastlingSide::king, CastlingSide::queen}) {
        const Move m = legal_castling(pos, side);
        if (!m.is_null()) list.push(m);
      }
    }
  }
  const Bitboard pinned = k != no_square ? pos.pinned(us) : 0;
  generate_pawns(pos, list, target, pinned);
  generate_piece<PieceType::knight>(pos, list, target, pinned, k);
  generate_piece<PieceType::bishop>(pos, list, target, pinned, k);
  generate_piece<PieceType::rook>(pos, list, target, pinned, k);
  generate_piece<PieceType::queen>(pos, list, target, pinned, k);
}

LegalityContext::LegalityContext(const Position& pos)
    : pos_(pos), king_(pos.king_square(pos.side_to_move())), checkers_(pos.checkers()) {
  evasion_mask_ = !checkers_                 ? ~Bitboard{0}
                  : more_than_one(checkers_) ? Bitboard{0}
                                             : between_bb(king_, lsb(checkers_)) | checkers_;
}

bool LegalityContext::is_legal(Move m) const {
  const Color us = pos_.side_to_move();
  const Square from = m.from(), to = m.to();
  if (m.is_castling()) return legal_castling(pos_, castling_side(from, to)) == m;
  if (m.kind() == Move::Kind::en_passant) return ep_safe(pos_, from, to);
  if (from == king_) return !pos_.attacked_by(~us, to, pos_.pieces() ^ bb(king_));
  if (king_ == no_square) return true;
  if (!(evasion_mask_ & bb(to))) return false;
  // Pinned: only if a slider of the other side stands behind `from` on the line from the king.
  const Bitboard ray = line_bb(king_, from);
  if (!ray || aligned(king_, from, to)) return true;
  const bool diagonal = file_of(king_) != file_of(from) && rank_of(king_) != rank_of(from);
  const Bitboard sliders = ray & (diagonal ? pos_.pieces(~us, PieceType::bishop, PieceType::queen)
                                           : pos_.pieces(~us, PieceType::rook, PieceType::queen));
  return !sliders || !unblocked(king_, sliders, pos_.pieces() ^ bb(from));
}

bool is_legal(const Position& pos, Move m) { return LegalityContext(pos).is_legal(m); }

bool has_legal_move(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return !list.empty();
}

}  // namespace rochade::chess
