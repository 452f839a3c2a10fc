// The [%clk] comments (analysis/clock.hpp): what counts as a clock, what is passed over, and the
// clock of each move as the record builder keeps it, whatever pieces the reader hands a comment
// over in.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "analysis/clock.hpp"
#include "analysis/game_record.hpp"
#include "pgn/reader.hpp"

using namespace rochade;
using analysis::clock_millis;

TEST_CASE("clock_millis reads h:mm:ss and keeps decimals", "[clock]") {
  CHECK(clock_millis("[%clk 0:03:00]") == 180'000);
  CHECK(clock_millis(" [%clk 0:02:57.7] ") == 177'700);
  CHECK(clock_millis("[%clk 0:00:09.85]") == 9'850);
  CHECK(clock_millis("[%clk 0:00:09.123]") == 9'123);
  CHECK(clock_millis("[%clk 0:00:09.1239]") == 9'123);  // past milliseconds: dropped
  CHECK(clock_millis("[%clk 1:5:7]") == 3'907'000);
  CHECK(clock_millis("[%clk 71:59:59]") == 259'199'000);  // a daily game's clock
  CHECK(clock_millis("[%clk    0:01:00   ]") == 60'000);
  CHECK(clock_millis("[%clk\t0:01:00]") == 60'000);
  CHECK(clock_millis("[%clk 0:00:00]") == 0);
}

TEST_CASE("clock_millis passes over other commands and text", "[clock]") {
  CHECK(clock_millis("[%eval 0.17] [%clk 0:01:30]") == 90'000);
  CHECK(clock_millis("a blunder [%clk 0:01:30] [%emt 0:00:02]") == 90'000);
  CHECK(clock_millis("[%emt 0:00:02]") == std::nullopt);
  CHECK(clock_millis("") == std::nullopt);
  CHECK(clock_millis("just text") == std::nullopt);
  // malformed: no value, garbage, out of range, unclosed, negative, another command's name
  for (const char* bad :
       {"[%clk]", "[%clk ]", "[%clk abc]", "[%clk 0:60:00]", "[%clk 0:00:60]", "[%clk 0:01:00",
        "[%clk -0:01:00]", "[%clkx 0:01:00]", "[%clk 0:01]", "[%clk 0:01:00.]", "[%clk 0:01:00 x]",
        "[%clk 1234567:00:00]", "[%clk 0:001:00]", "[%clk 999999:00:00]"}) {
    INFO(bad);
    CHECK(clock_millis(bad) == std::nullopt);
  }
  // a malformed one, then a good one: the good one
  CHECK(clock_millis("[%clk x] [%clk 0:00:05]") == 5'000);
}

namespace {

// The clocks the builder keeps for each move of the first game, read with a reader buffer of
// `buffer` bytes (small buffers hand long comments over in pieces).
std::vector<std::optional<std::int32_t>> clocks(std::string_view pgn, std::size_t buffer,
                                                bool read = true) {
  struct Sink : analysis::RecordSink {
    std::vector<std::optional<std::int32_t>> out;
    void game(analysis::GameRecord& r) override {
      if (!out.empty()) return;
      for (std::size_t i = 0; i < r.move_count(); ++i) out.push_back(r.clock(i));
      if (out.empty()) out.push_back(std::nullopt);
    }
  } sink;
  pgn::MemorySource src(pgn);
  pgn::ReaderOptions opts;
  opts.buffer_size = buffer;
  pgn::Reader reader(src, opts);
  analysis::RecordBuilder builder(sink, analysis::RunInput{});
  builder.read_clocks(read);
  reader.read_all(builder);
  return sink.out;
}

}  // namespace

TEST_CASE("the builder keeps each move's clock, comments in pieces or whole", "[clock]") {
  const std::string long_text(300, 'x');
  const std::string pgn =
      "[Event \"e\"]\n\n{before the first move [%clk 9:00:00]} 1. e4 { [%eval 0.2] " + long_text +
      " [%clk 0:02:57.7] } 1... e5 {no clock} { [%clk 0:02:50] }"
      " 2. Nf3 {[%clk 0:02:40]} {[%clk 0:00:01]} 2... Nc6 3. Bb5 ; [%clk 0:01:00]\n"
      " 3... a6 (3... a5 {[%clk 0:00:07]}) 4. O-O 1-0\n";
  using C = std::optional<std::int32_t>;
  // The first clock after a move counts; a variation's comments time nothing of the main line.
  const std::vector<C> want{177'700, 170'000, 160'000, C{}, 60'000, C{}, C{}};
  for (std::size_t buffer : {1, 3, 7, 16, 64, 1 << 16}) {
    INFO("buffer " << buffer);
    CHECK(clocks(pgn, buffer) == want);
  }
  // Not asked for: no clock kept.
  CHECK(clocks(pgn, 1 << 16, false) == std::vector<C>(7, C{}));
}
