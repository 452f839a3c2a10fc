// The tag section: [Name "value"] pairs, several per line allowed, until movetext begins.
#include <algorithm>
#include <cstring>

#include "pgn/char_class.hpp"
#include "pgn/parser.hpp"

namespace rochade::pgn::detail {

namespace {
constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// Names of up to 16 bytes (all real ones) hash from two 8-byte loads; the buffer has padding.
std::uint64_t name_hash(const char* s, std::size_t n) {
  if (n > 16) {
    std::uint64_t h = 14695981039346656037ULL;
    for (std::size_t i = 0; i < n; ++i)
      h = (h ^ static_cast<unsigned char>(s[i])) * 1099511628211ULL;
    return h;
  }
  // branch-free: the bytes of the name in a (first 8) and b (last 8, when longer than 8)
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  std::memcpy(&a, s, 8);
  std::memcpy(&b, s + std::max<std::size_t>(n, 8) - 8, 8);
  a &= ~std::uint64_t{0} >> (8 * (8 - std::min<std::size_t>(n, 8)));  // n >= 1
  b &= n > 8 ? ~std::uint64_t{0} : 0;
  const std::uint64_t h = (a * 0x9E3779B97F4A7C15ULL) ^ (b * 0xC2B2AE3D27D4EB4FULL) ^ n;
  return h ^ (h >> 29);
}
}  // namespace

Parser::End Parser::tags() {
  newlines_ = 0;
  for (;;) {
    // the common cases first: a line end (LF or CRLF), a plain tag pair
    if (*p_ == '\n' || (*p_ == '\r' && p_[1] == '\n')) {  // p_[1]: at worst the sentinel
      p_ += *p_ == '\r' ? 2 : 1;
      new_line(p_);
      ++newlines_;
      continue;
    }
    if (*p_ == '[') {
      const PlainTag t = plain_tag(newlines_ >= 2);
      if (t == PlainTag::next_game) return End::next_game;
      if (t == PlainTag::read) {
        newlines_ = 0;
        continue;
      }
    }
    switch (kind_of(*p_)) {
      case Kind::space:
        skip_space();
        continue;
      case Kind::nul:
        if (p_ != end_) return End::none;
        if (!refill_here()) return End::eof;
        continue;
      case Kind::percent:
        if (!at_column0()) return End::none;
        skip_line();
        continue;
      case Kind::lbracket: {
        const bool after_blank = newlines_ >= 2;
        newlines_ = 0;
        switch (tag_start_ahead()) {
          case TagStart::yes:
            if (!read_tag(after_blank)) return End::next_game;
            continue;
          case TagStart::name_too_long:
            error(ErrorKind::token_too_long, "tag name longer than the limit", here());
            break;
          case TagStart::no:
            error(ErrorKind::bad_tag, "'[' that does not start a tag pair", here());
            break;
        }
        skip_bracket();
        continue;
      }
      case Kind::lbrace:
      case Kind::semicolon:
      case Kind::lparen:
      case Kind::dollar:
        return End::none;
      default:
        if (can_start_game()) return End::none;
        // "<br />" between tags and the like: skip up to the next blank or '['
        error(ErrorKind::bad_character,
              "text in the tag section that is neither a tag pair nor movetext", here());
        for (;;) {
          while (*p_ != '[' && kind_of(*p_) != Kind::space && (*p_ != 0 || p_ != end_)) ++p_;
          if (p_ != end_ || !refill_here()) break;
        }
        continue;
    }
  }
}

// Whether this tag starts a new game (the game before it has no movetext): after a blank line,
// a tag whose name this tag section already has, or an Event tag; and a second Event tag
// anywhere. Other repeated names (two Annotator tags) stay in the game.
bool Parser::tag_seen(const char* name, std::size_t n, bool after_blank) {
  const std::uint64_t h = name_hash(name, n);
  const std::uint64_t bit = std::uint64_t{1} << (h >> 58);
  // Whether the name was seen matters only after a blank line or for an Event tag: most tags
  // are neither, and only record their name.
  const bool event = n == 5 && std::memcmp(name, "Event", 5) == 0;
  if (tag_count_ > 0 && (after_blank || event)) {
    bool seen = false;
    if ((tag_bloom_ & bit) != 0) {
      const std::size_t known = std::min(tag_count_, tag_hashes_.size());
      for (std::size_t i = 0; i < known && !seen; ++i) seen = tag_hashes_[i] == h;
    }
    if (after_blank ? seen || event : seen) return true;
  }
  if (tag_count_ < tag_hashes_.size()) tag_hashes_[tag_count_] = h;
  ++tag_count_;
  tag_bloom_ |= bit;
  return false;
}

// The common form, all of it buffered: [Name "plain value"]. Anything else (escapes, more
// blanks, a value that goes on after a refill) is left to tag_start_ahead() and read_tag(),
// which give the same result for this form.
Parser::PlainTag Parser::plain_tag(bool after_blank) {
  const char* const name = p_ + 1;
  if (!has(*name, kNameStart)) return PlainTag::other;
  const char* const q = name_end(name + 1);
  const auto name_len = static_cast<std::size_t>(q - name);
  if (q[0] != ' ' || q[1] != '"' || name_len > opt_.max_tag_name) return PlainTag::other;
  const char* const value = q + 2;
  const char* const close = find_value_stop(value);  // stops at the sentinel at the latest
  if (close[0] != '"' || close[1] != ']' ||
      static_cast<std::size_t>(close - value) > opt_.max_tag_value) {
    return PlainTag::other;
  }
  if (tag_seen(name, name_len, after_blank)) return PlainTag::next_game;
  give_tag({name, name_len}, {value, static_cast<std::size_t>(close - value)}, here());
  p_ = close + 2;
  return PlainTag::read;
}

// p_ at '[' of a tag start (tag_start_ahead() said yes, so '[' name blanks '"' is buffered).
bool Parser::read_tag(bool after_blank) {
  const TextPos pos = here();
  const char* start = p_;
  if (tag_quote_ == nullptr) tag_start_ahead();  // (only if a refill came in between)
  const auto name_len = static_cast<std::size_t>(tag_name_end_ - start - 1);
  if (tag_seen(start + 1, name_len, after_blank)) return false;
  p_ = tag_quote_ + 1;
  const auto value_off = static_cast<std::size_t>(p_ - start);
  const std::size_t limit = value_off + opt_.max_tag_value;
  {  // the common case: no escapes, '"]' right after the value, all of it buffered
    const char* q = find_value_stop(p_);
    if (*q == '"' && q[1] == ']' && static_cast<std::size_t>(q - start) <= limit) {
      give_tag({start + 1, name_len}, {p_, static_cast<std::size_t>(q - p_)}, pos);
      p_ = q + 2;
      return true;
    }
  }
  bool escaped = false;              // value_ holds the value so far, unescaped
  std::size_t plain = value_off;     // offset of the bytes not yet copied to value_
  std::size_t fallback_len = kNone;  // a '\"' followed by ']': the value if the line ends open
  std::size_t fallback_end = 0;
  std::size_t value_end = kNone;
  for (;;) {
    p_ = find_value_stop(p_);
    if (static_cast<std::size_t>(p_ - start) > limit) {
      error(ErrorKind::token_too_long, "tag value longer than the limit", pos);
      skip_line();
      return true;
    }
    const char c = *p_;
    if (c == 0 && p_ == end_) {
      if (!more(start)) break;
      continue;
    }
    if (c == '"') {
      std::size_t i = 1;
      while (buffered(start, i + 1) && is_blank(p_[i]) && i <= kMaxTagBlanks) ++i;
      if (static_cast<std::size_t>(end_ - p_) > i && p_[i] == ']') {
        value_end = static_cast<std::size_t>(p_ - start);
        p_ += i + 1;
        break;
      }
      ++p_;  // a quote inside the value, not escaped: kept as written
      continue;
    }
    if (c == '\\') {
      if (!buffered(start, 2) || (p_[1] != '"' && p_[1] != '\\')) {
        ++p_;  // a backslash that escapes nothing is kept
        continue;
      }
      if (!escaped) value_.clear();
      escaped = true;
      value_.append(start + plain, static_cast<std::size_t>(p_ - (start + plain)));
      if (p_[1] == '"') {
        std::size_t i = 2;
        while (buffered(start, i + 1) && is_blank(p_[i]) && i <= kMaxTagBlanks + 1) ++i;
        if (static_cast<std::size_t>(end_ - p_) > i && p_[i] == ']') {
          fallback_len = value_.size();
          fallback_end = static_cast<std::size_t>(p_ - start) + i + 1;
        }
      }
      value_.push_back(p_[1]);
      p_ += 2;
      plain = static_cast<std::size_t>(p_ - start);
      continue;
    }
    if (c == 0) {
      ++p_;  // a NUL byte inside the value
      continue;
    }
    break;  // the line ends inside the value
  }
  if (value_end == kNone) {
    if (fallback_len == kNone) {
      error(ErrorKind::bad_tag, "tag value without a closing quote", pos);
      return true;
    }
    // [Event "Tournament \"] : the backslash was meant as a character
    value_.resize(fallback_len);
    value_.push_back('\\');
    p_ = start + fallback_end;
  } else if (escaped) {
    value_.append(start + plain, value_end - plain);
  }
  const std::string_view name(start + 1, name_len);
  const std::string_view value = escaped
                                     ? std::string_view(value_)
                                     : std::string_view(start + value_off, value_end - value_off);
  token_pos_ = pos;
  if (!skip_ && v_->tag(name, value) == Skip::yes) skip_ = true;
  return true;
}

}  // namespace rochade::pgn::detail
