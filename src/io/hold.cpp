#include "io/hold.hpp"

#include <algorithm>
#include <cstring>

namespace rochade::io::detail {
namespace {

constexpr std::size_t k_first = std::size_t{256} << 10;  // the first buffer; doubled as needed
constexpr std::size_t k_min_room = std::size_t{64} << 10;

}  // namespace

std::span<char> Hold::room() {
  if (pos_ > 0) {  // what was taken goes; what is held moves to the front
    std::memmove(buf_.get(), buf_.get() + pos_, size_ - pos_);
    size_ -= pos_;
    ready_end_ -= pos_;
    pos_ = 0;
  }
  if (cap_ - size_ < k_min_room && cap_ < bound_) {
    const std::size_t cap = std::min(bound_, std::max(k_first, cap_ * 2));
    auto bigger = std::make_unique_for_overwrite<char[]>(cap);
    if (size_ > 0) std::memcpy(bigger.get(), buf_.get(), size_);
    buf_ = std::move(bigger);
    cap_ = cap;
  }
  return {buf_.get() + size_, std::min(cap_, bound_) - size_};
}

std::size_t Hold::drop() {
  const std::size_t dropped = size_ - ready_end_;
  size_ = ready_end_;
  return dropped;
}

std::size_t Hold::take(char* dst, std::size_t n) {
  const std::size_t k = std::min(n, ready_end_ - pos_);
  if (k == 0) return 0;
  std::memcpy(dst, buf_.get() + pos_, k);
  pos_ += k;
  if (pos_ == size_) pos_ = ready_end_ = size_ = 0;
  return k;
}

}  // namespace rochade::io::detail
