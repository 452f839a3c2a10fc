// Standard Algebraic Notation: reading (everything real files contain) and writing (minimal
// disambiguation, + and #). Errors are values that say which kind.
#pragma once

#include <cstdint>
#include <string_view>

#include "base/names.hpp"
#include "chess/position.hpp"

namespace rochade::chess {

// syntax: not a move token; no_piece: no piece of that kind (and disambiguation) reaches the
// square; illegal: one does, but the move breaks the rules (own piece there, king left in check,
// castling without right or through check...); ambiguous: several pieces can legally go.
enum class SanError : std::uint8_t { none, syntax, no_piece, illegal, ambiguous };
inline constexpr base::NameTable<SanError> san_error_names{{{SanError::none, "none"},
                                                            {SanError::syntax, "syntax"},
                                                            {SanError::no_piece, "no_piece"},
                                                            {SanError::illegal, "illegal"},
                                                            {SanError::ambiguous, "ambiguous"}}};
inline std::string_view san_error_name(SanError e) { return san_error_names.name(e); }

// A move token read without looking at a position.
struct SanMove {
  enum class Kind : std::uint8_t { normal, castling, null };
  Kind kind = Kind::normal;
  CastlingSide castling = CastlingSide::king;
  PieceType piece = PieceType::pawn;
  PieceType promotion = PieceType::none;
  std::int8_t from_file = -1, from_rank = -1;  // disambiguation (or the whole origin square)
  Square to = no_square;
  bool capture = false;  // 'x' or ':' written
  bool check = false;    // '+' written
  bool mate = false;     // '#' written
  bool operator==(const SanMove&) const = default;
};

// Syntax only. Accepts O-O, 0-0, O-O-O, 0-0-0; + # and ! ? !! ?? !? ?!; e8=Q, e8Q, e8(Q), e8/Q;
// captures with or without x; e.p.; disambiguation by file, rank or square; long algebraic
// (e2e4, e2-e4, Ng1-f3, Ng1xf3, e7e8q); null moves --, Z0, 0000.
// Inline: every move token of every game goes through it (the fast path is at the end of this
// header).
inline bool parse_san(std::string_view token, SanMove& out);
namespace detail {
// parse_san without its fast path for the common forms (the tests compare the two).
bool parse_san_general(std::string_view token, SanMove& out);
}  // namespace detail

struct SanResult {
  Move move;
  SanError error = SanError::none;
  bool ok() const { return error == SanError::none; }
};

// The legal move a parsed token means in this position. Looks only at the pieces of that type
// that reach the target square. Castling uses the recorded rights and must be legal here.
SanResult resolve_san(const Position& pos, const SanMove& san);
SanResult parse_move(const Position& pos, std::string_view token);

// Fixed-size text, no allocation.
struct MoveText {
  char data[16] = {};
  std::uint8_t size = 0;
  std::string_view view() const { return {data, size}; }
  void push(char c) { data[size++] = c; }
};
// SAN of a legal move, with + or #.
MoveText to_san(const Position& pos, Move m);
// UCI: castling as king to g/c file in standard chess, king takes rook in Chess960.
MoveText to_uci(const Position& pos, Move m);

namespace detail {
inline PieceType san_piece(char c) {  // none unless N B R Q K
  switch (c) {
    case 'N':
      return PieceType::knight;
    case 'B':
      return PieceType::bishop;
    case 'R':
      return PieceType::rook;
    case 'Q':
      return PieceType::queen;
    case 'K':
      return PieceType::king;
    default:
      return PieceType::none;
  }
}
inline bool san_file(char c) { return c >= 'a' && c <= 'h'; }
inline bool san_rank(char c) { return c >= '1' && c <= '8'; }
// The pieces among `candidates` (all of type t, not a pawn) that attack `to`. Sliders on the
// empty-board rays of `to` are tested against the between-squares table (`unblocked`): cheaper
// than a magic lookup for the usual one or two candidates. No jump on the piece type (which
// piece a move names is what the CPU cannot predict): each type selects its step and ray sets
// by a mask.
namespace detail {
struct ReachMasks {
  Bitboard knight, king, bishop, rook;  // all ones where the type moves that way
};
inline constexpr ReachMasks reach_masks[8] = {{0, 0, 0, 0},                        // none
                                              {0, 0, 0, 0},                        // pawn
                                              {~Bitboard{0}, 0, 0, 0},             // knight
                                              {0, 0, ~Bitboard{0}, 0},             // bishop
                                              {0, 0, 0, ~Bitboard{0}},             // rook
                                              {0, 0, ~Bitboard{0}, ~Bitboard{0}},  // queen
                                              {0, ~Bitboard{0}, 0, 0},             // king
                                              {0, 0, 0, 0}};
}  // namespace detail
inline Bitboard reaching(const Position& pos, PieceType t, Bitboard candidates, Square to) {
  const detail::ReachMasks& m = detail::reach_masks[idx(t) & 7];
  const Bitboard steps = (knight_attacks(to) & m.knight) | (king_attacks(to) & m.king);
  const Bitboard rays = (bishop_rays(to) & m.bishop) | (rook_rays(to) & m.rook);
  return (candidates & steps) | unblocked(to, candidates & rays, pos.pieces());
}
// A file or rank letter that says which piece moves ("Nbd7", "R1e2").
inline bool san_disambiguation(char c, SanMove& out) {
  if (san_file(c)) {
    out.from_file = static_cast<std::int8_t>(c - 'a');
    return true;
  }
  if (san_rank(c)) {
    out.from_rank = static_cast<std::int8_t>(c - '1');
    return true;
  }
  return false;
}
// The forms that make up nearly all real movetext: e4, Nf3, exd5, Nxe5, Nbd7, R1e2, Nbxd7,
// each with an optional + or #. Anything else (or any doubt) goes to the general reader.
inline bool parse_san_common(std::string_view s, SanMove& out) {
  std::size_t m = s.size();
  if (m < 2 || m > 6) return false;
  const char* p = s.data();
  if (p[m - 1] == '+') {
    out.check = true;
    --m;
  } else if (p[m - 1] == '#') {
    out.mate = true;
    --m;
  }
  if (m < 2 || !san_file(p[m - 2]) || !san_rank(p[m - 1])) return false;
  out.to = make_square(p[m - 2] - 'a', p[m - 1] - '1');
  if (m == 2) return true;  // a pawn push
  const PieceType piece = san_piece(p[0]);
  out.piece = piece == PieceType::none ? PieceType::pawn : piece;
  switch (m) {
    case 3:
      return piece != PieceType::none;
    case 4:
      if (p[1] == 'x') {
        out.capture = true;
        if (piece != PieceType::none) return true;
        if (!san_file(p[0])) return false;
        out.from_file = static_cast<std::int8_t>(p[0] - 'a');
        return true;
      }
      return piece != PieceType::none && san_disambiguation(p[1], out);
    case 5:
      if (piece == PieceType::none || p[2] != 'x') return false;
      out.capture = true;
      return san_disambiguation(p[1], out);
    default:
      return false;
  }
}
}  // namespace detail

inline bool parse_san(std::string_view token, SanMove& out) {
  out = SanMove{};
  if (detail::parse_san_common(token, out)) return true;
  return detail::parse_san_general(token, out);
}

}  // namespace rochade::chess
