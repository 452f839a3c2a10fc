// rochade merge [options] PARTIAL...: the statistics of separate runs, combined exactly.
#include <CLI/CLI.hpp>
#include <fstream>
#include <sstream>

#include "app/commands.hpp"
#include "report/formats.hpp"
#include "report/stats_json.hpp"

namespace rochade::app {

void setup_merge(CLI::App& app, MergeOptions& opts) {
  app.add_option("PARTIAL", opts.partials, "partial results of `stats --partial` or --format json")
      ->required();
  app.add_option("-o,--output", opts.output,
                 "write the result to FILE instead of stdout (- = stdout; FILE.gz and FILE.zst "
                 "are compressed)");
  app.add_option("--format", opts.format, "output format")
      ->check(CLI::IsMember(report::names_of(report::stats_format_names)))
      ->capture_default_str();
}

int run_merge(const MergeOptions& opts) {
  install_interrupt_handler();
  io::Output out(opts.output);  // checked before any partial is read
  if (!out.ok()) {
    print_error("merge", out.error());
    return 1;
  }
  analysis::Stats total;
  for (const auto& path : opts.partials) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      print_error("merge", path + ": cannot open");
      return 1;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    analysis::Stats part;
    std::string error;
    if (!report::stats_from_json(buffer.str(), part, error)) {
      print_error("merge", path + ": " + error);
      return 2;
    }
    total += part;
  }
  const auto format = report::from_name(report::stats_format_names, opts.format)
                          .value_or(report::StatsFormat::text);
  out.write(render_stats(format, total, {}));
  return commit_output("merge", out) ? 0 : 1;
}

}  // namespace rochade::app
