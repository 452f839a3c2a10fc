// What a run hands each game to once it is replayed: a consumer per worker (statistics, a
// printer). The run layer (src/run) calls it; analysis knows nothing of threads.
#pragma once

#include <cstdint>
#include <string>

#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"

namespace rochade::analysis {

// Receives each replayed game on a worker; appends any output for that game to `out`. A consumer
// that keeps a game beyond game() keeps its record.ref, which the run resolves after the run;
// record.number is there during the run only where the run was asked to number games as it goes
// (run::PipelineOptions::numbers_during_run): for the per-game outputs that print it.
class GameConsumer {
 public:
  virtual ~GameConsumer() = default;
  virtual void game(const GameRecord& record, const GameAnalysis& analysis, std::string& out) = 0;
  // A game that --where left out (not analysed; it counts in games.filtered).
  virtual void filtered(const GameRecord& /*record*/) {}
};

}  // namespace rochade::analysis
