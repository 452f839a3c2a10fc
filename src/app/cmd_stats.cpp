// rochade stats [options] INPUT...   and   rochade merge [options] PARTIAL...
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <fstream>
#include <sstream>

#include "analysis/highlights.hpp"
#include "app/commands.hpp"
#include "report/stats_formats.hpp"
#include "report/stats_json.hpp"

namespace rochade::app {

namespace {

const std::vector<std::string> stats_formats{"text", "json", "csv", "md", "html"};

class StatsConsumer : public analysis::GameConsumer {
 public:
  explicit StatsConsumer(const std::vector<analysis::GroupKey>& keys) : keys_(keys) {}
  void game(const analysis::GameRecord& record, const analysis::GameAnalysis& analysis,
            std::string&) override {
    stats.add(record, analysis, keys_);
    highlights.add(record, analysis);
  }
  analysis::Stats stats;
  analysis::Highlights highlights;

 private:
  const std::vector<analysis::GroupKey>& keys_;
};

std::string render(const std::string& format, const analysis::Stats& stats,
                   std::vector<analysis::Highlight> highlights) {
  if (format == "json") return report::stats_to_json(stats);
  const report::StatsReport r{stats, std::move(highlights)};
  if (format == "csv") return report::stats_to_csv(r);
  if (format == "md") return report::stats_to_markdown(r);
  if (format == "html") return report::stats_to_html(r);
  return report::stats_to_text(r);
}

// Writes `text` to the output path (or stdout); false on failure (message printed).
bool write_result(const std::string& command, const std::string& path, const std::string& text) {
  Output out(path);
  if (!out.ok()) {
    fmt::print(stderr, "rochade {}: {}\n", command, out.error());
    return false;
  }
  out.write(text);
  if (!out.commit()) {
    if (path.empty() || path == "-") return true;  // a closed stdout: quiet exit
    fmt::print(stderr, "rochade {}: cannot write {}\n", command, path);
    return false;
  }
  return true;
}

}  // namespace

void setup_stats(CLI::App& app, StatsOptions& opts) {
  add_input_options(app, opts.in, stats_formats, "text");
  app.add_option("--by", opts.by, "group by year, decade, elo, timecontrol, eco, result, event")
      ->allow_extra_args(false)
      ->check(CLI::IsMember({"year", "decade", "elo", "timecontrol", "eco", "result", "event"}));
  app.add_option("--partial", opts.partial, "also write the mergeable partial result (JSON)");
}

int run_stats(const StatsOptions& opts) {
  std::vector<analysis::GroupKey> keys;
  for (const auto& name : opts.by) {
    analysis::GroupKey k;
    if (analysis::group_key_from_name(name, k) &&
        std::find(keys.begin(), keys.end(), k) == keys.end())
      keys.push_back(k);
  }
  const int workers = worker_count(opts.in);
  std::vector<std::unique_ptr<StatsConsumer>> consumers;
  for (int w = 0; w < workers; ++w) consumers.push_back(std::make_unique<StatsConsumer>(keys));
  const RunResult run = run_inputs(
      "stats", opts.in, io::expand_inputs(opts.in.inputs), false, [&](int w) -> analysis::GameConsumer& { return *consumers[w]; },
      workers, nullptr);
  if (run.interrupted) return 130;
  analysis::Stats total;
  analysis::Highlights highlights;
  for (const auto& c : consumers) {
    total += c->stats;
    highlights.merge(c->highlights);
  }
  total.inputs = run.inputs;
  if (!opts.partial.empty() &&
      !write_result("stats", opts.partial, report::stats_to_json(total)))
    return 1;
  if (!write_result("stats", opts.in.output, render(opts.in.format, total, highlights.sorted())))
    return 1;
  return run.exit_status;
}

void setup_merge(CLI::App& app, MergeOptions& opts) {
  app.add_option("PARTIAL", opts.partials, "partial results of `stats --partial` or --format json")
      ->required();
  app.add_option("-o,--output", opts.output, "write the result to FILE instead of stdout");
  app.add_option("--format", opts.format, "output format")
      ->check(CLI::IsMember(stats_formats))
      ->capture_default_str();
}

int run_merge(const MergeOptions& opts) {
  analysis::Stats total;
  for (const auto& path : opts.partials) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      fmt::print(stderr, "rochade merge: {}: cannot open\n", path);
      return 1;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    analysis::Stats part;
    std::string error;
    if (!report::stats_from_json(buffer.str(), part, error)) {
      fmt::print(stderr, "rochade merge: {}: {}\n", path, error);
      return 2;
    }
    total += part;
  }
  return write_result("merge", opts.output, render(opts.format, total, {})) ? 0 : 1;
}

}  // namespace rochade::app
