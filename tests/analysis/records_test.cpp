// The castling records (analysis/records.hpp) on the crafted games of tests/cli/records.pgn:
// each record's rule, and ties going to the first game in input order whichever worker saw it
// and in whichever order the workers are merged.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "analysis/records.hpp"
#include "support/replay.hpp"

using namespace rochade;
using analysis::RecordKind;
using chess::CastlingSide;
using chess::Color;

namespace {

// The games of tests/cli/records.pgn, numbered as a run without numbers during the run numbers
// them: input 0, the pipeline's key the game's place, the number 0 until locate().
std::vector<test::ReplayedGame> crafted_games() {
  std::ifstream in(ROCHADE_SOURCE_DIR "/tests/cli/records.pgn", std::ios::binary);
  REQUIRE(in);
  const std::string pgn{std::istreambuf_iterator<char>(in), {}};
  std::vector<test::ReplayedGame> games = test::replay_text(pgn);
  for (std::size_t i = 0; i < games.size(); ++i) {
    games[i].record.number = 0;
    games[i].record.ref = {analysis::RunInput{}, i};
  }
  return games;
}

analysis::GamePlace place(analysis::GameRef ref) {
  return {static_cast<std::uint32_t>(ref.input), ref.key + 1};
}

// "game:number" of a record, or "none".
std::string where(const analysis::Records& r, RecordKind kind) {
  const auto& rec = r.get(kind);
  return rec ? std::to_string(rec->game.place.number) + ":" + std::to_string(rec->number) : "none";
}

}  // namespace

TEST_CASE("each castling record follows its rule", "[records]") {
  const auto games = crafted_games();
  REQUIRE(games.size() == 9);
  analysis::Records r;
  for (const auto& g : games) r.add(g.record, g.analysis);
  r.locate(place);
  // Not the Atomic game's castlings at move 30 (another variant, not analysed); the Chess960
  // game's O-O at move 20 (its rules).
  CHECK(where(r, analysis::latest_castling(Color::white, CastlingSide::king)) == "9:20");
  CHECK(where(r, analysis::latest_castling(Color::white, CastlingSide::queen)) == "2:2");
  // Legal castlings only: "castles twice" castles again at move 11, illegally.
  CHECK(where(r, analysis::latest_castling(Color::black, CastlingSide::king)) == "1:5");
  CHECK(where(r, analysis::latest_castling(Color::black, CastlingSide::queen)) == "7:7");
  // The mates in one ply: the first in input order (game 3, not game 4).
  CHECK(where(r, RecordKind::shortest_mate_by_castling) == "3:1");
  // Not the game stopped by an illegal move after 8 plies: replayed to the end only.
  CHECK(where(r, RecordKind::longest_without_castling) == "5:6");
  // Legal or not: both colours castle twice.
  CHECK(where(r, RecordKind::most_castlings) == "1:4");

  const auto& mate = *r.get(RecordKind::shortest_mate_by_castling);
  CHECK(mate.game.ply == 1);
  CHECK(mate.game.san == "O-O-O#");
  CHECK(mate.game.side == Color::white);
  CHECK(mate.game.start_fen == "2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1");
  CHECK(mate.game.moves == "O-O-O#");
  CHECK(mate.game.white == "E");
  const auto& longest = *r.get(RecordKind::longest_without_castling);
  CHECK(longest.game.ply == 6);  // its last move, 3... a6
  CHECK(longest.game.move_number == 3);
  CHECK(longest.game.side == Color::black);
  CHECK(longest.game.san == "a6");
  const auto& latest = *r.get(analysis::latest_castling(Color::black, CastlingSide::king));
  CHECK(latest.game.ply == 10);
  CHECK(latest.game.move_number == 5);
  const auto& most = *r.get(RecordKind::most_castlings);
  CHECK(most.game.ply == 22);  // its last castling, 11... O-O
  CHECK(most.game.san == "O-O");
}

TEST_CASE("a game that is not analysed sets no record", "[records]") {
  const auto games = crafted_games();
  analysis::Records r;
  r.add(games[7].record, games[7].analysis);  // the Atomic game: skipped
  for (int k = 0; k < analysis::record_kind_count; ++k) CHECK_FALSE(r.get(RecordKind(k)));
  r.add(games[5].record, games[5].analysis);  // stopped by an error: no castling, not replayed
  CHECK_FALSE(r.get(RecordKind::longest_without_castling));
  CHECK_FALSE(r.get(RecordKind::most_castlings));
}

TEST_CASE("records tie to the first game in input order across workers", "[records]") {
  const auto games = crafted_games();
  // Three workers, each with some games, in any order; merged in any order.
  const std::vector<std::vector<std::size_t>> split{{3, 8, 0}, {6, 2, 4}, {5, 1, 7}};
  std::string expected;
  for (const auto& order : std::vector<std::vector<int>>{{0, 1, 2}, {2, 1, 0}, {1, 2, 0}}) {
    std::vector<analysis::Records> workers(3);
    for (int w = 0; w < 3; ++w)
      for (const std::size_t i : split[w]) workers[w].add(games[i].record, games[i].analysis);
    analysis::Records total;
    for (const int w : order) total.merge(workers[w]);
    total.locate(place);
    std::string got;
    for (int k = 0; k < analysis::record_kind_count; ++k) got += where(total, RecordKind(k)) + " ";
    if (expected.empty()) expected = got;
    CHECK(got == expected);
    // Game 4 (worker 0) ties game 3 (worker 1): game 3, the first in input order.
    CHECK(where(total, RecordKind::shortest_mate_by_castling) == "3:1");
  }
  CHECK(expected == "9:20 2:2 1:5 7:7 3:1 5:6 1:4 ");
}

TEST_CASE("a tie between games of two inputs goes to the first input", "[records]") {
  auto games = crafted_games();
  auto& a = games[3];  // mate in one ply
  auto& b = games[2];  // the same game
  a.record.ref = {analysis::RunInput{0}, 7};
  b.record.ref = {analysis::RunInput{1}, 0};  // a later input, though earlier in its own input
  analysis::Records r;
  r.add(b.record, b.analysis);
  r.add(a.record, a.analysis);
  r.locate(place);
  REQUIRE(r.get(RecordKind::shortest_mate_by_castling));
  CHECK(r.get(RecordKind::shortest_mate_by_castling)->game.place.input == 0);
  CHECK(r.get(RecordKind::shortest_mate_by_castling)->game.place.number == 8);
}
