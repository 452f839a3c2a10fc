#include "analysis/clock.hpp"

#include <cstring>
#include <limits>

namespace rochade::analysis {

namespace {

constexpr std::string_view kCommand = "[%clk";
// Longer than any clock command with a few blanks in it: the tail kept between pieces.
constexpr std::size_t kTail = 64;

bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

// Digits at s[i…], at least `min` and at most `max` of them, into `v`.
bool number(std::string_view s, std::size_t& i, std::size_t min, std::size_t max, std::int64_t& v) {
  v = 0;
  std::size_t n = 0;
  while (i < s.size() && digit(s[i]) && n < max) {
    v = v * 10 + (s[i++] - '0');
    ++n;
  }
  return n >= min && !(i < s.size() && digit(s[i]));
}

// The value after "[%clk": blanks, H:MM:SS(.f…), blanks, ']'.
std::optional<std::int32_t> value(std::string_view s) {
  std::size_t i = 0;
  if (i == s.size() || !blank(s[i])) return std::nullopt;  // "[%clkx" is another command
  while (i < s.size() && blank(s[i])) ++i;
  std::int64_t h = 0, m = 0, sec = 0;
  if (!number(s, i, 1, 6, h) || i == s.size() || s[i++] != ':') return std::nullopt;
  if (!number(s, i, 1, 2, m) || m >= 60 || i == s.size() || s[i++] != ':') return std::nullopt;
  if (!number(s, i, 1, 2, sec) || sec >= 60) return std::nullopt;
  std::int64_t ms = ((h * 60 + m) * 60 + sec) * 1000;
  if (i < s.size() && s[i] == '.') {
    ++i;
    const std::size_t first = i;
    std::int64_t scale = 100;
    for (; i < s.size() && digit(s[i]); ++i, scale /= 10) ms += (s[i] - '0') * scale;
    if (i == first) return std::nullopt;
  }
  while (i < s.size() && blank(s[i])) ++i;
  if (i == s.size() || s[i] != ']') return std::nullopt;
  if (ms > std::numeric_limits<std::int32_t>::max()) return std::nullopt;
  return static_cast<std::int32_t>(ms);
}

}  // namespace

std::optional<std::int32_t> clock_millis(std::string_view text) {
  // Every '[' (memchr), then the command's name: a Lichess game has a comment after each move,
  // and std::string_view::find costs twice as much here.
  const char* const end = text.data() + text.size();
  for (const char* p = text.data(); p < end;) {
    p = static_cast<const char*>(std::memchr(p, '[', static_cast<std::size_t>(end - p)));
    if (p == nullptr) break;
    const auto rest = static_cast<std::size_t>(end - p);
    if (rest >= kCommand.size() && std::memcmp(p, kCommand.data(), kCommand.size()) == 0)
      if (auto v = value({p + kCommand.size(), rest - kCommand.size()})) return v;
    ++p;
  }
  return std::nullopt;
}

std::optional<std::int32_t> ClockScanner::joined(std::string_view text, bool last) {
  tail_.append(text);
  auto v = clock_millis(tail_);
  if (v || last) {
    tail_.clear();
  } else if (tail_.size() > kTail) {
    tail_.erase(0, tail_.size() - kTail);
  }
  return v;
}

}  // namespace rochade::analysis
