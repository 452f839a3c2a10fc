// The listed games of the stats HTML report (mates by castling, the first illegal castlings): a
// board for each, and the viewer of `find --format html` (docs/VIEWER.md) in which each
// opens at its castling. Each is replayed when the report is printed, by rochade's own replay,
// from the start position and moves its analysis::Highlight carries (docs/STATS-JSON.md, v1.3), so
// a report that `merge` prints from partials shows the same boards as one run's.
#pragma once

#include <string>
#include <vector>

#include "analysis/highlights.hpp"
#include "analysis/records.hpp"
#include "analysis/stats.hpp"

namespace rochade::report {

// What the report's <style> adds for the viewer: its style sheet and the report's rules for it
// (printed, the report leaves the viewer out: the boards show the listed games). Empty where no
// listed game or record can be replayed (those of a document before v1.3 carry no moves).
std::string listed_games_style(const std::vector<analysis::Highlight>& highlights,
                               const analysis::Records& records);

// The sections of the listed games: a board for each (svg_board.hpp) by kind, with a link that
// opens it in the viewer; the castling records, each with a link that opens its game in the
// viewer at the move the record names; then the viewer's section: its elements, the games' data
// (one object a replayable listed game, in the order of the boards, then one a record) and its
// script.
std::string listed_games_html(const analysis::Stats& stats,
                              const std::vector<analysis::Highlight>& highlights,
                              const analysis::Records& records);

}  // namespace rochade::report
