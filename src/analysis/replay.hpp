// Tolerant replay of one game record on chess positions. Legal moves are played; a castling
// that breaks the rules becomes an illegal_castling finding and is executed as played (king and
// corner rook, a rook not on its home square, the queen, or a rook on the king's file); any
// other move that cannot be played ends the replay with an illegal_move finding.
#pragma once

#include <array>
#include <optional>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/castling_history.hpp"
#include "analysis/finding.hpp"
#include "analysis/game_record.hpp"
#include "analysis/illegal_castling.hpp"
#include "analysis/repetition.hpp"
#include "chess/position.hpp"
#include "chess/san.hpp"

namespace rochade::analysis {

enum class VariantKind : std::uint8_t { standard, chess960, from_position, other };
// From the Variant tag: "" / "Standard" / "chess" → standard; "Chess960", "chess 960",
// "Fischerandom", "Fischer Random", "FRC" … → chess960; "From Position" → from_position.
VariantKind classify_variant(std::string_view tag);

// cut_off: the game's text ends where its input's reading failed (a cut or damaged file): it is
// not replayed, and counts as none of the others (GameRecord::cut_off).
enum class GameStatus : std::uint8_t { replayed, with_errors, skipped_variant, cut_off };

struct CastlingEvent {
  chess::Color color = chess::Color::white;
  chess::CastlingSide side = chess::CastlingSide::king;
  std::uint16_t ply = 0;
  std::uint16_t move_number = 0;  // full-move number of the position it was played in
  bool legal = true;
  bool check = false;  // the opponent is in check after it (mates included)
  bool mate = false;   // the opponent is checkmated after it
  chess::Square king_from = chess::no_square, king_to = chess::no_square;  // the king (or queen)
  chess::Square rook_from = chess::no_square, rook_to = chess::no_square;
  std::string fen_before;  // only for castlings that mate (for diagrams)
};

struct GameAnalysis {
  GameStatus status = GameStatus::replayed;
  bool chess960 = false;
  int plies = 0;  // moves replayed
  chess::Color start_side = chess::Color::white;  // of the start position (a FEN's, else white)
  int start_fullmove = 1;                         // its full-move number
  std::vector<CastlingEvent> castlings;
  std::array<bool, 2> king_moved_first{};
  int annotation_mismatches = 0;
  bool false_repetition = false;
  std::vector<Finding> findings;

  void clear();
  // The first castling of a colour, or nullptr.
  const CastlingEvent* first_castling(chess::Color c) const;
  // Whether castling is counted in this game, by the statistics and by find's castling
  // predicates alike: replayed with at least one move, or stopped by an error. Not a game
  // skipped as a variant, nor one without moves ("games analysed", docs/STATS-JSON.md).
  bool analysed() const {
    return status == GameStatus::with_errors || (status == GameStatus::replayed && plies > 0);
  }
  // Replayed, and its main line has no move ("games without moves": tags only, or a result).
  bool without_moves() const { return status == GameStatus::replayed && plies == 0; }
};

class Replayer {
 public:
  Replayer();
  // Replays a record; `out` is cleared first. Reuses its buffers from game to game.
  void run(const GameRecord& record, GameAnalysis& out);
  // Opt-in, for the few games a page shows (report/viewer_data): from the next run() on,
  // `positions` receives the start position and the position after each ply replayed (the
  // positions the findings judge), at most `most` of them. nullptr (the default) keeps none:
  // the common path pays one test per ply.
  void keep_positions(std::vector<chess::Position>* positions, std::size_t most) {
    positions_ = positions;
    most_positions_ = most;
  }

 private:
  bool replay(const GameRecord& record, GameAnalysis& out);  // false: needs the history
  bool start_position(const GameRecord& record, GameAnalysis& out);
  bool play_token(const GameRecord& record, std::size_t index, GameAnalysis& out);
  [[gnu::noinline]] bool play_general(const GameRecord& record, std::size_t index,
                                      GameAnalysis& out);
  [[gnu::always_inline]] inline void play_move(const GameRecord& record, std::size_t index,
                                               chess::Move m, GameAnalysis& out);
  // play_token's rare cases, out of line.
  [[gnu::noinline]] bool unreadable(const GameRecord& record, std::size_t index,
                                    GameAnalysis& out);
  [[gnu::noinline]] bool play_null_or_castling(const GameRecord& record, std::size_t index,
                                               const chess::SanMove& san, GameAnalysis& out);
  [[gnu::noinline]] bool unresolved(const GameRecord& record, std::size_t index,
                                    const chess::SanMove& san, chess::SanError error,
                                    GameAnalysis& out);
  [[gnu::noinline]] void history_move(chess::Move m, int ply);
  [[gnu::noinline]] void history_position(int ply);
  void play_castling(const GameRecord& record, std::size_t index, chess::Move m,
                     bool annotated_mate, GameAnalysis& out);
  bool play_illegal_castling(const GameRecord& record, std::size_t index, chess::CastlingSide side,
                             GameAnalysis& out);
  void after_castling(const GameRecord& record, std::size_t index, const chess::Position& before,
                      CastlingEvent event, bool annotated_mate, GameAnalysis& out);
  void add_move_finding(const GameRecord& record, std::size_t index, FindingKind kind,
                        std::string_view reason, std::string message, GameAnalysis& out);
  bool has_effective_right(chess::Color c) const;
  std::optional<chess::CastlingSide> king_move_as_castling(const chess::SanMove& san) const;
  void report_repetition(const GameRecord& record, std::size_t index, GameAnalysis& out);

  // The start position without a FEN tag, and what the replay derives from it: computed once,
  // not per game ([0] standard chess, [1] Chess960).
  struct Start {
    chess::Position pos;
    CastlingHomes homes;
    CastlingHistory history;
  };
  std::array<Start, 2> starts_;

  chess::Position pos_;
  bool history_live_ = false;  // history_ follows the game (see run())
  bool needs_history_ = false;  // the replay stopped for want of it
  CastlingHistory history_;
  RepetitionTracker repetition_;
  CastlingHomes homes_;
  chess::Color start_side_ = chess::Color::white;
  int start_fullmove_ = 1;
  std::vector<chess::Position>* positions_ = nullptr;  // keep_positions
  std::size_t most_positions_ = 0;
};

}  // namespace rochade::analysis
