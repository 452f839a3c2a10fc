// The slider attacks (bishop magics, rook obstruction difference) equal plain ray walking for
// every square and many occupancies; the rook's for every occupancy of its rank and file.
#include <catch2/catch.hpp>

#include "chess/bitboard.hpp"

using namespace rochade::chess;

TEST_CASE("slider attack tables match ray walking", "[attacks]") {
  std::uint64_t state = 0x243F6A8885A308D3ULL;
  auto next = [&] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  int checked = 0;
  for (Square s = 0; s < 64; ++s) {
    for (int i = 0; i < 2000; ++i) {
      Bitboard occ = next() & next();  // about a quarter of the squares occupied
      if (i % 3 == 0) occ &= next();
      CHECK(rook_attacks(s, occ) == slow_slider_attacks(PieceType::rook, s, occ));
      CHECK(bishop_attacks(s, occ) == slow_slider_attacks(PieceType::bishop, s, occ));
      CHECK(queen_attacks(s, occ) == slow_slider_attacks(PieceType::queen, s, occ));
      ++checked;
    }
    CHECK(rook_attacks(s, 0) == slow_slider_attacks(PieceType::rook, s, 0));
    CHECK(bishop_attacks(s, ~Bitboard{0}) == slow_slider_attacks(PieceType::bishop, s, ~Bitboard{0}));
  }
  CHECK(checked == 128000);
}

TEST_CASE("rook attacks match ray walking on every occupancy of the rank and file", "[attacks]") {
  // 2^14 occupancies of the other squares of the rook's rank and file, for each square; with the
  // rook's own square occupied or not, and squares off its lines occupied (ignored) or not.
  long checked = 0, wrong = 0;
  for (Square s = 0; s < 64; ++s) {
    const Bitboard lines = (rank_bb(rank_of(s)) | file_bb(file_of(s))) & ~bb(s);
    Bitboard sub = 0;
    do {
      for (const Bitboard extra : {Bitboard{0}, bb(s), ~lines & Bitboard{0x5AA5C33C0FF0A55A}}) {
        const Bitboard occ = sub | extra;
        if (rook_attacks(s, occ) != slow_slider_attacks(PieceType::rook, s, occ)) ++wrong;
        ++checked;
      }
      sub = (sub - lines) & lines;
    } while (sub != 0);
  }
  CHECK(checked == 64L * (1L << 14) * 3);
  CHECK(wrong == 0);
}

TEST_CASE("between and line tables", "[attacks]") {
  CHECK(between_bb(0, 7) == (rank_bb(0) & ~bb(0) & ~bb(7)));
  CHECK(between_bb(0, 63) == (bb(9) | bb(18) | bb(27) | bb(36) | bb(45) | bb(54)));
  CHECK(between_bb(0, 17) == 0);  // a knight's step: not aligned
  CHECK(line_bb(0, 17) == 0);
  CHECK(line_bb(9, 18) == (bb(0) | bb(9) | bb(18) | bb(27) | bb(36) | bb(45) | bb(54) | bb(63)));
  CHECK(aligned(4, 12, 60));
  CHECK_FALSE(aligned(4, 13, 60));
}
