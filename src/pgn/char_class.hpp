// Byte classes of the PGN reader: one table lookup per byte, no branches on ranges.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rochade::pgn::detail {

// What a byte starts in movetext.
enum class Kind : std::uint8_t {
  other,      // cannot start any token: a bad character
  space,      // ' ', \t, \n, \r, \f, \v
  word,       // SAN, move number, result, annotation: see kWordChar
  lbrace,     // '{' comment
  semicolon,  // ';' comment to the end of the line
  percent,    // '%' escape line (only in the first column)
  lparen,
  rparen,
  dollar,    // '$' NAG
  lbracket,  // '[' tag pair
  nul,       // byte 0: the sentinel after the buffered bytes, or a NUL in the input
};

// Flags; a byte may have several.
inline constexpr std::uint8_t kWordChar = 1;   // may continue a word token
inline constexpr std::uint8_t kNameChar = 2;   // may continue a tag name
inline constexpr std::uint8_t kNameStart = 4;  // may start a tag name
inline constexpr std::uint8_t kValueStop = 8;  // ends a run of plain tag-value bytes
inline constexpr std::uint8_t kVarStop = 16;   // matters inside a skipped variation
inline constexpr std::uint8_t kDigit = 32;
inline constexpr std::uint8_t kGameStart = 64;  // may start the movetext of a game without tags
inline constexpr std::uint8_t kSymbol = 128;    // annotation glyph bytes: ! ? + - = / # ~

struct ByteTables {
  std::array<Kind, 256> kind{};
  std::array<std::uint8_t, 256> flags{};
};

constexpr ByteTables make_byte_tables() {
  ByteTables t{};
  auto set_range = [&t](int from, int to, std::uint8_t f) {
    for (int c = from; c <= to; ++c) t.flags[static_cast<std::size_t>(c)] |= f;
  };
  auto set_chars = [&t](const char* s, std::uint8_t f) {
    for (; *s != 0; ++s) t.flags[static_cast<unsigned char>(*s)] |= f;
  };
  for (auto& k : t.kind) k = Kind::other;
  for (char c : {' ', '\t', '\n', '\r', '\f', '\v'})
    t.kind[static_cast<unsigned char>(c)] = Kind::space;
  set_range('A', 'Z', kWordChar | kNameChar | kNameStart);
  set_range('a', 'z', kWordChar | kNameChar | kNameStart);
  set_range('0', '9', kWordChar | kNameChar | kNameStart | kDigit | kGameStart);
  set_range(0x80, 0xFF, kWordChar);
  set_chars("+#=-/:.!?@~_*", kWordChar);
  set_chars("_", kNameStart);
  set_chars("_+#=:-", kNameChar);
  set_chars("!?+-=/#~", kSymbol);
  set_chars("abcdefghKQRBNPOZ*", kGameStart);
  set_chars("\"\\\n\r", kValueStop);
  set_chars("(){;\n[%", kVarStop);
  t.flags[0] |= kValueStop | kVarStop;
  for (int c = 0; c < 256; ++c) {
    if ((t.flags[static_cast<std::size_t>(c)] & kWordChar) != 0)
      t.kind[static_cast<std::size_t>(c)] = Kind::word;
  }
  t.kind['{'] = Kind::lbrace;
  t.kind[';'] = Kind::semicolon;
  t.kind['%'] = Kind::percent;
  t.kind['('] = Kind::lparen;
  t.kind[')'] = Kind::rparen;
  t.kind['$'] = Kind::dollar;
  t.kind['['] = Kind::lbracket;
  t.kind[0] = Kind::nul;
  return t;
}

inline constexpr ByteTables kBytes = make_byte_tables();

inline Kind kind_of(char c) { return kBytes.kind[static_cast<unsigned char>(c)]; }
inline bool has(char c, std::uint8_t flag) {
  return (kBytes.flags[static_cast<unsigned char>(c)] & flag) != 0;
}
inline bool is_blank(char c) { return c == ' ' || c == '\t'; }

// Blanks allowed between a tag name and its value, and between the closing quote and ']'.
inline constexpr std::size_t kMaxTagBlanks = 32;

// Bytes read past the end of the buffered bytes by word_end() and the block classifier; the
// buffer has this much padding.
inline constexpr std::size_t kScanPadding = 64;

#if defined(__SSE2__)
namespace sse {
inline __m128i eq(__m128i x, char c) { return _mm_cmpeq_epi8(x, _mm_set1_epi8(c)); }
inline __m128i in_range(__m128i x, char lo, char hi) {  // lo <= x <= hi, unsigned
  const __m128i t = _mm_sub_epi8(x, _mm_set1_epi8(lo));
  return _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8(static_cast<char>(hi - lo))), t);
}
// 0xFF where a byte is not kWordChar: <= 0x20, or one of "$%&'(),;<>[\]^`{|} and DEL.
inline __m128i not_word(__m128i x) {
  __m128i m = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x20)), x);
  m = _mm_or_si128(m, _mm_andnot_si128(eq(x, '#'), in_range(x, 0x22, 0x29)));
  m = _mm_or_si128(m, eq(x, ','));
  m = _mm_or_si128(m, _mm_andnot_si128(eq(x, '='), in_range(x, 0x3B, 0x3E)));
  m = _mm_or_si128(m, in_range(x, 0x5B, 0x5E));
  m = _mm_or_si128(m, eq(x, '`'));
  m = _mm_or_si128(m, _mm_andnot_si128(eq(x, '~'), in_range(x, 0x7B, 0x7F)));
  return m;
}
}  // namespace sse
#endif

// The first byte at or after p that is not a word byte. The buffer must hold such a byte (the
// sentinel) and kScanPadding readable bytes after it.
inline const char* word_end(const char* p) {
#if defined(__SSE2__)
  for (;;) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const int m = _mm_movemask_epi8(sse::not_word(x));
    if (m != 0) return p + __builtin_ctz(static_cast<unsigned>(m));
    p += 16;
  }
#else
  while (has(*p, kWordChar)) ++p;
  return p;
#endif
}

// The first byte at or after p that ends a run of plain tag-value bytes: '"', '\\', '\n', '\r'
// or 0 (the sentinel stops it). Reads up to 15 bytes past that byte.
inline const char* find_value_stop(const char* p) {
#if defined(__SSE2__)
  for (;;) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i m = _mm_or_si128(_mm_or_si128(_mm_or_si128(sse::eq(x, '"'), sse::eq(x, '\\')),
                                                _mm_or_si128(sse::eq(x, '\n'), sse::eq(x, '\r'))),
                                   sse::eq(x, 0));
    const int bits = _mm_movemask_epi8(m);
    if (bits != 0) return p + __builtin_ctz(static_cast<unsigned>(bits));
    p += 16;
  }
#else
  while (!has(*p, kValueStop)) ++p;
  return p;
#endif
}

// The first byte at or after p that is not kNameChar (the sentinel stops it). Reads up to 15
// bytes past that byte.
inline const char* name_end(const char* p) {
#if defined(__SSE2__)
  for (;;) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i m = _mm_or_si128(_mm_or_si128(sse::in_range(x, '0', '9'), sse::in_range(x, 'A', 'Z')),
                             sse::in_range(x, 'a', 'z'));
    m = _mm_or_si128(m,
                     _mm_or_si128(_mm_or_si128(sse::eq(x, '_'), sse::eq(x, '+')), sse::eq(x, '#')));
    m = _mm_or_si128(m,
                     _mm_or_si128(_mm_or_si128(sse::eq(x, '='), sse::eq(x, ':')), sse::eq(x, '-')));
    const int stop = ~_mm_movemask_epi8(m) & 0xFFFF;
    if (stop != 0) return p + __builtin_ctz(static_cast<unsigned>(stop));
    p += 16;
  }
#else
  while (has(*p, kNameChar)) ++p;
  return p;
#endif
}

// The first byte in [p, end) equal to a or b, or end.
inline const char* find_either(const char* p, const char* end, char a, char b) {
#if defined(__SSE2__)
  const __m128i va = _mm_set1_epi8(a);
  const __m128i vb = _mm_set1_epi8(b);
  while (end - p >= 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const int m = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(x, vb)));
    if (m != 0) return p + __builtin_ctz(static_cast<unsigned>(m));
    p += 16;
  }
#endif
  for (; p < end; ++p) {
    if (*p == a || *p == b) return p;
  }
  return end;
}

}  // namespace rochade::pgn::detail
