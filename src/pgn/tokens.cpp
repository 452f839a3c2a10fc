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

char32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<char32_t>(s[i + k]) & 0xFF; };
  const std::size_t n = utf8_length(s, i);
  char32_t c = byte(0);
  if (n == 2) c = (c & 0x1F) << 6 | (byte(1) & 0x3F);
  if (n == 3) c = (c & 0x0F) << 12 | (byte(1) & 0x3F) << 6 | (byte(2) & 0x3F);
  if (n == 4)
    c = (c & 0x07) << 18 | (byte(1) & 0x3F) << 12 | (byte(2) & 0x3F) << 6 | (byte(3) & 0x3F);
  i += n ? n : 1;
  return c;
}

char32_t fold_case(char32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 0x20 : c;
  if (c < 0x100) {  // Latin-1 Supplement: À–Þ but ×
    if (c == 0xB5) return 0x3BC;  // micro sign: μ
    return c >= 0xC0 && c <= 0xDE && c != 0xD7 ? c + 0x20 : c;
  }
  if (c < 0x180) {  // Latin Extended-A: pairs, the capital first
    if (c == 0x130) return 'i';   // İ (its full lower case adds U+0307)
    if (c == 0x178) return 0xFF;  // Ÿ
    if (c == 0x17F) return 's';   // ſ
    if (c == 0x138 || c == 0x149) return c;  // ĸ ŉ
    if ((c >= 0x139 && c <= 0x148) || c >= 0x179) return c % 2 ? c + 1 : c;
    return c | 1;  // Ā–ķ (ı is small already), Ŋ–ŷ
  }
  if (c >= 0x370 && c < 0x400) {  // Greek and Coptic
    if ((c >= 0x391 && c <= 0x3A1) || (c >= 0x3A3 && c <= 0x3AB)) return c + 0x20;
    if (c <= 0x373 || c == 0x376 || (c >= 0x3D8 && c <= 0x3EF)) return c | 1;
    if (c >= 0x388 && c <= 0x38A) return c + 0x25;   // Έ Ή Ί
    if (c == 0x38E || c == 0x38F) return c + 0x3F;   // Ύ Ώ
    if (c >= 0x3FD) return c - 0x3FD + 0x37B;        // Ͻ Ͼ Ͽ
    switch (c) {
      case 0x37F: return 0x3F3;
      case 0x386: return 0x3AC;
      case 0x38C: return 0x3CC;
      case 0x3C2: return 0x3C3;  // final sigma: σ
      case 0x3CF: return 0x3D7;
      case 0x3D0: return 0x3B2;
      case 0x3D1: case 0x3F4: return 0x3B8;
      case 0x3D5: return 0x3C6;
      case 0x3D6: return 0x3C0;
      case 0x3F0: return 0x3BA;
      case 0x3F1: return 0x3C1;
      case 0x3F5: return 0x3B5;
      case 0x3F7: case 0x3FA: return c + 1;
      case 0x3F9: return 0x3F2;
      default: return c;
    }
  }
  if (c >= 0x400 && c < 0x530) {  // Cyrillic and Cyrillic Supplement
    if (c < 0x410) return c + 0x50;  // Ѐ–Џ
    if (c < 0x430) return c + 0x20;  // А–Я
    if (c < 0x460 || (c >= 0x482 && c < 0x48A)) return c;
    if (c == 0x4C0) return 0x4CF;  // Ӏ
    if (c >= 0x4C1 && c <= 0x4CE) return c % 2 ? c + 1 : c;
    return c | 1;  // Ѡ–ҁ, Ҋ–ӿ, Ԁ–ԯ: pairs, the capital first
  }
  return c;
}

bool contains_ignoring_case(std::string_view text, std::string_view part) {
  for (std::size_t start = 0;; next_code_point(text, start)) {
    std::size_t i = start, j = 0;
    for (;;) {
      if (j == part.size()) return true;
      // As many characters left in `text` as in `part` at least, or no later start either.
      if (i == text.size()) return false;
      if (fold_case(next_code_point(text, i)) != fold_case(next_code_point(part, j))) break;
    }
  }
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
