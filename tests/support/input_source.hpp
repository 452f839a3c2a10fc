// The reader's source over a decoded input of the io layer: how the tests read a file with one
// plain pgn::Reader (the library's pipeline hands the reader pieces of text instead).
#pragma once

#include <cstddef>

#include "io/input.hpp"
#include "pgn/reader.hpp"

namespace rochade::test {

class InputSource : public pgn::ByteSource {
 public:
  explicit InputSource(io::Input& input) : input_(input) {}
  std::size_t read(char* dst, std::size_t n) override { return input_.read(dst, n); }

 private:
  io::Input& input_;
};

}  // namespace rochade::test
