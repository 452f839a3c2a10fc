// Castling diagnosis from a position alone (FIDE Laws of Chess, article 3.8): for one colour and
// one side, is there a right, where are king and rook, which squares between them are occupied,
// is the king in check, which squares it crosses or reaches are attacked, and by what.
// Each colour is judged as if it were that colour's turn to move. History (which move lost a
// right) is not known here; the analysis layer adds it.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "chess/position.hpp"

namespace rochade::chess {

// Why a castling is illegal (the names of ../shared/spec/audit-jsonl.md), most specific first.
enum class CastlingReason : std::uint8_t {
  king_moved,
  rook_moved,
  rook_captured,
  no_right_in_fen,
  rook_not_home,
  queen_castling,
  vertical_castling,
  blocked,
  in_check,
  through_check,
  into_check,
};
inline constexpr int castling_reason_count = 11;
std::string_view castling_reason_name(CastlingReason r);

// A set of reasons, kept in the order of the enum.
class CastlingReasons {
 public:
  void add(CastlingReason r) { bits_ |= static_cast<std::uint16_t>(1u << static_cast<int>(r)); }
  bool has(CastlingReason r) const { return bits_ & (1u << static_cast<int>(r)); }
  bool empty() const { return bits_ == 0; }
  std::uint16_t bits() const { return bits_; }
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < castling_reason_count; ++i)
      if (bits_ & (1u << i)) f(CastlingReason(i));
  }

 private:
  std::uint16_t bits_ = 0;
};

struct SquareAttack {
  Square square = no_square;
  Bitboard attackers = 0;  // enemy pieces attacking it
};

struct CastlingCheck {
  Color color = Color::white;
  CastlingSide side = CastlingSide::king;
  bool has_right = false;       // the position records the right
  Square king = no_square;      // the king, if on its first rank
  Square rook = no_square;      // the castling rook's square (from the right, else the corner)
  bool rook_present = false;    // an own rook stands on `rook`
  Square king_to = no_square, rook_to = no_square;
  Bitboard blockers = 0;        // pieces on squares that must be empty
  Bitboard checkers = 0;        // pieces giving check to the king
  std::array<SquareAttack, 7> crossed{};  // attacked squares the king passes (not its target)
  int crossed_count = 0;
  SquareAttack target;          // the king's target square, if attacked (after castling)
  // What does not matter under the rules, for the explanation:
  Bitboard rook_attackers = 0;  // the rook is attacked
  std::array<SquareAttack, 7> rook_only{};  // attacked squares only the rook crosses (b1/b8)
  int rook_only_count = 0;

  // The reasons visible from the position: no_right_in_fen (no recorded right),
  // rook_not_home, blocked, in_check, through_check, into_check.
  CastlingReasons reasons() const;
  bool legal() const { return reasons().empty(); }
};

// Diagnoses castling of colour c on `side` in pos. The rook is the one the right names, or else
// the rook square of standard chess (a/h file); Chess960 positions use their rights.
CastlingCheck check_castling(const Position& pos, Color c, CastlingSide side);
// The same with the king and rook squares given (used for records that castle from squares the
// rights do not name).
CastlingCheck check_castling(const Position& pos, Color c, CastlingSide side, Square king,
                             Square rook);

}  // namespace rochade::chess
