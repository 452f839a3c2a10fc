// Moves other than castling that cannot be played (fixtures/illegal_moves.pgn): one
// illegal_move finding with its reason (syntax, no_piece, illegal, ambiguous), the replay stops
// there, later moves are not played, the game still counts (status with_errors). Games of other
// variants are skipped.
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

}  // namespace

TEST_CASE("illegal moves: reason, where the replay stops, nothing after it is played",
          "[analysis][illegal_move]") {
  const auto games = test::replay_fixture("illegal_moves.pgn");
  REQUIRE(games.size() == 8);
  struct Case {
    const char* event;
    int ply;
    const char* san;
    Color side;
    int move_number;
    const char* reason;
    int moves;  // plies in the record
    const char* fen_before;
  };
  const std::vector<Case> cases = {
      {"syntax", 5, "Bc9", Color::white, 3, "syntax", 8,
       "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"},
      {"no_piece", 3, "Nd5", Color::white, 2, "no_piece", 6,
       "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"},
      {"illegal", 8, "Nd4", Color::black, 4, "illegal", 10,
       "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/3P1N2/PPP2PPP/RNBQK2R b KQkq - 0 4"},
      {"ambiguous", 5, "Ne2", Color::white, 3, "ambiguous", 8,
       "rnbqkbnr/ppp2ppp/8/3pp3/8/2N1P3/PPPP1PPP/R1BQKBNR w KQkq - 0 3"},
      // A castling that no reading can carry out (bishop and knight still on f1 and g1) cannot
      // be executed as played: it is an illegal move and the replay stops.
      {"castling_impossible", 5, "O-O", Color::white, 3, "illegal", 8,
       "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3"},
  };
  check_cases(games, cases, [](const Case& c, const ReplayedGame& g) {
    const auto& a = g.analysis;
    CHECK(g.record.move_count() == static_cast<std::size_t>(c.moves));
    CHECK(a.status == GameStatus::with_errors);
    CHECK(a.plies == c.ply - 1);  // the moves before it were played, no more
    CHECK(a.castlings.empty());   // later castlings (e.g. 4. O-O in "syntax") were not played
    REQUIRE(a.findings.size() == 1);
    const auto& f = a.findings[0];
    INFO(f.message);
    CHECK(f.kind == FindingKind::illegal_move);
    CHECK(f.ply == c.ply);
    CHECK(f.san == c.san);
    CHECK(f.side == c.side);
    CHECK(f.move_number == c.move_number);
    CHECK(f.reasons == std::vector<std::string>{c.reason});
    CHECK(f.fen_before == c.fen_before);
    CHECK(f.played_as.empty());
    CHECK(f.message.rfind(std::to_string(c.move_number) + (c.side == Color::white ? ". " : "... ") +
                              c.san + ": ",
                          0) == 0);
  });
}

TEST_CASE("illegal moves: after an illegal castling the replay goes on until an illegal move",
          "[analysis][illegal_move][illegal_castling]") {
  const auto games = test::replay_fixture("illegal_moves.pgn");
  const auto& g = games.at(5);
  REQUIRE(g.record.tag("Event") == "after_illegal_castling");
  const auto& a = g.analysis;
  CHECK(a.status == GameStatus::with_errors);
  CHECK(a.plies == 14);
  REQUIRE(a.findings.size() == 2);
  CHECK(a.findings[0].kind == FindingKind::illegal_castling);
  CHECK(a.findings[0].ply == 11);
  CHECK(a.findings[0].reasons == std::vector<std::string>{"king_moved"});
  CHECK(a.findings[1].kind == FindingKind::illegal_move);
  CHECK(a.findings[1].ply == 15);
  CHECK(a.findings[1].san == "Kg3");
  CHECK(a.findings[1].reasons == std::vector<std::string>{"no_piece"});
  // The position before 8. Kg3 shows the castling executed: king g1, rook f1.
  CHECK(a.findings[1].fen_before ==
        "r1bqk2r/1pp2pp1/p1np1n1p/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQ1RK1 w kq - 0 8");
  REQUIRE(a.castlings.size() == 1);
  CHECK_FALSE(a.castlings[0].legal);
}

TEST_CASE("illegal moves: games of other variants are skipped, not replayed",
          "[analysis][illegal_move][variant]") {
  const auto games = test::replay_fixture("illegal_moves.pgn");
  for (std::size_t i : {std::size_t{6}, std::size_t{7}}) {
    const auto& g = games.at(i);
    INFO(g.record.tag("Event"));
    CHECK((g.record.tag("Variant") == "Crazyhouse" || g.record.tag("Variant") == "Atomic"));
    CHECK(g.analysis.status == GameStatus::skipped_variant);
    CHECK(g.analysis.findings.empty());
    CHECK(g.analysis.castlings.empty());
    CHECK(g.analysis.plies == 0);
  }
}

TEST_CASE("illegal moves: every game counts, whatever happened to it", "[analysis][illegal_move]") {
  const auto games = test::replay_fixture("illegal_moves.pgn");
  int replayed = 0, with_errors = 0, skipped = 0, cut_off = 0;
  for (const auto& g : games) {
    switch (g.analysis.status) {
      case GameStatus::replayed: ++replayed; break;
      case GameStatus::with_errors: ++with_errors; break;
      case GameStatus::skipped_variant: ++skipped; break;
      case GameStatus::cut_off:
        ++cut_off;
        break;
    }
  }
  CHECK(replayed == 0);
  CHECK(with_errors == 6);
  CHECK(skipped == 2);
  CHECK(cut_off == 0);  // only a run whose reading of an input fails marks a game cut off
}
