// Helpers for analysis tests: replay PGN text held in memory.
#pragma once

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"
#include "pgn/reader.hpp"

namespace rochade::test {

struct ReplayedGame {
  analysis::GameRecord record;
  analysis::GameAnalysis analysis;
};

// Reads every game of `pgn` and replays it.
inline std::vector<ReplayedGame> replay_text(std::string_view pgn, bool capture_raw = false) {
  struct Sink : analysis::RecordSink {
    std::vector<ReplayedGame> games;
    analysis::Replayer replayer;
    void game(analysis::GameRecord& record) override {
      ReplayedGame g;
      g.record = record;
      replayer.run(g.record, g.analysis);
      games.push_back(std::move(g));
    }
  } sink;
  pgn::MemorySource src(pgn);
  pgn::ReaderOptions opts;
  opts.capture_raw = capture_raw;
  pgn::Reader reader(src, opts);
  analysis::RecordBuilder builder(sink, 0);
  reader.read_all(builder);
  return std::move(sink.games);
}

// The text of tests/analysis/fixtures/NAME.
inline std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(ROCHADE_SOURCE_DIR) + "/tests/analysis/fixtures/" + name,
                   std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace rochade::test
