// The castling diagnosis (FIDE Laws of Chess, article 3.8), the one place that decides whether a
// castling is legal and why not. For one colour and one side of a position it returns the verdict,
// every reason that applies (the names of docs/AUDIT-JSONL.md) with the squares and
// pieces behind it, and the facts that look like reasons but are not (the rook attacked, a square
// only the rook crosses attacked, an earlier check). `explain` words it, `audit` (and through its
// findings `find` and `stats`) adds the evidence of the game's moves.
//
// The definitions, for the king K going from k to k' and the rook R from r to r':
//  - blocked: a square from k to k' or from r to r' (both ends' destinations included) holds a
//    piece other than K and R (FIDE 3.8.2.2, and the Chess960 rule of "all squares vacant").
//  - in_check: k is attacked.
//  - through_check: a square strictly between k and k' is attacked, the pieces where they stand.
//  - into_check: k' is attacked, either as the pieces stand (k' != k) or once K stands on k' and R
//    on r' (other pieces where they are: the rook may have shielded k', art. 3.9). When K does not
//    move, an attack that is there before castling is in_check, not into_check.
// Each colour is judged as if it were its turn to move.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "base/names.hpp"
#include "chess/position.hpp"

namespace rochade::chess {

// Why a castling is illegal (the names of docs/AUDIT-JSONL.md), most specific first.
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
inline constexpr int castling_reason_count = static_cast<int>(base::enum_count<CastlingReason>);
// Its name, from its row of chess/castling_words.hpp (where every form of its words is).
std::string_view castling_reason_name(CastlingReason r);

// A set of reasons, kept in the order of the enum.
class CastlingReasons {
 public:
  void add(CastlingReason r) { bits_ |= static_cast<std::uint16_t>(1u << static_cast<int>(r)); }
  bool has(CastlingReason r) const { return bits_ & (1u << static_cast<int>(r)); }
  bool empty() const { return bits_ == 0; }
  std::uint16_t bits() const { return bits_; }
  bool operator==(const CastlingReasons&) const = default;
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

// What a game adds to the position (analysis supplies it): where king and rook started, which
// pieces the record castles with, and what the moves so far show. Without it the position alone
// is judged.
struct CastlingGame {
  Square king_home = no_square, rook_home = no_square;  // the start position's squares
  Square king_from = no_square, rook_from = no_square;  // the king and rook that castle
  bool king_moved = false;                              // the king had moved (or castled) before
  bool rook_moved = false;     // the rook had moved, or the one on its home is another rook
  bool rook_captured = false;  // the rook was captured on its home square
  bool earlier_check = false;  // the king had been in check before this position (does not
                               // matter; analysis: CastlingHistory::checked_before)
};

struct CastlingDiagnosis {
  Color color = Color::white;
  CastlingSide side = CastlingSide::king;
  CastlingReasons reasons;  // empty = legal
  bool legal() const { return reasons.empty(); }

  bool has_right = false;        // the position gives the right
  Square king = no_square;       // the king (wherever it is)
  Square king_home = no_square;  // e1/e8; in Chess960 where it stands
  Square rook = no_square;       // the castling rook, if there is one
  Square rook_home = no_square;  // the right's square, else the corner
  // False in Chess960 where no castling right tells that side's rook file: rook_home is then a
  // guess (the outermost rook on that side, else the corner), not a start square.
  bool rook_home_known = true;
  Square king_to = no_square, rook_to = no_square;
  Bitboard rooks_off_rank = 0;  // rook_moved (position alone): own rooks off the first rank

  // The board (art. 3.8.2.2), only when the king stands where it castles from.
  bool board_judged = false;
  Bitboard blockers = 0;                  // pieces on squares that must be empty
  Bitboard checkers = 0;                  // pieces giving check to the king
  std::array<SquareAttack, 7> crossed{};  // attacked squares the king crosses (not its target)
  int crossed_count = 0;
  SquareAttack target;  // the king's target square and what attacks it (into_check)

  // What does not matter under the rules.
  Bitboard rook_attackers = 0;              // the castling rook is attacked
  std::array<SquareAttack, 7> rook_only{};  // attacked squares only the rook crosses
  int rook_only_count = 0;
  bool earlier_check = false;  // the king had been in check before (games only)
  bool not_to_move = false;    // judged as if it were this colour's turn
};

// The position alone. The rook is the one the right names; without a right, the corner rook (the
// outermost rook on that side in Chess960); without one there, another own rook on that side of
// the first rank is the castling rook, standing elsewhere than home (rook_not_home). The king's
// home is e1/e8 in standard chess. Reasons: king_moved (the king is not home), rook_moved (no
// right, no rook on that side, an own rook off the first rank), no_right_in_fen, rook_not_home,
// and the board's.
CastlingDiagnosis diagnose_castling(const Position& pos, Color c, CastlingSide side);
// The same as explain reads a position: in Chess960 the homes the castling rights tell, which
// are one start position's for both colours (the rook's file of a right of either colour on that
// side; the king's file of a colour with a right, its king on its first rank). Where no right
// tells, as above.
CastlingDiagnosis diagnose_castling_by_files(const Position& pos, Color c, CastlingSide side);

// In a game: the king and rook the record castles with (game.king_from / rook_from, which must
// stand there), the history's reasons as given, no_right_in_fen when the right is gone and no
// move explains it, rook_not_home when the rook castles from elsewhere than rook_home, and the
// board's.
CastlingDiagnosis diagnose_castling(const Position& pos, Color c, CastlingSide side,
                                    const CastlingGame& game);

}  // namespace rochade::chess
