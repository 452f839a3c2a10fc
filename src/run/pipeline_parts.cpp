#include "run/pipeline_parts.hpp"

#include <algorithm>
#include <stdexcept>

#include "run/progress.hpp"

namespace rochade::run {

std::uint64_t GameNumbers::number(analysis::GameRef ref) const {
  const std::uint64_t sequence = ref.key >> 32;
  // A ref of a batch never counted: a bug of the run.
  if (sequence >= base_.size()) throw std::logic_error("a game kept without its batch's number");
  return base_[sequence] + (ref.key & 0xFFFFFFFFu) + 1;
}

namespace detail {

void BatchQueue::push(Batch* b) {
  {
    std::lock_guard lock(mutex_);
    items_.push_back(b);
    ready_.store(true, std::memory_order_release);
  }
  cv_.notify_one();
}

Batch* BatchQueue::pop(bool spin) {
  if (spin) spin_until([this] { return ready_.load(std::memory_order_acquire); });
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [&] { return !items_.empty() || closed_; });
  if (items_.empty()) return nullptr;
  Batch* b = lifo_ ? items_.back() : items_.front();
  if (lifo_) {
    items_.pop_back();
  } else {
    items_.pop_front();
  }
  ready_.store(!items_.empty() || closed_, std::memory_order_release);
  return b;
}

void BatchQueue::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    ready_.store(true, std::memory_order_release);
  }
  cv_.notify_all();
}

void Numbering::number(Batch& b, bool spin) {
  if (spin) spin_until([&] { return ready(b); });
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [&] { return next_.load(std::memory_order_relaxed) == b.sequence; });
  b.before = total_;
  std::uint64_t n = b.count;
  if (max_ != 0) n = std::min<std::uint64_t>(n, max_ - std::min(total_, max_));
  b.limit = static_cast<std::size_t>(n);
  if (n < b.count && (full_at_ == static_cast<std::size_t>(-1) || full_at_ == b.input))
    cut_short_ = true;  // games of this input are left unread
  if (dedup_) {
    b.duplicate.assign(b.limit, 0);
    for (std::size_t i = 0; i < b.limit; ++i) {
      if (b.keys[i] != GameKey{} && !seen_.insert(b.keys[i])) {
        b.duplicate[i] = 1;
        ++duplicates_;
      }
    }
  }
  b.base = add_games(b.input, b.first, n);
  if (max_ != 0 && total_ >= max_ && full_at_ == static_cast<std::size_t>(-1)) full_at_ = b.input;
  next_.store(next_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
  lock.unlock();
  cv_.notify_all();
}

void Numbering::count(std::uint32_t input, bool first, std::size_t n) {
  std::lock_guard lock(mutex_);
  add_games(input, first, n);
}

std::uint64_t Numbering::add_games(std::uint32_t input, bool first, std::uint64_t n) {
  if (first) in_input_ = 0;
  const std::uint64_t base = in_input_;
  numbers_.base_.push_back(base);  // called in sequence order: the index is the sequence
  in_input_ += n;
  total_ += n;
  if (input >= per_input_.size()) per_input_.resize(input + 1);
  per_input_[input] += n;
  return base;
}

std::uint64_t Numbering::games_of(std::size_t input) const {
  std::lock_guard lock(mutex_);
  return input < per_input_.size() ? per_input_[input] : 0;
}

bool Numbering::full() const {
  std::lock_guard lock(mutex_);
  return max_ != 0 && total_ >= max_;
}

void Numbering::stopped_early(std::vector<InputSummary>& summaries,
                              const std::vector<bool>& unfinished) const {
  if (full_at_ == static_cast<std::size_t>(-1)) return;
  const bool left = cut_short_ || (full_at_ < unfinished.size() && unfinished[full_at_]);
  if (left && full_at_ < summaries.size() && summaries[full_at_].complete())
    summaries[full_at_].outcome = InputOutcome::stopped_early;
  for (std::size_t i = full_at_ + 1; i < summaries.size(); ++i) {
    InputSummary& s = summaries[i];
    s = InputSummary{s.path, "", 0, 0, InputOutcome::not_read, {}};
  }
}

void OrderedWriter::done(Batch* b) {
  std::lock_guard lock(mutex_);
  if (b->cut_line != 0) {
    if (cut_lines_.size() <= b->input) cut_lines_.resize(b->input + 1, 0);
    cut_lines_[b->input] = b->cut_line;
  }
  const bool quiet = b->output.empty() && b->skipped.empty();
  pending_[b->sequence] = {quiet ? nullptr : b, b->limit, b->input, b->first};
  if (quiet) b->home->push(b);
  for (auto it = pending_.begin(); it != pending_.end() && it->first == next_;
       it = pending_.erase(it)) {
    const Done& done = it->second;
    if (Batch* d = done.batch; d != nullptr) {
      if (!d->cut_short) {
        // With --max-games, text after the last game replayed was not read, as far as we tell.
        for (std::size_t i = 0; i < d->skipped.size(); ++i) {
          if (max_ != 0 && d->before + d->skipped_at[i] >= max_) continue;
          const InputEvent& e = d->skipped[i];
          if (first_skipped_.size() <= e.input) first_skipped_.resize(e.input + 1, 0);
          if (first_skipped_[e.input] == 0) first_skipped_[e.input] = e.error.pos.line;
          events_.skipped(e);
        }
      }
      if (!d->output.empty()) events_.write(d->output);
      d->home->push(d);
    }
    if (count_after_ != nullptr) count_after_->count(done.input, done.first, done.games);
    games_ += done.games;
    if (progress_) progress_->games_done(games_);
    ++next_;
  }
}

}  // namespace detail
}  // namespace rochade::run
