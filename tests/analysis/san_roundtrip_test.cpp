// SAN round trip on real games: for every move, the SAN we write parses back to the same move;
// on games exported by Lichess (canonical SAN) our SAN equals the record's character for
// character (annotation glyphs like "?!" removed).
#include <catch2/catch.hpp>

#include "analysis/game_record.hpp"
#include "chess/fen.hpp"
#include "chess/san.hpp"
#include "io/input.hpp"
#include "pgn/input_source.hpp"
#include "pgn/reader.hpp"

using namespace rochade;
using namespace rochade::chess;

namespace {

struct RoundTrip : analysis::RecordSink {
  bool compare_text = false;
  std::uint64_t max_games = 0;
  std::uint64_t games = 0, moves = 0, compared = 0, mismatched_text = 0, failed = 0;
  std::string first_problem;

  void game(analysis::GameRecord& record) override {
    if (max_games && games >= max_games) return;
    ++games;
    const std::string_view variant = record.tag("Variant");
    if (!variant.empty() && variant != "Standard") return;
    Position pos = Position::startpos();
    if (const std::string_view fen = record.tag("FEN"); !fen.empty()) {
      const FenResult r = parse_fen(fen, FenMode::lenient);
      if (!r.ok()) return;
      pos = r.position;
    }
    for (std::size_t i = 0; i < record.move_count(); ++i) {
      const std::string_view token = record.san(i);
      const SanResult r = parse_move(pos, token);
      if (!r.ok() || r.move.is_null()) return;  // the rest of a broken record is not SAN to test
      ++moves;
      const MoveText written = to_san(pos, r.move);
      const SanResult back = parse_move(pos, written.view());
      if (!back.ok() || !(back.move == r.move)) {
        ++failed;
        if (first_problem.empty())
          first_problem = to_fen(pos) + " : " + std::string(token) + " written as " +
                          std::string(written.view());
      }
      if (compare_text) {
        std::string_view stripped = token;
        while (!stripped.empty() && (stripped.back() == '!' || stripped.back() == '?'))
          stripped.remove_suffix(1);
        ++compared;
        if (stripped != written.view()) {
          ++mismatched_text;
          if (first_problem.empty())
            first_problem = to_fen(pos) + " : record " + std::string(token) + " vs ours " +
                            std::string(written.view());
        }
      }
      pos.play(r.move);
    }
  }
};

RoundTrip run_file(const std::string& path, bool compare_text, std::uint64_t max_games) {
  RoundTrip rt;
  rt.compare_text = compare_text;
  rt.max_games = max_games;
  auto input = io::Input::open(path);
  REQUIRE(input->ok());
  pgn::InputSource src(*input);
  pgn::Reader reader(src);
  analysis::RecordBuilder builder(rt, 0);
  while (reader.read_game(builder))
    if (max_games && rt.games >= max_games) break;
  INFO(path << ": " << rt.first_problem);
  CHECK(rt.failed == 0);
  CHECK(rt.mismatched_text == 0);
  return rt;
}

const std::string corpus = ROCHADE_SHARED_DIR "/corpus/";

}  // namespace

TEST_CASE("SAN round trip: Lichess exports are written character for character", "[san]") {
  std::uint64_t moves = 0;
  for (const char* f : {"edge/shakmaty/benches/lichess_db_1000k.pgn",
                        "lichess/pgn2data-lichess_manwithavan_2021-07-25.pgn",
                        "lichess/scalachess-FWWRC.pgn"}) {
    const RoundTrip rt = run_file(corpus + f, true, 0);
    CHECK(rt.games > 200);
    moves += rt.compared;
  }
  CHECK(moves > 50'000);
}

TEST_CASE("SAN round trip: 20,000 games of the benchmark file", "[san]") {
  const RoundTrip rt = run_file(corpus + "bench/bench.pgn.zst", false, 20'000);
  CHECK(rt.games == 20'000);
  CHECK(rt.moves > 1'000'000);
}

TEST_CASE("SAN round trip: every game of the benchmark file (529,361)", "[.slow][slow][san]") {
  const RoundTrip rt = run_file(corpus + "bench/bench.pgn.zst", false, 0);
  CHECK(rt.games > 500'000);
}
