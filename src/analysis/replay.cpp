#include "analysis/replay.hpp"

#include <algorithm>

#include "analysis/describe.hpp"
#include "analysis/illegal_castling.hpp"
#include "chess/fen.hpp"
#include "chess/movegen.hpp"
#include "chess/san.hpp"
#include "chess/san_common.hpp"

namespace rochade::analysis {

using namespace chess;

namespace {

// Lower-case letters and digits only: "Chess 960" -> "chess960".
std::string_view normalise(std::string_view s, char (&buf)[32]) {
  std::size_t n = 0;
  for (char c : s) {
    if (n == sizeof buf) break;
    if (c >= 'A' && c <= 'Z') buf[n++] = static_cast<char>(c - 'A' + 'a');
    else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) buf[n++] = c;
  }
  return {buf, n};
}

}  // namespace

VariantKind classify_variant(std::string_view tag) {
  char buf[32];
  const std::string_view v = normalise(tag, buf);
  if (v.empty() || v == "standard" || v == "chess" || v == "normal" || v == "classical")
    return VariantKind::standard;
  if (v == "chess960" || v == "fischerandom" || v == "fischerrandom" || v == "frc" ||
      v == "960" || v == "fischerrandomchess" || v == "chess960fischerrandom")
    return VariantKind::chess960;
  if (v == "fromposition") return VariantKind::from_position;
  return VariantKind::other;
}

void GameAnalysis::clear() {
  status = GameStatus::replayed;
  chess960 = false;
  plies = 0;
  start_side = chess::Color::white;
  start_fullmove = 1;
  castlings.clear();
  king_moved_first = {};
  annotation_mismatches = 0;
  false_repetition = false;
  findings.clear();
}

const CastlingEvent* GameAnalysis::first_castling(Color c) const {
  for (const CastlingEvent& e : castlings)
    if (e.color == c) return &e;
  return nullptr;
}

Replayer::Replayer() {
  for (std::size_t i = 0; i < starts_.size(); ++i) {
    Start& s = starts_[i];
    s.pos = Position::startpos();
    s.pos.set_chess960(i == 1);
    s.homes = CastlingHomes::of(s.pos, false);
    s.history.reset(s.pos);
  }
}

bool Replayer::start_position(const GameRecord& record, GameAnalysis& out) {
  const VariantKind variant = classify_variant(record.tag("Variant"));
  if (variant == VariantKind::other) {
    out.status = GameStatus::skipped_variant;
    return false;
  }
  const std::string_view fen = record.tag("FEN");
  // An empty FEN tag is the start position, unless SetUp "1" says a position was meant.
  const bool from_fen = !fen.empty() || (record.tag("SetUp") == "1" && record.has_tag("FEN"));
  if (from_fen) {
    const FenResult r =
        parse_fen(fen, FenMode::lenient,
                  variant == VariantKind::chess960 ? Chess960Mode::force
                  // A game that says it is standard chess is never read with Chess960 rules;
                  // without a Variant tag, a castling field only Chess960 can mean decides.
                  : record.tag("Variant").empty() ? Chess960Mode::detect
                                                  : Chess960Mode::never);
    if (!r.ok()) {
      Finding f;
      f.kind = FindingKind::parse_error;
      f.line = record.pos.line;
      f.reasons.emplace_back(finding_reason_name(FindingReason::bad_fen));
      f.message = "the FEN tag cannot be read (" + std::string(fen_field_name(r.error->field)) +
                  "): " + r.error->message;
      out.findings.push_back(std::move(f));
      out.status = GameStatus::with_errors;
      return false;
    }
    pos_ = r.position;
    homes_ = CastlingHomes::of(pos_, true);
    homes_.dropped_rights = r.dropped;
    if (history_live_) history_.reset(pos_);
  } else {
    const Start& s = starts_[variant == VariantKind::chess960 ? 1 : 0];
    pos_ = s.pos;
    homes_ = s.homes;
    if (history_live_) history_ = s.history;
  }
  out.chess960 = pos_.chess960();
  repetition_.reset(pos_);
  start_side_ = pos_.side_to_move();
  start_fullmove_ = pos_.fullmove_number();
  out.start_side = start_side_;
  out.start_fullmove = start_fullmove_;
  return true;
}

// The castling history is kept only once a game needs it: most games never castle against the
// rules, and keeping it for every move cost 5-6 % of the whole run (callgrind). A game that does
// is replayed again from its start with the history kept throughout, so its findings are those
// of a replay that always kept it.
void Replayer::run(const GameRecord& record, GameAnalysis& out) {
  history_live_ = false;
  if (replay(record, out)) return;
  history_live_ = true;
  replay(record, out);
}

bool Replayer::replay(const GameRecord& record, GameAnalysis& out) {
  out.clear();
  needs_history_ = false;
  if (positions_ != nullptr) positions_->clear();
  if (record.cut_off) {  // what there is of it is not the game: nothing to replay or report
    out.status = GameStatus::cut_off;
    return true;
  }
  for (const SyntaxError& e : record.errors()) {
    Finding f;
    f.kind = FindingKind::parse_error;
    f.line = e.pos.line;
    f.reasons.emplace_back(pgn::error_kind_name(e.kind));
    f.message = std::string(record.error_message(e));
    out.findings.push_back(std::move(f));
  }
  if (!start_position(record, out)) return true;
  if (positions_ != nullptr) positions_->push_back(pos_);
  const std::size_t moves = record.move_count();
  std::size_t i = 0;
  if (positions_ == nullptr) {  // the usual loop: nothing but the moves
    while (i < moves && play_token(record, i, out)) ++i;
  } else {
    for (; i < moves && play_token(record, i, out); ++i)
      if (positions_->size() < most_positions_) positions_->push_back(pos_);
  }
  if (i < moves && needs_history_) return false;
  out.plies = static_cast<int>(i);
  out.status =
      i == moves && record.errors().empty() ? GameStatus::replayed : GameStatus::with_errors;
  return true;
}

void Replayer::add_move_finding(const GameRecord& record, std::size_t index, FindingKind kind,
                                std::string_view reason, std::string message, GameAnalysis& out) {
  const MoveNamer namer{record, start_side_, start_fullmove_};
  const int ply = static_cast<int>(index + 1);
  Finding f;
  f.kind = kind;
  f.ply = ply;
  f.move_number = namer.move_number(ply);
  f.side = namer.side(ply);
  f.san = std::string(record.san(index));
  f.line = record.move_line(index);
  f.reasons.emplace_back(reason);
  f.fen_before = to_fen(pos_);
  f.message = namer(ply) + ": " + message;
  out.findings.push_back(std::move(f));
}

void Replayer::play_castling(const GameRecord& record, std::size_t index, Move m, bool annotated_mate,
                             GameAnalysis& out) {
  const Position before = pos_;
  const Color us = pos_.side_to_move();
  const CastlingSide side = castling_side(m.from(), m.to());
  CastlingEvent e;
  e.color = us;
  e.side = side;
  e.king_from = m.from();
  e.rook_from = m.to();
  e.king_to = castling_king_to(us, side);
  e.rook_to = castling_rook_to(us, side);
  if (history_live_) history_.on_move(pos_, m, static_cast<int>(index + 1));
  pos_.play(m);
  after_castling(record, index, before, std::move(e), annotated_mate, out);
}

// A right the position records and could use: the king on its first rank and an own rook on
// the right's square (FEN tags may claim rights without them).
bool Replayer::has_effective_right(Color c) const {
  const Square k = pos_.king_square(c);
  if (k == no_square || rank_of(k) != back_rank(c)) return false;
  return (pos_.castling_rights(c) & pos_.pieces(c, PieceType::rook)) != 0;
}

std::optional<CastlingSide> Replayer::king_move_as_castling(const SanMove& san) const {
  const Color us = pos_.side_to_move();
  const Square k = pos_.king_square(us);
  if (k == no_square || k != homes_.king[idx(us)] || san.to == no_square) return std::nullopt;
  if (san.piece != PieceType::king &&
      !(san.from_file == file_of(k) && san.from_rank == rank_of(k)))
    return std::nullopt;
  if (rank_of(san.to) != back_rank(us)) return std::nullopt;
  for (CastlingSide side : {CastlingSide::king, CastlingSide::queen}) {
    if (san.to == homes_.rook[idx(us)][static_cast<int>(side)] ||
        (!pos_.chess960() && san.to == castling_king_to(us, side) &&
         (file_of(san.to) > file_of(k) ? file_of(san.to) - file_of(k)
                                        : file_of(k) - file_of(san.to)) == 2))
      return side;
  }
  return std::nullopt;
}

// The cold paths of play_token, out of line so that the common one stays short.
bool Replayer::unreadable(const GameRecord& record, std::size_t index, GameAnalysis& out) {
  add_move_finding(record, index, FindingKind::illegal_move,
                   chess::san_error_name(chess::SanError::syntax), "not a move that can be read",
                   out);
  return false;
}

bool Replayer::play_null_or_castling(const GameRecord& record, std::size_t index,
                                     const SanMove& san, GameAnalysis& out) {
  if (san.kind == SanMove::Kind::null) {
    const int ply = static_cast<int>(index + 1);
    pos_.play_null();
    if (history_live_) history_.on_position(pos_, ply);
    repetition_.add(pos_, ply, true);
    return true;
  }
  const Move m = legal_castling(pos_, san.castling);
  if (m.is_null()) return play_illegal_castling(record, index, san.castling, out);
  play_castling(record, index, m, san.mate, out);
  return true;
}

bool Replayer::unresolved(const GameRecord& record, std::size_t index, const SanMove& san,
                          SanError error, GameAnalysis& out) {
  // "Kg1" / "e1g1" from the king's home square is a castling written as a king move.
  if (const auto side = king_move_as_castling(san); side && error == SanError::illegal)
    return play_illegal_castling(record, index, *side, out);
  const std::string_view reason = san_error_name(error);
  std::string what = error == SanError::ambiguous  ? "more than one piece can make this move"
                     : error == SanError::no_piece ? "no piece can make this move"
                                                   : "this move breaks the rules";
  add_move_finding(record, index, FindingKind::illegal_move, reason, std::move(what), out);
  return false;
}

void Replayer::history_move(Move m, int ply) { history_.on_move(pos_, m, ply); }
void Replayer::history_position(int ply) { history_.on_position(pos_, ply); }

// A legal move that is not castling.
inline void Replayer::play_move(const GameRecord& record, std::size_t index, Move m,
                                GameAnalysis& out) {
  const int ply = static_cast<int>(index + 1);
  const Color us = pos_.side_to_move();
  const Piece moved = pos_.piece_on(m.from());
  // (An effective right means this king has not castled: every castling by the king, legal or
  // not, takes its colour's rights, and rights are never given back.)
  if (type_of(moved) == PieceType::king && has_effective_right(us))
    out.king_moved_first[idx(us)] = true;
  const bool irreversible = type_of(moved) == PieceType::pawn ||
                            pos_.piece_on(m.to()) != Piece::none ||
                            m.kind() == Move::Kind::en_passant;
  if (history_live_) [[unlikely]]
    history_move(m, ply);
  pos_.play(m);
  if (history_live_) [[unlikely]]
    history_position(ply);
  if (repetition_.add(pos_, ply, irreversible)) [[unlikely]]
    report_repetition(record, index, out);
}

// The general path: every token resolve_common leaves, read by parse_san and resolve_san.
bool Replayer::play_general(const GameRecord& record, std::size_t index, GameAnalysis& out) {
  SanMove san;
  if (!parse_san(record.san(index), san)) [[unlikely]]
    return unreadable(record, index, out);
  if (san.kind != SanMove::Kind::normal) [[unlikely]]
    return play_null_or_castling(record, index, san, out);
  const SanResult r = resolve_san(pos_, san);
  if (!r.ok()) [[unlikely]]
    return unresolved(record, index, san, r.error, out);
  if (r.move.is_castling()) [[unlikely]] {  // written as a king move ("Kg1", "e1g1")
    play_castling(record, index, r.move, san.mate, out);
    return true;
  }
  play_move(record, index, r.move, out);
  return true;
}

[[gnu::always_inline]] inline bool Replayer::play_token(const GameRecord& record, std::size_t index,
                                                        GameAnalysis& out) {
  const Move m = resolve_common(pos_, record.san(index));
  if (m.is_null()) [[unlikely]]
    return play_general(record, index, out);
  // What resolve_common gives: a move of a piece from one square to another, not a promotion,
  // en passant or castling (so that Position::play takes its usual path without a test).
  if (m.kind() != Move::Kind::normal || m.from() == m.to() ||
      pos_.piece_on(m.from()) == Piece::none)
    __builtin_unreachable();
  play_move(record, index, m, out);
  return true;
}

}  // namespace rochade::analysis
