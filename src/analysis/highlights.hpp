// Games worth showing on a board in reports: mates by castling and the first illegal castlings.
// Each worker keeps the first few by input order; merging keeps the first few overall, so the
// result does not depend on the number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"

namespace rochade::analysis {

struct Highlight {
  enum class Kind : std::uint8_t { mate_by_castling, illegal_castling };
  Kind kind = Kind::mate_by_castling;
  std::uint32_t input = 0;
  std::uint64_t game = 0;
  int ply = 0;
  int move_number = 0;
  chess::Color side = chess::Color::white;
  std::string san;
  std::string fen_before;  // the position before the castling
  chess::Square king_from = chess::no_square, king_to = chess::no_square;
  chess::Square rook_from = chess::no_square, rook_to = chess::no_square;
  std::string white, black, event, date, site, result;
  std::string message;  // for illegal castling: the finding's message

  bool operator<(const Highlight& o) const {
    return input != o.input ? input < o.input : game != o.game ? game < o.game : ply < o.ply;
  }
};

class Highlights {
 public:
  explicit Highlights(std::size_t max_each = 24) : max_each_(max_each) {}
  void add(const GameRecord& record, const GameAnalysis& analysis);
  // One listed game of another run (merge: its input already renumbered).
  void add(Highlight h) { keep(std::move(h)); }
  void merge(const Highlights& other);
  std::size_t max_each() const { return max_each_; }
  // How many times a game was kept (GameConsumer::numbers_kept), and the games' numbers
  // replaced (GameConsumer::renumber).
  std::uint64_t kept() const { return kept_; }
  void renumber(const std::function<std::uint64_t(std::uint64_t)>& number);
  // Sorted by input order, at most max_each of each kind.
  std::vector<Highlight> sorted() const;

 private:
  void keep(Highlight h);
  std::size_t max_each_;
  std::vector<Highlight> items_;
  std::uint64_t kept_ = 0;
};

}  // namespace rochade::analysis
