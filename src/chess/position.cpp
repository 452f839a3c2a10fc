#include "chess/position.hpp"

#include "chess/zobrist.hpp"

namespace rochade::chess {

Position Position::startpos() {
  Position p;
  constexpr PieceType back[8] = {PieceType::rook,   PieceType::knight, PieceType::bishop,
                                 PieceType::queen,  PieceType::king,   PieceType::bishop,
                                 PieceType::knight, PieceType::rook};
  for (int f = 0; f < 8; ++f) {
    p.put_piece(make_piece(Color::white, back[f]), make_square(f, 0));
    p.put_piece(make_piece(Color::white, PieceType::pawn), make_square(f, 1));
    p.put_piece(make_piece(Color::black, PieceType::pawn), make_square(f, 6));
    p.put_piece(make_piece(Color::black, back[f]), make_square(f, 7));
  }
  p.set_castling_rights(bb(0) | bb(7) | bb(56) | bb(63));
  return p;
}

Square Position::castling_rook(Color c, CastlingSide side) const {
  const Bitboard rights = castling_rights(c);
  if (!rights) return no_square;
  const Square k = king_square(c);
  const int king_file = (k != no_square && rank_of(k) == back_rank(c)) ? file_of(k) : 4;
  const Bitboard rank = rank_bb(back_rank(c));
  Bitboard side_mask = 0;
  for (int f = 0; f < 8; ++f)
    if (side == CastlingSide::king ? f > king_file : f < king_file) side_mask |= file_bb(f);
  const Bitboard candidates = rights & rank & side_mask;
  if (!candidates) return no_square;
  return side == CastlingSide::king ? msb(candidates) : lsb(candidates);
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
  return (pawn_attacks(Color::black, s) & pieces(Color::white, PieceType::pawn)) |
         (pawn_attacks(Color::white, s) & pieces(Color::black, PieceType::pawn)) |
         (knight_attacks(s) & pieces(PieceType::knight)) |
         (king_attacks(s) & pieces(PieceType::king)) |
         (bishop_attacks(s, occ) & (pieces(PieceType::bishop) | pieces(PieceType::queen))) |
         (rook_attacks(s, occ) & (pieces(PieceType::rook) | pieces(PieceType::queen)));
}

bool Position::attacked_by(Color c, Square s, Bitboard occ) const {
  const Bitboard them = pieces(c);
  if ((pawn_attacks(~c, s) & pieces(c, PieceType::pawn)) ||
      (knight_attacks(s) & them & pieces(PieceType::knight)) ||
      (king_attacks(s) & them & pieces(PieceType::king)))
    return true;
  const Bitboard sliders = (bishop_rays(s) & pieces(c, PieceType::bishop, PieceType::queen)) |
                           (rook_rays(s) & pieces(c, PieceType::rook, PieceType::queen));
  return sliders && unblocked(s, sliders, occ);
}

Bitboard Position::checkers() const {
  const Square k = king_square(side_);
  if (k == no_square) return 0;
  const Color them = ~side_;
  const Bitboard sliders = (bishop_rays(k) & pieces(them, PieceType::bishop, PieceType::queen)) |
                           (rook_rays(k) & pieces(them, PieceType::rook, PieceType::queen));
  return (pawn_attacks(side_, k) & pieces(them, PieceType::pawn)) |
         (knight_attacks(k) & pieces(them, PieceType::knight)) |
         (sliders ? unblocked(k, sliders, pieces()) : 0);
}

Bitboard Position::pinned(Color c) const {
  const Square k = king_square(c);
  if (k == no_square) return 0;
  Bitboard snipers = (rook_rays(k) & pieces(~c, PieceType::rook, PieceType::queen)) |
                     (bishop_rays(k) & pieces(~c, PieceType::bishop, PieceType::queen));
  Bitboard result = 0;
  const Bitboard occ = pieces();
  while (snipers) {
    const Bitboard b = between_bb(k, pop_lsb(snipers)) & occ;
    if (b && !more_than_one(b)) result |= b & pieces(c);
  }
  return result;
}

bool Position::ep_capture_legal() const {
  if (ep_ == no_square) return false;
  const Color us = side_;
  const Square cap = static_cast<Square>(us == Color::white ? ep_ - 8 : ep_ + 8);
  if (piece_on(cap) != make_piece(~us, PieceType::pawn) || piece_on(ep_) != Piece::none)
    return false;
  const Square k = king_square(us);
  Bitboard froms = pawn_attacks(~us, ep_) & pieces(us, PieceType::pawn);
  while (froms) {
    const Square from = pop_lsb(froms);
    if (k == no_square) return true;
    const Bitboard occ = (pieces() ^ bb(from) ^ bb(cap)) | bb(ep_);
    if (!(attackers_to(k, occ) & pieces(~us) & ~bb(cap))) return true;
  }
  return false;
}

std::uint64_t Position::fide_key() const {
  std::uint64_t k = key_;
  Bitboard c = castling_;
  while (c) k ^= zobrist::keys.castling[pop_lsb(c)];
  if (ep_capture_legal()) k ^= zobrist::keys.en_passant[file_of(ep_)];
  return k;
}

void Position::set_side_to_move(Color c) {
  if (c != side_) key_ ^= zobrist::keys.black_to_move;
  side_ = c;
}

void Position::set_castling_rights(Bitboard rook_squares) {
  castling_ = rook_squares & (rank_bb(0) | rank_bb(7));
}

void Position::update_castling_after(Square from, Square to) {
  if (!castling_) return;
  castling_ &= ~(bb(from) | bb(to));
  if (type_of(board_[to]) == PieceType::king)
    castling_ &= ~rank_bb(back_rank(color_of(board_[to])));
}

void Position::finish_turn(bool irreversible) {
  halfmove_ = irreversible ? 0 : static_cast<std::uint16_t>(halfmove_ + 1);
  if (side_ == Color::black) ++fullmove_;
  ep_ = no_square;
  set_side_to_move(~side_);
}

void Position::play_null() { finish_turn(false); }

void Position::play_special(Move m) {
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  bool irreversible = false;
  Square new_ep = no_square;
  switch (m.kind()) {
    case Move::Kind::castling: {
      const CastlingSide cs = castling_side(from, to);
      const Piece rook = board_[to];
      remove_piece(from);
      remove_piece(to);
      put_piece(pc, castling_king_to(us, cs));
      put_piece(rook, castling_rook_to(us, cs));
      castling_ &= ~rank_bb(back_rank(us));
      finish_turn(false);
      return;
    }
    case Move::Kind::en_passant:
      remove_piece(static_cast<Square>(us == Color::white ? to - 8 : to + 8));
      move_piece(from, to);
      irreversible = true;
      break;
    case Move::Kind::promotion:
      remove_piece(to);
      remove_piece(from);
      put_piece(make_piece(us, m.promotion()), to);
      irreversible = true;
      break;
    case Move::Kind::normal:
      if (board_[to] != Piece::none) {
        irreversible = true;
        remove_piece(to);
      }
      move_piece(from, to);
      if (type_of(pc) == PieceType::pawn) {
        irreversible = true;
        if ((from ^ to) == 16) {
          const Square mid = static_cast<Square>((from + to) / 2);
          if (pawn_attacks(us, mid) & pieces(~us, PieceType::pawn)) new_ep = mid;
        }
      }
      break;
  }
  update_castling_after(from, to);
  finish_turn(irreversible);
  ep_ = new_ep;
}

}  // namespace rochade::chess
