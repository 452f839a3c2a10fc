// The perft rows that are standard chess or Chess960, for the chess tests: those of the corpus's
// perft/ALL-perft-normalized.tsv (every row; the tests labelled corpus), or by default those of
// tests/data/perft/perft-sample.tsv (every 7th row of at most 200,000 nodes; its PROVENANCE.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "chess/fen.hpp"
#include "chess/movegen.hpp"
#include "support/data.hpp"

namespace rochade::chess::test {

struct PerftRow {
  std::string fen;
  int depth = 0;
  std::uint64_t nodes = 0;
  bool chess960 = false;
};

// Empty if the file cannot be read (the callers REQUIRE rows).
inline std::vector<PerftRow> perft_suite() {
  std::ifstream in(rochade::test::data_file(
      rochade::test::whole_corpus() ? "perft/ALL-perft-normalized.tsv" : "perft/perft-sample.tsv"));
  std::vector<PerftRow> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::stringstream ss(line);
    std::string fen, depth, nodes, variant;
    std::getline(ss, fen, '\t');
    std::getline(ss, depth, '\t');
    std::getline(ss, nodes, '\t');
    std::getline(ss, variant, '\t');
    if (variant != "chess" && variant != "chess960") continue;
    rows.push_back({fen, std::stoi(depth), std::stoull(nodes), variant == "chess960"});
  }
  return rows;
}

// Calls visit(position) on each distinct position of the suite and on the positions one legal
// move later, every `step`-th of them (1: all); returns the number of distinct suite positions.
template <typename Visit>
std::size_t for_suite_positions_and_children(std::size_t step, Visit&& visit) {
  std::set<std::string> seen;
  std::size_t distinct = 0;
  for (const auto& row : perft_suite()) {
    if (!seen.insert(row.fen).second) continue;
    ++distinct;
    const FenResult r = parse_fen(row.fen, FenMode::lenient,
                                  row.chess960 ? Chess960Mode::force : Chess960Mode::detect);
    INFO(row.fen);
    REQUIRE(r.ok());
    visit(r.position);
    MoveList first;
    generate_legal(r.position, first);
    for (std::size_t i = 0; i < first.size(); i += step) {
      Position q = r.position;
      q.play(first[i]);
      visit(q);
    }
  }
  return distinct;
}

}  // namespace rochade::chess::test
