// Game numbers written by the run (analysis::GameOutput): where the run numbers games after their
// replay, a writer marks where a game's number goes and the run writes it in when the batch's
// output takes its turn. The output must be byte for byte what numbering first writes and what a
// plain loop numbers, for every thread count, piece size and way of decoding, in both forms
// (digits, and the 8 bytes of the SQLite rows).
#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "analysis/game_output.hpp"
#include "io/input.hpp"
#include "pgn/reader.hpp"
#include "run/pipeline.hpp"
#include "support/input_source.hpp"
#include "support/pipeline.hpp"

namespace fs = std::filesystem;
using namespace rochade;
using analysis::GameOutput;
using Form = GameOutput::NumberForm;

namespace {

// Keeps one game in `every` (by the hash of where it starts): marks far apart and side by side.
bool wanted(const analysis::GameRecord& r, std::size_t every) {
  return std::hash<std::uint64_t>{}(r.pos.byte * 31 + r.pos.line) % every == 0;
}

// A game's line: its number first (a mark at the very start of a batch's output), its input
// and place, its number again as 8 bytes, its moves.
void write_game(const analysis::GameRecord& r, GameOutput& out) {
  out.number(r);
  out.text += " in " + std::to_string(analysis::index_of(r.ref.input)) + " @" +
              std::to_string(r.pos.line) + " ";
  out.number(r, Form::int64);
  for (std::size_t i = 0; i < r.move_count(); ++i) out.text.append(" ").append(r.san(i));
  out.text += '\n';
}

class Writer : public analysis::GameConsumer {
 public:
  explicit Writer(std::size_t every) : every_(every) {}
  void game(const analysis::GameRecord& r, const analysis::GameAnalysis&,
            GameOutput& out) override {
    if (r.number != 0) ++numbered;
    if (wanted(r, every_)) write_game(r, out);
  }
  std::size_t numbered = 0;  // games given their number during the run

 private:
  std::size_t every_;
};

// The reference: one Reader over each whole input, numbers as RecordBuilder gives them.
class Direct : public analysis::RecordSink {
 public:
  explicit Direct(std::size_t every) : every_(every) {}
  void game(analysis::GameRecord& r) override {
    if (!wanted(r, every_)) return;
    GameOutput out;
    write_game(r, out);
    REQUIRE(out.marks().empty());
    text += out.text;
  }
  std::string text;

 private:
  std::size_t every_;
};

std::vector<io::InputSpec> inputs() {
  const fs::path corpus = fs::path(ROCHADE_SOURCE_DIR) / "tests" / "data";
  return io::expand_inputs({(corpus / "historical").string(), (corpus / "edge").string(),
                            std::string(ROCHADE_SOURCE_DIR) + "/data/sample.pgn.zst",
                            (corpus / "lichess").string()})
      .specs;
}

std::string direct(const std::vector<io::InputSpec>& paths, std::size_t every) {
  Direct d(every);
  for (std::size_t i = 0; i < paths.size(); ++i) {
    auto in = io::Input::open(paths[i].path);
    test::InputSource src(*in);
    pgn::Reader reader(src, pgn::ReaderOptions{});
    analysis::RecordBuilder builder(d, analysis::RunInput(i));
    while (reader.read_game(builder)) {
    }
  }
  return d.text;
}

struct Piped {
  std::string text;
  std::size_t numbered = 0;
};

Piped piped(const std::vector<io::InputSpec>& paths, run::PipelineOptions o, std::size_t every) {
  std::vector<std::unique_ptr<Writer>> writers;
  for (int i = 0; i < o.threads; ++i) writers.push_back(std::make_unique<Writer>(every));
  Piped p;
  test::Events events;
  events.text = &p.text;
  run::run_pipeline(
      paths, o, [&](int w) -> analysis::GameConsumer& { return *writers[w]; }, events);
  for (const auto& w : writers) p.numbered += w->numbered;
  return p;
}

}  // namespace

TEST_CASE("number marks: filled in order, digits and 8 bytes", "[run][numbers]") {
  analysis::GameRecord r;
  GameOutput out;
  r.ref.key = 4;
  out.number(r);  // a mark at the start
  out.text += "x";
  r.ref.key = 9;
  out.number(r);
  out.number(r, Form::int64);  // side by side
  out.text += "y";
  r.number = 77;  // known: written at once
  out.number(r);
  r.number = 0;
  r.ref.key = 1000;
  out.number(r);  // a mark at the end
  REQUIRE(out.marks().size() == 4);
  std::string filled;
  out.fill([](std::uint64_t key) { return key * 3; }, filled);
  std::string want = "12x27";
  const std::int64_t v = 27;
  want.append(reinterpret_cast<const char*>(&v), 8);
  want += "y773000";
  CHECK(filled == want);
  CHECK(!out.empty());
  out.clear();
  CHECK(out.empty());
}

TEST_CASE("number marks: the run writes the numbers a plain loop gives", "[run][numbers]") {
  const auto paths = inputs();
  REQUIRE(paths.size() > 20);
  for (std::size_t every : {std::size_t{1}, std::size_t{7}}) {
    const std::string want = direct(paths, every);
    REQUIRE(std::count(want.begin(), want.end(), '\n') > (every == 1 ? 1000 : 100));
    run::PipelineOptions first;
    first.numbers_during_run = true;  // each number written at once
    first.chunk_bytes = 3000;
    const Piped ordered = piped(paths, first, every);
    CHECK(ordered.numbered > 1000);
    CHECK(ordered.text == want);
    for (std::size_t chunk : {std::size_t{1}, std::size_t{3000}, std::size_t{64 * 1024}}) {
      for (int threads : {1, 2, 3}) {
        for (int decoders : {0, 3}) {
          INFO("every " << every << ", chunk " << chunk << ", " << threads << " threads, "
                        << decoders << " decoders");
          run::PipelineOptions o;
          o.threads = threads;
          o.decoders = decoders;
          o.chunk_bytes = chunk;
          const Piped got = piped(paths, o, every);
          CHECK(got.numbered == 0);  // numbers after: every number went through a mark
          CHECK(got.text == want);
        }
      }
    }
    // A worker on every core (the workers decode), and numbers first for another reason
    // (--max-games, past every game): the same bytes.
    run::PipelineOptions o;
    o.threads = 2;
    o.cores = 2;
    o.chunk_bytes = 3000;
    CHECK(piped(paths, o, every).text == want);
    o.max_games = 1'000'000;
    const Piped capped = piped(paths, o, every);
    CHECK(capped.numbered > 1000);
    CHECK(capped.text == want);
  }
}
