#include "run/pipeline.hpp"

#include <algorithm>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

#include "run/pipeline_parts.hpp"
#include "run/prefetch.hpp"
#include "io/input.hpp"
#include "pgn/reader.hpp"
#include "pgn/splitter.hpp"

namespace rochade::run {

namespace {

using analysis::GameAnalysis;
using analysis::GameRecord;
using analysis::RecordBuilder;
using analysis::RecordSink;
using analysis::Replayer;
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

// Games read from a piece or from the stream (an input with nowhere to cut) go into the
// current batch, which is set before any reading; text between games that is not PGN is kept
// with them, in order.
class BatchSink : public RecordSink {
 public:
  explicit BatchSink(const std::vector<std::string>& paths) : paths_(paths) {}
  Batch* batch = nullptr;
  void game(GameRecord& record) override { std::swap(batch->next_record(), record); }
  void skipped(std::uint32_t input, const pgn::ParseError& e) override {
    batch->skipped.push_back({input, paths_[input], e});  // messages are string literals
    batch->skipped_at.push_back(batch->count);
  }

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

// The next piece of input, cut by whichever worker asks, one at a time: the bytes of a piece
// are read on the core that then replays them, and no thread sleeps and wakes per piece.
// Archives are decoded ahead on their own threads (prefetch.hpp).
class Feeder {
 public:
  Feeder(const PipelineOptions& o, const PipelineHooks& hooks,
         const std::vector<std::string>& paths, Numbering& numbering, int workers)
      : opts_(o), hooks_(hooks), paths_(paths), numbering_(numbering) {
    // Inputs decoded ahead on their own threads (not stdin: it could block a stop).
    ahead_ = o.decoders > 0 ? static_cast<std::size_t>(o.decoders)
                            : 1 + static_cast<std::size_t>(workers) / 8;
  }

  // The next batch in input order, taken from the caller's free list, or nullptr when every
  // input was read (or the run stopped).
  Batch* next(BatchQueue& free) {
    // Taken before the lock: a worker waiting for one of its batches to come back does not
    // hold up the others.
    Batch* b = free.pop();
    std::lock_guard lock(mutex_);
    for (;;) {
      if (!in_ && !open_next()) {
        free.push(b);
        return nullptr;
      }
      if (!input_done_) return stream_ ? stream_batch(number(b)) : piece(number(b));
      close_input();
    }
  }

  // One per path, once next() returned nullptr.
  std::vector<InputSummary> take_summaries() { return std::move(summaries_); }

 private:
  bool stopped() const { return flag(opts_.cancel) || flag(opts_.enough) || numbering_.full(); }

  Batch* number(Batch* b) {
    b->reset(sequence_++, static_cast<std::uint32_t>(index_), first_);
    first_ = false;
    return b;
  }

  bool open_next() {
    while (index_ < paths_.size() && stopped()) {
      InputSummary sum;
      sum.path = paths_[index_++];
      sum.complete = false;
      sum.error = "not read (stopped early)";
      summaries_.push_back(std::move(sum));
    }
    if (index_ == paths_.size()) {
      open_.clear();
      return false;
    }
    while (next_open_ < paths_.size() && next_open_ < index_ + ahead_) {
      auto in = io::Input::open(paths_[next_open_]);
      // An archive is decoded on its own thread even with one worker: decoding then overlaps
      // the replay instead of adding to it (with every core busy it takes turns with the
      // workers, no worse than decoding on the worker that cuts: measured).
      const bool archive = in->compression() != io::Compression::plain;
      if ((ahead_ > 1 || archive) && paths_[next_open_] != "-")
        open_.push_back(std::make_unique<Prefetch>(std::move(in)));
      else
        open_.push_back(std::make_unique<DirectBytes>(std::move(in)));
      ++next_open_;
    }
    in_ = std::move(open_.front());
    open_.pop_front();
    if (hooks_.opened) hooks_.opened(index_, in_->input());
    input_done_ = false;
    reached_end_ = false;
    first_ = true;
    carry_.clear();
    carry_line_ = 1;
    carry_byte_ = 0;
    return true;
  }

  void close_input() {
    in_->stop();  // no decoding thread writes to the input from here on
    const io::Input& input = in_->input();
    InputSummary sum;
    sum.path = paths_[index_];
    sum.compression = std::string(io::compression_name(input.compression()));
    sum.bytes = input.size() ? input.size() : input.consumed();
    // A fault counts only if the reading got to it: one that decoding ahead found past the
    // point where the run stopped (--max-games, a closed output) is not this run's business.
    const auto& err = input.error();
    if (err && reached_end_) {
      sum.complete = false;
      sum.error = err->message + " (at byte " + std::to_string(err->offset) + " of the file)";
    } else if (flag(opts_.cancel)) {
      sum.complete = false;
      sum.error = "interrupted";
    }
    summaries_.push_back(std::move(sum));
    stream_.reset();
    in_.reset();
    ++index_;
  }

  // The text after the last cut, then more until a cut at least chunk_bytes in; hands out the
  // text before the cut and keeps the rest. The input's last piece (possibly empty) ends it.
  Batch* piece(Batch* b) {
    b->first_line = carry_line_;
    b->first_byte = carry_byte_;
    std::string& t = b->text;
    t.assign(carry_);
    carry_.clear();
    std::size_t search_from = opts_.chunk_bytes;
    while (!stopped()) {
      const std::size_t old = t.size();
      const std::size_t want = std::min(kBlock, std::max<std::size_t>(opts_.chunk_bytes / 2, 4096));
      t.resize(old + want);
      const std::size_t n = in_->read(t.data() + old, want);
      t.resize(old + n);
      if (hooks_.consumed) hooks_.consumed(in_->input());
      if (n == 0) {
        reached_end_ = true;
        break;
      }
      if (t.size() < opts_.chunk_bytes) continue;
      const std::size_t cut = pgn::find_game_cut(t, search_from);
      if (cut == pgn::kNoCut) {
        const auto nl = t.rfind('\n');
        if (nl != std::string::npos && nl + 1 > search_from) search_from = nl + 1;
        if (t.size() >= opts_.max_chunk_bytes) {
          start_stream(b);
          return stream_batch(b);
        }
        continue;
      }
      carry_.assign(t, cut);
      carry_byte_ = b->first_byte + cut;
      carry_line_ = b->first_line + count_newlines(t.data(), cut);
      t.resize(cut);
      return b;
    }
    input_done_ = true;
    return b;
  }

  // No game start to cut at in max_chunk_bytes (one huge game, a file without tags): the rest
  // of this input is read as one stream, batch_games games per batch, by whoever asks next.
  struct Stream {
    Stream(std::string head, DecodedBytes& in, const pgn::ReaderOptions& ro,
           const std::vector<std::string>& paths, std::uint32_t input)
        : head_text(std::move(head)),
          src(head_text, in),
          reader(src, ro),
          sink(paths),
          builder(sink, input) {}
    std::string head_text;
    RestSource src;
    pgn::Reader reader;
    BatchSink sink;
    RecordBuilder builder;
  };

  void start_stream(Batch* b) {
    pgn::ReaderOptions ro;
    ro.capture_raw = opts_.capture_raw;
    ro.first_line = b->first_line;
    ro.first_byte = b->first_byte;
    std::string head = std::move(b->text);
    b->text.clear();
    stream_ = std::make_unique<Stream>(std::move(head), *in_, ro, paths_, b->input);
  }

  Batch* stream_batch(Batch* b) {
    b->parsed = true;
    stream_->sink.batch = b;
    bool more = true;
    while (b->count < opts_.batch_games && !stopped() &&
           (more = stream_->reader.read_game(stream_->builder))) {
    }
    stream_->sink.batch = nullptr;
    if (hooks_.consumed) hooks_.consumed(in_->input());
    if (!more) reached_end_ = true;
    if (!more || stopped()) input_done_ = true;
    return b;
  }

  const PipelineOptions& opts_;
  const PipelineHooks& hooks_;
  const std::vector<std::string>& paths_;
  Numbering& numbering_;
  std::mutex mutex_;
  std::size_t ahead_ = 1;
  std::deque<std::unique_ptr<DecodedBytes>> open_;  // inputs [next_open_ - size, next_open_)
  std::size_t next_open_ = 0;
  std::size_t index_ = 0;  // the input being read
  std::unique_ptr<DecodedBytes> in_;
  bool input_done_ = false;   // its last batch was handed out
  bool reached_end_ = false;  // its reading got to the end (or to a fault)
  bool first_ = false;        // the next batch is the input's first
  std::string carry_;         // the text after the last cut, and where it starts
  std::uint64_t carry_line_ = 1, carry_byte_ = 0;
  std::unique_ptr<Stream> stream_;
  std::vector<InputSummary> summaries_;
  std::uint64_t sequence_ = 0;
};

}  // namespace

std::vector<InputSummary> run_pipeline(const std::vector<std::string>& paths,
                                       const PipelineOptions& options,
                                       const std::function<GameConsumer&(int)>& consumer_for,
                                       const PipelineHooks& hooks) {
  const int workers = options.threads < 1 ? 1 : options.threads;
  // Each worker has its own batches: a batch's text and records stay in one core's cache.
  constexpr int kBatchesPerWorker = 3;
  std::vector<std::unique_ptr<Batch>> batches;
  std::vector<std::unique_ptr<BatchQueue>> free(static_cast<std::size_t>(workers));
  for (auto& q : free) {
    q = std::make_unique<BatchQueue>(true);
    for (int i = 0; i < kBatchesPerWorker; ++i) {
      batches.push_back(std::make_unique<Batch>());
      batches.back()->home = q.get();
      q->push(batches.back().get());
    }
  }
  OrderedWriter writer(hooks, options.max_games);
  Numbering numbering(paths.size(), options.max_games);
  Feeder feeder(options, hooks, paths, numbering, workers);

  // Each worker takes the next piece, reads and replays it; this thread is worker 0.
  const auto work = [&](int w) {
    Worker worker(options, paths, consumer_for(w), numbering, writer);
    while (Batch* b = feeder.next(*free[static_cast<std::size_t>(w)])) worker.process(*b);
  };
  std::vector<std::thread> threads;
  for (int w = 1; w < workers; ++w) threads.emplace_back(work, w);
  work(0);
  for (auto& t : threads) t.join();

  std::vector<InputSummary> summaries = feeder.take_summaries();
  for (std::size_t i = 0; i < summaries.size(); ++i) summaries[i].games = numbering.games_of(i);
  numbering.stopped_early(summaries);
  return summaries;
}

}  // namespace rochade::run
