#include "report/explain.hpp"

#include <fmt/core.h>

#include "chess/fen.hpp"
#include "report/json.hpp"

namespace rochade::report {
namespace {

using chess::Bitboard;
using chess::CastlingReason;
using chess::CastlingSide;
using chess::Color;
using chess::no_square;
using chess::PieceType;
using chess::Square;

std::string_view color_name(Color c) { return c == Color::white ? "white" : "black"; }
std::string_view side_name(CastlingSide s) {
  return s == CastlingSide::king ? "kingside" : "queenside";
}

std::string square_name(Square s) {
  return {static_cast<char>('a' + chess::file_of(s)), static_cast<char>('1' + chess::rank_of(s))};
}

std::string_view piece_type_name(PieceType t) {
  switch (t) {
    case PieceType::pawn:
      return "pawn";
    case PieceType::knight:
      return "knight";
    case PieceType::bishop:
      return "bishop";
    case PieceType::rook:
      return "rook";
    case PieceType::queen:
      return "queen";
    case PieceType::king:
      return "king";
    case PieceType::none:
      break;
  }
  return "piece";
}

// "the white queen"
std::string piece_phrase(const chess::Position& pos, Square s) {
  const chess::Piece p = pos.piece_on(s);
  return fmt::format("the {} {}", color_name(chess::color_of(p)),
                     piece_type_name(chess::type_of(p)));
}

// "the white queen on b5"
std::string describe(const chess::Position& pos, Square s) {
  return piece_phrase(pos, s) + " on " + square_name(s);
}

// "the white queen on b5 and the white knight on d6"
std::string describe_all(const chess::Position& pos, Bitboard pieces) {
  std::string out;
  while (pieces) {
    const Square s = chess::pop_lsb(pieces);
    if (!out.empty()) out += pieces ? ", " : " and ";
    out += describe(pos, s);
  }
  return out;
}

// The squares of colour c's back rank on one side of file `king_file`.
Bitboard side_of(int king_file, CastlingSide side, Color c) {
  Bitboard b = 0;
  for (int f = 0; f < 8; ++f)
    if (side == CastlingSide::king ? f > king_file : f < king_file) b |= chess::file_bb(f);
  return b & chess::rank_bb(chess::back_rank(c));
}

// Where the king is not on its square: the sentence, or empty if it is. In standard chess the
// king's square is the e-file of its first rank; in Chess960 (home file unknown) any square of
// its first rank.
std::string king_fact(const chess::Position& pos, Color c) {
  const Square k = pos.king_square(c);
  if (k == no_square) return fmt::format("there is no {} king (king_moved)", color_name(c));
  const int rank = chess::back_rank(c);
  if (chess::rank_of(k) != rank)
    return fmt::format("the {} king is on {}, not on its first rank (king_moved)", color_name(c),
                       square_name(k));
  if (!pos.chess960() && chess::file_of(k) != 4)
    return fmt::format("the {} king is on {}, not on {} (king_moved)", color_name(c),
                       square_name(k), square_name(chess::make_square(4, rank)));
  return {};
}

// Where the castling rook is not on its square. With a right, the right names the square and a
// missing rook is rook_not_home. Without one, the square is the corner (standard chess) or the
// outermost rook on that side (Chess960, see check_castling), and:
//  - another own rook on that side of the back rank: rook_not_home (it would castle from
//    elsewhere than its home square, like Seirawan's rook on b1);
//  - no rook there but an own rook off the back rank: rook_moved (it may be that rook);
//  - no own rook off the back rank at all: nothing more can be said (moved or captured: the
//    position does not tell), and no_right_in_fen stands alone (as in cli.md's example).
// Returns the square of a rook reported as rook_not_home on the castling's own side (it is the
// rook that would castle, so it does not also count as blocking), else no_square.
Square rook_fact(const chess::Position& pos, const chess::CastlingCheck& ch, CastlingExplanation& e,
                 std::vector<std::string>& facts) {
  if (ch.rook_present) return no_square;
  const Color c = ch.color;
  const std::string home = square_name(ch.rook);
  if (ch.has_right) {
    e.reasons.add(CastlingReason::rook_not_home);
    facts.push_back(
        fmt::format("the right is for a rook on {}, but no {} rook stands there "
                    "(rook_not_home)",
                    home, color_name(c)));
    return no_square;
  }
  const Bitboard rooks = pos.pieces(c, PieceType::rook);
  const int king_file = ch.king != no_square ? chess::file_of(ch.king) : 4;
  const Bitboard same_side = rooks & side_of(king_file, ch.side, c);
  const Bitboard elsewhere = rooks & ~chess::rank_bb(chess::back_rank(c));
  if (same_side) {
    e.reasons.add(CastlingReason::rook_not_home);
    const Square r = ch.side == CastlingSide::king ? chess::msb(same_side) : chess::lsb(same_side);
    facts.push_back(fmt::format("the {} rook is on {}, not on {} (rook_not_home)", color_name(c),
                                square_name(r), home));
    return r;
  }
  if (elsewhere) {
    e.reasons.add(CastlingReason::rook_moved);
    facts.push_back(fmt::format("there is no {} rook on {}; {} {} off the first rank (rook_moved)",
                                color_name(c), home, describe_all(pos, elsewhere),
                                chess::more_than_one(elsewhere) ? "are" : "is"));
  } else {
    facts.push_back(
        fmt::format("there is no {} rook on {} (moved or captured: the position "
                    "does not tell)",
                    color_name(c), home));
  }
  return no_square;
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

CastlingExplanation explain_castling(const chess::Position& pos, Color c, CastlingSide side) {
  const chess::CastlingCheck ch = chess::check_castling(pos, c, side);
  CastlingExplanation e;
  e.color = c;
  e.side = side;

  // Rights, king and rook: reasons in the order of audit-jsonl.md (the enum's order).
  std::vector<std::string> facts;
  const std::string king = king_fact(pos, c);
  if (!king.empty()) {
    e.reasons.add(CastlingReason::king_moved);
    facts.push_back(king);
  }
  const Square displaced_rook = rook_fact(pos, ch, e, facts);
  if (!ch.has_right) {
    e.reasons.add(CastlingReason::no_right_in_fen);
    std::string d = fmt::format("no right in the FEN: the castling field gives {} no {} castling",
                                color_name(c), side_name(side));
    if (facts.empty())
      d += fmt::format(
          ", although the king and the rook stand on {} and {} (they may have "
          "moved and come back)",
          square_name(ch.king), square_name(ch.rook));
    for (const auto& f : facts) d += "; " + f;
    e.details.push_back(std::move(d));
  } else {
    for (auto& f : facts) e.details.push_back(std::move(f));
  }
  if (!king.empty()) return e;  // castling from elsewhere is not defined: nothing more to say

  // The position itself (FIDE art. 3.8.2): empty squares, check, attacked squares.
  const std::string_view us = color_name(c);
  const Bitboard blockers =
      ch.blockers & ~(displaced_rook != no_square ? chess::bb(displaced_rook) : Bitboard{0});
  for (Bitboard b = blockers; b;) {
    const Square s = chess::pop_lsb(b);
    e.reasons.add(CastlingReason::blocked);
    e.details.push_back(fmt::format("{} is occupied by {}", square_name(s), piece_phrase(pos, s)));
  }
  if (ch.checkers) {
    e.reasons.add(CastlingReason::in_check);
    e.details.push_back(fmt::format("the {} king on {} is attacked by {}", us, square_name(ch.king),
                                    describe_all(pos, ch.checkers)));
  }
  for (int i = 0; i < ch.crossed_count; ++i) {
    e.reasons.add(CastlingReason::through_check);
    e.details.push_back(fmt::format("the {} king crosses {}, attacked by {}", us,
                                    square_name(ch.crossed[i].square),
                                    describe_all(pos, ch.crossed[i].attackers)));
  }
  if (ch.target.attackers) {
    e.reasons.add(CastlingReason::into_check);
    e.details.push_back(fmt::format("the {} king would land on {}, attacked by {}", us,
                                    square_name(ch.target.square),
                                    describe_all(pos, ch.target.attackers)));
  }

  // What does not matter (FIDE art. 3.8.2 names only the king's squares).
  if (ch.rook_attackers)
    e.irrelevant.push_back(fmt::format("the rook on {} is attacked by {}: allowed",
                                       square_name(ch.rook), describe_all(pos, ch.rook_attackers)));
  for (int i = 0; i < ch.rook_only_count; ++i) {
    const std::string sq = square_name(ch.rook_only[i].square);
    e.irrelevant.push_back(fmt::format("{} is attacked by {}: allowed, the king does not cross {}",
                                       sq, describe_all(pos, ch.rook_only[i].attackers), sq));
  }
  if (e.legal() && pos.side_to_move() != c)
    e.irrelevant.push_back(
        fmt::format("it is not {}'s turn to move: judged as if it were", color_name(c)));
  return e;
}

Explanation explain_position(const chess::Position& pos) {
  Explanation e;
  e.position = pos;
  e.fen = chess::to_fen(pos);
  for (auto& p : chess::position_problems(pos)) e.warnings.push_back(std::move(p.message));
  for (Color c : {Color::white, Color::black})
    for (CastlingSide s : {CastlingSide::king, CastlingSide::queen})
      e.castlings[static_cast<std::size_t>(chess::idx(c))][static_cast<std::size_t>(s)] =
          explain_castling(pos, c, s);
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
