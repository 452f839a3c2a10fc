// The charts of the stats report's HTML page, as inline SVG (with a note where one is due).
// Each share they draw is a figure of figures.hpp, so the charts and the tables agree.
#pragma once

#include <string>

#include "analysis/stats.hpp"

namespace rochade::report {

// Where they castle: each colour's games by its first castling, a 100%-stacked bar each.
std::string where_chart(const analysis::Counts& c);
// When they castle: each colour's castlings by move number, on one scale ("No castling." when
// there is none).
std::string when_charts(const analysis::Counts& c);
// Results per castling pattern: 1-0 / draws / 0-1 as a stacked bar, and White's score.
std::string results_by_pattern_chart(const analysis::Counts& c);
// One --by key's values: the trend as lines for a numeric key (year, decade, elo) with two or
// more values, else a bar per colour for each value (the 30 with the most games analysed).
std::string group_chart(analysis::GroupKey key, const analysis::Stats::GroupValues& values);

}  // namespace rochade::report
