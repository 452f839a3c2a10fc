// Look-alikes: castlings that look wrong but are legal (the rook attacked, b1/b8 attacked, an
// earlier check, the other rook moved, unusual notations, Chess960 castling from unusual
// squares) must give no finding at all. Standard games are never read with Chess960 rules, nor
// the reverse. Fixtures: fixtures/lookalikes.pgn, fixtures/chess960.pgn.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/describe.hpp"
#include "support/data.hpp"
#include "support/replay.hpp"

using namespace rochade;
using test::read_fixture;
using analysis::GameStatus;
using analysis::VariantKind;
using chess::CastlingSide;
using chess::Color;

namespace {

struct Castled {
  int ply;
  Color color;
  CastlingSide side;
  const char* king_from = nullptr;  // squares, checked where given
  const char* king_to = nullptr;
  const char* rook_from = nullptr;
  const char* rook_to = nullptr;
};

struct Case {
  const char* event;
  int moves;
  std::vector<Castled> castlings;
};

constexpr Color W = Color::white, B = Color::black;
constexpr CastlingSide K = CastlingSide::king, Q = CastlingSide::queen;

void check_games(const std::vector<test::ReplayedGame>& games, const std::vector<Case>& cases,
                 bool chess960) {
  REQUIRE(games.size() == cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const auto& g = games[i];
    DYNAMIC_SECTION(c.event) {
      REQUIRE(g.record.tag("Event") == c.event);
      const auto& a = g.analysis;
      for (const auto& f : a.findings) FAIL_CHECK("unexpected finding: " << f.message);
      CHECK(a.findings.empty());
      CHECK(a.status == GameStatus::replayed);
      CHECK(a.chess960 == chess960);
      CHECK(g.record.move_count() == static_cast<std::size_t>(c.moves));
      CHECK(a.plies == c.moves);
      REQUIRE(a.castlings.size() == c.castlings.size());
      for (std::size_t k = 0; k < c.castlings.size(); ++k) {
        const auto& e = a.castlings[k];
        const auto& x = c.castlings[k];
        INFO("castling at ply " << x.ply);
        CHECK(e.ply == x.ply);
        CHECK(e.legal);
        CHECK(e.color == x.color);
        CHECK(e.side == x.side);
        if (x.king_from) {
          CHECK(analysis::square_name(e.king_from) == x.king_from);
          CHECK(analysis::square_name(e.king_to) == x.king_to);
          CHECK(analysis::square_name(e.rook_from) == x.rook_from);
          CHECK(analysis::square_name(e.rook_to) == x.rook_to);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("look-alikes: legal castlings that look suspicious give no finding",
          "[analysis][lookalike]") {
  const auto games = test::replay_fixture("lookalikes.pgn");
  const std::vector<Case> cases = {
      {"rook_attacked/white", 12, {{9, W, K, "e1", "g1", "h1", "f1"}, {12, B, K}}},
      {"rook_attacked/black", 12, {{8, B, K, "e8", "g8", "h8", "f8"}}},
      {"b1_attacked/white", 12, {{11, W, Q, "e1", "c1", "a1", "d1"}, {12, B, K}}},
      {"b8_attacked/black", 14, {{12, B, Q, "e8", "c8", "a8", "d8"}}},
      {"earlier_check/white", 14, {{13, W, K}}},
      {"earlier_check/black", 14, {{13, W, K}, {14, B, K}}},
      {"other_rook_moved/kingside", 12, {{11, W, K}, {12, B, K}}},
      {"other_rook_moved/queenside", 14, {{13, W, Q}, {14, B, Q}}},
      {"notation/zeros", 12, {{7, W, K}, {10, B, K}}},
      {"notation/zeros_queenside", 12, {{9, W, Q}, {10, B, Q}}},
      {"notation/check", 15, {{13, W, Q, "e1", "c1", "a1", "d1"}}},
      {"notation/long_algebraic", 12, {{7, W, K, "e1", "g1", "h1", "f1"}, {10, B, K}}},
      {"notation/king_move", 12, {{7, W, K, "e1", "g1", "h1", "f1"}, {10, B, K, "e8", "g8", "h8", "f8"}}},
      {"notation/king_move_queenside", 12, {{9, W, Q, "e1", "c1", "a1", "d1"}, {10, B, Q}}},
  };
  check_games(games, cases, false);
}

TEST_CASE("look-alikes: a castling that gives check, written O-O-O+, is a check and not a mate",
          "[analysis][lookalike]") {
  const auto games = test::replay_fixture("lookalikes.pgn");
  for (const auto& g : games) {
    if (g.record.tag("Event") != "notation/check") continue;
    REQUIRE(g.analysis.castlings.size() == 1);
    CHECK(g.analysis.castlings[0].check);
    CHECK_FALSE(g.analysis.castlings[0].mate);
    CHECK(g.analysis.annotation_mismatches == 0);
  }
}

TEST_CASE("Chess960: castling from unusual squares is legal by Chess960 rules",
          "[analysis][lookalike][chess960]") {
  const auto games = test::replay_fixture("chess960.pgn");
  const std::vector<Case> cases = {
      {"960/queenside_rook_b1", 8,
       {{5, W, Q, "c1", "c1", "b1", "d1"}, {6, B, Q, "c8", "c8", "b8", "d8"}}},
      {"960/shredder_fen", 8,
       {{5, W, Q, "c1", "c1", "b1", "d1"}, {6, B, Q, "c8", "c8", "b8", "d8"}}},
      {"960/kingside_rook_f1", 8,
       {{5, W, K, "e1", "g1", "f1", "f1"}, {6, B, K, "e8", "g8", "f8", "f8"}}},
      {"960/king_b1_kingside", 18,
       {{15, W, K, "b1", "g1", "c1", "f1"}, {16, B, K, "b8", "g8", "c8", "f8"}}},
      {"960/standard_start", 10,
       {{7, W, K, "e1", "g1", "h1", "f1"}, {10, B, K, "e8", "g8", "h8", "f8"}}},
      {"960/king_move_onto_rook", 8,
       {{5, W, Q, "c1", "c1", "b1", "d1"}, {6, B, Q, "c8", "c8", "b8", "d8"}}},
  };
  check_games(games, cases, true);
}

TEST_CASE("Chess960: castling against the Chess960 rules is still an illegal castling",
          "[analysis][chess960][illegal_castling]") {
  const auto games = test::replay_fixture("chess960_illegal.pgn");
  REQUIRE(games.size() == 2);
  struct Expect {
    int ply;
    const char* reason;
    std::vector<std::pair<int, std::string>> evidence;
    const char* played_as;
    const char* fen_before;
  };
  const std::vector<std::vector<Expect>> expected = {
      {{11, "king_moved", {{3, "2. Kd2"}, {5, "3. Ke1"}}, "Ke1-g1 Rf1-f1",
        "nrbbkr1n/ppp1pppq/3p3p/8/8/3P3P/PPP1PPPQ/NRBBKR1N w - - 2 6"},
       {12, "king_moved", {{4, "2... Kd7"}, {6, "3... Ke8"}}, "Ke8-g8 Rf8-f8",
        "nrbbkr1n/ppp1pppq/3p3p/8/8/3P3P/PPP1PPPQ/NRBB1RKN b - - 3 6"}},
      {{11, "rook_moved", {{7, "4. Ra1"}, {9, "5. Rb1"}}, "Kc1-c1 Rb1-d1",
        "1rk1bnqr/ppbppppp/1np5/8/8/1NP5/PPBPPPPP/1RK1BNQR w Kk - 8 6"},
       {12, "rook_moved", {{8, "4... Ra8"}, {10, "5... Rb8"}}, "Kc8-c8 Rb8-d8",
        "1rk1bnqr/ppbppppp/1np5/8/8/1NP5/PPBPPPPP/2KRBNQR b k - 9 6"}},
  };
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto& a = games[i].analysis;
    INFO(games[i].record.tag("Event"));
    CHECK(a.chess960);
    CHECK(a.status == GameStatus::replayed);
    CHECK(a.plies == 14);
    REQUIRE(a.findings.size() == expected[i].size());
    for (std::size_t k = 0; k < expected[i].size(); ++k) {
      const auto& f = a.findings[k];
      const auto& x = expected[i][k];
      CHECK(f.kind == analysis::FindingKind::illegal_castling);
      CHECK(f.ply == x.ply);
      CHECK(f.reasons == std::vector<std::string>{x.reason});
      std::vector<std::pair<int, std::string>> ev;
      for (const auto& e : f.evidence) ev.emplace_back(e.ply, e.san);
      CHECK(ev == x.evidence);
      CHECK(f.played_as == x.played_as);
      CHECK(f.fen_before == x.fen_before);
    }
    REQUIRE(a.castlings.size() == 2);
    CHECK_FALSE(a.castlings[0].legal);
    CHECK_FALSE(a.castlings[1].legal);
  }
}

TEST_CASE("Chess960: the Variant tag names are recognised", "[analysis][chess960]") {
  for (const char* v : {"Chess960", "chess 960", "Chess 960", "Fischerandom", "FischeRandom",
                        "Fischer Random", "FRC", "chess960"})
    CHECK(analysis::classify_variant(v) == VariantKind::chess960);
  for (const char* v : {"", "Standard", "standard", "Chess", "Normal"})
    CHECK(analysis::classify_variant(v) == VariantKind::standard);
  CHECK(analysis::classify_variant("From Position") == VariantKind::from_position);
  for (const char* v : {"Crazyhouse", "Atomic", "Antichess", "King of the Hill", "Three-check",
                        "Horde", "Racing Kings", "Suicide"})
    CHECK(analysis::classify_variant(v) == VariantKind::other);
}

TEST_CASE("Chess960: the same castling in a standard game is not read with Chess960 rules",
          "[analysis][chess960]") {
  // King on e1, rook on f1 (as in 960/kingside_rook_f1), but a standard game: the h1 rook is
  // gone, so O-O is the rook on f1 castling from elsewhere than its home square.
  const auto games = test::replay_text(R"([Event "standard, rook on f1"]

1. e4 e5 2. Nf3 Nc6 3. Be2 Nf6 4. Rg1 Bc5 5. Rf1 d6 6. O-O a6 *
)");
  REQUIRE(games.size() == 1);
  const auto& a = games[0].analysis;
  CHECK_FALSE(a.chess960);
  CHECK(a.status == GameStatus::replayed);
  CHECK(a.plies == 12);
  REQUIRE(a.findings.size() == 1);
  const auto& f = a.findings[0];
  CHECK(f.ply == 11);
  CHECK(f.reasons == std::vector<std::string>{"rook_moved", "rook_not_home"});
  CHECK(f.played_as == "Ke1-g1 Rf1-f1");
}

TEST_CASE("Chess960: a Chess960 game from a standard-looking FEN keeps Chess960 rules",
          "[analysis][chess960]") {
  // Variant says Chess960: the king on e1 with rooks on a1 and h1 is position 518; castling is
  // the same, and the game is marked as Chess960.
  const auto games = test::replay_text(R"([Event "960 from 518"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O *
)");
  REQUIRE(games.size() == 1);
  CHECK(games[0].analysis.chess960);
  CHECK(games[0].analysis.findings.empty());
  CHECK(games[0].analysis.castlings.size() == 2);
}

TEST_CASE("Chess960: a game tagged Variant \"Standard\" is never read with Chess960 rules",
          "[analysis][chess960]") {
  // The FEN's Q right can only mean the b1 rook, which Chess960 allows and standard chess does
  // not. The game says it is standard chess: 1. O-O-O with the rook on b1 is illegal
  // (rook_not_home), whatever the FEN's castling field says.
  const auto games = test::replay_text(R"([Event "standard with a 960-looking FEN"]
[Variant "Standard"]
[SetUp "1"]
[FEN "4k3/pppppppp/8/8/8/8/PPPPPPPP/1R2K2R w KQ - 0 1"]

1. O-O-O a6 2. a3 h6 *
)");
  REQUIRE(games.size() == 1);
  const auto& a = games[0].analysis;
  CHECK_FALSE(a.chess960);
  CHECK(a.plies == 4);
  REQUIRE(a.findings.size() == 1);
  CHECK(a.findings[0].kind == analysis::FindingKind::illegal_castling);
  const auto& r = a.findings[0].reasons;
  CHECK(std::find(r.begin(), r.end(), "rook_not_home") != r.end());
  CHECK(a.findings[0].played_as == "Ke1-c1 Rb1-d1");
}
