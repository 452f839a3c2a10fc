#include "report/common/text.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace rochade::report {

namespace {
bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

bool append_clean_text(std::string_view s, std::string& out) {
  if (s.size() >= 4) {  // the usual tag, printable ASCII: copied whole
    const Printable p = s.size() >= 8 ? detail::scan_words<std::uint64_t, false>(s, nullptr)
                                      : detail::scan_words<std::uint32_t, false>(s, nullptr);
    if (p.ok) {
      out += s;
      return p.comma || p.quote;
    }
  }
  bool comma_or_quote = false;
  for (std::size_t i = 0; i < s.size();) {
    // Printable ASCII, most of any tag, is written as it is: copied a run at a time.
    std::size_t end = i;
    for (; end < s.size(); ++end) {
      const auto u = static_cast<unsigned char>(s[end]);
      if (u < 0x20 || u >= 0x7F) break;
      comma_or_quote |= (u == ',') | (u == '"');
    }
    out.append(s.data() + i, end - i);
    i = end;
    if (i == s.size()) break;
    const std::size_t at = i;
    const char32_t c = pgn::next_code_point(s, i);  // as_utf8's reading
    if (c < 0x20 || c == 0x7F)
      out += ' ';
    else if (c >= 0x80 && c < 0xA0)  // a C1 control, a Latin-1 byte or UTF-8: not text
      out += "\xEF\xBF\xBD";
    else
      pgn::append_as_utf8(out, s, at);
  }
  return comma_or_quote;
}

std::string clean_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  append_clean_text(s, out);
  return out;
}

std::size_t display_width(std::string_view utf8) {
  return static_cast<std::size_t>(
      std::count_if(utf8.begin(), utf8.end(), [](char c) { return !is_continuation(c); }));
}

std::string truncate_text(std::string_view utf8, std::size_t max_width, bool keep_end) {
  const std::size_t width = display_width(utf8);
  if (width <= max_width) return std::string(utf8);
  if (max_width == 0) return {};
  const std::string_view ellipsis = "\xE2\x80\xA6";
  // Keep `keep` code points: the first ones, or with keep_end the last ones.
  const std::size_t keep = max_width - 1;
  const std::size_t skip = keep_end ? width - keep : keep;
  std::size_t seen = 0, i = 0;
  for (; i < utf8.size(); ++i) {
    if (!is_continuation(utf8[i])) {
      if (seen == skip) break;
      ++seen;
    }
  }
  if (keep_end) return std::string(ellipsis) + std::string(utf8.substr(i));
  return std::string(utf8.substr(0, i)) + std::string(ellipsis);
}

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string with_thousands(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace rochade::report
