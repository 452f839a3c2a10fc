// What stats, audit and find share: input options, expanding inputs, the output file (written to
// a temporary name and renamed at the end), SIGINT, progress and warnings on stderr.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "run/pipeline.hpp"
#include "io/input.hpp"

namespace CLI {
class App;
}

namespace rochade::app {

struct InputOptions {
  std::vector<std::string> inputs;
  std::string output;
  std::string format;
  int threads = 0;  // 0 = all cores
  bool progress = false;
  bool no_progress = false;
  bool quiet = false;
  std::uint64_t max_games = 0;
};

// Declares INPUT..., -o, --format (with its choices and default), -j, --progress, -q,
// --max-games.
void add_input_options(CLI::App& app, InputOptions& opts, const std::vector<std::string>& formats,
                       const std::string& default_format);

// Writes to stdout, or to FILE through FILE.tmp-XXXXXX renamed by commit(); an output that is
// not committed is removed.
class Output {
 public:
  explicit Output(const std::string& path);  // "" or "-" = stdout
  ~Output();
  bool ok() const { return file_ != nullptr; }
  const std::string& error() const { return error_; }
  void write(std::string_view s);
  bool failed() const { return failed_; }  // a write failed (stdout closed, disk full)
  bool commit();                          // flush, close, rename; false on failure

 private:
  std::FILE* file_ = nullptr;
  std::string path_, temp_, error_;
  bool failed_ = false;
};

// SIGINT sets the flag (the first time); a second SIGINT exits at once with 130.
const std::atomic<bool>& install_interrupt_handler();

// Runs the pipeline over the inputs with warnings and progress on stderr. Sets `exit_status`
// to 1 when an input could not be read to its end.
struct RunResult {
  std::vector<analysis::InputSummary> inputs;
  int exit_status = 0;
  bool interrupted = false;
};
RunResult run_inputs(const std::string& command, const InputOptions& opts,
                     const io::ExpandedInputs& expanded, bool capture_raw,
                     const std::function<analysis::GameConsumer&(int worker)>& consumer_for,
                     int workers, Output* out);

int worker_count(const InputOptions& opts);

}  // namespace rochade::app
