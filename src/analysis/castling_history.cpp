#include "analysis/castling_history.hpp"

namespace rochade::analysis {

using namespace chess;

void CastlingHistory::reset(const Position& start) {
  for (Square s = 0; s < 64; ++s) origin_[s] = start.piece_on(s) == Piece::none ? unknown : s;
  king_ = {};
  rook_ = {};
  captured_ = {};
  castled_ = {};
  first_check_ = {-1, -1};
  on_position(start, 0);
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
