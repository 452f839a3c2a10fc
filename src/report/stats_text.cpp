// Placeholder rendering until the full report lands: a short table.
#include <fmt/core.h>

#include "report/stats_formats.hpp"

namespace rochade::report {

std::string stats_to_text(const StatsReport& report) {
  const auto& c = report.stats.all;
  std::string out;
  out += fmt::format("games {}  replayed {}  with errors {}  skipped (variant) {}\n", c.games,
                     c.replayed, c.with_errors, c.skipped_variant);
  out += fmt::format("white: O-O {}  O-O-O {}  never {}\n", c.castled[0][0], c.castled[0][1],
                     c.never[0]);
  out += fmt::format("black: O-O {}  O-O-O {}  never {}\n", c.castled[1][0], c.castled[1][1],
                     c.never[1]);
  out += fmt::format("illegal castlings {}  mates by castling {}\n", c.illegal_castling,
                     c.checkmate);
  return out;
}
std::string stats_to_csv(const StatsReport& r) { return stats_to_text(r); }
std::string stats_to_markdown(const StatsReport& r) { return stats_to_text(r); }
std::string stats_to_html(const StatsReport& r) { return stats_to_text(r); }

}  // namespace rochade::report
