// The sections of the stats report (stats_sections.hpp): what the text, Markdown and HTML
// reports print as tables, built once from the statistics.
#include "report/stats/stats_sections.hpp"

#include <fmt/core.h>

#include <array>

#include "report/stats/stats_fields.hpp"

namespace rochade::report {

using analysis::Counts;
using analysis::Stats;

namespace {

std::string num(std::uint64_t n) { return with_thousands(n); }
std::string quartile(const std::optional<double>& v) { return v ? format_decimal(*v) : "-"; }

// Numbered as the games below name them ("5:1" is game 1 of input 5). Beyond `all_listed`
// inputs, only those the listed games refer to and those not read to the end are shown.
Section inputs_section(const Stats& s, const std::vector<analysis::Highlight>& highlights) {
  Section sec{"Inputs", "", {{"#", "input", "compression", "games", "status"}, "rllrl", {}}};
  std::uint64_t bytes = 0, games = 0;
  std::size_t incomplete = 0;
  for (const auto& in : s.inputs) {
    bytes += in.bytes;
    games += in.games;
    if (!in.complete()) ++incomplete;
  }
  constexpr std::size_t all_listed = 24;
  std::vector<bool> referenced(s.inputs.size(), false);
  for (const auto& h : highlights)
    if (h.place.input < referenced.size()) referenced[h.place.input] = true;
  for (std::size_t i = 0; i < s.inputs.size(); ++i) {
    const auto& in = s.inputs[i];
    if (s.inputs.size() > all_listed && in.complete() && !referenced[i]) continue;
    sec.table.rows.push_back(
        {num(i + 1), truncate_text(clean_text(in.path), 60, true), clean_text(in.compression),
         num(in.games), in.complete() ? "read" : "incomplete: " + clean_text(in.error_text())});
  }
  if (s.inputs.size() > all_listed)
    sec.note = fmt::format(
        "{} inputs, {} bytes, {} games; {} not read to the end. Listed: {} of {} (those the games "
        "below refer to, and those not read to the end); `--format json` lists every input.",
        num(s.inputs.size()), num(bytes), num(games), num(incomplete), num(sec.table.rows.size()),
        num(s.inputs.size()));
  return sec;
}

std::string pct(const Figure& f) { return format_percent(f.percent()); }

Section games_section(const Counts& c) {
  Section sec{"Games", "", {{"", "games", "%"}, "lrr", {}}};
  for (const CountField& f : games_fields)  // a later count where it is not 0
    if (!f.later || f.of(c) > 0)
      sec.table.rows.push_back({std::string(f.label), num(f.of(c)), pct(f.figure(c))});
  return sec;
}

Section castling_section(const Counts& c) {
  Section sec{
      "Castling",
      fmt::format("Games by the colour's first castling (O-O, O-O-O) or none, in % of the "
                  "{} games analysed: each colour's three add up to 100%. Castled again: "
                  "castling moves after the colour's first in a game (always illegal, "
                  "counted among the illegal castlings too).",
                  num(whole_of(c, Whole::analysed))),
      {{"colour", "O-O", "%", "O-O-O", "%", "never", "%", "castled again", "castling moves"},
       "lrrrrrrrr",
       {}}};
  if (c.without_moves > 0) sec.note.append(" ").append(without_moves_note(c));
  for (int col = 0; col < 2; ++col) {
    const ColourFigures f = colour_figures(c, col);
    sec.table.rows.push_back({std::string(colour_name(col)), num(f.first[0].count), pct(f.first[0]),
                              num(f.first[1].count), pct(f.first[1]), num(f.never.count),
                              pct(f.never), num(f.again), num(f.moves[0] + f.moves[1])});
  }
  return sec;
}

Section timing_section(const Counts& c) {
  Section sec{"When castling happens",
              "Full move number of the castling move.",
              {{"castling", "castlings", "Q1", "median", "Q3"}, "lrrrr", {}}};
  for (int col = 0; col < 2; ++col) {
    for (int side = 0; side < 2; ++side) {
      const MoveQuartiles q = move_quartiles(c.by_move[col][side]);
      sec.table.rows.push_back({fmt::format("{} {}", colour_name(col), side_notation(side)),
                                num(q.count), quartile(q.q1), quartile(q.median), quartile(q.q3)});
    }
  }
  return sec;
}

Section events_section(const Counts& c) {
  Section sec{"Castling events", "", {{"", "count", "%", "of"}, "lrrl", {}}};
  auto& rows = sec.table.rows;
  const auto row = [&](std::string label, const Figure& f) {
    rows.push_back({std::move(label), num(f.count), pct(f), std::string(whole_words(f.of))});
  };
  // A field whose whole is a part of the row above (both castled) is indented under it.
  for (const CountField& f : castling_fields)
    row((f.whole == Whole::both_castled ? "  " : "") + std::string(f.label), f.figure(c));
  for (int col = 0; col < 2; ++col)
    row(fmt::format("{} king moved first", colour_name(col)),
        colour_figures(c, col).king_moved_first);
  for (const CountField& f : finding_fields) row(std::string(f.label), f.figure(c));
  return sec;
}

Section illegal_section(const Counts& c) {
  Section sec{"Illegal castlings",
              "A finding may have several reasons; reasons with no finding are left out.",
              {{"reason", "findings", "%"}, "lrr", {}}};
  sec.table.rows.push_back({"total", num(c.illegal_castling), ""});
  for (int r = 0; r < chess::castling_reason_count; ++r) {
    const std::uint64_t n = c.illegal_by_reason[static_cast<std::size_t>(r)];
    if (n == 0) continue;
    sec.table.rows.push_back({"  " + std::string(castling_reason_name(chess::CastlingReason(r))),
                              num(n), pct(figure(c, n, Whole::illegal))});
  }
  const std::uint64_t again = colour_figures(c, 0).again + colour_figures(c, 1).again;
  if (again > 0)
    sec.table.rows.push_back({"castled again (a colour's second castling in a game)", num(again),
                              pct(figure(c, again, Whole::illegal))});
  return sec;
}

Section results_section(const Counts& c) {
  Section sec{"Results by castling pattern",
              "Pattern W/B: the side White / Black castled first on (K kingside, Q queenside, - "
              "never). White's score = (1-0 + draws/2) / finished games; * is not scored.",
              {{"pattern", "games", "1-0", "0-1", "1/2-1/2", "*", "white score"}, "lrrrrrr", {}}};
  const auto row = [](std::string label, const Score& s) {
    return std::vector<std::string>{std::move(label),
                                    num(s.games()),
                                    num(s.white_wins),
                                    num(s.black_wins),
                                    num(s.draws),
                                    num(s.unfinished),
                                    format_percent(s.white_percent())};
  };
  for (int w = 0; w < 3; ++w) {
    for (int b = 0; b < 3; ++b) {
      const Score s = pattern_score(c, w, b);
      if (s.games() > 0) sec.table.rows.push_back(row(pattern_label(w, b), s));
    }
  }
  sec.table.rows.push_back(row("all", total_score(c)));
  return sec;
}

Section group_section(analysis::GroupKey key, const Stats::GroupValues& values, const Counts& all) {
  const std::string name(analysis::group_key_name(key));
  const bool without_moves = all.without_moves > 0;
  Section sec{"By " + name,
              "Games: the games analysed with that value, which every % of the row is over; "
              "each colour's O-O, O-O-O (first castling) and never add up to 100%. White score "
              "over finished games.",
              {{name, "games"}, "lr", {}}};
  if (without_moves) {
    sec.table.header.push_back("without moves");
    sec.table.align += 'r';
    sec.note.append(" ").append(without_moves_note(all));
  }
  for (const std::string_view h : {"W O-O", "W O-O-O", "W never", "B O-O", "B O-O-O", "B never",
                                   "again", "illegal", "white score"}) {
    sec.table.header.emplace_back(h);
    sec.table.align += 'r';
  }
  for (const std::string& value : ordered_group_values(key, values)) {
    const Counts& c = values.find(value)->second;
    std::vector<std::string> row{truncate_text(clean_text(value), 40),
                                 num(whole_of(c, Whole::analysed))};
    if (without_moves) row.push_back(num(c.without_moves));
    std::uint64_t again = 0;
    for (int col = 0; col < 2; ++col) {
      const ColourFigures f = colour_figures(c, col);
      row.push_back(pct(f.first[0]));
      row.push_back(pct(f.first[1]));
      row.push_back(pct(f.never));
      again += f.again;
    }
    row.push_back(num(again));
    row.push_back(num(c.illegal_castling));
    row.push_back(format_percent(total_score(c).white_percent()));
    sec.table.rows.push_back(std::move(row));
  }
  return sec;
}

}  // namespace

std::vector<Section> summary_sections(const Stats& stats,
                                      const std::vector<analysis::Highlight>& highlights) {
  std::vector<Section> out;
  if (!stats.inputs.empty()) out.push_back(inputs_section(stats, highlights));
  out.push_back(games_section(stats.all));
  out.push_back(castling_section(stats.all));
  out.push_back(timing_section(stats.all));
  out.push_back(events_section(stats.all));
  out.push_back(illegal_section(stats.all));
  out.push_back(results_section(stats.all));
  for (const auto& [key, values] : stats.groups)
    out.push_back(group_section(key, values, stats.all));
  return out;
}

std::string listed_note(analysis::Highlight::Kind kind, std::size_t shown,
                        const analysis::Counts& all) {
  const bool mate = kind == analysis::Highlight::Kind::mate_by_castling;
  const std::uint64_t total = mate ? all.checkmate : all.illegal_castling;
  if (shown >= total) return fmt::format("All {}, in input order.", num(shown));
  return fmt::format("The first {} of {} in input order — `rochade find {}` lists them all.",
                     num(shown), num(total), mate ? "--mate-by-castling" : "--illegal-castling");
}

std::string highlight_move(const analysis::Highlight& h) {
  return fmt::format("{}{} {}", h.move_number, h.side == chess::Color::white ? "." : "...",
                     clean_text(h.san));
}

std::string highlight_source(const Stats& stats, const analysis::Highlight& h) {
  const analysis::GamePlace& at = h.place;
  if (at.input < stats.inputs.size()) {
    const std::string& path = stats.inputs[at.input].path;
    return fmt::format("game {}:{} (game {} of input {}, {})", at.input + 1, at.number, at.number,
                       at.input + 1, clean_text(path.substr(path.rfind('/') + 1)));
  }
  return fmt::format("game {}", at.number);
}

std::vector<Section> highlight_sections(const Stats& stats,
                                        const std::vector<analysis::Highlight>& highlights) {
  using Kind = analysis::Highlight::Kind;
  std::vector<Section> out;
  for (const Kind kind : {Kind::mate_by_castling, Kind::illegal_castling}) {
    const bool mate = kind == Kind::mate_by_castling;
    Section sec{mate ? "Mates by castling" : "Illegal castlings, first games",
                "",
                {{"game", "move", "white", "black", "event", "date"}, "rlllll", {}}};
    if (!mate) {
      sec.table.header.push_back("finding");
      sec.table.align += 'l';
    }
    for (const auto& h : highlights) {
      if (h.kind != kind) continue;
      std::vector<std::string> row{fmt::format("{}:{}", h.place.input + 1, h.place.number),
                                   highlight_move(h),
                                   truncate_text(clean_text(h.white), 24),
                                   truncate_text(clean_text(h.black), 24),
                                   truncate_text(clean_text(h.event), 30),
                                   clean_text(h.date)};
      if (!mate) row.push_back(clean_text(h.message));
      sec.table.rows.push_back(std::move(row));
    }
    if (sec.table.rows.empty()) continue;
    sec.note = listed_note(kind, sec.table.rows.size(), stats.all);
    if (!stats.inputs.empty()) sec.note += " Game: input number:game number (see Inputs).";
    out.push_back(std::move(sec));
  }
  return out;
}

std::string section_to_html(const Section& sec) {
  std::string out = "<h3>" + html_escape(sec.title) + "</h3>\n";
  if (!sec.note.empty()) out += "<p class=\"note\">" + html_escape(sec.note) + "</p>\n";
  out += "<table><thead><tr>";
  for (std::size_t i = 0; i < sec.table.header.size(); ++i)
    out += fmt::format("<th class=\"{}\">{}</th>", sec.table.align[i],
                       html_escape(sec.table.header[i]));
  out += "</tr></thead><tbody>\n";
  for (const auto& row : sec.table.rows) {
    out += "<tr>";
    for (std::size_t i = 0; i < row.size(); ++i) {
      const bool indented = row[i].starts_with("  ");  // a sub-row in the text report
      out += fmt::format("<td class=\"{}{}\">{}</td>", sec.table.align[i], indented ? " ind" : "",
                         html_escape(indented ? row[i].substr(2) : row[i]));
    }
    out += "</tr>\n";
  }
  out += "</tbody></table>\n";
  return out;
}

}  // namespace rochade::report
