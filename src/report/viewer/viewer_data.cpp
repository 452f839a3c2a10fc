#include "report/viewer/viewer_data.hpp"

#include <algorithm>

#include "analysis/describe.hpp"
#include "chess/castling.hpp"
#include "chess/fen.hpp"
#include "report/common/json.hpp"

namespace rochade::report {

using analysis::CastlingEvent;
using analysis::Finding;
using analysis::FindingKind;
using chess::Bitboard;
using chess::Square;

namespace {

void square_field(JsonWriter& j, std::string_view key, Square s) {
  j.key(key);
  if (s < chess::no_square)
    j.value(analysis::square_name(s));
  else
    j.null();
}

void squares_field(JsonWriter& j, std::string_view key, Bitboard squares) {
  j.key(key).begin_array();
  while (squares != 0) j.value(analysis::square_name(chess::pop_lsb(squares)));
  j.end_array();
}

void tag_field(JsonWriter& j, const analysis::GameRecord& record, std::string_view key,
               std::string_view tag) {
  j.field(key, record.tag(tag));
}

// What the board shows at an illegal castling, from the position before it: the paths of the
// pieces that castled (as played) and, where the king castled from its square with a rook, the
// squares the rules needed empty or unattacked (chess::diagnose_castling, as audit judged them).
void castling_board(JsonWriter& j, const chess::Position& before, const CastlingEvent& e,
                    const Finding& f) {
  j.key("board").begin_object();
  square_field(j, "king_from", e.king_from);
  square_field(j, "king_to", e.king_to);
  square_field(j, "rook_from", e.rook_from);
  square_field(j, "rook_to", e.rook_to);
  chess::CastlingDiagnosis d;
  const bool odd = f.castling_reasons.has(chess::CastlingReason::queen_castling) ||
                   f.castling_reasons.has(chess::CastlingReason::vertical_castling);
  if (!odd && e.king_from < chess::no_square && e.rook_from < chess::no_square) {
    chess::CastlingGame g;
    g.king_home = g.king_from = e.king_from;
    g.rook_home = g.rook_from = e.rook_from;
    d = chess::diagnose_castling(before, e.color, e.side, g);
  }
  Bitboard attacked = 0, attackers = d.checkers | d.target.attackers;
  for (int i = 0; i < d.crossed_count; ++i) {
    attacked |= chess::bb(d.crossed[i].square);
    attackers |= d.crossed[i].attackers;
  }
  if (d.checkers != 0) attacked |= chess::bb(d.king);
  if (d.target.attackers != 0) attacked |= chess::bb(d.target.square);
  squares_field(j, "attacked", attacked);
  squares_field(j, "attackers", attackers);
  squares_field(j, "blocked", d.blockers);
  j.end_object();
}

}  // namespace

std::vector<const Finding*> all_findings(const analysis::GameAnalysis& analysis) {
  std::vector<const Finding*> out;
  out.reserve(analysis.findings.size());
  for (const Finding& f : analysis.findings) out.push_back(&f);
  return out;
}

// The positions kept per game: more than any game can have under the 75-move rule (about 17,700
// plies), so only a record made to be long (up to a million plies) is cut, its last moves then
// shown without positions, as after an illegal move.
constexpr std::size_t kMostPositions = 20'001;

ViewerGames::ViewerGames(const std::atomic<bool>* page_full) : page_full_(page_full) {
  replayer_.keep_positions(&positions_, kMostPositions);
}

void ViewerGames::append(std::string_view input, const analysis::GameRecord& record,
                         const std::vector<const Finding*>& findings, std::string& out) {
  if (page_full_ != nullptr && page_full_->load(std::memory_order_acquire)) {
    out += past_cap_line;
    out += '\n';
    return;
  }
  replayer_.run(record, analysis_);
  write(input, record, findings, 0, out);
}

void ViewerGames::append_listed(std::string_view input, const analysis::GameRecord& record,
                                int open, std::string& out) {
  replayer_.run(record, analysis_);
  std::vector<const Finding*> shown;
  for (const Finding& f : analysis_.findings)
    if (f.kind == FindingKind::illegal_castling) shown.push_back(&f);
  write(input, record, shown, open, out);
}

void ViewerGames::write(std::string_view input, const analysis::GameRecord& record,
                        const std::vector<const Finding*>& findings, int open_at,
                        std::string& out) {
  const analysis::GameAnalysis& a = analysis_;
  ++built_;
  json_.clear();
  JsonWriter j(json_);
  j.begin_object();
  j.field("input", input).field("game", record.number);
  tag_field(j, record, "white", "White");
  tag_field(j, record, "black", "Black");
  tag_field(j, record, "white_elo", "WhiteElo");
  tag_field(j, record, "black_elo", "BlackElo");
  tag_field(j, record, "event", "Event");
  tag_field(j, record, "site", "Site");
  tag_field(j, record, "date", "Date");
  tag_field(j, record, "round", "Round");
  j.field("result", record.tag("Result").empty() ? record.result() : record.tag("Result"));
  j.key("start_fen");
  if (positions_.empty())
    j.null();  // a start position that could not be read, a variant
  else
    j.value(chess::to_fen(positions_.front()));
  j.key("plies").begin_array();
  for (std::size_t i = 1; i < positions_.size(); ++i) {
    j.begin_object();
    j.field("san", record.san(i - 1)).field("fen", chess::to_fen(positions_[i]));
    j.end_object();
  }
  j.end_array();
  // The moves after the one the replay stopped at (an illegal move), or past kMostPositions:
  // shown, not playable.
  const std::size_t replayed = positions_.empty() ? 0 : positions_.size() - 1;
  j.key("rest").begin_array();
  for (std::size_t i = replayed; i < record.move_count(); ++i) j.value(record.san(i));
  j.end_array();
  j.key("castlings").begin_array();
  for (const CastlingEvent& e : a.castlings) j.value(static_cast<int>(e.ply));
  j.end_array();
  j.key("castling_moves").begin_array();
  for (const CastlingEvent& e : a.castlings) {
    j.begin_object();
    j.field("ply", static_cast<int>(e.ply));
    j.field("colour", analysis::color_name(e.color));
    j.field("side", e.side == chess::CastlingSide::king ? "kingside" : "queenside");
    j.field("legal", e.legal).field("check", e.check).field("mate", e.mate);
    square_field(j, "king_from", e.king_from);
    square_field(j, "king_to", e.king_to);
    square_field(j, "rook_from", e.rook_from);
    square_field(j, "rook_to", e.rook_to);
    j.end_object();
  }
  j.end_array();
  int open = 0, open_rank = 4;  // a mate by castling, an illegal castling, a finding, a castling
  const auto consider = [&](int ply, int rank) {
    if (ply > 0 && rank < open_rank) open = ply, open_rank = rank;
  };
  j.key("findings").begin_array();
  for (const Finding* f : findings) {
    j.begin_object();
    j.field("kind", analysis::finding_kind_name(f->kind));
    j.key("ply");
    if (f->ply > 0)
      j.value(f->ply);
    else
      j.null();
    j.key("reasons").begin_array();
    for (const std::string& r : f->reasons) j.value(r);
    j.end_array();
    j.key("evidence_plies").begin_array();
    for (const analysis::Evidence& e : f->evidence)
      if (e.ply > 0) j.value(e.ply);
    j.end_array();
    j.field("message", f->message);
    j.key("evidence").begin_array();
    for (const analysis::Evidence& e : f->evidence) {
      j.begin_object().key("ply");
      if (e.ply > 0)
        j.value(e.ply);
      else
        j.null();
      j.field("what", e.what).end_object();
    }
    j.end_array();
    if (!f->played_as.empty()) j.field("played_as", f->played_as);
    const auto at = static_cast<std::size_t>(f->ply);
    if (f->kind == FindingKind::illegal_castling && at >= 1 && at < positions_.size()) {
      const auto event = std::find_if(a.castlings.begin(), a.castlings.end(),
                                      [&](const CastlingEvent& e) { return e.ply == f->ply; });
      if (event != a.castlings.end()) castling_board(j, positions_[at - 1], *event, *f);
    }
    j.end_object();
    const int last = static_cast<int>(replayed);
    consider(std::min(f->ply, last), f->kind == FindingKind::illegal_castling ? 1 : 2);
  }
  j.end_array();
  for (const CastlingEvent& e : a.castlings) consider(e.ply, e.mate ? 0 : 3);
  if (open_at > 0 && static_cast<std::size_t>(open_at) <= replayed) open = open_at;
  j.field("open", open);
  j.end_object();
  for (const char c : json_) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
  out += '\n';
}

}  // namespace rochade::report
