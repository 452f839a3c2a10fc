// FEN reading and writing. The castling field may be KQkq, X-FEN (KQkq = outermost rook, a file
// letter for an inner rook) or Shredder-FEN (HAha). Standard chess unless told otherwise: KQkq
// are the a- and h-file rooks, and only a castling field that standard chess cannot express (a
// file letter other than a or h, a king on its first rank off the e-file with a right) is read
// as Chess960, with a note saying so. Read leniently with standard rules, a right without its
// king on e1/e8 and its rook on the corner is dropped, with a note. Positions are built
// leniently; their problems are listed by position_problems(), and strict reading turns the
// first one into an error value.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/names.hpp"
#include "chess/position.hpp"

namespace rochade::chess {

enum class FenField : std::uint8_t { placement, side, castling, en_passant, halfmove, fullmove,
                                      position };
inline constexpr base::NameTable<FenField> fen_field_names{
    {{FenField::placement, "piece placement"},
     {FenField::side, "side to move"},
     {FenField::castling, "castling rights"},
     {FenField::en_passant, "en-passant square"},
     {FenField::halfmove, "halfmove clock"},
     {FenField::fullmove, "fullmove number"},
     {FenField::position, "position"}}};
inline std::string_view fen_field_name(FenField f) { return fen_field_names.name(f); }

struct FenError {
  FenField field;
  std::string message;
};

enum class FenMode : std::uint8_t {
  strict,   // the position must be one that can occur in a game
  lenient,  // keep what is written (no king, pawns on the last rank, Chess960 rights without
            // king or rook, ...); standard chess drops rights without them, with a note
};
// detect: standard chess unless the castling field can only mean Chess960; force: Chess960 (the
// game's Variant tag or the user says so); never: standard chess (a right it cannot express is
// dropped, with a note).
enum class Chess960Mode : std::uint8_t { detect, force, never };

struct FenResult {
  Position position;
  std::optional<FenError> error;
  std::vector<std::string> notes;  // how the castling field was read: Chess960, dropped rights
  Bitboard dropped = 0;            // the squares of the rights the castling field gave but
                                   // standard chess cannot use (dropped, with a note each)
  bool ok() const { return !error.has_value(); }
};

inline constexpr std::string_view startpos_fen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Reads 4 to 6 fields (missing clocks are 0 and 1).
FenResult parse_fen(std::string_view fen, FenMode mode = FenMode::strict,
                    Chess960Mode chess960 = Chess960Mode::detect);

// Why the position could not occur in a game (empty if it could, as far as we check).
struct PositionProblem {
  FenField field;
  std::string message;
};
std::vector<PositionProblem> position_problems(const Position& pos);

// KQkq for standard positions; X-FEN for Chess960 (a file letter where K/Q would be unclear).
std::string to_fen(const Position& pos);

}  // namespace rochade::chess
