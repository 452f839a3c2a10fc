#include "chess/castling_words.hpp"

#include <iterator>

namespace rochade::chess {
namespace {

// Said alike by audit and explain.
constexpr std::string_view occupied = "{square} is occupied by {piece}";
constexpr std::string_view attacked_king = "{king} is attacked by {attackers}";

// Checked when built (base/names.hpp): one row per reason, in the enum's order, each name once.
constexpr base::NameTable<CastlingReason, CastlingReasonWords> rows{{
    {.value = CastlingReason::king_moved,
     .name = "king_moved",
     .because = "its king had moved{moves}",
     .evidence_castled = "{colour} had castled already",
     .evidence_left = "the {colour} king left {king_home}",
     .evidence_came_back = "the {colour} king came back to {king_home}",
     .evidence_moved = "the {colour} king moved from {from} to {to}",
     .position = "the {colour} king is on {square}, not on {king_home}",
     .position_off_rank = "the {colour} king is on {square}, not on its first rank",
     .position_none = "there is no {colour} king",
     .cannot = "the king is not on its first rank"},
    {.value = CastlingReason::rook_moved,
     .name = "rook_moved",
     .because = "the {rook_home} rook had moved{moves}",
     .evidence_left = "the rook from {rook_home} left {rook_home}",
     .evidence_came_back = "the rook from {rook_home} came back to {rook_home}",
     .evidence_moved = "the rook from {rook_home} moved from {from} to {to}",
     .evidence_origin = "the rook on {rook_home} is the one that started on {origin}",
     .evidence_promoted = "the rook on {rook_home} is a promoted rook",
     .position = "there is no {colour} rook on {rook_home}; {rooks} {is} off the first rank",
     .position_none =
         "there is no {colour} rook on {rook_home} (moved or captured: the position does not tell)",
     .cannot = "there is no rook on {rook_home}"},
    {.value = CastlingReason::rook_captured,
     .name = "rook_captured",
     .because = "its {rook_home} rook had been captured{moves}",
     .evidence = "the {colour} rook from {rook_home} was captured on {square}"},
    {.value = CastlingReason::no_right_in_fen,
     .name = "no_right_in_fen",
     .because = "it had no such right",
     .because_from_fen = "the starting FEN gives no such right",
     .because_dropped = "the starting FEN's right was dropped (standard chess needs the king on "
                        "{king_home} and the rook on {rook_home})",
     .evidence = "the starting position gives {colour} no {side} castling right",
     .evidence_dropped = "the starting FEN gives {colour} a {side} castling right, dropped: "
                         "standard chess castles only with the king on {king_home} and the rook "
                         "on {rook_home}",
     .position = "no right in the FEN: the castling field gives {colour} no {side} castling",
     .position_dropped = "no right: the castling field's {colour} {side} right is dropped, "
                         "standard chess castles only with the king on {king_home} and the rook "
                         "on {rook_home}",
     .position_both_home = ", although the king and the rook stand on {king_home} and "
                           "{rook_home} (they may have moved and come back)",
     .position_both_unknown = ", although the king and the rook stand on {king_home} and "
                              "{rook_home}, from where they castle (no right tells where they "
                              "started)"},
    {.value = CastlingReason::rook_not_home,
     .name = "rook_not_home",
     .because = "the rook stood on {rook_from}, not on {rook_home}",
     .evidence = "the rook castled from {rook_from}, not from {rook_home}",
     .position = "the {colour} rook is on {square}, not on {rook_home}",
     .position_none = "the right is for a rook on {rook_home}, but no {colour} rook stands there",
     .position_right = "the right is for a rook on {rook_home}, but the {colour} rook is on "
                       "{square}"},
    {.value = CastlingReason::queen_castling,
     .name = "queen_castling",
     .because = "it castled with its queen, not its king",
     .evidence = "the {colour} king is not on {king_home}; the queen on {from} moved with the "
                 "rook on {rook_from}"},
    {.value = CastlingReason::vertical_castling,
     .name = "vertical_castling",
     .because = "it castled vertically with the rook on {rook_from}",
     .evidence = "the rook on {rook_from} stands on the {colour} king's file"},
    {.value = CastlingReason::blocked,
     .name = "blocked",
     .because = "the way was blocked ({blockers})",
     .evidence = occupied,
     .position = occupied,
     .cannot = "a square it needs is taken by {blockers}"},
    {.value = CastlingReason::in_check,
     .name = "in_check",
     .because = "its king was in check",
     .evidence = attacked_king,
     .position = attacked_king},
    {.value = CastlingReason::through_check,
     .name = "through_check",
     .because = "its king crossed an attacked square",
     .evidence = "{square}, which the king crosses, is attacked by {attackers}",
     .position = "the {colour} king crosses {square}, attacked by {attackers}"},
    {.value = CastlingReason::into_check,
     .name = "into_check",
     .because = "its king landed in check",
     .evidence = "{square}, where the king lands, is attacked by {attackers}",
     .position = "the {colour} king would land on {square}, attacked by {attackers}"},
}};

}  // namespace

const base::NameTable<CastlingReason, CastlingReasonWords>& castling_reason_names() { return rows; }

const CastlingReasonWords& castling_words(CastlingReason r) { return rows[r]; }

std::string fill_words(std::string_view text, std::initializer_list<WordSlot> slots) {
  std::string out;
  out.reserve(text.size() + 32);
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t open = text.find('{', at);
    const std::size_t close = open == text.npos ? text.npos : text.find('}', open);
    if (close == text.npos) break;
    out.append(text.substr(at, open - at));
    const std::string_view name = text.substr(open + 1, close - open - 1);
    const WordSlot* slot = nullptr;
    for (const WordSlot& s : slots)
      if (s.name == name) slot = &s;
    out.append(slot ? slot->value : text.substr(open, close + 1 - open));
    at = close + 1;
  }
  out.append(text.substr(at));
  return out;
}

}  // namespace rochade::chess
