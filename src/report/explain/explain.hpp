// `rochade explain`: for each colour and side, whether castling is legal in a position (FIDE Laws,
// art. 3.8), every reason it is not (the names of docs/AUDIT-JSONL.md), details a person
// can check on the board, and what does not matter (the rook attacked, b1/b8 attacked, not being
// the side to move). The decision is chess::diagnose_castling's; this only words and draws it.
// Each colour is judged as if it were its turn to move. Rendered as text (with
// a board diagram) or as the JSON object of docs/CLI.md.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "chess/castling.hpp"
#include "chess/position.hpp"

namespace rochade::report {

struct CastlingExplanation {
  chess::Color color = chess::Color::white;
  chess::CastlingSide side = chess::CastlingSide::king;
  chess::CastlingReasons reasons;       // empty = legal
  std::vector<std::string> details;     // one sentence per fact behind the reasons
  std::vector<std::string> irrelevant;  // facts that look like reasons but are not
  bool legal() const { return reasons.empty(); }
  std::vector<std::string_view> reason_names() const;
};

struct Explanation {
  chess::Position position;
  std::string fen;                    // the position as X-FEN (with clocks)
  std::vector<std::string> warnings;  // why the position could not occur in a game
  std::array<std::array<CastlingExplanation, 2>, 2> castlings{};  // [colour][side]

  const CastlingExplanation& of(chess::Color c, chess::CastlingSide s) const {
    return castlings[static_cast<std::size_t>(chess::idx(c))][static_cast<std::size_t>(s)];
  }
};

// Explains one castling of the position (chess::diagnose_castling in words). `dropped`: the FEN
// gave the right, but standard chess could not use it (chess::FenResult::dropped).
CastlingExplanation explain_castling(const chess::Position& pos, chess::Color c,
                                     chess::CastlingSide side, bool dropped = false);
CastlingExplanation explain_castling(const chess::Position& pos, const chess::CastlingDiagnosis& d,
                                     bool dropped = false);
// Explains all four castlings. Warnings: `notes` (how the FEN was read, chess::FenResult) and
// those of chess::position_problems(). `dropped`: the squares of the rights the FEN reading
// dropped (chess::FenResult::dropped).
Explanation explain_position(const chess::Position& pos, std::vector<std::string> notes = {},
                             chess::Bitboard dropped = 0);

// A board diagram (Unicode pieces, or letters with ascii), then each colour and side.
std::string render_explain_text(const Explanation& e, bool ascii = false);
// The object of docs/CLI.md, on one line (ending with a newline).
std::string render_explain_json(const Explanation& e);

}  // namespace rochade::report
