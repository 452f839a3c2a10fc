// Fuzz target "reader": the streaming PGN reader over any bytes, with every option.
//
// Input: two option bytes, then the text. Each input is read three times:
//  1. with a small buffer (1 to 4096 bytes) by a visitor that touches every byte of every view it
//     is given, asks token_pos() in every callback and collects each game's start and raw text:
//     each raw text must be the input's bytes at the game's start;
//  2. and 3. by the event recorder of tests/support (which checks the visitor contract), once
//     with a 16 KiB buffer and once with the small one: the events must be the same line for line.
// Options: capture_raw, variations visited or not, Skip::yes at the n-th event, and small limits
// (token, tag name, tag value, depth, errors, max_raw).
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_targets.hpp"
#include "pgn/reader.hpp"
#include "support/recorder.hpp"

using rochade::fuzz::check;
using rochade::fuzz::fail;
namespace pgn = rochade::pgn;

namespace {

constexpr std::size_t kSmallBuffers[] = {1, 2, 3, 5, 7, 13, 64, 4096};

// Reads every byte of every view (ASan reports a view into freed or stale memory).
class Toucher : public pgn::Visitor {
 public:
  Toucher(std::size_t text_size, bool variations, std::uint64_t skip_at)
      : text_size_(text_size), variations_(variations), skip_at_(skip_at) {}
  void attach(const pgn::Reader& reader) { reader_ = &reader; }

  pgn::Skip begin_game(const pgn::GameStart& g) override {
    starts.push_back(g.pos.byte);
    events_ = 0;
    at(g.pos);
    return event();
  }
  pgn::Skip tag(std::string_view name, std::string_view value) override {
    touch(name);
    touch(value);
    return event();
  }
  pgn::Skip end_tags() override { return event(); }
  pgn::Skip move(const pgn::MoveToken& m) override {
    touch(m.san);
    check(!m.san.empty(), "empty move token");
    check(m.nags.size() <= 8, "more than 8 NAGs kept");
    for (const std::uint16_t n : m.nags) sum_ += n;
    at(m.pos);
    return event();
  }
  pgn::Skip comment(std::string_view text, bool last) override {
    touch(text);
    return last ? event() : pgn::Skip::no;
  }
  bool begin_variation() override {
    event();
    return variations_;
  }
  void end_variation() override { event(); }
  void result(std::string_view token) override {
    touch(token);
    event();
  }
  void error(const pgn::ParseError& e) override {
    touch(e.message);
    check(!pgn::error_kind_name(e.kind).empty(), "error kind without a name");
    at(e.pos);
  }
  void end_game(const pgn::GameEnd& g) override {
    touch(g.result);
    touch(g.raw);
    raws.emplace_back(g.raw);
    truncated.push_back(g.raw_truncated);
    here();
  }
  void skipped(const pgn::ParseError& e) override {
    touch(e.message);
    at(e.pos);
  }

  std::vector<std::uint64_t> starts;
  std::vector<std::string> raws;
  std::vector<bool> truncated;
  unsigned sum() const { return sum_; }

 private:
  void touch(std::string_view s) {
    for (const char c : s) sum_ += static_cast<unsigned char>(c);
    here();
  }
  void at(const pgn::TextPos& p) {
    check(p.line >= 1, "a position on line 0");
    check(p.byte <= text_size_, "a position past the end of the input");
  }
  void here() {
    if (reader_ != nullptr) at(reader_->token_pos());
  }
  pgn::Skip event() {
    here();
    return (skip_at_ != 0 && ++events_ >= skip_at_) ? pgn::Skip::yes : pgn::Skip::no;
  }

  const pgn::Reader* reader_ = nullptr;
  std::size_t text_size_;
  bool variations_;
  std::uint64_t skip_at_;
  std::uint64_t events_ = 0;
  unsigned sum_ = 0;
};

pgn::ReaderOptions options(std::uint8_t a, std::uint8_t b) {
  pgn::ReaderOptions o;
  o.capture_raw = (a & 1) != 0;
  if ((a & 8) != 0) {  // small limits, each at least 1
    o.max_token = 1 + (b & 15);
    o.max_tag_name = 1 + (b >> 4);
    o.max_tag_value = 1 + (b & 31);
    o.max_depth = 1 + (b & 3);
    o.max_errors = b & 7;
    o.max_raw = (b & 64) != 0 ? 0 : 1 + (b & 63);
  }
  return o;
}

// The recorder's lines, one per event; fails where the visitor contract is broken.
std::string events(std::string_view text, const pgn::ReaderOptions& opts,
                   const pgn::test::RecorderOptions& ro) {
  pgn::MemorySource src(text);
  pgn::Reader reader(src, opts);
  pgn::test::Recorder rec(ro);
  reader.read_all(rec);
  std::string out;
  for (const auto& line : rec.lines) out.append(line).push_back('\n');
  if (rec.violations != 0) {
    for (const auto& line : rec.lines)
      if (line.starts_with("VIOLATION ")) fail("visitor contract broken: " + line);
  }
  return out;
}

}  // namespace

int fuzz_reader(const std::uint8_t* data, std::size_t size) {
  rochade::fuzz::Bytes in(data, size);
  const std::uint8_t a = in.take(), b = in.take();
  const std::string_view text = in.rest();
  const bool variations = (a & 2) != 0;
  const std::uint64_t skip_at = (a & 4) != 0 ? 1 + (b & 7) : 0;
  pgn::ReaderOptions small = options(a, b);
  small.buffer_size = kSmallBuffers[(a >> 4) & 7];

  // 1. every view touched, raw texts where they belong
  {
    pgn::MemorySource src(text);
    pgn::Reader reader(src, small);
    Toucher t(text.size(), variations, skip_at);
    t.attach(reader);
    std::uint64_t games = 0;
    while (reader.read_game(t)) {
      check(reader.games_read() == ++games, "games_read() does not count the games");
      check(games <= text.size(), "more games than bytes");
    }
    check(t.starts.size() == games && t.raws.size() == games, "begin_game/end_game count");
    if (small.capture_raw) {
      std::uint64_t end = 0;
      for (std::size_t i = 0; i < games; ++i) {
        const std::string& raw = t.raws[i];
        check(t.starts[i] >= end, "games overlap");
        if (t.truncated[i]) {
          check(raw.empty(), "a truncated raw text that is not empty");
          check(small.max_raw < text.size(), "raw_truncated for a game shorter than max_raw");
          continue;
        }
        check(t.starts[i] + raw.size() <= text.size(), "a raw text past the end of the input");
        check(text.substr(t.starts[i], raw.size()) == raw, "a raw text unlike the input there");
        end = t.starts[i] + raw.size();
      }
    }
  }

  // 2. and 3. the events do not depend on the buffer size, and keep the contract
  pgn::test::RecorderOptions rec;
  rec.visit_variations = variations;
  rec.skip_at = skip_at;
  pgn::ReaderOptions whole = small;
  whole.buffer_size = 1 << 14;  // more than the fuzzer's inputs (-max_len): no refill
  const std::string base = events(text, whole, rec);
  const std::string again = events(text, small, rec);
  if (base != again) {
    fail("events differ with a buffer of " + std::to_string(small.buffer_size) +
         " bytes: " + pgn::test::first_difference(base, again));
  }
  return 0;
}
