// Zobrist keys, generated at compile time from a fixed seed.
#pragma once

#include <array>
#include <cstdint>

#include "chess/types.hpp"

namespace rochade::chess::zobrist {

struct Keys {
  std::array<std::array<std::uint64_t, 64>, 16> piece{};  // [piece][square]
  std::array<std::uint64_t, 64> castling{};                // per castling-rook square
  std::array<std::uint64_t, 8> en_passant{};               // per file
  std::uint64_t black_to_move = 0;
};

constexpr Keys make_keys() {
  Keys k;
  std::uint64_t s = 0x6A09E667F3BCC908ULL;
  auto next = [&s]() {  // splitmix64
    s += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (auto& row : k.piece)
    for (auto& v : row) v = next();
  for (auto& v : k.castling) v = next();
  for (auto& v : k.en_passant) v = next();
  k.black_to_move = next();
  return k;
}

inline constexpr Keys keys = make_keys();

}  // namespace rochade::chess::zobrist
