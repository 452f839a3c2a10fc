// Comments (streamed in pieces) and variations (visited or skipped).
#include <cstring>

#include "pgn/char_class.hpp"
#include "pgn/parser.hpp"

namespace rochade::pgn::detail {

void Parser::emit_comment(const char* from, const char* to, bool last) {
  if (last) comment_open_ = false;
  if (comment_quiet_ || skip_ || !comments_ || (!last && from == to)) return;
  token_pos_ = comment_pos_;
  if (v_->comment({from, static_cast<std::size_t>(to - from)}, last) == Skip::yes) skip_ = true;
}

// p_ at '{'. A '{' comment ends at '}'; if none comes, it ends before the first line that starts
// (after blanks) with a tag pair, or at the end of input. Text that would be lost at a refill is
// passed on as a piece by more().
Parser::CommentEnd Parser::brace_comment(bool quiet) {
  comment_pos_ = here();
  ++p_;
  comment_open_ = true;
  comment_quiet_ = quiet;
  comment_from_ = p_;
  for (;;) {
    const char* q = find_either(p_, end_, '}', '\n');
    if (q == end_) {
      p_ = end_;
      if (!refill_here()) {
        emit_comment(comment_from_, end_, true);
        return CommentEnd::eof;
      }
      continue;
    }
    if (*q == '}') {
      emit_comment(comment_from_, q, true);
      p_ = q + 1;
      return CommentEnd::closed;
    }
    p_ = q + 1;
    new_line(p_);
    for (;;) {
      if (p_ == end_ && !refill_here()) break;
      if (!is_blank(*p_)) break;
      ++p_;
    }
    if (*p_ == '[' && tag_start_ahead() == TagStart::yes) {
      emit_comment(comment_from_, p_, true);
      return CommentEnd::next_game;
    }
  }
}

// p_ at ';': the comment is the rest of the line, without its line end.
void Parser::line_comment() {
  comment_pos_ = here();
  ++p_;
  comment_open_ = true;
  comment_quiet_ = skip_;
  comment_from_ = p_;
  for (;;) {
    const auto* q =
        static_cast<const char*>(std::memchr(p_, '\n', static_cast<std::size_t>(end_ - p_)));
    if (q != nullptr) {
      emit_comment(comment_from_, q > comment_from_ && q[-1] == '\r' ? q - 1 : q, true);
      p_ = q;  // the '\n' is left to skip_space
      return;
    }
    p_ = end_;
    // keep a '\r' at the end of the buffer: it may be the first half of the line end
    const char* keep = end_ > comment_from_ && end_[-1] == '\r' ? end_ - 1 : end_;
    if (!more(keep)) {
      emit_comment(comment_from_, end_, true);
      return;
    }
  }
}

Parser::End Parser::open_variation() {
  flush_move();
  const TextPos pos = here();
  ++p_;
  number_ = 0;
  number_black_ = false;
  if (!skip_) {
    if (depth_ >= opt_.max_depth) {
      error(ErrorKind::too_deep, "variations nested deeper than the limit", pos);
    } else {
      token_pos_ = pos;
      if (v_->begin_variation()) {
        if (depth_ == 0) variation_pos_ = pos;
        ++depth_;
        return End::none;
      }
    }
  }
  return skip_variation(pos);
}

void Parser::close_variation() {
  flush_move();
  number_ = 0;
  number_black_ = false;
  if (depth_ == 0) {
    error(ErrorKind::unmatched_paren, "')' without '('", here());
  } else {
    --depth_;
    token_pos_ = here();
    if (!skip_) v_->end_variation();
  }
  ++p_;
}

// After the '(' of a variation nobody reads: only brackets, comments, line ends and the start of
// a new game matter. Results inside variations do not end a game, so words need no look.
Parser::End Parser::skip_variation(TextPos open) {
  std::uint64_t depth = 1;
  for (;;) {
    const char* p = p_;
    while (!has(*p, kVarStop)) ++p;
    p_ = p;
    switch (*p) {
      case '(':
        ++depth;
        ++p_;
        break;
      case ')':
        ++p_;
        if (--depth == 0) return End::none;
        break;
      case '{': {
        const TextPos pos = here();
        const CommentEnd e = brace_comment(true);
        if (e == CommentEnd::closed) break;
        error(ErrorKind::unclosed_comment, "'{' without '}'", pos);
        error(ErrorKind::unclosed_variation, "'(' without ')' before the end of the game", open);
        return e == CommentEnd::eof ? End::eof : End::next_game;
      }
      case ';':
        skip_line();
        break;
      case '\n':
        ++p_;
        new_line(p_);
        break;
      case '%':
        if (at_column0()) {
          skip_line();
        } else {
          ++p_;
        }
        break;
      case '[':
        if (tag_start_ahead() == TagStart::yes) {
          error(ErrorKind::unclosed_variation, "'(' without ')' before the end of the game", open);
          return End::next_game;
        }
        ++p_;
        break;
      default:  // 0: the end of the buffer, or a NUL byte
        if (p_ != end_) {
          ++p_;
        } else if (!refill_here()) {
          error(ErrorKind::unclosed_variation, "'(' without ')' before the end of the game", open);
          return End::eof;
        }
        break;
    }
  }
}

}  // namespace rochade::pgn::detail
