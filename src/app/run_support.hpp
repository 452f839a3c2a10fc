// What stats, audit, find (and games) share: the input options, and run_job, the one way a
// subcommand runs over its inputs. A subcommand is a predicate plus a printer (its GameConsumer)
// and, for whole-run results, a `finish` that writes them; run_job owns the rest: the outputs
// (opened and checked before any input is read), warnings and errors on stderr, and the exit
// status; the run layer (run/job.hpp, run/interrupt.hpp) expands the inputs, shows progress and
// catches SIGINT.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "run/pipeline.hpp"
#include "io/input.hpp"
#include "io/output.hpp"

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
  bool dedup = false;  // --dedup
  std::string where;   // --where EXPR (analysis/where.hpp)
  std::vector<std::string> tags;  // --tag NAME (games, find's tables): a column each
  bool list_inputs = false;  // --list-inputs: print the inputs that would be read, then stop
};

// Declares -o and --format (one of `formats`): without --format the -o name chooses the format
// where it names one of `formats` (report::format_of_name), else `fallback`; a --format that
// contradicts such a name is a usage error (exit 2). `format` is set once parsing is done.
void add_output_options(CLI::App& app, std::string& output, std::string& format,
                        const std::vector<std::string>& formats, const std::string& fallback);

// Declares INPUT..., -o, --format (add_output_options), -j, --progress, -q, --max-games, --where,
// --list-inputs, --dedup.
void add_input_options(CLI::App& app, InputOptions& opts, const std::vector<std::string>& formats,
                       const std::string& default_format);

// Declares --tag NAME (repeatable; games and find): a column for that tag in the table formats,
// which --where may compare too.
void add_tag_option(CLI::App& app, InputOptions& opts);

int worker_count(const InputOptions& opts);

// What a run read: one summary per input (expansion errors included), and whether it stopped on
// SIGINT.
struct RunResult {
  // In the order the arguments name them, an argument that could not be read in its place.
  std::vector<analysis::InputSummary> inputs;
  // place[i]: the index in `inputs` of the input the pipeline numbered i (GameRecord::input).
  std::vector<std::uint32_t> place;
  run::GameNumbers numbers;  // the games' numbers from their refs
  bool interrupted = false;
  bool input_failed = false;  // some input could not be read to its end (or found no PGN)
  bool any_read = false;      // some input was read (a game, or to its end)
  std::uint64_t duplicates = 0;  // --dedup: games not analysed, the same as an earlier one

  // Where a game a consumer kept (GameRecord::ref) is, as reports name it: its input in the
  // order above, its number in that input.
  analysis::GamePlace locate(analysis::GameRef ref) const {
    return {place.at(ref.input), numbers.number(ref)};
  }
};

struct Job {
  std::string_view command;  // "stats", for messages
  const InputOptions* in = nullptr;
  int workers = 1;
  bool capture_raw = false;      // keep each game's text (PGN printers)
  // The consumers read GameRecord::number in game() (the printers); stats lists few games and
  // locates them after the run (RunResult::locate).
  bool numbers_during_run = true;
  bool read_clocks = false;      // read the [%clk] comments (the per-game table's clock columns)
  std::string extra_output;      // a second output written by `finish` (stats --partial)
  std::function<analysis::GameConsumer&(int worker)> consumer_for;
  run::InputNames* names = nullptr;  // filled with the inputs' names as they are numbered
  // After the outputs are opened, before any input is read (a table's header; an external
  // writer's start). False: the run does not start (exit 1; `begin` said why).
  std::function<bool(io::Output& out)> begin;
  // When set, per-game output goes here instead of to `out` (in input order, one thread at a
  // time): a writer of its own, such as SQLite's.
  std::function<void(std::string_view)> write_games;
  // After the run (not interrupted): writes whole-run results. `extra` is null without
  // extra_output. Per-game output has been written to `out` already, in input order.
  std::function<void(const RunResult& run, io::Output& out, io::Output* extra)> finish;
};

// Runs the job and returns the exit status: 0; 1 when an input could not be read to its end, no
// input named any PGN, or an output could not be written (its file then left as it was); 130 on
// SIGINT. A closed pipe on the output ends the run quietly (0 unless an input failed before).
// When no input could be read at all, existing output files are not replaced.
int run_job(const Job& job);

// Prints "rochade COMMAND: MESSAGE" on stderr (errors: never silenced by -q).
void print_error(std::string_view command, std::string_view message);
// "PATH: ERROR" for an input that could not be read to its end: what a run says of it after the
// run, in input order, and what `merge` says of it again.
std::string input_failure(const analysis::InputSummary& s);

// Flushes and closes an output; false (the reason printed) when its bytes did not all arrive. A
// closed pipe is a quiet, normal end (true).
bool commit_output(std::string_view command, io::Output& out);

}  // namespace rochade::app
