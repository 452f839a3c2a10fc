// The run over all inputs: N workers take turns (one at a time, under a lock) to take the next
// piece of text, which the input queue (input_queue.hpp: which input next, decoded ahead, the
// members of archives as they are found) and the cutter (cutter.hpp: text cut where a game
// starts) make; then each reads and replays its piece in parallel with the others. What each
// game produces comes out in input order, whatever N; games are numbered as one reader over the
// whole input numbers them, and --dedup decides there, in that order, which games were seen
// before. Statistics live in the per-worker consumers and are merged by the caller.
// (A dedicated reading thread handing pieces to the workers was measured slower: every piece
// crossed cores and every hand-off woke a thread.)
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/game_consumer.hpp"
#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"
#include "analysis/stats.hpp"
#include "io/input.hpp"
#include "run/cores.hpp"

namespace rochade::run {

using analysis::GameConsumer;
using analysis::InputOutcome;
using analysis::InputSummary;

class InputNames;
class Progress;
namespace detail {
class Numbering;
}

struct PipelineOptions {
  int threads = 1;   // workers, the calling thread included (1 = everything on it)
  int decoders = 0;  // inputs decoded at once, each on its own thread; 0 = 1 + threads / 8
  // The cores the run has (0: all the machine's). With a worker on each, the workers decode the
  // current input themselves (Prefetch::hand_over): its own thread would take turns with them.
  int cores = 0;
  std::uint64_t max_games = 0;  // 0 = all
  bool capture_raw = false;     // keep each game's text (find, audit --format pgn)
  bool read_clocks = false;     // read comments for [%clk] (GameRecord::clock; the games table)
  std::size_t chunk_bytes = 64 * 1024;        // text per batch handed to a worker (about; small
                                              // enough that its games stay in the cache)
  std::size_t max_chunk_bytes = 16 << 20;     // no game start found in this much: read it here
  std::size_t batch_games = 256;              // games per batch when an input has nowhere to cut
  const std::atomic<bool>* cancel = nullptr;  // interrupted: stop soon, inputs are incomplete
  const std::atomic<bool>* output_closed = nullptr;  // nothing more is wanted: stop soon
  bool dedup = false;           // a game seen before (analysis/dedup.hpp) is counted, not analysed
  InputNames* names = nullptr;  // where the inputs' names go as they are numbered (or own)
  Progress* progress = nullptr;  // told the bytes read and the games replayed (progress.hpp)
  // Asked by what reads GameRecord::number as games come (a per-game output that prints it, a
  // --where on `game`): each piece's games are numbered before they are replayed
  // (RunModes::numbers_first). Otherwise a game kept is known by its ref and placed after the run
  // (GameNumbers).
  bool numbers_during_run = false;
};

// How a run goes, decided once by run_pipeline from the options and the machine; the parts read
// it. How an input is cut is decided per input: into pieces where a game starts, read by the
// worker that replays them, or, with nowhere to cut within max_chunk_bytes, as one stream read
// under the cutter's lock in batches of batch_games (cutter.hpp).
struct RunModes {
  // Each piece's games are numbered, strictly in input order, before they are replayed: for
  // numbers during the run, --dedup and --max-games (both decide by input order). Otherwise a
  // piece is replayed as soon as it is read and counted after: no worker waits for another's
  // piece to be read.
  bool numbers_first = true;
  // No more workers than cores: a thread waiting for another spins a moment before it sleeps
  // (not while the current input is decoded: a piece may then take a decoding under the lock).
  bool spin = false;
  // A worker on every core: the workers decode the current input between pieces
  // (Prefetch::hand_over) instead of a thread of its own, which would take turns with them.
  bool hand_over = false;
};
RunModes decide_modes(const PipelineOptions& options, int workers, int cores);

// The games' numbers from their refs (GameRecord::ref), once the run is over.
class GameNumbers {
 public:
  // The game's number in its input (1-based).
  std::uint64_t number(analysis::GameRef ref) const;

 private:
  friend class detail::Numbering;
  std::vector<std::uint64_t> base_;  // by piece (in run order): games of its input before it
};

// The names of a run's inputs by number, as they come up: the members of an archive are found
// while it is read. Safe to read from the workers (a consumer naming the file of a game); a
// name, once there, never moves.
class InputNames {
 public:
  std::uint32_t add(std::string name);
  std::string_view operator[](std::size_t i) const;
  std::string_view operator[](analysis::RunInput i) const { return (*this)[index_of(i)]; }
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::deque<std::string> names_;
};

// What happened outside of any game, for warnings.
struct InputEvent {
  std::uint32_t input = 0;
  std::string path;
  pgn::ParseError error;  // text between games that was skipped
};

// What a run tells its caller besides the consumers' games: the one channel from the run to the
// subcommand. Each does nothing by default.
class RunEvents {
 public:
  virtual ~RunEvents() = default;
  // --where decided by the tags: a game for which it is false is not replayed; the consumer's
  // filtered() gets it instead of game(). Called on the workers, at once.
  virtual bool accept(const analysis::GameRecord&) { return true; }
  // Output of games, in input order (called from one thread at a time).
  virtual void write(std::string_view) {}
  // Text between games that is not PGN (in input order, one thread at a time).
  virtual void skipped(const InputEvent&) {}
  // A note about an input, not an error: the members of an archive that are not PGN, skipped.
  virtual void note(std::string_view /*path*/, std::string_view /*message*/) {}
};

struct PipelineResult {
  // One per input, in input order (the members of archives included); an input that could not
  // be read to its end has complete = false.
  std::vector<InputSummary> inputs;
  std::vector<std::size_t> spec_of;  // spec_of[i]: the spec (of `specs`) input i came from
  std::uint64_t duplicates = 0;      // --dedup: games not analysed, the same as an earlier one
  GameNumbers numbers;               // the numbers of the games consumers kept (GameRecord::ref)
};

// The consumer of each worker (0 .. threads-1), asked once per worker as it starts.
using ConsumerFor = std::function<GameConsumer&(int worker)>;

// Reads every input (see io::expand_inputs) and runs the consumers of `consumer_for`; what else
// happens goes to `events`.
PipelineResult run_pipeline(const std::vector<io::InputSpec>& specs, const PipelineOptions& options,
                            const ConsumerFor& consumer_for, RunEvents& events);

}  // namespace rochade::run
