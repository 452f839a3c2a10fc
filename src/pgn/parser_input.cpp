// The reader's window over its input: one buffer allocated once, refilled by compaction.
//
// Bytes [buf_, end_) are buffered, p_ is the cursor and *end_ is always 0, a sentinel that stops
// the scanning loops without a bounds check. A refill keeps the bytes from a `keep` pointer on
// (the start of an unfinished token), moves them to the front and appends what the source gives.
// Every token that must stay whole is bounded by a limit below the reserve, so the kept bytes
// always leave room to read. Before bytes are dropped, a comment being streamed passes them on,
// raw capture copies them and a move waiting for its NAGs moves its SAN out.
#include <algorithm>
#include <cstring>

#include "pgn/char_class.hpp"
#include "pgn/parser.hpp"

namespace rochade::pgn::detail {

namespace {
constexpr std::size_t kTagSlack = 2 * kMaxTagBlanks + 16;
}  // namespace

Parser::Parser(ByteSource& src, const ReaderOptions& opts, Parser* recycle)
    : src_(src), opt_(opts) {
  // Sizes between 1 and 1 GiB: the buffer's size is their sum.
  constexpr std::size_t kMaxSize = std::size_t{1} << 30;
  opt_.buffer_size = std::clamp<std::size_t>(opt_.buffer_size, 1, kMaxSize);
  opt_.max_token = std::clamp<std::size_t>(opt_.max_token, 1, kMaxSize);
  opt_.max_tag_name = std::clamp<std::size_t>(opt_.max_tag_name, 1, kMaxSize);
  opt_.max_tag_value = std::min(opt_.max_tag_value, kMaxSize);
  const std::size_t tag_limit = opt_.max_tag_name + opt_.max_tag_value + kTagSlack;
  const std::size_t reserve = std::max(tag_limit, opt_.max_token) + 64;
  cap_ = opt_.buffer_size + reserve;
  if (recycle != nullptr && recycle->cap_ == cap_ && recycle->opt_.max_token == opt_.max_token) {
    buf_ = std::move(recycle->buf_);
    san_store_ = std::move(recycle->san_store_);
    value_ = std::move(recycle->value_);
    raw_ = std::move(recycle->raw_);
    raw_.clear();
  } else {
    // Not zeroed: its pages are touched only when text is read into them, and a reader that
    // scans text in place (the pipeline's) never does. Bytes past the sentinel are only ever
    // read by the block classifier, whose bits past the end are not used (after a refill they
    // are old text anyway).
    buf_ = std::make_unique_for_overwrite<char[]>(cap_ + 1 + kScanPadding);
    san_store_ = std::make_unique_for_overwrite<char[]>(opt_.max_token);
  }
  classify_ = select_classifier();
  buf_[0] = 0;
  p_ = end_ = origin_ = buf_.get();
  base_ = line_start_ = opt_.first_byte;
  line_ = opt_.first_line;
  next_game_ = opt_.first_game;
}

void Parser::scan_in_place(std::string_view text) {
  origin_ = p_ = text.data();
  end_ = text.data() + text.size();
  eof_ = true;  // nothing to read: more() is false, and a word at the end is whole
}

bool Parser::more(const char*& keep) {
  if (eof_) return false;
  block_base_ = nullptr;
  tag_quote_ = nullptr;
  char* const b = buf_.get();
  if (comment_open_) {
    if (keep > comment_from_) emit_comment(comment_from_, keep, false);
    comment_from_ = std::max(comment_from_, keep);
  }
  if (raw_from_ != nullptr && in_game_ && opt_.capture_raw && keep > raw_from_) spill_raw(keep);
  if (pending_ && move_.san.data() >= b && move_.san.data() <= b + cap_) {
    std::memcpy(san_store_.get(), move_.san.data(), move_.san.size());
    move_.san = {san_store_.get(), move_.san.size()};
  }
  const auto kept = static_cast<std::size_t>(end_ - keep);
  const std::ptrdiff_t shift = keep - b;
  if (shift > 0) {
    std::memmove(b, keep, kept);
    base_ += static_cast<std::uint64_t>(shift);
    p_ -= shift;
    end_ -= shift;
    keep = b;
    if (comment_open_) comment_from_ -= shift;
    if (raw_from_ != nullptr && in_game_) raw_from_ = std::max<const char*>(raw_from_ - shift, b);
  }
  const std::size_t room = cap_ - kept;
  const std::size_t n = room == 0 ? 0 : src_.read(b + kept, std::min(opt_.buffer_size, room));
  b[kept + n] = 0;
  end_ = b + kept + n;
  if (n == 0) {
    eof_ = true;
    return false;
  }
  return true;
}

bool Parser::ensure(const char*& keep, std::size_t n) {
  while (static_cast<std::size_t>(end_ - p_) < n) {
    if (!more(keep)) return false;
  }
  return true;
}

void Parser::skip_space() {
  const char* p = p_;
  for (;;) {
    const char c = *p;
    if (c == '\n') {
      ++p;
      new_line(p);
      ++newlines_;
      continue;
    }
    if (kind_of(c) != Kind::space) break;
    ++p;
  }
  p_ = p;
}

void Parser::skip_line() {
  for (;;) {
    const auto* q =
        static_cast<const char*>(std::memchr(p_, '\n', static_cast<std::size_t>(end_ - p_)));
    if (q != nullptr) {
      p_ = q + 1;
      new_line(p_);
      return;
    }
    p_ = end_;
    if (!refill_here()) return;
  }
}

void Parser::skip_bracket() {
  ++p_;
  for (;;) {
    const char* q = find_either(p_, end_, ']', '\n');
    if (q != end_) {
      p_ = *q == ']' ? q + 1 : q;
      return;
    }
    p_ = end_;
    if (!refill_here()) return;
  }
}

Parser::TagStart Parser::tag_start_ahead() {
  // Buffer all the bytes the answer may need at once; past end_ the sentinel stops every scan.
  const std::size_t need = opt_.max_tag_name + kMaxTagBlanks + 3;
  if (static_cast<std::size_t>(end_ - p_) < need) ensure(need);
  const char* const name = p_ + 1;
  if (!has(*name, kNameStart)) return TagStart::no;
  const char* q = name + 1;
  while (has(*q, kNameChar)) ++q;
  if (static_cast<std::size_t>(q - name) > opt_.max_tag_name) return TagStart::name_too_long;
  const char* const blanks = q;
  while (is_blank(*q)) ++q;
  if (*q != '"' || static_cast<std::size_t>(q - blanks) > kMaxTagBlanks) return TagStart::no;
  tag_name_end_ = blanks;
  tag_quote_ = q;
  return TagStart::yes;
}

bool Parser::bom_ahead() {
  return ensure(3) && p_[0] == '\xEF' && p_[1] == '\xBB' && p_[2] == '\xBF';
}

}  // namespace rochade::pgn::detail
