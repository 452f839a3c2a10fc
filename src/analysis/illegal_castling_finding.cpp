// The finding for an illegal castling: reasons (all that apply, in the order of the spec), the
// evidence for each, and one sentence that says it all.
#include "analysis/illegal_castling.hpp"
#include "chess/castling.hpp"
#include "chess/castling_words.hpp"
#include "chess/fen.hpp"

namespace rochade::analysis {

using namespace chess;

namespace {

std::string_view side_name(CastlingSide s) {
  return s == CastlingSide::king ? "kingside" : "queenside";
}

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
  const std::string_view who = color_name(c);
  const Square king_home = homes.king[idx(c)];
  const std::string kh = square_name(king_home);
  const std::size_t first = b.f.evidence.size();
  const PieceMove& castled = history.castled(c);
  const auto& kings = history.king_moves(c);
  if (castled.ply > 0 || kings.total > 0) {
    const CastlingReasonWords& w = castling_words(CastlingReason::king_moved);
    b.f.castling_reasons.add(CastlingReason::king_moved);
    if (castled.ply > 0) b.evidence(castled.ply, fill_words(w.evidence_castled, {{"colour", who}}));
    for (int i = 0; i < kings.kept; ++i) {
      const PieceMove& m = kings.items[i];
      const std::string_view text = m.from == king_home ? w.evidence_left
                                    : m.to == king_home ? w.evidence_came_back
                                                        : w.evidence_moved;
      b.evidence(m.ply, fill_words(text, {{"colour", who},
                                          {"king_home", kh},
                                          {"from", square_name(m.from)},
                                          {"to", square_name(m.to)}}));
    }
    b.phrases.push_back(fill_words(w.because, {{"moves", b.plies_since(first)}}));
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
  const std::string_view who = color_name(c);
  const Square rook_home = homes.rook[idx(c)][static_cast<int>(side)];
  const std::string rh = square_name(rook_home);
  if (reasons.has(CastlingReason::king_moved)) king_reason(b, history, homes, c);

  std::size_t first = b.f.evidence.size();
  if (reasons.has(CastlingReason::rook_moved)) {
    const CastlingReasonWords& w = castling_words(CastlingReason::rook_moved);
    const auto& rooks = history.rook_moves(c);
    for (int i = 0; i < rooks.kept; ++i) {
      const PieceMove& m = rooks.items[i];
      if (m.origin != rook_home) continue;
      const std::string_view text = m.from == rook_home ? w.evidence_left
                                    : m.to == rook_home ? w.evidence_came_back
                                                        : w.evidence_moved;
      b.evidence(m.ply, fill_words(text, {{"rook_home", rh},
                                          {"from", square_name(m.from)},
                                          {"to", square_name(m.to)}}));
    }
    const Square now_origin = history.origin(rook_home);
    if (b.before.piece_on(rook_home) == make_piece(c, PieceType::rook) && now_origin != rook_home)
      b.evidence(0, now_origin < 64
                        ? fill_words(w.evidence_origin,
                                     {{"rook_home", rh}, {"origin", square_name(now_origin)}})
                        : fill_words(w.evidence_promoted, {{"rook_home", rh}}));
    b.phrases.push_back(
        fill_words(w.because, {{"rook_home", rh}, {"moves", b.plies_since(first)}}));
  }

  first = b.f.evidence.size();
  if (reasons.has(CastlingReason::rook_captured)) {
    const CastlingReasonWords& w = castling_words(CastlingReason::rook_captured);
    const auto& captures = history.rook_captures(c);
    for (int i = 0; i < captures.kept; ++i) {
      const PieceMove& m = captures.items[i];
      if (m.origin != rook_home || m.to != rook_home) continue;
      b.evidence(m.ply,
                 fill_words(w.evidence,
                            {{"colour", who}, {"rook_home", rh}, {"square", square_name(m.to)}}));
    }
    b.phrases.push_back(
        fill_words(w.because, {{"rook_home", rh}, {"moves", b.plies_since(first)}}));
  }

  const CastlingReasonWords& w = castling_words(CastlingReason::no_right_in_fen);
  if (reasons.has(CastlingReason::no_right_in_fen) && homes.dropped(c, side)) {
    const std::string kh = square_name(homes.king[idx(c)]);
    const std::initializer_list<WordSlot> slots = {
        {"colour", who}, {"side", side_name(side)}, {"king_home", kh}, {"rook_home", rh}};
    b.evidence(0, fill_words(w.evidence_dropped, slots));
    b.phrases.push_back(fill_words(w.because_dropped, slots));
  } else if (reasons.has(CastlingReason::no_right_in_fen)) {
    b.evidence(0, fill_words(w.evidence, {{"colour", who}, {"side", side_name(side)}}));
    b.phrases.emplace_back(homes.from_fen ? w.because_from_fen : w.because);
  }
}

void board_evidence(Builder& b, const CastlingDiagnosis& d) {
  if (d.blockers) {
    const CastlingReasonWords& w = castling_words(CastlingReason::blocked);
    for (Bitboard bl = d.blockers; bl;) {
      const Square s = pop_lsb(bl);
      b.evidence(0, fill_words(w.evidence,
                               {{"square", square_name(s)}, {"piece", piece_name(b.before, s)}}));
    }
    b.phrases.push_back(fill_words(w.because, {{"blockers", pieces_on(b.before, d.blockers)}}));
  }
  if (d.checkers) {
    const CastlingReasonWords& w = castling_words(CastlingReason::in_check);
    b.evidence(0, fill_words(w.evidence, {{"king", piece_on(b.before, d.king)},
                                          {"attackers", pieces_on(b.before, d.checkers)}}));
    b.phrases.emplace_back(w.because);
  }
  if (d.crossed_count) {
    const CastlingReasonWords& w = castling_words(CastlingReason::through_check);
    for (int i = 0; i < d.crossed_count; ++i)
      b.evidence(
          0, fill_words(w.evidence, {{"square", square_name(d.crossed[i].square)},
                                     {"attackers", pieces_on(b.before, d.crossed[i].attackers)}}));
    b.phrases.emplace_back(w.because);
  }
  if (d.target.attackers) {
    const CastlingReasonWords& w = castling_words(CastlingReason::into_check);
    b.evidence(0, fill_words(w.evidence, {{"square", square_name(d.target.square)},
                                          {"attackers", pieces_on(b.before, d.target.attackers)}}));
    b.phrases.emplace_back(w.because);
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
  const std::string_view who = color_name(c);
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
        const CastlingReasonWords& w = castling_words(CastlingReason::rook_not_home);
        const std::string from = square_name(r.rook_from), home = square_name(g.rook_home);
        const std::initializer_list<WordSlot> slots = {{"rook_from", from}, {"rook_home", home}};
        b.evidence(0, fill_words(w.evidence, slots));
        b.phrases.push_back(fill_words(w.because, slots));
      }
      board_evidence(b, d);
      if (d.earlier_check) earlier_check_evidence(b, history, c);
      f.castling_reasons = d.reasons;
      break;
    }
    case CastlingReading::Kind::queen: {
      const CastlingReasonWords& w = castling_words(CastlingReason::queen_castling);
      f.castling_reasons.add(CastlingReason::queen_castling);
      b.evidence(0, fill_words(w.evidence, {{"colour", who},
                                            {"king_home", square_name(homes.king[idx(c)])},
                                            {"from", square_name(r.piece_from)},
                                            {"rook_from", square_name(r.rook_from)}}));
      b.phrases.emplace_back(w.because);
      break;
    }
    case CastlingReading::Kind::vertical: {
      const CastlingReasonWords& w = castling_words(CastlingReason::vertical_castling);
      king_reason(b, history, homes, c);
      f.castling_reasons.add(CastlingReason::vertical_castling);
      const std::string from = square_name(r.rook_from);
      b.evidence(0, fill_words(w.evidence, {{"rook_from", from}, {"colour", who}}));
      b.phrases.push_back(fill_words(w.because, {{"rook_from", from}}));
      break;
    }
  }
  if (f.castling_reasons.empty()) {  // cannot happen for a castling the rules refuse; be safe
    f.castling_reasons.add(CastlingReason::no_right_in_fen);
    b.phrases.emplace_back(castling_words(CastlingReason::no_right_in_fen).because);
  }
  f.castling_reasons.for_each(
      [&](CastlingReason reason) { f.reasons.emplace_back(castling_reason_name(reason)); });
  std::string msg = std::to_string(f.move_number);
  msg.append(c == Color::white ? ". " : "... ").append(f.san).append(": ").append(who);
  msg.append(" castled ").append(side_name(side)).append(" although ");
  for (std::size_t i = 0; i < b.phrases.size(); ++i) {
    if (i) msg += i + 1 == b.phrases.size() ? " and " : ", ";
    msg += b.phrases[i];
  }
  f.message = std::move(msg);
  return f;
}

}  // namespace rochade::analysis
