// An earlier check does not matter for castling (FIDE art. 3.8.2 forbids it only while the king
// is in check): the replay notes each king's first check and hands it to the diagnosis
// (chess::CastlingGame::earlier_check), and an illegal castling's finding shows it among its
// evidence as a thing that does not matter, never as a reason (issue 13).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "report/games/audit.hpp"
#include "support/replay.hpp"

using namespace rochade;
using analysis::FindingKind;
using Names = std::vector<std::string>;

namespace {

const analysis::Finding& only_finding(const test::ReplayedGame& g) {
  REQUIRE(g.analysis.findings.size() == 1);
  return g.analysis.findings[0];
}

// The evidence entries that say something "does not matter".
std::vector<analysis::Evidence> not_mattering(const analysis::Finding& f) {
  std::vector<analysis::Evidence> out;
  for (const auto& e : f.evidence)
    if (e.what.find("does not matter") != std::string::npos) out.push_back(e);
  return out;
}

}  // namespace

TEST_CASE("earlier check: a king checked earlier castles legally, no finding",
          "[analysis][illegal_castling][earlier_check]") {
  const auto games = test::replay_text(R"([Event "black checked at ply 5, castles at ply 12"]

1. e4 e5 2. Nf3 d6 3. Bb5+ c6 4. Ba4 Nf6 5. O-O Be7 6. d3 O-O *
)");
  REQUIRE(games.size() == 1);
  const auto& a = games[0].analysis;
  CHECK(a.findings.empty());
  REQUIRE(a.castlings.size() == 2);
  CHECK(a.castlings[1].legal);
  CHECK(a.castlings[1].color == chess::Color::black);
}

TEST_CASE("earlier check: an illegal castling shows it as evidence that does not matter",
          "[analysis][illegal_castling][earlier_check]") {
  const auto games = test::replay_text(R"([Event "checked at ply 5, king moved, castles"]

1. e4 e5 2. Nf3 d6 3. Bb5+ c6 4. Ba4 Ke7 5. O-O Ke8 6. d3 Nf6 7. c3 Be7 8. Be3 O-O *
)");
  REQUIRE(games.size() == 1);
  const analysis::Finding& f = only_finding(games[0]);
  CHECK(f.kind == FindingKind::illegal_castling);
  CHECK(f.ply == 16);
  CHECK(f.reasons == Names{"king_moved"});  // the check is no reason
  const auto extra = not_mattering(f);
  REQUIRE(extra.size() == 1);
  CHECK(extra[0].ply == 5);
  CHECK(extra[0].san == "3. Bb5+");
  CHECK(extra[0].what ==
        "the black king was in check after this move: does not matter, only a check when "
        "castling does");
  CHECK(f.message.find("check") == std::string::npos);  // the message lists the reasons only
  CHECK(games[0].analysis.plies == 16);                 // replayed on, as played

  // As audit writes it: a JSONL evidence object, and a line of the text block.
  std::string jsonl;
  report::append_finding_jsonl("g.pgn", games[0].record, f, jsonl);
  CHECK(jsonl.find(R"({"ply":5,"san":"3. Bb5+","what":"the black king was in check after this )"
                   R"(move: does not matter, only a check when castling does"})") !=
        std::string::npos);
  std::string text;
  report::append_audit(report::AuditFormat::text, "g.pgn", games[0].record, {&f}, text);
  CHECK(text.find("    3. Bb5+      the black king was in check after this move: does not "
                  "matter") != std::string::npos);
}

TEST_CASE("earlier check: the check of the castling's own position is in_check, not earlier",
          "[analysis][illegal_castling][earlier_check]") {
  const auto games = test::replay_text(R"([Event "castles out of check"]

1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. Bxf7+ O-O *
)");
  REQUIRE(games.size() == 1);
  const analysis::Finding& f = only_finding(games[0]);
  CHECK(f.kind == FindingKind::illegal_castling);
  CHECK(f.reasons == Names{"in_check", "into_check"});
  CHECK(not_mattering(f).empty());
}

TEST_CASE("earlier check: a check in the starting position is an earlier check",
          "[analysis][illegal_castling][earlier_check]") {
  const auto games = test::replay_text(R"([SetUp "1"]
[FEN "4k3/8/8/8/1b6/8/8/R3K2R w KQ - 0 1"]

1. Kf1 Bd6 2. Ke1 Kd7 3. O-O *
)");
  REQUIRE(games.size() == 1);
  const analysis::Finding& f = only_finding(games[0]);
  CHECK(f.reasons == Names{"king_moved"});
  const auto extra = not_mattering(f);
  REQUIRE(extra.size() == 1);
  CHECK(extra[0].ply == 0);
  CHECK(extra[0].what ==
        "the white king was in check in the starting position: does not matter, only a check "
        "when castling does");
  // The other colour, never in check, has no such evidence.
  const auto black = test::replay_text(R"([SetUp "1"]
[FEN "4k2r/8/8/8/1b6/8/8/R3K2R w KQ - 0 1"]

1. Kf1 Kf8 2. Ke2 Ke8 3. Kd3 O-O *
)");
  REQUIRE(black.size() == 1);
  const analysis::Finding& g = only_finding(black[0]);
  CHECK(g.side == chess::Color::black);
  CHECK(g.reasons == Names{"king_moved"});
  CHECK(not_mattering(g).empty());
}
