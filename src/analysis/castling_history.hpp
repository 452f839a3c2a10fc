// What castling depends on, as a game goes: every move of each king, every move of each rook
// with the square that rook started on, captures of rooks, earlier castlings, and each king's
// first check (which does not matter, but is shown as such). Fixed-size storage (the first few
// events of each kind are kept as evidence; counts are exact).
#pragma once

#include <array>
#include <cstdint>

#include "chess/position.hpp"

namespace rochade::analysis {

struct PieceMove {
  std::uint16_t ply = 0;
  chess::Square from = chess::no_square, to = chess::no_square;
  chess::Square origin = chess::no_square;  // start square of the piece that moved / was taken
};

template <std::size_t N>
struct EventLog {
  std::array<PieceMove, N> items{};
  std::uint16_t kept = 0;
  std::uint32_t total = 0;
  void add(const PieceMove& m) {
    if (kept < N) items[kept++] = m;
    ++total;
  }
};

class CastlingHistory {
 public:
  static constexpr chess::Square promoted = 0xFE;  // origin of a promoted piece
  static constexpr chess::Square unknown = 0xFF;

  // Starts from a position: each piece's origin is where it stands.
  void reset(const chess::Position& start);

  // Records a move about to be played in `before` (normal, promotion, en passant, castling).
  void on_move(const chess::Position& before, chess::Move m, int ply);
  // Records a castling played as the record says, whatever the rules: the pieces moved.
  // `piece_from` is the king's square, or the queen's for a "castling" of the queen.
  void on_castling_as_played(chess::Color c, int ply, chess::Square piece_from,
                             chess::Square piece_to, chess::Square rook_from, chess::Square rook_to,
                             bool by_king = true);

  chess::Square origin(chess::Square s) const { return origin_[s]; }
  const EventLog<8>& king_moves(chess::Color c) const { return king_[idx(c)]; }
  const EventLog<8>& rook_moves(chess::Color c) const { return rook_[idx(c)]; }
  const EventLog<4>& rook_captures(chess::Color c) const { return captured_[idx(c)]; }
  // The first castling of c by its king (legal or not), ply 0 if none.
  const PieceMove& castled(chess::Color c) const { return castled_[idx(c)]; }
  // Notes a check of the side to move in `after`, the position after ply `ply` (0: the start).
  void on_position(const chess::Position& after, int ply);
  // The ply after which c's king was first in check (0: in the start position), -1 if never
  // while c had a castling right.
  int first_check(chess::Color c) const { return first_check_[idx(c)]; }
  // Whether c's king was in check before the position after ply `ply` (that one's check is not
  // "earlier": it is the position castling is judged in).
  bool checked_before(chess::Color c, int ply) const {
    return first_check_[idx(c)] >= 0 && first_check_[idx(c)] < ply;
  }

 private:
  void relocate(chess::Square from, chess::Square to);

  std::array<chess::Square, 64> origin_{};
  std::array<EventLog<8>, 2> king_{};
  std::array<EventLog<8>, 2> rook_{};
  std::array<EventLog<4>, 2> captured_{};  // rooks of that colour that were captured
  std::array<PieceMove, 2> castled_{};
  std::array<int, 2> first_check_{-1, -1};
};

// Inline: called for every move of every game.
inline void CastlingHistory::relocate(chess::Square from, chess::Square to) {
  origin_[to] = origin_[from];
  if (from != to) origin_[from] = unknown;
}

// Looked for only while the colour has a castling right (until its king moves or castles, or both
// its rooks have moved): without one a castling is illegal anyway (no right, king_moved,
// rook_moved), and the check test on every position of a game cost 4 % of the replay of master
// games (callgrind, 10 MB of the benchmark file).
inline void CastlingHistory::on_position(const chess::Position& after, int ply) {
  const int c = idx(after.side_to_move());
  if (first_check_[c] < 0 && after.castling_rights(after.side_to_move()) != 0 &&
      after.in_check())
    first_check_[c] = ply;
}

inline void CastlingHistory::on_move(const chess::Position& before, chess::Move m, int ply) {
  using chess::PieceType;
  using Kind = chess::Move::Kind;
  const chess::Square from = m.from(), to = m.to();
  const chess::Piece moved = before.piece_on(from);
  const chess::Color us = color_of(moved);
  const auto p = static_cast<std::uint16_t>(ply);
  if (m.is_castling()) {
    const chess::CastlingSide side = chess::castling_side(from, to);
    on_castling_as_played(us, ply, from, chess::castling_king_to(us, side), to,
                          chess::castling_rook_to(us, side));
    return;
  }
  const chess::Square captured_on =
      m.kind() != Kind::en_passant
          ? to
          : static_cast<chess::Square>(us == chess::Color::white ? to - 8 : to + 8);
  const chess::Piece captured = before.piece_on(captured_on);
  if (captured != chess::Piece::none) {
    if (type_of(captured) == PieceType::rook)
      captured_[idx(color_of(captured))].add({p, captured_on, captured_on, origin_[captured_on]});
    origin_[captured_on] = unknown;
  }
  const PieceMove record{p, from, to, origin_[from]};
  if (type_of(moved) == PieceType::king) king_[idx(us)].add(record);
  if (type_of(moved) == PieceType::rook) rook_[idx(us)].add(record);
  relocate(from, to);
  if (m.kind() == Kind::promotion) origin_[to] = promoted;
}

}  // namespace rochade::analysis
