// The figures model (report/figures.hpp) over games replayed from PGN: each colour's first
// castlings and never add up to the games analysed, castlings after the first are counted apart,
// and each whole is the count docs/STATS-JSON.md names.
#include <catch2/catch.hpp>

#include "analysis/stats.hpp"
#include "report/figures.hpp"
#include "report/stats_fields.hpp"
#include "support/replay.hpp"

using namespace rochade;
using report::Whole;

namespace {

// White castles kingside twice (the second is illegal: the king has moved); black once, then
// again. A tag section without moves; a game stopped by an illegal move after White castled.
constexpr std::string_view games = R"([Event "twice"]
[Result "1-0"]

1. d4 d5 2. Nf3 Nf6 3. e3 e6 4. Bd3 Bd6 5. O-O O-O 6. Re1 Re8 7. Kf1 Kf8 8. Ke2 Ke7
9. Rh1 Rh8 10. Ke1 Ke8 11. O-O O-O 1-0

[Event "header"]
[Result "*"]

*

[Event "error"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. Qxh7 0-1

[Event "queenside"]
[Result "1/2-1/2"]

1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O e6 1/2-1/2
)";

analysis::Counts counts_of(std::string_view pgn) {
  analysis::Counts c;
  for (const auto& g : test::replay_text(pgn)) c.add(g.record, g.analysis);
  return c;
}

}  // namespace

TEST_CASE("each colour's first castlings and never add up to the games analysed", "[report]") {
  const analysis::Counts c = counts_of(games);
  REQUIRE(c.games == 4);
  REQUIRE(c.without_moves == 1);
  CHECK(report::whole_of(c, Whole::analysed) == 3);
  const report::ColourFigures w = report::colour_figures(c, 0);
  CHECK(w.first[0].count == 2);  // "twice" and "error": O-O first
  CHECK(w.first[1].count == 1);  // "queenside"
  CHECK(w.never.count == 0);
  CHECK(w.castled.count == 3);
  CHECK(w.moves[0] == 3);  // castling moves: the second O-O of "twice" too
  CHECK(w.again == 1);
  for (const report::Figure& f : {w.first[0], w.first[1], w.never}) {
    CHECK(f.whole == 3);
    CHECK(f.of == Whole::analysed);
  }
  CHECK(*w.first[0].percent() + *w.first[1].percent() + *w.never.percent() == Approx(100));
  const report::ColourFigures b = report::colour_figures(c, 1);
  CHECK(b.first[0].count == 1);
  CHECK(b.first[1].count == 0);
  CHECK(b.never.count == 2);
  CHECK(b.again == 1);
  CHECK(c.illegal_castling == 2);  // each castling after the first is illegal
}

TEST_CASE("every whole is the count the document names", "[report]") {
  const analysis::Counts c = counts_of(games);
  CHECK(report::whole_of(c, Whole::games) == c.games);
  CHECK(report::whole_of(c, Whole::both_castled) == c.both_castled);
  CHECK(report::whole_of(c, Whole::any_castled) == c.white_first + c.black_first);
  CHECK(report::whole_of(c, Whole::castling_moves) == 6);
  CHECK(report::whole_of(c, Whole::illegal) == c.illegal_castling);
  CHECK(report::whole_metric(Whole::analysed) == "castling.games_analysed");
  // A field's figure is a share of its whole, and nothing else computes it.
  const report::Figure opposite = report::opposite_sides_field.figure(c);
  CHECK(opposite.count == c.opposite_sides);
  CHECK(opposite.whole == c.both_castled);
  CHECK_FALSE(report::figure(c, 1, Whole::games).percent() == std::nullopt);
  CHECK_FALSE(report::figure(analysis::Counts{}, 0, Whole::analysed).percent().has_value());
}
