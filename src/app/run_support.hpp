// What stats, audit, find and games share: the input options and run_job, the one runner of a
// subcommand that reads games. Such a subcommand is its options, a consumer per worker (Workers:
// what it keeps of each game) and a Printer (what it writes before, during and after the run);
// run_job owns the rest: the outputs (opened and checked before any input is read), warnings and
// errors on stderr, and how the run ended (Outcome); the run layer (run/job.hpp,
// run/interrupt.hpp) expands the inputs, shows progress and catches SIGINT.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "app/exit_status.hpp"
#include "io/input.hpp"
#include "io/output.hpp"
#include "run/job.hpp"
#include "run/pipeline.hpp"

namespace CLI {
class App;
}

namespace rochade::app {

struct InputOptions {
  std::vector<std::string> inputs;
  std::string output;
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

// The options that add_input_options (app/choices.hpp) declares around -o and --format: INPUT...
// before them; -j, --progress, -q, --max-games, --where, --list-inputs, --dedup after them.
void add_inputs_option(CLI::App& app, InputOptions& opts);
void add_run_options(CLI::App& app, InputOptions& opts);
// -o FILE, its help naming the extensions that ask for one of `formats`.
void add_output_option(CLI::App& app, std::string& output, const std::vector<std::string>& formats);

// Declares --tag NAME (repeatable; games and find): a column for that tag in the table formats,
// which --where may compare too.
void add_tag_option(CLI::App& app, InputOptions& opts);

int worker_count(const InputOptions& opts);

// What a run read (run/job.hpp), for the printer's finish.
using run::RunResult;

// The output side of a run (-o), called by run_job in this order. The default writes the games'
// text as the consumers give it, nothing before or after (find's PGN, audit's text).
class Printer {
 public:
  virtual ~Printer() = default;
  // After the outputs are opened, before any input is read (a table's header, a page's head).
  // False: the run does not start (exit status 1; begin said why).
  virtual bool begin(io::Output& out);
  // The games' text, in input order, one thread at a time.
  virtual void games(std::string_view text, io::Output& out);
  // After a run that was not interrupted and whose output is still open: the whole-run results.
  // `extra` is Job::extra_output's output, null without one.
  virtual void finish(const RunResult& run, io::Output& out, io::Output* extra);
};

// A worker's index (0 .. Job::workers-1), for a consumer whose output keeps a state per worker
// (GameWriter::game).
struct WorkerId {
  int index = 0;
};

// One consumer per worker thread, made before the run and read by the printer after it. A
// Consumer made from (WorkerId, args...) is given its worker's.
template <class Consumer>
class Workers {
 public:
  template <class... Args>
  Workers(int count, Args&&... args) {  // each consumer is given the same `args`
    for (int w = 0; w < count; ++w) {
      if constexpr (std::is_constructible_v<Consumer, WorkerId, Args&...>)
        all_.push_back(std::make_unique<Consumer>(WorkerId{w}, args...));
      else
        all_.push_back(std::make_unique<Consumer>(args...));
    }
  }
  Consumer& operator[](int worker) { return *all_[static_cast<std::size_t>(worker)]; }
  auto begin() const { return all_.begin(); }
  auto end() const { return all_.end(); }

 private:
  std::vector<std::unique_ptr<Consumer>> all_;  // each apart: workers write them at once
};

// What a game-reading subcommand asks of its run, besides its consumers and its printer.
struct Job {
  Job(std::string_view command, const InputOptions& in);
  Job(const Job&) = delete;
  Job& operator=(const Job&) = delete;

  std::string_view command;  // "stats", for messages
  const InputOptions& in;
  int workers;  // -j, or the cores
  // The inputs' names as the run numbers them (archive members as they are found): what the
  // consumers name a game's input by.
  run::InputNames names;
  // -j, --max-games and --dedup set; the subcommand says what its consumers read of a game:
  // its text (capture_raw), its number during the run (numbers_during_run: the per-game writers
  // that print it ask for it, GameWriter::ask; stats places its few listed games after the run
  // instead), its clocks (read_clocks).
  run::PipelineOptions pipeline;
  std::string extra_output;  // a second output, written by the printer's finish (--partial)
};

using run::ConsumerFor;

// The one runner of the subcommands that read games. The outputs are opened (and checked) before
// any input is read; warnings and errors go to stderr; the outcome is failed when an input could
// not be read to its end, an argument named no PGN, or an output could not be written (its file
// then left as it was); interrupted on SIGINT. A closed pipe on the output ends the run quietly.
// An output always holds this run's result, also when no input could be read (its inputs then
// name the errors): an earlier run's file left in place would be taken for this run's (a stale
// partial merged with exit status 0).
Outcome run_job(Job& job, const ConsumerFor& consumer_for, Printer& printer);

template <class Consumer>
Outcome run_job(Job& job, Workers<Consumer>& workers, Printer& printer) {
  return run_job(job, [&workers](int w) -> analysis::GameConsumer& { return workers[w]; },
                 printer);
}

// Prints "rochade COMMAND: MESSAGE" on stderr (errors: never silenced by -q).
void print_error(std::string_view command, std::string_view message);
// "PATH: ERROR" for an input that could not be read to its end: what a run says of it after the
// run, in input order, and what `merge` says of it again.
std::string input_failure(const analysis::InputSummary& s);

// Flushes and closes an output; false (the reason printed) when its bytes did not all arrive. A
// closed pipe is a quiet, normal end (true).
bool commit_output(std::string_view command, io::Output& out);

}  // namespace rochade::app
