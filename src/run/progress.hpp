// A progress line on stderr, redrawn a few times a second from its own thread: bytes of the
// inputs read (compressed bytes for archives), games replayed, rate and time left.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <thread>

#include "io/input.hpp"

namespace rochade::run {

// Bytes read of the inputs, for the bar: the files before the current one (their sizes, or
// what was read of them when the size is unknown) and what was read of the current one. The
// members of an archive are inputs read from one file, whose bytes they count (io::Input::file,
// size, consumed): the archive counts once, and in full once the next file comes up.
class ReadBytes {
 public:
  // An input of `file` (`size` bytes, 0 if unknown) comes up.
  void opened(std::string_view file, std::uint64_t size) {
    if (started_ && file == file_) return;  // the next member of the same archive
    before_ += size_ != 0 ? size_ : last_;
    file_ = file;
    size_ = size;
    last_ = 0;
    started_ = true;
  }
  // `consumed` bytes of the current file read: the bytes read in all.
  std::uint64_t at(std::uint64_t consumed) {
    last_ = consumed;
    return before_ + consumed;
  }

 private:
  std::string file_;
  bool started_ = false;
  std::uint64_t before_ = 0, size_ = 0, last_ = 0;
};

// The pipeline tells it what was read and replayed (PipelineOptions::progress); shown only when
// `on`, counted either way.
class Progress {
 public:
  Progress(bool on, std::uint64_t total_bytes);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  void stop();  // draws the last line and ends it

  // An input is about to be read / more of it was read (by the worker cutting, one at a time).
  void opened(const io::Input& in) { read_bytes_.opened(in.file(), in.size()); }
  void consumed(const io::Input& in) {
    bytes.store(read_bytes_.at(in.consumed()), std::memory_order_relaxed);
  }
  // Games replayed so far (in input order, one thread at a time).
  void games_done(std::uint64_t n) { games.store(n, std::memory_order_relaxed); }
  std::atomic<std::uint64_t> bytes{0}, games{0};

 private:
  void loop();
  void draw();

  ReadBytes read_bytes_;
  bool on_;
  std::uint64_t total_;
  std::atomic<bool> done_{false};
  std::thread thread_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace rochade::run
