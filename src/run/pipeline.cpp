#include "run/pipeline.hpp"

#include <algorithm>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include "analysis/dedup.hpp"
#include "pgn/reader.hpp"
#include "run/cutter.hpp"
#include "run/input_queue.hpp"
#include "run/pipeline_parts.hpp"

namespace rochade::run {

namespace {

using analysis::GameAnalysis;
using analysis::GameRecord;
using analysis::RecordBuilder;
using analysis::Replayer;
using detail::Batch;
using detail::BatchQueue;
using detail::Numbering;
using detail::OrderedWriter;

bool flag(const std::atomic<bool>* f) { return f != nullptr && f->load(std::memory_order_relaxed); }

// Reads pieces and replays their games.
class Worker {
 public:
  Worker(const PipelineOptions& o, const RunModes& modes, const InputNames& names,
         GameConsumer& consumer, RunEvents& events, Numbering& numbering, OrderedWriter& writer)
      : opts_(o),
        numbers_first_(modes.numbers_first),
        consumer_(consumer),
        events_(events),
        numbering_(numbering),
        writer_(writer),
        sink_(names),
        builder_(sink_, analysis::RunInput{}) {
    builder_.read_clocks(o.read_clocks);
  }

  // Reads the batch's games (a stream batch was read by the cutter).
  void read(Batch& b) {
    if (!b.parsed) read_piece(b);
  }

  // Numbers first: numbers the batch's games in input order (with `spin`, a wait for it spins
  // first). Then replays them and hands the batch to the writer, which counts it there where it
  // was not numbered first. Either way each game gets its ref.
  void finish(Batch& b, bool spin) {
    if (numbers_first_) {
      if (opts_.dedup) {  // the keys here, in parallel; which are new, in input order
        b.keys.resize(b.count);
        for (std::size_t i = 0; i < b.count; ++i) b.keys[i] = analysis::game_key(b.records[i]);
      }
      numbering_.number(b, spin);
    } else {
      b.limit = b.count;
    }
    if (!flag(opts_.cancel) && !flag(opts_.output_closed)) {
      for (std::size_t i = 0; i < b.limit; ++i) {
        if (b.records[i].cut_off) b.cut_line = b.records[i].pos.line;  // the input's error says
        if (opts_.dedup && b.duplicate[i] != 0) continue;
        GameRecord& r = b.records[i];
        r.number = numbers_first_ ? b.base + i + 1 : 0;
        r.ref = {analysis::RunInput{b.input}, detail::ref_key(b.sequence, i)};
        if (!events_.accept(r)) {  // --where: counted, not analysed
          consumer_.filtered(r);
          continue;
        }
        replayer_.run(r, analysis_);
        consumer_.game(r, analysis_, b.output);
      }
    }
    writer_.done(&b);
  }

 private:
  void read_piece(Batch& b) {
    pgn::ReaderOptions ro;
    ro.capture_raw = opts_.capture_raw;
    ro.first_line = b.first_line;
    ro.first_byte = b.first_byte;
    reader_.restart_in_place(b.text, ro);
    sink_.batch = &b;
    builder_.set_input(analysis::RunInput{b.input});
    // The records view their tags and moves in the piece instead of copying them: the batch
    // keeps its text unchanged until its records are replayed and it is handed back.
    builder_.borrow(b.text.view());
    while (reader_.read_game(builder_)) {
    }
    builder_.borrow({});
    sink_.batch = nullptr;
    b.mark_cut_off();
  }

  const PipelineOptions& opts_;
  const bool numbers_first_;
  GameConsumer& consumer_;
  RunEvents& events_;
  Numbering& numbering_;
  OrderedWriter& writer_;
  BatchSink sink_;
  RecordBuilder builder_;
  pgn::Reader reader_;
  Replayer replayer_;
  GameAnalysis analysis_;
};

// The next batch for whichever worker asks, one at a time: the input queue says which input,
// the cutter cuts its text. The bytes of a piece are read on the core that then replays them,
// and no thread sleeps and wakes per piece. With a worker on every core, the current input is
// decoded by the workers too: between batches, each helps keep it decoded ahead.
class Feed {
 public:
  Feed(const PipelineOptions& o, const RunModes& modes, RunEvents& events,
       const std::vector<io::InputSpec>& specs, InputNames& names, Numbering& numbering,
       int workers)
      : opts_(o),
        numbering_(numbering),
        // Inputs decoded ahead on their own threads (not stdin: it could block a stop).
        queue_(specs,
               o.decoders > 0 ? static_cast<std::size_t>(o.decoders)
                              : 1 + static_cast<std::size_t>(workers) / 8,
               names, events, o.progress),
        cutter_(o, names),
        spin_(modes.spin),
        hand_over_(modes.hand_over) {}

  // The next batch in input order, taken from the caller's free list, or nullptr when every
  // input was read (or the run stopped).
  Batch* next(BatchQueue& free) {
    // Taken before the lock: a worker waiting for one of its batches to come back does not
    // hold up the others.
    Batch* b = free.pop(spins());
    std::lock_guard lock(mutex_);
    for (;;) {
      if (!current_) {
        current_ = queue_.next(stopped(), !flag(opts_.cancel) && numbering_.full());
        if (!current_) {
          free.push(b);
          return nullptr;
        }
        cutter_.start(*current_, queue_.index());
        spinning_.store(spin_ && !current_->decodes(), std::memory_order_relaxed);
        mutex_.spin(spins());
        first_ = true;
        if (hand_over_) {
          current_->hand_over();
          const std::lock_guard helping(help_mutex_);
          helped_ = current_;
        }
      }
      if (!cutter_.done()) {
        b->reset(sequence_++, queue_.index(), first_);
        first_ = false;
        cutter_.next(*b, &Feed::stopped_fn, this);
        return b;
      }
      if (helped_ != nullptr) {
        const std::lock_guard helping(help_mutex_);  // after any worker's help
        helped_ = nullptr;
      }
      queue_.close(cutter_.reached_end(), flag(opts_.cancel));
      current_ = nullptr;
    }
  }

  // Between batches: decodes a little of the current input ahead, where the workers decode it and
  // no other worker is at it (never waits).
  void decode_ahead() {
    if (!hand_over_) return;  // no lock to try between batches when an input's thread decodes
    const std::unique_lock helping(help_mutex_, std::try_to_lock);
    if (helping.owns_lock() && helped_ != nullptr) helped_->help();
  }

  // A worker waiting for another may spin first (detail::spin_until): where there are no more
  // workers than cores, and the current input is read without decoding (a piece of it may take a
  // decoding, or a wait for the decoding thread, under the cutter's lock: spinning is slower).
  bool spins() const { return spinning_.load(std::memory_order_relaxed); }
  InputQueue& inputs() { return queue_; }  // after the run: what each input gave

 private:
  bool stopped() const {
    return flag(opts_.cancel) || flag(opts_.output_closed) || numbering_.full();
  }
  static bool stopped_fn(const void* self) { return static_cast<const Feed*>(self)->stopped(); }

  const PipelineOptions& opts_;
  Numbering& numbering_;
  InputQueue queue_;
  Cutter cutter_;
  detail::SpinningMutex mutex_;  // the cutter's: held while a piece is cut
  const bool spin_;              // no more workers than cores: waiters may spin (SpinningMutex)
  std::atomic<bool> spinning_{false};  // spin_, and the current input does not decode
  DecodedBytes* current_ = nullptr;
  const bool hand_over_;            // the workers decode the current input
  std::mutex help_mutex_;           // held while helping, and while helped_ changes
  DecodedBytes* helped_ = nullptr;  // the current input, where the workers decode it
  bool first_ = false;              // the next batch is the input's first
  std::uint64_t sequence_ = 0;
};

}  // namespace

RunModes decide_modes(const PipelineOptions& options, int workers, int cores) {
  RunModes m;
  m.numbers_first = options.numbers_during_run || options.dedup || options.max_games != 0;
  m.spin = workers >= 2 && workers <= cores;
  m.hand_over = workers >= 2 && workers >= cores;
  return m;
}

PipelineResult run_pipeline(const std::vector<io::InputSpec>& specs, const PipelineOptions& options,
                            const ConsumerFor& consumer_for, RunEvents& events) {
  const int workers = options.threads < 1 ? 1 : options.threads;
  // Each worker has its own batches: a batch's text and records stay in one core's cache. Two:
  // one to read on into while the other waits for its numbering (one alone leaves the worker
  // idle in that wait). A third costs more in memory first touched and in colder caches than it
  // saves in waits (docs/BENCHMARKS.md, "Decisions that hold").
  constexpr std::size_t kBatchesPerWorker = 2;
  std::vector<std::unique_ptr<Batch>> batches;
  std::vector<std::unique_ptr<BatchQueue>> free(static_cast<std::size_t>(workers));
  for (auto& q : free) {
    q = std::make_unique<BatchQueue>(true);
    for (std::size_t i = 0; i < kBatchesPerWorker; ++i) {
      batches.push_back(std::make_unique<Batch>());
      batches.back()->home = q.get();
      q->push(batches.back().get());
    }
  }
  InputNames own_names;
  InputNames& names = options.names != nullptr ? *options.names : own_names;
  Numbering numbering(options.max_games, options.dedup);
  // Read once: machine_cores() looks at the CPU affinity and the cgroup files.
  const RunModes modes =
      decide_modes(options, workers, options.cores > 0 ? options.cores : machine_cores());
  OrderedWriter writer(events, options.max_games, options.progress,
                       modes.numbers_first ? nullptr : &numbering);
  Feed feed(options, modes, events, specs, names, numbering, workers);

  // Each worker takes the next piece, reads and replays it; this thread is worker 0. Numbers
  // first: a batch's games are numbered only after every earlier batch's; while its earliest
  // batch read waits for that, a worker reads another rather than sleep (up to all its batches).
  // Otherwise each batch is replayed as soon as it is read.
  const auto work = [&](int w, Batch* first) {
    Worker worker(options, modes, names, consumer_for(w), events, numbering, writer);
    BatchQueue& mine = *free[static_cast<std::size_t>(w)];
    std::deque<Batch*> waiting;  // read, not numbered yet, in input order
    bool more = true;
    for (;;) {
      if (more && (waiting.empty() || (modes.numbers_first && waiting.size() < kBatchesPerWorker &&
                                       !numbering.ready(*waiting.front())))) {
        if (Batch* b = first != nullptr ? std::exchange(first, nullptr) : feed.next(mine)) {
          worker.read(*b);
          waiting.push_back(b);
          continue;
        }
        more = false;
      }
      if (waiting.empty()) break;
      worker.finish(*waiting.front(), feed.spins());
      waiting.pop_front();
      feed.decode_ahead();
    }
  };
  // The first input is opened and its first piece cut before the other workers start: a worker
  // that finds the cutter's lock held that long goes to sleep, and the kernel tends to wake it on
  // this thread's core, where the two take turns for milliseconds while another core idles
  // (docs/BENCHMARKS.md, "Decisions that hold").
  Batch* first = feed.next(*free[0]);
  std::vector<std::thread> threads;
  for (int w = 1; w < workers; ++w) threads.emplace_back(work, w, nullptr);
  work(0, first);
  for (auto& t : threads) t.join();

  PipelineResult result;
  result.inputs = feed.inputs().take_summaries();
  result.spec_of = feed.inputs().take_specs();
  for (std::size_t i = 0; i < result.inputs.size(); ++i) {
    InputSummary& s = result.inputs[i];
    s.games = numbering.games_of(i);
    // Text without a single game, but not blank (an HTML page or a log saved as .pgn): not PGN,
    // an error like a PDF's (docs/CLI.md). An empty or blank input is 0 games and no error.
    if (const std::uint64_t line = writer.first_skipped_line(i);
        s.complete() && s.games == 0 && line != 0) {
      s.outcome = InputOutcome::failed;
      s.error = "not PGN text: no game in it (line " + std::to_string(line) + " is not PGN)";
    }
    // The fault cut the input's last game (the last one counted): the error says which.
    if (const std::uint64_t line = writer.cut_line(i);
        s.outcome == InputOutcome::failed && line != 0 && s.games != 0)
      s.error += "; the last game (game " + std::to_string(s.games) + ", from line " +
                 std::to_string(line) + ") is cut off by it and not replayed";
  }
  numbering.stopped_early(result.inputs, feed.inputs().unfinished());
  result.duplicates = numbering.duplicates();
  result.numbers = numbering.take_numbers();
  return result;
}

}  // namespace rochade::run
