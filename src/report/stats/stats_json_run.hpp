// The parts of the stats document (docs/STATS-JSON.md, v1.1) that are not counts: how the run was
// made
// ("by", "where"; v1.4: "dedup", "max_games") and the games the reports list one by one
// ("highlights"; v1.3: with what replays each, for the report's viewer). Written and read by
// stats_json.cpp; here so that file stays about the counts.
#pragma once

#include <string>
#include <vector>

#include "analysis/highlights.hpp"
#include "report/common/json.hpp"
#include "report/common/json_value.hpp"
#include "report/stats/stats_json.hpp"

namespace rochade::report::detail {

void write_run(JsonWriter& j, const StatsRun& run);  // "by", "where", "dedup", "max_games"
void write_highlights(JsonWriter& j, const std::vector<analysis::Highlight>& highlights);
// Reads "by", "where", "dedup", "max_games" and "highlights" where present (a v1 document has
// none of them: its "by" is then the keys of its groups). False with `error` on a malformed entry.
bool read_run(const JsonValue& doc, StatsRun& run, std::string& error);

}  // namespace rochade::report::detail
