// The reader's engine (internal). Split by concern:
//   parser_input.cpp    the buffer window: refills, lookahead, whitespace, lines
//   parser_game.cpp     finding games, starting and ending them, errors, raw capture
//   parser_tags.cpp     the tag section
//   parser_movetext.cpp movetext tokens: the 64-byte fast path, moves, numbers, NAGs, results
//   parser_nested.cpp   comments and variations
// with char_class.hpp (byte tables, 16-byte scans), block_scan (64-byte masks), tokens (words).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "pgn/block_scan.hpp"
#include "pgn/reader.hpp"
#include "pgn/visitor.hpp"

namespace rochade::pgn::detail {

class Parser {
 public:
  // `recycle`: a parser whose buffers are taken over when their sizes fit (Reader::restart).
  Parser(ByteSource& src, const ReaderOptions& opts, Parser* recycle = nullptr);
  // Scans `text` where it lies instead of reading the source: text[size] is 0 and kScanPadding
  // bytes after it are readable (TextBuffer). Call before the first read_game().
  void scan_in_place(std::string_view text);
  bool read_game(Visitor& v);
  std::uint64_t games_read() const { return next_game_ - opt_.first_game; }
  TextPos token_pos() const { return token_pos_; }

 private:
  enum class End : std::uint8_t { none, result, next_game, eof };
  enum class TagStart : std::uint8_t { no, yes, name_too_long };
  enum class CommentEnd : std::uint8_t { closed, next_game, eof };
  enum class PlainTag : std::uint8_t { read, next_game, other };

  // ---- input window (parser_input.cpp)
  bool more(const char*& keep);  // read on; bytes from keep on survive (keep moves)
  bool ensure(const char*& keep,
              std::size_t n);  // at least n bytes from p_ on, or false at the end
  bool buffered(const char*& keep, std::size_t n) {  // ensure() without a call when it holds
    return static_cast<std::size_t>(end_ - p_) >= n || ensure(keep, n);
  }
  bool ensure(std::size_t n) {
    const char* keep = p_;
    return ensure(keep, n);
  }
  bool at_end() { return p_ == end_ && !refill_here(); }
  bool refill_here() {
    const char* keep = p_;
    return more(keep);
  }
  TextPos here() const { return pos_of(p_); }
  TextPos pos_of(const char* p) const {
    return {line_, base_ + static_cast<std::uint64_t>(p - origin_)};
  }
  bool at_column0() const { return here().byte == line_start_; }
  void new_line(const char* after) {  // a '\n' just before `after` was passed
    ++line_;
    line_start_ = base_ + static_cast<std::uint64_t>(after - origin_);
  }
  void skip_space();           // whitespace; counts lines and newlines_
  void skip_line();            // up to and including the next '\n' (or the end)
  void skip_bracket();         // a '[' that is no tag: up to ']' on the same line, or the line end
  TagStart tag_start_ahead();  // p_ at '[': is it '[' name blanks '"'? Looks ahead only
  bool bom_ahead();

  // ---- games (parser_game.cpp)
  bool seek_game();  // skips what lies between games; false at the end of input
  bool can_start_game();
  void garbage_line();
  void begin(Visitor& v);
  void finish(End end);
  void error(ErrorKind kind, std::string_view message, TextPos pos);
  void spill_raw(const char* upto);

  // ---- tag section (parser_tags.cpp)
  End tags();  // none: movetext follows
  PlainTag plain_tag(bool after_blank);
  bool read_tag(bool after_blank);  // false: this tag starts a new game (nothing consumed)
  bool tag_seen(const char* name, std::size_t n, bool after_blank);

  // ---- movetext (parser_movetext.cpp)
  End movetext();
  unsigned close_on_line(const char* block, const BlockMasks& m, unsigned s) const;
  unsigned close_ahead(const char*& base, BlockMasks& m, unsigned s, std::uint64_t& nl) const;
  [[gnu::noinline]] unsigned close_in_next(const char*& base, BlockMasks& m, unsigned s,
                                           std::uint64_t& nl) const;
  void short_comment(const char* q);
  bool word_run();  // the fast path over words and blanks; true: a result ended the game
  void lines_in(std::uint64_t newlines, const char* block);
  bool token(const char* w, std::size_t n);
  bool word();  // true: a result at depth 0 ended the game
  bool classify(const char* w, std::size_t n);
  // A move token: straight into the visitor's store where it can go there (no move waiting for
  // its NAGs before it), else new_move_slow. Inline: called for every move read.
  void new_move(const char* san, std::size_t n) {
    if (!pending_ && !skip_ && store_ != nullptr && store(san, n)) return;
    new_move_slow(san, n);
  }
  // Stores the move in the visitor's store (store_ set): false where its SAN is not in the
  // store's text or the store has no room.
  bool store(const char* san, std::size_t n) {
    StoredMove* const next = store_->next;
    const std::size_t at = reinterpret_cast<std::uintptr_t>(san) -
                           reinterpret_cast<std::uintptr_t>(store_text_);  // wraps below it
    if (next == store_->end || at >= store_size_ || n > store_size_ - at) return false;
    // pos_of(san), relative to the game's start (token_pos_ is left: no callback is made)
    const std::uint64_t byte = base_ + static_cast<std::uint64_t>(san - origin_);
    *next = {static_cast<std::uint32_t>(at),
             static_cast<std::uint16_t>(n),
             number_black_,
             true,
             number_,
             static_cast<std::uint32_t>(byte - store_first_.byte),
             static_cast<std::uint32_t>(line_ - store_first_.line)};
    store_->next = next + 1;
    number_ = 0;
    number_black_ = false;
    return true;
  }
  void new_move_slow(const char* san, std::size_t n);
  // Stores a tag pair in the visitor's store (tag_store_ set): false where its name or value is
  // not in the store's text or the store has no room.
  bool store_tag(const char* name, std::size_t name_len, const char* value, std::size_t value_len) {
    StoredTag* const next = tag_store_->next;
    const auto text = reinterpret_cast<std::uintptr_t>(tag_store_->text);
    const std::size_t n_at = reinterpret_cast<std::uintptr_t>(name) - text;  // wraps below it
    const std::size_t v_at = reinterpret_cast<std::uintptr_t>(value) - text;
    const std::size_t size = tag_store_->text_size;
    if (next == tag_store_->end || v_at >= size || value_len > size - v_at || n_at > v_at) {
      return false;
    }
    *next = {static_cast<std::uint32_t>(n_at), static_cast<std::uint32_t>(name_len),
             static_cast<std::uint32_t>(v_at), static_cast<std::uint32_t>(value_len)};
    tag_store_->next = next + 1;
    return true;
  }
  // A tag pair read whole (its '[' at pos): to the store, else to the visitor.
  void give_tag(std::string_view name, std::string_view value, const TextPos& pos) {
    if (skip_) return;
    if (tag_store_ != nullptr && store_tag(name.data(), name.size(), value.data(), value.size()))
      return;
    token_pos_ = pos;
    if (v_->tag(name, value) == Skip::yes) skip_ = true;
  }
  void flush_move() {
    if (pending_) emit_move();
  }
  void emit_move();
  void add_nag(std::uint32_t nag);
  void nag();
  CommentEnd brace_comment(bool quiet);
  void line_comment();
  void emit_comment(const char* from, const char* to, bool last);
  End open_variation();
  void close_variation();
  End skip_variation(TextPos open);
  void bad_chars();
  void too_long_token(const char* start);

  // ---- window
  ByteSource& src_;
  ReaderOptions opt_;
  std::size_t cap_ = 0;  // window capacity (bytes), plus one sentinel byte
  std::unique_ptr<char[]> buf_;
  const char* origin_ = nullptr;  // where offsets count from: buf_, or the text scanned in place
  const char* p_ = nullptr;       // cursor
  const char* end_ = nullptr;     // end of the buffered bytes; *end_ == 0
  std::uint64_t base_ = 0;        // input offset of origin_[0]
  std::uint64_t line_ = 1;        // line of p_
  std::uint64_t line_start_ = 0;  // input offset of the first byte of the current line
  std::uint32_t newlines_ = 0;    // newlines passed by skip_space since the last reset
  bool eof_ = false;
  ClassifyBlock classify_ = nullptr;  // the block classifier for this CPU
  const char* block_base_ = nullptr;  // the last block classified (null after a refill)
  BlockMasks block_{};

  // ---- game state
  Visitor* v_ = nullptr;
  bool comments_ = true;        // v_->wants_comments()
  MoveStore* store_ = nullptr;  // v_->move_store(), this game's
  const char* store_text_ = nullptr;  // store_'s text, size and first position, for this game
  std::size_t store_size_ = 0;
  TextPos store_first_{};
  TagStore* tag_store_ = nullptr;  // v_->tag_store(), this game's
  TextPos token_pos_{};         // what the current callback is about (Reader::token_pos)
  std::uint64_t next_game_ = 1;
  std::uint64_t game_ = 0;
  bool in_game_ = false;
  bool skip_ = false;  // the visitor asked to skip the rest of this game
  bool had_errors_ = false;
  std::size_t errors_ = 0;
  std::size_t depth_ = 0;    // open variations the visitor entered
  TextPos variation_pos_{};  // where the outermost of them opened
  bool in_garbage_ = false;  // inside a stretch of skipped text between games
  std::array<char, 8> result_{};
  std::size_t result_len_ = 0;

  // ---- the move waiting for its NAGs
  bool pending_ = false;
  MoveToken move_{};
  std::array<std::uint16_t, 8> nags_{};
  std::size_t nag_count_ = 0;
  std::uint32_t number_ = 0;  // move number read, not yet attached to a move
  bool number_black_ = false;
  std::unique_ptr<char[]> san_store_;  // a pending SAN moved out of the window on refill

  // ---- comments being streamed
  bool comment_open_ = false;
  bool comment_quiet_ = false;
  const char* comment_from_ = nullptr;  // start of the comment text not yet passed on
  TextPos comment_pos_{};               // its '{' or ';'

  // ---- tag section
  const char* tag_quote_ = nullptr;     // after tag_start_ahead() said yes: its opening quote
  const char* tag_name_end_ = nullptr;  // and the end of its name (both null after a refill)
  std::array<std::uint64_t, 64> tag_hashes_{};
  std::size_t tag_count_ = 0;
  std::uint64_t tag_bloom_ = 0;
  std::string value_;  // a tag value with escapes, unescaped

  // ---- raw capture
  const char* raw_from_ = nullptr;  // start of the game's bytes not yet copied to raw_
  bool raw_spilled_ = false;        // raw_ holds the game's first bytes
  bool raw_over_ = false;           // the game is longer than max_raw
  std::string raw_;
};

}  // namespace rochade::pgn::detail
