// --dedup: which games are the same game as an earlier one of the run. A game is its starting
// position (the FEN tag, or none for the standard start), its main line (the moves as written,
// without check marks, annotation marks, comments or variations) and its result. Each distinct
// game is remembered by a 128-bit hash of those, 16 bytes, in an open-addressing table kept at
// most 3/4 full: 21 to 43 bytes per distinct game, 10 million games in at most 256 MiB (384 MiB
// for the moment the table doubles). Two different games share a hash with a probability of
// about n^2 / 2^129: never, in practice, for any database there is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "analysis/game_record.hpp"

namespace rochade::analysis {

struct GameKey {
  std::uint64_t a = 0, b = 0;  // never both 0 (the table's empty slot)
  bool operator==(const GameKey&) const = default;
};

// The key of a game; computed on the workers, compared in input order. A game without moves
// has no key (GameKey{}): it is never a duplicate, it counts among the games without moves.
GameKey game_key(const GameRecord& record);

class SeenGames {
 public:
  // True when `key` is new (and now remembered), false when it was seen before.
  bool insert(const GameKey& key);
  std::size_t size() const { return count_; }
  std::size_t bytes() const { return slots_.size() * sizeof(GameKey); }

 private:
  void grow();
  std::vector<GameKey> slots_;
  std::size_t count_ = 0;
};

}  // namespace rochade::analysis
