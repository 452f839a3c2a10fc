// The one place that picks the printer of a stats format (`rochade stats`, `rochade merge`).
#include "report/stats/stats_formats.hpp"

namespace rochade::report {

std::string render_stats(StatsFormat format, const analysis::Stats& stats, const StatsRun& run) {
  const StatsReport r{stats, run.highlights, run.records};
  switch (format) {
    case StatsFormat::json:
      return stats_to_json(stats, run);
    case StatsFormat::csv:
      return stats_to_csv(r);
    case StatsFormat::md:
      return stats_to_markdown(r);
    case StatsFormat::html:
      return stats_to_html(r);
    case StatsFormat::text:
      break;
  }
  return stats_to_text(r);
}

}  // namespace rochade::report
