// SAN round trip on real games: for every move, the SAN we write parses back to the same move;
// on games exported by Lichess (canonical SAN) our SAN equals the record's character for
// character (annotation glyphs like "?!" removed).
#include <catch2/catch.hpp>
#include <vector>

#include "analysis/game_record.hpp"
#include "chess/fen.hpp"
#include "chess/san.hpp"
#include "io/input.hpp"
#include "support/input_source.hpp"
#include "pgn/reader.hpp"
#include "support/data.hpp"

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
  test::InputSource src(*input);
  pgn::Reader reader(src);
  analysis::RecordBuilder builder(rt, analysis::RunInput{});
  while (reader.read_game(builder))
    if (max_games && rt.games >= max_games) break;
  INFO(path << ": " << rt.first_problem);
  CHECK(rt.failed == 0);
  CHECK(rt.mismatched_text == 0);
  return rt;
}

}  // namespace

using rochade::test::data_file;
using rochade::test::whole_corpus;

TEST_CASE("SAN round trip: Lichess exports are written character for character", "[san][corpus]") {
  // The whole corpus: three big Lichess exports; tests/data: the Lichess files it holds.
  const char* const manwithavan = "lichess/pgn2data-lichess_manwithavan_2021-07-25.pgn";
  const std::vector<const char*> files =
      whole_corpus() ? std::vector<const char*>{"edge/shakmaty/benches/lichess_db_1000k.pgn",
                                                manwithavan, "lichess/scalachess-FWWRC.pgn"}
                     : std::vector<const char*>{"edge/shakmaty/benches/lichess_db_100k.pgn",
                                                manwithavan, "lichess/lichess-export-ChessGPT.pgn"};
  std::uint64_t moves = 0;
  for (const char* f : files) {
    const RoundTrip rt = run_file(data_file(f), true, 0);
    CHECK(rt.games > (whole_corpus() ? 200 : 40));
    moves += rt.compared;
  }
  CHECK(moves > (whole_corpus() ? 50'000 : 20'000));
}

TEST_CASE("SAN round trip: 20,000 games of the benchmark file", "[san][corpus]") {
  // tests/data has no benchmark file: the 1,554 games of data/sample.pgn.zst (Lichess, TWIC).
  if (!whole_corpus()) {
    const RoundTrip rt = run_file(ROCHADE_SOURCE_DIR "/data/sample.pgn.zst", false, 0);
    CHECK(rt.games == 1'554);
    CHECK(rt.moves > 100'000);
    return;
  }
  const RoundTrip rt = run_file(data_file("bench/bench.pgn.zst"), false, 20'000);
  CHECK(rt.games == 20'000);
  CHECK(rt.moves > 1'000'000);
}

TEST_CASE("SAN round trip: every game of the benchmark file (529,361)",
          "[.slow][slow][san][corpus]") {
  const RoundTrip rt = run_file(data_file("bench/bench.pgn.zst"), false, 0);
  CHECK(rt.games > 500'000);
}
