// A position read from a FEN (strict reading), the test failing (and naming the FEN) where it
// cannot be read. Header only, for the test executables that link rochade_chess.
#pragma once

#include <catch2/catch.hpp>
#include <string_view>

#include "chess/fen.hpp"

namespace rochade::test {

inline chess::Position pos_of(std::string_view fen) {
  const chess::FenResult r = chess::parse_fen(fen);
  INFO(fen);
  REQUIRE(r.ok());
  return r.position;
}

}  // namespace rochade::test
