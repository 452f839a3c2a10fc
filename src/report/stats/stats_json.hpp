// `stats --format json` (docs/STATS-JSON.md), and reading it back for `merge`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/highlights.hpp"
#include "analysis/records.hpp"
#include "analysis/stats.hpp"

namespace rochade::report {

inline constexpr std::string_view stats_schema = "rochade.stats/1";

// The largest count a document may hold: the reader takes JSON integers as signed 64-bit, so
// merge refuses a sum above it rather than write a number that no reader takes back.
inline constexpr std::uint64_t stats_count_max = INT64_MAX;

// What a document carries besides the counts (contract v1.1): how the run was made, so that
// merge can refuse partials that cannot be added, and the games the text, Markdown and HTML
// reports list one by one, so that merge prints exactly what one run prints.
struct StatsRun {
  std::vector<analysis::GroupKey> by;           // the --by keys (GroupKey order, each once)
  std::string where;                            // --where as given; empty without
  std::vector<analysis::Highlight> highlights;  // bounded; `input` indexes Stats::inputs
  // v1.4: options whose runs cannot be added up (merge takes such a partial only alone).
  bool dedup = false;           // --dedup: duplicates across two runs are seen by neither
  std::uint64_t max_games = 0;  // --max-games N (0: without): N games in all, not per run
  analysis::Records records;    // v1.5: the castling records; `input` indexes Stats::inputs
};

// The whole document, pretty-printed, ending with a newline.
std::string stats_to_json(const analysis::Stats& stats, const StatsRun& run = {});

// Reads a document written by stats_to_json (`run` too, when given). On error returns false and
// says why.
bool stats_from_json(std::string_view text, analysis::Stats& out, std::string& error,
                     StatsRun* run = nullptr);

}  // namespace rochade::report
