// The streaming PGN reader: bytes in, visitor events out (see visitor.hpp and docs/PGN-READER.md).
//
//   rochade::pgn::MemorySource src(text);          // or InputSource over an io::Input
//   rochade::pgn::Reader reader(src);
//   while (reader.read_game(visitor)) {}            // or reader.read_all(visitor)
//
// The reader knows PGN syntax only, no chess rules. It reads through one buffer that it allocates
// once; token views passed to the visitor point into it. Memory stays bounded whatever the input:
// long comments are streamed in pieces, and tags, tokens and nesting have limits that turn into
// error events.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "pgn/visitor.hpp"

namespace rochade::pgn {

class TextBuffer;  // pgn/text_buffer.hpp

// Where the reader gets its bytes. read() fills up to n bytes and returns how many; 0 = end.
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  virtual std::size_t read(char* dst, std::size_t n) = 0;
};

// Bytes from memory (tests, slices of a larger buffer).
class MemorySource : public ByteSource {
 public:
  explicit MemorySource(std::string_view text) : text_(text) {}
  std::size_t read(char* dst, std::size_t n) override;

 private:
  std::string_view text_;
};

struct ReaderOptions {
  std::size_t buffer_size = 1 << 16;      // bytes asked from the source per read (at least 1)
  std::size_t max_token = 255;            // SAN and other movetext tokens; longer: token_too_long
  std::size_t max_tag_name = 255;         // longer: the '[' is not a tag start (bad_tag)
  std::size_t max_tag_value = 64 * 1024;  // bytes as written; longer: token_too_long, tag dropped
  std::size_t max_depth = 1024;           // variation nesting; deeper: too_deep, variation skipped
  std::size_t max_errors = 100;           // error() calls per game; further errors only counted
  bool capture_raw = false;               // fill GameEnd::raw with the game's exact input bytes
  std::size_t max_raw = std::size_t{64} << 20;  // longer games: raw empty, GameEnd::raw_truncated
  // For reading a slice of a larger input: position and number of its first byte and game.
  std::uint64_t first_line = 1, first_byte = 0, first_game = 1;
};

namespace detail {
class Parser;
}

class Reader {
 public:
  explicit Reader(ByteSource& src, ReaderOptions opts = {});
  Reader();  // an empty input until restart() or restart_in_place()
  ~Reader();
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  // Starts over on another source, as a new Reader would, keeping the buffers when they fit.
  void restart(ByteSource& src, const ReaderOptions& opts);
  // Starts over on text in memory, scanned where it lies (no copy into the reader's buffer).
  // The text must outlive the reading; views passed to callbacks point into it.
  void restart_in_place(const TextBuffer& text, const ReaderOptions& opts);

  bool read_game(Visitor& v);          // reads one game; false at the end of input (no game)
  std::uint64_t read_all(Visitor& v);  // reads all games; returns how many
  std::uint64_t games_read() const;    // games read so far
  // During a callback, where its token starts: the '[' of a tag, the '{' or ';' of a comment
  // (for all its pieces), the '(' or ')' of a variation, the result token, MoveToken::pos,
  // ParseError::pos; at end_tags where the movetext starts, at end_game where the game ends.
  TextPos token_pos() const;

 private:
  MemorySource none_{std::string_view{}};  // the source of a parser scanning in place
  std::unique_ptr<detail::Parser> parser_;
};

}  // namespace rochade::pgn
