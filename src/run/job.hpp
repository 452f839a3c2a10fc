// A run as the command line starts it: the arguments expanded into inputs (and the arguments
// that gave nothing to read), then the pipeline over them with its progress line, and what it read
// in the arguments' order. What the inputs go into (consumers), what else the run tells
// (RunEvents) and where results go (outputs) are the caller's.
#pragma once

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
  // member, are no PGN file found either (run_args says so after the run).
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

// What a run read: one summary per input (expansion errors included), for the printer's finish.
struct RunResult {
  // In the order the arguments name them, an argument that could not be read in its place.
  std::vector<analysis::InputSummary> inputs;
  // place[i]: the index in `inputs` of the input the pipeline numbered i (GameRef::input).
  std::vector<std::uint32_t> place;
  GameNumbers numbers;           // the games' numbers from their refs
  bool input_failed = false;     // some input could not be read to its end (or found no PGN)
  std::uint64_t duplicates = 0;  // --dedup: games not analysed, the same as an earlier one

  // Where a game a consumer kept (GameRecord::ref) is, as reports name it: its input in the
  // order above, its number in that input.
  analysis::GamePlace locate(analysis::GameRef ref) const {
    return {place.at(analysis::index_of(ref.input)), numbers.number(ref)};
  }
};

// The run of the arguments' inputs (run_pipeline), with the progress line on stderr where
// `show_progress` (its total: the sizes expansion found); what it read comes back in the order the
// arguments name the inputs, each argument's errors in its place.
RunResult run_args(const ExpandedArgs& expanded, PipelineOptions options, bool show_progress,
                   const ConsumerFor& consumer_for, RunEvents& events);

}  // namespace rochade::run
