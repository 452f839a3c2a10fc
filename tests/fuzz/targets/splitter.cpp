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
#include "recorder.hpp"

using rochade::fuzz::check;
using rochade::fuzz::fail;
namespace pgn = rochade::pgn;

namespace {

struct Read {
  std::string events;
  std::vector<std::string> raws;
  std::uint64_t games = 0, pieces = 0;
};

void finish(const pgn::test::Recorder& rec, Read& r) {
  for (const auto& l : rec.lines) r.events.append(l).push_back('\n');
  r.raws = rec.raws;
  if (rec.violations != 0) fail("visitor contract broken:\n" + r.events);
}

Read whole(std::string_view text, std::size_t buffer) {
  pgn::ReaderOptions opts;
  opts.capture_raw = true;
  opts.buffer_size = buffer;
  pgn::MemorySource src(text);
  pgn::Reader reader(src, opts);
  pgn::test::Recorder rec;
  Read r;
  r.games = reader.read_all(rec);
  r.pieces = 1;
  finish(rec, r);
  return r;
}

Read in_pieces(std::string_view text, std::size_t min_piece, std::size_t lookback,
               std::size_t buffer) {
  pgn::test::Recorder rec;
  Read r;
  std::size_t start = 0;
  std::uint64_t line = 1;
  pgn::MemorySource src{std::string_view{}};
  pgn::Reader reader(src);
  while (start < text.size() || r.pieces == 0) {
    const std::string_view rest = text.substr(start);
    const std::size_t cut = pgn::find_game_cut(rest, std::min(min_piece, rest.size()), lookback);
    const std::string_view piece = cut == pgn::kNoCut ? rest : rest.substr(0, cut);
    if (cut != pgn::kNoCut) {
      check(cut > 0 && cut < rest.size(), "a cut outside the text");
      check(cut >= std::min(min_piece, rest.size()), "a cut before `from`");
      check(rest[cut - 1] == '\n', "a cut that is not at the start of a line");
      check(rest[cut] == '[', "a cut at a line that does not begin with '['");
    }
    pgn::ReaderOptions opts;
    opts.capture_raw = true;
    opts.buffer_size = buffer;
    opts.first_line = line;
    opts.first_byte = start;
    opts.first_game = r.games + 1;
    src = pgn::MemorySource(piece);
    reader.restart(src, opts);
    r.games += reader.read_all(rec);
    ++r.pieces;
    line += static_cast<std::uint64_t>(std::count(piece.begin(), piece.end(), '\n'));
    start += piece.size();
    if (cut == pgn::kNoCut) break;
  }
  finish(rec, r);
  return r;
}

}  // namespace

int fuzz_splitter(const std::uint8_t* data, std::size_t size) {
  rochade::fuzz::Bytes in(data, size);
  const std::uint8_t opt = in.take();
  const std::string_view text = in.rest();
  static constexpr std::size_t kMinPiece[] = {1, 2, 7, 64};
  const std::size_t min_piece = kMinPiece[opt & 3];
  const std::size_t lookback = (opt & 4) != 0 ? 1 + (opt >> 3) * 8 : 64 * 1024;
  const std::size_t buffer = (opt & 128) != 0 ? 3 : 1 << 14;
  const Read a = whole(text, buffer);
  const Read b = in_pieces(text, min_piece, lookback, buffer);
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
