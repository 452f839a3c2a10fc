// Castling annotations: a castling marked '#' that does not mate, or a castling that mates
// without '#', is an annotation_mismatch finding (fixtures/annotation.pgn). The real mates by
// castling of tests/data/historical/castling-incidents/castling-mate-puzzles.pgn, marked
// '#', give none.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "support/data.hpp"
#include "support/replay.hpp"

using namespace rochade;
using namespace rochade::test;

TEST_CASE("annotation: the corpus's mates by castling, marked '#', give no mismatch",
          "[analysis][annotation]") {
  const auto games = test::replay_text(
      test::read_file(test::data_file("historical/castling-incidents/castling-mate-puzzles.pgn")));
  REQUIRE(games.size() == 3);
  const std::vector<std::pair<CastlingSide, int>> mates = {
      {CastlingSide::king, 3}, {CastlingSide::queen, 3}, {CastlingSide::queen, 3}};
  for (std::size_t i = 0; i < games.size(); ++i) {
    INFO("game " << i + 1);
    const auto& a = games[i].analysis;
    CHECK(a.status == GameStatus::replayed);
    CHECK(a.plies == 3);
    CHECK(a.findings.empty());
    CHECK(a.annotation_mismatches == 0);
    REQUIRE(a.castlings.size() == 1);
    const auto& e = a.castlings[0];
    CHECK(e.legal);
    CHECK(e.color == Color::white);
    CHECK(e.side == mates[i].first);
    CHECK(e.ply == mates[i].second);
    CHECK(e.check);
    CHECK(e.mate);
    CHECK_FALSE(e.fen_before.empty());
  }
}

TEST_CASE("annotation: '#' without mate, and mate without '#'", "[analysis][annotation]") {
  const auto games = test::replay_fixture("annotation.pgn");
  REQUIRE(games.size() == 6);
  struct Case {
    const char* event;
    int ply;
    const char* san;
    Color side;
    const char* reason;  // nullptr: no finding
    bool mate;
    int moves;
    const char* fen_before;
  };
  const std::vector<Case> cases = {
      {"not_mate/white", 7, "O-O#", Color::white, "not_mate", false, 10,
       "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"},
      {"not_mate/black", 8, "O-O#", Color::black, "not_mate", false, 10,
       "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R b KQkq - 0 4"},
      {"unmarked_mate/white", 3, "O-O", Color::white, "unmarked_mate", true, 3,
       "8/8/8/N3B3/8/5kNP/3P4/R3K2R w KQ - 0 2"},
      {"unmarked_mate/white_check_sign", 3, "O-O-O+", Color::white, "unmarked_mate", true, 3,
       "8/8/8/N3B3/8/3k2NP/5P2/R3K2R w KQ - 0 2"},
      {"unmarked_mate/black", 1, "O-O", Color::black, "unmarked_mate", true, 1,
       "r3k2r/8/8/8/7n/2n5/3p3p/5K2 b kq - 0 1"},
      {"mate/black_marked", 1, "O-O#", Color::black, nullptr, true, 1, nullptr},
  };
  check_cases(games, cases, [](const Case& c, const ReplayedGame& g) {
    const auto& a = g.analysis;
    CHECK(a.status == GameStatus::replayed);
    CHECK(a.plies == c.moves);
    REQUIRE(a.castlings.size() == 1);
    CHECK(a.castlings[0].legal);
    CHECK(a.castlings[0].ply == c.ply);
    CHECK(a.castlings[0].color == c.side);
    CHECK(a.castlings[0].mate == c.mate);
    if (c.mate) CHECK(a.castlings[0].check);
    if (!c.reason) {
      CHECK(a.findings.empty());
      CHECK(a.annotation_mismatches == 0);
      return;
    }
    CHECK(a.annotation_mismatches == 1);
    REQUIRE(a.findings.size() == 1);
    const auto& f = a.findings[0];
    CHECK(f.kind == FindingKind::annotation_mismatch);
    CHECK(f.ply == c.ply);
    CHECK(f.san == c.san);
    CHECK(f.side == c.side);
    CHECK(f.reasons == std::vector<std::string>{c.reason});
    CHECK(f.fen_before == c.fen_before);
    CHECK(f.message.find(c.san) != std::string::npos);
  });
}

TEST_CASE("annotation: an illegal castling that is marked '#' but does not mate is both findings",
          "[analysis][annotation][illegal_castling]") {
  const auto games = test::replay_text(R"([Event "illegal and not mate"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke2 Nf6 5. Ke1 d6 6. O-O# a6 *
)");
  REQUIRE(games.size() == 1);
  const auto& a = games[0].analysis;
  CHECK(a.plies == 12);
  REQUIRE(a.findings.size() == 2);
  CHECK(a.findings[0].kind == FindingKind::illegal_castling);
  CHECK(a.findings[0].ply == 11);
  CHECK(a.findings[1].kind == FindingKind::annotation_mismatch);
  CHECK(a.findings[1].ply == 11);
  CHECK(a.findings[1].reasons == std::vector<std::string>{"not_mate"});
}
