// The words of the castling reasons (chess/castling_words.hpp): every reason has its row, with a
// name and the forms that audit always needs, every text is well formed and uses only the slots
// its users fill, and fill_words puts the facts in.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "chess/castling_words.hpp"

using namespace rochade::chess;

namespace {

std::vector<std::string_view> texts(const CastlingReasonWords& w) {
  return {w.because,           w.because_from_fen,   w.because_dropped,
          w.evidence,          w.evidence_dropped,   w.evidence_castled,
          w.evidence_left,     w.evidence_came_back, w.evidence_moved,
          w.evidence_origin,   w.evidence_promoted,  w.position,
          w.position_off_rank, w.position_none,      w.position_right,
          w.position_dropped,  w.position_both_home, w.cannot};
}

// The slots of a text, or "unbalanced" when a brace has no partner.
std::vector<std::string> slots_of(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at < text.size(); ++at) {
    if (text[at] == '}') return {"unbalanced"};
    if (text[at] != '{') continue;
    const std::size_t close = text.find('}', at);
    if (close == text.npos || text.find('{', at + 1) < close) return {"unbalanced"};
    out.emplace_back(text.substr(at + 1, close - at - 1));
    at = close;
  }
  return out;
}

}  // namespace

TEST_CASE("every castling reason has its row of words", "[castling_words]") {
  std::set<std::string_view> names;
  for (int i = 0; i < castling_reason_count; ++i) {
    const auto r = static_cast<CastlingReason>(i);
    const CastlingReasonWords& w = castling_words(r);
    INFO(castling_reason_name(r));
    CHECK(w.value == r);
    CHECK(!w.name.empty());
    CHECK(castling_reason_name(r) == w.name);
    CHECK(names.insert(w.name).second);
    CHECK(!w.because.empty());
    // audit's evidence: one text, or the moves of the king or rook.
    CHECK((!w.evidence.empty() || (!w.evidence_left.empty() && !w.evidence_came_back.empty() &&
                                   !w.evidence_moved.empty())));
  }
  CHECK(names.size() == static_cast<std::size_t>(castling_reason_count));
}

TEST_CASE("castling words are well formed and use only the known slots", "[castling_words]") {
  const std::set<std::string> known = {
      "colour", "side",   "is",    "king_home", "rook_home", "rook_from", "from",  "to",
      "square", "origin", "piece", "king",      "attackers", "blockers",  "rooks", "moves"};
  for (int i = 0; i < castling_reason_count; ++i) {
    const CastlingReasonWords& w = castling_words(static_cast<CastlingReason>(i));
    for (std::string_view text : texts(w)) {
      if (text.empty()) continue;
      INFO(w.name << ": " << text);
      for (const std::string& slot : slots_of(text)) CHECK(known.count(slot) == 1);
      CHECK(text.find("  ") == text.npos);
      CHECK(text.back() != ' ');
      CHECK(text.back() != '.');  // each user puts the text inside its own sentence
      // ", although ..." continues explain's sentence; every other text starts one.
      if (text != w.position_both_home) CHECK(text.front() != ' ');
      if (text != w.position_both_home) CHECK(text.front() != ',');
    }
  }
}

TEST_CASE("the rows hold the cases their users choose between", "[castling_words]") {
  const auto& king = castling_words(CastlingReason::king_moved);
  CHECK(!king.evidence_castled.empty());
  CHECK(!king.position.empty());
  CHECK(!king.position_off_rank.empty());
  CHECK(!king.position_none.empty());
  CHECK(!king.cannot.empty());
  const auto& rook = castling_words(CastlingReason::rook_moved);
  CHECK(!rook.evidence_origin.empty());
  CHECK(!rook.evidence_promoted.empty());
  CHECK(!rook.position.empty());
  CHECK(!rook.position_none.empty());
  CHECK(!rook.cannot.empty());
  const auto& right = castling_words(CastlingReason::no_right_in_fen);
  CHECK(!right.because_from_fen.empty());
  CHECK(!right.because_dropped.empty());
  CHECK(!right.evidence_dropped.empty());
  CHECK(!right.position.empty());
  CHECK(!right.position_dropped.empty());
  CHECK(!right.position_both_home.empty());
  const auto& home = castling_words(CastlingReason::rook_not_home);
  CHECK(!home.position.empty());
  CHECK(!home.position_right.empty());
  CHECK(!home.position_none.empty());
  CHECK(!castling_words(CastlingReason::blocked).cannot.empty());
  for (CastlingReason r : {CastlingReason::blocked, CastlingReason::in_check,
                           CastlingReason::through_check, CastlingReason::into_check})
    CHECK(!castling_words(r).position.empty());
}

TEST_CASE("fill_words puts the facts in the slots", "[castling_words]") {
  CHECK(fill_words("plain", {}) == "plain");
  CHECK(fill_words("", {{"a", "x"}}) == "");
  CHECK(fill_words("{a}{b} and {a}", {{"a", "1"}, {"b", "22"}}) == "122 and 1");
  CHECK(fill_words("{a} {unknown}", {{"a", "1"}}) == "1 {unknown}");
  CHECK(fill_words("open { only", {{"only", "x"}}) == "open { only");
  CHECK(fill_words("{a}", {{"a", "{b}"}, {"b", "no"}}) == "{b}");  // values are not read again
  CHECK(fill_words(castling_words(CastlingReason::king_moved).position,
                   {{"colour", "white"}, {"square", "e2"}, {"king_home", "e1"}}) ==
        "the white king is on e2, not on e1");
  CHECK(fill_words(castling_words(CastlingReason::king_moved).because, {{"moves", ""}}) ==
        "its king had moved");
  CHECK(fill_words(castling_words(CastlingReason::rook_moved).because,
                   {{"rook_home", "h1"}, {"moves", " (4. Rg1, 5. Rh1)"}}) ==
        "the h1 rook had moved (4. Rg1, 5. Rh1)");
}
