#include "app/run_support.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <optional>
#include <utility>

#include "app/warnings.hpp"
#include "app/where_filter.hpp"
#include "io/input.hpp"
#include "report/common/formats.hpp"
#include "run/interrupt.hpp"
#include "run/job.hpp"
#include "run/pipeline.hpp"

namespace rochade::app {

bool commit_output(std::string_view command, io::Output& out) {
  using State = io::Output::State;
  if (out.commit() || out.state() == State::broken_pipe || out.state() == State::discarded)
    return true;
  print_error(command, out.error());
  return false;
}

void print_error(std::string_view command, std::string_view message) {
  fmt::print(stderr, "rochade {}: {}\n", command, message);
}

std::string input_failure(const analysis::InputSummary& s) { return s.path + ": " + s.error; }

void add_output_option(CLI::App& app, std::string& output,
                       const std::vector<std::string>& formats) {
  app.add_option("-o,--output", output,
                 "write the result to FILE instead of stdout (- = stdout; FILE.gz and FILE.zst "
                 "are compressed); without --format, FILE's name chooses the format (" +
                     report::extensions_of(formats) + ")");
}

void add_inputs_option(CLI::App& app, InputOptions& opts) {
  app.add_option("INPUT", opts.inputs,
                 "PGN files (plain, .gz, .bz2, .xz, .zst), archives of them (.zip, .7z, .tar, "
                 ".tar.gz/.bz2/.xz/.zst), directories, or - for stdin")
      ->required();
}

void add_run_options(CLI::App& app, InputOptions& opts) {
  app.add_option("-j,--threads", opts.threads, "worker threads (default: all the cores this process may use)")
      ->check(CLI::Range(0, 1024));
  app.add_flag("--progress", opts.progress, "show a progress bar on stderr");
  app.add_flag("--no-progress", opts.no_progress, "never show a progress bar");
  app.add_flag("-q,--quiet", opts.quiet, "no warnings on stderr (errors are always shown)");
  app.add_option("--max-games", opts.max_games, "stop after N games in all");
  app.add_option("--where", opts.where,
                 "analyse only the games for which EXPR holds, e.g. \"year >= 1990 and mean_elo "
                 ">= 2500 and white_elo > black_elo and white ~ 'carlsen'\" (columns of the "
                 "games table, year, mean_elo, or values: numbers, text in quotes; = != < <= > "
                 ">= ~; and, or, not, parentheses); the others count as filtered")
      ->check(CLI::Validator(
          [&app](const std::string& expression) {
            // The columns of --tag count (a subcommand without --tag has none).
            const CLI::Option* tag = app.get_option_no_throw("--tag");
            return check_where(expression, tag ? tag->results() : std::vector<std::string>{});
          },
          "EXPR", "where"));
  app.add_flag("--list-inputs", opts.list_inputs,
               "print the files this command would read (directories searched; an archive is "
               "one file), one per line, and stop: the list the cluster recipes map over");
  app.add_flag("--dedup", opts.dedup,
               "count a game equal to an earlier one (start, moves, result) as a duplicate, "
               "not analysed again");
}

void add_tag_option(CLI::App& app, InputOptions& opts) {
  app.add_option("--tag", opts.tags,
                 "add a column for the tag NAME, named in snake_case (--tag WhiteFideId: "
                 "white_fide_id) after all the others; repeatable; --where may compare it")
      ->type_name("NAME")
      ->allow_extra_args(false);  // one NAME per --tag: the words after it are inputs
}

int worker_count(const InputOptions& opts) {
  return opts.threads > 0 ? opts.threads : run::machine_cores();
}

Job::Job(std::string_view command, const InputOptions& in)
    : command(command), in(in), workers(worker_count(in)) {
  pipeline.threads = workers;
  pipeline.max_games = in.max_games;
  pipeline.dedup = in.dedup;
  pipeline.names = &names;
}

bool Printer::begin(io::Output&) { return true; }
void Printer::games(std::string_view text, io::Output& out) { out.write(text); }
void Printer::finish(const RunResult&, io::Output&, io::Output*) {}

namespace {

// A run's outputs, opened before any input is read: -o and the printer's second output.
struct Outputs {
  explicit Outputs(const Job& job) : out(job.in.output) {
    if (!job.extra_output.empty()) extra.emplace(job.extra_output);
  }
  std::vector<io::Output*> all() { return {&out, extra ? &*extra : nullptr}; }
  io::Output* extra_or_null() { return extra ? &*extra : nullptr; }

  io::Output out;
  std::optional<io::Output> extra;
};

// --list-inputs: the options and the outputs were checked as for a run; the list goes to stdout
// and no output file is touched (the cluster recipes check a run this way before any job starts).
Outcome list_inputs(std::string_view command, const run::ExpandedArgs& expanded,
                    Outputs& outputs) {
  for (const auto& e : expanded.errors) print_error(command, input_failure(e.summary));
  for (io::Output* o : outputs.all())
    if (o != nullptr) o->discard();
  io::Output list("");
  for (const auto& spec : expanded.specs) list.write(spec.name + "\n");
  return {.failed = !commit_output(command, list) || !expanded.errors.empty()};
}

// Each input not read to its end, named on stderr in the arguments' order (the summary `merge`
// repeats).
void say_failures(std::string_view command, const RunResult& result) {
  for (const auto& s : result.inputs)
    if (s.outcome == analysis::InputOutcome::failed) print_error(command, input_failure(s));
}

// What the run tells the subcommand: --where's verdict by the tags, the games' text for the
// printer (and whether the output still takes it: `closed`), warnings and notes for stderr.
class JobEvents : public run::RunEvents {
 public:
  JobEvents(std::string_view command, bool quiet, const WhereFilter& where, Printer& printer,
            io::Output& out)
      : command_(command),
        quiet_(quiet),
        where_(where),
        printer_(printer),
        out_(out),
        warnings_(command, quiet) {}
  bool accept(const analysis::GameRecord& record) override { return where_.accepts(record); }
  void write(std::string_view text) override {
    printer_.games(text, out_);
    if (out_.state() != io::Output::State::open) closed.store(true);  // `| head`, full disk
  }
  void skipped(const run::InputEvent& e) override {
    // Text that is not PGN says no more than the warning does; an unclosed comment says what.
    const bool plain = e.error.kind == pgn::ErrorKind::bad_character;
    warnings_.skipped_text(e.path, e.error.pos.line, plain ? "" : e.error.message);
  }
  void note(std::string_view path, std::string_view message) override {
    if (!quiet_) print_error(command_, std::string(path) + ": " + std::string(message));
  }
  void finish() { warnings_.finish(); }
  std::atomic<bool> closed{false};  // PipelineOptions::output_closed

 private:
  std::string_view command_;
  bool quiet_;
  const WhereFilter& where_;
  Printer& printer_;
  io::Output& out_;
  Warnings warnings_;
};

}  // namespace

Outcome run_job(Job& job, const ConsumerFor& consumer_for, Printer& printer) {
  const InputOptions& opts = job.in;
  const std::atomic<bool>& cancel = run::install_interrupt_handler();
  Outputs outputs(job);  // a path that cannot be written fails before any input is read
  for (const io::Output* o : outputs.all()) {
    if (o == nullptr || o->ok()) continue;
    print_error(job.command, o->error());
    return {.failed = true};
  }
  io::Output& out = outputs.out;
  const run::TempFileGuard guard0(0, out.temp_path());
  std::optional<run::TempFileGuard> guard1;
  if (outputs.extra) guard1.emplace(1, outputs.extra->temp_path());
  if (!printer.begin(out)) return {.failed = true};

  const run::ExpandedArgs expanded = run::expand_args(opts.inputs);
  if (!expanded.twice_first.empty())
    throw UsageError("an input is named twice (" + expanded.twice_first + " and " +
                     expanded.twice_second + "): its games would count twice");
  if (opts.list_inputs) return list_inputs(job.command, expanded, outputs);

  run::PipelineOptions popts = job.pipeline;
  WhereFilter where(opts.where, opts.tags, job.names, job.workers, consumer_for);
  ConsumerFor consumers = consumer_for;
  where.apply(popts, consumers);
  popts.cancel = &cancel;
  JobEvents events(job.command, opts.quiet, where, printer, out);
  popts.output_closed = &events.closed;
  const bool show_progress = !opts.no_progress && (opts.progress || isatty(STDERR_FILENO));
  const RunResult result = run::run_args(expanded, popts, show_progress, consumers, events);
  events.finish();
  say_failures(job.command, result);
  if (cancel.load()) return {.interrupted = true};  // the outputs are discarded as they close
  if (out.state() != io::Output::State::broken_pipe)
    printer.finish(result, out, outputs.extra_or_null());
  bool written = true;
  if (outputs.extra) written = commit_output(job.command, *outputs.extra) && written;
  written = commit_output(job.command, out) && written;
  return {.failed = !written || result.input_failed};
}

}  // namespace rochade::app
