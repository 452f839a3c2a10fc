// Castlings that can be carried out in more than one way (fixtures/readings.pgn): the replay
// takes the reading under which the rest of the game replays furthest, says so in played_as,
// and goes on with the pieces where that reading put them.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/describe.hpp"
#include "support/data.hpp"
#include "support/replay.hpp"

using namespace rochade;
using namespace rochade::test;

namespace {

constexpr const char* chosen = " (of 2 possible readings, the one under which the game replays furthest)";

struct Case {
  const char* event;
  int ply;
  const char* san;
  Color side;
  std::vector<std::string> reasons;
  std::string played_as;  // without the note
  int moves;
};

}  // namespace

TEST_CASE("castling readings: the lookahead picks the reading the game goes on with",
          "[analysis][illegal_castling][readings]") {
  const auto games = test::replay_fixture("readings.pgn");
  REQUIRE(games.size() == 7);
  const std::vector<Case> cases = {
      {"corner_or_vertical/vertical_wins", 19, "O-O", Color::white,
       {"king_moved", "vertical_castling"}, "Ke1-e3 Re8-e2", 24},
      {"corner_or_vertical/corner_wins", 19, "O-O", Color::white, {"king_moved"},
       "Ke1-g1 Rh1-f1", 24},
      // A tie: both readings replay the whole game, the first (corner) is taken.
      {"corner_or_vertical/tie", 19, "O-O", Color::white, {"king_moved"}, "Ke1-g1 Rh1-f1", 22},
      {"queen_or_vertical/vertical_wins", 1, "O-O-O", Color::white, {"vertical_castling"},
       "Ke2-e4 Re8-e3", 5},
      {"queen_or_vertical/queen_wins", 1, "O-O-O", Color::white, {"queen_castling"},
       "Qd1-b1 Ra1-c1", 5},
      {"queen_or_vertical/black_vertical_wins", 1, "O-O-O", Color::black, {"vertical_castling"},
       "Ke7-e5 Re1-e6", 5},
      {"queen_or_vertical/black_queen_wins", 1, "O-O-O", Color::black, {"queen_castling"},
       "Qd8-b8 Ra8-c8", 5},
  };
  for (const Case& c : cases) {
    DYNAMIC_SECTION(c.event) {
      const auto& g = game_by_event(games, c.event);
      const auto& a = g.analysis;
      CHECK(a.status == GameStatus::replayed);
      CHECK(g.record.move_count() == static_cast<std::size_t>(c.moves));
      CHECK(a.plies == c.moves);
      REQUIRE(a.findings.size() == 1);
      const auto& f = a.findings[0];
      INFO(f.message);
      CHECK(f.kind == FindingKind::illegal_castling);
      CHECK(f.ply == c.ply);
      CHECK(f.san == c.san);
      CHECK(f.side == c.side);
      CHECK(f.reasons == c.reasons);
      CHECK(f.played_as == c.played_as + chosen);
      REQUIRE(a.castlings.size() == 1);
      const auto& e = a.castlings[0];
      CHECK_FALSE(e.legal);
      CHECK(e.color == c.side);
      CHECK(e.side == (std::string(c.san) == "O-O" ? CastlingSide::king : CastlingSide::queen));
      CHECK(analysis::square_name(e.king_from) == c.played_as.substr(1, 2));
      CHECK(analysis::square_name(e.king_to) == c.played_as.substr(4, 2));
      CHECK(analysis::square_name(e.rook_from) == c.played_as.substr(8, 2));
      CHECK(analysis::square_name(e.rook_to) == c.played_as.substr(11, 2));
    }
  }
}

TEST_CASE("castling readings: the evidence is that of the reading taken",
          "[analysis][illegal_castling][readings]") {
  const auto games = test::replay_fixture("readings.pgn");
  const auto& corner = game_by_event(games, "corner_or_vertical/corner_wins").analysis.findings.at(0);
  REQUIRE(corner.evidence.size() == 2);
  CHECK(corner.evidence[0].ply == 15);
  CHECK(corner.evidence[0].san == "8. Ke2");
  CHECK(corner.evidence[1].ply == 17);
  CHECK(corner.evidence[1].san == "9. Ke1");
  CHECK(corner.fen_before ==
        "r2qR2r/1bpk1ppp/ppnb1n2/8/2B5/5N2/PPPP1PPP/RNBQK2R w - - 4 10");
  const auto& vertical =
      game_by_event(games, "corner_or_vertical/vertical_wins").analysis.findings.at(0);
  REQUIRE(vertical.evidence.size() == 3);  // the king's two moves, then the rook on e8
  CHECK(vertical.evidence[0].ply == 15);
  CHECK(vertical.evidence[1].ply == 17);
  CHECK(vertical.evidence[2].ply == 0);
  CHECK(vertical.evidence[2].what.find("e8") != std::string::npos);
}

TEST_CASE("castling readings: a vertical castling after the king moved also says king_moved",
          "[analysis][illegal_castling][readings]") {
  // In corner_or_vertical/vertical_wins the king went 8. Ke2 and came back 9. Ke1 before the
  // vertical castling 10. O-O. Castling needs a king that never moved, whichever rook it castles
  // with: king_moved applies as much as vertical_castling ("every reason that applies").
  const auto games = test::replay_fixture("readings.pgn");
  const auto& f = game_by_event(games, "corner_or_vertical/vertical_wins").analysis.findings.at(0);
  CHECK(f.reasons == std::vector<std::string>{"king_moved", "vertical_castling"});
  std::vector<int> plies;
  for (const auto& e : f.evidence)
    if (e.ply > 0) plies.push_back(e.ply);
  CHECK(plies == std::vector<int>{15, 17});
}
