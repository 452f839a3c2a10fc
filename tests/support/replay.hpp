// PGN text held in memory, read and replayed: the games and what the replay found, and the game
// of a fixture by its Event tag. Header only, for the test executables that link
// rochade_analysis and rochade_pgn.
#pragma once

#include <catch2/catch.hpp>

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

// The game of `games` whose Event tag is `event` (the fixtures name each game by it); fails the
// test case when there is none.
inline const ReplayedGame& game_by_event(const std::vector<ReplayedGame>& games,
                                         std::string_view event) {
  for (const auto& g : games)
    if (g.record.tag("Event") == event) return g;
  FAIL("no game " << event);
  return games.front();
}

}  // namespace rochade::test
