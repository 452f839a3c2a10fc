// The castling records (analysis/records.hpp) in the stats document ("records", since contract
// v1.5, docs/STATS-JSON.md) and in the text, Markdown and HTML reports (the "Records" section).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "analysis/records.hpp"
#include "analysis/stats.hpp"
#include "report/common/json.hpp"
#include "report/common/json_value.hpp"
#include "report/stats/stats_sections.hpp"

namespace rochade::report {

// "records": {"latest_castling": {...}, "shortest_mate_by_castling": R, ...}.
void write_records(JsonWriter& j, const analysis::Records& records);
// Reads "records" where present (a document before v1.5 has none: no record). False with
// `error` on a malformed entry.
bool read_records(const JsonValue& doc, analysis::Records& records, std::string& error);
// Adds `other`'s records, their inputs moved by `input_offset` (merge: inputs counted across the
// partials in the order given).
void merge_records(analysis::Records& into, const analysis::Records& other,
                   std::uint32_t input_offset);

// The "Records" section of the text, Markdown and HTML reports.
Section records_section(const analysis::Stats& stats, const analysis::Records& records);
// The HTML report's "Records": the section's table with, in a last column, a link that opens the
// record's game in the viewer (`viewer_game[k]`: its index there, -1 for none).
std::string records_html(const Section& sec,
                         const std::array<int, analysis::record_kind_count>& viewer_game);
// The listed games and the records' games: the games the Inputs section refers to.
std::vector<analysis::Highlight> referenced_games(const std::vector<analysis::Highlight>& listed,
                                                  const analysis::Records& records);
// Every section of the text and Markdown reports, in order: the summary (its Inputs section
// naming the games referred to below), the listed games, the records.
std::vector<Section> report_sections(const analysis::Stats& stats,
                                     const std::vector<analysis::Highlight>& listed,
                                     const analysis::Records& records);

}  // namespace rochade::report
