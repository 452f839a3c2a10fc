// Games that start from a FEN (fixtures/fen_games.pgn): with or without the SetUp tag, partial
// rights, black to move at a later move number, rights lost during the game, Lichess's
// "From Position", and a FEN that cannot be read.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/data.hpp"
#include "support/replay.hpp"

using namespace rochade;
using namespace rochade::test;

namespace {

struct Expect {
  int ply;
  int move_number;
  Color side;
  const char* san;
  std::vector<std::string> reasons;
  std::vector<std::pair<int, std::string>> evidence_moves;
  const char* played_as;
  const char* fen_before;
};

}  // namespace

TEST_CASE("FEN games: castling rights come from the FEN, plies count from its first move",
          "[analysis][fen]") {
  const auto games = test::replay_fixture("fen_games.pgn");
  REQUIRE(games.size() == 7);
  struct Case {
    const char* event;
    int moves;
    int castlings;
    std::vector<Expect> findings;
  };
  const std::vector<Case> cases = {
      {"no_setup_tag/no_rights", 4, 1,
       {{1, 1, Color::white, "O-O", {"no_right_in_fen"}, {}, "Ke1-g1 Rh1-f1",
         "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w - - 0 1"}}},
      {"partial_rights/legal", 4, 2, {}},
      {"partial_rights/illegal", 4, 2,
       {{1, 1, Color::white, "O-O-O", {"no_right_in_fen"}, {}, "Ke1-c1 Ra1-d1",
         "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w Kq - 0 1"},
        {2, 1, Color::black, "O-O", {"no_right_in_fen"}, {}, "Ke8-g8 Rh8-f8",
         "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/2KR3R b q - 1 1"}}},
      {"black_to_move/move_20", 5, 1,
       {{1, 20, Color::black, "O-O", {"no_right_in_fen"}, {}, "Ke8-g8 Rh8-f8",
         "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R4RK1 b q - 5 20"}}},
      {"rights_lost_in_game", 7, 1,
       {{5, 3, Color::white, "O-O", {"king_moved"}, {{1, "1. Kf1"}, {3, "2. Ke1"}},
         "Ke1-g1 Rh1-f1",
         "r3k2r/1ppq1pp1/p1npbn1p/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w kq - 0 3"}}},
      {"from_position_variant", 3, 2,
       {{1, 1, Color::black, "O-O-O", {"no_right_in_fen"}, {}, "Ke8-c8 Ra8-d8",
         "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R b KQ - 0 1"}}},
  };
  check_cases(games, cases, [](const Case& c, const ReplayedGame& g) {
    const auto& a = g.analysis;
    CHECK(a.status == GameStatus::replayed);
    CHECK_FALSE(a.chess960);
    CHECK(g.record.move_count() == static_cast<std::size_t>(c.moves));
    CHECK(a.plies == c.moves);
    CHECK(static_cast<int>(a.castlings.size()) == c.castlings);
    REQUIRE(a.findings.size() == c.findings.size());
    for (std::size_t k = 0; k < c.findings.size(); ++k) {
      const auto& f = a.findings[k];
      const auto& x = c.findings[k];
      INFO(f.message);
      CHECK(f.kind == FindingKind::illegal_castling);
      CHECK(f.ply == x.ply);
      CHECK(f.move_number == x.move_number);
      CHECK(f.side == x.side);
      CHECK(f.san == x.san);
      CHECK(f.reasons == x.reasons);
      std::vector<std::pair<int, std::string>> moves;
      for (const auto& e : f.evidence)
        if (e.ply > 0) moves.emplace_back(e.ply, e.san);
      CHECK(moves == x.evidence_moves);
      CHECK(f.played_as == x.played_as);
      CHECK(f.fen_before == x.fen_before);
      CHECK(f.message.rfind(std::to_string(x.move_number) +
                                (x.side == Color::white ? ". " : "... ") + x.san + ": ",
                            0) == 0);
    }
    for (const auto& e : a.castlings) {
      bool illegal_expected = false;
      for (const auto& x : c.findings) illegal_expected = illegal_expected || x.ply == e.ply;
      CHECK(e.legal == !illegal_expected);
    }
  });
}

TEST_CASE("FEN games: a castling's move number is that of the FEN", "[analysis][fen]") {
  const auto games = test::replay_fixture("fen_games.pgn");
  const auto& g = games.at(3);
  REQUIRE(g.record.tag("Event") == "black_to_move/move_20");
  REQUIRE(g.analysis.castlings.size() == 1);
  CHECK(g.analysis.castlings[0].ply == 1);
  CHECK(g.analysis.castlings[0].move_number == 20);
  CHECK(g.analysis.castlings[0].color == Color::black);
  CHECK(g.analysis.castlings[0].side == CastlingSide::king);
}

TEST_CASE("FEN games: a FEN that cannot be read is a parse_error, the game is not replayed",
          "[analysis][fen]") {
  const auto games = test::replay_fixture("fen_games.pgn");
  const auto& g = games.at(6);
  REQUIRE(g.record.tag("Event") == "bad_fen");
  const auto& a = g.analysis;
  CHECK(a.status == GameStatus::with_errors);
  CHECK(a.plies == 0);
  CHECK(a.castlings.empty());
  REQUIRE(a.findings.size() == 1);
  CHECK(a.findings[0].kind == FindingKind::parse_error);
  CHECK(a.findings[0].reasons == std::vector<std::string>{"bad_fen"});
  CHECK(a.findings[0].ply == 0);
  CHECK(a.findings[0].message.find("8x8") != std::string::npos);
}
