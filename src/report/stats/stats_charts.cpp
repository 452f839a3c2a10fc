// The charts of the stats report's HTML page (stats_charts.hpp): inline SVG drawn from the
// figures (figures.hpp), each bar and point a share of the whole its figure names.
#include "report/stats/stats_charts.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "report/common/text.hpp"
#include "report/stats/stats_fields.hpp"
#include "report/stats/stats_summary.hpp"

namespace rochade::report {

using analysis::Counts;

namespace {

constexpr std::array<std::string_view, 3> series_colours{"#3b75af", "#ef8636", "#b9b9b9"};
constexpr std::array<std::string_view, 3> series_names{"O-O", "O-O-O", "never"};
constexpr int chart_width = 960;

std::string esc(std::string_view s) { return html_escape(clean_text(s)); }

std::string svg_open(int height, std::string_view label) {
  return fmt::format(R"(<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}">)",
                     chart_width, height, esc(label));
}

std::string svg_text(double x, double y, std::string_view text, std::string_view extra = "") {
  return fmt::format(R"(<text x="{:.1f}" y="{:.1f}" {}>{}</text>)", x, y, extra, text);
}

std::string legend(double x, double y,
                   const std::vector<std::pair<std::string_view, std::string_view>>& items) {
  std::string out;
  for (const auto& [name, colour] : items) {
    out += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="12" height="12" fill="{}"/>)", x,
                       y - 10, colour);
    out += svg_text(x + 16, y, esc(name));
    x += 28 + 7.5 * static_cast<double>(name.size());
  }
  return out;
}

std::vector<std::pair<std::string_view, std::string_view>> side_legend(int n) {
  std::vector<std::pair<std::string_view, std::string_view>> items;
  for (int i = 0; i < n; ++i) items.emplace_back(series_names[i], series_colours[i]);
  return items;
}

// One row of a 100%-stacked bar: the games of one colour by its first castling (O-O, O-O-O,
// never), which add up to the games analysed (figures.hpp).
struct ShareRow {
  std::string label;
  std::array<Figure, 3> parts{};
};

ShareRow share_row(std::string label, const Counts& c, int col) {
  const ColourFigures f = colour_figures(c, col);
  return {std::move(label), {f.first[0], f.first[1], f.never}};
}

// Horizontal 100%-stacked bars.
std::string share_bars(const std::vector<ShareRow>& rows, std::string_view label) {
  constexpr double left = 250, bar_w = chart_width - left - 20, row_h = 22, gap = 6, top = 34;
  const int height = static_cast<int>(top + static_cast<double>(rows.size()) * (row_h + gap) + 4);
  std::string out = svg_open(height, label) + legend(left, 16, side_legend(3));
  double y = top;
  for (const ShareRow& r : rows) {
    out += svg_text(left - 8, y + row_h * 0.7, esc(r.label), R"(text-anchor="end")");
    double x = left;
    if (r.parts[0].whole == 0)
      out += svg_text(left + 4, y + row_h * 0.7, "no games analysed", R"(fill="#888")");
    for (int i = 0; i < 3 && r.parts[0].whole > 0; ++i) {
      const Figure& f = r.parts[static_cast<std::size_t>(i)];
      const double w = bar_w * f.percent().value_or(0) / 100.0;
      out += fmt::format(
          R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{}" fill="{}"><title>{}: {} {} )"
          R"(({} of {} {})</title></rect>)",
          x, y, w, row_h, series_colours[i], esc(r.label), series_names[i], with_thousands(f.count),
          format_percent(f.percent()), with_thousands(f.whole), whole_words(f.of));
      if (w >= 44)
        out += svg_text(x + w / 2, y + row_h * 0.7, format_percent(f.percent()),
                        R"(text-anchor="middle" class="in")");
      x += w;
    }
    y += row_h + gap;
  }
  return out + "</svg>";
}

// The castlings of one colour by move number, up to the last move shown: [side][move] (move 0
// unused), and all of that colour's castlings (both sides).
struct MoveCounts {
  std::array<std::vector<std::uint64_t>, 2> n;
  std::uint64_t total = 0;
};

// The last move number shown in the histograms: the largest with a castling, at most 60 (later
// castlings go into the last bar); and the one scale of both histograms: every bar is a share of
// its colour's castlings, kingside and queenside together.
struct Cap {
  std::size_t last;
  bool folded;           // later castlings are counted in the last bar ("60+")
  double max_share = 1;  // the largest bar of both colours, in %
};

MoveCounts move_counts(const Counts& c, int col, std::size_t last) {
  MoveCounts m;
  for (int side = 0; side < 2; ++side) {
    m.n[side].assign(last + 1, 0);
    const auto& hist = c.by_move[col][side];
    for (std::size_t n = 0; n < hist.size(); ++n) {
      m.n[side][std::clamp<std::size_t>(n, 1, last)] += hist[n];
      m.total += hist[n];
    }
  }
  return m;
}

double share_of(std::uint64_t n, std::uint64_t total) {
  return total ? 100.0 * static_cast<double>(n) / static_cast<double>(total) : 0.0;
}

Cap histogram_cap(const Counts& c) {
  std::size_t last = 1;
  for (const auto& colour : c.by_move)
    for (const auto& hist : colour)
      for (std::size_t n = 0; n < hist.size(); ++n)
        if (hist[n] != 0) last = std::max(last, n);
  Cap cap{std::min<std::size_t>(last, 60), last > 60};
  for (int col = 0; col < 2; ++col) {
    const MoveCounts m = move_counts(c, col, cap.last);
    for (const auto& side : m.n)
      for (const std::uint64_t n : side)
        cap.max_share = std::max(cap.max_share, share_of(n, m.total));
  }
  return cap;
}

// Castling moves of one colour by move number, kingside and queenside side by side, each as a
// % of all the colour's castlings (Cap: one scale for both sides and both colours).
std::string histogram(const Counts& c, int col, Cap cap_info) {
  const std::size_t cap = cap_info.last;
  constexpr double left = 50, right = 10, top = 46, plot_h = 170;
  const double plot_w = chart_width - left - right;
  const MoveCounts counts = move_counts(c, col, cap);
  const double max_share = cap_info.max_share;
  std::string stats_line;
  for (int side = 0; side < 2; ++side) {
    const auto& hist = c.by_move[col][side];
    const MoveQuartiles q = move_quartiles(hist);
    stats_line += fmt::format("{}{}: ", side ? " · " : "", side_notation(side));
    stats_line += q.count == 0 ? std::string("none")
                               : fmt::format("{} castlings, median {}, Q1–Q3 {}–{}",
                                             with_thousands(q.count), format_decimal(*q.median),
                                             format_decimal(*q.q1), format_decimal(*q.q3));
  }
  const double step = max_share > 40 ? 20 : max_share > 20 ? 10 : max_share > 8 ? 5 : 2;
  const double y_max = std::ceil(max_share / step) * step;
  const auto y_of = [&](double v) { return top + plot_h - plot_h * v / y_max; };
  std::string title = fmt::format("{} castlings by move number", colour_name(col));
  title[0] = static_cast<char>(title[0] - 'a' + 'A');
  std::string out = svg_open(static_cast<int>(top + plot_h + 40), title);
  out += svg_text(left, 16, esc(title), R"(font-weight="bold")");
  out += legend(left + 250, 16, side_legend(2));
  // On a line of its own: with large counts it is as wide as the chart.
  out += svg_text(left, 34, esc(stats_line), R"(class="small")");
  for (double v = 0; v <= y_max + 1e-9; v += step) {
    out += fmt::format(R"(<line x1="{}" x2="{}" y1="{:.1f}" y2="{:.1f}" class="grid"/>)", left,
                       chart_width - right, y_of(v), y_of(v));
    out += svg_text(left - 6, y_of(v) + 4, fmt::format("{}%", v), R"(text-anchor="end")");
  }
  const double bw = plot_w / static_cast<double>(cap);
  for (std::size_t n = 1; n <= cap; ++n) {
    const double x = left + bw * static_cast<double>(n - 1);
    for (int side = 0; side < 2; ++side) {
      const std::uint64_t k = counts.n[side][n];
      const double v = share_of(k, counts.total);
      if (k == 0) continue;
      out += fmt::format(
          R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="{}"><title>move )"
          R"({}{}: {} {} ({:.1f}% of {}'s castlings)</title></rect>)",
          x + bw * (0.1 + 0.4 * side), y_of(v), bw * 0.4, top + plot_h - y_of(v),
          series_colours[side], n, n == cap && cap_info.folded ? "+" : "", side_notation(side),
          with_thousands(k), v, colour_name(col));
    }
    // A label every `every` moves, and the last; none so close before the last that they touch.
    const std::size_t every = cap > 30 ? 5 : cap > 12 ? 2 : 1;
    if (n == 1 || (n % every == 0 && cap - n >= every) || n == cap)
      out += svg_text(x + bw / 2, top + plot_h + 16,
                      fmt::format("{}{}", n, n == cap && cap_info.folded ? "+" : ""),
                      R"(text-anchor="middle")");
  }
  out += svg_text(left + plot_w / 2, top + plot_h + 34, "full move number",
                  R"(text-anchor="middle" class="small")");
  return out + "</svg>";
}

// Per castling pattern: 1-0 / ½-½ / 0-1 as a stacked bar and White's score.
std::string results_chart(const Counts& c) {
  constexpr std::array<std::string_view, 3> colours{"#f4f4f4", "#9d9d9d", "#2b2b2b"};
  constexpr double left = 230, bar_w = 600, row_h = 20, gap = 6, top = 34;
  std::vector<std::pair<std::string, Score>> rows;
  for (int w = 0; w < 3; ++w)
    for (int b = 0; b < 3; ++b)
      if (const Score s = pattern_score(c, w, b); s.games() > 0)
        rows.emplace_back(pattern_label(w, b), s);
  const auto shown = static_cast<double>(std::max<std::size_t>(rows.size(), 1));
  const int height = static_cast<int>(top + shown * (row_h + gap) + 4);
  std::string out = svg_open(height, "Results by castling pattern");
  out += legend(left, 16, {{"1-0", colours[0]}, {"1/2-1/2", colours[1]}, {"0-1", colours[2]}});
  out += svg_text(left + bar_w + 12, 16, "White's score", R"(font-weight="bold")");
  double y = top;
  if (rows.empty()) out += svg_text(left, top + row_h * 0.72, "no games", R"(fill="#888")");
  for (const auto& [label, s] : rows) {
    out += svg_text(left - 8, y + row_h * 0.72,
                    esc(fmt::format("{}  ({} games)", label, with_thousands(s.games()))),
                    R"(text-anchor="end")");
    const std::array<std::uint64_t, 3> parts{s.white_wins, s.draws, s.black_wins};
    double x = left;
    for (int i = 0; i < 3 && s.scored() > 0; ++i) {
      const double w = bar_w * static_cast<double>(parts[i]) / static_cast<double>(s.scored());
      out += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{}" fill="{}" )"
                         R"(stroke="#777" stroke-width="0.5"><title>{}: {}</title></rect>)",
                         x, y, w, row_h, colours[i],
                         i == 0   ? "1-0"
                         : i == 1 ? "1/2-1/2"
                                  : "0-1",
                         with_thousands(parts[i]));
      x += w;
    }
    out += svg_text(left + bar_w + 12, y + row_h * 0.72, format_percent(s.white_percent()));
    y += row_h + gap;
  }
  if (!rows.empty())
    out += fmt::format(R"(<line x1="{}" x2="{}" y1="{}" y2="{:.1f}" stroke="#c00" )"
                       R"(stroke-dasharray="4 3"/>)",
                       left + bar_w / 2, left + bar_w / 2, top - 4, y - gap + 4);
  return out + "</svg>";
}

// For a numeric key: % O-O / O-O-O / never per value as lines, one panel per colour.
std::string trend_lines(const std::string& key, const std::vector<std::string>& order,
                        const std::map<std::string, Counts, std::less<>>& values) {
  // Values with few games analysed make noise: they are left out where two or more others remain.
  std::uint64_t min_games = 0;
  std::vector<std::pair<double, const Counts*>> points;
  std::vector<std::string> labels;
  for (const std::uint64_t least : {std::uint64_t{10}, std::uint64_t{1}}) {
    if (points.size() >= 2) break;
    min_games = least;
    points.clear();
    labels.clear();
    for (const std::string& v : order) {
      const Counts& c = values.find(v)->second;
      if (v == "unknown" || whole_of(c, Whole::analysed) < min_games) continue;
      points.emplace_back(std::strtod(v.c_str(), nullptr), &c);
      labels.push_back(v);
    }
  }
  if (points.size() < 2) return {};
  constexpr double panel_w = 440, left = 45, top = 40, plot_h = 190, gap = 40;
  const double x_lo = points.front().first, x_hi = points.back().first;
  const double span = x_hi > x_lo ? x_hi - x_lo : 1;
  std::string out = svg_open(static_cast<int>(top + plot_h + 50), "Trend by " + key);
  out += legend(left, 16, side_legend(3));
  if (min_games > 1)
    out += svg_text(
        chart_width - 10, 16,
        fmt::format("values with fewer than {} games analysed left out (see the table)", min_games),
        R"(text-anchor="end" class="small")");
  const std::size_t every = (labels.size() + 7) / 8;
  for (int col = 0; col < 2; ++col) {
    const double x0 = left + col * (panel_w + gap);
    const auto x_of = [&](double v) { return x0 + (v - x_lo) / span * (panel_w - 20) + 10; };
    const auto y_of = [&](double p) { return top + plot_h - plot_h * p / 100.0; };
    out += svg_text(x0 + panel_w / 2, top - 8, col ? "Black" : "White",
                    R"(text-anchor="middle" font-weight="bold")");
    for (int p = 0; p <= 100; p += 25) {
      out += fmt::format(R"(<line x1="{}" x2="{}" y1="{:.1f}" y2="{:.1f}" class="grid"/>)", x0,
                         x0 + panel_w, y_of(p), y_of(p));
      out += svg_text(x0 - 5, y_of(p) + 4, fmt::format("{}%", p), R"(text-anchor="end")");
    }
    for (std::size_t i = 0; i < labels.size(); i += every)
      out += svg_text(x_of(points[i].first), top + plot_h + 8, esc(labels[i]),
                      fmt::format("text-anchor=\"end\" class=\"small\" "
                                  "transform=\"rotate(-35 {:.1f} {:.1f})\"",
                                  x_of(points[i].first), top + plot_h + 8));
    for (int s = 0; s < 3; ++s) {
      std::string line, dots;
      for (std::size_t i = 0; i < points.size(); ++i) {
        const ColourFigures f = colour_figures(*points[i].second, col);
        const Figure& fig = s < 2 ? f.first[static_cast<std::size_t>(s)] : f.never;
        const double p = fig.percent().value_or(0);
        const double x = x_of(points[i].first), y = y_of(p);
        line += fmt::format("{:.1f},{:.1f} ", x, y);
        dots += fmt::format(R"(<circle cx="{:.1f}" cy="{:.1f}" r="3" fill="{}">)"
                            R"(<title>{}: {} {} of {} {}</title></circle>)",
                            x, y, series_colours[s], esc(labels[i]), series_names[s],
                            format_percent(fig.percent()), with_thousands(fig.whole),
                            whole_words(fig.of));
      }
      out += fmt::format(R"(<polyline points="{}" fill="none" stroke="{}" stroke-width="2"/>)",
                         line, series_colours[s]);
      out += dots;
    }
  }
  return out + "</svg>";
}

// For other keys: a White and a Black bar per value, the values with most games first (30).
std::string group_bars(const std::vector<std::string>& order,
                       const std::map<std::string, Counts, std::less<>>& values,
                       const std::string& key) {
  constexpr std::size_t most = 30;
  std::vector<std::string> shown = order;
  std::string note;
  if (shown.size() > most) {
    std::stable_sort(shown.begin(), shown.end(), [&](const auto& a, const auto& b) {
      return whole_of(values.find(a)->second, Whole::analysed) >
             whole_of(values.find(b)->second, Whole::analysed);
    });
    shown.resize(most);
    note = fmt::format(
        "<p class=\"note\">The {} values with the most games analysed, of {}; all are in "
        "the table below.</p>\n",
        most, order.size());
  }
  std::vector<ShareRow> rows;
  for (const std::string& v : shown) {
    const Counts& c = values.find(v)->second;
    const std::string name = truncate_text(clean_text(v), 20);
    rows.push_back(share_row(
        fmt::format("{} ({})   White", name, with_thousands(whole_of(c, Whole::analysed))), c, 0));
    rows.push_back(share_row("Black", c, 1));
  }
  return note + share_bars(rows, "Castling by " + key);
}

}  // namespace

std::string where_chart(const Counts& c) {
  return share_bars({share_row("White", c, 0), share_row("Black", c, 1)}, "Castling per colour");
}

std::string when_charts(const Counts& c) {
  const std::uint64_t castlings = whole_of(c, Whole::castling_moves);
  if (castlings == 0) return "<p class=\"note\">No castling.</p>\n";
  std::string out =
      "<p class=\"note\">Each bar is a share of the colour's castlings, kingside and "
      "queenside together: one scale for both sides and both colours.</p>\n";
  const Cap cap = histogram_cap(c);
  for (int col = 0; col < 2; ++col) out += histogram(c, col, cap);
  return out;
}

std::string results_by_pattern_chart(const Counts& c) { return results_chart(c); }

std::string group_chart(analysis::GroupKey key, const analysis::Stats::GroupValues& values) {
  const std::vector<std::string> order = ordered_group_values(key, values);
  const std::string name(analysis::group_key_name(key));
  using analysis::GroupKey;  // values on a line for the numeric keys
  const bool numeric = key == GroupKey::year || key == GroupKey::decade || key == GroupKey::elo;
  std::string chart = numeric ? trend_lines(name, order, values) : std::string();
  if (chart.empty()) chart = group_bars(order, values, name);
  return chart;
}

}  // namespace rochade::report
