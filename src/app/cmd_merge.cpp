// rochade merge [options] PARTIAL...: the statistics of separate runs, combined exactly: the same
// bytes as one run over the same inputs in the same order, in every format (the listed games
// included, their inputs renumbered across the partials), and the same exit status: an input
// that a partial's run could not read to its end is named on stderr, as that run named it, and
// the merge exits 1. Refuses (exit 2) what cannot be added: a partial given twice (an input
// counted by two partials), partials made with different --by or --where, more than one partial
// when any was made with --dedup or --max-games, and sums above what a partial may hold.
#include <CLI/CLI.hpp>
#include <algorithm>
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

// Why a run made with --dedup or --max-games cannot be merged with others, worded as the cluster
// recipes' refusal to split such a run into jobs (cluster_refusal, scripts/cluster/options.sh).
std::string alone(const std::string& path, const report::StatsRun& run) {
  if (run.dedup)
    return path + " was made with --dedup, which cannot be merged: each run saw only its own "
           "inputs' games, so a game repeated in two partials would count twice. Run rochade "
           "stats --dedup as one run over all the inputs, or merge partials made without --dedup";
  if (run.max_games != 0)
    return path + " was made with --max-games " + std::to_string(run.max_games) +
           ", which cannot be merged: it stops after N games in all, in input order, and each "
           "run stopped without the others' count. Run rochade stats --max-games as one run over "
           "all the inputs, or merge partials made without --max-games";
  return {};
}

// Why `part` (read from `path`) cannot be added to the partials before it, or "". `several`:
// more than one partial is given.
std::string refusal(const std::string& path, const analysis::Stats& part,
                    const report::StatsRun& run, const std::string& first_path,
                    const report::StatsRun& first, std::map<std::string, std::string>& counted,
                    bool several) {
  if (several)
    if (std::string why = alone(path, run); !why.empty()) return why;
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

// The largest count of `total` where `part` was just added to it: the whole document and the
// groups `part` has, so the check costs what the addition costs. Each partial holds at most
// stats_count_max (the reader takes no more) and so did `total` before, so no sum has wrapped.
std::uint64_t largest_added(const analysis::Stats& total, const analysis::Stats& part) {
  std::uint64_t largest = total.all.largest();
  for (const auto& [key, values] : part.groups) {
    const auto& mine = total.groups.at(key);
    for (const auto& [value, counts] : values)
      largest = std::max(largest, mine.find(value)->second.largest());
  }
  return largest;
}

}  // namespace

void setup_merge(CLI::App& app, MergeOptions& opts) {
  app.add_option("PARTIAL", opts.partials, "partial results of `stats --partial` or --format json")
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
    if (const std::string why =
            refusal(path, part, run, first_path, first, counted, opts.partials.size() > 1);
        !why.empty())
      throw UsageError(why);
    if (first_path.empty()) first = run, first_path = path;
    const auto offset = static_cast<std::uint32_t>(total.inputs.size());
    for (analysis::Highlight& h : run.highlights) {
      h.input += offset;  // input numbers count across the partials in the order given
      highlights.add(std::move(h));
    }
    total += part;
    if (largest_added(total, part) > report::stats_count_max)
      throw UsageError(path + ": added to the partials before it, a count exceeds " +
                       std::to_string(report::stats_count_max) +
                       " (2^63-1), the largest a partial may hold: they cannot be added");
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
