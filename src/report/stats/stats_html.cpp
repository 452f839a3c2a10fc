// `rochade stats --format html`: one self-contained page (inline CSS and SVG, nothing fetched):
// summary cards, charts (stats_charts.hpp: where each colour castles, when, results per
// castling pattern, the trend per group value), a board for each listed game and the viewer
// they open in (stats_viewer.hpp: the page's only script), and every table of the text report.
#include <fmt/core.h>

#include <string>

#include "report/common/svg_board.hpp"
#include "report/stats/stats_charts.hpp"
#include "report/stats/stats_fields.hpp"
#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_records.hpp"
#include "report/stats/stats_sections.hpp"
#include "report/stats/stats_viewer.hpp"

namespace rochade::report {

using analysis::Counts;
using analysis::Stats;

namespace {

std::string esc(std::string_view s) { return html_escape(clean_text(s)); }

std::string card(std::string_view label, std::string_view value, std::string_view sub = "") {
  return fmt::format(R"(<div class="card"><div class="v">{}</div><div class="l">{}</div>)"
                     R"(<div class="s">{}</div></div>)",
                     html_escape(value), html_escape(label), html_escape(sub));
}

constexpr std::string_view style = R"(
body{font-family:system-ui,'DejaVu Sans',sans-serif;color:#222;max-width:1000px;margin:24px auto;
padding:0 16px;background:#fff}h1{margin-bottom:4px}h2{margin-top:36px;border-bottom:1px solid #ddd}
.sub,.note,.small{color:#666;font-size:13px}.cards{display:flex;flex-wrap:wrap;gap:10px}
.card{border:1px solid #ddd;border-radius:6px;padding:8px 12px;min-width:140px}
.card .v{font-size:22px;font-weight:600}.card .l{font-size:13px}.card .s{font-size:12px;color:#777}
svg.chart{width:100%;height:auto;font-size:12px;margin:8px 0}svg .in{fill:#fff;font-size:11px}
svg .small{font-size:11px;fill:#666}svg .grid{stroke:#e4e4e4}
.boards{display:flex;flex-wrap:wrap;gap:18px}figure{margin:0;width:300px}
svg.board{width:300px;height:auto}figcaption{font-size:13px;line-height:1.35}.msg{color:#a00}
table{border-collapse:collapse;margin:6px 0 14px;font-size:13px}
th,td{padding:3px 9px;border-bottom:1px solid #eee}th{background:#f6f6f6}
.r{text-align:right;font-variant-numeric:tabular-nums}.l{text-align:left}.ind{padding-left:24px}
)";

}  // namespace

std::string stats_to_html(const StatsReport& report) {
  const Stats& s = report.stats;
  const Counts& c = s.all;
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<title>rochade — castling statistics</title><style>";
  out += style;
  out += listed_games_style(report.highlights, report.records);
  out += "</style></head><body>\n<h1>Castling statistics</h1>\n";
  out += fmt::format("<p class=\"sub\">{} games from {} input{} · rochade {}</p>\n",
                     with_thousands(c.games), s.inputs.size(), s.inputs.size() == 1 ? "" : "s",
                     ROCHADE_VERSION);
  out += "<div class=\"cards\">";
  out += card("games", with_thousands(c.games),
              fmt::format("{} replayed", with_thousands(c.replayed)));
  out += card("with errors", with_thousands(c.with_errors),
              fmt::format("{} skipped (variant)", with_thousands(c.skipped_variant)));
  for (int col = 0; col < 2; ++col) {
    const Figure castled = colour_figures(c, col).castled;
    out +=
        card(col ? "Black castled" : "White castled", format_percent(castled.percent()),
             fmt::format("of the {} {}", with_thousands(castled.whole), whole_words(castled.of)));
  }
  const Figure opposite = opposite_sides_field.figure(c);
  out += card("opposite sides", format_percent(opposite.percent()),
              fmt::format("of the {} games where {}", with_thousands(opposite.whole),
                          whole_words(opposite.of)));
  out += card("mates by castling", with_thousands(c.checkmate),
              fmt::format("{} castlings with check", with_thousands(c.with_check)));
  out += card("illegal castlings", with_thousands(c.illegal_castling), "findings");
  out += "</div>\n";
  if (c.without_moves > 0) out += "<p class=\"note\">" + esc(without_moves_note(c)) + "</p>\n";
  out += "<h2>Where they castle</h2>\n" + where_chart(c);
  out += "<h2>When they castle</h2>\n" + when_charts(c);
  out +=
      "<h2>Results by castling pattern</h2>\n<p class=\"note\">W/B: the side White / Black "
      "castled first on (K kingside, Q queenside, - never); White's score over finished "
      "games, the dashed line at 50%.</p>\n";
  out += results_by_pattern_chart(c);
  for (const auto& [key, values] : s.groups)
    out += "<h2>By " + esc(analysis::group_key_name(key)) + "</h2>\n" + group_chart(key, values);
  out += listed_games_html(s, report.highlights, report.records);
  out += "<h2>All numbers</h2>\n";
  for (const Section& sec :
       summary_sections(s, referenced_games(report.highlights, report.records)))
    out += section_to_html(sec);
  out += "</body></html>\n";
  return out;
}

}  // namespace rochade::report
