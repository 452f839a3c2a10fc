// Internal to src/io: decoded text held back until a check covers it. A gzip member's CRC-32, a
// ZIP member's CRC-32, a bzip2/xz/zstd checksum: each is checked at the end of what it covers,
// and inflating damaged deflate data gives plausible text (copies of earlier lines, tag pairs
// and all) until then. So an Input whose text has such a check keeps each checked unit (a
// gzip member, a ZIP member, ...) here until the check passes, and drops it when the check
// fails: text that failed its check never becomes games. A unit longer than the bound is let
// through unchecked once the bound is reached (memory stays bounded), or from its start when its
// header declares that it is longer (Decoder::declared_size); if its check then fails, the error
// says that the games read from it may be damaged. docs/ARCHIVES.md.
#pragma once

#include <cstddef>
#include <memory>
#include <span>

namespace rochade::io::detail {

// Decoded text held per checked unit, at most k_hold_bound bytes.
inline constexpr std::size_t k_hold_bound = std::size_t{16} << 20;  // keeps peak RSS under 64 MiB

class Hold {
 public:
  explicit Hold(std::size_t bound = k_hold_bound) : bound_(bound) {}

  // Room after the held bytes for more decoded text (the buffer grows up to the bound). Only
  // when nothing released waits (ready() == 0) and the hold is not full().
  std::span<char> room();
  void added(std::size_t n) { size_ += n; }  // n bytes were written into room()

  bool full() const { return size_ >= bound_; }
  std::size_t held() const { return size_ - ready_end_; }  // bytes not released
  std::size_t ready() const { return ready_end_ - pos_; }  // released bytes not taken yet
  std::size_t bound() const { return bound_; }

  void release() { ready_end_ = size_; }       // the check passed (or the text is a true prefix)
  std::size_t drop();                          // the check failed: forgets the bytes not released
  std::size_t take(char* dst, std::size_t n);  // released bytes, in order
  void clear() { pos_ = ready_end_ = size_ = 0; }  // nothing more of this input is read

  // A unit longer than the bound: what is held is released, and the rest of the unit passes
  // by the hold unchecked until the unit's end.
  bool passing() const { return passing_; }
  void pass(bool on) {
    if (on) release();
    passing_ = on;
  }

 private:
  std::size_t bound_;
  std::unique_ptr<char[]> buf_;
  std::size_t cap_ = 0;
  std::size_t pos_ = 0;        // next byte to take
  std::size_t ready_end_ = 0;  // bytes before it are released
  std::size_t size_ = 0;       // bytes in the buffer
  bool passing_ = false;
};

}  // namespace rochade::io::detail
