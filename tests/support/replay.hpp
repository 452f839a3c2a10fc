// PGN text held in memory, read and replayed: the games and what the replay found, a fixture's
// games, the game of a fixture by its Event tag, and a table of cases checked game by game, each
// in its own section. Header only, for the test executables that link rochade_analysis and
// rochade_pgn.
#pragma once

#include <catch2/catch.hpp>

#include <string_view>
#include <utility>
#include <vector>

#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"
#include "pgn/reader.hpp"
#include "support/data.hpp"

namespace rochade::test {

// The names a replayed game is checked with (`using namespace rochade::test;`).
using analysis::FindingKind;
using analysis::GameStatus;
using chess::CastlingSide;
using chess::Color;

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
  analysis::RecordBuilder builder(sink, analysis::RunInput{});
  reader.read_all(builder);
  return std::move(sink.games);
}

// Every game of tests/analysis/fixtures/`name`, replayed.
inline std::vector<ReplayedGame> replay_fixture(std::string_view name) {
  return replay_text(read_fixture("analysis", std::string(name)));
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

// For each case of `cases` (a struct with `const char* event`), in a section named by its event:
// the game at the same place in `games`, required to carry that Event tag, checked by
// `check(c, game)`.
template <class Case, class Check>
void check_cases(const std::vector<ReplayedGame>& games, const std::vector<Case>& cases,
                 Check check) {
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    DYNAMIC_SECTION(c.event) {
      const auto& g = games[i];
      REQUIRE(g.record.tag("Event") == c.event);
      check(c, g);
    }
  }
}

}  // namespace rochade::test
