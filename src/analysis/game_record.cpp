#include "analysis/game_record.hpp"

#include <algorithm>
#include <span>

namespace rochade::analysis {

void GameRecord::clear() {
  number = 0;
  ref = {};
  pos = {};
  raw_truncated = false;
  cut_off = false;
  arena_.clear();
  tag_count_.n = 0;
  tag_bits_ = 0;
  move_count_.n = 0;
  clocks_.clear();
  errors_.clear();
  result_ = {};
  raw_ = {};
  borrowed_ = nullptr;
  borrowed_size_ = 0;
}

void TextArena::grow(std::size_t need) {
  const std::size_t cap = std::max<std::size_t>({cap_ * 2, size_ + need, 1024});
  auto bigger = std::make_unique_for_overwrite<char[]>(cap);
  if (size_ > 0) std::memcpy(bigger.get(), buf_.get(), size_);
  buf_ = std::move(bigger);
  cap_ = cap;
}

TextRef GameRecord::store(std::string_view s) { return arena_.append(s); }

void GameRecord::add_move(const pgn::MoveToken& tok) {
  if (move_count_.n >= moves_.size()) moves_.resize(std::max<std::size_t>(256, moves_.size() * 2));
  std::size_t at = 0;
  const bool borrowed = in_borrowed(tok.san, at);
  if (!borrowed) at = arena_.append(tok.san).offset;
  moves_[move_count_.n++] = entry(tok, at, borrowed);
}

GameRecord& GameRecord::operator=(const GameRecord& o) {
  if (this == &o) return *this;
  number = o.number;
  ref = o.ref;
  pos = o.pos;
  raw_truncated = o.raw_truncated;
  cut_off = o.cut_off;
  arena_ = o.arena_;
  borrowed_ = o.borrowed_;
  borrowed_size_ = o.borrowed_size_;
  tags_.assign(o.tags_.begin(), o.tags_.begin() + static_cast<std::ptrdiff_t>(o.tag_count_.n));
  tag_count_ = o.tag_count_;
  tag_bits_ = o.tag_bits_;
  moves_.assign(o.moves_.begin(), o.moves_.begin() + static_cast<std::ptrdiff_t>(o.move_count_.n));
  move_count_ = o.move_count_;
  clocks_ = o.clocks_;
  errors_ = o.errors_;
  result_ = o.result_;
  raw_ = o.raw_;
  // What the original borrows (tags, moves, the game's text) is copied into this arena; text()
  // still reads the borrowed text while borrowed_ is set. Errors and the result are never
  // borrowed.
  for (Tag& t : tags_) t = tag_of(own(name_of(t)), own(value_of(t)));
  for (MoveEntry& m : moves_) {
    if (!m.san_borrowed) continue;
    m.san_offset = store({borrowed_ + m.san_offset, m.san_length}).offset;
    m.san_borrowed = false;
  }
  raw_ = own(raw_);
  borrowed_ = nullptr;
  borrowed_size_ = 0;
  return *this;
}

namespace {
// One of 64 bits for a tag name, the same in any ASCII case (see find_tag): from its length and
// its first and last bytes. A lookup of a name whose bit is not set needs no search.
std::uint64_t tag_bit(std::string_view name) {
  if (name.empty()) return 1;
  const auto first = static_cast<unsigned char>(name.front()) | 0x20u;
  const auto last = static_cast<unsigned char>(name.back()) | 0x20u;
  return std::uint64_t{1} << ((name.size() * 7 + first * 3 + last) & 63);
}
}  // namespace

void GameRecord::add_tag(std::string_view name, std::string_view value) {
  if (tag_count_.n == tags_.size()) tags_.resize(std::max(kTagRoom, 2 * tags_.size()));
  const TextRef n = keep(name);
  tags_[tag_count_.n++] = tag_of(n, keep(value));
  tag_bits_ |= tag_bit(name);
}

void GameRecord::count_tags(const Tag* next) {
  std::uint64_t bits = tag_bits_;
  for (Tag* t = tags_.data() + tag_count_.n; t != next; ++t) {
    bits |= tag_bit({borrowed_ + t->name_offset, t->name_length});
    t->name_length |= kBorrowed;
    t->value_length |= kBorrowed;
  }
  tag_bits_ = bits;
  tag_count_.n = static_cast<std::size_t>(next - tags_.data());
}

void GameRecord::add_error(const pgn::ParseError& err) {
  errors_.push_back({err.kind, store(err.message), err.pos});
}

namespace {
// Tag names are case-sensitive in the PGN standard, but real files write [fen "..."] and
// [white "..."]: an exact match wins, else one that differs only in ASCII case.
bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if ((a[i] | 0x20) != (b[i] | 0x20)) return false;
  return true;
}
}  // namespace

const GameRecord::Tag* GameRecord::find_tag(std::string_view name) const {
  if ((tag_bits_ & tag_bit(name)) == 0) return nullptr;  // most lookups of absent tags
  // The name as it is written, else the first in another case: one pass over the tags, where
  // only the names of the same length are compared.
  const Tag* other_case = nullptr;
  for (const Tag& t : std::span<const Tag>(tags_.data(), tag_count_.n)) {
    if ((t.name_length & ~kBorrowed) != name.size()) continue;
    const std::string_view n = text(name_of(t));
    if (n == name) return &t;
    if (other_case == nullptr && same_ignoring_case(n, name)) other_case = &t;
  }
  return other_case;
}

std::string_view GameRecord::tag(std::string_view name) const {
  const Tag* t = find_tag(name);
  return t ? text(value_of(*t)) : std::string_view();
}

bool GameRecord::has_tag(std::string_view name) const { return find_tag(name) != nullptr; }

pgn::Skip RecordBuilder::begin_game(const pgn::GameStart& g) {
  store_.next = nullptr;  // until move_store() is asked
  tag_store_.next = nullptr;
  record_.clear();
  record_.ref.input = input_;
  record_.number = g.number;
  record_.pos = g.pos;
  record_.borrow(borrowed_);
  clock_.reset();
  return pgn::Skip::no;
}

pgn::Skip RecordBuilder::tag(std::string_view name, std::string_view value) {
  count_stored();
  record_.add_tag(name, value);
  if (tag_store_.next != nullptr) {  // the tags may have moved: the store goes on after this one
    tag_store_.next = record_.next_tag_place();
    tag_store_.end = record_.tag_room_end();
  }
  return pgn::Skip::no;
}

pgn::TagStore* RecordBuilder::tag_store() {
  if (!record_.borrows()) return nullptr;  // the tags' text is copied: tag() does it
  const std::string_view text = record_.borrowed();
  record_.make_tag_room();
  tag_store_ = {record_.next_tag_place(), record_.tag_room_end(), text.data(), text.size()};
  return &tag_store_;
}

pgn::MoveStore* RecordBuilder::move_store() {
  if (!record_.borrows()) return nullptr;  // the moves' text is copied: move() does it
  const std::string_view text = record_.borrowed();
  store_ = {record_.next_move_place(), record_.move_room_end(kMaxPlies), text.data(), text.size(),
            record_.pos};
  return &store_;
}

pgn::Skip RecordBuilder::move(const pgn::MoveToken& tok) {
  count_stored();
  if (record_.move_count() < kMaxPlies) {
    record_.add_move(tok);
    if (store_.next != nullptr) {  // the moves may have moved: the store goes on after this one
      store_.next = record_.next_move_place();
      store_.end = record_.move_room_end(kMaxPlies);
    }
    return pgn::Skip::no;
  }
  record_.add_error({pgn::ErrorKind::token_too_long,
                     "a game of more than 1,000,000 plies: the moves after them are not read",
                     tok.pos});
  return pgn::Skip::yes;
}

pgn::Skip RecordBuilder::comment(std::string_view text, bool last) {
  count_stored();
  // A comment belongs to the move before it (the reader hands a move over before the comment
  // after it); one before the first move times nothing.
  const std::size_t moves = record_.move_count();
  if (moves == 0) return pgn::Skip::no;
  if (const auto millis = clock_.piece(text, last)) record_.set_clock(moves - 1, *millis);
  return pgn::Skip::no;
}

void RecordBuilder::result(std::string_view token) {
  count_stored();
  record_.set_result(token);
}

void RecordBuilder::error(const pgn::ParseError& err) {
  count_stored();
  record_.add_error(err);
}

void RecordBuilder::end_game(const pgn::GameEnd& end) {
  count_stored();
  if (!end.raw.empty()) record_.set_raw(end.raw);
  record_.raw_truncated = end.raw_truncated;
  sink_.game(record_);
}

void RecordBuilder::skipped(const pgn::ParseError& err) {
  sink_.skipped(static_cast<std::uint32_t>(input_), err);
}

}  // namespace rochade::analysis
