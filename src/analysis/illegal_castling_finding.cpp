// The finding for an illegal castling: reasons (all that apply, in the order of the spec), the
// evidence for each, and one sentence that says it all.
#include "analysis/illegal_castling.hpp"
#include "chess/castling.hpp"
#include "chess/fen.hpp"

namespace rochade::analysis {

using namespace chess;

namespace {

struct Builder {
  const Position& before;
  const MoveNamer& namer;
  Finding& f;
  std::vector<std::string> phrases;

  void evidence(int ply, std::string what) {
    f.evidence.push_back({ply, ply > 0 ? namer(ply) : std::string(), std::move(what), {}});
  }
  // "(4. Ke2, 5. Ke1)" for the evidence added since `first`.
  std::string plies_since(std::size_t first) const {
    std::string s;
    for (std::size_t i = first; i < f.evidence.size(); ++i) {
      if (f.evidence[i].ply == 0) continue;
      s += s.empty() ? " (" : ", ";
      s += f.evidence[i].san;
    }
    return s.empty() ? s : s + ")";
  }
};

// king_moved with its evidence, if the king had moved (or castled) before.
void king_reason(Builder& b, const CastlingHistory& history, const CastlingHomes& homes, Color c) {
  const std::string who(color_name(c));
  const Square king_home = homes.king[idx(c)];
  const std::string kh = square_name(king_home);
  const std::size_t first = b.f.evidence.size();
  const PieceMove& castled = history.castled(c);
  const auto& kings = history.king_moves(c);
  if (castled.ply > 0 || kings.total > 0) {
    b.f.castling_reasons.add(CastlingReason::king_moved);
    if (castled.ply > 0) b.evidence(castled.ply, who + " had castled already");
    for (int i = 0; i < kings.kept; ++i) {
      const PieceMove& m = kings.items[i];
      if (m.from == king_home) b.evidence(m.ply, "the " + who + " king left " + kh);
      else if (m.to == king_home) b.evidence(m.ply, "the " + who + " king came back to " + kh);
      else b.evidence(m.ply, "the " + who + " king moved from " + square_name(m.from) + " to " +
                                 square_name(m.to));
    }
    b.phrases.push_back("its king had moved" + b.plies_since(first));
  }
}

void right_reasons(Builder& b, const CastlingHistory& history, const CastlingHomes& homes,
                   Color c, CastlingSide side) {
  const std::string who(color_name(c));
  const Square rook_home = homes.rook[idx(c)][static_cast<int>(side)];
  const std::string rh = square_name(rook_home);
  king_reason(b, history, homes, c);

  std::size_t first = b.f.evidence.size();
  bool rook_moved = false;
  const auto& rooks = history.rook_moves(c);
  for (int i = 0; i < rooks.kept; ++i) {
    const PieceMove& m = rooks.items[i];
    if (m.origin != rook_home) continue;
    rook_moved = true;
    if (m.from == rook_home) b.evidence(m.ply, "the rook from " + rh + " left " + rh);
    else if (m.to == rook_home) b.evidence(m.ply, "the rook from " + rh + " came back to " + rh);
    else b.evidence(m.ply, "the rook from " + rh + " moved from " + square_name(m.from) + " to " +
                               square_name(m.to));
  }
  const Square now_origin = history.origin(rook_home);
  if (b.before.piece_on(rook_home) == make_piece(c, PieceType::rook) && now_origin != rook_home) {
    rook_moved = true;
    b.evidence(0, now_origin < 64 ? "the rook on " + rh + " is the one that started on " +
                                        square_name(now_origin)
                                  : "the rook on " + rh + " is a promoted rook");
  }
  if (rook_moved) {
    b.f.castling_reasons.add(CastlingReason::rook_moved);
    b.phrases.push_back("the " + rh + " rook had moved" + b.plies_since(first));
  }

  first = b.f.evidence.size();
  const auto& captures = history.rook_captures(c);
  for (int i = 0; i < captures.kept; ++i) {
    const PieceMove& m = captures.items[i];
    if (m.origin != rook_home || m.to != rook_home) continue;  // taken elsewhere: it had moved
    b.f.castling_reasons.add(CastlingReason::rook_captured);
    b.evidence(m.ply, "the " + who + " rook from " + rh + " was captured on " + square_name(m.to));
  }
  if (b.f.castling_reasons.has(CastlingReason::rook_captured))
    b.phrases.push_back("its " + rh + " rook had been captured" + b.plies_since(first));

  if (b.f.castling_reasons.empty()) {
    b.f.castling_reasons.add(CastlingReason::no_right_in_fen);
    b.evidence(0, "the starting position gives " + who + " no " + (side == CastlingSide::king
                                                                      ? "kingside"
                                                                      : "queenside") +
                      " castling right");
    b.phrases.push_back(homes.from_fen ? "the starting FEN gives no such right"
                                       : "it had no such right");
  }
}

void board_reasons(Builder& b, const CastlingReading& r, Color c, CastlingSide side) {
  const CastlingCheck ch = check_castling(b.before, c, side, r.piece_from, r.rook_from);
  if (ch.blockers) {
    b.f.castling_reasons.add(CastlingReason::blocked);
    Bitboard bl = ch.blockers;
    while (bl) {
      const Square s = pop_lsb(bl);
      b.evidence(0, square_name(s) + " is occupied by " + piece_on(b.before, s));
    }
    b.phrases.push_back("the way was blocked (" + pieces_on(b.before, ch.blockers) + ")");
  }
  if (ch.checkers) {
    b.f.castling_reasons.add(CastlingReason::in_check);
    b.evidence(0, piece_on(b.before, r.piece_from) + " is attacked by " +
                      pieces_on(b.before, ch.checkers));
    b.phrases.push_back("its king was in check");
  }
  if (ch.crossed_count) {
    b.f.castling_reasons.add(CastlingReason::through_check);
    for (int i = 0; i < ch.crossed_count; ++i)
      b.evidence(0, square_name(ch.crossed[i].square) + ", which the king crosses, is attacked by " +
                        pieces_on(b.before, ch.crossed[i].attackers));
    b.phrases.push_back("its king crossed an attacked square");
  }
  if (ch.target.attackers) {
    b.f.castling_reasons.add(CastlingReason::into_check);
    b.evidence(0, square_name(ch.target.square) + ", where the king lands, is attacked by " +
                      pieces_on(b.before, ch.target.attackers));
    b.phrases.push_back("its king landed in check");
  }
}

}  // namespace

Finding describe_illegal_castling(const Position& before, const CastlingHistory& history,
                                  const CastlingHomes& homes, const CastlingReading& r,
                                  CastlingSide side, int ply, const MoveNamer& namer) {
  Finding f;
  f.kind = FindingKind::illegal_castling;
  f.ply = ply;
  f.move_number = namer.move_number(ply);
  f.side = before.side_to_move();
  f.san = std::string(namer.record.san(static_cast<std::size_t>(ply - 1)));
  f.line = namer.record.move_line(static_cast<std::size_t>(ply - 1));
  f.fen_before = to_fen(before);
  f.played_as = played_as(before, r);
  const Color c = f.side;
  Builder b{before, namer, f, {}};
  const std::string who(color_name(c));
  switch (r.kind) {
    case CastlingReading::Kind::corner:
    case CastlingReading::Kind::rook_not_home: {
      const Square rook_home = homes.rook[idx(c)][static_cast<int>(side)];
      if (before.castling_rook(c, side) != rook_home) right_reasons(b, history, homes, c, side);
      if (r.kind == CastlingReading::Kind::rook_not_home) {
        f.castling_reasons.add(CastlingReason::rook_not_home);
        b.evidence(0, "the rook castled from " + square_name(r.rook_from) + ", not from " +
                          square_name(rook_home));
        b.phrases.push_back("the rook stood on " + square_name(r.rook_from) + ", not on " +
                            square_name(rook_home));
      }
      board_reasons(b, r, c, side);
      break;
    }
    case CastlingReading::Kind::queen:
      f.castling_reasons.add(CastlingReason::queen_castling);
      b.evidence(0, "the " + who + " king is not on " + square_name(homes.king[idx(c)]) +
                        "; the queen on " + square_name(r.piece_from) + " moved with the rook on " +
                        square_name(r.rook_from));
      b.phrases.push_back("it castled with its queen, not its king");
      break;
    case CastlingReading::Kind::vertical:
      king_reason(b, history, homes, c);
      f.castling_reasons.add(CastlingReason::vertical_castling);
      b.evidence(0, "the rook on " + square_name(r.rook_from) + " stands on the " + who +
                        " king's file");
      b.phrases.push_back("it castled vertically with the rook on " + square_name(r.rook_from));
      break;
  }
  if (f.castling_reasons.empty()) {  // cannot happen for a castling the rules refuse; be safe
    f.castling_reasons.add(CastlingReason::no_right_in_fen);
    b.phrases.push_back("it had no such right");
  }
  f.castling_reasons.for_each(
      [&](CastlingReason reason) { f.reasons.emplace_back(castling_reason_name(reason)); });
  std::string msg = std::to_string(f.move_number) + (c == Color::white ? ". " : "... ") + f.san +
                    ": " + who + " castled " + (side == CastlingSide::king ? "kingside" : "queenside") +
                    " although ";
  for (std::size_t i = 0; i < b.phrases.size(); ++i) {
    if (i) msg += i + 1 == b.phrases.size() ? " and " : ", ";
    msg += b.phrases[i];
  }
  f.message = std::move(msg);
  return f;
}

}  // namespace rochade::analysis
