// The numbers and names the stats printers share: percentages written "-" when their whole is 0
// (the figures themselves, a count and its whole, are figures.hpp), quartiles of the castling
// move number from the by_move histograms, White's score per castling pattern, and the names of
// colours, sides, patterns and the order of group values. The report as titled tables is
// stats_sections.hpp; text cleaning and widths are in text.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/stats.hpp"
#include "report/common/text.hpp"
#include "report/stats/figures.hpp"

namespace rochade::report {

// --- numbers ---------------------------------------------------------------------------------

// "66.7%", or "-" for an undefined percentage.
std::string format_percent(std::optional<double> p);
// A quartile or median: "9", "9.5", "9.25" (at most two decimals, no trailing zeros).
std::string format_decimal(double v);

// Quantile p (0..1) of the values described by hist (hist[n] = how many values equal n), by
// linear interpolation between order statistics (numpy's default, "type 7"); nothing when the
// histogram is empty.
std::optional<double> histogram_quantile(const std::vector<std::uint64_t>& hist, double p);

struct MoveQuartiles {
  std::uint64_t count = 0;
  std::optional<double> q1, median, q3;
};
MoveQuartiles move_quartiles(const std::vector<std::uint64_t>& hist);

// Results of a set of games: White's score = (wins + draws / 2) / (wins + losses + draws);
// unfinished ("*") games are counted but left out of the score.
struct Score {
  std::uint64_t white_wins = 0, black_wins = 0, draws = 0, unfinished = 0;
  std::uint64_t games() const { return white_wins + black_wins + draws + unfinished; }
  std::uint64_t scored() const { return white_wins + black_wins + draws; }
  std::optional<double> white_percent() const;
};
Score pattern_score(const analysis::Counts& c, int white_pattern, int black_pattern);
Score total_score(const analysis::Counts& c);

// --- names -------------------------------------------------------------------------------------

// "K/Q" for pattern indices.
std::string pattern_label(int white_pattern, int black_pattern);
std::string_view colour_name(int colour);  // "white", "black"
std::string_view side_name(int side);      // "kingside", "queenside"
std::string_view side_notation(int side);  // "O-O", "O-O-O"

// Group values in reading order: numbers by value ("800-999" before "1000-1199", "1990s" after
// "1980s"), time controls from fastest to slowest, results as in the JSON, others by name;
// "unknown" last.
std::vector<std::string> ordered_group_values(analysis::GroupKey key,
                                              const analysis::Stats::GroupValues& values);

}  // namespace rochade::report
