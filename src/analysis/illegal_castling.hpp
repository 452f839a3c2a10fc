// Castling records that break the rules: how the move can be read (which pieces went where),
// how to execute it as played, and the finding with every reason and its evidence.
#pragma once

#include <array>

#include "analysis/castling_history.hpp"
#include "analysis/describe.hpp"
#include "analysis/finding.hpp"
#include "chess/position.hpp"

namespace rochade::analysis {

// Where castling starts from in this game: the king's and rooks' home squares (e1/e8 and the
// corners in standard chess; the start position's in Chess960), and the rights the game began
// with.
struct CastlingHomes {
  std::array<chess::Square, 2> king{chess::no_square, chess::no_square};
  std::array<std::array<chess::Square, 2>, 2> rook{};  // [colour][side]
  chess::Bitboard start_rights = 0;
  chess::Bitboard dropped_rights = 0;  // rights of the FEN standard chess dropped (their squares)
  bool from_fen = false;

  // Whether the FEN gave c a right on that side that standard chess dropped.
  bool dropped(chess::Color c, chess::CastlingSide side) const;

  static CastlingHomes of(const chess::Position& start, bool from_fen);
};

struct CastlingReading {
  enum class Kind : std::uint8_t { corner, rook_not_home, queen, vertical };
  Kind kind = Kind::corner;
  chess::Square piece_from = chess::no_square, piece_to = chess::no_square;  // king (or queen)
  chess::Square rook_from = chess::no_square, rook_to = chess::no_square;
};

// Every way the castling token can be carried out on this board, most natural first.
int castling_readings(const chess::Position& pos, const CastlingHomes& homes, chess::Color c,
                      chess::CastlingSide side, std::array<CastlingReading, 4>& out);

// Moves the pieces as the reading says and ends the turn; rights are updated.
void execute_reading(chess::Position& pos, CastlingHistory& history, const CastlingReading& r,
                     int ply);

// The finding for an illegal castling about to be executed with reading r in `before`.
Finding describe_illegal_castling(const chess::Position& before, const CastlingHistory& history,
                                  const CastlingHomes& homes, const CastlingReading& r,
                                  chess::CastlingSide side, int ply, const MoveNamer& namer);

// "Ke1-g1 Rh1-f1"
std::string played_as(const chess::Position& before, const CastlingReading& r);

}  // namespace rochade::analysis
