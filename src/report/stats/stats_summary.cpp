#include "report/stats/stats_summary.hpp"

#include "report/common/text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace rochade::report {

using analysis::Counts;

// --- numbers ---------------------------------------------------------------------------------

std::string format_percent(std::optional<double> p) {
  if (!p || !std::isfinite(*p)) return "-";
  return fmt::format("{:.1f}%", *p);
}

std::string format_decimal(double v) {
  if (!std::isfinite(v)) return "-";
  std::string s = fmt::format("{:.2f}", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::optional<double> histogram_quantile(const std::vector<std::uint64_t>& hist, double p) {
  std::uint64_t n = 0;
  for (const std::uint64_t c : hist) n += c;
  if (n == 0) return std::nullopt;
  p = std::clamp(p, 0.0, 1.0);
  const double h = p * static_cast<double>(n - 1);
  const auto lo = static_cast<std::uint64_t>(std::floor(h));
  const double frac = h - static_cast<double>(lo);
  // The k-th smallest value (0-based).
  const auto value_at = [&](std::uint64_t k) {
    std::uint64_t seen = 0;
    for (std::size_t v = 0; v < hist.size(); ++v) {
      seen += hist[v];
      if (seen > k) return static_cast<double>(v);
    }
    return static_cast<double>(hist.size() - 1);
  };
  const double a = value_at(lo);
  if (frac == 0.0 || lo + 1 >= n) return a;
  return a + frac * (value_at(lo + 1) - a);
}

MoveQuartiles move_quartiles(const std::vector<std::uint64_t>& hist) {
  MoveQuartiles q;
  for (const std::uint64_t c : hist) q.count += c;
  q.q1 = histogram_quantile(hist, 0.25);
  q.median = histogram_quantile(hist, 0.5);
  q.q3 = histogram_quantile(hist, 0.75);
  return q;
}

std::optional<double> Score::white_percent() const {
  if (scored() == 0) return std::nullopt;
  return 100.0 * (static_cast<double>(white_wins) + static_cast<double>(draws) / 2.0) /
         static_cast<double>(scored());
}

Score pattern_score(const Counts& c, int white_pattern, int black_pattern) {
  const auto& r =
      c.results[static_cast<std::size_t>(white_pattern)][static_cast<std::size_t>(black_pattern)];
  return Score{r[0], r[1], r[2], r[3]};
}

Score total_score(const Counts& c) {
  Score total;
  for (int w = 0; w < 3; ++w) {
    for (int b = 0; b < 3; ++b) {
      const Score s = pattern_score(c, w, b);
      total.white_wins += s.white_wins;
      total.black_wins += s.black_wins;
      total.draws += s.draws;
      total.unfinished += s.unfinished;
    }
  }
  return total;
}

namespace {

// The leading decimal number of s, if s starts with a digit.
std::optional<long long> leading_number(std::string_view s) {
  long long v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr == s.data()) return std::nullopt;
  return v;
}

int fixed_rank(analysis::GroupKey key, std::string_view value) {
  if (key == analysis::GroupKey::timecontrol) {
    const auto speed = analysis::time_control_classes.parse(value);
    return speed ? static_cast<int>(*speed) : 100;
  }
  if (key == analysis::GroupKey::result) {
    const auto& names = analysis::result_names;
    const auto it = std::find(names.begin(), names.end(), value);
    return it == names.end() ? 100 : static_cast<int>(it - names.begin());
  }
  return 0;
}

}  // namespace

std::string pattern_label(int white_pattern, int black_pattern) {
  return std::string(analysis::pattern_names[static_cast<std::size_t>(white_pattern)]) + "/" +
         std::string(analysis::pattern_names[static_cast<std::size_t>(black_pattern)]);
}

std::string_view colour_name(int colour) { return colour == 0 ? "white" : "black"; }
std::string_view side_name(int side) { return side == 0 ? "kingside" : "queenside"; }
std::string_view side_notation(int side) { return side == 0 ? "O-O" : "O-O-O"; }

std::vector<std::string> ordered_group_values(analysis::GroupKey key,
                                              const analysis::Stats::GroupValues& values) {
  std::vector<std::string> out;
  for (const auto& [value, counts] : values) out.push_back(value);
  const auto before = [key](const std::string& a, const std::string& b) {
    const bool ua = a == "unknown", ub = b == "unknown";
    if (ua != ub) return ub;
    const int ra = fixed_rank(key, a), rb = fixed_rank(key, b);
    if (ra != rb) return ra < rb;
    const auto na = leading_number(a), nb = leading_number(b);
    if (na && nb && *na != *nb) return *na < *nb;
    if (na.has_value() != nb.has_value()) return na.has_value();
    return a < b;
  };
  std::stable_sort(out.begin(), out.end(), before);
  return out;
}

}  // namespace rochade::report
