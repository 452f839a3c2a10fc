#include "run/progress.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace rochade::run {

namespace {

std::string human_bytes(double b) {
  const char* units[] = {"B", "KB", "MB", "GB", "TB"};
  int u = 0;
  while (b >= 1000 && u < 4) b /= 1000, ++u;
  return fmt::format("{:.1f} {}", b, units[u]);
}

}  // namespace

Progress::Progress(bool on, std::uint64_t total_bytes) : on_(on), total_(total_bytes) {
  if (on_) thread_ = std::thread([this] { loop(); });
}

Progress::~Progress() { stop(); }

void Progress::stop() {
  if (!on_ || done_.exchange(true)) return;
  thread_.join();
  draw();
  std::fputc('\n', stderr);
}

void Progress::loop() {
  while (!done_.load()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (!done_.load()) draw();
  }
}

void Progress::draw() {
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const std::uint64_t b = bytes.load(), g = games.load();
  const double rate = secs > 0 ? static_cast<double>(g) / secs : 0;
  std::string line;
  if (total_ > 0) {
    const double frac = std::min(1.0, static_cast<double>(b) / static_cast<double>(total_));
    const int width = 24, filled = static_cast<int>(frac * width);
    const double eta = frac > 0 ? secs / frac - secs : 0;
    line = fmt::format("\r[{}{}] {:3.0f}% {} of {}  {} games  {:.0f} games/s  ETA {}:{:02}",
                       std::string(static_cast<std::size_t>(filled), '#'),
                       std::string(static_cast<std::size_t>(width - filled), ' '), frac * 100,
                       human_bytes(static_cast<double>(b)), human_bytes(static_cast<double>(total_)),
                       g, rate, static_cast<int>(eta) / 60, static_cast<int>(eta) % 60);
  } else {
    line = fmt::format("\r{} read  {} games  {:.0f} games/s", human_bytes(static_cast<double>(b)),
                       g, rate);
  }
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
}

}  // namespace rochade::run
