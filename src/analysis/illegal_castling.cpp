#include "analysis/illegal_castling.hpp"

#include "chess/castling.hpp"

namespace rochade::analysis {

using namespace chess;

namespace {

constexpr int direction(CastlingSide side) { return side == CastlingSide::king ? 1 : -1; }

bool free_for(const Position& pos, Square s, Square a, Square b) {
  return pos.piece_on(s) == Piece::none || s == a || s == b;
}

}  // namespace

CastlingHomes CastlingHomes::of(const Position& start, bool from_fen) {
  CastlingHomes h;
  h.from_fen = from_fen;
  h.start_rights = start.castling_rights();
  for (Color c : {Color::white, Color::black}) {
    const Square k = start.king_square(c);
    if (start.chess960()) {
      h.king[idx(c)] = (k != no_square && rank_of(k) == back_rank(c)) ? k : no_square;
    } else {
      h.king[idx(c)] = make_square(4, back_rank(c));
    }
    // The rook of the right; without one, the rook the diagnosis of the start position takes
    // as that side's (the corner; in Chess960 the outermost rook on that side).
    for (CastlingSide side : {CastlingSide::king, CastlingSide::queen})
      h.rook[idx(c)][static_cast<int>(side)] = diagnose_castling(start, c, side).rook_home;
  }
  return h;
}

bool CastlingHomes::dropped(Color c, CastlingSide side) const {
  Bitboard b = dropped_rights & rank_bb(back_rank(c));
  while (b)  // dropped rights are standard chess's: their side is that of the e-file
    if (const int f = file_of(pop_lsb(b)); side == CastlingSide::king ? f > 4 : f < 4) return true;
  return false;
}

int castling_readings(const Position& pos, const CastlingHomes& homes, Color c, CastlingSide side,
                      std::array<CastlingReading, 4>& out) {
  int n = 0;
  const Square k = pos.king_square(c);
  const Square home = homes.king[idx(c)];
  const Square rook_home = homes.rook[idx(c)][static_cast<int>(side)];
  const Piece rook = make_piece(c, PieceType::rook);
  const Square kto = castling_king_to(c, side), rto = castling_rook_to(c, side);
  const int rank = back_rank(c);
  const int d = direction(side);
  if (k != no_square && k == home) {
    if (pos.piece_on(rook_home) == rook) {
      if (free_for(pos, kto, k, rook_home) && free_for(pos, rto, k, rook_home))
        out[n++] = {CastlingReading::Kind::corner, k, kto, rook_home, rto};
    } else {
      // The nearest rook on that side with only empty squares up to the king.
      for (int f = file_of(k) + d; f >= 0 && f < 8; f += d) {
        const Square s = make_square(f, rank);
        if (pos.piece_on(s) == Piece::none) continue;
        if (pos.piece_on(s) == rook && free_for(pos, kto, k, s) && free_for(pos, rto, k, s))
          out[n++] = {CastlingReading::Kind::rook_not_home, k, kto, s, rto};
        break;
      }
    }
  }
  if (k == no_square || k != home) {
    // The queen castles with the rook: it moves two squares toward it, the rook jumps over.
    Bitboard queens = pos.pieces(c, PieceType::queen) & rank_bb(rank);
    while (queens && n < 3) {
      const Square q = pop_lsb(queens);
      for (int f = file_of(q) + d; f >= 0 && f < 8; f += d) {
        const Square s = make_square(f, rank);
        if (pos.piece_on(s) == Piece::none) continue;
        const int dist = f > file_of(q) ? f - file_of(q) : file_of(q) - f;
        if (pos.piece_on(s) == rook && dist >= 3)
          out[n++] = {CastlingReading::Kind::queen, q, make_square(file_of(q) + 2 * d, rank), s,
                      make_square(file_of(q) + d, rank)};
        break;
      }
    }
  }
  if (k != no_square && n < 4) {
    // Vertical castling with a (promoted) rook on the king's file.
    const int up = c == Color::white ? 1 : -1;
    for (int r = rank_of(k) + up; r >= 0 && r < 8; r += up) {
      const Square s = make_square(file_of(k), r);
      if (pos.piece_on(s) == Piece::none) continue;
      const int dist = r > rank_of(k) ? r - rank_of(k) : rank_of(k) - r;
      if (pos.piece_on(s) == rook && dist >= 3)
        out[n++] = {CastlingReading::Kind::vertical, k, make_square(file_of(k), rank_of(k) + 2 * up),
                    s, make_square(file_of(k), rank_of(k) + up)};
      break;
    }
  }
  return n;
}

void execute_reading(Position& pos, CastlingHistory& history, const CastlingReading& r, int ply) {
  const Piece piece = pos.piece_on(r.piece_from);
  const Piece rook = pos.piece_on(r.rook_from);
  const Color c = color_of(piece);
  const bool by_king = type_of(piece) == PieceType::king;
  history.on_castling_as_played(c, ply, r.piece_from, r.piece_to, r.rook_from, r.rook_to, by_king);
  pos.remove_piece(r.piece_from);
  pos.remove_piece(r.rook_from);
  pos.put_piece(piece, r.piece_to);
  pos.put_piece(rook, r.rook_to);
  Bitboard rights = pos.castling_rights() & ~(bb(r.rook_from) | bb(r.rook_to));
  if (by_king) rights &= ~rank_bb(back_rank(c));
  pos.set_castling_rights(rights);
  pos.finish_turn(false);
}

std::string played_as(const Position& before, const CastlingReading& r) {
  constexpr char letters[] = " PNBRQK";
  std::string s;
  s += letters[idx(type_of(before.piece_on(r.piece_from)))];
  s += square_name(r.piece_from) + "-" + square_name(r.piece_to) + " ";
  s += letters[idx(type_of(before.piece_on(r.rook_from)))];
  s += square_name(r.rook_from) + "-" + square_name(r.rook_to);
  return s;
}

}  // namespace rochade::analysis
