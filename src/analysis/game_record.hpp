// One game as the reader delivered it: tags, main-line move tokens, result, syntax errors and
// optionally its raw text. Records are reused from game to game: clear() keeps the capacity, so
// in the steady state filling one allocates nothing.
#pragma once

#include <algorithm>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/clock.hpp"
#include "pgn/visitor.hpp"

namespace rochade::analysis {

// Text of a record: in its arena, or with kBorrowed set in `length`, in the text the record
// borrows (GameRecord::borrow). Lengths stay under 2 GiB: the reader's limits keep tokens, tag
// values and a game's text far below that (ReaderOptions).
struct TextRef {
  std::uint32_t offset = 0;
  std::uint32_t length = 0;
};
inline constexpr std::uint32_t kBorrowed = std::uint32_t{1} << 31;

// Bytes appended one string after another; short strings are copied without a call.
class TextArena {
 public:
  TextArena() = default;
  TextArena(const TextArena& o) { *this = o; }
  TextArena& operator=(const TextArena& o) {
    if (this != &o) {
      clear();
      append({o.data(), o.size()});
    }
    return *this;
  }
  TextArena(TextArena&& o) noexcept { *this = std::move(o); }
  TextArena& operator=(TextArena&& o) noexcept {
    buf_ = std::move(o.buf_);
    size_ = std::exchange(o.size_, 0);
    cap_ = std::exchange(o.cap_, 0);
    return *this;
  }
  std::size_t size() const { return size_; }
  const char* data() const { return buf_.get(); }
  void clear() { size_ = 0; }
  TextRef append(std::string_view s) {
    if (cap_ - size_ < s.size()) grow(s.size());
    char* d = buf_.get() + size_;
    const std::size_t n = s.size();
    const char* src = s.data();
    if (n >= 4 && n <= 16) {  // two overlapping fixed-size copies
      if (n >= 8) {
        std::memcpy(d, src, 8);
        std::memcpy(d + n - 8, src + n - 8, 8);
      } else {
        std::memcpy(d, src, 4);
        std::memcpy(d + n - 4, src + n - 4, 4);
      }
    } else if (n > 16) {
      std::memcpy(d, src, n);
    } else if (n > 0) {  // 1 to 3 bytes
      d[0] = src[0];
      d[n / 2] = src[n / 2];
      d[n - 1] = src[n - 1];
    }
    const TextRef r{static_cast<std::uint32_t>(size_), static_cast<std::uint32_t>(n)};
    size_ += n;
    return r;
  }

 private:
  void grow(std::size_t need);
  std::unique_ptr<char[]> buf_;
  std::size_t size_ = 0, cap_ = 0;
};

// A move of a record: the form the reader stores moves in itself (RecordBuilder::move_store).
using MoveEntry = pgn::StoredMove;

struct SyntaxError {
  pgn::ErrorKind kind{};
  TextRef message;
  pgn::TextPos pos;
};

// An input as a run numbers it: in the order it is read, the members of an archive as they are
// found (GameRef::input). Not the place a report lists it at (GamePlace::input, the
// arguments' order with the arguments that could not be read in their places): the run's result
// turns one into the other.
enum class RunInput : std::uint32_t {};
constexpr std::size_t index_of(RunInput input) { return static_cast<std::size_t>(input); }

// Which game of a run a record is, for a consumer that keeps it beyond game() (the games a
// report lists). Opaque: the run turns it into the game's place after the run
// (run::GameNumbers), whichever order it numbered the games in. Refs order the games of a run
// as their inputs and numbers do.
struct GameRef {
  RunInput input{};
  std::uint64_t key = 0;  // the pipeline's: its piece and the game's place in it
  auto operator<=>(const GameRef&) const = default;
};

// Where a game is, as a report names it: its input's place in the run's list of inputs (an index
// of the report's inputs, not a RunInput), and its number (1-based) in that input.
struct GamePlace {
  std::uint32_t input = 0;
  std::uint64_t number = 0;
};

class GameRecord {
 public:
  // The game's identity in the run: its input as the run numbers it (set as the game is read),
  // and the run's key of the game (given by the pipeline).
  GameRef ref;
  // The game's number (1-based) in its input, given before game() in a run that numbers games
  // as it goes (run::PipelineOptions::numbers_during_run: the per-game printers and a --where
  // on `game`). A run that does not (stats) has no consumer that reads it: a game it keeps is
  // known by `ref`, and placed after the run.
  std::uint64_t number = 0;
  pgn::TextPos pos;  // where the game starts
  bool raw_truncated = false;
  // The input's reading failed (a cut or damaged file) inside this game: its text is the part
  // before the fault (set by the run, run/cutter.cpp; the replay leaves such a game alone).
  bool cut_off = false;

  GameRecord() = default;
  // A copy owns all its text (a borrowed text is copied into its arena): it may outlive the
  // text the original borrows. A move keeps the borrowing.
  GameRecord(const GameRecord& o) { *this = o; }
  GameRecord& operator=(const GameRecord& o);
  GameRecord(GameRecord&&) noexcept = default;
  GameRecord& operator=(GameRecord&&) noexcept = default;

  void clear();
  // Tags and moves read from `text` refer to it instead of being copied, until clear(): the
  // caller keeps `text` unchanged as long as the record (or a record moved from it) is read.
  // The pipeline lends each piece of input this way to the records of its batch.
  void borrow(std::string_view text) {
    const bool fits = text.size() < kBorrowed;  // offsets and lengths are 31-bit
    borrowed_ = fits ? text.data() : nullptr;
    borrowed_size_ = fits ? text.size() : 0;
  }
  bool borrows() const { return borrowed_ != nullptr; }
  std::string_view borrowed() const { return {borrowed_, borrowed_size_}; }
  void add_tag(std::string_view name, std::string_view value);
  // A move the reader did not store itself (RecordBuilder::move_store): its text not borrowed,
  // or no room left.
  void add_move(const pgn::MoveToken& tok);
  void add_error(const pgn::ParseError& err);
  void set_result(std::string_view r) { result_ = store(r); }
  void set_raw(std::string_view raw) { raw_ = keep(raw); }

  std::string_view text(TextRef r) const {
    return {((r.length & kBorrowed) != 0 ? borrowed_ : arena_.data()) + r.offset,
            r.length & ~kBorrowed};
  }
  // The value of the first tag with that name, else of the first whose name differs only in
  // ASCII case ([fen "..."]), else an empty view.
  std::string_view tag(std::string_view name) const;
  bool has_tag(std::string_view name) const;
  std::size_t tag_count() const { return tag_count_.n; }
  std::string_view tag_name(std::size_t i) const { return text(name_of(tags_[i])); }
  std::string_view tag_value(std::size_t i) const { return text(value_of(tags_[i])); }
  // The reader's store of tags (RecordBuilder::tag_store): room made for some, where the next
  // tag goes, the end of the room, and the tags stored up to `next` (their text is borrowed).
  void make_tag_room() {
    if (tags_.size() < tag_count_.n + kTagRoom) tags_.resize(tag_count_.n + kTagRoom);
  }
  pgn::StoredTag* next_tag_place() { return tags_.data() + tag_count_.n; }
  pgn::StoredTag* tag_room_end() { return tags_.data() + tags_.size(); }
  void tags_stored(const pgn::StoredTag* next) {
    if (next != tags_.data() + tag_count_.n) count_tags(next);
  }

  std::size_t move_count() const { return move_count_.n; }
  // The reader's store of moves (RecordBuilder::move_store): where the next move goes, the end
  // of the room for moves (at most `most`), and the moves stored up to `next`.
  MoveEntry* next_move_place() { return moves_.data() + move_count_.n; }
  MoveEntry* move_room_end(std::size_t most) {
    return moves_.data() + std::min(moves_.size(), most);
  }
  void moves_stored(const MoveEntry* next) {
    move_count_.n = static_cast<std::size_t>(next - moves_.data());
  }
  const MoveEntry& move(std::size_t i) const { return moves_[i]; }
  std::string_view san(std::size_t i) const {
    const MoveEntry& e = moves_[i];
    return {(e.san_borrowed ? borrowed_ : arena_.data()) + e.san_offset, e.san_length};
  }
  std::uint64_t move_line(std::size_t i) const { return pos.line + moves_[i].line_offset; }

  // The clock after move i ([%clk], in milliseconds), kept only when the builder reads clocks
  // (RecordBuilder::read_clocks); the first clock comment after a move counts.
  void set_clock(std::size_t i, std::int32_t millis) {
    if (clocks_.size() == i) return clocks_.push_back(millis);  // the usual case: every move
    if (clocks_.size() < i) clocks_.resize(i + 1, kNoClock);
    if (clocks_[i] == kNoClock) clocks_[i] = millis;
  }
  std::optional<std::int32_t> clock(std::size_t i) const {
    if (i >= clocks_.size() || clocks_[i] == kNoClock) return std::nullopt;
    return clocks_[i];
  }

  const std::vector<SyntaxError>& errors() const { return errors_; }
  std::string_view error_message(const SyntaxError& e) const { return text(e.message); }
  std::string_view result() const { return text(result_); }
  std::string_view raw() const { return text(raw_); }

 private:
  // A tag: offsets and lengths as TextRefs have them (kBorrowed in the lengths).
  using Tag = pgn::StoredTag;
  static TextRef name_of(const Tag& t) { return {t.name_offset, t.name_length}; }
  static TextRef value_of(const Tag& t) { return {t.value_offset, t.value_length}; }
  static Tag tag_of(TextRef name, TextRef value) {
    return {name.offset, name.length, value.offset, value.length};
  }
  static constexpr std::size_t kTagRoom = 32;  // more than most games have
  void count_tags(const Tag* next);
  TextRef store(std::string_view s);
  TextRef own(TextRef r) { return (r.length & kBorrowed) != 0 ? store(text(r)) : r; }
  // Whether s lies in the borrowed text (none borrowed: never), at offset `at`.
  bool in_borrowed(std::string_view s, std::size_t& at) const {
    at = reinterpret_cast<std::uintptr_t>(s.data()) - reinterpret_cast<std::uintptr_t>(borrowed_);
    return at < borrowed_size_ && s.size() <= borrowed_size_ - at;
  }
  TextRef keep(std::string_view s) {  // a view of the borrowed text, else a copy in the arena
    std::size_t at = 0;
    if (in_borrowed(s, at))
      return {static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(s.size()) | kBorrowed};
    return store(s);
  }
  const Tag* find_tag(std::string_view name) const;
  MoveEntry entry(const pgn::MoveToken& tok, std::size_t san_offset, bool borrowed) const {
    MoveEntry e;
    e.san_offset = static_cast<std::uint32_t>(san_offset);
    e.san_length = static_cast<std::uint16_t>(tok.san.size());
    e.number = tok.number;
    e.number_black = tok.number_black;
    e.san_borrowed = borrowed;
    e.raw_offset = static_cast<std::uint32_t>(tok.pos.byte - pos.byte);
    e.line_offset = static_cast<std::uint32_t>(tok.pos.line - pos.line);
    return e;
  }

  TextArena arena_;
  const char* borrowed_ = nullptr;
  std::size_t borrowed_size_ = 0;
  struct Count {  // a moved-from record holds no tags or moves, as its moved-from vectors
    std::size_t n = 0;
    Count() = default;
    Count(const Count&) = default;
    Count& operator=(const Count&) = default;
    Count(Count&& o) noexcept : n(std::exchange(o.n, 0)) {}
    Count& operator=(Count&& o) noexcept {
      n = std::exchange(o.n, 0);
      return *this;
    }
  };
  std::vector<Tag> tags_;  // the first tag_count_ are this game's; the rest spare room
  Count tag_count_;
  std::uint64_t tag_bits_ = 0;    // the tag_bit() of every name in tags_
  std::vector<MoveEntry> moves_;  // the first move_count_ are this game's; the rest spare room
  Count move_count_;
  static constexpr std::int32_t kNoClock = -1;
  std::vector<std::int32_t> clocks_;  // by move, up to the last move with a clock
  std::vector<SyntaxError> errors_;
  TextRef result_;
  TextRef raw_;  // the game's text, when the reader captured it
};

// A visitor that fills a GameRecord for each game and hands it to a sink.
class RecordSink {
 public:
  virtual ~RecordSink() = default;
  virtual void game(GameRecord& record) = 0;
  // Text between games that is not PGN (see pgn::Visitor::skipped).
  virtual void skipped(std::uint32_t /*input*/, const pgn::ParseError&) {}
};

class RecordBuilder : public pgn::Visitor {
 public:
  // Moves kept per game: more than any game can have (the 75-move rule ends one within about
  // 9,000 moves); the rest of a longer record is read but not kept, with an error.
  static constexpr std::size_t kMaxPlies = 1'000'000;

  RecordBuilder(RecordSink& sink, RunInput input) : sink_(sink), input_(input) {}
  void set_input(RunInput input) { input_ = input; }
  // The records of the games read from here on borrow `text` (GameRecord::borrow); {}: none.
  void borrow(std::string_view text) { borrowed_ = text; }
  // Whether to read the comments for their [%clk] (GameRecord::clock): only the per-game table
  // needs them, and the reader passes over comments fastest when no visitor wants them.
  void read_clocks(bool on) { read_clocks_ = on; }

  pgn::Skip begin_game(const pgn::GameStart& g) override;
  pgn::Skip tag(std::string_view name, std::string_view value) override;
  pgn::Skip move(const pgn::MoveToken& tok) override;
  pgn::MoveStore* move_store() override;
  pgn::TagStore* tag_store() override;
  pgn::Skip comment(std::string_view text, bool last) override;
  bool wants_comments() const override { return read_clocks_; }  // for the clocks only
  void result(std::string_view token) override;
  void error(const pgn::ParseError& err) override;
  void end_game(const pgn::GameEnd& end) override;
  void skipped(const pgn::ParseError& err) override;

 private:
  // The tags and moves the reader stored itself counted in the record (before anything reads
  // the counts, or adds a tag or a move after them).
  void count_stored() {
    if (tag_store_.next != nullptr) record_.tags_stored(tag_store_.next);
    if (store_.next != nullptr) record_.moves_stored(store_.next);
  }

  RecordSink& sink_;
  RunInput input_;
  std::string_view borrowed_;
  pgn::MoveStore store_;     // the reader's store into the record's moves, while it borrows text
  pgn::TagStore tag_store_;  // and into its tags
  bool read_clocks_ = false;
  ClockScanner clock_;
  GameRecord record_;
};

}  // namespace rochade::analysis
