#include "pgn/splitter.hpp"

#include <cstring>

#include "pgn/block_scan.hpp"
#include "pgn/char_class.hpp"

namespace rochade::pgn {

namespace {

using detail::has;
using detail::kGameStart;
using detail::kNameStart;

// `[Name "` at p, the name at most 64 bytes of [A-Za-z0-9_] (a strict subset of the reader's
// tag start, so the reader agrees whenever this says yes).
bool strict_tag_start(const char* p, const char* end) {
  if (end - p < 4 || p[0] != '[') return false;
  const char* q = p + 1;
  const char* const limit = end - p > 66 ? p + 66 : end;
  while (q < limit && has(*q, kNameStart)) ++q;
  return q > p + 1 && q + 1 < end && q[0] == ' ' && q[1] == '"';
}

bool blank_byte(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

// A byte at which the reader's tag section ends and movetext begins.
bool ends_tag_section(char c) {
  return has(c, kGameStart) || c == '{' || c == ';' || c == '(' || c == '$';
}

// A '[' in [b, e) that the reader might take for a tag start ('[' then a name byte).
bool may_hold_tag(const char* b, const char* e) {
  for (const char* q = b; q < e; ++q) {
    q = static_cast<const char*>(std::memchr(q, '[', static_cast<std::size_t>(e - q)));
    if (q == nullptr) return false;
    if (q + 1 < e && has(q[1], kNameStart)) return true;
  }
  return false;
}

// `line` starts a line (line[-1] == '\n'). Does the nearest earlier line that is neither blank
// nor a '%' line end any tag section (and no '%' line between hold a '[' that may start a tag)?
// `begin` is the start of a line too.
bool after_movetext(const char* begin, const char* line, std::size_t lookback) {
  const auto back = static_cast<std::size_t>(line - begin);
  const char* const stop = back > lookback ? line - lookback : begin;
  const char* e = line - 1;  // the '\n' that ends the earlier line
  for (;;) {
    const char* b = e;
    while (b > stop && b[-1] != '\n') --b;
    if (b == stop && stop != begin) return false;  // the line starts beyond the lookback
    const char* f = b;
    while (f < e && blank_byte(*f)) ++f;
    if (f != e && *b != '%') return ends_tag_section(*f) && !may_hold_tag(f, e);
    // Inside a brace comment a '%' line is the comment's text, and its '}' closes the comment:
    // a '[' after it may start a tag section on that line. Such a line allows no cut here.
    if (*b == '%' && may_hold_tag(b, e)) return false;
    if (b == begin) return false;  // nothing but blank and '%' lines before: leave it
    e = b - 1;
  }
}

}  // namespace

std::size_t find_game_cut(std::string_view text, std::size_t from, std::size_t lookback) {
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  const char* p = begin + (from == 0 ? 1 : from);  // a cut needs a line before it
  while (p < end) {
    const void* nl = std::memchr(p - 1, '\n', static_cast<std::size_t>(end - (p - 1)));
    if (nl == nullptr) return kNoCut;
    const char* line = static_cast<const char*>(nl) + 1;
    if (line >= end) return kNoCut;
    if (*line == '[') {
      // the whole line must be here, so that a piece never ends inside it
      const void* eol = std::memchr(line, '\n', static_cast<std::size_t>(end - line));
      if (eol == nullptr) return kNoCut;
      if (strict_tag_start(line, static_cast<const char*>(eol)) &&
          after_movetext(begin, line, lookback))
        return static_cast<std::size_t>(line - begin);
    }
    p = line + 1;
  }
  return kNoCut;
}

std::uint64_t count_line_ends(std::string_view text) {
  return detail::cpu_has_avx2() ? detail::count_newlines_avx2(text.data(), text.size())
                                : detail::count_newlines_portable(text.data(), text.size());
}

}  // namespace rochade::pgn
