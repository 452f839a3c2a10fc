// Games: where they start, where they end, errors and raw capture (rules in docs/PGN-READER.md).
#include <cstring>

#include "pgn/char_class.hpp"
#include "pgn/parser.hpp"

namespace rochade::pgn::detail {

bool Parser::read_game(Visitor& v) {
  v_ = &v;
  comments_ = v.wants_comments();
  if (!seek_game()) return false;
  begin(v);
  store_ = skip_ ? nullptr : v.move_store();
  if (store_ != nullptr) {
    store_text_ = store_->text;
    store_size_ = store_->text_size;
    store_first_ = store_->first;
  }
  tag_store_ = skip_ ? nullptr : v.tag_store();
  End end = End::none;
  if (*p_ == '[') end = tags();
  token_pos_ = here();
  if (!skip_ && v.end_tags() == Skip::yes) skip_ = true;
  if (end == End::none) end = movetext();
  finish(end);
  return true;
}

// Between games: whitespace, '%' lines, byte-order marks and comments are passed over; a tag
// start or a byte that can start movetext begins a game; any other line is skipped as not PGN.
bool Parser::seek_game() {
  for (;;) {
    const char c = *p_;
    switch (kind_of(c)) {
      case Kind::space:
        skip_space();
        continue;
      case Kind::nul:
        if (p_ == end_) {
          if (!refill_here()) return false;
          continue;
        }
        break;
      case Kind::percent:
        if (at_column0()) {
          skip_line();
          continue;
        }
        break;
      case Kind::semicolon:
        skip_line();
        continue;
      case Kind::lbrace: {
        const TextPos pos = here();
        if (brace_comment(true) != CommentEnd::closed) {
          token_pos_ = pos;
          v_->skipped({ErrorKind::unclosed_comment, "'{' between games without '}'", pos});
        }
        continue;
      }
      case Kind::lbracket:
        if (tag_start_ahead() == TagStart::yes) return true;
        break;
      default:
        if (can_start_game()) return true;
        if (c == '\xEF' && bom_ahead()) {
          p_ += 3;
          continue;
        }
        break;
    }
    garbage_line();
  }
}

// A move number, a move, a result: a word that may begin the movetext of a game without tags.
bool Parser::can_start_game() {
  const char c = *p_;
  return has(c, kGameStart) || c == '\xBD' || (c == '\xC2' && ensure(2) && p_[1] == '\xBD');
}

void Parser::garbage_line() {
  if (!in_garbage_) {
    in_garbage_ = true;
    token_pos_ = here();
    v_->skipped(
        {ErrorKind::bad_character, "text that is not PGN, skipped (not a game)", token_pos_});
  }
  skip_line();
}

void Parser::begin(Visitor& v) {
  in_garbage_ = false;
  in_game_ = true;
  game_ = next_game_++;
  skip_ = false;
  had_errors_ = false;
  errors_ = 0;
  depth_ = 0;
  result_len_ = 0;
  pending_ = false;
  number_ = 0;
  number_black_ = false;
  tag_count_ = 0;
  tag_bloom_ = 0;
  raw_from_ = p_;
  raw_spilled_ = false;
  raw_over_ = false;
  raw_.clear();
  token_pos_ = here();
  if (v.begin_game({game_, token_pos_}) == Skip::yes) skip_ = true;
}

void Parser::finish(End end) {
  flush_move();
  const char* upto = end == End::eof ? end_ : p_;  // where the game ends
  if (depth_ > 0) {
    error(ErrorKind::unclosed_variation, "'(' without ')' before the end of the game",
          variation_pos_);
    token_pos_ = pos_of(upto);
    for (; depth_ > 0; --depth_) {
      if (!skip_) v_->end_variation();
    }
  }
  GameEnd ge;
  ge.number = game_;
  ge.result = {result_.data(), result_len_};
  ge.had_errors = had_errors_;
  if (opt_.capture_raw) {
    if (raw_spilled_) {
      spill_raw(upto);
      if (!raw_over_) ge.raw = raw_;
    } else {
      const auto size = static_cast<std::size_t>(upto - raw_from_);
      raw_over_ = size > opt_.max_raw;
      if (!raw_over_) ge.raw = {raw_from_, size};
    }
    ge.raw_truncated = raw_over_;
  }
  in_game_ = false;
  raw_from_ = nullptr;
  token_pos_ = pos_of(upto);
  v_->end_game(ge);
}

void Parser::error(ErrorKind kind, std::string_view message, TextPos pos) {
  had_errors_ = true;
  if (skip_ || errors_ >= opt_.max_errors) return;
  ++errors_;
  token_pos_ = pos;
  v_->error({kind, message, pos});
}

void Parser::spill_raw(const char* upto) {
  const auto n = static_cast<std::size_t>(upto - raw_from_);
  if (!raw_over_) {
    if (raw_.size() + n > opt_.max_raw) {
      raw_over_ = true;
      raw_.clear();
    } else {
      raw_.append(raw_from_, n);
    }
  }
  raw_spilled_ = true;
  raw_from_ = upto;
}

}  // namespace rochade::pgn::detail
