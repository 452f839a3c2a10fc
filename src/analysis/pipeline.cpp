#include "analysis/pipeline.hpp"

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "io/input.hpp"
#include "pgn/input_source.hpp"
#include "pgn/reader.hpp"

namespace rochade::analysis {

namespace {

struct Batch {
  std::uint64_t sequence = 0;
  std::vector<GameRecord> records;
  std::size_t count = 0;
  std::string output;
};

// A queue with a fixed number of batches in circulation: memory does not grow with the input.
class BatchQueue {
 public:
  void push(Batch* b) {
    {
      std::lock_guard lock(mutex_);
      items_.push_back(b);
    }
    cv_.notify_one();
  }
  Batch* pop() {  // nullptr once closed and empty
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return !items_.empty() || closed_; });
    if (items_.empty()) return nullptr;
    Batch* b = items_.front();
    items_.pop_front();
    return b;
  }
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    cv_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Batch*> items_;
  bool closed_ = false;
};

// Writes batch outputs strictly in sequence order.
class OrderedWriter {
 public:
  OrderedWriter(const std::function<void(std::string_view)>& write, BatchQueue& free)
      : write_(write), free_(free) {}
  void done(Batch* b) {
    std::lock_guard lock(mutex_);
    pending_[b->sequence] = b;
    for (auto it = pending_.begin(); it != pending_.end() && it->first == next_;
         it = pending_.erase(it)) {
      if (write_ && !it->second->output.empty()) write_(it->second->output);
      ++next_;
      free_.push(it->second);
    }
  }

 private:
  const std::function<void(std::string_view)>& write_;
  BatchQueue& free_;
  std::mutex mutex_;
  std::map<std::uint64_t, Batch*> pending_;
  std::uint64_t next_ = 0;
};

// Builds records from the reader and hands full batches on.
class BatchingSink : public RecordSink {
 public:
  BatchingSink(const PipelineOptions& opts, const std::function<void(Batch*)>& full,
               BatchQueue& free, const PipelineHooks& hooks)
      : opts_(opts), full_(full), free_(free), hooks_(hooks) {}

  void game(GameRecord& record) override {
    if (!batch_) {
      batch_ = free_.pop();
      batch_->sequence = sequence_++;
      batch_->count = 0;
      batch_->output.clear();
      if (batch_->records.size() < opts_.batch_games) batch_->records.resize(opts_.batch_games);
    }
    std::swap(batch_->records[batch_->count++], record);
    ++games_;
    if (batch_->count == opts_.batch_games) flush();
  }
  void skipped(std::uint32_t input, const pgn::ParseError& e) override {
    if (hooks_.skipped) hooks_.skipped({input, path_, e});
  }
  void flush() {
    if (batch_) full_(batch_);
    batch_ = nullptr;
  }
  std::uint64_t games() const { return games_; }
  void set_path(const std::string& p) { path_ = p; }

 private:
  const PipelineOptions& opts_;
  const std::function<void(Batch*)>& full_;
  BatchQueue& free_;
  const PipelineHooks& hooks_;
  Batch* batch_ = nullptr;
  std::uint64_t sequence_ = 0;
  std::uint64_t games_ = 0;
  std::string path_;
};

void process(Batch& b, Replayer& replayer, GameAnalysis& analysis, GameConsumer& consumer) {
  for (std::size_t i = 0; i < b.count; ++i) {
    replayer.run(b.records[i], analysis);
    consumer.game(b.records[i], analysis, b.output);
  }
}

bool cancelled(const PipelineOptions& o) {
  return o.cancel && o.cancel->load(std::memory_order_relaxed);
}

}  // namespace

std::vector<InputSummary> run_pipeline(const std::vector<std::string>& paths,
                                       const PipelineOptions& options,
                                       const std::function<GameConsumer&(int)>& consumer_for,
                                       const PipelineHooks& hooks) {
  const int workers = options.threads < 1 ? 1 : options.threads;
  const std::size_t pool = static_cast<std::size_t>(workers) * 3 + 2;
  std::vector<std::unique_ptr<Batch>> batches(pool);
  BatchQueue free, work;
  for (auto& b : batches) {
    b = std::make_unique<Batch>();
    free.push(b.get());
  }
  OrderedWriter writer(hooks.write, free);

  // -j1: replay on this thread, right after each batch fills.
  Replayer inline_replayer;
  GameAnalysis inline_analysis;
  std::function<void(Batch*)> full;
  std::vector<std::thread> threads;
  if (workers == 1) {
    full = [&](Batch* b) {
      process(*b, inline_replayer, inline_analysis, consumer_for(0));
      writer.done(b);
    };
  } else {
    full = [&](Batch* b) { work.push(b); };
    for (int w = 0; w < workers; ++w) {
      threads.emplace_back([&, w] {
        Replayer replayer;
        GameAnalysis analysis;
        GameConsumer& consumer = consumer_for(w);
        while (Batch* b = work.pop()) {
          process(*b, replayer, analysis, consumer);
          writer.done(b);
        }
      });
    }
  }

  BatchingSink sink(options, full, free, hooks);
  std::vector<InputSummary> summaries;
  pgn::ReaderOptions ropts;
  ropts.capture_raw = options.capture_raw;
  bool stop = false;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    InputSummary sum;
    sum.path = paths[i];
    if (stop) {
      sum.complete = false;
      sum.error = "not read (stopped early)";
      summaries.push_back(std::move(sum));
      continue;
    }
    const auto input = io::Input::open(paths[i]);
    if (hooks.opened) hooks.opened(i, *input);
    sum.compression = std::string(io::compression_name(input->compression()));
    sink.set_path(paths[i]);
    RecordBuilder builder(sink, static_cast<std::uint32_t>(i));
    pgn::InputSource source(*input);
    pgn::Reader reader(source, ropts);
    const std::uint64_t before = sink.games();
    while (reader.read_game(builder)) {
      if (hooks.games_read) hooks.games_read(sink.games());
      if ((options.max_games && sink.games() >= options.max_games) || cancelled(options) ||
          (options.enough && options.enough->load(std::memory_order_relaxed))) {
        stop = true;
        break;
      }
    }
    sum.games = sink.games() - before;
    sum.bytes = input->size() ? input->size() : input->consumed();
    if (const auto& err = input->error()) {
      sum.complete = false;
      sum.error = err->message + " (at byte " + std::to_string(err->offset) + " of the file)";
    } else if (stop && cancelled(options)) {
      sum.complete = false;
      sum.error = "interrupted";
    }
    summaries.push_back(std::move(sum));
  }
  sink.flush();
  work.close();
  for (auto& t : threads) t.join();
  return summaries;
}

}  // namespace rochade::analysis
