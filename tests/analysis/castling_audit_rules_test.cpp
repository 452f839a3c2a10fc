// The audit's castling findings come from the one diagnosis (chess/castling.hpp): the Chess960
// rook that shielded the king's target, and standard chess unless the game says Chess960
// (issue 13). The same positions through `rochade explain`: tests/cli/explain_test.cpp.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "support/replay.hpp"

using namespace rochade;
using analysis::FindingKind;
using Names = std::vector<std::string>;

namespace {

const analysis::Finding* only_finding(const std::vector<test::ReplayedGame>& games) {
  REQUIRE(games.size() == 1);
  const auto& a = games[0].analysis;
  INFO(games[0].record.tag("Event"));
  REQUIRE(a.findings.size() == 1);
  return &a.findings[0];
}

}  // namespace

TEST_CASE("audit: a queenside castling with the rook on b1 in a standard game from a FEN",
          "[analysis][illegal_castling]") {
  // No Variant tag (ChessBase and SCID write none): standard chess, Q is the a1 rook's right;
  // with no rook on a1 it is dropped, and castling with the b1 rook has no right either.
  for (const char* variant : {"", "[Variant \"Standard\"]\n"}) {
    DYNAMIC_SECTION("variant tag: " << variant) {
      const auto games = test::replay_text(std::string(variant) + R"([SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1"]

1. O-O-O Kf8 2. Rd7 *
)");
      const analysis::Finding* f = only_finding(games);
      CHECK(f->kind == FindingKind::illegal_castling);
      CHECK(f->ply == 1);
      CHECK(f->reasons == Names{"no_right_in_fen", "rook_not_home"});
      CHECK(f->played_as == "Ke1-c1 Rb1-d1");
      CHECK(f->fen_before == "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1");
      CHECK(f->message ==
            "1. O-O-O: white castled queenside although the starting FEN's right was dropped "
            "(standard chess needs the king on e1 and the rook on a1) and the rook stood on b1, "
            "not on a1");
      REQUIRE(f->evidence.size() == 2);
      CHECK(f->evidence[0].what ==
            "the starting FEN gives white a queenside castling right, dropped: standard chess "
            "castles only with the king on e1 and the rook on a1");
      CHECK(f->evidence[1].what == "the rook castled from b1, not from a1");
      CHECK_FALSE(games[0].analysis.chess960);
      // The game goes on as played: the rook castled to d1 and goes on to d7.
      CHECK(games[0].analysis.plies == 3);
      CHECK(games[0].analysis.status == analysis::GameStatus::replayed);
    }
  }
  // A FEN that gives no right at all: the same reasons, worded as such.
  const auto none = test::replay_text(R"([SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1"]

1. O-O-O *
)");
  const analysis::Finding* n = only_finding(none);
  CHECK(n->reasons == Names{"no_right_in_fen", "rook_not_home"});
  CHECK(n->evidence[0].what == "the starting position gives white no queenside castling right");
  // The king off e1 (on e2): its rights are dropped, castling cannot be carried out.
  const auto king = test::replay_text(R"([SetUp "1"]
[FEN "4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1"]

1. O-O *
)");
  const analysis::Finding* k = only_finding(king);
  CHECK(k->kind == FindingKind::illegal_move);
  // Told Chess960, Q is the b1 rook's right: legal.
  const auto c960 = test::replay_text(R"([Variant "Chess960"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1"]

1. O-O-O *
)");
  REQUIRE(c960.size() == 1);
  CHECK(c960[0].analysis.findings.empty());
  REQUIRE(c960[0].analysis.castlings.size() == 1);
  CHECK(c960[0].analysis.castlings[0].legal);
}

TEST_CASE("audit: the Chess960 rook that shielded the king's target is into_check",
          "[analysis][illegal_castling][chess960]") {
  // The right is in the FEN: not no_right_in_fen. After Rb1-d1 the a1 rook attacks c1.
  for (const char* variant : {"[Variant \"Chess960\"]\n", ""}) {
    DYNAMIC_SECTION("variant tag: " << variant) {
      const auto games = test::replay_text(std::string(variant) + R"([SetUp "1"]
[FEN "1rk4r/8/7Q/8/5Q2/4B3/3n2Q1/rRK4R w KQkq - 0 1"]

1. O-O-O *
)");
      const analysis::Finding* f = only_finding(games);
      CHECK(f->kind == FindingKind::illegal_castling);
      CHECK(f->reasons == Names{"into_check"});
      CHECK(f->played_as == "Kc1-c1 Rb1-d1");
      CHECK(games[0].analysis.chess960);
      bool said = false;
      for (const auto& e : f->evidence)
        said = said || e.what == "c1, where the king lands, is attacked by the black rook on a1";
      CHECK(said);
    }
  }
}
