// Fuzz target "splitter": pgn::find_game_cut against the reader (differential).
//
// Input: one option byte, then the text. The text is read whole (capture_raw), then cut at the
// first allowed place at least `min_piece` bytes into each piece, each piece read on its own
// with first_line, first_byte and first_game, one reader restarted on each (as the pipeline
// does). Games, events (positions and numbers included) and raw texts must be exactly those of
// the whole; every cut must be at the start of a line that begins with '['. Options: min_piece
// (1, 2, 7, 64), the lookback (the default or 1 to 249 bytes) and the reader's buffer size
// (3 bytes or 16 KiB).
#include <algorithm>
#include <string>
#include <vector>

#include "fuzz_targets.hpp"
#include "pgn/reader.hpp"
#include "pgn/splitter.hpp"
#include "support/recorder.hpp"

using rochade::fuzz::check;
using rochade::fuzz::fail;
namespace pgn = rochade::pgn;

int fuzz_splitter(const std::uint8_t* data, std::size_t size) {
  rochade::fuzz::Bytes in(data, size);
  const std::uint8_t opt = in.take();
  const std::string_view text = in.rest();
  static constexpr std::size_t kMinPiece[] = {1, 2, 7, 64};
  const std::size_t min_piece = kMinPiece[opt & 3];
  const std::size_t lookback = (opt & 4) != 0 ? 1 + (opt >> 3) * 8 : 64 * 1024;
  const std::size_t buffer = (opt & 128) != 0 ? 3 : 1 << 14;
  const pgn::test::PieceRead a = pgn::test::read_whole(text, buffer);
  const pgn::test::PieceRead b = pgn::test::read_in_pieces(text, min_piece, lookback, buffer);
  if (a.violations != 0 || b.violations != 0) fail("visitor contract broken:\n" + b.events);
  check(b.bad_cut.empty(), b.bad_cut.c_str());
  if (a.games != b.games || a.events != b.events || a.raws != b.raws) {
    std::string what = "pieces read unlike the whole (" + std::to_string(b.pieces) +
                       " pieces, min_piece " + std::to_string(min_piece) + ", lookback " +
                       std::to_string(lookback) + "): games " + std::to_string(a.games) + " vs " +
                       std::to_string(b.games);
    if (a.events != b.events) what += ", " + pgn::test::first_difference(a.events, b.events);
    if (a.events == b.events && a.raws != b.raws) what += ", raw texts differ";
    fail(what);
  }
  return 0;
}
