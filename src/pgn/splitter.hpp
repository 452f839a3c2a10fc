// Where PGN text may be cut so that each piece, read on its own (ReaderOptions::first_line,
// first_byte), gives exactly the games, positions and raw text of the whole: the pipeline cuts
// its input into pieces on one thread and reads them on several.
//
// `text` must begin at the start of a line. A cut is made only where the reader
// (docs/PGN-READER.md, "the resync rule") is certain to begin a game whatever came before: at a
// line that starts in its first column with a tag start
// `[Name "` (name of letters, digits and `_`, one space), when the nearest earlier line that is
// neither blank nor a `%` escape line starts with a byte that ends any tag section (a move
// number, a move letter, `*`, `{`, `;`, `(`, `$`) and holds no `[` that could start a tag. Then the
// reader was in movetext, a comment, a variation or between games, and the tag start ends the
// one and begins the next. Anything less certain is not cut (tests/pgn/splitter_test.cpp checks
// that pieces and the whole agree on every file of ../shared/corpus).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace rochade::pgn {

inline constexpr std::size_t kNoCut = static_cast<std::size_t>(-1);

// The first cut at an offset in [from, text.size()) whose line lies wholly inside `text`, or
// kNoCut. Only the lines just before a candidate are looked at (up to `lookback` bytes).
std::size_t find_game_cut(std::string_view text, std::size_t from,
                          std::size_t lookback = 64 * 1024);

// The line ends ('\n') in `text`: how many lines further the text after a cut starts.
std::uint64_t count_line_ends(std::string_view text);

}  // namespace rochade::pgn
