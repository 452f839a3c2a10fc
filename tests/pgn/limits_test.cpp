// Bounded memory: limits turn into errors, huge comments stream, nothing is allocated per game;
// and the fast paths (block classifier, token helpers) agree with their plain versions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <new>
#include <random>
#include <string>

#include "pgn/block_scan.hpp"
#include "pgn/char_class.hpp"
#include "pgn/reader.hpp"
#include "pgn/splitter.hpp"
#include "pgn/text_buffer.hpp"
#include "pgn/tokens.hpp"
#include "support/data.hpp"
#include "support/recorder.hpp"

using namespace rochade::pgn;
using namespace rochade::pgn::test;

namespace {

// A recorder that keeps no comments (wants_comments() false, as the replay's record builder).
class NoComments : public rochade::pgn::test::Recorder {
 public:
  bool wants_comments() const override { return false; }
};

// The lines a recorder writes for `text`, but those of comments.
std::string lines_but_comments(const std::string& text, const ReaderOptions& opts = {}) {
  std::string kept;
  for (const std::string& line : rochade::test::lines(record(text, opts)))
    if (line.rfind("comment ", 0) != 0) kept += line + "\n";
  return kept;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& line : lines) s += line + "\n";
  return s;
}

// Checks the comment pieces: their sizes, their total, and that the text is what was written.
class PieceChecker : public rochade::pgn::Visitor {
 public:
  Skip comment(std::string_view text, bool last) override {
    ++pieces;
    largest = std::max(largest, text.size());
    for (const char c : text) ok = ok && c == 'x';
    total += text.size();
    if (last) ++comments;
    return Skip::no;
  }
  Skip move(const MoveToken& m) override {
    moves.append(m.san).append(" ");
    return Skip::no;
  }
  std::size_t pieces = 0, largest = 0, total = 0, comments = 0;
  bool ok = true;
  std::string moves;
};

}  // namespace

TEST_CASE("a comment of megabytes streams through a small buffer", "[pgn][limits]") {
  const std::size_t size = 5 << 20;
  std::string text = "[Event \"big\"]\n\n1. e4 {";
  text.append(size, 'x').append("} e5 *\n1. d4 *\n");
  ReaderOptions opts;
  opts.buffer_size = 4096;
  MemorySource src(text);
  Reader reader(src, opts);
  PieceChecker v;
  CHECK(reader.read_all(v) == 2);
  CHECK(v.ok);
  CHECK(v.total == size);
  CHECK(v.comments == 1);
  CHECK(v.pieces > 100);
  CHECK(v.largest <= 4096 + 64 * 1024 + 512);  // the window, never the whole comment
  CHECK(v.moves == "e4 e5 d4 ");
}

TEST_CASE("an unclosed comment of megabytes ends at the next tag line", "[pgn][limits]") {
  std::string text = "1. e4 {";
  text.append(3 << 20, 'x').append("\n[Event \"next\"]\n1. d4 *\n");
  ReaderOptions opts;
  opts.buffer_size = 1000;
  MemorySource src(text);
  Reader reader(src, opts);
  Counter c;
  CHECK(reader.read_all(c) == 2);
  CHECK(c.errors == 1);
  CHECK(c.moves == 2);
}

TEST_CASE("limits turn into errors and the game goes on", "[pgn][limits]") {
  ReaderOptions opts;
  opts.max_token = 8;
  opts.max_tag_name = 5;
  opts.max_tag_value = 10;
  opts.max_depth = 2;
  const std::string text =
      "[Event \"0123456789\"]\n[Site \"01234567890\"]\n[Longer \"x\"]\n[Round \"1\"]\n\n"
      "1. e4 Nbxd2xxxxx e5 (1. d4 (1. c4 (1. g3) (1. b3)) d5) *\n";
  for (std::size_t size : {1, 3, 1 << 16}) {
    opts.buffer_size = size;
    CHECK(record(text, opts, no_positions()) ==
          "game 1\ntag Event \"0123456789\"\n"
          "error token_too_long tag value longer than the limit\n"
          "error token_too_long tag name longer than the limit\n"
          "tag Round \"1\"\nend_tags\nmove 1. e4\n"
          "error token_too_long a token longer than the limit\n"
          "move e5\n(\nmove 1. d4\n(\nmove 1. c4\n"
          "error too_deep variations nested deeper than the limit\n"
          "error too_deep variations nested deeper than the limit\n"
          ")\nmove d5\n)\nresult *\nend_game 1 * had_errors\n");
  }
}

TEST_CASE("the errors of a game are capped but not the reading", "[pgn][limits]") {
  std::string text = "1. e4";
  for (int i = 0; i < 1000; ++i) text += " <";
  text += " e5 *";
  ReaderOptions opts;
  opts.max_errors = 10;
  MemorySource src(text);
  Reader reader(src, opts);
  Counter c;
  CHECK(reader.read_all(c) == 1);
  CHECK(c.errors == 10);
  CHECK(c.moves == 2);
}

TEST_CASE("deep nesting costs no memory when skipped", "[pgn][limits]") {
  std::string text = "1. e4 ";
  text.append(1 << 20, '(').append(1 << 20, ')').append(" e5 *");
  RecorderOptions r = no_positions();
  r.visit_variations = false;
  CHECK(record(text, {}, r) == "game 1\nend_tags\nmove 1. e4\nmove e5\nresult *\nend_game 1 *\n");
}

TEST_CASE("NUL bytes and binary garbage neither crash nor hang", "[pgn][limits]") {
  std::string text(1 << 16, '\0');
  text += "\n[Event \"after\"]\n1. e4 *\n";
  for (int i = 0; i < 5000; ++i) text += static_cast<char>((i * 7919) % 251);
  text += "\n[Event \"last\"]\n1. d4 *\n";
  for (std::size_t size : {1, 7, 1 << 16}) {
    ReaderOptions opts;
    opts.buffer_size = size;
    MemorySource src(text);
    Reader reader(src, opts);
    Counter c;
    reader.read_all(c);
    CHECK(c.games == c.ended);
    CHECK(c.moves >= 2);
  }
}

TEST_CASE("raw capture is bounded by max_raw", "[pgn][limits]") {
  ReaderOptions opts;
  opts.capture_raw = true;
  opts.max_raw = 40;
  opts.buffer_size = 7;
  const std::string text =
      "[Event \"short\"]\n1. e4 *\n[Event \"long\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
  CHECK(record(text, opts, no_positions()) ==
        "game 1\ntag Event \"short\"\nend_tags\nmove 1. e4\nresult *\nend_game 1 *\n"
        "game 2\ntag Event \"long\"\nend_tags\nmove 1. e4\nmove e5\nmove 2. Nf3\nmove Nc6\nmove 3. "
        "Bb5\nmove a6\n"
        "result *\nend_game 2 * raw_truncated\n");
}

TEST_CASE("the block classifiers agree with the byte table", "[pgn][scan]") {
  using namespace rochade::pgn::detail;
  alignas(64) char block[64 + kScanPadding] = {};
  for (int round = 0; round < 8; ++round) {
    for (int i = 0; i < 64; ++i)
      block[i] = static_cast<char>((round * 64 + i) & 0xFF);  // all 256 bytes
    const BlockMasks ref = classify_block_scalar(block);
    const BlockMasks sse = classify_block_sse2(block);
    const BlockMasks best = select_classifier()(block);
    CHECK(sse.word == ref.word);
    CHECK(sse.space == ref.space);
    CHECK(sse.newline == ref.newline);
    CHECK(best.word == ref.word);
    CHECK(best.space == ref.space);
    CHECK(best.newline == ref.newline);
    for (const BlockMasks& m : {sse, best}) {
      CHECK(m.open == ref.open);
      CHECK(m.close == ref.close);
    }
    CHECK(ref.open == (round % 4 == 1 ? std::uint64_t{1} << ('{' - 64) : 0));
    CHECK(ref.close == (round % 4 == 1 ? std::uint64_t{1} << ('}' - 64) : 0));
    if (cpu_has_avx2()) CHECK(classify_block_avx2(block).word == ref.word);
  }
  for (int c = 0; c < 256; ++c) {
    char s[1 + kScanPadding] = {static_cast<char>(c)};
    const bool word = (kBytes.flags[static_cast<std::size_t>(c)] & kWordChar) != 0;
    CHECK((word_end(s) == s + 1) == word);
    CHECK((find_value_stop(s) == s) ==
          ((kBytes.flags[static_cast<std::size_t>(c)] & kValueStop) != 0));
    CHECK((name_end(s) == s + 1) == ((kBytes.flags[static_cast<std::size_t>(c)] & kNameChar) != 0));
  }
}

TEST_CASE("the line-end counters agree with a byte count", "[pgn][scan]") {
  using namespace rochade::pgn::detail;
  // Random text of every density of line ends, at every alignment and length up to 300, and
  // long runs (whole 64-byte blocks, then a tail).
  std::mt19937 rng(2026);
  std::string text(200'000, ' ');
  for (int density : {0, 1, 8, 64, 255}) {
    for (char& c : text)
      c = static_cast<int>(rng() % 256) < density ? '\n' : static_cast<char>(rng() % 256);
    for (std::size_t at = 0; at < 64; ++at) {
      for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{63}, std::size_t{64},
                            std::size_t{65}, std::size_t{127}, std::size_t{128},
                            std::size_t{129} + at * 2, std::size_t{300}, text.size() - at}) {
        const std::string_view part(text.data() + at, n);
        const auto want = static_cast<std::uint64_t>(std::count(part.begin(), part.end(), '\n'));
        INFO("density " << density << ", at " << at << ", length " << n);
        CHECK(count_newlines_portable(part.data(), part.size()) == want);
        if (cpu_has_avx2()) CHECK(count_newlines_avx2(part.data(), part.size()) == want);
        CHECK(rochade::pgn::count_line_ends(part) == want);
      }
    }
  }
}

TEST_CASE("token helpers", "[pgn][scan]") {
  using namespace rochade::pgn::detail;
  auto result = [](std::string_view s) { return is_result(s.data(), s.size()); };
  CHECK(result("1-0"));
  CHECK(result("0-1"));
  CHECK(result("1/2-1/2"));
  CHECK(result("*"));
  CHECK(result("\xC2\xBD-\xC2\xBD"));
  CHECK(result("\xBD-\xBD"));
  CHECK_FALSE(result("0-0"));
  CHECK_FALSE(result("1-1"));
  CHECK(result("1/2"));  // the draw of old databases (CURIO.PGN, FANT100.PGN)
  CHECK_FALSE(result("1/4"));
  auto nag = [](std::string_view s) { return annotation_nag(s.data(), s.size()); };
  CHECK(nag("!") == 1);
  CHECK(nag("?!") == 6);
  CHECK(nag("+-") == 18);
  CHECK(nag("\xE2\x88\x9E") == 13);
  CHECK(nag("+") == 0);
}

// The allocation count needs operator new replaced, which the address sanitizer does itself.
#if defined(__SANITIZE_ADDRESS__)
#define ROCHADE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ROCHADE_ASAN 1
#endif
#endif
#if !defined(ROCHADE_ASAN)
#define ROCHADE_COUNT_ALLOCATIONS 1
#endif

#if defined(ROCHADE_COUNT_ALLOCATIONS)
namespace {
std::size_t g_allocations = 0;  // test-only counter for the replaced operator new
}  // namespace
void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

TEST_CASE("no allocation per game or per token in the steady state", "[pgn][limits]") {
  std::string games;
  for (int i = 0; i < 2000; ++i) {
    games +=
        "[Event \"e\"]\n[Site \"s \\\"quoted\\\"\"]\n\n1. e4 {c} e5 (1... c5 $1) 2. Nf3 ; x\n2... "
        "Nc6 ";
    if (i % 300 != 0) games.append("{").append(static_cast<std::size_t>(i % 300), 'y').append("} ");
    games += "1-0\n\n";
  }
  ReaderOptions opts;
  opts.capture_raw = true;
  opts.buffer_size = 512;  // games straddle refills: raw capture copies some
  MemorySource src(games);
  Reader reader(src, opts);
  Counter c;
  for (int i = 0; i < 400; ++i) reader.read_game(c);  // warm up: buffers reach their size
  const std::size_t before = g_allocations;
  while (reader.read_game(c)) {
  }
  CHECK(c.games == 2000);
  CHECK(g_allocations == before);
}
#endif

// The movetext scan passes a comment that closes on its line within its 64-byte block or the
// next without leaving the scan; any other comment goes the long way. With a buffer of one byte
// every comment goes the long way: the events must be the same, wherever the blocks fall.
TEST_CASE("comments read the same on the block scan's short way and the long way", "[pgn][scan]") {
  const std::string game =
      "1. e4 { [%clk 0:03:00] } 1... e5 {a\nb} 2. Nf3 {} {x}{y} 2... Nc6 { a { b } "
      "3. Bb5 {" +
      std::string(70, 'c') + "} a6 {[%eval 0.3] [%clk 0:02:58]}\n4. Ba4 { last }";
  for (std::size_t pad = 0; pad < 130; ++pad) {
    const std::string text = "[Event \"x\"]\n\n" + std::string(pad, ' ') + game +
                             (pad % 2 == 0 ? " *\n" : "");  // and ending at the text's end
    ReaderOptions one_byte;
    one_byte.buffer_size = 1;
    const std::string fast = record(text), slow = record(text, one_byte);
    INFO("pad " << pad << ": " << first_difference(slow, fast));
    CHECK(fast == slow);
    CHECK(fast.find("comment \" [%clk 0:03:00] \"") != std::string::npos);
  }
}

// A visitor that keeps no comments (wants_comments() false, as the replay's record builder) gets
// every other event as one that does, in the same order, with either way of reading comments.
TEST_CASE("a visitor that wants no comments gets the same other events", "[pgn][scan]") {
  const std::string text =
      "[Event \"x\"]\n\n1. e4 { [%clk 0:03:00] } $1 1... e5 {a\nb} 2. Nf3 {} {x} 2... Nc6 "
      "(2... d6 {in a variation} 3. d4) 3. Bb5 {" +
      std::string(300, 'c') +
      "} a6 1-0\n"
      "[Event \"y\"]\n\n{only a comment} 1. d4 {unclosed\n[Event \"z\"]\n\n1. c4 *\n";
  for (const std::size_t size : {std::size_t{1}, std::size_t{7}, ReaderOptions{}.buffer_size}) {
    ReaderOptions opts;
    opts.buffer_size = size;
    const std::string expected = lines_but_comments(text, opts);
    MemorySource src(text);
    Reader reader(src, opts);
    NoComments visitor;
    reader.read_all(visitor);
    const std::string got = joined(visitor.lines);
    INFO("buffer " << size << ": " << first_difference(expected, got));
    CHECK(got == expected);
    CHECK(expected.find("move 1. e4") != std::string::npos);
  }
}

// The same over real games with clock comments, read from a source and in place (as the workers
// read their pieces): the comments passed without a call leave moves, their numbers, lines and
// byte offsets, and everything else as they are.
TEST_CASE("real clock comments that are not wanted leave every other event as it is",
          "[pgn][scan]") {
  std::size_t clocks = 0;
  for (const auto& path :
       rochade::test::files_under(rochade::test::data_dir() / "lichess", ".pgn")) {
    const std::string text = rochade::test::read_file(path);
    for (auto at = text.find("[%clk"); at != std::string::npos; at = text.find("[%clk", at + 1))
      ++clocks;
    const std::string expected = lines_but_comments(text);
    MemorySource src(text);
    Reader streamed(src, ReaderOptions{});
    NoComments a;
    streamed.read_all(a);
    rochade::pgn::TextBuffer buffer;
    buffer.assign(text);
    Reader in_place;
    in_place.restart_in_place(buffer, ReaderOptions{});
    NoComments b;
    in_place.read_all(b);
    INFO(path.string());
    CHECK(joined(a.lines) == expected);
    CHECK(joined(b.lines) == expected);
    CHECK(a.violations == 0);
  }
  CHECK(clocks > 1000);  // the fast path was taken, many times
}
