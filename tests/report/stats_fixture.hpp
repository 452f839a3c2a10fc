// A Stats built by hand with known counts, highlights with hostile names, and small helpers
// (CSV parsing, UTF-8 validation, counting substrings) for the report tests.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/highlights.hpp"
#include "analysis/stats.hpp"

namespace rochade::test {

using analysis::Counts;
using chess::CastlingSide;
using chess::Color;

// 10 games: 8 replayed, 1 with errors, 1 skipped (9 analysed), the counts agreeing with each
// other as a run's do. By first castling (results): White 7 O-O, 1 O-O-O, 1 never; Black 8 O-O,
// 1 never. Castling moves: White 8 O-O (one a second castling in a game) and 1 O-O-O, Black 8
// O-O. The by_move histograms stand alone (the quartile tests): White O-O moves 5..10, O-O-O
// move 12 twice; Black O-O moves 4, 8, 9, O-O-O moves 10, 20, 30.
inline Counts sample_counts() {
  Counts c;
  c.games = 10;
  c.replayed = 8;
  c.with_errors = 1;
  c.skipped_variant = 1;
  for (std::size_t m = 5; m <= 10; ++m) c.add_by_move(Color::white, CastlingSide::king, m, 1);
  c.add_by_move(Color::white, CastlingSide::queen, 12, 2);
  for (std::size_t m : {4, 8, 9}) c.add_by_move(Color::black, CastlingSide::king, m, 1);
  for (std::size_t m : {10, 20, 30}) c.add_by_move(Color::black, CastlingSide::queen, m, 1);
  c.castled = {{{8, 1}, {8, 0}}};
  c.never = {1, 1};
  c.both_castled = 8;
  c.opposite_sides = 1;
  c.same_side = 7;
  c.white_first = 5;
  c.black_first = 3;
  c.with_check = 2;
  c.checkmate = 1;
  c.king_moved_first = {1, 2};
  c.illegal_castling = 2;
  c.illegal_by_reason[static_cast<int>(chess::CastlingReason::king_moved)] = 2;
  c.illegal_by_reason[static_cast<int>(chess::CastlingReason::in_check)] = 1;
  c.annotation_mismatch = 1;
  c.false_repetition = 1;
  // K/K: 3 white wins, 1 black win, 2 draws, 1 unfinished -> White 66.7% of 6 finished.
  c.results[0][0] = {3, 1, 2, 1};
  c.results[1][0] = {1, 0, 0, 0};  // Q/K: one white win -> 100.0%
  c.results[2][2] = {0, 0, 0, 1};  // -/-: only "*" -> no score
  return c;
}

inline constexpr std::string_view hostile_event = "Open, \"A\" | <b>x</b>";
inline constexpr std::string_view latin1_event = "M\xfcnchen";  // "München" in Latin-1

inline analysis::Stats sample_stats() {
  analysis::Stats s;
  s.inputs.push_back({"games/a.pgn", "plain", 1000, 10, analysis::InputOutcome::read, ""});
  s.all = sample_counts();
  Counts small;
  small.games = small.replayed = 1;
  small.castled[0][0] = 1;
  small.never[1] = 1;
  small.results[0][2] = {0, 0, 1, 0};
  s.groups[analysis::GroupKey::event][std::string(hostile_event)] = sample_counts();
  s.groups[analysis::GroupKey::event][std::string(latin1_event)] = small;
  s.groups[analysis::GroupKey::event]["unknown"] = small;
  s.groups[analysis::GroupKey::elo]["800-999"] = small;
  s.groups[analysis::GroupKey::elo]["1000-1199"] = sample_counts();
  s.groups[analysis::GroupKey::elo]["2200-2399"] = sample_counts();
  return s;
}

inline analysis::Highlight sample_mate() {
  analysis::Highlight h;
  h.kind = analysis::Highlight::Kind::mate_by_castling;
  h.placed_at({0, 3});
  h.move_number = 2;
  h.side = Color::white;
  h.san = "O-O-O#";
  h.fen_before = "8/8/8/8/8/8/8/R3K1k1 w Q - 0 2";
  h.king_from = 4;  // e1
  h.king_to = 2;    // c1
  h.rook_from = 0;  // a1
  h.rook_to = 3;    // d1
  h.white = "<script>alert(1)</script>";
  h.black = "M\xfcller";  // Latin-1
  h.event = std::string(hostile_event);
  h.date = "1998.??.??";
  return h;
}

inline analysis::Highlight sample_illegal() {
  analysis::Highlight h = sample_mate();
  h.kind = analysis::Highlight::Kind::illegal_castling;
  h.placed_at({0, 7});
  h.san = "O-O";
  h.fen_before = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 20";
  h.side = Color::black;
  h.move_number = 20;
  h.king_from = 60;
  h.king_to = 62;
  h.rook_from = 63;
  h.rook_to = 61;
  h.white = "Smith";
  h.black = "Jones";
  h.message = "black castles kingside after the king moved (Ke8-d8 on move 12) & back";
  return h;
}

inline std::size_t count_of(std::string_view text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string_view::npos;
       at = text.find(what, at + what.size()))
    ++n;
  return n;
}

// Strict UTF-8 check (no overlongs, no surrogates).
inline bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c < 0x80                 ? 1
                    : c >= 0xC2 && c <= 0xDF ? 2
                    : c >= 0xE0 && c <= 0xEF ? 3
                    : c >= 0xF0 && c <= 0xF4 ? 4
                                             : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    if (n > 1) {
      const auto c1 = static_cast<unsigned char>(s[i + 1]);
      if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) || (c == 0xF0 && c1 < 0x90) ||
          (c == 0xF4 && c1 >= 0x90))
        return false;
    }
    i += n;
  }
  return true;
}

// RFC 4180 records (quoted fields may hold commas, quotes and line ends).
inline std::vector<std::vector<std::string>> parse_csv(std::string_view text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
      any = true;
    } else if (c == ',') {
      row.push_back(std::move(field));
      field.clear();
    } else if (c == '\n') {
      row.push_back(std::move(field));
      field.clear();
      rows.push_back(std::move(row));
      row.clear();
      any = false;
    } else {
      field += c;
      any = true;
    }
  }
  if (any || !row.empty()) {
    row.push_back(std::move(field));
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace rochade::test
