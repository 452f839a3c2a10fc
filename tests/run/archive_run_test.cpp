// The run over archives and with --dedup: the members of a ZIP or tar are inputs of their own,
// numbered in archive order whatever the number of workers; --dedup decides in input order, so
// the same games are duplicates for any -j; --max-games stopping inside an archive lists its other
// members as not read. The archives are made by the real tools (tests/support/data.hpp); the same
// through the real binary, standard input and damage included: tests/cli/archive_test.cpp.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "run/pipeline.hpp"
#include "support/data.hpp"
#include "support/pipeline.hpp"

using namespace rochade;

namespace {

std::string game_line(const analysis::GameRecord& r, const analysis::GameAnalysis& a) {
  return std::to_string(analysis::index_of(r.ref.input)) + "#" + std::to_string(r.number) + " " +
         std::to_string(r.move_count()) + " " + std::to_string(a.plies) + "\n";
}

std::string run_all(const std::vector<io::InputSpec>& specs, int threads, bool dedup,
                    std::uint64_t* duplicates = nullptr, std::uint64_t max_games = 0) {
  run::PipelineOptions o;
  o.numbers_during_run = true;  // the descriptions name each game by its number
  o.threads = threads;
  o.dedup = dedup;
  o.max_games = max_games;
  o.chunk_bytes = 2000;  // many pieces even in small files
  run::InputNames names;
  o.names = &names;
  std::string text;
  const auto result = test::run_into<test::LineWriter>(text, specs, o, {}, &game_line);
  for (std::size_t i = 0; i < result.inputs.size(); ++i) {
    const auto& s = result.inputs[i];
    text += "input " + std::to_string(i) + " " + s.path + " " + s.compression + " " +
            std::to_string(s.games) + " [" + std::string(s.error_text()) + "] named " +
            std::string(names[i]) + "\n";
  }
  if (duplicates != nullptr) *duplicates = result.duplicates;
  return text;
}

}  // namespace

TEST_CASE("archive members are inputs in archive order, the same for any -j", "[run][archive]") {
  test::TempDir tmp;
  test::make_test_archives(tmp);
  const std::string zip = (tmp / "t.zip").string(), tzst = (tmp / "t.tar.zst").string();
  const auto specs = io::file_specs({zip, (tmp / "src" / "a.pgn").string(), tzst});
  const std::string one = run_all(specs, 1, false);
  CHECK(one.find("input 0 " + zip + ":a.pgn zip 155 [] named " + zip + ":a.pgn\n") !=
        std::string::npos);
  CHECK(one.find("input 2 " + zip + ":folder/p.pgn zip 3 []") != std::string::npos);
  CHECK(one.find("input 3 " + (tmp / "src" / "a.pgn").string() + " plain 155 []") !=
        std::string::npos);
  CHECK(one.find("input 6 " + tzst + ":folder/p.pgn tar+zstd 3 []") != std::string::npos);
  CHECK(one.find("input 7") == std::string::npos);
  for (int threads : {2, 3, 5}) {
    INFO(threads << " threads");
    CHECK(run_all(specs, threads, false) == one);
  }
}

TEST_CASE("dedup: the first copy in input order is analysed, for any -j", "[run][dedup]") {
  test::TempDir tmp;
  test::make_test_archives(tmp);
  const auto specs = io::file_specs({(tmp / "t.zip").string(), (tmp / "t.tar.zst").string()});
  std::uint64_t dups = 0;
  const std::string one = run_all(specs, 1, true, &dups);
  // a.pgn (155 games) once; its copy and the tar's three members are seen before, but for the
  // puzzles of the zip.
  CHECK(dups == 155 + 155 + 155 + 3);
  std::size_t analysed = 0;
  for (std::size_t at = 0; (at = one.find('#', at)) != std::string::npos; ++at) ++analysed;
  CHECK(analysed == 155 + 3);
  CHECK(one.rfind("0#1 ", 0) == 0);              // the first input's games are the ones kept
  CHECK(one.find("\n1#") == std::string::npos);  // its copy: all duplicates
  for (int threads : {2, 4}) {
    INFO(threads << " threads");
    std::uint64_t d = 0;
    CHECK(run_all(specs, threads, true, &d) == one);
    CHECK(d == dups);
  }
  CHECK(run_all(specs, 2, false).find("\n1#1 ") != std::string::npos);  // without --dedup: all
}

TEST_CASE("archive: --max-games stopping inside it lists its other members as not read",
          "[run][archive]") {
  test::TempDir tmp;
  test::make_test_archives(tmp);
  const std::string zip = (tmp / "t.zip").string(), tzst = (tmp / "t.tar.zst").string();
  const std::string plain = (tmp / "src" / "a.pgn").string();
  for (int threads : {1, 2, 3}) {
    INFO(threads << " threads");
    // Inside the zip's first member: its other members, then the files after it.
    const std::string in_zip =
        run_all(io::file_specs({zip, plain, tzst}), threads, false, nullptr, 10);
    CHECK(in_zip.find("input 0 " + zip + ":a.pgn zip 10 [stopped early (--max-games)]") !=
          std::string::npos);
    CHECK(in_zip.find("input 1 " + zip + ":folder/copy.pgn  0 [not read (stopped early)]") !=
          std::string::npos);
    CHECK(in_zip.find("input 2 " + zip + ":folder/p.pgn  0 [not read (stopped early)]") !=
          std::string::npos);
    CHECK(in_zip.find("input 3 " + plain + "  0 [not read (stopped early)]") != std::string::npos);
    CHECK(in_zip.find("input 4 " + tzst + "  0 [not read (stopped early)]") != std::string::npos);
    CHECK(in_zip.find("input 5") == std::string::npos);
    // Inside the second member of a .tar.zst: the third is listed.
    const std::string in_tar = run_all(io::file_specs({tzst}), threads, false, nullptr, 160);
    CHECK(in_tar.find("input 0 " + tzst + ":a.pgn tar+zstd 155 []") != std::string::npos);
    CHECK(in_tar.find("input 1 " + tzst + ":folder/copy.pgn tar+zstd 5 [stopped early") !=
          std::string::npos);
    CHECK(in_tar.find("input 2 " + tzst + ":folder/p.pgn  0 [not read (stopped early)]") !=
          std::string::npos);
  }
}
