#include "run/prefetch.hpp"

#include <algorithm>
#include <cstring>

namespace rochade::run {

Prefetch::Prefetch(std::unique_ptr<io::Input> in, std::size_t blocks, std::size_t block_size)
    : in_(std::move(in)),
      block_size_(std::max<std::size_t>(block_size, 1)),
      blocks_(std::max<std::size_t>(blocks, 1)) {
  free_.resize(blocks_);
  thread_ = std::thread([this] { run(); });
}

Prefetch::~Prefetch() { stop(); }

void Prefetch::stop() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
  const std::lock_guard decoding(decode_mutex_);  // a helper's block is finished
}

void Prefetch::hand_over() {
  {
    std::lock_guard lock(mutex_);
    handed_over_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Prefetch::run() {
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [&] { return stop_ || handed_over_ || done_ || !free_.empty(); });
      if (stop_ || handed_over_ || done_) return;
    }
    const std::lock_guard decoding(decode_mutex_);
    decode_block();
  }
}

bool Prefetch::decode_block() {
  Block block;
  {
    std::lock_guard lock(mutex_);
    if (stop_ || done_ || free_.empty()) return false;
    block = std::move(free_.back());
    free_.pop_back();
  }
  if (!block.bytes) block.bytes = std::make_unique_for_overwrite<char[]>(block_size_);
  block.size = in_->read(block.bytes.get(), block_size_);
  const bool end = block.size == 0;
  {
    std::lock_guard lock(mutex_);
    if (end) {
      done_ = true;  // in_->error() is final from here on
      free_.push_back(std::move(block));
    } else {
      full_.push_back(std::move(block));
    }
  }
  cv_.notify_all();
  return !end;
}

void Prefetch::decode_now() {
  const std::lock_guard decoding(decode_mutex_);  // after a helper's block, the next one
  decode_block();
}

void Prefetch::help() {
  const std::unique_lock decoding(decode_mutex_, std::try_to_lock);
  if (!decoding.owns_lock()) return;  // the next block is being decoded already
  for (int i = 0; i < 2; ++i) {
    {
      std::lock_guard lock(mutex_);
      if (!handed_over_ || full_.size() >= blocks_ / 2) return;
    }
    if (!decode_block()) return;
  }
}

std::size_t Prefetch::read(char* dst, std::size_t n) {
  std::size_t got = 0;
  while (got < n) {
    if (at_ == current_.size) {
      std::unique_lock lock(mutex_);
      if (current_.bytes) {
        free_.push_back(std::move(current_));
        current_ = {};
        at_ = 0;
        cv_.notify_all();
      }
      if (handed_over_ && full_.empty() && !done_) {
        lock.unlock();
        decode_now();
        lock.lock();
      }
      cv_.wait(lock, [&] { return !full_.empty() || done_ || stop_; });
      if (full_.empty()) break;  // the end
      current_ = std::move(full_.front());
      full_.pop_front();
      at_ = 0;
    }
    const std::size_t k = std::min(n - got, current_.size - at_);
    std::memcpy(dst + got, current_.bytes.get() + at_, k);
    at_ += k;
    got += k;
  }
  return got;
}

}  // namespace rochade::run
