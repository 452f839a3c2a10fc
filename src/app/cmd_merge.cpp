// rochade merge [options] PARTIAL...: the statistics of separate runs, combined exactly: the same
// bytes as one run over the same inputs in the same order, in every format (the listed games
// included, their inputs renumbered across the partials), and the same exit status: an input
// that a partial's run could not read to its end is named on stderr, as that run named it, and
// the merge exits 1. Refuses (exit 2) what cannot be added: a partial given twice (an input
// counted by two partials) and partials made with different --by or --where.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "analysis/highlights.hpp"
#include "app/commands.hpp"
#include "report/formats.hpp"
#include "report/stats_formats.hpp"
#include "report/stats_json.hpp"
#include "run/interrupt.hpp"

namespace rochade::app {

namespace {

std::string join(const std::vector<analysis::GroupKey>& keys) {
  std::string s;
  for (const analysis::GroupKey k : keys) {
    if (!s.empty()) s += ',';
    s += analysis::group_key_name(k);
  }
  return s.empty() ? "(none)" : s;
}

// Why `part` (read from `path`) cannot be added to the partials before it, or "".
std::string refusal(const std::string& path, const analysis::Stats& part,
                    const report::StatsRun& run, const std::string& first_path,
                    const report::StatsRun& first, std::map<std::string, std::string>& counted) {
  if (!first_path.empty() && run.by != first.by)
    return path + " was made with --by " + join(run.by) + ", " + first_path + " with --by " +
           join(first.by) + ": their groups cannot be added";
  if (!first_path.empty() && run.where != first.where)
    return path + " was made with --where '" + run.where + "', " + first_path + " with --where '" +
           first.where + "': they count different games";
  for (const auto& in : part.inputs) {
    if (in.path.empty() || in.path == "-") continue;
    const auto [it, fresh] = counted.emplace(in.path, path);
    if (!fresh)
      return path + " counts " + in.path + ", which " + it->second +
             " counts already (a partial given twice?)";
  }
  return {};
}

}  // namespace

void setup_merge(CLI::App& app, MergeOptions& opts) {
  app.add_option("PARTIAL", opts.partials, "partial results of `stats --partial` or --format json")
      ->required();
  add_output_options(app, opts.output, opts.format,
                     report::names_of(report::stats_format_names), "text");
  app.footer(
      "The result is what one run over the partials' inputs, in the order given, prints. A "
      "partial given twice (an input counted by two partials) and partials made with different "
      "--by or --where are refused (exit 2).");
}

Outcome run_merge(const MergeOptions& opts) {
  run::install_interrupt_handler();
  io::Output out(opts.output);  // checked before any partial is read
  if (!out.ok()) {
    print_error("merge", out.error());
    return {.failed = true};
  }
  analysis::Stats total;
  analysis::Highlights highlights;
  report::StatsRun first;
  std::string first_path;
  std::map<std::string, std::string> counted;     // input path -> the partial that counts it
  std::map<std::string, std::string> partial_of;  // a partial's file -> as given
  for (const auto& path : opts.partials) {
    std::error_code ec;
    const std::string canonical = std::filesystem::weakly_canonical(path, ec).string();
    if (const auto [it, fresh] = partial_of.emplace(ec ? path : canonical, path); !fresh)
      throw UsageError(path + " is given twice (as " + it->second + " too)");
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      print_error("merge", path + ": cannot open");
      return {.failed = true};
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    analysis::Stats part;
    report::StatsRun run;
    std::string error;
    if (!report::stats_from_json(buffer.str(), part, error, &run))
      throw UsageError(path + ": " + error);
    if (const std::string why = refusal(path, part, run, first_path, first, counted);
        !why.empty())
      throw UsageError(why);
    if (first_path.empty()) first = run, first_path = path;
    const auto offset = static_cast<std::uint32_t>(total.inputs.size());
    for (analysis::Highlight& h : run.highlights) {
      h.input += offset;  // input numbers count across the partials in the order given
      highlights.add(std::move(h));
    }
    total += part;
  }
  // As one run over these inputs: each input not read to its end named (in input order), exit 1.
  bool input_failed = false;
  for (const auto& in : total.inputs) {
    if (in.outcome != analysis::InputOutcome::failed) continue;
    print_error("merge", input_failure(in));
    input_failed = true;
  }
  const auto format = report::from_name(report::stats_format_names, opts.format)
                          .value_or(report::StatsFormat::text);
  first.highlights = highlights.sorted();
  out.write(report::render_stats(format, total, first));
  return {.failed = !commit_output("merge", out) || input_failed};
}

}  // namespace rochade::app
