// The pipeline's moving parts (internal to pipeline.cpp): batches, the queues they circulate in,
// the numbering of games in input order, and the writer that puts outputs back in order.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "analysis/dedup.hpp"
#include "analysis/game_record.hpp"
#include "pgn/text_buffer.hpp"
#include "run/pipeline.hpp"

namespace rochade::run::detail {

using analysis::GameKey;
using analysis::GameRecord;

// A piece of one input: either its text, cut where a game starts (pgn/splitter.hpp), read on a
// worker; or games already read by the worker that cut it (an input with nowhere to cut).
class BatchQueue;

struct Batch {
  BatchQueue* home = nullptr;  // the free list it returns to (its worker's: memory stays warm)
  std::uint64_t sequence = 0;  // order of all batches of the run
  std::uint32_t input = 0;
  bool first = false;    // the first batch of its input: game numbers start again
  bool parsed = false;   // records[0, count) are filled already
  // The run stopped (an interrupt, a closed output, --max-games) while the piece was read: its
  // text ends wherever the reading stopped, not where a game ends, so what it says about the
  // text (skipped text that is not a game) is not reported.
  bool cut_short = false;
  // The input's reading failed right after this batch's text (a cut or damaged file): its last
  // game is cut off (mark_cut_off), and cut_line says where it starts once it was replayed.
  bool ends_in_error = false;
  std::uint64_t cut_line = 0;
  pgn::TextBuffer text;  // the piece of input, parsed where it lies
  std::uint64_t first_line = 1, first_byte = 0;  // of text[0] in the decoded input

  std::vector<GameRecord> records;
  std::size_t count = 0;                // games in records
  std::vector<InputEvent> skipped;      // text between games that is not PGN, in order
  std::vector<std::size_t> skipped_at;  // games of the batch before each
  std::uint64_t base = 0;               // games of the input before this batch
  std::uint64_t before = 0;             // games of the run before this batch
  std::size_t limit = 0;                // games of this batch to replay (--max-games)
  std::vector<GameKey> keys;            // --dedup: the key of each game
  std::vector<std::uint8_t> duplicate;  // --dedup: 1 where the game was seen before
  std::string output;

  void reset(std::uint64_t seq, std::uint32_t in, bool is_first) {
    sequence = seq;
    input = in;
    first = is_first;
    parsed = false;
    cut_short = false;
    ends_in_error = false;
    cut_line = 0;
    text.clear();
    first_line = 1;
    first_byte = 0;
    count = 0;
    skipped.clear();
    skipped_at.clear();
    base = 0;
    before = 0;
    limit = 0;
    keys.clear();
    duplicate.clear();
    output.clear();
  }
  GameRecord& next_record() {
    if (count == records.size()) records.emplace_back();
    return records[count++];
  }
  // With ends_in_error: the batch's last game is cut off by the input's fault, unless it ended
  // with its result (the fault came after it) or text that is not a game came after it.
  void mark_cut_off() {
    if (!ends_in_error || count == 0) return;
    if (!skipped_at.empty() && skipped_at.back() == count) return;
    GameRecord& last = records[count - 1];
    if (last.result().empty()) last.cut_off = true;
  }
};

// A queue with a fixed number of batches in circulation: memory does not grow with the input.
// A stack when lifo (the free batches: the one used last is warm in the cache).
class BatchQueue {
 public:
  explicit BatchQueue(bool lifo = false) : lifo_(lifo) {}
  void push(Batch* b);
  // nullptr once closed and empty. With `spin`, an empty queue is watched a moment
  // (spin_until) before the caller sleeps.
  Batch* pop(bool spin = false);
  void close();

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Batch*> items_;
  std::atomic<bool> ready_{false};  // items or closed: pop() would not wait
  bool closed_ = false;
  bool lifo_ = false;
};

// Counts each batch's games in sequence order: the games of its input before it, the games of
// each input, the --max-games limit.
//
// Numbers first (RunModes::numbers_first): number() gives a batch the number of games before it
// in its input before its replay, strictly in sequence order. A worker whose batch is read before
// an earlier one is numbered reads another meanwhile, and waits only when all its batches are
// read (pipeline.cpp). The earliest batch not numbered is the first of its worker's, which
// numbers it once it has taken and read the batch it may be after; that waits only on the input
// and on batches numbered already: never a deadlock. With --dedup it also decides, in that order,
// which games were seen before: the same for any number of workers.
//
// Otherwise the writer counts each batch after its replay, in sequence order (OrderedWriter),
// and no worker waits. Either way each batch's base is kept, by sequence, so that after the run
// take_numbers() turns any game's ref (ref_key) into its number: eight bytes per batch.
class Numbering {
 public:
  Numbering(std::uint64_t max_games, bool dedup) : max_(max_games), dedup_(dedup) {}
  void number(Batch& b, bool spin = false);  // spin: as BatchQueue::pop
  void count(std::uint32_t input, bool first, std::size_t n);  // the writer's, numbers after
  // b is next: number(b) would not wait.
  bool ready(const Batch& b) const { return next_.load(std::memory_order_acquire) == b.sequence; }
  std::uint64_t games_of(std::size_t input) const;
  std::uint64_t duplicates() const { return duplicates_; }  // after the run
  bool full() const;                                        // --max-games reached
  std::uint64_t max() const { return max_; }
  // After the run: the input --max-games stopped inside is incomplete ("stopped early"); those
  // after it are "not read", however far the cutting got into them. `unfinished`: the inputs
  // whose cutting stopped before their end.
  void stopped_early(std::vector<InputSummary>& summaries,
                     const std::vector<bool>& unfinished) const;
  GameNumbers take_numbers() { return std::move(numbers_); }  // after the run

 private:
  // The next batch in sequence order has n games: counts them, returns the games of its input
  // before it (mutex_ held).
  std::uint64_t add_games(std::uint32_t input, bool first, std::uint64_t n);

  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::atomic<std::uint64_t> next_{0};  // written under mutex_
  std::uint64_t in_input_ = 0;
  std::uint64_t total_ = 0;
  std::vector<std::uint64_t> per_input_;  // grows as inputs come up
  std::uint64_t max_;
  std::size_t full_at_ = static_cast<std::size_t>(-1);
  bool cut_short_ = false;  // games of input full_at_ were left after the last one counted
  bool dedup_;
  analysis::SeenGames seen_;
  std::uint64_t duplicates_ = 0;
  GameNumbers numbers_;
};

// The key of game `index` of the batch `sequence` (GameRef::key): the batches of an input have
// increasing sequence numbers, so keys order its games as their numbers do. (Four billion
// batches of 64 KiB, 256 TiB, before the sequence needs more than its 32 bits.)
inline std::uint64_t ref_key(std::uint64_t sequence, std::size_t index) {
  return (sequence << 32) | static_cast<std::uint64_t>(index);
}

// One step of a spin: the CPU's hint that this thread is spinning (x86 `pause`, tens of ns). No
// yield between steps: spinning is only for no more workers than cores, where a spinner does not
// share its core with the thread it waits for (docs/BENCHMARKS.md, "Tried and not kept").
inline void spin_step() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// About 0.3 ms of spin steps: a worker waiting for the numbering or for a free batch waits for
// another worker's batch, hundreds of µs, so a shorter spin mostly ends in a sleep all the same
// (docs/BENCHMARKS.md, "Decisions that hold").
inline constexpr int kSpins = 10000;

// Watches `done` up to kSpins times before the caller goes to sleep waiting for it. A thread put
// to sleep and woken from another core loses tens of µs before it runs (more on a VM whose idle
// CPUs halt), and the kernel tends to wake it on the waker's core, where the two then take turns
// while another core idles (docs/BENCHMARKS.md). Only where there are no more workers than cores:
// the spinning core has nothing else to do.
template <class Done>
bool spin_until(const Done& done) {
  for (int i = 0; i < kSpins; ++i) {
    if (done()) return true;
    spin_step();
  }
  return done();
}

// A mutex whose waiter may spin (spin_until) before it sleeps. The cutter's lock is held about
// 20 µs while a piece of plain text is cut. The owner says when to spin: not with more workers
// than cores, and not while a piece may take a decoding or a wait for the decoding thread under
// the lock.
class SpinningMutex {
 public:
  void lock() {
    if (spin_.load(std::memory_order_relaxed) && spin_until([this] { return m_.try_lock(); }))
      return;
    m_.lock();
  }
  bool try_lock() { return m_.try_lock(); }
  void unlock() { m_.unlock(); }
  void spin(bool on) { spin_.store(on, std::memory_order_relaxed); }

 private:
  std::mutex m_;
  std::atomic<bool> spin_{false};
};

// Writes batch outputs, reports their skipped text and, numbers after, counts their games
// (Numbering::count), strictly in sequence order. A batch with
// nothing to write or report (`stats`: no output, and text between games is rare) goes back to
// its worker at once, even before earlier batches are written: only its count waits for its turn.
// Held until then, it kept a worker whose batches were all done waiting for another worker's
// batch to be replayed, where only that batch's reading (its numbering) is needed.
class OrderedWriter {
 public:
  // `count_after`: the numbering, where batches are counted after their replay; else null.
  OrderedWriter(RunEvents& events, std::uint64_t max_games, Progress* progress,
                Numbering* count_after)
      : events_(events), max_(max_games), progress_(progress), count_after_(count_after) {}
  void done(Batch* b);  // then b goes back to b->home
  // The line of the first text that is not PGN reported for an input, 0 when none was.
  std::uint64_t first_skipped_line(std::size_t input) const {
    return input < first_skipped_.size() ? first_skipped_[input] : 0;
  }
  // The line where the game an input's fault cut off starts, 0 when none was (Batch::cut_line).
  std::uint64_t cut_line(std::size_t input) const {
    return input < cut_lines_.size() ? cut_lines_[input] : 0;
  }

 private:
  struct Done {
    Batch* batch = nullptr;  // null: nothing to write, given back already
    std::size_t games = 0;   // its games replayed (Batch::limit)
    std::uint32_t input = 0;  // for count_after_
    bool first = false;
  };
  RunEvents& events_;
  std::mutex mutex_;
  std::map<std::uint64_t, Done> pending_;
  std::uint64_t next_ = 0;
  std::uint64_t games_ = 0;
  std::uint64_t max_;
  Progress* progress_;
  Numbering* count_after_;
  std::vector<std::uint64_t> first_skipped_;  // by input
  std::vector<std::uint64_t> cut_lines_;      // by input
};

}  // namespace rochade::run::detail
