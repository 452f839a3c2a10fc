// Games worth showing on a board in reports: mates by castling and the first illegal castlings.
// Each worker keeps the first few by input order; merging keeps the first few overall, so the
// result does not depend on the number of threads. Each listed game keeps what replays it (its
// FEN and Variant tags, its main-line moves), so that a report, one run's or a merge's, can show
// it move by move on the viewer's board (docs/STATS-JSON.md, v1.3).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"

namespace rochade::analysis {

struct Highlight {
  enum class Kind : std::uint8_t { mate_by_castling, illegal_castling };
  Kind kind = Kind::mate_by_castling;
  // The game's identity in the run or merge that holds it: what orders the listed games.
  GameRef ref;
  // Where a report says the game is: set after the run from `ref` (Highlights::locate), or read
  // with the game from a stats document (placed_at).
  GamePlace place;
  int ply = 0;
  int move_number = 0;
  chess::Color side = chess::Color::white;
  std::string san;
  std::string fen_before;  // the position before the castling
  chess::Square king_from = chess::no_square, king_to = chess::no_square;
  chess::Square rook_from = chess::no_square, rook_to = chess::no_square;
  std::string white, black, event, date, site, result;
  std::string message;  // for illegal castling: the finding's message
  // What replays the game (as UTF-8, as the stats document carries them): the FEN tag it starts
  // from ("" for the standard start), its Variant tag, and its main-line moves as written,
  // separated by one space (a move token holds no space), at most kMostMoves of them. All three
  // empty: a listed game of a document before v1.3, which cannot be replayed.
  std::string start_fen, variant, moves;
  static constexpr std::size_t kMostMoves = 20'000;  // far more than any game can have

  // The game as a record rochade's replay reads (analysis::Replayer): the tags above and the
  // players', its moves; its number that of the listed game (its input is the caller's to name).
  GameRecord record() const;
  bool replayable() const { return !moves.empty(); }

  // A game read from a stats document, or moved by a merge to the place it has among the
  // partials: its place orders it too. In a merge the partials' inputs, in the order given, are
  // the inputs, and a game's number orders the games of its input.
  void placed_at(GamePlace p) {
    place = p;
    ref = {RunInput{p.input}, p.number};
  }

  // Input order (the refs), then the move.
  bool operator<(const Highlight& o) const { return std::tie(ref, ply) < std::tie(o.ref, o.ply); }
};

// A game as a listed game: its ref and tags; with_moves adds what
// replays it (its FEN and Variant tags, its main-line moves, as UTF-8). The castling fields are
// left to the caller.
Highlight listed_game(const GameRecord& record, bool with_moves);

class Highlights {
 public:
  explicit Highlights(std::size_t max_each = 24) : max_each_(max_each) {}
  void add(const GameRecord& record, const GameAnalysis& analysis);
  // One listed game of another run (merge: its input already renumbered).
  void add(Highlight h) { keep(std::move(h)); }
  void merge(const Highlights& other);
  std::size_t max_each() const { return max_each_; }
  // After the run: each game's place from its ref.
  void locate(const std::function<GamePlace(GameRef)>& place);
  // Sorted by input order, at most max_each of each kind.
  std::vector<Highlight> sorted() const;

 private:
  // Where `h` was kept (it may be another's place), or nullptr where it was not.
  Highlight* keep(Highlight h);
  std::size_t max_each_;
  std::vector<Highlight> items_;
};

}  // namespace rochade::analysis
