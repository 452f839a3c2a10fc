// Decoding ahead: an input decoded on its own thread into a bounded queue of blocks, so that with
// many workers several inputs (.zst archives, say) are decoded at once while the pipeline's
// workers cut the current one. Where the workers have every core, the current input's thread
// hands its decoding over to them (hand_over): they decode a little ahead between their batches.
// The bytes come out exactly as io::Input::read gives them.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "io/input.hpp"

namespace rochade::run {

// Bytes the cutter asks of an input at a time, and the size of a Prefetch's blocks.
inline constexpr std::size_t kReadBlock = std::size_t{64} << 10;

// Where the worker that cuts gets an input's decoded bytes: straight from the io::Input, or from a
// Prefetch that decodes it ahead (on its own thread, or after hand_over() in the workers).
class DecodedBytes {
 public:
  virtual ~DecodedBytes() = default;
  virtual std::size_t read(char* dst, std::size_t n) = 0;  // 0 at the end (or on an error)
  // The input; its error() is final once read() has returned 0, or after stop().
  virtual const io::Input& input() const = 0;
  // No more reading (an input left before its end): stops any decoding ahead, so that input()
  // no longer changes.
  virtual void stop() {}
  // From now on the callers decode: read(), and help() from any thread.
  virtual void hand_over() {}
  // After hand_over(): decodes a little ahead, unless another thread is decoding (never waits).
  virtual void help() {}
  // read() may decode, or wait for the decoding thread: it can take far longer than a copy.
  virtual bool decodes() const { return false; }
};

class DirectBytes : public DecodedBytes {
 public:
  explicit DirectBytes(std::unique_ptr<io::Input> in) : in_(std::move(in)) {}
  std::size_t read(char* dst, std::size_t n) override { return in_->read(dst, n); }
  const io::Input& input() const override { return *in_; }
  bool decodes() const override { return in_->compression() != io::Compression::plain; }  // stdin

 private:
  std::unique_ptr<io::Input> in_;
};

class Prefetch : public DecodedBytes {
 public:
  // Starts decoding at once; at most `blocks` blocks of `block_size` bytes wait in memory. Blocks
  // the size of the cutter's reads, 1 MiB ahead in all, about what one core's L2 cache holds: a
  // block decoded megabytes ahead has left the cache when it is read (docs/BENCHMARKS.md).
  Prefetch(std::unique_ptr<io::Input> in, std::size_t blocks = 16,
           std::size_t block_size = kReadBlock);
  ~Prefetch() override;  // stops the decoding thread
  Prefetch(const Prefetch&) = delete;
  Prefetch& operator=(const Prefetch&) = delete;

  std::size_t read(char* dst, std::size_t n) override;
  const io::Input& input() const override { return *in_; }
  void stop() override;  // joins the decoding thread, and waits for any helper's block
  // Joins the decoding thread: with a worker on every core, a thread of its own takes turns with
  // the workers on their cores, and each of its turns holds up a worker the others may wait for
  // (docs/BENCHMARKS.md). read() decodes when nothing waits; help() keeps ahead.
  void hand_over() override;
  void help() override;  // up to two blocks, while fewer than half the blocks wait
  bool decodes() const override { return true; }

 private:
  struct Block {
    std::unique_ptr<char[]> bytes;  // block_size_ of them, never zeroed
    std::size_t size = 0;
  };
  void run();
  bool decode_block();  // the next block into full_ (or the end); decode_mutex_ held
  void decode_now();    // decode_block() once no one else decodes

  std::unique_ptr<io::Input> in_;
  std::size_t block_size_;
  std::size_t blocks_;
  std::mutex decode_mutex_;  // one decoding at a time: the thread, or after hand_over a worker
  std::mutex mutex_;         // the queues and flags
  std::condition_variable cv_;
  std::deque<Block> full_;
  std::vector<Block> free_;
  bool done_ = false;         // the decoding read the end (or an error)
  bool stop_ = false;         // asked to stop
  bool handed_over_ = false;  // the callers decode
  Block current_;
  std::size_t at_ = 0;  // bytes of current_ already read
  std::thread thread_;
};

}  // namespace rochade::run
