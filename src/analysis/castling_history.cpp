#include "analysis/castling_history.hpp"

namespace rochade::analysis {

using namespace chess;

void CastlingHistory::reset(const Position& start) {
  for (Square s = 0; s < 64; ++s) origin_[s] = start.piece_on(s) == Piece::none ? unknown : s;
  king_ = {};
  rook_ = {};
  captured_ = {};
  castled_ = {};
}

void CastlingHistory::relocate(Square from, Square to) {
  origin_[to] = origin_[from];
  if (from != to) origin_[from] = unknown;
}

void CastlingHistory::on_move(const Position& before, Move m, int ply) {
  const Square from = m.from(), to = m.to();
  const Piece moved = before.piece_on(from);
  const Color us = color_of(moved);
  const auto p = static_cast<std::uint16_t>(ply);
  if (m.is_castling()) {
    const CastlingSide side = castling_side(from, to);
    on_castling_as_played(us, ply, from, castling_king_to(us, side), to,
                          castling_rook_to(us, side));
    return;
  }
  const Square captured_on =
      m.kind() == Move::Kind::en_passant ? static_cast<Square>(us == Color::white ? to - 8 : to + 8)
                                         : to;
  const Piece captured = before.piece_on(captured_on);
  if (captured != Piece::none && type_of(captured) == PieceType::rook)
    captured_[idx(color_of(captured))].add({p, captured_on, captured_on, origin_[captured_on]});
  if (captured != Piece::none) origin_[captured_on] = unknown;
  const PieceMove record{p, from, to, origin_[from]};
  if (type_of(moved) == PieceType::king) king_[idx(us)].add(record);
  if (type_of(moved) == PieceType::rook) rook_[idx(us)].add(record);
  relocate(from, to);
  if (m.kind() == Move::Kind::promotion) origin_[to] = promoted;
}

void CastlingHistory::on_castling_as_played(Color c, int ply, Square king_from, Square king_to,
                                            Square rook_from, Square rook_to, bool by_king) {
  const auto p = static_cast<std::uint16_t>(ply);
  const Square king_origin = origin_[king_from];
  const Square rook_origin = origin_[rook_from];
  if (by_king && castled_[idx(c)].ply == 0) castled_[idx(c)] = {p, king_from, king_to, king_origin};
  if (!by_king) rook_[idx(c)].add({p, rook_from, rook_to, rook_origin});
  origin_[king_from] = unknown;
  origin_[rook_from] = unknown;
  origin_[king_to] = king_origin;
  origin_[rook_to] = rook_origin;
}

}  // namespace rochade::analysis
