// The figures model (report/stats/figures.hpp) over games replayed from PGN: each colour's first
// castlings and never add up to the games analysed, castlings after the first are counted apart,
// and each whole is the count docs/STATS-JSON.md names.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>

#include "analysis/stats.hpp"
#include "report/stats/figures.hpp"
#include "report/stats/stats_fields.hpp"
#include "support/replay.hpp"

using namespace rochade;
using report::Whole;

namespace {

// The crafted games of tests/cli/figures.pgn, which the whole-binary figures test reads too:
// White castles kingside twice (the second is illegal: the king has moved), Black once, then
// again; two tag sections without moves; a game stopped by an illegal move after White castled;
// a mate by castling queenside from a FEN, written without '#'.
analysis::Counts crafted_counts() {
  std::ifstream in(ROCHADE_SOURCE_DIR "/tests/cli/figures.pgn", std::ios::binary);
  REQUIRE(in);
  const std::string pgn{std::istreambuf_iterator<char>(in), {}};
  analysis::Counts c;
  for (const auto& g : test::replay_text(pgn)) c.add(g.record, g.analysis);
  return c;
}

}  // namespace

TEST_CASE("each colour's first castlings and never add up to the games analysed", "[report]") {
  const analysis::Counts c = crafted_counts();
  REQUIRE(c.games == 5);
  REQUIRE(c.without_moves == 2);
  CHECK(report::whole_of(c, Whole::analysed) == 3);
  const report::ColourFigures w = report::colour_figures(c, 0);
  CHECK(w.first[0].count == 2);  // "twice" and "error": O-O first
  CHECK(w.first[1].count == 1);  // "mate by castling"
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
  CHECK(c.checkmate == 1);         // found from the position: the record writes no '#'
  CHECK(c.with_check == 1);
}

TEST_CASE("every whole is the count the document names", "[report]") {
  const analysis::Counts c = crafted_counts();
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
