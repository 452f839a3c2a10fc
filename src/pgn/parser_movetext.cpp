// Movetext: moves with their numbers and NAGs, comments, variations, the result.
#include <cstring>

#include "pgn/char_class.hpp"
#include "pgn/parser.hpp"
#include "pgn/tokens.hpp"

namespace rochade::pgn::detail {

Parser::End Parser::movetext() {
  for (;;) {
    if (word_run()) return End::result;
    switch (kind_of(*p_)) {
      case Kind::space:
        skip_space();
        break;
      case Kind::word:
        if (word()) return End::result;
        break;
      case Kind::lbrace: {
        flush_move();
        const TextPos pos = here();
        const CommentEnd e = brace_comment(skip_);
        if (e != CommentEnd::closed) {
          error(ErrorKind::unclosed_comment, "'{' without '}'", pos);
          return e == CommentEnd::eof ? End::eof : End::next_game;
        }
        break;
      }
      case Kind::semicolon:
        flush_move();
        line_comment();
        break;
      case Kind::percent:
        if (at_column0()) {
          skip_line();
        } else {
          bad_chars();
        }
        break;
      case Kind::lparen: {
        const End e = open_variation();
        if (e != End::none) return e;
        break;
      }
      case Kind::rparen:
        close_variation();
        break;
      case Kind::dollar:
        nag();
        break;
      case Kind::lbracket:
        flush_move();
        if (tag_start_ahead() == TagStart::yes) return End::next_game;
        error(ErrorKind::bad_character, "'[' in movetext that does not start a tag pair", here());
        skip_bracket();
        break;
      case Kind::nul:
        if (p_ != end_) {
          bad_chars();
        } else if (!refill_here()) {
          return End::eof;
        }
        break;
      case Kind::other:
        bad_chars();
        break;
    }
  }
}

// The '}' of a comment open at bit s of the block at `block` (or at its start, s = 0), when it is
// in this block with no line end before it and before the end of the text: its bit; else 64.
inline unsigned Parser::close_on_line(const char* block, const BlockMasks& m, unsigned s) const {
  const std::uint64_t from = ~std::uint64_t{0} << s;
  const std::uint64_t close = m.close & from;
  if (close == 0) return 64;
  const auto c = static_cast<unsigned>(__builtin_ctzll(close));
  if ((m.newline & from & ((std::uint64_t{1} << c) - 1)) != 0 || block + c >= end_) return 64;
  return c;
}

// The '}' of a comment open at bit s of the block at `base`, when it closes on its line in this
// block or the next (a Lichess clock comment): its bit, with base, m and nl moved on to the next
// block where it closes there; else 64, nothing moved (brace_comment reads the comment).
inline unsigned Parser::close_ahead(const char*& base, BlockMasks& m, unsigned s,
                                    std::uint64_t& nl) const {
  const unsigned c = close_on_line(base, m, s);
  return c != 64 ? c : close_in_next(base, m, s, nl);
}

// close_ahead() for a comment whose block has no '}' after it: in the next block. Out of line:
// inlined, it leaves the scan's loop fewer registers for the moves it stores.
unsigned Parser::close_in_next(const char*& base, BlockMasks& m, unsigned s,
                               std::uint64_t& nl) const {
  // on to the next block only if this one has neither a '}' nor a line end
  if (((m.close | m.newline) & (~std::uint64_t{0} << s)) != 0 || base + 64 >= end_) return 64;
  const BlockMasks next = classify_(base + 64);
  const unsigned n = close_on_line(base + 64, next, 0);
  if (n == 64) return 64;
  base += 64;
  m = next;
  nl = next.newline;  // none before the '}'
  return n;
}

// Words and the blanks between them, found through the bit masks of 64-byte blocks. Stops at
// any other byte, and leaves to word() a word that may go on after a refill or is too long.
// `nl` holds the block's line ends not counted yet: none in most blocks of one-line movetext,
// where a token then costs no line bookkeeping at all.
bool Parser::word_run() {
  const char* const open_end = eof_ ? nullptr : end_;  // a word ending here may go on
  const std::size_t max_token = opt_.max_token;
  const char* base = p_;
  BlockMasks m;
  unsigned i = 0;
  if (block_base_ != nullptr && p_ >= block_base_ && p_ < block_base_ + 64) {
    base = block_base_;
    m = block_;
    i = static_cast<unsigned>(p_ - base);
  } else {
    m = classify_(base);
  }
  std::uint64_t nl = m.newline & (~std::uint64_t{0} << i);
  for (;;) {
    const std::uint64_t solid = ~m.space & (~std::uint64_t{0} << i);
    if (solid == 0) {  // only blanks up to the end of the block
      if (nl != 0) lines_in(nl, base);
      base += 64;
      m = classify_(base);
      nl = m.newline;
      i = 0;
      continue;
    }
    const auto s = static_cast<unsigned>(__builtin_ctzll(solid));
    if (nl != 0) {
      const std::uint64_t gap = nl & ((std::uint64_t{1} << s) - 1);
      if (gap != 0) {
        lines_in(gap, base);
        nl ^= gap;
      }
    }
    const std::uint64_t after = ~m.word & (~std::uint64_t{0} << s);
    if (((m.word >> s) & 1) == 0 || after == 0) {
      p_ = base + s;
      // A comment closed on its line is passed here (no line end before its '}': `nl` holds),
      // given to the visitor as brace_comment gives it where the visitor wants comments.
      if (((m.open >> s) & 1) != 0) {
        const unsigned c = close_ahead(base, m, s, nl);
        if (c == 64) break;
        flush_move();
        if (comments_) short_comment(base + c);
        i = c + 1;
        if (i < 64) continue;
        base += 64;  // the comment ended the block
        m = classify_(base);
        nl = m.newline;
        i = 0;
        continue;
      }
      if (after != 0 || s == 0) break;  // not a word, or a word of 64 bytes or more
      base = p_;                        // a word that runs past the block: classify from its start
      m = classify_(base);
      nl = m.newline;
      i = 0;
      continue;
    }
    const auto e = static_cast<unsigned>(__builtin_ctzll(after));
    const char* w = base + s;
    const std::size_t n = e - s;
    if (base + e == open_end || n > max_token) {
      p_ = w;
      break;
    }
    if (token(w, n)) {
      p_ = base + e;
      return true;
    }
    i = e;
  }
  block_base_ = base;
  block_ = m;
  return false;
}

// p_ at the '{' of a comment that closes at q on its line: the comment to the visitor.
void Parser::short_comment(const char* q) {
  comment_pos_ = here();
  comment_quiet_ = skip_;
  emit_comment(p_ + 1, q, true);
}

void Parser::lines_in(std::uint64_t newlines, const char* block) {
  for (std::uint64_t m = newlines; m != 0; m &= m - 1) ++line_;  // usually one: no popcount call
  const auto last = static_cast<unsigned>(63 - __builtin_clzll(newlines));
  line_start_ = base_ + static_cast<std::uint64_t>(block + last + 1 - origin_);
}

// The common tokens inline: "Nf3", "12.", "12...", "12.Nf3"; classify() does the rest.
inline bool Parser::token(const char* w, std::size_t n) {
  // w[n] is the byte after the word: no word byte, so w[1] == '.' implies n >= 2 ("e.p.")
  if (is_letter(w[0])) {
    if (w[1] == '.') return classify(w, n);
    new_move(w, n);
    return false;
  }
  if (!has(w[0], kDigit)) return classify(w, n);
  // one or two digits and a dot; w[n] is no digit, so the word's end needs no check
  std::uint32_t number = static_cast<std::uint32_t>(w[0] - '0');
  std::size_t i = 1;
  if (has(w[1], kDigit)) {
    number = number * 10 + static_cast<std::uint32_t>(w[1] - '0');
    i = 2;
  }
  if (w[i] != '.') return classify(w, n);  // more digits, a result, "0-0", a bare number
  std::size_t j = i + 1;
  while (j < n && w[j] == '.') ++j;
  if (j < n && !is_letter(w[j])) return classify(w, n);
  flush_move();
  number_ = number;
  number_black_ = j - i >= 2;
  if (j == n) return false;
  if (w[j + 1] == '.') return classify(w + j, n - j);
  new_move(w + j, n - j);
  return false;
}

bool Parser::word() {
  const char* start = p_;
  const char* p = start + 1;
  while (has(*p, kWordChar)) ++p;
  while (p == end_) {  // the token may go on after a refill
    const auto len = static_cast<std::size_t>(p - start);
    if (len > opt_.max_token) break;
    p_ = p;
    const bool got = more(start);
    p = start + len;
    if (!got) break;
    while (has(*p, kWordChar)) ++p;
  }
  p_ = p;
  const auto n = static_cast<std::size_t>(p - start);
  if (n > opt_.max_token) {
    too_long_token(start);
    return false;
  }
  return classify(start, n);
}

void Parser::too_long_token(const char* start) {
  flush_move();
  error(ErrorKind::token_too_long, "a token longer than the limit", pos_of(start));
  for (;;) {
    while (has(*p_, kWordChar)) ++p_;
    if (p_ != end_ || !refill_here()) return;
  }
}

bool Parser::classify(const char* w, std::size_t n) {
  const char c = w[0];
  if (is_letter(c)) {
    if (n >= 3 && w[1] == '.' && is_en_passant(w, n)) return false;  // "exd6 e.p.": dropped
    new_move(w, n);
    return false;
  }
  std::size_t i = 0;
  if (has(c, kDigit)) {
    std::uint32_t number = 0;
    for (; i < n && has(w[i], kDigit); ++i) {
      if (number < 100000000) number = number * 10 + static_cast<std::uint32_t>(w[i] - '0');
    }
    const std::size_t dots_end = skip_dots(w, n, i);
    if (i == n || dots_end > i) {  // "12", "12.", "12...", "12…", "12.e4"
      flush_move();
      number_ = number;
      number_black_ = dots_end - i >= 2;
      if (dots_end == n) return false;
      return classify(w + dots_end, n - dots_end);
    }
  } else if (const std::size_t dots_end = skip_dots(w, n, 0); dots_end > 0) {
    if (number_ != 0) number_black_ = true;  // "12. ... Nf6"
    if (dots_end == n) return false;
    return classify(w + dots_end, n - dots_end);
  }
  if (is_result(w, n)) {
    if (depth_ > 0) return false;  // results inside variations are ignored
    flush_move();
    result_len_ = std::min(n, result_.size());
    std::memcpy(result_.data(), w, result_len_);
    if (!skip_) {
      token_pos_ = pos_of(w);
      v_->result({w, n});
    }
    return true;
  }
  if (i == 0 && !is_null_move(w, n)) {
    if (const std::uint16_t nag = annotation_nag(w, n); nag != 0) {
      add_nag(nag);
      return false;
    }
    if (is_symbols(w, n)) return false;  // "+", "#", "-": stray glyphs, ignored
  }
  new_move(w, n);
  return false;
}

void Parser::new_move_slow(const char* san, std::size_t n) {
  flush_move();
  if (!skip_ && store_ != nullptr && store(san, n)) return;
  if (!skip_) {
    pending_ = true;
    move_.san = {san, n};
    move_.number = number_;
    move_.number_black = number_black_;
    move_.pos = pos_of(san);
    nag_count_ = 0;
  }
  number_ = 0;
  number_black_ = false;
}

void Parser::emit_move() {
  pending_ = false;
  move_.nags = {nags_.data(), nag_count_};
  token_pos_ = move_.pos;
  if (v_->move(move_) == Skip::yes) skip_ = true;
}

void Parser::add_nag(std::uint32_t nag) {
  if (pending_ && nag_count_ < nags_.size()) nags_[nag_count_++] = static_cast<std::uint16_t>(nag);
}

void Parser::nag() {
  const char* start = p_;
  const TextPos pos = here();
  std::size_t i = 1;
  std::uint32_t value = 0;
  while (i <= 6 && ensure(start, i + 1) && has(start[i], kDigit)) {
    value = value * 10 + static_cast<std::uint32_t>(start[i] - '0');
    ++i;
  }
  p_ = start + i;
  if (i == 1 || i > 6 || value > 65535) flush_move();
  if (i == 1) {
    error(ErrorKind::bad_character, "'$' without a number", pos);
    return;
  }
  if (i > 6 || value > 65535) {
    error(ErrorKind::token_too_long, "NAG number out of range", pos);
    for (;;) {
      while (has(*p_, kDigit)) ++p_;
      if (p_ != end_ || !refill_here()) return;
    }
  }
  add_nag(value);
}

void Parser::bad_chars() {
  flush_move();
  error(ErrorKind::bad_character, "bytes that cannot start a token", here());
  ++p_;
  for (;;) {  // the whole run, across refills
    while (p_ != end_ && (kind_of(*p_) == Kind::other || kind_of(*p_) == Kind::nul)) ++p_;
    if (p_ != end_ || !refill_here()) return;
  }
}

}  // namespace rochade::pgn::detail
