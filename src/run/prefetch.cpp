#include "run/prefetch.hpp"

#include <algorithm>
#include <cstring>

namespace rochade::run {

Prefetch::Prefetch(std::unique_ptr<io::Input> in, std::size_t blocks, std::size_t block_size)
    : in_(std::move(in)), block_size_(std::max<std::size_t>(block_size, 1)) {
  free_.resize(std::max<std::size_t>(blocks, 1));
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
}

void Prefetch::run() {
  for (;;) {
    std::string block;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [&] { return stop_ || !free_.empty(); });
      if (stop_) break;
      block = std::move(free_.back());
      free_.pop_back();
    }
    block.resize(block_size_);
    const std::size_t n = in_->read(block.data(), block.size());
    block.resize(n);
    {
      std::lock_guard lock(mutex_);
      if (n == 0) {
        done_ = true;  // in_->error() is final from here on
      } else {
        full_.push_back(std::move(block));
      }
    }
    cv_.notify_all();
    if (n == 0) break;
  }
}

std::size_t Prefetch::read(char* dst, std::size_t n) {
  std::size_t got = 0;
  while (got < n) {
    if (at_ == current_.size()) {
      std::unique_lock lock(mutex_);
      if (!current_.empty()) {
        free_.push_back(std::move(current_));
        current_.clear();
        at_ = 0;
        cv_.notify_all();
      }
      cv_.wait(lock, [&] { return !full_.empty() || done_; });
      if (full_.empty()) break;  // the end
      current_ = std::move(full_.front());
      full_.pop_front();
      at_ = 0;
    }
    const std::size_t k = std::min(n - got, current_.size() - at_);
    std::memcpy(dst + got, current_.data() + at_, k);
    at_ += k;
    got += k;
  }
  return got;
}

}  // namespace rochade::run
