#include "run/writer_thread.hpp"

#include <utility>

namespace rochade::run {

WriterThread::WriterThread(Sink& sink, std::size_t batch_bytes, std::size_t max_queued)
    : sink_(sink),
      batch_bytes_(batch_bytes),
      max_queued_(max_queued < 1 ? 1 : max_queued),
      thread_([this] { run(); }) {}

WriterThread::~WriterThread() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
    queue_.clear();
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void WriterThread::push(std::string batch) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return queue_.size() < max_queued_ || done_ || failed_; });
  if (failed_ || done_) return;
  queue_.push_back(std::move(batch));
  changed_.notify_all();
}

void WriterThread::write(std::string_view text) {
  pending_.append(text);
  if (pending_.size() < batch_bytes_) return;
  push(std::move(pending_));
  pending_ = std::string();
  pending_.reserve(batch_bytes_ + batch_bytes_ / 4);
}

void WriterThread::run() {
  for (;;) {
    std::string batch;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return !queue_.empty() || done_; });
      if (queue_.empty()) return;
      batch = std::move(queue_.front());
      queue_.pop_front();
    }
    changed_.notify_all();
    if (sink_.write(batch)) continue;
    {
      std::lock_guard lock(mutex_);
      failed_ = true;
      queue_.clear();
    }
    changed_.notify_all();
  }
}

bool WriterThread::finish() {
  if (!pending_.empty()) push(std::move(pending_));
  pending_.clear();
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
  return !failed_;
}

}  // namespace rochade::run
