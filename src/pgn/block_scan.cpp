#include "pgn/block_scan.hpp"

#include <cstring>

#include "pgn/char_class.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define ROCHADE_X86_SIMD 1
#include <immintrin.h>
#endif

namespace rochade::pgn::detail {

BlockMasks classify_block_scalar(const char* p) {
  BlockMasks m;
  for (unsigned i = 0; i < 64; ++i) {
    const char c = p[i];
    const std::uint64_t bit = std::uint64_t{1} << i;
    if (has(c, kWordChar)) m.word |= bit;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') m.space |= bit;
    if (c == '\n') m.newline |= bit;
    if (c == '{') m.open |= bit;
    if (c == '}') m.close |= bit;
  }
  return m;
}

#if defined(ROCHADE_X86_SIMD)

BlockMasks classify_block_sse2(const char* p) {
  BlockMasks m;
  for (unsigned k = 0; k < 4; ++k) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    const __m128i nl = sse::eq(x, '\n');
    const __m128i sp = _mm_or_si128(_mm_or_si128(sse::eq(x, ' '), sse::eq(x, '\t')),
                                    _mm_or_si128(sse::eq(x, '\r'), nl));
    const unsigned shift = 16 * k;
    m.word |= std::uint64_t{static_cast<std::uint16_t>(~_mm_movemask_epi8(sse::not_word(x)))}
              << shift;
    m.space |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(sp))} << shift;
    m.newline |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(nl))} << shift;
    m.open |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(sse::eq(x, '{')))}
              << shift;
    m.close |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(sse::eq(x, '}')))}
               << shift;
  }
  return m;
}

// Nibble lookup: class = low[c & 15] & high[c >> 4]. Bits 0-5 mark word bytes (one bit per
// group of high nibbles with the same low nibbles), bits 6-7 the blanks \t \n \r and ' '.
__attribute__((target("avx2"))) BlockMasks classify_block_avx2(const char* p) {
  // low[l]: the groups whose word bytes include low nibble l; high[h]: the group of nibble h.
  // Groups: 0x2_ ! # * + - . /  0x3_ digits : = ?  0x4_ and 0x8_-0xF_ all  0x5_ P-Z _
  //         0x6_ a-o  0x7_ p-z ~  (bits 0-5); \t \n \r (bit 6); ' ' (bit 7).
  const __m256i low_table = _mm256_broadcastsi128_si256(
      _mm_setr_epi8(static_cast<char>(0xAE), 0x3F, 0x3E, 0x3F, 0x3E, 0x3E, 0x3E, 0x3E, 0x3E, 0x7E,
                    0x7F, 0x15, 0x14, 0x57, 0x35, 0x1F));
  const __m256i high_table = _mm256_broadcastsi128_si256(
      _mm_setr_epi8(0x40, 0x00, static_cast<char>(0x81), 0x02, 0x04, 0x08, 0x10, 0x20, 0x04, 0x04,
                    0x04, 0x04, 0x04, 0x04, 0x04, 0x04));
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  const __m256i word_bits = _mm256_set1_epi8(0x3F);
  const __m256i space_bits = _mm256_set1_epi8(static_cast<char>(0xC0));
  const __m256i zero = _mm256_setzero_si256();
  BlockMasks m;
  for (unsigned k = 0; k < 2; ++k) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32 * k));
    const __m256i lo = _mm256_shuffle_epi8(low_table, _mm256_and_si256(x, nibble));
    const __m256i hi =
        _mm256_shuffle_epi8(high_table, _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble));
    const __m256i cls = _mm256_and_si256(lo, hi);
    const auto not_word = static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(cls, word_bits), zero)));
    const auto not_space = static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(cls, space_bits), zero)));
    const auto nl = static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8('\n'))));
    const auto open = static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8('{'))));
    const auto close = static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8('}'))));
    const unsigned shift = 32 * k;
    m.word |= std::uint64_t{~not_word} << shift;
    m.space |= std::uint64_t{~not_space} << shift;
    m.newline |= std::uint64_t{nl} << shift;
    m.open |= std::uint64_t{open} << shift;
    m.close |= std::uint64_t{close} << shift;
  }
  return m;
}

bool cpu_has_avx2() { return __builtin_cpu_supports("avx2") != 0; }

__attribute__((target("avx2,popcnt"))) std::uint64_t count_newlines_avx2(const char* p,
                                                                         std::size_t n) {
  const __m256i nl = _mm256_set1_epi8('\n');
  std::uint64_t count = 0;
  std::size_t i = 0;
  for (; i + 64 <= n; i += 64) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 32));
    const auto ma = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, nl)));
    const auto mb = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, nl)));
    count += static_cast<std::uint64_t>(__builtin_popcount(ma) + __builtin_popcount(mb));
  }
  return count + count_newlines_portable(p + i, n - i);
}

#else

BlockMasks classify_block_sse2(const char* p) { return classify_block_scalar(p); }
BlockMasks classify_block_avx2(const char* p) { return classify_block_scalar(p); }
bool cpu_has_avx2() { return false; }
std::uint64_t count_newlines_avx2(const char* p, std::size_t n) {
  return count_newlines_portable(p, n);
}

#endif

std::uint64_t count_newlines_portable(const char* p, std::size_t n) {
  if (n == 0) return 0;
  std::uint64_t lines = 0;
  for (const char* end = p + n;; ++p) {
    p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (p == nullptr) return lines;
    ++lines;
  }
}

}  // namespace rochade::pgn::detail
