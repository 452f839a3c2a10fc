// Castling records (docs/STATS-JSON.md, "records"): the latest legal castling of each colour and
// side, the shortest game ending in a mate by castling, the longest game without castling and
// the game with the most castlings. Each worker keeps its best game per record; merging keeps the
// best overall, ties going to the first in input order, so the result does not depend on the
// number of threads, and a merge of partials equals one run.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include "analysis/game_record.hpp"
#include "analysis/highlights.hpp"
#include "analysis/replay.hpp"

namespace rochade::analysis {

enum class RecordKind : std::uint8_t {
  latest_white_kingside,
  latest_white_queenside,
  latest_black_kingside,
  latest_black_queenside,
  shortest_mate_by_castling,
  longest_without_castling,
  most_castlings,
};
inline constexpr int record_kind_count = 7;

// The latest castling record of a colour and side.
constexpr RecordKind latest_castling(chess::Color c, chess::CastlingSide s) {
  return RecordKind((c == chess::Color::white ? 0 : 2) + (s == chess::CastlingSide::king ? 0 : 1));
}
// What a record's number counts: "move_number", "plies" or "castlings" (its JSON key).
std::string_view record_number_key(RecordKind kind);

struct Record {
  std::uint64_t number = 0;  // the record's number (move_number, plies or castlings)
  // The game: its place, tags and moves, and the move the record points at (the castling; for
  // the longest game without castling its last move; for the most castlings its last castling).
  Highlight game;
};

class Records {
 public:
  // One game; only analysed games count (GameAnalysis::analysed()).
  void add(const GameRecord& record, const GameAnalysis& analysis);
  // A record of another run (merge: its input already renumbered).
  void add(RecordKind kind, Record r);
  void merge(const Records& other);
  // After the run: each game's place from its ref.
  void locate(const std::function<GamePlace(GameRef)>& place);
  const std::optional<Record>& get(RecordKind kind) const { return best_[int(kind)]; }

 private:
  // Whether a game with `number` at `ref` beats the kept record (ties: input order).
  bool beats(RecordKind kind, std::uint64_t number, GameRef ref) const;
  std::array<std::optional<Record>, record_kind_count> best_;
};

}  // namespace rochade::analysis
