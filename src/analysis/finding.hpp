// What the replay of one game found: illegal castling, other unplayable moves, unreadable text,
// false repetitions, castling annotations that do not match the position. Findings are rare, so
// they are plain values with strings (see docs/AUDIT-JSONL.md for the fields).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/names.hpp"
#include "chess/castling.hpp"
#include "chess/types.hpp"

namespace rochade::analysis {

enum class FindingKind : std::uint8_t {
  illegal_castling,
  illegal_move,
  parse_error,
  false_repetition,
  annotation_mismatch,
};
inline constexpr base::NameTable<FindingKind> finding_kind_names{
    {{FindingKind::illegal_castling, "illegal_castling"},
     {FindingKind::illegal_move, "illegal_move"},
     {FindingKind::parse_error, "parse_error"},
     {FindingKind::false_repetition, "false_repetition"},
     {FindingKind::annotation_mismatch, "annotation_mismatch"}}};
inline std::string_view finding_kind_name(FindingKind k) { return finding_kind_names.name(k); }

// The reasons (docs/AUDIT-JSONL.md) of findings that have no name elsewhere: an illegal_move's is a
// chess::san_error_name, a parse_error's a pgn::error_kind_name, an illegal_castling's a
// chess::castling_reason_name; these are the rest, one name each.
enum class FindingReason : std::uint8_t {
  bad_fen,        // parse_error: the FEN tag cannot be read
  rights_differ,  // false_repetition: the placements repeat, the castling/en-passant rights not
};
inline constexpr base::NameTable<FindingReason> finding_reason_names{
    {{FindingReason::bad_fen, "bad_fen"}, {FindingReason::rights_differ, "rights_differ"}}};
inline std::string_view finding_reason_name(FindingReason r) {
  return finding_reason_names.name(r);
}

struct Evidence {
  int ply = 0;          // 0 when the evidence is not a move (a square, a start position)
  std::string san;      // the move as recorded (with its number), when ply > 0
  std::string what;     // plain words
  std::string rights;   // for repetitions: the castling and en-passant fields of that position
};

struct Finding {
  FindingKind kind{};
  std::uint64_t line = 0;   // line of the move (or of the error, or of the game start)
  int ply = 0;              // 0 when not about a move
  int move_number = 0;
  chess::Color side = chess::Color::white;
  std::string san;          // the token as written
  std::vector<std::string> reasons;
  chess::CastlingReasons castling_reasons;  // illegal_castling only
  std::vector<Evidence> evidence;
  std::string played_as;
  std::string fen_before;
  std::string message;
};

}  // namespace rochade::analysis
