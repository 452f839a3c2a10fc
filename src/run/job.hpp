// A run as the command line starts it: the arguments expanded into inputs (and the arguments
// that gave nothing to read) before the pipeline; after it, the inputs in the arguments' order.
// What the inputs go into (consumers) and where results go (outputs) are the caller's.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "run/pipeline.hpp"

namespace rochade::run {

// An argument that gave nothing to read: a missing path, an unreadable directory, a directory
// with no PGN file in it ("DIR: no PGN files found", an error: docs/CLI.md, exit status 1).
struct ArgError {
  InputSummary summary;    // outcome failed; its path, and its error as reports write it
  std::size_t before = 0;  // its place: the number of specs that come before it
};

struct ExpandedArgs {
  std::vector<io::InputSpec> specs;  // what to read, in order (io::expand_inputs)
  std::vector<ArgError> errors;
  // A directory argument and its specs [first, end): archives only, none of which holds a PGN
  // member, are no PGN file found either (order_inputs says so after the run).
  struct Directory {
    std::string path;
    std::size_t first = 0, end = 0;
  };
  std::vector<Directory> directories;
  // A file named twice (the same file by device and inode: `a.pgn ./a.pgn`, a link, a folder and
  // a file in it): its two names, the first pair found. Counting a file twice is never meant.
  std::string twice_first, twice_second;
};

// The arguments in order: each one's specs, or its errors in its place.
ExpandedArgs expand_args(const std::vector<std::string>& args);

// A run's inputs in the order the arguments name them: the pipeline's summaries (`ran`, one per
// input read or listed, with the spec each came from) with the arguments' errors in their places.
// place[i] is where the pipeline's input i went (the index a report numbers it by).
struct OrderedInputs {
  std::vector<InputSummary> inputs;
  std::vector<std::uint32_t> place;
};
OrderedInputs order_inputs(const ExpandedArgs& expanded, PipelineResult& ran);

}  // namespace rochade::run
