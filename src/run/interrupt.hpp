// SIGINT for the whole process: the first one sets a flag the pipeline polls (the run stops
// soon, its inputs marked interrupted, exit 130); a second one ends the process at once with 130,
// removing the temporary files of the outputs being written. Also ignores SIGPIPE, so that a
// closed pipe shows up as EPIPE from write(2), which io::Output turns into a quiet end.
//
// The signal handler's state is the one process-wide mutable state in rochade: a handler cannot
// be handed anything else.
#pragma once

#include <atomic>
#include <string>

namespace rochade::run {

// Installs the handlers (again is harmless) and returns the flag the first SIGINT sets.
const std::atomic<bool>& install_interrupt_handler();

// Names a temporary output file to the handler for as long as the guard lives, so that a second
// SIGINT removes it. `slot` 0 or 1 (a run writes at most two outputs); an empty path names none.
class TempFileGuard {
 public:
  static constexpr int k_slots = 2;
  TempFileGuard(int slot, const std::string& temp_path);
  ~TempFileGuard();
  TempFileGuard(const TempFileGuard&) = delete;
  TempFileGuard& operator=(const TempFileGuard&) = delete;

 private:
  int slot_;
};

}  // namespace rochade::run
