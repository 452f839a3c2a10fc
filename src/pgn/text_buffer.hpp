// Text in memory laid out for the reader to scan where it lies (Reader::restart_in_place): a 0
// byte after the text (the sentinel every scanning loop stops at) and kScanPadding readable
// bytes after that (the block classifier reads whole 64-byte blocks). Growing it never zeroes
// the new room, unlike std::string::resize: the run layer reads each piece of input straight
// into it, and the reader parses it there, with no copy in between.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>

#include "pgn/char_class.hpp"

namespace rochade::pgn {

class TextBuffer {
 public:
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const char* data() const { return buf_ ? buf_.get() : kEmpty; }
  std::string_view view() const { return {data(), size_}; }

  void clear() { truncate(0); }
  // Keeps the first n bytes (n <= size()).
  void truncate(std::size_t n) {
    size_ = n;
    if (buf_) pad();
  }
  void assign(std::string_view s) {
    size_ = 0;
    std::memcpy(append_space(s.size()), s.data(), s.size());
    commit(s.size());
  }
  // Room for n more bytes after the text, not initialised: write up to n bytes there, then
  // commit() how many were written. The pointer is valid until the next call that grows it.
  char* append_space(std::size_t n) {
    if (!buf_ || cap_ - size_ < n) grow(size_ + n);
    return buf_.get() + size_;
  }
  void commit(std::size_t k) {
    size_ += k;
    pad();
  }

 private:
  static constexpr std::size_t kPadding =
      1 + detail::kScanPadding;                 // the sentinel, then readable bytes
  static constexpr char kEmpty[kPadding] = {};  // an empty text, padded too
  void grow(std::size_t need) {
    const std::size_t cap = std::max({need, 2 * cap_, std::size_t{4096}});
    auto bigger = std::make_unique_for_overwrite<char[]>(cap + kPadding);
    if (size_ > 0) std::memcpy(bigger.get(), buf_.get(), size_);
    buf_ = std::move(bigger);
    cap_ = cap;
    pad();
  }
  // The sentinel and the bytes the scanners read after it, zeroed (65 bytes: their values do
  // not matter, but they are read, so they are defined).
  void pad() { std::memset(buf_.get() + size_, 0, kPadding); }
  std::unique_ptr<char[]> buf_;
  std::size_t size_ = 0, cap_ = 0;
};

}  // namespace rochade::pgn
