// All of the real games (tests/data by default; the whole corpus in the tests labelled corpus,
// see tests/support/data.hpp) through the real binary: `rochade stats` exits with 0 and counts
// every game once. (The library and the binary file by file: tests/analysis/corpus_test.cpp.)
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>

#include "support/data.hpp"
#include "support/json.hpp"
#include "support/run.hpp"

using namespace rochade;
using test::Json;
using test::quote;
using test::Run;
using test::whole_or_sample;

TEST_CASE("corpus: all of it through the binary, exit status and game totals",
          "[analysis][corpus]") {
  // Everything but bench/ (see the slow test) and perft/ (no PGN there: exit status 1): stats
  // counts every game once.
  std::string args;
  for (const char* sub : {"chess960", "edge", "historical", "lichess", "masters"}) {
    args += ' ';
    args += quote(test::data_file(sub));
  }
  const Run r = test::run_rochade("stats -q -j2 --format json" + args);
  // edge/garbage/ holds an HTML page saved as .pgn: not PGN text, an error (exit status 1).
  CHECK(r.status == 1);
  // "games": {"total": N, "replayed": ..., ...}: the numbers must add up.
  const Json doc = test::read_json(r.out);
  const Json& games = doc.at("games");
  const auto number_after = [&](const std::string& key) -> std::uint64_t {
    return static_cast<std::uint64_t>(games.at(key).integer());
  };
  const auto total = number_after("total");
  CHECK(total == number_after("replayed") + number_after("with_errors") +
                     number_after("skipped_variant") + number_after("without_moves"));
  std::size_t failed = 0;
  for (const Json& in : doc.at("inputs").items) {
    if (in.at("complete").b) continue;
    ++failed;
    INFO(in.at("path").s);
    CHECK(in.at("path").s.find("edge/garbage/") != std::string::npos);
    CHECK(in.at("error").s.find("not PGN text") != std::string::npos);
  }
  CHECK(failed == 1);
  // At least the games of the well-formed folders (edge/ depends on how odd text is read).
  CHECK(total >= whole_or_sample(2572 + 7331 + 6230 + 2641 + 6000, 7 + 601 + 155 + 369 + 600));
}
