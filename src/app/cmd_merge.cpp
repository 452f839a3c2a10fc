// rochade merge [options] PARTIAL...: the statistics of separate runs, combined exactly: the same
// bytes as one run over the same inputs in the same order, in every format (the listed games
// included, their inputs renumbered across the partials), and the same exit status: an input
// that a partial's run could not read to its end is named on stderr, as that run named it, and
// the merge exits 1, as it does for a partial it cannot read to its end. An input whose run left
// no partial (--no-partial HOW:INPUT, in its place among the partials) is listed as an input that
// could not be read, its error saying how the run ended. Refuses (exit 2) a file given twice,
// what is not JSON, and what report::StatsMerge cannot add.
#include <CLI/CLI.hpp>
#include <csignal>
#include <filesystem>
#include <map>

#include "app/choices.hpp"
#include "app/commands.hpp"
#include "io/input.hpp"
#include "report/common/formats.hpp"
#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_json.hpp"
#include "report/stats/stats_merge.hpp"
#include "run/interrupt.hpp"

namespace rochade::app {

namespace {

// The name of a signal a job dies of, or "".
std::string_view signal_name(int number) {
  static constexpr std::pair<int, std::string_view> names[]{
      {SIGHUP, "SIGHUP"},   {SIGINT, "SIGINT"},   {SIGQUIT, "SIGQUIT"}, {SIGILL, "SIGILL"},
      {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},   {SIGKILL, "SIGKILL"},
      {SIGUSR1, "SIGUSR1"}, {SIGSEGV, "SIGSEGV"}, {SIGUSR2, "SIGUSR2"}, {SIGPIPE, "SIGPIPE"},
      {SIGALRM, "SIGALRM"}, {SIGTERM, "SIGTERM"}, {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"}};
  for (const auto& [n, name] : names)
    if (n == number) return name;
  return {};
}

// The error of an input whose run ended without a partial, from --no-partial's HOW: an exit
// status as a shell reports it (128+N: killed by signal N), or "unknown".
std::string no_partial_error(std::string_view how) {
  constexpr std::string_view ended = "its job ended without a partial result";
  if (how == "unknown")
    return std::string(ended) +
           ", and how is not known (it did not run, or it was killed with its node or its job "
           "script)";
  int status = -1;
  if (!how.empty() && how.size() <= 3 && how.find_first_not_of("0123456789") == how.npos)
    status = std::stoi(std::string(how));
  if (status < 0 || status > 255)
    throw UsageError("--no-partial " + std::string(how) +
                     ": HOW is an exit status (0 to 255; 128+N: killed by signal N) or unknown");
  if (status == 0) return "its job ended with exit status 0, but its partial result is missing";
  if (status > 128 && status <= 128 + 64) {
    const std::string_view name = signal_name(status - 128);
    return std::string(ended) + ": killed by signal " + std::to_string(status - 128) +
           (name.empty() ? "" : " (" + std::string(name) + ")");
  }
  return std::string(ended) + ": exit status " + std::to_string(status);
}

}  // namespace

void setup_merge(CLI::App& app, MergeOptions& opts) {
  const CLI::Option* partials =
      app.add_option("PARTIAL", opts.partials,
                     "partial results of `stats --partial` or --format json (plain, .gz, .bz2, "
                     ".xz, .zst), or - for stdin")
          ->required();
  const CLI::Option* no_partial =
      app.add_option("--no-partial", opts.no_partial,
                     "INPUT's run (a map job) ended without a partial: list INPUT here, among the "
                     "partials, as an input that could not be read; HOW is its exit status as a "
                     "shell reports it (137: killed by signal 9) or unknown")
          ->type_name("HOW:INPUT")
          ->allow_extra_args(false);  // one value each time: PARTIAL... may follow
  add_output_options(app, opts.output, opts.format, report::stats_format_names);
  app.add_flag("-q,--quiet", opts.quiet, "no warnings on stderr (errors are always shown)");
  // The order of PARTIAL and --no-partial on the command line is the order of the result.
  app.final_callback([&app, &opts, partials, no_partial] {
    opts.sources.clear();
    std::size_t next[2]{0, 0};
    for (const CLI::Option* o : app.parse_order()) {
      if (o != partials && o != no_partial) continue;
      const bool partial = o == partials;
      opts.sources.push_back({partial, next[partial ? 0 : 1]++});
    }
  });
  app.footer(
      "The result is what one run over the partials' inputs, in the order given, prints. A "
      "partial given twice (an input counted by two partials), partials made with different "
      "--by or --where, more than one partial when any was made with --dedup or --max-games "
      "(only one run sees across all the inputs), and counts whose sum exceeds 2^63-1 are "
      "refused (exit 2).");
}

Outcome run_merge(const MergeOptions& opts) {
  run::install_interrupt_handler();
  if (opts.sources.size() != opts.partials.size() + opts.no_partial.size())
    throw UsageError("internal: the order of the partials was not recorded");
  std::vector<std::pair<std::string, std::string>> unread;  // --no-partial: input, error
  for (const auto& value : opts.no_partial) {
    const auto colon = value.find(':');
    if (colon == std::string::npos || colon + 1 == value.size())
      throw UsageError("--no-partial " + value + ": give HOW:INPUT (e.g. 137:a.pgn)");
    unread.emplace_back(value.substr(colon + 1), no_partial_error(value.substr(0, colon)));
  }
  io::Output out(opts.output);  // checked before any partial is read
  if (!out.ok()) {
    print_error("merge", out.error());
    return {.failed = true};
  }
  report::StatsMerge merge(opts.partials.size());
  std::map<std::string, std::string> partial_of;  // a partial's file -> as given
  for (const MergeOptions::Source& source : opts.sources) {
    if (!source.partial) {
      auto& [input, error] = unread[source.index];
      if (std::string why = merge.add_unread(input, std::move(error)); !why.empty())
        throw UsageError(why);
      continue;
    }
    const std::string& path = opts.partials[source.index];
    std::error_code ec;
    const std::string canonical = std::filesystem::weakly_canonical(path, ec).string();
    if (const auto [it, fresh] = partial_of.emplace(ec ? path : canonical, path); !fresh)
      throw UsageError(path + " is given twice (as " + it->second + " too)");
    // Read as inputs are (.gz, .zst, .bz2, .xz decoded; - for stdin): a partial not read to its
    // end (missing, cut short) is an error, never merged in part.
    const io::WholeInput in = io::read_whole(path);
    if (in.content != io::Content::text)  // an archive, binary data
      throw UsageError(path + ": not JSON: " + std::string(io::content_name(in.content)) + " data");
    if (in.error) {
      print_error("merge",
                  path + ": " + (in.error->offset == 0 ? in.error->message : in.error->located()));
      return {.failed = true};
    }
    analysis::Stats part;
    report::StatsRun run;
    std::string error;
    if (!report::stats_from_json(in.text, part, error, &run)) throw UsageError(path + ": " + error);
    if (const std::string why = merge.add(path, part, std::move(run)); !why.empty())
      throw UsageError(why);
  }
  // As one run over these inputs: each input not read to its end named (in input order), exit 1.
  bool input_failed = false;
  for (const auto& in : merge.total().inputs) {
    if (in.outcome != analysis::InputOutcome::failed) continue;
    print_error("merge", input_failure(in));
    input_failed = true;
  }
  out.write(report::render_stats(opts.format, merge.total(), merge.run()));
  return {.failed = !commit_output("merge", out) || input_failed};
}

}  // namespace rochade::app
