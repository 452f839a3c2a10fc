// Text as every output writes it: bytes of the input read as UTF-8 where they are valid UTF-8,
// else as Latin-1 (PGN files of the 1990s), widths in a terminal, cutting, HTML escapes. Shared
// by the stats reports, JSON, audit and explain.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "pgn/tokens.hpp"

namespace rochade::report {

using pgn::utf8_length;  // pgn/tokens.hpp

// The text as pgn::as_utf8 reads it (valid UTF-8 kept, any other byte read as Latin-1), each
// character then written alike whichever way it came: control characters become spaces, and
// the C1 controls (U+0080 to U+009F, not text) U+FFFD. So clean_text(as_utf8(s)) ==
// clean_text(s): a report printed from a partial (which holds as_utf8's text) is the run's.
std::string clean_text(std::string_view s);
// Appends clean_text(s) to out, without a string of its own; says whether what it appended
// holds a ',' or a '"' (what a CSV field is quoted for: the line breaks are spaces by then).
bool append_clean_text(std::string_view s, std::string& out);
// The most bytes clean_text writes for n bytes: 3 a byte (a byte read as Latin-1 takes 2, and
// U+FFFD 3).
constexpr std::size_t clean_text_bound(std::size_t n) { return 3 * n; }
// What copy_printable found in the text it copied.
struct Printable {
  bool ok = false;     // every byte printable ASCII (0x20 to 0x7E): clean_text(s) == s, copied
  bool comma = false;  // one is a ','
  bool quote = false;  // one is a '"'
};

namespace detail {
// s (a word or longer) a word at a time, the last word overlapping the ones before: whether
// every byte is printable ASCII, 0x20 to 0x7E, and whether one is a ',' or a '"'; with Copy,
// each word is also stored at `to` as it is tested. Each test is of the whole word: a borrow or
// a carry between bytes happens only where a byte fails the test already.
template <typename Word, bool Copy>
Printable scan_words(std::string_view s, char* to) {
  constexpr auto ones = static_cast<Word>(0x0101010101010101u);
  constexpr auto highs = static_cast<Word>(0x8080808080808080u);
  const auto zero_byte = [](Word v) { return static_cast<Word>((v - ones) & ~v & highs); };
  Word bad = 0, comma = 0, quote = 0;
  const auto step = [&](std::size_t at) {
    Word w;
    std::memcpy(&w, s.data() + at, sizeof w);
    if constexpr (Copy) std::memcpy(to + at, &w, sizeof w);
    bad |= static_cast<Word>(((w - 0x20 * ones) | w | (w + ones)) & highs);  // < 0x20, >= 0x7F
    comma |= zero_byte(w ^ static_cast<Word>(',' * ones));
    quote |= zero_byte(w ^ static_cast<Word>('"' * ones));
  };
  for (std::size_t at = 0; at + sizeof(Word) <= s.size(); at += sizeof(Word)) step(at);
  step(s.size() - sizeof(Word));
  return {bad == 0, comma != 0, quote != 0};
}
}  // namespace detail

// Copies s to `at` (room for s.size() bytes) a word at a time where every byte is printable
// ASCII, the usual tag: the fast way to write clean_text(s) where it is s. Where it is not
// (ok false), it may have written anything up to s.size() bytes from `at`. Inline: it is called
// for each cell of each row of the games table.
inline Printable copy_printable(std::string_view s, char* at) {
  if (s.size() >= 8) return detail::scan_words<std::uint64_t, true>(s, at);
  if (s.size() >= 4) return detail::scan_words<std::uint32_t, true>(s, at);
  Printable p{true, false, false};
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto u = static_cast<unsigned char>(s[i]);
    p.ok &= u >= 0x20 && u < 0x7F;
    p.comma |= u == ',';
    p.quote |= u == '"';
    at[i] = s[i];
  }
  return p;
}

// Width in a terminal, counted in code points of UTF-8 text.
std::size_t display_width(std::string_view utf8);
// At most max_width code points, with "…" where text was cut: at the end, or with keep_end
// (paths) at the start.
std::string truncate_text(std::string_view utf8, std::size_t max_width, bool keep_end = false);
// &, <, >, " and ' escaped; input already cleaned.
std::string html_escape(std::string_view s);
// 1234567 -> "1,234,567".
std::string with_thousands(std::uint64_t n);

}  // namespace rochade::report
