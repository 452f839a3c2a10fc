#include "run/interrupt.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>

namespace rochade::run {

namespace {

// What the handler reads: the flag the pipeline polls, and the temporary files to remove when a
// second SIGINT ends the process (fixed buffers: unlink(2) is async-signal-safe, std::string is
// not).
std::atomic<bool> interrupt_flag{false};
char temp_paths[TempFileGuard::k_slots][4096] = {};

extern "C" void on_sigint(int) {
  if (interrupt_flag.exchange(true)) {
    for (auto& p : temp_paths)
      if (p[0]) unlink(p);
    std::_Exit(130);
  }
}

}  // namespace

const std::atomic<bool>& install_interrupt_handler() {
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  return interrupt_flag;
}

TempFileGuard::TempFileGuard(int slot, const std::string& temp_path) : slot_(slot) {
  if (!temp_path.empty() && temp_path.size() < sizeof temp_paths[0])
    std::memcpy(temp_paths[slot_], temp_path.c_str(), temp_path.size() + 1);
}

TempFileGuard::~TempFileGuard() { temp_paths[slot_][0] = '\0'; }

}  // namespace rochade::run
