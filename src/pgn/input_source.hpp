// The reader's source over a decoded input of the io layer.
#pragma once

#include <cstddef>

#include "io/input.hpp"
#include "pgn/reader.hpp"

namespace rochade::pgn {

class InputSource : public ByteSource {
 public:
  explicit InputSource(io::Input& input) : input_(input) {}
  std::size_t read(char* dst, std::size_t n) override { return input_.read(dst, n); }

 private:
  io::Input& input_;
};

}  // namespace rochade::pgn
