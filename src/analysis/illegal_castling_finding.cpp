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

// What the moves so far show about the king and the rook of that side (chess::CastlingGame).
void history_facts(const Position& before, const CastlingHistory& history,
                   const CastlingHomes& homes, Color c, CastlingSide side, CastlingGame& g) {
  const Square rook_home = homes.rook[idx(c)][static_cast<int>(side)];
  g.king_moved = history.castled(c).ply > 0 || history.king_moves(c).total > 0;
  const auto& rooks = history.rook_moves(c);
  for (int i = 0; i < rooks.kept; ++i) g.rook_moved |= rooks.items[i].origin == rook_home;
  g.rook_moved |= before.piece_on(rook_home) == make_piece(c, PieceType::rook) &&
                  history.origin(rook_home) != rook_home;
  const auto& captures = history.rook_captures(c);
  for (int i = 0; i < captures.kept; ++i)  // taken elsewhere: it had moved
    g.rook_captured |= captures.items[i].origin == rook_home && captures.items[i].to == rook_home;
}

// The evidence of the history's reasons the diagnosis gave, and no_right_in_fen's.
void right_evidence(Builder& b, const CastlingHistory& history, const CastlingHomes& homes, Color c,
                    CastlingSide side, const CastlingReasons& reasons) {
  const std::string who(color_name(c));
  const Square rook_home = homes.rook[idx(c)][static_cast<int>(side)];
  const std::string rh = square_name(rook_home);
  if (reasons.has(CastlingReason::king_moved)) king_reason(b, history, homes, c);

  std::size_t first = b.f.evidence.size();
  if (reasons.has(CastlingReason::rook_moved)) {
    const auto& rooks = history.rook_moves(c);
    for (int i = 0; i < rooks.kept; ++i) {
      const PieceMove& m = rooks.items[i];
      if (m.origin != rook_home) continue;
      if (m.from == rook_home)
        b.evidence(m.ply, "the rook from " + rh + " left " + rh);
      else if (m.to == rook_home)
        b.evidence(m.ply, "the rook from " + rh + " came back to " + rh);
      else
        b.evidence(m.ply, "the rook from " + rh + " moved from " + square_name(m.from) + " to " +
                              square_name(m.to));
    }
    const Square now_origin = history.origin(rook_home);
    if (b.before.piece_on(rook_home) == make_piece(c, PieceType::rook) && now_origin != rook_home)
      b.evidence(0, now_origin < 64 ? "the rook on " + rh + " is the one that started on " +
                                          square_name(now_origin)
                                    : "the rook on " + rh + " is a promoted rook");
    b.phrases.push_back("the " + rh + " rook had moved" + b.plies_since(first));
  }

  first = b.f.evidence.size();
  if (reasons.has(CastlingReason::rook_captured)) {
    const auto& captures = history.rook_captures(c);
    for (int i = 0; i < captures.kept; ++i) {
      const PieceMove& m = captures.items[i];
      if (m.origin != rook_home || m.to != rook_home) continue;
      b.evidence(m.ply,
                 "the " + who + " rook from " + rh + " was captured on " + square_name(m.to));
    }
    b.phrases.push_back("its " + rh + " rook had been captured" + b.plies_since(first));
  }

  if (reasons.has(CastlingReason::no_right_in_fen) && homes.dropped(c, side)) {
    const std::string kh = square_name(homes.king[idx(c)]);
    b.evidence(0, "the starting FEN gives " + who + " a " +
                      (side == CastlingSide::king ? "kingside" : "queenside") +
                      " castling right, dropped: standard chess castles only with the king on " +
                      kh + " and the rook on " + rh);
    b.phrases.push_back("the starting FEN's right was dropped (standard chess needs the king on " +
                        kh + " and the rook on " + rh + ")");
  } else if (reasons.has(CastlingReason::no_right_in_fen)) {
    b.evidence(0, "the starting position gives " + who + " no " + (side == CastlingSide::king
                                                                      ? "kingside"
                                                                      : "queenside") +
                      " castling right");
    b.phrases.push_back(homes.from_fen ? "the starting FEN gives no such right"
                                       : "it had no such right");
  }
}

void board_evidence(Builder& b, const CastlingDiagnosis& d) {
  if (d.blockers) {
    for (Bitboard bl = d.blockers; bl;) {
      const Square s = pop_lsb(bl);
      b.evidence(0, square_name(s) + " is occupied by " + piece_on(b.before, s));
    }
    b.phrases.push_back("the way was blocked (" + pieces_on(b.before, d.blockers) + ")");
  }
  if (d.checkers) {
    b.evidence(0,
               piece_on(b.before, d.king) + " is attacked by " + pieces_on(b.before, d.checkers));
    b.phrases.push_back("its king was in check");
  }
  if (d.crossed_count) {
    for (int i = 0; i < d.crossed_count; ++i)
      b.evidence(0, square_name(d.crossed[i].square) + ", which the king crosses, is attacked by " +
                        pieces_on(b.before, d.crossed[i].attackers));
    b.phrases.push_back("its king crossed an attacked square");
  }
  if (d.target.attackers) {
    b.evidence(0, square_name(d.target.square) + ", where the king lands, is attacked by " +
                      pieces_on(b.before, d.target.attackers));
    b.phrases.push_back("its king landed in check");
  }
}

// What does not matter: the king had been in check before (FIDE art. 3.8.2 forbids castling
// only while in check, not after one). Evidence, but no reason and no phrase of the message.
void earlier_check_evidence(Builder& b, const CastlingHistory& history, Color c) {
  const int ply = history.first_check(c);
  const std::string when = ply > 0 ? "after this move" : "in the starting position";
  b.evidence(ply, "the " + std::string(color_name(c)) + " king was in check " + when +
                      ": does not matter, only a check when castling does");
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
      CastlingGame g;
      g.king_home = homes.king[idx(c)];
      g.rook_home = homes.rook[idx(c)][static_cast<int>(side)];
      g.king_from = r.piece_from;
      g.rook_from = r.rook_from;
      history_facts(before, history, homes, c, side, g);
      g.earlier_check = history.checked_before(c, ply - 1);
      const CastlingDiagnosis d = diagnose_castling(before, c, side, g);
      right_evidence(b, history, homes, c, side, d.reasons);
      if (d.reasons.has(CastlingReason::rook_not_home)) {
        b.evidence(0, "the rook castled from " + square_name(r.rook_from) + ", not from " +
                          square_name(g.rook_home));
        b.phrases.push_back("the rook stood on " + square_name(r.rook_from) + ", not on " +
                            square_name(g.rook_home));
      }
      board_evidence(b, d);
      if (d.earlier_check) earlier_check_evidence(b, history, c);
      f.castling_reasons = d.reasons;
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
