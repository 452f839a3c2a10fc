// Bitboards and attack tables (magic bitboards for bishops, obstruction difference for rooks),
// computed by the compiler into a constant table. Only depends on types.hpp.
#pragma once

#include <bit>
#include <cstdint>

#include "chess/types.hpp"

namespace rochade::chess {

using Bitboard = std::uint64_t;

constexpr Bitboard bb(Square s) { return Bitboard{1} << s; }
constexpr Bitboard file_bb(int f) { return Bitboard{0x0101010101010101} << f; }
constexpr Bitboard rank_bb(int r) { return Bitboard{0xFF} << (8 * r); }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }
constexpr Square lsb(Bitboard b) { return static_cast<Square>(std::countr_zero(b)); }
constexpr Square msb(Bitboard b) { return static_cast<Square>(63 - std::countl_zero(b)); }
constexpr Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

struct Magic {
  Bitboard mask = 0;
  Bitboard magic = 0;
  const Bitboard* attacks = nullptr;
  unsigned shift = 0;
  constexpr unsigned index(Bitboard occ) const {
    return static_cast<unsigned>(((occ & mask) * magic) >> shift);
  }
};

struct AttackTables {
  constexpr AttackTables();
  Bitboard pawn[2][64];
  Bitboard knight[64];
  Bitboard king[64];
  Magic bishop_magic[64];
  // A rook's rank and file, each as the squares below and above its square: [square][rank,
  // file][below, above]. 4 KiB where a rook magic table takes 800 KiB, and no slower
  // (docs/BENCHMARKS.md, "Decisions that hold").
  Bitboard rook_lines[64][2][2];
  Bitboard rook_rays[64];    // rook attacks on an empty board
  Bitboard bishop_rays[64];  // bishop attacks on an empty board
  Bitboard between[64][64];  // squares strictly between two aligned squares, else 0
  Bitboard line[64][64];     // the whole line through two aligned squares, else 0
  Bitboard bishop_table[0x1480];
};

// The one table, constant-initialised (bitboard.cpp): complete before any code runs.
extern const AttackTables attack_tables;

inline Bitboard pawn_attacks(Color c, Square s) { return attack_tables.pawn[idx(c)][s]; }
inline Bitboard knight_attacks(Square s) { return attack_tables.knight[s]; }
inline Bitboard king_attacks(Square s) { return attack_tables.king[s]; }
// The attacks along one line through s, given its squares below s and above s: everything
// from the highest blocker below to the lowest blocker above (obstruction difference; with no
// blocker below, from bit 0, with none above, to bit 63, both cut to the line).
inline Bitboard line_attacks(const Bitboard (&below_above)[2], Bitboard occ) {
  const Bitboard lower = occ & below_above[0];
  const Bitboard upper = occ & below_above[1];
  const Bitboard highest_below = bb(msb(lower | 1));
  return (below_above[0] | below_above[1]) & (upper ^ (upper - highest_below));
}
inline Bitboard rook_attacks(Square s, Bitboard occ) {
  return line_attacks(attack_tables.rook_lines[s][0], occ) |
         line_attacks(attack_tables.rook_lines[s][1], occ);
}
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  const Magic& m = attack_tables.bishop_magic[s];
  return m.attacks[m.index(occ)];
}
inline Bitboard queen_attacks(Square s, Bitboard occ) {
  return rook_attacks(s, occ) | bishop_attacks(s, occ);
}
inline Bitboard between_bb(Square a, Square b) { return attack_tables.between[a][b]; }
inline Bitboard rook_rays(Square s) { return attack_tables.rook_rays[s]; }
inline Bitboard bishop_rays(Square s) { return attack_tables.bishop_rays[s]; }
// The sliders among `candidates` (standing on rays of s) with nothing between them and s.
// Cheaper than magic lookups when the candidates are few. The first and the last candidate are
// tested without a jump (whether a line is blocked, or whether there is a candidate at all, is
// what the CPU cannot predict; with none, squares 63 and 0 are tested and masked off); a third
// or more (promoted pieces) in a loop.
inline Bitboard unblocked(Square s, Bitboard candidates, Bitboard occ) {
  const Square a = lsb(candidates | bb(Square{63})), b = msb(candidates | bb(Square{0}));
  Bitboard out = ((Bitboard{(attack_tables.between[s][a] & occ) == 0} << a) |
                  (Bitboard{(attack_tables.between[s][b] & occ) == 0} << b)) &
                 candidates;
  for (Bitboard rest = candidates & ~(bb(a) | bb(b)); rest;) {
    const Square c = pop_lsb(rest);
    if (!(attack_tables.between[s][c] & occ)) out |= bb(c);
  }
  return out;
}
inline Bitboard line_bb(Square a, Square b) { return attack_tables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return (line_bb(a, b) & bb(c)) != 0; }

// Attacks of a non-pawn piece type from s with occupancy occ.
inline Bitboard piece_attacks(PieceType t, Square s, Bitboard occ) {
  switch (t) {
    case PieceType::knight: return knight_attacks(s);
    case PieceType::bishop: return bishop_attacks(s, occ);
    case PieceType::rook: return rook_attacks(s, occ);
    case PieceType::queen: return queen_attacks(s, occ);
    case PieceType::king: return king_attacks(s);
    default: return 0;
  }
}

// Slider attacks by walking rays square by square (slow; for checking the tables).
Bitboard slow_slider_attacks(PieceType t, Square s, Bitboard occ);

}  // namespace rochade::chess
