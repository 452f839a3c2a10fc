// A progress line on stderr, redrawn a few times a second from its own thread: bytes of the
// inputs read (compressed bytes for archives), games replayed, rate and time left.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

namespace rochade::app {

class Progress {
 public:
  Progress(bool on, std::uint64_t total_bytes);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  void stop();  // draws the last line and ends it
  std::atomic<std::uint64_t> bytes{0}, games{0};

 private:
  void loop();
  void draw();

  bool on_;
  std::uint64_t total_;
  std::atomic<bool> done_{false};
  std::thread thread_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace rochade::app
