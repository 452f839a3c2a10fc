// What a run hands each game to once it is replayed: a consumer per worker (statistics, a
// printer). The run layer (src/run) calls it; analysis knows nothing of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"

namespace rochade::analysis {

// Receives each replayed game on a worker; appends any output for that game to `out`.
class GameConsumer {
 public:
  virtual ~GameConsumer() = default;
  virtual void game(const GameRecord& record, const GameAnalysis& analysis, std::string& out) = 0;
  // A game that --where left out (not analysed; it counts in games.filtered).
  virtual void filtered(const GameRecord& /*record*/) {}

  // Game numbers given later, for a consumer that keeps few of them (statistics: the games their
  // report lists). The run then replays a piece's games without waiting until every piece
  // before it is read: game() sees in record.number a key that orders the games of an input as
  // their numbers do, and renumber(), after the run, replaces each key the consumer kept by the
  // game's number. numbers_kept() counts the keys kept so far (a count that only grows: the run
  // keeps what it needs to renumber the games of a piece in which it grew).
  virtual bool numbers_later() const { return false; }
  virtual std::uint64_t numbers_kept() const { return 0; }
  virtual void renumber(const std::function<std::uint64_t(std::uint64_t key)>& /*number*/) {}
};

}  // namespace rochade::analysis
