#include "chess/bitboard.hpp"

#include <initializer_list>

namespace rochade::chess {
namespace {

// Attacks of a slider from s, walking each direction until a blocker (included).
constexpr Bitboard sliding_attacks(Square s, Bitboard occ, const int (*dirs)[2]) {
  Bitboard result = 0;
  for (int d = 0; d < 4; ++d) {
    int f = file_of(s) + dirs[d][0];
    int r = rank_of(s) + dirs[d][1];
    while (is_ok(f, r)) {
      const Square t = make_square(f, r);
      result |= bb(t);
      if (occ & bb(t)) break;
      f += dirs[d][0];
      r += dirs[d][1];
    }
  }
  return result;
}

constexpr int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Bishop magic multipliers, found once by this project's own search (sparse random candidates
// from a xorshift64* generator seeded with 0x9E3779B97F4A7C15, tried until the masked
// occupancies of a square map to their attack sets without destructive collisions). The table
// built from them is checked square by square against plain ray walking, as are the rook
// attacks, in tests/chess/attacks_test.cpp.
constexpr Bitboard bishop_numbers[64] = {
  0x10102002004a1420ULL, 0x8020040400584008ULL, 0x10510800811201c8ULL, 0x5204042080000088ULL,
  0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200a02020ULL,
  0x1500241990010e00ULL, 0x8001200182020a40ULL, 0x40004101030b0000ULL, 0x8002041042000100ULL,
  0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020a00ULL, 0x8000088400880520ULL,
  0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
  0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
  0x0006e080100c3040ULL, 0x0501044a11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
  0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422c012400ULL, 0x0002128698404812ULL,
  0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
  0xa010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802a02020000b098ULL,
  0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488a00ULL,
  0x2000081104004040ULL, 0x4c8e029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
  0x0000822802400008ULL, 0x00008a0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
  0x4a1500401041004aULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
  0x0040808800b62048ULL, 0x0000810400c44420ULL, 0x00080400440c0441ULL, 0x8340080020840411ULL,
  0x0000000104208200ULL, 0x0000800810d00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL,
};

// Fills the attack table of one slider from its magic numbers.
constexpr void init_magics(Magic* magics, Bitboard* table, const int (*dirs)[2],
                           const Bitboard* numbers) {
  Bitboard* next_table = table;
  for (Square s = 0; s < 64; ++s) {
    const Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) |
                           ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
    Magic& m = magics[s];
    m.mask = sliding_attacks(s, 0, dirs) & ~edges;
    m.shift = static_cast<unsigned>(64 - popcount(m.mask));
    m.magic = numbers[s];
    m.attacks = next_table;
    // Every subset of the mask (Carry-Rippler), its attacks by ray walking: 5,248 sets in all,
    // a few hundred thousand steps for the compiler.
    Bitboard b = 0;
    do {
      next_table[m.index(b)] = sliding_attacks(s, b, dirs);
      b = (b - m.mask) & m.mask;
    } while (b);
    next_table += Bitboard{1} << popcount(m.mask);
  }
}

}  // namespace

constexpr AttackTables::AttackTables()
    : pawn{},
      knight{},
      king{},
      bishop_magic{},
      rook_lines{},
      rook_rays{},
      bishop_rays{},
      between{},
      line{},
      bishop_table{} {
  constexpr int knight_steps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                      {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int king_steps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                    {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  for (Square s = 0; s < 64; ++s) {
    const int f = file_of(s), r = rank_of(s);
    for (const auto& st : knight_steps)
      if (is_ok(f + st[0], r + st[1])) knight[s] |= bb(make_square(f + st[0], r + st[1]));
    for (const auto& st : king_steps)
      if (is_ok(f + st[0], r + st[1])) king[s] |= bb(make_square(f + st[0], r + st[1]));
    for (int df : {-1, 1}) {
      if (is_ok(f + df, r + 1)) pawn[0][s] |= bb(make_square(f + df, r + 1));
      if (is_ok(f + df, r - 1)) pawn[1][s] |= bb(make_square(f + df, r - 1));
    }
  }
  init_magics(bishop_magic, bishop_table, bishop_dirs, bishop_numbers);
  for (Square a = 0; a < 64; ++a) {
    const Bitboard below = bb(a) - 1, above = ~(below | bb(a));
    const Bitboard lines[2] = {rank_bb(rank_of(a)) & ~bb(a), file_bb(file_of(a)) & ~bb(a)};
    for (int l = 0; l < 2; ++l) {
      rook_lines[a][l][0] = lines[l] & below;
      rook_lines[a][l][1] = lines[l] & above;
    }
    rook_rays[a] = sliding_attacks(a, 0, rook_dirs);
    bishop_rays[a] = sliding_attacks(a, 0, bishop_dirs);
  }
  // The pairs of squares on one rank or file, then those on one diagonal.
  const auto pairs = [this](const Bitboard* rays, const int (*dirs)[2]) {
    for (Square a = 0; a < 64; ++a) {
      for (Bitboard targets = rays[a]; targets;) {
        const Square b = pop_lsb(targets);
        line[a][b] = (rays[a] & rays[b]) | bb(a) | bb(b);
        between[a][b] = sliding_attacks(a, bb(b), dirs) & sliding_attacks(b, bb(a), dirs);
      }
    }
  };
  pairs(rook_rays, rook_dirs);
  pairs(bishop_rays, bishop_dirs);
}

// Computed by the compiler: the tables are part of the program's read-only data, mapped from
// the file as they are used, not built at every start (8.5 M instructions and ~220 page faults).
constinit const AttackTables attack_tables;

Bitboard slow_slider_attacks(PieceType t, Square s, Bitboard occ) {
  Bitboard a = 0;
  if (t == PieceType::rook || t == PieceType::queen) a |= sliding_attacks(s, occ, rook_dirs);
  if (t == PieceType::bishop || t == PieceType::queen) a |= sliding_attacks(s, occ, bishop_dirs);
  return a;
}

}  // namespace rochade::chess
