// The replay keeps the castling history only once a game needs it: a game with a castling
// against the rules is replayed again from its start with the history kept (Replayer::run).
// These cases check that such a game reports each finding once, with the evidence of moves made
// before the history was needed, and that the next game on the same Replayer starts afresh.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "support/replay.hpp"

using namespace rochade;
using analysis::Finding;
using analysis::FindingKind;
using analysis::GameAnalysis;
using chess::Color;

namespace {

// White's king goes out and back before castling; black castles legally first. A lone '$'
// gives a parse error that the first, abandoned replay had already reported once.
constexpr const char* kIllegal =
    "[Event \"illegal\"]\n\n"
    "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. Ke2 O-O 5. Ke1 $ d6 6. O-O a6 7. d3 h6 *\n\n";
// An ordinary game with two legal castlings.
constexpr const char* kLegal =
    "[Event \"legal\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O 6. Bg5 h6 *\n\n";

int count(const GameAnalysis& a, FindingKind k) {
  int n = 0;
  for (const Finding& f : a.findings) n += f.kind == k ? 1 : 0;
  return n;
}

const Finding& only(const GameAnalysis& a, FindingKind k) {
  for (const Finding& f : a.findings)
    if (f.kind == k) return f;
  FAIL("no such finding");
  return a.findings.front();
}

std::vector<std::string> evidence_of(const Finding& f) {
  std::vector<std::string> out;
  for (const auto& e : f.evidence) out.push_back(e.san + " | " + e.what);
  return out;
}

}  // namespace

TEST_CASE("replay restart: an illegal castling game reports each finding once, with its evidence",
          "[analysis][illegal_castling][restart]") {
  const auto games = test::replay_text(kIllegal);
  REQUIRE(games.size() == 1);
  const GameAnalysis& a = games[0].analysis;
  CHECK(count(a, FindingKind::parse_error) == 1);
  REQUIRE(count(a, FindingKind::illegal_castling) == 1);
  const Finding& f = only(a, FindingKind::illegal_castling);
  CHECK(f.ply == 11);
  CHECK(f.side == Color::white);
  CHECK(f.reasons == std::vector<std::string>{"king_moved"});
  // The king's two moves were made before the replay knew it needed the history.
  const auto ev = evidence_of(f);
  const auto mentions = [&](const std::string& san) {
    for (const std::string& e : ev)
      if (e.find(san) != std::string::npos) return true;
    return false;
  };
  CHECK(mentions("Ke2"));
  CHECK(mentions("Ke1"));
  REQUIRE(a.castlings.size() == 2);
  CHECK(a.castlings[0].color == Color::black);
  CHECK(a.castlings[0].legal);
  CHECK(a.castlings[1].color == Color::white);
  CHECK_FALSE(a.castlings[1].legal);
  CHECK(a.plies == static_cast<int>(games[0].record.move_count()));
  CHECK(a.king_moved_first[0]);
  CHECK_FALSE(a.king_moved_first[1]);
}

TEST_CASE("replay restart: the next game on the same Replayer is replayed as if alone",
          "[analysis][illegal_castling][restart]") {
  const auto alone_legal = test::replay_text(kLegal);
  const auto alone_illegal = test::replay_text(kIllegal);
  const auto both = test::replay_text(std::string(kIllegal) + kLegal + kIllegal);
  REQUIRE(alone_legal.size() == 1);
  REQUIRE(alone_illegal.size() == 1);
  REQUIRE(both.size() == 3);
  for (const auto* pair : {&both[0], &both[2]}) {
    const GameAnalysis& a = pair->analysis;
    const GameAnalysis& b = alone_illegal[0].analysis;
    REQUIRE(a.findings.size() == b.findings.size());
    for (std::size_t i = 0; i < a.findings.size(); ++i) {
      CHECK(a.findings[i].message == b.findings[i].message);
      CHECK(evidence_of(a.findings[i]) == evidence_of(b.findings[i]));
    }
    CHECK(a.castlings.size() == b.castlings.size());
    CHECK(a.plies == b.plies);
  }
  const GameAnalysis& l = both[1].analysis;
  CHECK(l.findings.empty());
  CHECK(l.castlings.size() == alone_legal[0].analysis.castlings.size());
  CHECK(l.plies == alone_legal[0].analysis.plies);
  CHECK_FALSE(l.king_moved_first[0]);
}
