// The event recorder of the PGN reader's tests (tests/pgn) and fuzz targets (tests/fuzz): a
// visitor that writes every event as a line of text, a counter, and a text read whole or in
// pieces.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/reader.hpp"

namespace rochade::pgn::test {

// Bytes as readable text: printable ASCII as is, '"' and '\' escaped, others as \n, \r, \t, \xNN.
std::string escape(std::string_view bytes);

struct RecorderOptions {
  bool visit_variations = true;  // begin_variation() answers true
  bool positions = true;         // write @line:byte after tokens
  // Answer Skip::yes at this event of every game (1 = begin_game, 2 = the next event, ...); 0:
  // never.
  std::uint64_t skip_at = 0;
};

// The options that write no @line:byte positions.
inline RecorderOptions no_positions() {
  RecorderOptions r;
  r.positions = false;
  return r;
}

// Records events as lines ("game 1 @1:0", "tag Event \"x\"", "move 12... Nf6 $1 @3:40", ...).
// Comment pieces are joined, so the lines do not depend on the buffer size. It also checks the
// visitor contract and writes "VIOLATION ..." lines where it is broken.
class Recorder : public Visitor {
 public:
  explicit Recorder(RecorderOptions opts = {}) : opts_(opts) {}

  Skip begin_game(const GameStart& g) override;
  Skip tag(std::string_view name, std::string_view value) override;
  Skip end_tags() override;
  Skip move(const MoveToken& m) override;
  Skip comment(std::string_view text, bool last) override;
  bool begin_variation() override;
  void end_variation() override;
  void result(std::string_view token) override;
  void error(const ParseError& e) override;
  void end_game(const GameEnd& g) override;
  void skipped(const ParseError& e) override;

  std::vector<std::string> lines;
  std::vector<std::string> raws;  // GameEnd::raw of each game
  std::uint64_t games = 0;
  std::uint64_t violations = 0;

 private:
  Skip count_event(bool can_skip);
  void violation(std::string_view what);
  std::string at(const TextPos& pos) const;

  RecorderOptions opts_;
  bool in_game_ = false;
  bool tags_done_ = false;
  bool in_comment_ = false;
  bool skipping_ = false;
  std::uint64_t number_ = 0;
  std::uint64_t events_ = 0;
  std::uint64_t depth_ = 0;
  std::string comment_;
  TextPos last_pos_{};
};

// Counts games and events without storing them (for big inputs).
class Counter : public Visitor {
 public:
  Skip begin_game(const GameStart&) override;
  Skip tag(std::string_view, std::string_view) override;
  Skip move(const MoveToken&) override;
  Skip comment(std::string_view, bool last) override;
  void error(const ParseError&) override { ++errors; }
  void end_game(const GameEnd&) override;
  void skipped(const ParseError&) override { ++skips; }

  std::uint64_t games = 0, ended = 0, tags = 0, moves = 0, comments = 0, errors = 0, skips = 0;
};

// Reads all of `text` with the options and a fresh Recorder; returns its lines joined by '\n'.
std::string record(std::string_view text, ReaderOptions opts = {}, RecorderOptions rec = {});
// "" if a == b, else the first line where they differ, as "line N: <a> | <b>".
std::string first_difference(std::string_view a, std::string_view b);
// The first difference between `base` and the lines of `text` read with a buffer of `size` bytes
// (first_difference); "" where there is none.
std::string buffer_difference(std::string_view base, std::string_view text, std::size_t size);

// A text read by one reader (capture_raw on): the Recorder's lines, the raw texts, the counts.
struct PieceRead {
  std::string events;
  std::vector<std::string> raws;
  std::uint64_t games = 0, pieces = 0, violations = 0;
  std::string bad_cut;  // the first cut that breaks find_game_cut()'s contract, "" if none
};
// The whole text in one piece.
PieceRead read_whole(std::string_view text, std::size_t buffer = ReaderOptions{}.buffer_size);
// Cut at the first place find_game_cut() allows at least `min_piece` bytes into each piece (1:
// everywhere), each piece read with its first_line, first_byte and first_game by one reader
// restarted on each, as the pipeline does.
PieceRead read_in_pieces(std::string_view text, std::size_t min_piece,
                         std::size_t lookback = 64 * 1024,
                         std::size_t buffer = ReaderOptions{}.buffer_size);

}  // namespace rochade::pgn::test
