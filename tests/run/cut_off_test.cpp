// The game an input's failed reading cuts (GameRecord::cut_off, GameStatus::cut_off): the last
// game of that input, found alike when the input is cut into pieces and when it is read as one
// stream (nowhere to cut: each game is held back until the next one comes), for every thread
// count, piece size and batch size; and no game of an input read to its end.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "pgn/reader.hpp"
#include "run/pipeline.hpp"
#include "support/input_source.hpp"
#include "support/pipeline.hpp"

namespace fs = std::filesystem;
using namespace rochade;

namespace {

std::string game_line(const analysis::GameRecord& r, const analysis::GameAnalysis& a) {
  return std::to_string(analysis::index_of(r.ref.input)) + "#" + std::to_string(r.number) + " @" +
         std::to_string(r.pos.line) + " plies=" + std::to_string(a.plies) +
         (a.status == analysis::GameStatus::cut_off ? " cut_off" : "") + "\n";
}

std::string piped(const std::vector<io::InputSpec>& specs, int threads, std::size_t chunk,
                  std::size_t max_chunk, std::size_t batch_games) {
  run::PipelineOptions o;
  o.numbers_during_run = true;  // the descriptions name each game by its number
  o.threads = threads;
  o.chunk_bytes = chunk;
  o.max_chunk_bytes = max_chunk;
  o.batch_games = batch_games;
  std::string text;
  const auto sums = test::run_into<test::LineWriter>(text, specs, o, {}, &game_line).inputs;
  for (const auto& s : sums)
    text += "input " + std::to_string(s.games) + " " + std::string(s.error_text()) + "\n";
  return text;
}

// The games a plain reader finds in one input: how many, and the last one's line and result.
struct Last : analysis::RecordSink {
  void game(analysis::GameRecord& r) override {
    ++games;
    line = r.pos.line;
    result = std::string(r.result());
  }
  std::uint64_t games = 0, line = 0;
  std::string result;
};

Last read_plainly(const std::string& path) {
  Last last;
  auto in = io::Input::open(path);
  test::InputSource src(*in);
  pgn::Reader reader(src);
  analysis::RecordBuilder builder(last, analysis::RunInput{});
  while (reader.read_game(builder)) {
  }
  return last;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("cut off: the last game of a cut input, in pieces and as a stream, for any -j",
          "[run][cut_off]") {
  const fs::path dir = fs::temp_directory_path() / ("rochade-cut-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string sample = std::string(ROCHADE_SOURCE_DIR) + "/data/sample.pgn.zst";
  const std::string cut = (dir / "cut.pgn.zst").string();
  fs::copy_file(sample, cut, fs::copy_options::overwrite_existing);
  fs::resize_file(cut, fs::file_size(cut) / 2);
  const Last last = read_plainly(cut);
  REQUIRE(last.games > 100);
  REQUIRE(last.result.empty());  // the cut falls inside a game: the premise of the test
  const std::string game = "1#" + std::to_string(last.games) + " @" + std::to_string(last.line);
  const std::string named = "input " + std::to_string(last.games) + " " + "unexpected end of file";
  const std::string says = "; the last game (game " + std::to_string(last.games) + ", from line " +
                           std::to_string(last.line) + ") is cut off by it and not replayed\n";

  const auto specs = io::file_specs({sample, cut, sample});
  const std::string one = piped(specs, 1, 64 * 1024, 16 << 20, 256);
  CHECK(count(one, "cut_off") == 1);
  CHECK(one.find(game + " plies=0 cut_off\n") != std::string::npos);
  CHECK(one.find(named) != std::string::npos);
  CHECK(one.find(says) != std::string::npos);
  CHECK(one.find("\n1#" + std::to_string(last.games + 1) + " ") == std::string::npos);
  struct Shape {
    std::size_t chunk, max_chunk, batch_games;
  };
  // Pieces of 64 KiB and of 3,000 bytes; then streams (a piece may not grow past its first
  // 8 KiB) in batches of 1, 7 and 256 games.
  for (const Shape& s : {Shape{64 * 1024, 16 << 20, 256}, Shape{3000, 16 << 20, 256},
                         Shape{8192, 1, 1}, Shape{8192, 1, 7}, Shape{8192, 1, 256}})
    for (int threads : {1, 2, 3}) {
      INFO(threads << " threads, pieces of " << s.chunk << ", at most " << s.max_chunk
                   << ", batches of " << s.batch_games);
      CHECK(piped(specs, threads, s.chunk, s.max_chunk, s.batch_games) == one);
    }
  fs::remove_all(dir);
}
