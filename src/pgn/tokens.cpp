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
