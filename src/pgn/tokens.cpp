#include "pgn/tokens.hpp"

#include <array>
#include <utility>

namespace rochade::pgn::detail {

std::uint16_t annotation_nag(const char* w, std::size_t n) {
  static constexpr std::array<std::pair<std::string_view, std::uint16_t>, 20> kGlyphs{{
      {"!", 1},    {"?", 2},
      {"!!", 3},   {"??", 4},
      {"!?", 5},   {"?!", 6},
      {"=", 10},   {"\xE2\x88\x9E", 13},  // ∞
      {"+=", 14},  {"+/=", 14},
      {"=+", 15},  {"=/+", 15},
      {"+/-", 16}, {"\xC2\xB1", 16},      // ±
      {"-/+", 17}, {"\xE2\x88\x93", 17},  // ∓
      {"+-", 18},  {"-+", 19},
      {"+--", 18}, {"--+", 19},
  }};
  const std::string_view s(w, n);
  for (const auto& [text, nag] : kGlyphs) {
    if (s == text) return nag;
  }
  return 0;
}

}  // namespace rochade::pgn::detail

namespace rochade::pgn {

std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t n;
  if (c >= 0xC2 && c <= 0xDF)
    n = 2;
  else if (c >= 0xE0 && c <= 0xEF)
    n = 3;
  else if (c >= 0xF0 && c <= 0xF4)
    n = 4;
  else
    return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  const auto c1 = static_cast<unsigned char>(s[i + 1]);
  if (c == 0xE0 && c1 < 0xA0) return 0;   // overlong
  if (c == 0xED && c1 >= 0xA0) return 0;  // surrogates
  if (c == 0xF0 && c1 < 0x90) return 0;
  if (c == 0xF4 && c1 >= 0x90) return 0;
  return n;
}

std::size_t append_as_utf8(std::string& out, std::string_view s, std::size_t i) {
  if (const std::size_t n = utf8_length(s, i)) {
    out.append(s.substr(i, n));
    return n;
  }
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else {  // Latin-1
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return 1;
}

std::string as_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) i += append_as_utf8(out, s, i);
  return out;
}

std::string_view as_utf8(std::string_view s, std::string& scratch) {
  for (std::size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
    } else if (const std::size_t n = utf8_length(s, i); n > 0) {
      i += n;
    } else {
      scratch = as_utf8(s);
      return scratch;
    }
  }
  return s;
}

}  // namespace rochade::pgn
