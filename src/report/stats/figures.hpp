// The figures of the stats report: each count a report shows as a share, with the count it is a
// share of, defined once here and computed from analysis::Counts. The text, Markdown, HTML and
// CSV formats render these figures; none computes a percentage or a whole of its own
// (docs/STATS-JSON.md names each whole; the JSON holds the counts they are computed from).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "analysis/stats.hpp"

namespace rochade::report {

// What a share is of. Each whole is one count of the document (whole_metric), so a reader of
// the JSON or CSV computes every percentage of the reports from the counts alone.
enum class Whole : std::uint8_t {
  games,           // games.total: every record
  analysed,        // castling.games_analysed: replayed with a move, or stopped by an error
  both_castled,    // castling.both_castled
  any_castled,     // castling.any_castled: games in which at least one colour castled
  castling_moves,  // castling.moves: castling moves of both colours, legal or not
  illegal,         // illegal_castling.total: findings of illegal castling
};
// The whole's words in a report's "of" column and notes: "games", "games analysed", ...
std::string_view whole_words(Whole w);
// The whole's CSV metric and JSON path: "castling.games_analysed", ...
std::string_view whole_metric(Whole w);
// The count of the whole in c.
std::uint64_t whole_of(const analysis::Counts& c, Whole w);

// part / whole * 100, or nothing when whole is 0.
std::optional<double> percent(std::uint64_t part, std::uint64_t whole);

// A count and what it is a share of.
struct Figure {
  std::uint64_t count = 0;
  std::uint64_t whole = 0;
  Whole of = Whole::analysed;
  std::optional<double> percent() const { return report::percent(count, whole); }
};
Figure figure(const analysis::Counts& c, std::uint64_t count, Whole of);

// One colour's castling, by games: its first castling in a game was O-O or O-O-O, or it never
// castled. The three add up to the games analysed. Castlings after the first are `again`
// (always illegal: the king has moved), counted as moves beside the games.
struct ColourFigures {
  std::array<Figure, 2> first;  // [side]: games whose first castling of this colour was on side
  Figure never;                 // games in which this colour never castled
  Figure castled;               // first[0] + first[1]
  Figure king_moved_first;      // games: the king walked while castling was still possible
  std::array<std::uint64_t, 2> moves{};  // [side]: castling moves, first or not
  std::uint64_t again = 0;               // castling moves after this colour's first in a game
};
ColourFigures colour_figures(const analysis::Counts& c, int colour);

// The sentence the reports add under their percentages when some games have no move ("12 games
// without moves are left out of every percentage."), else "".
std::string without_moves_note(const analysis::Counts& c);

}  // namespace rochade::report
