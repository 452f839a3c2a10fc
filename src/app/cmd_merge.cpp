// rochade merge [options] PARTIAL...: the statistics of separate runs, combined exactly: the same
// bytes as one run over the same inputs in the same order, in every format (the listed games
// included, their inputs renumbered across the partials), and the same exit status: an input
// that a partial's run could not read to its end is named on stderr, as that run named it, and
// the merge exits 1, as it does for a partial it cannot read to its end. Refuses (exit 2) a file
// given twice, what is not JSON, and what report::StatsMerge cannot add.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <map>

#include "app/commands.hpp"
#include "io/input.hpp"
#include "report/formats.hpp"
#include "report/stats_formats.hpp"
#include "report/stats_json.hpp"
#include "report/stats_merge.hpp"
#include "run/interrupt.hpp"

namespace rochade::app {

void setup_merge(CLI::App& app, MergeOptions& opts) {
  app.add_option("PARTIAL", opts.partials,
                 "partial results of `stats --partial` or --format json (plain, .gz, .bz2, .xz, "
                 ".zst), or - for stdin")
      ->required();
  add_output_options(app, opts.output, opts.format,
                     report::names_of(report::stats_format_names), "text");
  app.footer(
      "The result is what one run over the partials' inputs, in the order given, prints. A "
      "partial given twice (an input counted by two partials), partials made with different "
      "--by or --where, more than one partial when any was made with --dedup or --max-games "
      "(only one run sees across all the inputs), and counts whose sum exceeds 2^63-1 are "
      "refused (exit 2).");
}

Outcome run_merge(const MergeOptions& opts) {
  run::install_interrupt_handler();
  io::Output out(opts.output);  // checked before any partial is read
  if (!out.ok()) {
    print_error("merge", out.error());
    return {.failed = true};
  }
  report::StatsMerge merge(opts.partials.size());
  std::map<std::string, std::string> partial_of;  // a partial's file -> as given
  for (const auto& path : opts.partials) {
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
  const auto format = report::from_name(report::stats_format_names, opts.format)
                          .value_or(report::StatsFormat::text);
  out.write(report::render_stats(format, merge.total(), merge.run()));
  return {.failed = !commit_output("merge", out) || input_failed};
}

}  // namespace rochade::app
