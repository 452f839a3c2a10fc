// An independent castling reference for the differential test (castling_differential_test.cpp),
// written straight from FIDE Laws art. 3.8 on a plain 8x8 array of FEN letters: its own attack
// rules (no bitboards, no magic tables), its own reading of the rights. It calls nothing of
// src/ (not the diagnosis, not the move generator): it is the other side of the comparison.
//
// The definitions are those of the diagnosis' header comment (which squares must be empty, which
// must not be attacked and when), and, for a position without a game, the conventions of
// docs/CLI.md: the king's home is e1/e8 (Chess960: where it stands on its first rank);
// without a right the rook's home is the corner (Chess960: the outermost own rook on that side);
// a rook elsewhere on that side of the first rank is rook_not_home; none there but one off the
// first rank is rook_moved. The rights are read from the FEN's castling field by read_rights()
// (standard chess drops a right without its king and rook at home).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rochade::test::ref {

// Squares 0..63, a1 = 0; letters as in FEN, '.' for empty.
struct Board {
  std::array<char, 64> sq{};
  Board() { sq.fill('.'); }
  char at(int f, int r) const { return f < 0 || f > 7 || r < 0 || r > 7 ? '#' : sq[r * 8 + f]; }
};

inline bool is_white(char p) { return p >= 'A' && p <= 'Z'; }
inline bool belongs(char p, bool white) { return p != '.' && p != '#' && is_white(p) == white; }
inline char lower(char p) { return is_white(p) ? static_cast<char>(p - 'A' + 'a') : p; }

// The squares (as a mask) of the pieces of colour `white` that attack square s on board b: a
// piece attacks a square if it could capture there (art. 3.1-3.7), whatever stands on it.
inline std::uint64_t attackers(const Board& b, int s, bool white) {
  const int f = s % 8, r = s / 8;
  std::uint64_t out = 0;
  auto add = [&](int ff, int rr) { out |= std::uint64_t{1} << (rr * 8 + ff); };
  // Pawns capture one square diagonally forward: a white pawn on (f±1, r-1) attacks (f, r).
  const int pr = white ? r - 1 : r + 1;
  for (int df : {-1, 1})
    if (b.at(f + df, pr) == (white ? 'P' : 'p')) add(f + df, pr);
  const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (const auto& d : knight)
    if (b.at(f + d[0], r + d[1]) == (white ? 'N' : 'n')) add(f + d[0], r + d[1]);
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr)
      if ((df || dr) && b.at(f + df, r + dr) == (white ? 'K' : 'k')) add(f + df, r + dr);
  // Sliders: the first piece met along each line.
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      if (!df && !dr) continue;
      const bool diagonal = df && dr;
      for (int ff = f + df, rr = r + dr;; ff += df, rr += dr) {
        const char p = b.at(ff, rr);
        if (p == '.') continue;
        if (belongs(p, white) && (lower(p) == 'q' || lower(p) == (diagonal ? 'b' : 'r')))
          add(ff, rr);
        break;
      }
    }
  return out;
}

// The rook squares (a1 = 0) of the rights a FEN castling field gives on board b, read the way
// ../shared/spec (and issue 13) say: with standard rules K/Q and the letters A/H are the h- and
// a-file corners, and a right is kept only with its king on e1/e8 and its own rook on the
// corner (else it is dropped); with Chess960 rules K/Q are the outermost own rook on that side of
// the king on its first rank (the corner without one), a letter is that file, and all are kept.
inline std::vector<int> read_rights(const std::string& field, const Board& b, bool chess960) {
  std::vector<int> out;
  if (field == "-") return out;
  for (char c : field) {
    const bool white = is_white(c);
    const int rank = white ? 0 : 7;
    const char K = white ? 'K' : 'k', R = white ? 'R' : 'r';
    int king = -1;
    for (int s = 0; s < 64; ++s)
      if (b.sq[s] == K) king = s;
    const char l = lower(c);
    int file = l == 'k' ? 7 : l == 'q' ? 0 : l - 'a';
    if (chess960 && (l == 'k' || l == 'q') && king >= 0 && king / 8 == rank)
      for (int f = l == 'k' ? 7 : 0; f != king % 8; f += l == 'k' ? -1 : 1)
        if (b.at(f, rank) == R) {
          file = f;
          break;
        }
    const int sq = rank * 8 + file;
    if (!chess960 && (king != rank * 8 + 4 || b.sq[sq] != R)) continue;  // dropped
    out.push_back(sq);
  }
  return out;
}

struct Reasons {
  bool king_moved = false, rook_moved = false, no_right = false, rook_not_home = false;
  bool blocked = false, in_check = false, through_check = false, into_check = false;
  bool legal() const {
    return !(king_moved || rook_moved || no_right || rook_not_home || blocked || in_check ||
             through_check || into_check);
  }
  // The names of docs/AUDIT-JSONL.md, in its order.
  std::vector<std::string> names() const {
    std::vector<std::string> n;
    if (king_moved) n.emplace_back("king_moved");
    if (rook_moved) n.emplace_back("rook_moved");
    if (no_right) n.emplace_back("no_right_in_fen");
    if (rook_not_home) n.emplace_back("rook_not_home");
    if (blocked) n.emplace_back("blocked");
    if (in_check) n.emplace_back("in_check");
    if (through_check) n.emplace_back("through_check");
    if (into_check) n.emplace_back("into_check");
    return n;
  }
};

// Castling of colour `white` toward the h-file (kingside) or the a-file. `rights`: the rook
// squares the position's castling field gives (both colours).
inline Reasons castling(const Board& b, const std::vector<int>& rights, bool chess960, bool white,
                        bool kingside) {
  Reasons out;
  const int rank = white ? 0 : 7;
  const char K = white ? 'K' : 'k', R = white ? 'R' : 'r';
  int king = -1;
  for (int s = 0; s < 64; ++s)
    if (b.sq[s] == K) king = s;
  const bool on_rank = king >= 0 && king / 8 == rank;
  const int kfile = on_rank ? king % 8 : 4;  // which side is which
  auto on_side = [&](int file) { return kingside ? file > kfile : file < kfile; };
  // The right: the outermost right of that colour on that side.
  int right = -1;
  for (int s : rights)
    if (s / 8 == rank && on_side(s % 8) &&
        (right < 0 || (kingside ? s % 8 > right % 8 : s % 8 < right % 8)))
      right = s;
  int home = right;
  if (home < 0) {
    home = rank * 8 + (kingside ? 7 : 0);
    if (chess960 && on_rank)  // the outermost own rook on that side
      for (int f = kingside ? 7 : 0; f != kfile; f += kingside ? -1 : 1)
        if (b.at(f, rank) == R) {
          home = rank * 8 + f;
          break;
        }
  }
  out.no_right = right < 0;
  const int king_home = chess960 ? (on_rank ? king : -2) : rank * 8 + 4;
  out.king_moved = king < 0 || king != king_home;
  // The castling rook: on its home, else the own rook nearest the king on that side.
  int rook = b.sq[home] == R ? home : -1;
  if (rook < 0)
    for (int f = kfile + (kingside ? 1 : -1); f >= 0 && f < 8; f += kingside ? 1 : -1)
      if (b.at(f, rank) == R) {
        rook = rank * 8 + f;
        break;
      }
  if (rook != home) {
    bool off_rank = false;
    for (int s = 0; s < 64; ++s) off_rank |= b.sq[s] == R && s / 8 != rank;
    if (rook >= 0 || right >= 0)
      out.rook_not_home = true;
    else
      out.rook_moved = off_rank;
  }
  if (out.king_moved) return out;

  // Art. 3.8.2: the squares. King k -> k2, rook (or, without one, its home) r -> r2; the squares
  // from k to k2 and from r to r2 must be empty but for king and rook (without a rook, its home
  // is no square of its way; it still is one of the king's if the king crosses it).
  const int k = king, k2 = rank * 8 + (kingside ? 6 : 2), r2 = rank * 8 + (kingside ? 5 : 3);
  const int r = rook >= 0 ? rook : home;
  auto span = [](int a, int z, int s) { return s >= std::min(a, z) && s <= std::max(a, z); };
  for (int s = rank * 8; s < rank * 8 + 8; ++s)
    if ((span(k, k2, s) || (span(r, r2, s) && s != r)) && s != k && s != rook && b.sq[s] != '.')
      out.blocked = true;
  const std::uint64_t checkers = attackers(b, k, !white);
  out.in_check = checkers != 0;
  for (int s = std::min(k, k2) + 1; s < std::max(k, k2); ++s)
    out.through_check |= attackers(b, s, !white) != 0;
  // The target: attacked as the pieces stand, or with king and rook on their new squares (the
  // king staying put: only attacks that were not there before).
  Board after = b;
  after.sq[k] = '.';
  if (rook >= 0) after.sq[rook] = '.';
  after.sq[k2] = K;
  if (rook >= 0) after.sq[r2] = R;
  const std::uint64_t now = attackers(b, k2, !white), then = attackers(after, k2, !white);
  out.into_check = k2 != k ? (now | then) != 0 : (then & ~checkers) != 0;
  return out;
}

}  // namespace rochade::test::ref
