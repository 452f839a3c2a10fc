#include "analysis/describe.hpp"

namespace rochade::analysis {

using namespace chess;

std::string square_name(Square s) {
  if (s >= 64) return "?";
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::string_view color_name(Color c) { return c == Color::white ? "white" : "black"; }

std::string_view piece_type_name(PieceType t) {
  switch (t) {
    case PieceType::pawn: return "pawn";
    case PieceType::knight: return "knight";
    case PieceType::bishop: return "bishop";
    case PieceType::rook: return "rook";
    case PieceType::queen: return "queen";
    case PieceType::king: return "king";
    case PieceType::none: break;
  }
  return "piece";
}

std::string piece_name(const Position& pos, Square s) {
  const Piece p = pos.piece_on(s);
  if (p == Piece::none) return "nothing";
  std::string out = "the ";
  out += color_name(color_of(p));
  out += ' ';
  out += piece_type_name(type_of(p));
  return out;
}

std::string piece_on(const Position& pos, Square s) {
  if (pos.piece_on(s) == Piece::none) return "nothing on " + square_name(s);
  return piece_name(pos, s) + " on " + square_name(s);
}

std::string pieces_on(const Position& pos, Bitboard squares) {
  std::string out;
  while (squares) {
    const Square s = pop_lsb(squares);
    if (!out.empty()) out += squares ? ", " : " and ";
    out += piece_on(pos, s);
  }
  return out;
}

int MoveNamer::move_number(int ply) const {
  const int offset = start_side == Color::black ? 1 : 0;
  return start_fullmove + (ply - 1 + offset) / 2;
}

Color MoveNamer::side(int ply) const {
  const int offset = start_side == Color::black ? 1 : 0;
  return ((ply - 1 + offset) % 2 == 0) ? Color::white : Color::black;
}

std::string MoveNamer::operator()(int ply) const {
  if (ply <= 0 || static_cast<std::size_t>(ply) > record.move_count()) return {};
  std::string out = std::to_string(move_number(ply));
  out += side(ply) == Color::white ? ". " : "... ";
  out += record.san(static_cast<std::size_t>(ply - 1));
  return out;
}

}  // namespace rochade::analysis
