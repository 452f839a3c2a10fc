// Perft against published node counts (perft/ of tests/data or of the corpus;
// tests/support/data.hpp).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chess/fen.hpp"
#include "chess/perft.hpp"
#include "perft_suite.hpp"

using namespace rochade::chess;

namespace {

using Row = rochade::chess::test::PerftRow;

std::vector<Row> read_rows(std::uint64_t max_nodes) {
  std::vector<Row> rows;
  for (const Row& row : rochade::chess::test::perft_suite())
    if (row.nodes <= max_nodes) rows.push_back(row);
  REQUIRE(!rows.empty());
  return rows;
}

// The suites' sources (python-chess, shakmaty, scalachess...) read every castling field as
// X-FEN (KQkq: the outermost rook), also in their "chess" rows (tricky.perft's
// "2R1K2k w Q": the c1 rook's right); rochade reads KQkq as the a/h rooks unless told Chess960,
// so the rows are read as Chess960 (the same castlings wherever the rooks are on the corners).
std::uint64_t run(const Row& row) {
  const FenResult r = parse_fen(row.fen, FenMode::lenient, Chess960Mode::force);
  INFO(row.fen);
  REQUIRE(r.ok());
  return perft(r.position, row.depth);
}

}  // namespace

TEST_CASE("perft: the chessprogramming.org positions", "[perft]") {
  std::ifstream in(rochade::test::data_file("perft/CPW-standard-positions.txt"));
  REQUIRE(in);
  std::string line, fen;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.rfind("fen ", 0) == 0) fen = line.substr(4);
    if (line.rfind("perft ", 0) != 0) continue;
    std::stringstream ss(line.substr(6));
    int depth = 0;
    std::uint64_t nodes = 0;
    ss >> depth >> nodes;
    if (nodes > 20'000'000) continue;
    INFO(fen << " depth " << depth);
    CHECK(run({fen, depth, nodes, false}) == nodes);
    ++checked;
  }
  CHECK(checked >= 25);
}

TEST_CASE("perft: a sample of the chess and Chess960 suites", "[perft]") {
  // Every 7th row: tests/data/perft/perft-sample.tsv holds just those (stride 1 there).
  const bool whole = rochade::test::whole_corpus();
  const auto rows = read_rows(200'000);
  REQUIRE(rows.size() > (whole ? 20'000 : 3'000));
  int chess = 0, c960 = 0;
  for (std::size_t i = 0; i < rows.size(); i += whole ? 7 : 1) {
    const Row& row = rows[i];
    INFO(row.fen << " depth " << row.depth << (row.chess960 ? " (Chess960)" : ""));
    CHECK(run(row) == row.nodes);
    (row.chess960 ? c960 : chess) += 1;
  }
  CHECK(chess > 1000);
  CHECK(c960 > 300);
}

TEST_CASE("perft: every chess and Chess960 row up to 10^7 nodes", "[.slow][slow][perft][corpus]") {
  const auto rows = read_rows(10'000'000);
  REQUIRE(rows.size() > 35'000);
  std::size_t bad = 0;
  for (const Row& row : rows) {
    const std::uint64_t got = run(row);
    if (got != row.nodes) {
      ++bad;
      UNSCOPED_INFO(row.fen << " depth " << row.depth << ": expected " << row.nodes << ", got "
                            << got);
    }
  }
  CHECK(bad == 0);
}
