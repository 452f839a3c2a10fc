#include "report/stats/figures.hpp"

#include "base/names.hpp"
#include "report/stats/stats_summary.hpp"

namespace rochade::report {

using analysis::Counts;

namespace {

// Each whole's words (its name) and metric, checked when built (base/names.hpp).
struct WholeNames {
  Whole value{};
  std::string_view name = {}, metric = {};
};
constexpr base::NameTable<Whole, WholeNames> whole_names{{
    {Whole::games, "games", "games.total"},
    {Whole::analysed, "games analysed", "castling.games_analysed"},
    {Whole::both_castled, "both castled", "castling.both_castled"},
    {Whole::any_castled, "games with castling", "castling.any_castled"},
    {Whole::castling_moves, "castling moves", "castling.castling_moves"},
    {Whole::illegal, "illegal castlings", "illegal_castling.total"},
}};

// Games whose first castling of `colour` was on `side` (2: never), from the results by pattern,
// which count every game analysed once by both colours' first castlings.
std::uint64_t first_castled(const Counts& c, int colour, int side) {
  std::uint64_t n = 0;
  for (int other = 0; other < 3; ++other) {
    const auto& r =
        colour == 0 ? c.results[static_cast<std::size_t>(side)][static_cast<std::size_t>(other)]
                    : c.results[static_cast<std::size_t>(other)][static_cast<std::size_t>(side)];
    for (const std::uint64_t x : r) n += x;
  }
  return n;
}

}  // namespace

std::string_view whole_words(Whole w) { return whole_names.name(w); }
std::string_view whole_metric(Whole w) { return whole_names[w].metric; }

std::uint64_t whole_of(const Counts& c, Whole w) {
  switch (w) {
    case Whole::games:
      return c.games;
    case Whole::analysed:
      return c.replayed + c.with_errors;
    case Whole::both_castled:
      return c.both_castled;
    case Whole::any_castled:
      return c.white_first + c.black_first;
    case Whole::castling_moves:
      return c.castled[0][0] + c.castled[0][1] + c.castled[1][0] + c.castled[1][1];
    case Whole::illegal:
      return c.illegal_castling;
  }
  return 0;
}

std::optional<double> percent(std::uint64_t part, std::uint64_t whole) {
  if (whole == 0) return std::nullopt;
  return 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

Figure figure(const Counts& c, std::uint64_t count, Whole of) {
  return {count, whole_of(c, of), of};
}

ColourFigures colour_figures(const Counts& c, int colour) {
  const auto col = static_cast<std::size_t>(colour);
  ColourFigures f;
  for (int side = 0; side < 2; ++side) {
    f.first[static_cast<std::size_t>(side)] =
        figure(c, first_castled(c, colour, side), Whole::analysed);
    f.moves[static_cast<std::size_t>(side)] = c.castled[col][static_cast<std::size_t>(side)];
  }
  // never is counted beside results; both count every game analysed (docs/STATS-JSON.md).
  f.never = figure(c, c.never[col], Whole::analysed);
  f.castled = figure(c, f.first[0].count + f.first[1].count, Whole::analysed);
  f.king_moved_first = figure(c, c.king_moved_first[col], Whole::analysed);
  const std::uint64_t moves = f.moves[0] + f.moves[1];
  f.again = moves > f.castled.count ? moves - f.castled.count : 0;
  return f;
}

std::string without_moves_note(const Counts& c) {
  if (c.without_moves == 0) return {};
  return with_thousands(c.without_moves) + (c.without_moves == 1 ? " game" : " games") +
         " without moves (tags only, or no move played) " + (c.without_moves == 1 ? "is" : "are") +
         " left out of every percentage.";
}

}  // namespace rochade::report
