#include "report/explain/explain.hpp"

#include <fmt/core.h>

#include "analysis/describe.hpp"
#include "chess/castling_words.hpp"
#include "chess/fen.hpp"
#include "report/common/json.hpp"

namespace rochade::report {
namespace {

using analysis::color_name;
using analysis::square_name;
using chess::Bitboard;
using chess::castling_words;
using chess::CastlingReason;
using chess::CastlingReasonWords;
using chess::CastlingSide;
using chess::Color;
using chess::fill_words;
using chess::no_square;
using chess::Square;

std::string_view side_name(CastlingSide s) {
  return s == CastlingSide::king ? "kingside" : "queenside";
}

// One square of the diagram: a Unicode chess symbol, or the FEN letter with ascii.
std::string_view glyph(chess::Piece p, bool ascii) {
  static constexpr std::string_view unicode[2][7] = {
      {"\u00b7", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
      {"\u00b7", "\u265f", "\u265e", "\u265d", "\u265c", "\u265b", "\u265a"}};
  static constexpr std::string_view letters[2][7] = {{".", "P", "N", "B", "R", "Q", "K"},
                                                     {".", "p", "n", "b", "r", "q", "k"}};
  const auto c =
      p == chess::Piece::none ? 0 : static_cast<std::size_t>(chess::idx(chess::color_of(p)));
  const auto t = static_cast<std::size_t>(chess::idx(chess::type_of(p)));
  return ascii ? letters[c][t] : unicode[c][t];
}

void render_board(std::string& out, const chess::Position& pos, bool ascii) {
  out += "    a b c d e f g h\n";
  for (int rank = 7; rank >= 0; --rank) {
    out += fmt::format("  {} ", rank + 1);
    for (int file = 0; file < 8; ++file) {
      out += ' ';
      out += glyph(pos.piece_on(chess::make_square(file, rank)), ascii);
    }
    out += fmt::format("  {}\n", rank + 1);
  }
  out += "    a b c d e f g h\n";
}

void render_castling(std::string& out, const CastlingExplanation& c) {
  std::string who{color_name(c.color)};
  who[0] = static_cast<char>(who[0] - 'a' + 'A');
  out += fmt::format("{} {} ({}): ", who, side_name(c.side),
                     c.side == CastlingSide::king ? "O-O" : "O-O-O");
  if (c.legal()) {
    out += "legal\n";
  } else {
    out += "illegal:";
    for (auto name : c.reason_names()) out += fmt::format(" {}", name);
    out += '\n';
  }
  for (const auto& d : c.details) out += fmt::format("  - {}\n", d);
  if (!c.irrelevant.empty()) out += "  does not matter:\n";
  for (const auto& d : c.irrelevant) out += fmt::format("  - {}\n", d);
}

}  // namespace

std::vector<std::string_view> CastlingExplanation::reason_names() const {
  std::vector<std::string_view> out;
  reasons.for_each([&](CastlingReason r) { out.push_back(chess::castling_reason_name(r)); });
  return out;
}

namespace {

// A fact about where the king or the castling rook stands, and the reason it gives.
std::string whereabouts(CastlingReason reason, std::string_view text,
                        std::initializer_list<chess::WordSlot> slots) {
  return fill_words(text, slots).append(" (").append(castling_words(reason).name).append(")");
}

// The sentence for king_moved: where the king is instead of its square.
std::string king_words(const chess::CastlingDiagnosis& d) {
  const CastlingReasonWords& w = castling_words(CastlingReason::king_moved);
  const std::string_view who = color_name(d.color);
  if (d.king == no_square) return whereabouts(w.value, w.position_none, {{"colour", who}});
  const std::string square = square_name(d.king);
  if (d.king_home == no_square || chess::rank_of(d.king) != chess::rank_of(d.king_home))
    return whereabouts(w.value, w.position_off_rank, {{"colour", who}, {"square", square}});
  return whereabouts(
      w.value, w.position,
      {{"colour", who}, {"square", square}, {"king_home", square_name(d.king_home)}});
}

// Where the castling rook starts: its square, or in Chess960 without a right that tells its file,
// the side of the king ("the queenside of its king").
std::string rook_home_words(const chess::CastlingDiagnosis& d) {
  if (d.rook_home_known) return square_name(d.rook_home);
  return fmt::format("the {} of its king", side_name(d.side));
}

// The sentence for the castling rook away from its square, or empty if it is home.
std::string rook_words(const chess::Position& pos, const chess::CastlingDiagnosis& d) {
  if (d.rook == d.rook_home) return {};
  const CastlingReasonWords& not_home = castling_words(CastlingReason::rook_not_home);
  const CastlingReasonWords& moved = castling_words(CastlingReason::rook_moved);
  const std::string_view who = color_name(d.color);
  const std::string home = rook_home_words(d);
  const std::string square = d.rook != no_square ? square_name(d.rook) : std::string();
  if (d.has_right && d.rook != no_square)
    return whereabouts(not_home.value, not_home.position_right,
                       {{"rook_home", home}, {"colour", who}, {"square", square}});
  if (d.has_right)
    return whereabouts(not_home.value, not_home.position_none,
                       {{"rook_home", home}, {"colour", who}});
  if (d.rook != no_square)
    return whereabouts(not_home.value, not_home.position,
                       {{"colour", who}, {"square", square}, {"rook_home", home}});
  if (d.rooks_off_rank)
    return whereabouts(moved.value, moved.position,
                       {{"colour", who},
                        {"rook_home", home},
                        {"rooks", analysis::pieces_on(pos, d.rooks_off_rank)},
                        {"is", chess::more_than_one(d.rooks_off_rank) ? "are" : "is"}});
  // No reason: the position does not tell whether the rook moved or was captured.
  return fill_words(moved.position_none, {{"colour", who}, {"rook_home", home}});
}

void board_words(const chess::Position& pos, const chess::CastlingDiagnosis& d,
                 CastlingExplanation& e) {
  const std::string_view us = color_name(d.color);
  const CastlingReasonWords& blocked = castling_words(CastlingReason::blocked);
  for (Bitboard b = d.blockers; b;) {
    const Square s = chess::pop_lsb(b);
    e.details.push_back(fill_words(
        blocked.position, {{"square", square_name(s)}, {"piece", analysis::piece_name(pos, s)}}));
  }
  if (d.checkers)
    e.details.push_back(fill_words(castling_words(CastlingReason::in_check).position,
                                   {{"king", analysis::piece_on(pos, d.king)},
                                    {"attackers", analysis::pieces_on(pos, d.checkers)}}));
  for (int i = 0; i < d.crossed_count; ++i)
    e.details.push_back(
        fill_words(castling_words(CastlingReason::through_check).position,
                   {{"colour", us},
                    {"square", square_name(d.crossed[i].square)},
                    {"attackers", analysis::pieces_on(pos, d.crossed[i].attackers)}}));
  if (d.target.attackers)
    e.details.push_back(fill_words(castling_words(CastlingReason::into_check).position,
                                   {{"colour", us},
                                    {"square", square_name(d.target.square)},
                                    {"attackers", analysis::pieces_on(pos, d.target.attackers)}}));
}

// What does not matter (FIDE art. 3.8.2 names only the king's squares).
void irrelevant_words(const chess::Position& pos, const chess::CastlingDiagnosis& d,
                      CastlingExplanation& e) {
  if (d.rook_attackers)
    e.irrelevant.push_back(fmt::format("the rook on {} is attacked by {}: allowed",
                                       square_name(d.rook),
                                       analysis::pieces_on(pos, d.rook_attackers)));
  for (int i = 0; i < d.rook_only_count; ++i) {
    const std::string sq = square_name(d.rook_only[i].square);
    e.irrelevant.push_back(fmt::format("{} is attacked by {}: allowed, the king does not cross {}",
                                       sq, analysis::pieces_on(pos, d.rook_only[i].attackers), sq));
  }
  if (d.earlier_check)
    e.irrelevant.push_back(
        fmt::format("the {} king was in check earlier: allowed", color_name(d.color)));
  if (d.not_to_move)
    e.irrelevant.push_back(
        fmt::format("it is not {}'s turn to move: judged as if it were", color_name(d.color)));
}

}  // namespace

CastlingExplanation explain_castling(const chess::Position& pos, Color c, CastlingSide side,
                                     bool dropped) {
  return explain_castling(pos, chess::diagnose_castling_by_files(pos, c, side), dropped);
}

CastlingExplanation explain_castling(const chess::Position& pos, const chess::CastlingDiagnosis& d,
                                     bool dropped) {
  CastlingExplanation e;
  e.color = d.color;
  e.side = d.side;
  e.reasons = d.reasons;
  // King and rook, then the right (the facts joined to it when it is missing).
  std::vector<std::string> facts;
  if (d.reasons.has(CastlingReason::king_moved)) facts.push_back(king_words(d));
  if (std::string r = rook_words(pos, d); !r.empty()) facts.push_back(std::move(r));
  const CastlingReasonWords& no_right = castling_words(CastlingReason::no_right_in_fen);
  const std::string_view who = color_name(d.color);
  if (!d.has_right && dropped) {
    std::string s = fill_words(
        no_right.position_dropped,
        {{"colour", who},
         {"side", side_name(d.side)},
         {"king_home", square_name(chess::make_square(4, d.color == Color::white ? 0 : 7))},
         {"rook_home", square_name(d.rook_home)}});
    for (const auto& f : facts) s.append("; ").append(f);
    e.details.push_back(std::move(s));
  } else if (!d.has_right) {
    std::string s = fill_words(no_right.position, {{"colour", who}, {"side", side_name(d.side)}});
    if (facts.empty())
      s += fill_words(
          d.rook_home_known ? no_right.position_both_home : no_right.position_both_unknown,
          {{"king_home", square_name(d.king)}, {"rook_home", square_name(d.rook_home)}});
    for (const auto& f : facts) s.append("; ").append(f);
    e.details.push_back(std::move(s));
  } else {
    for (auto& f : facts) e.details.push_back(std::move(f));
  }
  if (d.board_judged) board_words(pos, d, e);
  irrelevant_words(pos, d, e);
  return e;
}

Explanation explain_position(const chess::Position& pos, std::vector<std::string> notes,
                             Bitboard dropped) {
  Explanation e;
  e.position = pos;
  e.fen = chess::to_fen(pos);
  e.warnings = std::move(notes);
  for (auto& p : chess::position_problems(pos)) e.warnings.push_back(std::move(p.message));
  for (Color c : {Color::white, Color::black})
    for (CastlingSide s : {CastlingSide::king, CastlingSide::queen}) {
      // A dropped right is on that side of the e-file (standard chess drops, Chess960 does not).
      Bitboard side = 0;
      for (int f = 0; f < 8; ++f)
        if (s == CastlingSide::king ? f > 4 : f < 4) side |= chess::file_bb(f);
      const bool gone = (dropped & side & chess::rank_bb(chess::back_rank(c))) != 0;
      e.castlings[static_cast<std::size_t>(chess::idx(c))][static_cast<std::size_t>(s)] =
          explain_castling(pos, c, s, gone);
    }
  return e;
}

std::string render_explain_text(const Explanation& e, bool ascii) {
  std::string out;
  render_board(out, e.position, ascii);
  out += fmt::format("\nFEN:      {}\nto move:  {}\nChess960: {}\n", e.fen,
                     color_name(e.position.side_to_move()), e.position.chess960() ? "yes" : "no");
  for (const auto& w : e.warnings) out += fmt::format("warning:  {} (explained all the same)\n", w);
  for (const auto& per_color : e.castlings) {
    out += '\n';
    for (const auto& c : per_color) render_castling(out, c);
  }
  return out;
}

std::string render_explain_json(const Explanation& e) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().field("fen", e.fen).field("chess960", e.position.chess960());
  w.key("warnings").begin_array();
  for (const auto& s : e.warnings) w.value(s);
  w.end_array();
  for (const auto& per_color : e.castlings) {
    w.key(color_name(per_color[0].color)).begin_object();
    for (const auto& c : per_color) {
      w.key(side_name(c.side)).begin_object().field("legal", c.legal());
      w.key("reasons").begin_array();
      for (auto name : c.reason_names()) w.value(name);
      w.end_array().key("details").begin_array();
      for (const auto& s : c.details) w.value(s);
      w.end_array().key("irrelevant").begin_array();
      for (const auto& s : c.irrelevant) w.value(s);
      w.end_array().end_object();
    }
    w.end_object();
  }
  w.end_object();
  out += '\n';
  return out;
}

}  // namespace rochade::report
