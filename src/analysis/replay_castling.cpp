// Replay: what happens after a castling, illegal castlings, and false repetitions.
#include <algorithm>

#include "analysis/describe.hpp"
#include "analysis/replay.hpp"
#include "chess/castling.hpp"
#include "chess/castling_words.hpp"
#include "chess/fen.hpp"
#include "chess/movegen.hpp"
#include "chess/san.hpp"

namespace rochade::analysis {

using namespace chess;

namespace {

int replay_length(Position pos, CastlingHistory history, const CastlingHomes& homes,
                  const GameRecord& record, std::size_t index) {
  int plies = 0;
  for (std::size_t i = index; i < record.move_count(); ++i, ++plies) {
    SanMove san;
    if (!parse_san(record.san(i), san)) break;
    if (san.kind == SanMove::Kind::null) {
      pos.play_null();
      continue;
    }
    if (san.kind == SanMove::Kind::castling) {
      const Move m = legal_castling(pos, san.castling);
      if (!m.is_null()) {
        pos.play(m);
        continue;
      }
      std::array<CastlingReading, 4> readings;
      if (castling_readings(pos, homes, pos.side_to_move(), san.castling, readings) == 0) break;
      execute_reading(pos, history, readings[0], static_cast<int>(i + 1));
      continue;
    }
    const SanResult r = resolve_san(pos, san);
    if (!r.ok()) break;
    pos.play(r.move);
  }
  return plies;
}

std::string rights_text(const Occurrence& o) {
  std::string s;
  for (Color c : {Color::white, Color::black}) {
    Bitboard r = o.rights_bb() & rank_bb(back_rank(c));
    while (r) {
      const Square sq = msb(r);  // kingside first: KQkq
      r &= ~bb(sq);
      char ch = file_of(sq) >= 4 ? 'K' : 'Q';
      if (c == Color::black) ch = static_cast<char>(ch | 0x20);
      s += ch;
    }
  }
  if (s.empty()) s = "-";
  s += ' ';
  s += o.ep_legal() ? square_name(o.ep) : std::string("-");
  return s;
}

}  // namespace

bool Replayer::play_illegal_castling(const GameRecord& record, std::size_t index, CastlingSide side,
                                     GameAnalysis& out) {
  if (!history_live_) {  // run() replays the game again, keeping the history
    needs_history_ = true;
    return false;
  }
  const Color us = pos_.side_to_move();
  const int ply = static_cast<int>(index + 1);
  std::array<CastlingReading, 4> readings;
  const int n = castling_readings(pos_, homes_, us, side, readings);
  if (n == 0) {
    // Nothing can be moved as the record says: say what the board shows, and stop.
    const CastlingDiagnosis d = diagnose_castling(pos_, us, side);
    std::string why;
    if (d.king == no_square || rank_of(d.king) != back_rank(us))
      why = castling_words(CastlingReason::king_moved).cannot;
    else if (d.rook == no_square)
      why = fill_words(castling_words(CastlingReason::rook_moved).cannot,
                       {{"rook_home", square_name(d.rook_home)}});
    else if (d.blockers)
      why = fill_words(castling_words(CastlingReason::blocked).cannot,
                       {{"blockers", pieces_on(pos_, d.blockers)}});
    else why = "no king (or queen) and rook stand where it needs them";
    add_move_finding(record, index, FindingKind::illegal_move,
                     chess::san_error_name(chess::SanError::illegal),
                     "castling cannot be carried out: " + why, out);
    return false;
  }
  int best = 0;
  if (n > 1) {
    // Take the reading under which the rest of the game replays furthest.
    int best_len = -1;
    for (int i = 0; i < n; ++i) {
      Position p = pos_;
      CastlingHistory h = history_;
      execute_reading(p, h, readings[i], ply);
      const int len = replay_length(p, h, homes_, record, index + 1);
      if (len > best_len) best_len = len, best = i;
    }
  }
  const MoveNamer namer{record, start_side_, start_fullmove_};
  Finding f = describe_illegal_castling(pos_, history_, homes_, readings[best], side, ply, namer);
  if (n > 1) f.played_as += " (of " + std::to_string(n) + " possible readings, the one under which "
                            "the game replays furthest)";
  out.findings.push_back(std::move(f));
  const Position before = pos_;
  const CastlingReading& r = readings[best];
  execute_reading(pos_, history_, r, ply);
  SanMove san;
  parse_san(record.san(index), san);
  CastlingEvent e;
  e.color = us;
  e.side = side;
  e.legal = false;
  e.king_from = r.piece_from;
  e.king_to = r.piece_to;
  e.rook_from = r.rook_from;
  e.rook_to = r.rook_to;
  after_castling(record, index, before, std::move(e), san.mate, out);
  return true;
}

void Replayer::after_castling(const GameRecord& record, std::size_t index, const Position& before,
                              CastlingEvent e, bool annotated_mate, GameAnalysis& out) {
  const int ply = static_cast<int>(index + 1);
  e.ply = static_cast<std::uint16_t>(ply);
  e.move_number = static_cast<std::uint16_t>(before.fullmove_number());
  e.check = pos_.in_check();
  if (history_live_) history_.on_position(pos_, ply);
  e.mate = e.check && !has_legal_move(pos_);
  if (e.mate) e.fen_before = to_fen(before);
  const bool mate = e.mate;
  out.castlings.push_back(std::move(e));
  if (annotated_mate != mate) {
    ++out.annotation_mismatches;
    const Position after = pos_;
    pos_ = before;  // the finding describes the move from the position before it
    add_move_finding(record, index, FindingKind::annotation_mismatch,
                     annotated_mate ? "not_mate" : "unmarked_mate",
                     annotated_mate ? "marked '#' but does not mate"
                                    : "mates, but the record does not mark it with '#'",
                     out);
    pos_ = after;
  }
  repetition_.add(pos_, ply, false);
}

void Replayer::report_repetition(const GameRecord& record, std::size_t index, GameAnalysis& out) {
  const MoveNamer namer{record, start_side_, start_fullmove_};
  const int ply = static_cast<int>(index + 1);
  Finding f;
  f.kind = FindingKind::false_repetition;
  f.ply = ply;
  f.move_number = namer.move_number(ply);
  f.side = namer.side(ply);
  f.san = std::string(record.san(index));
  f.line = record.move_line(index);
  f.reasons.emplace_back(finding_reason_name(FindingReason::rights_differ));
  f.fen_before.clear();
  std::string plies;
  for (const Occurrence& o : repetition_.occurrences()) {
    Evidence ev;
    ev.ply = static_cast<int>(o.ply);
    ev.san = o.ply > 0 ? namer(o.ply) : std::string("start");
    ev.rights = rights_text(o);
    ev.what = "castling and en-passant rights: " + ev.rights;
    if (!plies.empty()) plies += ", ";
    plies += ev.san + " [" + ev.rights + "]";
    f.evidence.push_back(std::move(ev));
  }
  f.message = namer(ply) + ": the same pieces stood on the same squares for the third time, but with other castling or en-passant rights, so the position did not "
              "occur three times (" + plies + ")";
  out.false_repetition = true;
  out.findings.push_back(std::move(f));
}

}  // namespace rochade::analysis
