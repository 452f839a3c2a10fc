#include "pgn/reader.hpp"

#include <algorithm>
#include <cstring>

#include "pgn/parser.hpp"
#include "pgn/text_buffer.hpp"

namespace rochade::pgn {

std::size_t MemorySource::read(char* dst, std::size_t n) {
  const std::size_t k = std::min(n, text_.size());
  if (k > 0) std::memcpy(dst, text_.data(), k);
  text_.remove_prefix(k);
  return k;
}

Reader::Reader(ByteSource& src, ReaderOptions opts)
    : parser_(std::make_unique<detail::Parser>(src, opts)) {}

Reader::Reader() : parser_(std::make_unique<detail::Parser>(none_, ReaderOptions{})) {}

Reader::~Reader() = default;

void Reader::restart(ByteSource& src, const ReaderOptions& opts) {
  parser_ = std::make_unique<detail::Parser>(src, opts, parser_.get());
}

void Reader::restart_in_place(const TextBuffer& text, const ReaderOptions& opts) {
  parser_ = std::make_unique<detail::Parser>(none_, opts, parser_.get());
  parser_->scan_in_place(text.view());
}

bool Reader::read_game(Visitor& v) { return parser_->read_game(v); }

std::uint64_t Reader::read_all(Visitor& v) {
  std::uint64_t n = 0;
  while (parser_->read_game(v)) ++n;
  return n;
}

std::uint64_t Reader::games_read() const { return parser_->games_read(); }

TextPos Reader::token_pos() const { return parser_->token_pos(); }

}  // namespace rochade::pgn
