// Plain words for squares, pieces and moves in findings.
#pragma once

#include <string>
#include <string_view>

#include "analysis/game_record.hpp"
#include "chess/position.hpp"

namespace rochade::analysis {

std::string square_name(chess::Square s);
std::string_view color_name(chess::Color c);
std::string_view piece_type_name(chess::PieceType t);
// "the black bishop"
std::string piece_name(const chess::Position& pos, chess::Square s);
// "the black bishop on c4"
std::string piece_on(const chess::Position& pos, chess::Square s);
// "the black bishop on c4 and the black queen on b5"
std::string pieces_on(const chess::Position& pos, chess::Bitboard squares);

// Names moves of a record by ply: "4. Ke2", "5... Ke7".
struct MoveNamer {
  const GameRecord& record;
  chess::Color start_side = chess::Color::white;
  int start_fullmove = 1;

  int move_number(int ply) const;
  chess::Color side(int ply) const;
  std::string operator()(int ply) const;
};

}  // namespace rochade::analysis
