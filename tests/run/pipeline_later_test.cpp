// Game refs (GameRecord::ref) and numbers after the run (run::GameNumbers, `stats`): without
// numbers during the run each batch is replayed as soon as it is read, record.number is 0, and
// the games a consumer kept get their numbers from their refs after the run. Those must be the
// numbers a plain loop gives, for every thread count, piece size and way of decoding, and equal
// record.number where the run numbers games first; refs must order the games as their numbers do
// (a consumer decides what to keep by them); skipped text and the games per input are reported
// as before.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "io/input.hpp"
#include "pgn/reader.hpp"
#include "run/pipeline.hpp"
#include "support/input_source.hpp"
#include "support/pipeline.hpp"

namespace fs = std::filesystem;
using namespace rochade;

namespace {

// A game without its number: tags, moves, result and replay.
std::string describe(const analysis::GameRecord& r, const analysis::GameAnalysis& a) {
  std::string s = "@";
  s.append(std::to_string(r.pos.line)).append(":").append(std::to_string(r.pos.byte));
  for (std::size_t i = 0; i < r.tag_count(); ++i)
    s.append(" [").append(r.tag_name(i)).append("=").append(r.tag_value(i)).append("]");
  for (std::size_t i = 0; i < r.move_count(); ++i) s.append(" ").append(r.san(i));
  s.append(" result=").append(r.result());
  s.append(" plies=").append(std::to_string(a.plies));
  for (const auto& f : a.findings) s.append(" {").append(f.message).append("}");
  return s;
}

// Keeps the games whose description hashes to a multiple of `every`.
bool wanted(const std::string& d, std::size_t every) {
  return std::hash<std::string>{}(d) % every == 0;
}

struct Kept {
  analysis::RunInput input{};
  std::uint64_t number = 0;
  std::string text;
  analysis::GameRef ref;
  bool operator<(const Kept& o) const {
    return std::tie(input, number) < std::tie(o.input, o.number);
  }
};

class Later : public analysis::GameConsumer {
 public:
  explicit Later(std::size_t every) : every_(every) {}
  void game(const analysis::GameRecord& r, const analysis::GameAnalysis& a, std::string&) override {
    std::string d = describe(r, a);
    if (!wanted(d, every_)) return;
    // Within an input, refs come in the order of the games' numbers (one worker's batches are
    // in input order). Counted, not CHECKed: this runs on the workers.
    if (!kept.empty() && kept.back().input == r.ref.input && !(kept.back().ref < r.ref))
      ++out_of_order;
    kept.push_back({r.ref.input, r.number, std::move(d), r.ref});
  }
  void filtered(const analysis::GameRecord&) override { ++filtered_games; }
  // After the run: each kept game's number from its ref; counts the numbers given during the
  // run (record.number) and those that differ from the ref's.
  void locate(const run::GameNumbers& numbers) {
    for (Kept& k : kept) {
      const std::uint64_t n = numbers.number(k.ref);
      if (k.number != 0) ++numbered_during_run;
      if (k.number != 0 && k.number != n) ++numbers_differ;
      k.number = n;
    }
  }
  std::vector<Kept> kept;
  std::size_t numbered_during_run = 0;
  std::size_t numbers_differ = 0;
  std::size_t out_of_order = 0;
  std::size_t filtered_games = 0;

 private:
  std::size_t every_;
};

// --where on tags: the games whose White tag has an even length.
bool even_white(const analysis::GameRecord& r) { return r.tag("White").size() % 2 == 0; }

// The reference: one Reader over each whole input, numbers as RecordBuilder gives them.
class Direct : public analysis::RecordSink {
 public:
  Direct(std::size_t every, bool where) : every_(every), where_(where) {}
  void game(analysis::GameRecord& r) override {
    if (where_ && !even_white(r)) return;
    replayer_.run(r, analysis_);
    std::string d = describe(r, analysis_);
    if (wanted(d, every_)) kept.push_back({r.ref.input, r.number, std::move(d), {}});
  }
  void skipped(std::uint32_t input, const pgn::ParseError& e) override {
    skips += std::to_string(input) + "@" + std::to_string(e.pos.line) + "\n";
  }
  std::vector<Kept> kept;
  std::string skips;

 private:
  std::size_t every_;
  bool where_;
  analysis::Replayer replayer_;
  analysis::GameAnalysis analysis_;
};

std::string text_of(std::vector<Kept> kept) {
  std::sort(kept.begin(), kept.end());
  std::string s;
  for (const Kept& k : kept)
    s += std::to_string(analysis::index_of(k.input)) + "#" + std::to_string(k.number) + " " +
         k.text + "\n";
  return s;
}

// Plain files, then a .zst (decoded on its own thread, or by the workers), then plain again.
std::vector<io::InputSpec> inputs() {
  const fs::path corpus = fs::path(ROCHADE_SOURCE_DIR) / "tests" / "data";
  return io::expand_inputs({(corpus / "historical").string(), (corpus / "edge").string(),
                            std::string(ROCHADE_SOURCE_DIR) + "/data/sample.pgn.zst",
                            (corpus / "lichess").string()})
      .specs;
}

std::string direct(const std::vector<io::InputSpec>& paths, std::size_t every, bool where = false) {
  Direct d(every, where);
  for (std::size_t i = 0; i < paths.size(); ++i) {
    auto in = io::Input::open(paths[i].path);
    test::InputSource src(*in);
    pgn::Reader reader(src, pgn::ReaderOptions{});
    analysis::RecordBuilder builder(d, analysis::RunInput(i));
    while (reader.read_game(builder)) {
    }
  }
  return text_of(d.kept) + d.skips;
}

struct Run {
  std::string text;       // the kept games, located, then the skipped text
  std::string summaries;  // games per input
  std::size_t kept = 0;
  std::size_t numbered_during_run = 0;  // kept games with record.number given during the run
  std::size_t numbers_differ = 0;       // ... and different from the number of their ref
  std::size_t out_of_order = 0;
  std::size_t filtered = 0;
};

// How the run decides with --where: by tags only, or by the game's number too.
enum class Where { none, tags, number };

Run piped(const std::vector<io::InputSpec>& paths, int threads, std::size_t chunk, int decoders,
          std::size_t every, bool later = true, int cores = 0, Where where = Where::none) {
  run::PipelineOptions o;
  o.threads = threads;
  o.decoders = decoders;
  o.cores = cores;
  o.chunk_bytes = chunk;
  std::vector<std::unique_ptr<Later>> consumers;
  for (int i = 0; i < threads; ++i) consumers.push_back(std::make_unique<Later>(every));
  o.numbers_during_run = !later || where == Where::number;
  test::Events events;
  if (where != Where::none) events.on_accept = even_white;
  Run r;
  std::string skips;
  events.on_skipped = [&](const run::InputEvent& e) {
    skips += std::to_string(e.input) + "@" + std::to_string(e.error.pos.line) + "\n";
  };
  const run::PipelineResult result = run::run_pipeline(
      paths, o, [&](int w) -> analysis::GameConsumer& { return *consumers[w]; }, events);
  const auto& sums = result.inputs;
  std::vector<Kept> kept;
  for (const auto& c : consumers) {
    c->locate(result.numbers);
    kept.insert(kept.end(), c->kept.begin(), c->kept.end());
    r.numbered_during_run += c->numbered_during_run;
    r.numbers_differ += c->numbers_differ;
    r.out_of_order += c->out_of_order;
    r.filtered += c->filtered_games;
  }
  r.kept = kept.size();
  r.text = text_of(kept) + skips;
  for (const auto& s : sums) r.summaries += s.path + " " + std::to_string(s.games) + "\n";
  return r;
}

}  // namespace

TEST_CASE("pipeline: numbers from refs after the run are the numbers of a plain loop",
          "[analysis][pipeline]") {
  const auto paths = inputs();
  REQUIRE(paths.size() > 20);
  for (std::size_t every : {std::size_t{1}, std::size_t{13}}) {
    const std::string want = direct(paths, every);
    REQUIRE(std::count(want.begin(), want.end(), '\n') > (every == 1 ? 1000 : 50));
    const Run ordered = piped(paths, 1, 3000, 0, every, false);
    CHECK(ordered.numbered_during_run == ordered.kept);  // numbers first: given during the run
    CHECK(ordered.numbers_differ == 0);                  // ... and the same as the refs'
    CHECK(ordered.text == want);
    for (std::size_t chunk : {std::size_t{1}, std::size_t{3000}, std::size_t{64 * 1024}}) {
      for (int threads : {1, 2, 3, 8}) {
        for (int decoders : {0, 3}) {
          INFO("every " << every << ", chunk " << chunk << ", " << threads << " threads, "
                        << decoders << " decoders");
          const Run got = piped(paths, threads, chunk, decoders, every);
          CHECK(got.out_of_order == 0);
          CHECK(got.numbered_during_run == 0);  // no numbers during the run: refs only
          CHECK(got.text == want);
          CHECK(got.summaries == ordered.summaries);
        }
      }
    }
    // --where on tags: the games it leaves out are counted, the others replayed, numbers later;
    // on the game's number: numbers first.
    const std::string want_where = direct(paths, every, true);
    REQUIRE(want_where.size() < want.size());
    for (const Where where : {Where::tags, Where::number}) {
      for (int threads : {1, 3}) {
        INFO("every " << every << ", " << threads << " threads, --where on "
                      << (where == Where::tags ? "tags" : "the number"));
        const Run got = piped(paths, threads, 3000, 0, every, true, 0, where);
        CHECK(got.numbered_during_run == (where == Where::number ? got.kept : 0));
        CHECK(got.numbers_differ == 0);
        CHECK(got.filtered > 0);
        CHECK(got.text == want_where);
        CHECK(got.summaries == ordered.summaries);
      }
    }
    // A worker on every core: the workers decode the current input themselves.
    for (int threads : {2, 3}) {
      INFO("every " << every << ", " << threads << " threads on as many cores");
      const Run got = piped(paths, threads, 3000, 0, every, true, threads);
      CHECK(got.out_of_order == 0);
      CHECK(got.text == want);
      CHECK(got.summaries == ordered.summaries);
    }
  }
}
