// `rochade stats --format csv`: every count of docs/STATS-JSON.md as ONE tidy table
// (one row per count), ready for pandas.read_csv / DuckDB read_csv_auto.
//
// Columns (RFC 4180: a header row, "\n" line ends, fields with , " CR or LF quoted with "" for "):
//   group_key       "all" for the whole run; the --by key ("decade", "event", ...) for a group;
//                   "input" for the rows about one input file
//   group_value     "all"; the group's value ("1980s", "unknown", an event name); the input path
//   metric          the count, named by its JSON path:
//                     games.total, games.replayed, games.with_errors, games.skipped_variant,
//                     games.filtered, games.duplicates, games.without_moves, games.cut_off,
//                     castling.games_analysed,
//                     castling.castled (colour, side), castling.none (colour),
//                     castling.first (colour, side), castling.castled_again (colour),
//                     castling.any_castled, castling.castling_moves,
//                     castling.both_castled, castling.opposite_sides, castling.same_side,
//                     castling.white_first, castling.black_first, castling.with_check,
//                     castling.checkmate, castling.by_move (colour, side, move),
//                     castling.king_moved_first (colour), illegal_castling.total,
//                     illegal_castling.by_reason (reason), results (result_pattern, result),
//                     annotation_mismatch, false_repetition (overall only, as in the JSON),
//                     input.bytes, input.games, input.complete (1 or 0) (group_key "input")
//   colour          white | black, or empty
//   side            kingside | queenside, or empty
//   move            full move number (castling.by_move only; only non-zero counts), or empty
//   reason          an illegal-castling reason of docs/AUDIT-JSONL.md (every reason, zeros too)
//   result_pattern  W/B castling pattern "K/Q", "-/K", ... (results only; all nine)
//   result          1-0 | 0-1 | 1/2-1/2 | * (results only)
//   value           the count (a non-negative integer)
//   share_of        the metric whose count the reports give this count as a share of (their
//                   percentages are value / that count: report/stats/figures.hpp), or empty
// Text (paths, event names) is UTF-8: bytes that are not UTF-8 are read as Latin-1.
#include <fmt/core.h>

#include <optional>

#include "report/stats/stats_fields.hpp"
#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_summary.hpp"

namespace rochade::report {

using analysis::Counts;

namespace {

void append_field(std::string& out, std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) {
    out.append(s);
    return;
  }
  out += '"';
  for (const char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

struct Row {
  std::string metric;
  std::string_view colour = {}, side = {};
  std::string move = {};
  std::string_view reason = {};
  std::string pattern = {};
  std::string_view result = {};
  std::optional<Whole> share_of = {};
};

class CsvWriter {
 public:
  explicit CsvWriter(std::string& out) : out_(out) {
    out_ +=
        "group_key,group_value,metric,colour,side,move,reason,result_pattern,result,value,"
        "share_of\n";
  }
  void set_group(std::string key, std::string value) {
    key_ = clean_text(key);
    value_ = clean_text(value);
  }
  void add(const Row& r, std::uint64_t value) {
    for (const std::string_view f :
         {std::string_view(key_), std::string_view(value_), std::string_view(r.metric), r.colour,
          r.side, std::string_view(r.move), r.reason, std::string_view(r.pattern), r.result}) {
      append_field(out_, f);
      out_ += ',';
    }
    out_ += std::to_string(value);
    out_ += ',';
    if (r.share_of) out_ += whole_metric(*r.share_of);
    out_ += '\n';
  }

 private:
  std::string& out_;
  std::string key_, value_;
};

// The counts the JSON writes for the whole run and for each group.
void write_counts(CsvWriter& w, const Counts& c) {
  for (const CountField& f : games_fields)
    w.add({.metric = csv_metric("games", f), .share_of = f.whole}, f.of(c));
  w.add({.metric = std::string(whole_metric(Whole::analysed)), .share_of = Whole::games},
        whole_of(c, Whole::analysed));
  for (int col = 0; col < 2; ++col) {
    const ColourFigures f = colour_figures(c, col);
    for (int side = 0; side < 2; ++side)
      w.add({"castling.castled", colour_name(col), side_name(side)}, c.castled[col][side]);
    w.add({.metric = "castling.none", .colour = colour_name(col), .share_of = f.never.of},
          f.never.count);
    for (int side = 0; side < 2; ++side) {
      const Figure& first = f.first[static_cast<std::size_t>(side)];
      w.add({.metric = "castling.first",
             .colour = colour_name(col),
             .side = side_name(side),
             .share_of = first.of},
            first.count);
    }
    w.add({"castling.castled_again", colour_name(col)}, f.again);
  }
  for (const CountField& f : castling_fields)
    w.add({.metric = csv_metric("castling", f), .share_of = f.whole}, f.of(c));
  for (const Whole whole : {Whole::any_castled, Whole::castling_moves})
    w.add({std::string(whole_metric(whole))}, whole_of(c, whole));
  for (int col = 0; col < 2; ++col) {
    for (int side = 0; side < 2; ++side) {
      const auto& hist = c.by_move[col][side];
      for (std::size_t n = 0; n < hist.size(); ++n)
        if (hist[n] != 0)
          w.add({"castling.by_move", colour_name(col), side_name(side), std::to_string(n)},
                hist[n]);
    }
  }
  for (int col = 0; col < 2; ++col) {
    const Figure f = colour_figures(c, col).king_moved_first;
    w.add({.metric = "castling.king_moved_first", .colour = colour_name(col), .share_of = f.of},
          f.count);
  }
  w.add({csv_metric("illegal_castling", illegal_total)}, illegal_total.of(c));
  for (int r = 0; r < chess::castling_reason_count; ++r)
    w.add({.metric = "illegal_castling.by_reason",
           .reason = chess::castling_reason_name(chess::CastlingReason(r)),
           .share_of = Whole::illegal},
          c.illegal_by_reason[static_cast<std::size_t>(r)]);
  for (int wp = 0; wp < 3; ++wp)
    for (int bp = 0; bp < 3; ++bp)
      for (std::size_t r = 0; r < analysis::result_names.size(); ++r)
        w.add({.metric = "results",
               .pattern = pattern_label(wp, bp),
               .result = analysis::result_names[r]},
              c.results[static_cast<std::size_t>(wp)][static_cast<std::size_t>(bp)][r]);
}

}  // namespace

std::string stats_to_csv(const StatsReport& report) {
  const analysis::Stats& s = report.stats;
  std::string out;
  CsvWriter w(out);
  w.set_group("all", "all");
  write_counts(w, s.all);
  for (const CountField& f : finding_fields)
    w.add({.metric = csv_metric("", f), .share_of = f.whole}, f.of(s.all));
  for (const auto& [key, values] : s.groups) {
    for (const auto& [value, counts] : values) {
      w.set_group(std::string(analysis::group_key_name(key)), value);
      write_counts(w, counts);
    }
  }
  for (const auto& in : s.inputs) {
    w.set_group("input", in.path);
    w.add({"input.bytes"}, in.bytes);
    w.add({"input.games"}, in.games);
    w.add({"input.complete"}, in.complete() ? 1 : 0);
  }
  return out;
}

}  // namespace rochade::report
