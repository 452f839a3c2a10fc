// The perft rows that are standard chess or Chess960, for the chess tests: those of the corpus's
// perft/ALL-perft-normalized.tsv (every row; the tests labelled corpus), or by default those of
// tests/data/perft/perft-sample.tsv (every 7th row of at most 200,000 nodes; its PROVENANCE.md).
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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
  std::ifstream in(rochade::test::data_file(rochade::test::whole_corpus()
                                                ? "perft/ALL-perft-normalized.tsv"
                                                : "perft/perft-sample.tsv"));
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

}  // namespace rochade::chess::test
