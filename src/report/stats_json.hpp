// `stats --format json` (../shared/spec/stats-json.md), and reading it back for `merge`.
#pragma once

#include <string>
#include <string_view>

#include "analysis/stats.hpp"

namespace rochade::report {

inline constexpr std::string_view stats_schema = "rochade.stats/1";

// The whole document, pretty-printed, ending with a newline.
std::string stats_to_json(const analysis::Stats& stats);

// Reads a document written by stats_to_json. On error returns false and says why.
bool stats_from_json(std::string_view text, analysis::Stats& out, std::string& error);

}  // namespace rochade::report
