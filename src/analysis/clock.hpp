// The clock comments of online exports: `{ [%clk 0:02:57] }` after each move in Lichess games,
// `[%clk 0:09:59.9]` in chess.com's. The per-game table (docs/GAMES-TABLE.md) reports the clock
// after each colour's first castling; the reader hands comments over only when the table asks for
// them (RecordBuilder::read_clocks), since Lichess games have one per move.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rochade::analysis {

// The first well-formed `[%clk H:MM:SS]` or `[%clk H:MM:SS.f…]` command in `text`, in
// milliseconds: hours of 1 to 6 digits, minutes and seconds of 1 or 2 digits under 60, decimals
// kept to the millisecond (further digits are dropped, not rounded), blanks allowed around the
// value. Other commands ([%eval 0.17]) and text around it are passed over; a malformed clock is
// skipped for a later one, and none (or a value beyond 2^31 ms, about 596 hours) gives nullopt.
std::optional<std::int32_t> clock_millis(std::string_view text);

// Finds the clock in a comment that may come in pieces (pgn::Visitor::comment): the pieces are
// joined only as far as a clock command may straddle two of them, so a long comment costs no
// more memory than a short one.
class ClockScanner {
 public:
  void reset() { tail_.clear(); }
  // A piece of a comment; `last` ends the comment. The clock once found, else nullopt (then
  // the next piece may still complete one).
  std::optional<std::int32_t> piece(std::string_view text, bool last) {
    if (tail_.empty() && last) return clock_millis(text);  // a whole comment: no copy
    return joined(text, last);
  }

 private:
  std::optional<std::int32_t> joined(std::string_view text, bool last);
  std::string tail_;  // the end of the pieces before: where a command may have started
};

}  // namespace rochade::analysis
