#include "analysis/pipeline.hpp"

#include <algorithm>
#include <cstring>
#include <deque>
#include <thread>

#include "analysis/pipeline_parts.hpp"
#include "analysis/prefetch.hpp"
#include "io/input.hpp"
#include "pgn/reader.hpp"
#include "pgn/splitter.hpp"

namespace rochade::analysis {

namespace {

using detail::Batch;
using detail::BatchQueue;
using detail::Numbering;
using detail::OrderedWriter;

constexpr std::size_t kBlock = 64 * 1024;  // bytes asked from the input at a time

std::uint64_t count_newlines(const char* p, std::size_t n) {
  std::uint64_t lines = 0;
  for (const char* end = p + n;; ++p) {
    p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (p == nullptr) return lines;
    ++lines;
  }
}

// Games read from a piece (on a worker) or from the stream (on the reading thread) go into the
// current batch; text between games that is not PGN is kept with them, in order.
class BatchSink : public RecordSink {
 public:
  explicit BatchSink(const std::vector<std::string>& paths) : paths_(paths) {}
  Batch* batch = nullptr;
  std::function<void()> need_batch;  // called when batch is null
  void game(GameRecord& record) override {
    if (batch == nullptr) need_batch();
    std::swap(batch->next_record(), record);
    if (on_game) on_game();
  }
  void skipped(std::uint32_t input, const pgn::ParseError& e) override {
    if (batch == nullptr) need_batch();
    batch->skipped.push_back({input, paths_[input], e});  // messages are string literals
    batch->skipped_at.push_back(batch->count);
  }
  std::function<void()> on_game;

 private:
  const std::vector<std::string>& paths_;
};

bool flag(const std::atomic<bool>* f) { return f != nullptr && f->load(std::memory_order_relaxed); }

// Reads pieces and replays their games.
class Worker {
 public:
  Worker(const PipelineOptions& o, const std::vector<std::string>& paths, GameConsumer& consumer,
         Numbering& numbering, OrderedWriter& writer)
      : opts_(o),
        consumer_(consumer),
        numbering_(numbering),
        writer_(writer),
        sink_(paths),
        builder_(sink_, 0),
        reader_(source_) {}

  void process(Batch& b) {
    if (!b.parsed) read_piece(b);
    numbering_.assign(b);
    if (!flag(opts_.cancel) && !flag(opts_.enough)) {
      for (std::size_t i = 0; i < b.limit; ++i) {
        GameRecord& r = b.records[i];
        r.number = b.base + i + 1;
        replayer_.run(r, analysis_);
        consumer_.game(r, analysis_, b.output);
      }
    }
    writer_.done(&b);
  }

 private:
  void read_piece(Batch& b) {
    source_ = pgn::MemorySource(b.text);
    pgn::ReaderOptions ro;
    ro.capture_raw = opts_.capture_raw;
    ro.first_line = b.first_line;
    ro.first_byte = b.first_byte;
    reader_.restart(source_, ro);
    sink_.batch = &b;
    builder_.set_input(b.input);
    while (reader_.read_game(builder_)) {
    }
    sink_.batch = nullptr;
  }

  const PipelineOptions& opts_;
  GameConsumer& consumer_;
  Numbering& numbering_;
  OrderedWriter& writer_;
  BatchSink sink_;
  RecordBuilder builder_;
  pgn::MemorySource source_{std::string_view{}};
  pgn::Reader reader_;
  Replayer replayer_;
  GameAnalysis analysis_;
};

// The bytes of a piece not handed on yet, then the rest of the input.
class RestSource : public pgn::ByteSource {
 public:
  RestSource(std::string_view head, DecodedBytes& in) : head_(head), in_(in) {}
  std::size_t read(char* dst, std::size_t n) override {
    if (!head_.empty()) {
      const std::size_t k = std::min(n, head_.size());
      std::memcpy(dst, head_.data(), k);
      head_.remove_prefix(k);
      return k;
    }
    return in_.read(dst, n);
  }

 private:
  std::string_view head_;
  DecodedBytes& in_;
};

// The reading thread: decodes each input and cuts it into batches.
class Feeder {
 public:
  Feeder(const PipelineOptions& o, const PipelineHooks& hooks,
         const std::vector<std::string>& paths, BatchQueue& free, Numbering& numbering,
         std::function<void(Batch*)> dispatch)
      : opts_(o),
        hooks_(hooks),
        paths_(paths),
        free_(free),
        numbering_(numbering),
        dispatch_(std::move(dispatch)) {}

  bool stopped() const { return flag(opts_.cancel) || flag(opts_.enough) || numbering_.full(); }

  void input(std::uint32_t index, DecodedBytes& in) {
    Batch* b = acquire(index, true);
    std::size_t search_from = opts_.chunk_bytes;
    while (!stopped()) {
      std::string& t = b->text;
      const std::size_t old = t.size();
      const std::size_t want = std::min(kBlock, std::max<std::size_t>(opts_.chunk_bytes / 2, 4096));
      t.resize(old + want);
      const std::size_t n = in.read(t.data() + old, want);
      t.resize(old + n);
      if (hooks_.consumed) hooks_.consumed(in.input());
      if (n == 0) break;
      if (t.size() < opts_.chunk_bytes) continue;
      const std::size_t cut = pgn::find_game_cut(t, search_from);
      if (cut == pgn::kNoCut) {
        const auto nl = t.rfind('\n');
        if (nl != std::string::npos && nl + 1 > search_from) search_from = nl + 1;
        if (t.size() >= opts_.max_chunk_bytes) {
          read_stream(b, in);
          return;
        }
        continue;
      }
      Batch* next = acquire(index, false);
      next->text.assign(t, cut);
      next->first_byte = b->first_byte + cut;
      next->first_line = b->first_line + count_newlines(t.data(), cut);
      t.resize(cut);
      dispatch_(b);
      b = next;
      search_from = opts_.chunk_bytes;
    }
    dispatch_(b);
  }

 private:
  Batch* acquire(std::uint32_t input, bool first) {
    Batch* b = free_.pop();
    b->reset(sequence_++, input, first);
    return b;
  }

  // No game start to cut at in max_chunk_bytes (one huge game, a file without tags): the rest
  // of this input is read here, as one stream, and batches of games go to the workers.
  void read_stream(Batch* b, DecodedBytes& in) {
    const std::string head = std::move(b->text);
    b->text.clear();
    b->parsed = true;
    const std::uint32_t index = b->input;
    RestSource src(head, in);
    pgn::ReaderOptions ro;
    ro.capture_raw = opts_.capture_raw;
    ro.first_line = b->first_line;
    ro.first_byte = b->first_byte;
    pgn::Reader reader(src, ro);
    BatchSink sink(paths_);
    sink.batch = b;
    sink.need_batch = [&] {
      sink.batch = acquire(index, false);
      sink.batch->parsed = true;
    };
    sink.on_game = [&] {
      if (sink.batch->count >= opts_.batch_games) {
        dispatch_(sink.batch);
        sink.batch = nullptr;
        if (hooks_.consumed) hooks_.consumed(in.input());
      }
    };
    RecordBuilder builder(sink, index);
    while (!stopped() && reader.read_game(builder)) {
    }
    if (sink.batch == nullptr) sink.need_batch();
    dispatch_(sink.batch);
  }

  const PipelineOptions& opts_;
  const PipelineHooks& hooks_;
  const std::vector<std::string>& paths_;
  BatchQueue& free_;
  Numbering& numbering_;
  std::function<void(Batch*)> dispatch_;
  std::uint64_t sequence_ = 0;
};

}  // namespace

std::vector<InputSummary> run_pipeline(const std::vector<std::string>& paths,
                                       const PipelineOptions& options,
                                       const std::function<GameConsumer&(int)>& consumer_for,
                                       const PipelineHooks& hooks) {
  const int workers = options.threads < 1 ? 1 : options.threads;
  const std::size_t pool = static_cast<std::size_t>(workers) * 3 + 2;
  std::vector<std::unique_ptr<Batch>> batches(pool);
  BatchQueue free(true), work;
  for (auto& b : batches) {
    b = std::make_unique<Batch>();
    free.push(b.get());
  }
  OrderedWriter writer(hooks, free, options.max_games);
  Numbering numbering(paths.size(), options.max_games);

  // -j1: everything on this thread, each batch right after it is cut.
  std::unique_ptr<Worker> inline_worker;
  std::function<void(Batch*)> dispatch;
  std::vector<std::thread> threads;
  if (workers == 1) {
    inline_worker = std::make_unique<Worker>(options, paths, consumer_for(0), numbering, writer);
    dispatch = [&](Batch* b) { inline_worker->process(*b); };
  } else {
    dispatch = [&](Batch* b) { work.push(b); };
    for (int w = 0; w < workers; ++w) {
      threads.emplace_back([&, w] {
        Worker worker(options, paths, consumer_for(w), numbering, writer);
        while (Batch* b = work.pop()) worker.process(*b);
      });
    }
  }

  Feeder feeder(options, hooks, paths, free, numbering, dispatch);
  // Inputs decoded ahead on their own threads (not stdin: it could block a stop).
  const std::size_t ahead = options.decoders > 0 ? static_cast<std::size_t>(options.decoders)
                                                 : 1 + static_cast<std::size_t>(workers) / 8;
  std::deque<std::unique_ptr<DecodedBytes>> open;  // inputs [next_open - open.size(), next_open)
  std::size_t next_open = 0;
  const auto open_input = [&](std::size_t i) -> std::unique_ptr<DecodedBytes> {
    auto in = io::Input::open(paths[i]);
    // An archive is decoded on its own thread even with one worker: decoding then overlaps the
    // replay instead of adding to it (zstd takes about a sixth of -j1's time otherwise).
    const bool archive = in->compression() != io::Compression::plain;
    if ((ahead > 1 || archive) && paths[i] != "-") return std::make_unique<Prefetch>(std::move(in));
    return std::make_unique<DirectBytes>(std::move(in));
  };
  std::vector<InputSummary> summaries;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    InputSummary sum;
    sum.path = paths[i];
    if (feeder.stopped()) {
      sum.complete = false;
      sum.error = "not read (stopped early)";
      summaries.push_back(std::move(sum));
      continue;
    }
    while (next_open < paths.size() && next_open < i + ahead)
      open.push_back(open_input(next_open++));
    const std::unique_ptr<DecodedBytes> bytes = std::move(open.front());
    open.pop_front();
    const io::Input& input = bytes->input();
    if (hooks.opened) hooks.opened(i, input);
    sum.compression = std::string(io::compression_name(input.compression()));
    feeder.input(static_cast<std::uint32_t>(i), *bytes);
    sum.bytes = input.size() ? input.size() : input.consumed();
    if (const auto& err = input.error()) {
      sum.complete = false;
      sum.error = err->message + " (at byte " + std::to_string(err->offset) + " of the file)";
    } else if (flag(options.cancel)) {
      sum.complete = false;
      sum.error = "interrupted";
    }
    summaries.push_back(std::move(sum));
  }
  open.clear();
  work.close();
  for (auto& t : threads) t.join();
  for (std::size_t i = 0; i < summaries.size(); ++i) summaries[i].games = numbering.games_of(i);
  numbering.stopped_early(summaries);
  return summaries;
}

}  // namespace rochade::analysis
