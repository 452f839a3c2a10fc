// The pipeline against a plain loop (one Reader over each whole input, RecordBuilder, Replayer):
// the same games with the same numbers, positions, moves, raw text and replay results, and the
// same skipped-text reports in the same order, for every thread count and piece size. Pieces of
// one byte cut at every game start the splitter allows.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "pgn/reader.hpp"
#include "run/pipeline.hpp"
#include "run/progress.hpp"
#include "support/data.hpp"
#include "support/input_source.hpp"
#include "support/pipeline.hpp"

namespace fs = std::filesystem;
using namespace rochade;

namespace {

std::string describe(const analysis::GameRecord& r, const analysis::GameAnalysis& a) {
  std::string s = std::to_string(analysis::index_of(r.ref.input)) + "#" + std::to_string(r.number) +
                  " @" + std::to_string(r.pos.line) + ":" + std::to_string(r.pos.byte);
  for (std::size_t i = 0; i < r.tag_count(); ++i)
    s.append(" [").append(r.tag_name(i)).append("=").append(r.tag_value(i)).append("]");
  for (std::size_t i = 0; i < r.move_count(); ++i)
    s.append(" ").append(r.san(i)).append("/").append(std::to_string(r.move_line(i)));
  s.append(" result=").append(r.result());
  s.append(" errors=").append(std::to_string(r.errors().size()));
  s.append(" raw=").append(std::to_string(std::hash<std::string_view>{}(r.raw())));
  s.append(" status=").append(std::to_string(static_cast<int>(a.status)));
  s.append(" plies=").append(std::to_string(a.plies));
  for (const auto& f : a.findings) s.append(" {").append(f.message).append("}");
  return s;
}

// Writes the games numbered a multiple of `every` (1: all of them): with more, most batches have
// nothing to write, and the writer gives those back before their turn.
class Lines : public analysis::GameConsumer {
 public:
  explicit Lines(std::uint64_t every = 1) : every_(every) {}
  void game(const analysis::GameRecord& r, const analysis::GameAnalysis& a,
            std::string& out) override {
    if (r.number % every_ == 0) out.append(describe(r, a)).push_back('\n');
  }

 private:
  std::uint64_t every_;
};

// The reference: no pipeline, no pieces, no threads.
class Direct : public analysis::RecordSink {
 public:
  void game(analysis::GameRecord& r) override {
    if (max != 0 && games >= max) return;
    ++games;
    replayer.run(r, analysis);
    if (r.number % every == 0) text.append(describe(r, analysis)).push_back('\n');
  }
  void skipped(std::uint32_t input, const pgn::ParseError& e) override {
    if (max != 0 && games >= max) return;  // not read with --max-games
    skips.append("skipped " + std::to_string(input) + " @" + std::to_string(e.pos.line) + " " +
                 std::string(e.message) + "\n");
  }
  std::uint64_t max = 0, games = 0, every = 1;
  std::string text, skips;  // skipped text is reported on its own (stderr), in order
  analysis::Replayer replayer;
  analysis::GameAnalysis analysis;
};

std::string direct(const std::vector<io::InputSpec>& paths, std::uint64_t max_games,
                   std::uint64_t every = 1) {
  Direct d;
  d.max = max_games;
  d.every = every;
  pgn::ReaderOptions ro;
  ro.capture_raw = true;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    auto in = io::Input::open(paths[i].path);
    test::InputSource src(*in);
    pgn::Reader reader(src, ro);
    analysis::RecordBuilder builder(d, analysis::RunInput(i));
    while (reader.read_game(builder)) {
    }
  }
  return d.text + d.skips;
}

std::string piped(const std::vector<io::InputSpec>& paths, int threads, std::size_t chunk,
                  std::uint64_t max_games, int decoders = 0, std::size_t max_chunk = 16 << 20,
                  std::size_t batch_games = 256, int cores = 0, std::uint64_t every = 1,
                  std::uint64_t* games_done = nullptr) {
  run::PipelineOptions o;
  o.numbers_during_run = true;  // the descriptions name each game by its number
  o.threads = threads;
  o.decoders = decoders;
  o.cores = cores;
  o.chunk_bytes = chunk;
  o.max_chunk_bytes = max_chunk;
  o.batch_games = batch_games;
  o.capture_raw = true;
  o.max_games = max_games;
  std::string text, skips;
  test::Events events;
  run::Progress progress(false, 0);  // counts, draws nothing
  o.progress = &progress;
  events.on_skipped = [&](const run::InputEvent& e) {
    skips.append("skipped " + std::to_string(e.input) + " @" + std::to_string(e.error.pos.line) +
                 " " + std::string(e.error.message) + "\n");
  };
  const auto sums = test::run_into<Lines>(text, paths, o, events, every).inputs;
  text += skips;
  if (games_done != nullptr) *games_done = progress.games.load();
  for (const auto& s : sums)
    text.append("input " + s.path + " " + std::to_string(s.games) + " " +
                std::string(s.error_text()) + "\n");
  return text;
}

// "" when equal, else the first line where they differ.
std::string diff(const std::string& a, const std::string& b) {
  std::size_t i = 0, line = 1;
  while (i < a.size() && i < b.size() && a[i] == b[i]) {
    if (a[i] == '\n') ++line;
    ++i;
  }
  if (i == a.size() && i == b.size()) return "";
  const auto excerpt = [&](const std::string& s) {
    const std::size_t from = s.rfind('\n', i == 0 ? 0 : i - 1);
    const std::size_t start = from == std::string::npos ? 0 : from + 1;
    return s.substr(start, std::min<std::size_t>(300, s.find('\n', i) - start));
  };
  return "line " + std::to_string(line) + ":\n  " + excerpt(a) + "\n  " + excerpt(b);
}

std::vector<io::InputSpec> inputs() {
  // The sample of the test corpus kept in the repository (tests/data, the corpus's layout).
  const fs::path corpus = fs::path(ROCHADE_SOURCE_DIR) / "tests" / "data";
  return io::expand_inputs({(corpus / "historical").string(),
                            (corpus / "edge" / "chessops").string(),
                            (corpus / "edge" / "pgn-extract").string(),
                            (corpus / "edge" / "dhtmlchess").string()})
      .specs;
}

}  // namespace

TEST_CASE("pipeline: the games of a plain loop, for any thread count and piece size",
          "[analysis][pipeline]") {
  const auto paths = inputs();
  REQUIRE(paths.size() > 20);
  const std::string want = direct(paths, 0);
  REQUIRE(want.size() > 100000);
  for (std::size_t chunk : {std::size_t{1}, std::size_t{3000}, std::size_t{64 * 1024}}) {
    const std::string one = piped(paths, 1, chunk, 0);
    // The summaries come last; the games before them are the plain loop's.
    CHECK(diff(one.substr(0, want.size()), want) == "");
    for (int threads : {2, 3, 8}) {
      INFO("chunk " << chunk << ", " << threads << " threads");
      CHECK(diff(piped(paths, threads, chunk, 0), one) == "");
    }
    // several inputs decoded at once, each on its own thread
    for (int threads : {1, 4}) {
      INFO("chunk " << chunk << ", " << threads << " threads, 3 inputs decoded at once");
      CHECK(diff(piped(paths, threads, chunk, 0, 3), one) == "");
    }
  }
}

TEST_CASE("pipeline: --max-games stops at the same game for any thread count",
          "[analysis][pipeline]") {
  const auto paths = inputs();
  for (std::uint64_t max : {1, 77, 1000}) {
    const std::string want = direct(paths, max);
    const std::string one = piped(paths, 1, 1, max);
    CHECK(diff(one.substr(0, want.size()), want) == "");
    CHECK(one.find("not read (stopped early)") != std::string::npos);
    for (int threads : {2, 8}) {
      for (std::size_t chunk : {std::size_t{1}, std::size_t{64 * 1024}}) {
        INFO(max << " games, chunk " << chunk << ", " << threads << " threads");
        CHECK(diff(piped(paths, threads, chunk, max), one) == "");
        CHECK(diff(piped(paths, threads, chunk, max, 4), one) == "");
      }
    }
  }
}

TEST_CASE("pipeline: text with nowhere to cut is read as a stream, the same for any thread count",
          "[analysis][pipeline]") {
  // A piece may not grow past its first 8 KiB (max_chunk 1 < chunk): every input longer than
  // that finds no cut in time, and the rest of it is read as one stream, in batches of a few
  // games, by whichever worker asks.
  const auto paths = inputs();
  const std::string want = direct(paths, 0);
  for (std::size_t batch_games : {std::size_t{1}, std::size_t{7}}) {
    const std::string one = piped(paths, 1, 8192, 0, 0, 1, batch_games);
    CHECK(diff(one.substr(0, want.size()), want) == "");
    for (int threads : {2, 3}) {
      INFO(threads << " threads, batches of " << batch_games << " games");
      CHECK(diff(piped(paths, threads, 8192, 0, 0, 1, batch_games), one) == "");
      CHECK(diff(piped(paths, threads, 8192, 0, 3, 1, batch_games), one) == "");
    }
  }
  for (std::uint64_t max : {1, 77}) {
    const std::string want_max = direct(paths, max);
    const std::string one = piped(paths, 1, 8192, max, 0, 1, 7);
    CHECK(diff(one.substr(0, want_max.size()), want_max) == "");
    INFO(max << " games");
    CHECK(diff(piped(paths, 3, 8192, max, 0, 1, 7), one) == "");
  }
}

TEST_CASE("pipeline: a damaged archive reads the same when decoded ahead", "[analysis][pipeline]") {
  // data/sample.pgn.zst cut in the middle, between two good inputs.
  const fs::path dir = fs::temp_directory_path() / ("rochade-pipe-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string sample = std::string(ROCHADE_SOURCE_DIR) + "/data/sample.pgn.zst";
  const std::string cut = (dir / "cut.pgn.zst").string();
  fs::copy_file(sample, cut, fs::copy_options::overwrite_existing);
  fs::resize_file(cut, fs::file_size(cut) / 2);
  const auto paths = io::file_specs({sample, cut, sample});
  const std::string one = piped(paths, 1, 64 * 1024, 0);
  CHECK(one.find("at byte") != std::string::npos);
  for (int threads : {1, 3})
    for (int decoders : {2, 3}) {
      INFO(threads << " threads, " << decoders << " inputs decoded at once");
      CHECK(diff(piped(paths, threads, 64 * 1024, 0, decoders), one) == "");
    }
  // A worker on every core: the workers decode each input once it is the current one (its thread
  // hands over), or with more cores, its own thread decodes it to the end.
  for (int threads : {2, 3})
    for (int cores : {threads, 64})
      for (int decoders : {0, 3})
        for (std::size_t chunk : {std::size_t{3000}, std::size_t{64 * 1024}}) {
          INFO(threads << " threads on " << cores << " cores, " << decoders << " decoders, chunk "
                       << chunk);
          CHECK(diff(piped(paths, threads, chunk, 0, decoders, 16 << 20, 256, cores), one) == "");
        }
  // Stopped by --max-games long before the damage: the damage is not reported, however far
  // decoding ahead got (the archive is decoded on its own thread at any -j).
  for (int threads : {1, 3})
    for (int decoders : {0, 2}) {
      INFO(threads << " threads, " << decoders << " decoders, --max-games 1");
      const int cores = threads;  // with 3 threads, the workers decode
      const std::string first =
          piped(io::file_specs({cut}), threads, 64 * 1024, 1, decoders, 16 << 20, 256, cores);
      CHECK(first.find("at byte") == std::string::npos);
      CHECK(first.find("input " + cut + " 1 stopped early (--max-games)\n") != std::string::npos);
    }
  fs::remove_all(dir);
}

// A batch with nothing to write or report goes back to its worker before its turn (`stats`); the
// games written, the skipped text, the counts and the progress stay in input order.
TEST_CASE("pipeline: batches with nothing to write, among others, for any thread count",
          "[analysis][pipeline]") {
  const auto paths = inputs();
  std::uint64_t total = 0;  // games: the lines of the reference that are not skipped text
  for (const std::string& line : test::lines(direct(paths, 0)))
    if (line.rfind("skipped ", 0) != 0) ++total;
  REQUIRE(total > 100);
  for (std::uint64_t every : {7, 50, 1000000}) {
    const std::string want = direct(paths, 0, every);
    for (std::size_t chunk : {std::size_t{1}, std::size_t{300}, std::size_t{4096}}) {
      for (int threads : {1, 2, 3, 8}) {
        INFO("every " << every << ", chunk " << chunk << ", " << threads << " threads");
        std::uint64_t games = 0;
        const std::string got = piped(paths, threads, chunk, 0, 0, 16 << 20, 256, 0, every, &games);
        CHECK(diff(got.substr(0, want.size()), want) == "");
        CHECK(games == total);
      }
    }
  }
}

namespace {

// Stops the run (as SIGINT or a closed output does) once it has seen `after` games.
class StopAfter : public analysis::GameConsumer {
 public:
  StopAfter(std::atomic<bool>& stop, std::uint64_t after) : stop_(stop), after_(after) {}
  void game(const analysis::GameRecord&, const analysis::GameAnalysis&, std::string&) override {
    if (++seen_ >= after_) stop_.store(true);
  }

 private:
  std::atomic<bool>& stop_;
  std::uint64_t after_, seen_ = 0;
};

}  // namespace

// A run stopped while a piece is read hands that piece out where the reading stopped: in the
// middle of a game, often of its tags. What its reading finds there is no fault of the input:
// no "skipped text that is not a game" is reported at a valid [Event line. Every piece size puts
// the stop somewhere else in the text.
TEST_CASE("pipeline: an interrupted run reports no skipped text of valid games",
          "[analysis][pipeline]") {
  // Master games, tags and moves, without a byte of text that is not PGN.
  const auto paths = io::file_specs({test::data_file("masters/Anand_Kramnik.pgn")});
  {
    run::PipelineOptions o;
    o.numbers_during_run = true;  // the descriptions name each game by its number
    std::string skips;
    test::Events events;
    events.on_skipped = [&](const run::InputEvent& e) { skips += e.error.message; };
    Lines all;
    run::run_pipeline(
        paths, o, [&](int) -> analysis::GameConsumer& { return all; }, events);
    REQUIRE(skips.empty());  // read whole: nothing to report
  }
  int stopped_inside = 0;
  for (std::size_t chunk = 2000; chunk < 2600; chunk += 7) {
    for (const bool cancel : {true, false}) {
      std::atomic<bool> stop{false};
      StopAfter consumer(stop, 3);
      run::PipelineOptions o;
      o.numbers_during_run = true;  // the descriptions name each game by its number
      o.chunk_bytes = chunk;
      (cancel ? o.cancel : o.output_closed) = &stop;
      std::string skips;
      test::Events events;
      events.on_skipped = [&](const run::InputEvent& e) {
        skips += "line " + std::to_string(e.error.pos.line) + ": " + std::string(e.error.message);
      };
      const auto result = run::run_pipeline(
          paths, o, [&](int) -> analysis::GameConsumer& { return consumer; }, events);
      INFO("chunk " << chunk << (cancel ? " (interrupt)" : " (closed output)"));
      CHECK(skips.empty());
      REQUIRE(result.inputs.size() == 1);
      if (!result.inputs[0].complete()) ++stopped_inside;
    }
  }
  CHECK(stopped_inside > 50);  // the runs did stop inside the file
}
