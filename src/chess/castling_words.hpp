// The words of the castling reasons: one row per chess::CastlingReason, one column per form in
// which the outputs say it. audit's findings (analysis/illegal_castling_finding.cpp), the replay's
// castling that cannot be carried out (analysis/replay_castling.cpp) and explain
// (report/explain/explain.cpp) take their words from here and fill in the facts (squares, pieces,
// moves), so a reason is named and worded in one row, and the compiler checks that every reason has
// one.
//
// A text holds named slots, "{colour}", that fill_words replaces by the facts its user gives:
//   {colour} white/black, {side} kingside/queenside, {is} is/are;
//   squares: {king_home} {rook_home} (where king and rook castle from by the rules; in Chess960
//   without a right that tells the rook's file, {rook_home} is "the kingside of its king" or
//   "the queenside of its king"), {rook_from}
//   (where the castling rook stood), {from} {to} (a move's), {square}, {origin} (where a piece
//   started);
//   pieces, "the black bishop on c4" and lists of them: {piece} {king} {attackers} {blockers}
//   {rooks};
//   {moves}: the moves behind a reason, " (4. Ke2, 5. Ke1)", or nothing.
// An empty text: that reason has no such case.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "base/names.hpp"
#include "chess/castling.hpp"

namespace rochade::chess {

struct CastlingReasonWords {
  CastlingReason value = CastlingReason::king_moved;
  // Its name in every output (docs/AUDIT-JSONL.md): audit's reasons, find's
  // --illegal-castling choices, the statistics' keys and explain's list.
  std::string_view name = {};

  // audit's message, one clause after "... castled kingside although ", about the game.
  std::string_view because = {};
  std::string_view because_from_fen = {};  // no_right_in_fen: the game starts from a FEN
  std::string_view because_dropped = {};   // no_right_in_fen: the FEN's right is dropped

  // audit's evidence: one line per fact of the game or the board before the castling.
  std::string_view evidence = {};
  std::string_view evidence_dropped = {};  // no_right_in_fen: the FEN's right is dropped
  std::string_view evidence_castled = {};  // king_moved: the side had castled
  // king_moved, rook_moved: the piece's moves from its home, back to it, and elsewhere.
  std::string_view evidence_left = {};
  std::string_view evidence_came_back = {};
  std::string_view evidence_moved = {};
  std::string_view evidence_origin = {};    // rook_moved: the rook on the home started elsewhere
  std::string_view evidence_promoted = {};  // rook_moved: the rook on the home is a promoted one

  // explain's details, about the position alone (explain adds " (name)" to the king's and the
  // castling rook's whereabouts).
  std::string_view position = {};
  std::string_view position_off_rank = {};  // king_moved: the king is off its first rank
  // No such piece (rook_moved: explain names no reason then, as the position does not tell
  // whether the rook moved or was captured).
  std::string_view position_none = {};
  std::string_view position_right = {};      // rook_not_home: the right names the home
  std::string_view position_dropped = {};    // no_right_in_fen: the FEN's right is dropped
  std::string_view position_both_home = {};  // no_right_in_fen: king and rook on their squares
  // no_right_in_fen, Chess960: king and rook where they could castle from, and no right tells
  // whether they started there.
  std::string_view position_both_unknown = {};

  // The replay: why a castling cannot be carried out at all (then an illegal move).
  std::string_view cannot = {};
};

// The rows, one per reason in the enum's order: each reason's name and words.
const base::NameTable<CastlingReason, CastlingReasonWords>& castling_reason_names();
// The row of one reason.
const CastlingReasonWords& castling_words(CastlingReason r);

// One fact for a slot of a text.
struct WordSlot {
  std::string_view name = {};   // without the braces
  std::string_view value = {};  // what replaces "{name}"
};

// The text with each "{name}" replaced by its slot's value; a slot not given stays as it is.
std::string fill_words(std::string_view text, std::initializer_list<WordSlot> slots);

}  // namespace rochade::chess
