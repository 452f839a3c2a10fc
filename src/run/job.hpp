// A run as the command line starts it: the arguments expanded into inputs (and the arguments
// that gave nothing to read), then the pipeline over them with a progress line on stderr.
// What the inputs go into (consumers) and where results go (outputs) are the caller's.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "run/pipeline.hpp"

namespace rochade::run {

// An argument that gave nothing to read: a missing path, an unreadable directory, a directory
// with no PGN file in it ("no PGN files found in DIR", an error: cli.md, exit status 1).
struct ArgError {
  InputSummary summary;  // outcome failed; its error as reports write it
  std::string message;   // the line said on stderr
};

struct ExpandedArgs {
  std::vector<io::InputSpec> specs;  // what to read, in order (io::expand_inputs)
  std::vector<ArgError> errors;
};

ExpandedArgs expand_args(const std::vector<std::string>& args);

// run_pipeline, with a progress line on stderr while it runs when `show_progress` (bytes of the
// specs read, games replayed; hooks.opened, consumed and games_done still get their calls).
PipelineResult run_with_progress(const std::vector<io::InputSpec>& specs,
                                 const PipelineOptions& options, bool show_progress,
                                 const std::function<GameConsumer&(int worker)>& consumer_for,
                                 PipelineHooks hooks);

}  // namespace rochade::run
