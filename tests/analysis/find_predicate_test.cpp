// analysis::FindPredicate, find's predicates over a replayed game: each one alone, the AND of
// several, and --castled white|black narrowing the castling predicates to that colour.
#include <catch2/catch.hpp>

#include "analysis/find_predicate.hpp"
#include "support/replay.hpp"

using namespace rochade;
using analysis::FindPredicate;
using analysis::Who;

namespace {

// Each game is named by its Event tag. The mate is Ibulaev's 2013 puzzle (tests/data/historical/
// castling-incidents), written without '#': the mate is found from the position.
constexpr std::string_view k_games = R"([Event "both kingside"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O *

[Event "white queenside, black kingside"]

1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O e6 6. e3 Nf6 7. f3 Be7 8. g4 O-O *

[Event "no castling"]

1. e4 e5 2. Nf3 Nc6 *

[Event "white castles after the king moved"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke2 Nf6 5. Ke1 d6 6. O-O *

[Event "mate by castling"]
[FEN "8/8/8/N3B3/8/6NP/3P1Pk1/R3K2R w KQ - 0 1"]
[SetUp "1"]

1. f3 Kxf3 2. O-O *
)";

// The Event tags of the games `p` matches, in order, joined by "; ".
std::string matching(const FindPredicate& p) {
  static const auto games = test::replay_text(k_games);
  std::string out;
  for (const auto& g : games)
    if (p.matches(g.analysis))
      out += (out.empty() ? "" : "; ") + std::string(g.record.tag("Event"));
  return out;
}

}  // namespace

TEST_CASE("find predicates: each alone", "[find]") {
  CHECK(matching({}) ==
        "both kingside; white queenside, black kingside; no castling; white castles after the "
        "king moved; mate by castling");
  CHECK(matching({.mate_by_castling = true}) == "mate by castling");
  CHECK(matching({.castling_check = true}) == "mate by castling");
  CHECK(matching({.queenside = true}) == "white queenside, black kingside");
  CHECK(matching({.opposite = true}) == "white queenside, black kingside");
  CHECK(matching({.same_side = true}) == "both kingside");
  CHECK(matching({.illegal_any = true}) == "white castles after the king moved");
  // A reason alone selects nothing more: it needs illegal_any.
  CHECK(matching({.reason = chess::CastlingReason::king_moved}) == matching({}));
  CHECK(matching({.illegal_any = true, .reason = chess::CastlingReason::king_moved}) ==
        "white castles after the king moved");
  CHECK(matching({.illegal_any = true, .reason = chess::CastlingReason::rook_moved}) == "");
  CHECK(matching({.no_castling = Who::both}) == "no castling");
  CHECK(matching({.no_castling = Who::black}) ==
        "no castling; white castles after the king moved; mate by castling");
  CHECK(matching({.castled = Who::both}) == "both kingside; white queenside, black kingside");
}

TEST_CASE("find predicates: AND, and --castled narrowing to a colour", "[find]") {
  CHECK(matching({.kingside = true, .castled = Who::white}) ==
        "both kingside; white castles after the king moved; mate by castling");
  CHECK(matching({.kingside = true, .castled = Who::black}) ==
        "both kingside; white queenside, black kingside");
  CHECK(matching({.queenside = true, .castled = Who::black}) == "");
  CHECK(matching({.mate_by_castling = true, .castled = Who::black}) == "");
  CHECK(matching({.illegal_any = true, .castled = Who::black}) == "");
  CHECK(matching({.kingside = true, .opposite = true}) == "white queenside, black kingside");
  CHECK(matching({.kingside = true, .no_castling = Who::black}) ==
        "white castles after the king moved; mate by castling");
}
