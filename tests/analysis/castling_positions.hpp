// Positions for the castling differential test: random attackers and blockers dropped around
// castling kings and rooks (standard chess, and each of the 960 Chess960 start arrays), and
// positions sampled from real games. Each comes as a FEN with the way it must be read.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "analysis/game_record.hpp"
#include "chess/fen.hpp"
#include "chess/san.hpp"
#include "pgn/reader.hpp"

namespace rochade::test {

struct CastlingSample {
  std::string fen;
  bool chess960 = false;  // read with Chess960 rules (Variant tag / --chess960)
};

// splitmix64: the same positions on every run.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  bool chance(int percent) { return below(100) < percent; }

 private:
  std::uint64_t s_;
};

// The back rank of Chess960 start position n (0..959, Scharnagl's numbering; 518 is standard).
inline std::string chess960_array(int n) {
  std::string r(8, '.');
  r[static_cast<std::size_t>(2 * (n % 4) + 1)] = 'B';
  n /= 4;
  r[static_cast<std::size_t>(2 * (n % 4))] = 'B';
  n /= 4;
  auto put_nth_free = [&](int k, char p) {
    for (std::size_t i = 0; i < 8; ++i)
      if (r[i] == '.' && k-- == 0) {
        r[i] = p;
        return;
      }
  };
  put_nth_free(n % 6, 'Q');
  n /= 6;
  static constexpr int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                         {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  put_nth_free(knights[n][1], 'N');  // the later one first: indices count free squares
  put_nth_free(knights[n][0], 'N');
  put_nth_free(0, 'R');
  put_nth_free(0, 'K');
  put_nth_free(0, 'R');
  return r;
}

// A board as 64 FEN letters (a1 = 0) with castling rights as rook squares, written as a FEN.
struct Sketch {
  std::array<char, 64> sq{};
  std::vector<int> rights;
  bool white_to_move = true;
  Sketch() { sq.fill('.'); }

  std::string fen(bool chess960) const {
    std::string s;
    for (int rank = 7; rank >= 0; --rank) {
      int empty = 0;
      for (int f = 0; f < 8; ++f) {
        const char p = sq[static_cast<std::size_t>(rank * 8 + f)];
        if (p == '.') {
          ++empty;
          continue;
        }
        if (empty) s += static_cast<char>('0' + empty), empty = 0;
        s += p;
      }
      if (empty) s += static_cast<char>('0' + empty);
      if (rank) s += '/';
    }
    s += white_to_move ? " w " : " b ";
    std::string castling;
    for (int r : rights) {
      const bool white = r < 8;
      char c = static_cast<char>('A' + r % 8);
      if (!chess960) c = r % 8 == 7 ? 'K' : 'Q';  // standard: corners only
      castling += white ? c : static_cast<char>(c | 0x20);
    }
    s += castling.empty() ? "-" : castling;
    return s + " - 0 1";
  }
};

// Kings and rooks at home (the array's squares), some moved or gone, rights for most rooks
// (and some for rooks that are not there), then up to eight pieces dropped, most of them on or
// next to the first and last ranks.
inline CastlingSample random_castling_position(Rng& rng, const std::string& array, bool chess960) {
  Sketch k;
  for (int f = 0; f < 8; ++f) {
    const char p = array[static_cast<std::size_t>(f)];
    const bool keep = p == 'K' || p == 'R' ? rng.chance(p == 'R' ? 90 : 100) : rng.chance(20);
    if (!keep) continue;
    k.sq[static_cast<std::size_t>(f)] = p;
    k.sq[static_cast<std::size_t>(56 + f)] = static_cast<char>(p | 0x20);
  }
  for (int s : {0, 56})
    for (int f = 0; f < 8; ++f) {
      const char p = array[static_cast<std::size_t>(f)];
      if (p != 'R') continue;
      const bool present = k.sq[static_cast<std::size_t>(s + f)] != '.';
      if (present ? rng.chance(85) : rng.chance(15)) k.rights.push_back(s + f);
    }
  auto empty_square = [&](int lo, int hi) {
    for (int tries = 0; tries < 64; ++tries) {
      const int s = lo + rng.below(hi - lo);
      if (k.sq[static_cast<std::size_t>(s)] == '.') return s;
    }
    return -1;
  };
  // Kings and rooks that moved: along the first rank or off it.
  for (int s = 0; s < 64; ++s) {
    const char p = k.sq[static_cast<std::size_t>(s)];
    if ((p | 0x20) != 'k' && (p | 0x20) != 'r') continue;
    if (s / 8 != 0 && s / 8 != 7) continue;
    if (!rng.chance(8)) continue;
    const bool along = rng.chance(50);
    const int rank = s / 8;
    const int to = along ? empty_square(rank * 8, rank * 8 + 8) : empty_square(8, 56);
    if (to < 0) continue;
    k.sq[static_cast<std::size_t>(to)] = p;
    k.sq[static_cast<std::size_t>(s)] = '.';
    // Standard chess cannot give rights to a king off the e-file: they go with it.
    if ((p | 0x20) == 'k' && along && !chess960)
      std::erase_if(k.rights, [&](int r) { return r / 8 == rank; });
  }
  const int drops = rng.below(9);
  for (int i = 0; i < drops; ++i) {
    const bool white = rng.chance(50);
    const char type = "pnbrqnbrq"[rng.below(9)];
    const int s = rng.chance(55) ? (rng.chance(50) ? empty_square(0, 16) : empty_square(48, 64))
                                 : empty_square(0, 64);
    if (s < 0 || (type == 'p' && (s < 8 || s >= 56))) continue;
    k.sq[static_cast<std::size_t>(s)] = white ? static_cast<char>(type - 'a' + 'A') : type;
  }
  k.white_to_move = rng.chance(50);
  return {k.fen(chess960), chess960};
}

// Positions of real games: every `every`-th position of each game of the PGN text (and the
// last), replayed with the move generator, written as FENs. Stops a game at its first move
// that cannot be played.
inline void sample_games(std::string_view pgn, int every, std::vector<CastlingSample>& out) {
  struct Sink : analysis::RecordSink {
    int every;
    std::vector<CastlingSample>* out;
    void game(analysis::GameRecord& record) override {
      char buf[32];
      std::size_t n = 0;
      for (char c : record.tag("Variant"))
        if (n < sizeof buf && ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')) buf[n++] = c | 0x20;
      const std::string_view v(buf, n);
      const bool c960 = v.find("960") != v.npos || v.starts_with("fischer") || v == "frc";
      if (!v.empty() && !c960 && v != "standard") return;
      const std::string_view fen = record.tag("FEN");
      chess::Position pos = chess::Position::startpos();
      if (!fen.empty()) {
        const auto r =
            chess::parse_fen(fen, chess::FenMode::lenient,
                             c960 ? chess::Chess960Mode::force : chess::Chess960Mode::detect);
        if (!r.ok()) return;
        pos = r.position;
      }
      pos.set_chess960(c960 || pos.chess960());
      for (std::size_t i = 0; i <= record.move_count(); ++i) {
        if (i % static_cast<std::size_t>(every) == 0 || i == record.move_count())
          out->push_back({chess::to_fen(pos), pos.chess960()});
        if (i == record.move_count()) break;
        const chess::SanResult m = chess::parse_move(pos, record.san(i));
        if (!m.ok()) break;
        pos.play(m.move);
      }
    }
  } sink;
  sink.every = every;
  sink.out = &out;
  pgn::MemorySource src(pgn);
  pgn::Reader reader(src, pgn::ReaderOptions{});
  analysis::RecordBuilder builder(sink, analysis::RunInput{});
  reader.read_all(builder);
}

}  // namespace rochade::test
