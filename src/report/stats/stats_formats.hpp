// `rochade stats` for people and tools: text (a terminal table), csv (one tidy table for
// pandas/DuckDB), md (Markdown) and html (one self-contained file with SVG charts and boards).
// JSON is in stats_json.hpp; render_stats picks the printer of a format (stats and merge).
#pragma once

#include <string>
#include <vector>

#include "analysis/highlights.hpp"
#include "analysis/stats.hpp"
#include "report/common/formats.hpp"
#include "report/stats/stats_json.hpp"

namespace rochade::report {

struct StatsReport {
  const analysis::Stats& stats;
  std::vector<analysis::Highlight> highlights;  // mates by castling, first illegal castlings
  analysis::Records records = {};               // the castling records
};

std::string stats_to_text(const StatsReport& report);
std::string stats_to_csv(const StatsReport& report);
std::string stats_to_markdown(const StatsReport& report);
std::string stats_to_html(const StatsReport& report);

// The statistics (and how the run was made, its listed games) in `format`.
std::string render_stats(StatsFormat format, const analysis::Stats& stats, const StatsRun& run);

}  // namespace rochade::report
