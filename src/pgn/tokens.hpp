// Classifying movetext words: results, move-number dots, annotation glyphs; and the bytes of a
// tag as UTF-8 (pure functions).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "pgn/char_class.hpp"

namespace rochade::pgn::detail {

inline bool is_letter(char c) { return static_cast<unsigned char>((c | 0x20) - 'a') < 26; }

// "1-0", "0-1", "1/2-1/2", "*", "½-½" in UTF-8 or Latin-1, and the old draw notation "1/2".
inline bool is_result(const char* w, std::size_t n) {
  switch (n) {
    case 1:
      return w[0] == '*';
    case 3:
      if (std::memcmp(w, "1/2", 3) == 0) return true;
      if (w[1] != '-') return false;
      return (w[0] == '1' && w[2] == '0') || (w[0] == '0' && w[2] == '1') ||
             (w[0] == '\xBD' && w[2] == '\xBD');
    case 5:
      return std::memcmp(w, "\xC2\xBD-\xC2\xBD", 5) == 0;
    case 7:
      return std::memcmp(w, "1/2-1/2", 7) == 0;
    default:
      return false;
  }
}

// From w[i] on: the end of a run of '.' and '…' (UTF-8 E2 80 A6); each '…' counts as 3 dots.
inline std::size_t skip_dots(const char* w, std::size_t n, std::size_t i) {
  for (;;) {
    if (i < n && w[i] == '.') {
      ++i;
    } else if (n - i >= 3 && w[i] == '\xE2' && w[i + 1] == '\x80' && w[i + 2] == '\xA6') {
      i += 3;
    } else {
      return i;
    }
  }
}

inline bool is_en_passant(const char* w, std::size_t n) {
  return std::string_view(w, n) == "e.p." || std::string_view(w, n) == "e.p";
}

inline bool is_null_move(const char* w, std::size_t n) {
  return n == 2 && w[0] == '-' && w[1] == '-';
}

// Only annotation glyph bytes (! ? + - = / # ~).
inline bool is_symbols(const char* w, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    if (!has(w[i], kSymbol)) return false;
  }
  return true;
}

// An annotation written apart from its move ("e4 !?"), as the NAG it stands for; 0 if none.
std::uint16_t annotation_nag(const char* w, std::size_t n);

}  // namespace rochade::pgn::detail

namespace rochade::pgn {

// Length of the valid UTF-8 sequence starting at s[i] (2 to 4 bytes; no overlong forms, no
// surrogates), or 0 when there is none (ASCII included).
std::size_t utf8_length(std::string_view s, std::size_t i);

// The text as every output writes it: valid UTF-8 kept, any other byte read as Latin-1 (PGN
// files of the 1990s) and written as UTF-8. A key made from a tag (the Event group of `stats`)
// takes this form, so that the same name in either encoding is one key, and the key written as
// JSON and read back is the same key, in the same order.
std::string as_utf8(std::string_view s);
// The same without a copy where nothing needs converting (valid UTF-8, most text): a view of `s`
// itself, else of `scratch`, which then holds the conversion.
std::string_view as_utf8(std::string_view s, std::string& scratch);
// One character of as_utf8: appends the one starting at s[i] to `out`, returns its bytes in `s`.
std::size_t append_as_utf8(std::string& out, std::string_view s, std::size_t i);

// The character at s[i], read as as_utf8 reads it (a valid UTF-8 sequence, else one byte as
// Latin-1); advances i past it. i < s.size().
char32_t next_code_point(std::string_view s, std::size_t& i);
// A letter's lower case, one code point for one (Unicode's simple lower-case mapping), in ASCII,
// Latin-1 Supplement, Latin Extended-A, Greek and Coptic, Cyrillic and Cyrillic Supplement; plus
// the case folding of the lower-case variants there (ς σ, ſ s, µ μ, ϐ β …), so that a word in
// capitals and the same word in small letters fold alike. İ folds to i. Other code points (ß,
// letters of other scripts) are their own fold. No locale.
char32_t fold_case(char32_t c);
// Whether `part` occurs in `text`, character by character under fold_case (`text` and `part` read
// as next_code_point reads them); an empty `part` occurs in every text. Allocates nothing.
bool contains_ignoring_case(std::string_view text, std::string_view part);

}  // namespace rochade::pgn
