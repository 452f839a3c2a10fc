#include "chess/bitboard.hpp"

#include <array>

namespace rochade::chess {
namespace {

// Attacks of a slider from s, walking each direction until a blocker (included).
Bitboard sliding_attacks(Square s, Bitboard occ, const int (*dirs)[2]) {
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

// Small deterministic generator for the magic search (xorshift64*).
struct Prng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

// Finds magics for every square of one slider and fills its attack table.
void init_magics(Magic* magics, Bitboard* table, const int (*dirs)[2]) {
  std::array<Bitboard, 4096> occupancy{};
  std::array<Bitboard, 4096> reference{};
  std::array<int, 4096> epoch{};
  int attempt = 0;
  Bitboard* next_table = table;
  Prng prng{0x9E3779B97F4A7C15ULL};
  for (Square s = 0; s < 64; ++s) {
    const Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) |
                           ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
    Magic& m = magics[s];
    m.mask = sliding_attacks(s, 0, dirs) & ~edges;
    m.shift = static_cast<unsigned>(64 - popcount(m.mask));
    m.attacks = next_table;
    // Enumerate every subset of the mask (Carry-Rippler) with its attack set.
    int size = 0;
    Bitboard b = 0;
    do {
      occupancy[size] = b;
      reference[size] = sliding_attacks(s, b, dirs);
      ++size;
      b = (b - m.mask) & m.mask;
    } while (b);
    Bitboard* entries = next_table;
    for (;;) {
      do {
        m.magic = prng.sparse();
      } while (popcount((m.mask * m.magic) >> 56) < 6);
      ++attempt;
      int i = 0;
      for (; i < size; ++i) {
        const unsigned index = m.index(occupancy[i]);
        if (epoch[index] < attempt) {
          epoch[index] = attempt;
          entries[index] = reference[i];
        } else if (entries[index] != reference[i]) {
          break;
        }
      }
      if (i == size) break;
    }
    next_table += Bitboard{1} << popcount(m.mask);
  }
}

}  // namespace

AttackTables::AttackTables() : pawn{}, knight{}, king{}, between{}, line{} {
  constexpr int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                      {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
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
  init_magics(rook_magic, rook_table, rook_dirs);
  init_magics(bishop_magic, bishop_table, bishop_dirs);
  for (Square a = 0; a < 64; ++a) {
    for (Square b = 0; b < 64; ++b) {
      if (a == b) continue;
      for (const auto* dirs : {rook_dirs, bishop_dirs}) {
        if (sliding_attacks(a, 0, dirs) & bb(b)) {
          line[a][b] = (sliding_attacks(a, 0, dirs) & sliding_attacks(b, 0, dirs)) | bb(a) | bb(b);
          between[a][b] = sliding_attacks(a, bb(b), dirs) & sliding_attacks(b, bb(a), dirs);
        }
      }
    }
  }
}

const AttackTables attack_tables;

Bitboard piece_attacks(PieceType t, Square s, Bitboard occ) {
  switch (t) {
    case PieceType::knight: return knight_attacks(s);
    case PieceType::bishop: return bishop_attacks(s, occ);
    case PieceType::rook: return rook_attacks(s, occ);
    case PieceType::queen: return queen_attacks(s, occ);
    case PieceType::king: return king_attacks(s);
    default: return 0;
  }
}

}  // namespace rochade::chess
