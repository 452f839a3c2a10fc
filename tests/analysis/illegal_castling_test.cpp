// Illegal castling: one crafted game per reason, colour and reading
// (fixtures/illegal_castling.pgn). Each finding is checked whole: kind, ply, SAN, side, reasons
// (exact, in the order of docs/AUDIT-JSONL.md), evidence plies with their SAN, played_as,
// fen_before, the castling event; and the replay must go on to the end of the game.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "analysis/describe.hpp"
#include "support/data.hpp"
#include "support/replay.hpp"

using namespace rochade;
using namespace rochade::test;

namespace {

struct Expected {
  std::string event;
  int ply;
  std::string san;
  std::vector<std::string> reasons;
  std::vector<std::pair<int, std::string>> evidence_moves;  // evidence with ply > 0, in order
  int evidence_other;                                       // evidence with ply 0
  std::string played_as;
  std::string fen_before;
  int moves;                          // plies in the game: replay must reach the end
  std::vector<std::string> what;      // substrings that some evidence must contain
};

const std::vector<Expected>& expected_cases() {
  static const std::vector<Expected> cases = {
      {"king_moved/white/corner", 11, "O-O", {"king_moved"},
       {{7, "4. Ke2"}, {9, "5. Ke1"}}, 0,
       "Ke1-g1 Rh1-f1",
       "r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w kq - 0 6", 14,
       {"the white king left e1", "the white king came back to e1"}},
      {"king_moved/black/corner", 12, "O-O", {"king_moved"},
       {{8, "4... Ke7"}, {10, "5... Ke8"}}, 0,
       "Ke8-g8 Rh8-f8",
       "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/P1PP1N1P/1P3PP1/RNBQKB1R b KQ - 0 6", 14,
       {"the black king left e8"}},
      {"rook_moved/white/corner", 11, "O-O", {"rook_moved"},
       {{7, "4. Rg1"}, {9, "5. Rh1"}}, 0,
       "Ke1-g1 Rh1-f1",
       "r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w Qkq - 0 6", 14,
       {"left h1", "came back to h1"}},
      {"rook_moved/black/corner", 12, "O-O", {"rook_moved"},
       {{8, "4... Rg8"}, {10, "5... Rh8"}}, 0,
       "Ke8-g8 Rh8-f8",
       "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/P1PP1N1P/1P3PP1/RNBQKB1R b KQq - 0 6", 14,
       {"left h8"}},
      {"rook_captured/white/corner", 19, "O-O", {"rook_moved", "rook_captured"},
       {{6, "3... Bxh1"}}, 1,
       "Ke1-g1 Rh1-f1",
       "rn1qk2r/2p1bpp1/pp1ppn1p/8/P3P1P1/7N/1PPPBP1P/1NBQK2R w kq - 0 10", 22,
       {"the rook on h1 is the one that started on a1", "captured on h1"}},
      {"rook_captured/black/corner", 20, "O-O", {"rook_moved", "rook_captured"},
       {{5, "3. Bxh8"}}, 1,
       "Ke8-g8 Rh8-f8",
       "1nbqk2r/1pppbp1p/7n/p3p1p1/8/PPPPPN1P/3N1PP1/R2QKB1R b KQ - 3 10", 22,
       {"the rook on h8 is the one that started on a8", "captured on h8"}},
      {"rook_captured/white/rook_not_home", 17, "O-O", {"rook_captured", "rook_not_home"},
       {{6, "3... Bxh1"}}, 1,
       "Ke1-g1 Rg1-f1",
       "rn1qk2r/2p1bppp/pp1ppn2/8/P3P1P1/7N/1PPPBP1P/1NBQK1Rb w kq - 0 9", 20,
       {"captured on h1", "the rook castled from g1, not from h1"}},
      {"rook_captured/black/rook_not_home", 18, "O-O", {"rook_captured", "rook_not_home"},
       {{5, "3. Bxh8"}}, 1,
       "Ke8-g8 Rg8-f8",
       "1nbqk1rB/1pppbp1p/7n/p3p1p1/8/PPPPPN1P/5PP1/RN1QKB1R b KQ - 2 9", 20,
       {"the rook castled from g8, not from h8"}},
      {"no_right_in_fen/white/corner", 1, "O-O", {"no_right_in_fen"},
       {}, 1,
       "Ke1-g1 Rh1-f1",
       "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w - - 0 1", 4,
       {"no kingside castling right"}},
      {"no_right_in_fen/black/corner", 2, "O-O-O", {"no_right_in_fen"},
       {}, 1,
       "Ke8-c8 Ra8-d8",
       "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/P1NPBN2/1PPQ1PPP/R3K2R b KQ - 0 1", 4,
       {"no queenside castling right"}},
      {"rook_not_home/white/rook_not_home", 11, "O-O-O", {"rook_moved", "rook_not_home"},
       {{9, "5. Rb1"}}, 1,
       "Ke1-c1 Rb1-d1",
       "r3kbnr/pppq1ppp/2n1p3/3p1b2/3P1B2/2N5/PPPQPPPP/1R2KBNR w Kkq - 0 6", 14,
       {"the rook castled from b1, not from a1"}},
      {"rook_not_home/black/rook_not_home", 12, "O-O-O", {"rook_moved", "rook_not_home"},
       {{10, "5... Rb8"}}, 1,
       "Ke8-c8 Rb8-d8",
       "1r2kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N1PN2/PPPQ1PPP/R3KB1R b KQk - 2 6", 14,
       {"the rook castled from b8, not from a8"}},
      {"rook_not_home/white/kingside", 9, "O-O", {"rook_moved", "rook_not_home"},
       {{5, "3. Rg1"}}, 1,
       "Ke1-g1 Rg1-f1",
       "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK1R1 w Qkq - 6 5", 12,
       {"the rook castled from g1, not from h1"}},
      {"queen_castling/white/queen", 11, "O-O-O", {"queen_castling"},
       {}, 1,
       "Qd1-b1 Ra1-c1",
       "r2q1bnr/ppp1kppp/2n1p3/3p1b2/3P1B2/2N1P3/PPP1KPPP/R2Q1BNR w - - 2 6", 16,
       {"the queen on d1 moved with the rook on a1"}},
      {"queen_castling/white/queen", 12, "O-O-O", {"queen_castling"},
       {}, 1,
       "Qd8-b8 Ra8-c8",
       // White's queen castling was executed: queen on b1, rook on c1.
       "r2q1bnr/ppp1kppp/2n1p3/3p1b2/3P1B2/2N1P3/PPP1KPPP/1QR2BNR b - - 3 6", 16,
       {"the queen on d8 moved with the rook on a8"}},
      {"queen_castling/black/queen", 12, "O-O-O", {"queen_castling"},
       {}, 1,
       "Qd8-b8 Ra8-c8",
       "r2q1bnr/ppp1kppp/2n1p3/3p1b2/3P1B2/2NBPN2/PPP2PPP/R2QK2R b KQ - 3 6", 16,
       {"the black king is not on e8"}},
      {"vertical_castling/white/vertical", 11, "O-O-O", {"vertical_castling"},
       {}, 1,
       "Ke1-e3 Re8-e2",
       "rnbqR2r/pppk1ppp/3b1n2/8/8/8/PPPP1PPP/RNBQKBNR w KQ - 1 6", 14,
       {"the rook on e8 stands on the white king's file"}},
      {"vertical_castling/black/vertical", 12, "O-O-O", {"vertical_castling"},
       {}, 1,
       "Ke8-e6 Re1-e7",
       "rnbqkbnr/pppp1ppp/8/8/8/P2B1N2/1PPK1PPP/RNBQr2R b kq - 1 6", 14,
       {"the rook on e1 stands on the black king's file"}},
      {"blocked/white/corner", 7, "O-O-O", {"blocked"},
       {}, 1,
       "Ke1-c1 Ra1-d1",
       "rn1qkbnr/ppp2ppp/4p3/3p1b2/3P1B2/8/PPPQPPPP/RN2KBNR w KQkq - 0 4", 10,
       {"b1 is occupied by the white knight"}},
      {"blocked/black/corner", 8, "O-O-O", {"blocked"},
       {}, 1,
       "Ke8-c8 Ra8-d8",
       "rn2kbnr/pppqpppp/8/3p1b2/2PP4/4PN2/PP3PPP/RNBQKB1R b KQkq - 0 4", 10,
       {"b8 is occupied by the black knight"}},
      {"in_check/white/corner", 9, "O-O", {"in_check"},
       {}, 1,
       "Ke1-g1 Rh1-f1",
       "rnbqk2r/pppp1ppp/5n2/4p3/1bBPP3/5N2/PPP2PPP/RNBQK2R w KQkq - 1 5", 12,
       {"the white king on e1 is attacked by the black bishop on b4"}},
      {"in_check/black/corner", 10, "O-O", {"in_check"},
       {}, 1,
       "Ke8-g8 Rh8-f8",
       "rnbqk2r/ppp2ppp/5n2/1Bbpp3/4P3/P1N2N2/1PPP1PPP/R1BQK2R b KQkq - 1 5", 16,
       {"the black king on e8 is attacked by the white bishop on b5"}},
      {"through_check/white/corner", 9, "O-O", {"through_check"},
       {}, 1,
       "Ke1-g1 Rh1-f1",
       "rn1qkb1r/p1pp1ppp/bp2pn2/8/4P3/5NP1/PPPP1PBP/RNBQK2R w KQkq - 0 5", 12,
       {"f1, which the king crosses, is attacked by the black bishop on a6"}},
      {"through_check/black/corner", 10, "O-O", {"through_check"},
       {}, 1,
       "Ke8-g8 Rh8-f8",
       "rnbqk2r/pppp1pbp/5np1/4p3/8/BP1PPN2/P1P2PPP/RN1QKB1R b KQkq - 0 5", 12,
       {"f8, which the king crosses, is attacked by the white bishop on a3"}},
      {"into_check/white/corner", 9, "O-O", {"into_check"},
       {}, 1,
       "Ke1-g1 Rh1-f1",
       "r1bqk1nr/ppp2ppp/2np4/2b1p3/2B1PP2/5N2/PPPP2PP/RNBQK2R w KQkq - 2 5", 12,
       {"g1, where the king lands, is attacked by the black bishop on c5"}},
      {"into_check/black/corner", 10, "O-O", {"into_check"},
       {}, 1,
       "Ke8-g8 Rh8-f8",
       "rnbqk2r/pppp2pp/5p1n/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQK2R b KQkq - 0 5", 14,
       {"g8, where the king lands, is attacked by the white bishop on c4"}},
      {"king_moved/white/rook_not_home", 15, "O-O-O", {"king_moved", "rook_moved", "rook_not_home"},
       {{9, "5. Kd1"}, {11, "6. Ke1"}, {13, "7. Rb1"}}, 1,
       "Ke1-c1 Rb1-d1",
       "r3k2r/pppqbppp/2n1pn2/3p1b2/3P1B2/2N5/PPPQPPPP/1R2KBNR w kq - 4 8", 18,
       {"the white king left e1", "the rook castled from b1, not from a1"}},
      {"king_moved/black/rook_not_home", 16, "O-O-O", {"king_moved", "rook_moved", "rook_not_home"},
       {{10, "5... Kd8"}, {12, "6... Ke8"}, {14, "7... Rb8"}}, 1,
       "Ke8-c8 Rb8-d8",
       "1r2kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N1PN2/PPPQBPPP/R4RK1 b - - 6 8", 18,
       {"the black king left e8", "the rook castled from b8, not from a8"}},
      {"through_check/white/rook_not_home", 11, "O-O", {"rook_moved", "rook_not_home", "through_check"},
       {{9, "5. Rg1"}}, 2,
       "Ke1-g1 Rg1-f1",
       "rn1qk2r/p1ppbppp/bp2pn2/8/4P3/5NP1/PPPP1PBP/RNBQK1R1 w Qkq - 2 6", 14,
       {"f1, which the king crosses, is attacked by the black bishop on a6"}},
      {"combo/white/corner", 19, "O-O", {"king_moved", "rook_moved", "through_check", "into_check"},
       {{3, "2. Ke2"}, {5, "3. Ke1"}, {11, "6. Rg1"}, {13, "7. Rh1"}}, 2,
       "Ke1-g1 Rh1-f1",
       "2kr3r/p1pq1ppp/bpnp1n2/2b1p3/4PP2/5NP1/PPPP2BP/RNBQK2R w - - 3 10", 24,
       {"f1, which the king crosses, is attacked by the black bishop on a6",
        "g1, where the king lands, is attacked by the black bishop on c5"}},
      {"combo/black/corner", 18, "O-O-O", {"king_moved", "rook_moved", "blocked", "in_check"},
       {{4, "2... Kd7"}, {6, "3... Ke8"}, {10, "5... Ra6"}, {12, "6... Ra8"}}, 2,
       "Ke8-c8 Ra8-d8",
       "rn2kbnr/1pp1pppp/3q4/pB1p1b2/3P4/PPN1PN1P/2P2PP1/R1BQK2R b KQ - 2 9", 23,
       {"b8 is occupied by the black knight",
        "the black king on e8 is attacked by the white bishop on b5"}},
  };
  return cases;
}

// "Ke1-g1 Rh1-f1 (...)" -> {"e1", "g1", "h1", "f1"}
std::vector<std::string> played_squares(const std::string& s) {
  return {s.substr(1, 2), s.substr(4, 2), s.substr(8, 2), s.substr(11, 2)};
}

}  // namespace

TEST_CASE("illegal castling: each reason, colour and reading gives its finding, replay goes on",
          "[analysis][illegal_castling]") {
  const auto games = test::replay_fixture("illegal_castling.pgn");
  REQUIRE(games.size() == 30);
  for (const Expected& x : expected_cases()) {
    DYNAMIC_SECTION(x.event << " ply " << x.ply) {
      const auto& g = test::game_by_event(games, x.event);
      const auto& a = g.analysis;
      // The replay went on to the end of the game.
      CHECK(a.status == GameStatus::replayed);
      CHECK(g.record.move_count() == static_cast<std::size_t>(x.moves));
      CHECK(a.plies == x.moves);
      CHECK_FALSE(a.chess960);
      for (const auto& f : a.findings) {
        INFO(f.message);
        CHECK(f.kind == FindingKind::illegal_castling);
      }
      const analysis::Finding* f = nullptr;
      for (const auto& c : a.findings)
        if (c.ply == x.ply) f = &c;
      REQUIRE(f != nullptr);
      INFO(f->message);
      CHECK(f->kind == FindingKind::illegal_castling);
      CHECK(f->san == x.san);
      // The side and the move number are those of the position before the move.
      const Color side = x.fen_before.find(" w ") != std::string::npos ? Color::white : Color::black;
      CHECK(f->side == side);
      CHECK(f->move_number == std::stoi(x.fen_before.substr(x.fen_before.rfind(' ') + 1)));
      CHECK(f->reasons == x.reasons);
      std::vector<std::pair<int, std::string>> moves;
      int other = 0;
      for (const auto& e : f->evidence) {
        if (e.ply > 0) moves.emplace_back(e.ply, e.san);
        else {
          ++other;
          CHECK(e.san.empty());
        }
        CHECK_FALSE(e.what.empty());
      }
      CHECK(moves == x.evidence_moves);
      CHECK(other == x.evidence_other);
      for (const auto& w : x.what) {
        bool found = false;
        for (const auto& e : f->evidence) found = found || e.what.find(w) != std::string::npos;
        INFO("evidence must say: " << w);
        CHECK(found);
      }
      // The message names the move and every move of the evidence.
      CHECK(f->message.rfind(std::to_string(f->move_number) +
                                 (side == Color::white ? ". " : "... ") + x.san + ": ",
                             0) == 0);
      for (const auto& [ply, san] : x.evidence_moves) CHECK(f->message.find(san) != std::string::npos);
      CHECK(f->played_as == x.played_as);
      CHECK(f->fen_before == x.fen_before);

      // The castling event: this colour, that side, illegal, where the pieces went.
      const analysis::CastlingEvent* ev = nullptr;
      for (const auto& e : a.castlings)
        if (e.ply == x.ply) ev = &e;
      REQUIRE(ev != nullptr);
      CHECK(ev->color == side);
      CHECK(ev->side == (x.san == "O-O" ? CastlingSide::king : CastlingSide::queen));
      CHECK_FALSE(ev->legal);
      const auto sq = played_squares(x.played_as);
      CHECK(analysis::square_name(ev->king_from) == sq[0]);
      CHECK(analysis::square_name(ev->king_to) == sq[1]);
      CHECK(analysis::square_name(ev->rook_from) == sq[2]);
      CHECK(analysis::square_name(ev->rook_to) == sq[3]);
    }
  }
}

TEST_CASE("illegal castling: every game of the fixture has exactly its findings",
          "[analysis][illegal_castling]") {
  const auto games = test::replay_fixture("illegal_castling.pgn");
  for (const auto& g : games) {
    INFO(g.record.tag("Event"));
    int expected = 0;
    for (const Expected& x : expected_cases())
      if (g.record.tag("Event") == x.event) ++expected;
    CHECK(expected > 0);
    CHECK(static_cast<int>(g.analysis.findings.size()) == expected);
    int illegal_events = 0;
    for (const auto& e : g.analysis.castlings) illegal_events += e.legal ? 0 : 1;
    CHECK(illegal_events == expected);
    CHECK(g.analysis.annotation_mismatches == 0);
    CHECK_FALSE(g.analysis.false_repetition);
  }
}

TEST_CASE("illegal castling: legal castlings in the same games are played as legal",
          "[analysis][illegal_castling]") {
  const auto games = test::replay_fixture("illegal_castling.pgn");
  const auto& g = test::game_by_event(games, "combo/white/corner");
  // 9... O-O-O is legal, 10. O-O is not.
  REQUIRE(g.analysis.castlings.size() == 2);
  CHECK(g.analysis.castlings[0].ply == 18);
  CHECK(g.analysis.castlings[0].color == Color::black);
  CHECK(g.analysis.castlings[0].legal);
  CHECK(g.analysis.castlings[1].ply == 19);
  CHECK_FALSE(g.analysis.castlings[1].legal);
}

TEST_CASE("illegal castling: castling again after castling is king_moved, with the castling as evidence",
          "[analysis][illegal_castling]") {
  // From a FEN: 1. O-O is legal; the king walks back to e1 and the rook to h1; 7. O-O again.
  const auto games = test::replay_text(R"([Event "castled twice"]
[SetUp "1"]
[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]

1. O-O Ra7 2. Rf2 Ra8 3. Kf1 Ra7 4. Ke1 Ra8 5. Rh2 Ra7 6. Rh1 Ra8 7. O-O Ra7 *
)");
  REQUIRE(games.size() == 1);
  const auto& a = games[0].analysis;
  CHECK(a.status == GameStatus::replayed);
  CHECK(a.plies == 14);
  REQUIRE(a.castlings.size() == 2);
  CHECK(a.castlings[0].legal);
  CHECK_FALSE(a.castlings[1].legal);
  REQUIRE(a.findings.size() == 1);
  const auto& f = a.findings[0];
  CHECK(f.ply == 13);
  CHECK(f.reasons == std::vector<std::string>{"king_moved", "rook_moved"});
  std::vector<int> plies;
  for (const auto& e : f.evidence) plies.push_back(e.ply);
  // King: the castling (ply 1), 3. Kf1, 4. Ke1; rook: 2. Rf2, 5. Rh2, 6. Rh1.
  CHECK(plies == std::vector<int>{1, 5, 7, 3, 9, 11});
  CHECK(f.evidence[0].san == "1. O-O");
  CHECK(f.evidence[0].what.find("castled already") != std::string::npos);
  CHECK(f.played_as == "Ke1-g1 Rh1-f1");
}

TEST_CASE("illegal castling: written as a king move (Kg1, e1g1) it is still an illegal castling",
          "[analysis][illegal_castling]") {
  // Legal, "Kg1" and "e1g1" are castling (see lookalikes.pgn). Illegal (the king moved), they
  // are the same castling token: an illegal_castling finding, executed as played, and the
  // replay goes on - not an illegal_move that ends the replay.
  for (const char* token : {"Kg1", "e1g1"}) {
    DYNAMIC_SECTION(token) {
      const auto games = test::replay_text(
          std::string("[Event \"king move castling\"]\n\n"
                      "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke2 Nf6 5. Ke1 d6 6. ") +
          token + " a6 7. d3 h6 *\n");
      REQUIRE(games.size() == 1);
      const auto& a = games[0].analysis;
      CHECK(a.status == GameStatus::replayed);
      CHECK(a.plies == 14);
      REQUIRE(a.findings.size() == 1);
      CHECK(a.findings[0].kind == FindingKind::illegal_castling);
      CHECK(a.findings[0].reasons == std::vector<std::string>{"king_moved"});
      CHECK(a.findings[0].played_as == "Ke1-g1 Rh1-f1");
    }
  }
}

TEST_CASE("illegal castling: a rook captured away from its home square is rook_moved only",
          "[analysis][illegal_castling]") {
  // audit-jsonl.md: rook_captured is "the rook of that side was captured on its home square".
  // Here the h1 rook left h1 (1. Rh3) and was captured on h3; the a1 rook then came to h1.
  const auto games = test::replay_text(R"([Event "rook captured on h3"]
[SetUp "1"]
[FEN "r3k2r/p7/8/8/8/8/8/R3K2R w KQkq - 0 1"]

1. Rh3 Rxh3 2. Ra2 Rh8 3. Rh2 a6 4. Rh1 a5 5. O-O a4 *
)");
  REQUIRE(games.size() == 1);
  const auto& a = games[0].analysis;
  CHECK(a.plies == 10);
  REQUIRE(a.findings.size() == 1);
  CHECK(a.findings[0].ply == 9);
  CHECK(a.findings[0].reasons == std::vector<std::string>{"rook_moved"});
}
