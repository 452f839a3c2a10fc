// Decoding ahead: an input decoded on its own thread into a bounded queue of blocks, so that with
// many workers several inputs (.zst archives, say) are decoded at once while the pipeline's
// workers cut the current one. The bytes come out exactly as io::Input::read gives them.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "io/input.hpp"

namespace rochade::run {

// Bytes the cutter asks of an input at a time, and the size of a Prefetch's blocks.
inline constexpr std::size_t kReadBlock = std::size_t{64} << 10;

// Where the worker that cuts gets an input's decoded bytes: straight from the io::Input, or from a
// Prefetch that decodes it on another thread.
class DecodedBytes {
 public:
  virtual ~DecodedBytes() = default;
  virtual std::size_t read(char* dst, std::size_t n) = 0;  // 0 at the end (or on an error)
  // The input; its error() is final once read() has returned 0, or after stop().
  virtual const io::Input& input() const = 0;
  // No more reading (an input left before its end): stops any decoding ahead, so that input()
  // no longer changes.
  virtual void stop() {}
};

class DirectBytes : public DecodedBytes {
 public:
  explicit DirectBytes(std::unique_ptr<io::Input> in) : in_(std::move(in)) {}
  std::size_t read(char* dst, std::size_t n) override { return in_->read(dst, n); }
  const io::Input& input() const override { return *in_; }

 private:
  std::unique_ptr<io::Input> in_;
};

class Prefetch : public DecodedBytes {
 public:
  // Starts decoding at once; at most `blocks` blocks of `block_size` bytes wait in memory. Blocks
  // the size of the cutter's reads, 1 MiB ahead in all: 8 blocks of 1 MiB made .zst runs at -j2
  // 5-10 % slower (docs/BENCHMARKS.md, session 10).
  Prefetch(std::unique_ptr<io::Input> in, std::size_t blocks = 16,
           std::size_t block_size = kReadBlock);
  ~Prefetch() override;  // stops the decoding thread
  Prefetch(const Prefetch&) = delete;
  Prefetch& operator=(const Prefetch&) = delete;

  std::size_t read(char* dst, std::size_t n) override;
  const io::Input& input() const override { return *in_; }
  void stop() override;  // joins the decoding thread

 private:
  void run();

  std::unique_ptr<io::Input> in_;
  std::size_t block_size_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::string> full_;
  std::vector<std::string> free_;
  bool done_ = false;  // the decoding thread read the end (or an error)
  bool stop_ = false;  // asked to stop
  std::string current_;
  std::size_t at_ = 0;  // bytes of current_ already read
  std::thread thread_;
};

}  // namespace rochade::run
