// Classifies 64 bytes at once into bit masks (bit i = byte i), for the movetext fast path: words
// and the blanks between them are found with bit operations instead of a branch per byte.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rochade::pgn::detail {

struct BlockMasks {
  std::uint64_t word = 0;     // kWordChar bytes
  std::uint64_t space = 0;    // ' ', '\t', '\r', '\n'
  std::uint64_t newline = 0;  // '\n'
  std::uint64_t open = 0;     // '{'
  std::uint64_t close = 0;    // '}'
};

using ClassifyBlock = BlockMasks (*)(const char* p);  // reads p[0..63]

BlockMasks classify_block_scalar(const char* p);  // portable reference
BlockMasks classify_block_sse2(const char* p);    // x86-64 baseline; scalar elsewhere
BlockMasks classify_block_avx2(const char* p);    // only where the CPU has AVX2; scalar elsewhere
bool cpu_has_avx2();

// The '\n' bytes of p[0..n): a memchr per line (any CPU), or 64 bytes at a time (AVX2).
std::uint64_t count_newlines_portable(const char* p, std::size_t n);
std::uint64_t count_newlines_avx2(const char* p, std::size_t n);  // only where the CPU has AVX2

// The fastest classifier this CPU runs.
inline ClassifyBlock select_classifier() {
  return cpu_has_avx2() ? classify_block_avx2 : classify_block_sse2;
}

}  // namespace rochade::pgn::detail
