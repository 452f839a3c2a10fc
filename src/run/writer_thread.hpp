// A stage of the run for an output slower than the workers (the SQLite database of
// `games --format sqlite`): the games' text, handed over in input order, is gathered into
// batches that a thread of its own gives to a sink, so the workers do not wait for the sink while
// it keeps up. A few batches may wait; past them, the hand-over blocks until the sink catches up.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace rochade::run {

class WriterThread {
 public:
  // What the thread gives the batches to.
  class Sink {
   public:
    virtual ~Sink() = default;
    // One batch (whole hand-overs, in their order), on the writer thread. False: the sink failed
    // (it keeps the reason) and is given nothing more.
    virtual bool write(std::string_view batch) = 0;
  };

  // Starts the thread. `batch_bytes`: text gathered before a batch is handed over; `max_queued`:
  // batches that may wait for the sink.
  explicit WriterThread(Sink& sink, std::size_t batch_bytes = std::size_t{1} << 20,
                        std::size_t max_queued = 8);
  ~WriterThread();  // stops the thread; batches still waiting are dropped
  WriterThread(const WriterThread&) = delete;
  WriterThread& operator=(const WriterThread&) = delete;

  // Text for the sink, in order (one thread at a time). Blocks while max_queued batches wait;
  // after the sink failed, the text is dropped at once.
  void write(std::string_view text);
  // Hands over what is left and waits until the sink had all of it (or failed). False when the
  // sink failed.
  bool finish();

 private:
  void run();
  void push(std::string batch);

  Sink& sink_;
  const std::size_t batch_bytes_;
  const std::size_t max_queued_;
  std::string pending_;  // the batch being filled (the writing thread's)

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> queue_;  // batches for the thread
  bool done_ = false;              // no more batches will come
  bool failed_ = false;            // the sink said so
  std::thread thread_;
};

}  // namespace rochade::run
