// PGN text held in memory, read and replayed: the games and what the replay found. Header only,
// for the test executables that link rochade_analysis and rochade_pgn.
#pragma once

#include <string_view>
#include <utility>
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

}  // namespace rochade::test
