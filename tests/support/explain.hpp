// A FEN explained as `rochade explain` explains it (lenient reading, the notes and the dropped
// rights of the FEN passed on). Header only, for the test executables that link rochade_report
// and rochade_chess.
#pragma once

#include <catch2/catch.hpp>
#include <string_view>

#include "chess/fen.hpp"
#include "report/explain/explain.hpp"

namespace rochade::test {

inline report::Explanation explain(std::string_view fen,
                                   chess::Chess960Mode mode = chess::Chess960Mode::detect) {
  const chess::FenResult r = chess::parse_fen(fen, chess::FenMode::lenient, mode);
  INFO(fen);
  REQUIRE(r.ok());
  return report::explain_position(r.position, r.notes, r.dropped);
}

}  // namespace rochade::test
