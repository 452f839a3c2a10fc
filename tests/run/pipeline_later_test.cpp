// Game numbers given later (GameConsumer::numbers_later, `stats`): each batch is replayed as
// soon as it is read, its games get keys in place of numbers, and the consumer renumbers what it
// kept after the run. The games kept must end up with the numbers a plain loop gives them, for
// every thread count, piece size and way of decoding; the keys must order the games as their
// numbers do (the consumer decides what to keep by them); skipped text and the games per input
// are reported as before.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "io/input.hpp"
#include "support/input_source.hpp"
#include "pgn/reader.hpp"
#include "run/pipeline.hpp"

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
  std::uint32_t input = 0;
  std::uint64_t number = 0;
  std::string text;
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
    // Within an input, keys come in the order of the games' numbers (one worker's batches are in
    // input order). Counted, not CHECKed: this runs on the workers.
    if (!kept.empty() && kept.back().input == r.input && kept.back().number >= r.number)
      ++out_of_order;
    kept.push_back({r.input, r.number, std::move(d)});
    ++count_;
  }
  void filtered(const analysis::GameRecord&) override { ++filtered_games; }
  bool numbers_later() const override { return true; }
  std::uint64_t numbers_kept() const override { return count_; }
  void renumber(const std::function<std::uint64_t(std::uint64_t)>& number) override {
    ++renumbered;
    for (Kept& k : kept) {
      const std::uint64_t n = number(k.number);
      if (n != k.number) ++keys_changed;
      k.number = n;
    }
  }
  std::vector<Kept> kept;
  int renumbered = 0;
  std::size_t keys_changed = 0;
  std::size_t out_of_order = 0;
  std::size_t filtered_games = 0;

 private:
  std::size_t every_;
  std::uint64_t count_ = 0;
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
    if (wanted(d, every_)) kept.push_back({r.input, r.number, std::move(d)});
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
    s += std::to_string(k.input) + "#" + std::to_string(k.number) + " " + k.text + "\n";
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
    analysis::RecordBuilder builder(d, static_cast<std::uint32_t>(i));
    while (reader.read_game(builder)) {
    }
  }
  return text_of(d.kept) + d.skips;
}

struct Run {
  std::string text;       // the kept games, renumbered, then the skipped text
  std::string summaries;  // games per input
  std::size_t keys_changed = 0;
  std::size_t out_of_order = 0;
  std::size_t filtered = 0;
  bool renumbered_once = true;
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
  if (!later) o.accept = [](const analysis::GameRecord&) { return true; };  // numbers first
  if (where != Where::none) {
    o.accept = even_white;
    o.accept_needs_number = where == Where::number;
  }
  Run r;
  std::string skips;
  run::PipelineHooks hooks;
  hooks.skipped = [&](const run::InputEvent& e) {
    skips += std::to_string(e.input) + "@" + std::to_string(e.error.pos.line) + "\n";
  };
  const auto sums =
      run::run_pipeline(
          paths, o, [&](int w) -> analysis::GameConsumer& { return *consumers[w]; }, hooks)
          .inputs;
  std::vector<Kept> kept;
  for (const auto& c : consumers) {
    kept.insert(kept.end(), c->kept.begin(), c->kept.end());
    r.keys_changed += c->keys_changed;
    r.out_of_order += c->out_of_order;
    r.filtered += c->filtered_games;
    if (c->renumbered != (later && where != Where::number ? 1 : 0)) r.renumbered_once = false;
  }
  r.text = text_of(kept) + skips;
  for (const auto& s : sums) r.summaries += s.path + " " + std::to_string(s.games) + "\n";
  return r;
}

}  // namespace

TEST_CASE("pipeline: numbers given later are the numbers of a plain loop", "[analysis][pipeline]") {
  const auto paths = inputs();
  REQUIRE(paths.size() > 20);
  for (std::size_t every : {std::size_t{1}, std::size_t{13}}) {
    const std::string want = direct(paths, every);
    REQUIRE(std::count(want.begin(), want.end(), '\n') > (every == 1 ? 1000 : 50));
    const Run ordered = piped(paths, 1, 3000, 0, every, false);
    CHECK(ordered.keys_changed == 0);
    CHECK(ordered.text == want);
    for (std::size_t chunk : {std::size_t{1}, std::size_t{3000}, std::size_t{64 * 1024}}) {
      for (int threads : {1, 2, 3, 8}) {
        for (int decoders : {0, 3}) {
          INFO("every " << every << ", chunk " << chunk << ", " << threads << " threads, "
                        << decoders << " decoders");
          const Run got = piped(paths, threads, chunk, decoders, every);
          CHECK(got.renumbered_once);
          CHECK(got.out_of_order == 0);
          CHECK(got.keys_changed > 0);  // keys were given: the numbers came later
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
        CHECK(got.renumbered_once);
        CHECK((got.keys_changed > 0) == (where == Where::tags));
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
