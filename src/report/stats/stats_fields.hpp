// The counts of analysis::Counts that are one number, each declared once: its member, where it
// stands in the JSON document (docs/STATS-JSON.md: an object and a key), hence its CSV metric
// ("games.replayed"), the label the text, Markdown and HTML reports give it, and the whole the
// reports give it as a share of (figures.hpp). JSON write,
// JSON read (merge), CSV and the reports' games table are loops over these tables, so a new
// count is one line here (and one in ROCHADE_COUNTS_FIELDS, which adds and compares counts).
// The counts with more shape (per colour and side, by move, by reason, by result) are written by
// each format as the contract lays them out.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/stats.hpp"
#include "report/stats/figures.hpp"

namespace rochade::report {

struct CountField {
  std::uint64_t analysis::Counts::*member;
  std::string_view key;    // in its JSON object
  std::string_view label;  // in the reports' tables ("" where a report has no row for it)
  Whole whole;             // what the reports give it as a share of
  // A count added by a later contract: 0 when a document does not have it (merge of older
  // partials); the reports show it only when it is not 0.
  bool later = false;

  std::uint64_t of(const analysis::Counts& c) const { return c.*member; }
  std::uint64_t& of(analysis::Counts& c) const { return c.*member; }
  Figure figure(const analysis::Counts& c) const { return report::figure(c, of(c), whole); }
};

using analysis::Counts;

// "games": {...}, in the contract's order (the reports' games table in the same order).
inline constexpr std::array<CountField, 8> games_fields{{
    {&Counts::games, "total", "total", Whole::games},
    {&Counts::replayed, "replayed", "replayed", Whole::games},
    {&Counts::with_errors, "with_errors", "with errors", Whole::games},
    {&Counts::skipped_variant, "skipped_variant", "skipped (variant)", Whole::games},
    {&Counts::filtered, "filtered", "left out by --where", Whole::games, true},
    {&Counts::duplicates, "duplicates", "duplicates (--dedup)", Whole::games, true},
    {&Counts::without_moves, "without_moves", "without moves", Whole::games, true},
    {&Counts::cut_off, "cut_off", "cut off by the input's error", Whole::games, true},
}};

// "castling": {...}: the counts after the two colours' objects, before by_move.
inline constexpr std::array<CountField, 7> castling_fields{{
    {&Counts::both_castled, "both_castled", "both castled", Whole::analysed},
    {&Counts::opposite_sides, "opposite_sides", "opposite sides", Whole::both_castled},
    {&Counts::same_side, "same_side", "same side", Whole::both_castled},
    {&Counts::white_first, "white_first", "white castled first", Whole::any_castled},
    {&Counts::black_first, "black_first", "black castled first", Whole::any_castled},
    {&Counts::with_check, "with_check", "castling with check", Whole::castling_moves},
    {&Counts::checkmate, "checkmate", "mate by castling", Whole::castling_moves},
}};

inline constexpr const CountField& opposite_sides_field = castling_fields[1];

// Beside "games" and "castling" at the top of the document (and of each group, where merge
// needs them): findings other than illegal castling.
inline constexpr std::array<CountField, 2> finding_fields{{
    {&Counts::annotation_mismatch, "annotation_mismatch", "annotation mismatch",
     Whole::castling_moves, true},
    {&Counts::false_repetition, "false_repetition", "false repetition", Whole::analysed, true},
}};

// "illegal_castling": {"total": ...}
inline constexpr CountField illegal_total{&Counts::illegal_castling, "total", "total",
                                          Whole::illegal};

// The CSV metric of a field: its JSON object and key ("games.replayed"), or the key alone for
// the fields at the top of the document.
inline std::string csv_metric(std::string_view object, const CountField& f) {
  return object.empty() ? std::string(f.key) : std::string(object) + "." + std::string(f.key);
}

}  // namespace rochade::report
