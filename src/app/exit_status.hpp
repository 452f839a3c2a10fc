// The exit status (docs/CLI.md), decided by exit_status() alone: a subcommand says how its run
// ended (Outcome) or throws UsageError; run_cli turns either into the status.
#pragma once

#include <stdexcept>

namespace rochade::app {

struct Outcome {
  // 1: an input not read to its end, an argument with no PGN in it, an output not written.
  bool failed = false;
  bool usage = false;        // 2: a usage error (UsageError, CLI11's parse errors)
  bool interrupted = false;  // 130: SIGINT; what was written is discarded
};

constexpr int exit_status(const Outcome& o) {
  if (o.interrupted) return 130;
  if (o.usage) return 2;
  return o.failed ? 1 : 0;
}

// A usage error found once the options are parsed (options that contradict each other, a FEN
// that cannot be read): run_cli prints "rochade COMMAND: MESSAGE", and the status is 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace rochade::app
