#include "analysis/highlights.hpp"

#include <algorithm>

#include "pgn/tokens.hpp"

namespace rochade::analysis {

namespace {

// What replays the game, for a highlight that is kept: as UTF-8, as the stats document writes
// it (pgn::as_utf8), so that a report from the document shows what one from the run shows.
void keep_moves(const GameRecord& record, Highlight& h) {
  h.start_fen = pgn::as_utf8(record.tag("FEN"));
  h.variant = pgn::as_utf8(record.tag("Variant"));
  const std::size_t n = std::min(record.move_count(), Highlight::kMostMoves);
  std::string scratch;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) h.moves += ' ';
    h.moves += pgn::as_utf8(record.san(i), scratch);
  }
}

}  // namespace

Highlight listed_game(const GameRecord& record, bool with_moves) {
  Highlight h;
  h.ref = record.ref;
  h.white = std::string(record.tag("White"));
  h.black = std::string(record.tag("Black"));
  h.event = std::string(record.tag("Event"));
  h.date = std::string(record.tag("Date"));
  h.site = std::string(record.tag("Site"));
  h.result = std::string(record.tag("Result"));
  if (with_moves) keep_moves(record, h);
  return h;
}

Highlight* Highlights::keep(Highlight h) {
  // Keep the first max_each of each kind by input order.
  std::size_t same = 0;
  auto worst = items_.end();
  for (auto it = items_.begin(); it != items_.end(); ++it) {
    if (it->kind != h.kind) continue;
    ++same;
    if (worst == items_.end() || *worst < *it) worst = it;
  }
  if (same < max_each_) return &items_.emplace_back(std::move(h));
  if (h < *worst) {
    *worst = std::move(h);
    return &*worst;
  }
  return nullptr;
}

GameRecord Highlight::record() const {
  GameRecord r;
  r.number = place.number;
  for (const auto& [name, value] : {std::pair<std::string_view, std::string_view>{"Event", event},
                                    {"Site", site},
                                    {"Date", date},
                                    {"White", white},
                                    {"Black", black},
                                    {"Result", result}})
    if (!value.empty()) r.add_tag(name, value);
  if (!variant.empty()) r.add_tag("Variant", variant);
  if (!start_fen.empty()) {
    r.add_tag("SetUp", "1");
    r.add_tag("FEN", start_fen);
  }
  std::string_view rest = moves;
  while (!rest.empty()) {
    const std::size_t end = rest.find(' ');
    pgn::MoveToken token;
    token.san = rest.substr(0, end);
    if (!token.san.empty()) r.add_move(token);
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
  }
  return r;
}

void Highlights::locate(const std::function<GamePlace(GameRef)>& place) {
  for (Highlight& h : items_) h.place = place(h.ref);
}

void Highlights::add(const GameRecord& record, const GameAnalysis& analysis) {
  for (const CastlingEvent& e : analysis.castlings) {
    if (!e.mate) continue;
    Highlight h = listed_game(record, false);
    h.kind = Highlight::Kind::mate_by_castling;
    h.ply = e.ply;
    h.move_number = e.move_number;
    h.side = e.color;
    h.san = std::string(record.san(static_cast<std::size_t>(e.ply - 1)));
    h.fen_before = e.fen_before;
    h.king_from = e.king_from;
    h.king_to = e.king_to;
    h.rook_from = e.rook_from;
    h.rook_to = e.rook_to;
    if (Highlight* kept = keep(std::move(h))) keep_moves(record, *kept);
  }
  for (const Finding& f : analysis.findings) {
    if (f.kind != FindingKind::illegal_castling) continue;
    Highlight h = listed_game(record, false);
    h.kind = Highlight::Kind::illegal_castling;
    h.ply = f.ply;
    h.move_number = f.move_number;
    h.side = f.side;
    h.san = f.san;
    h.fen_before = f.fen_before;
    h.message = f.message;
    for (const CastlingEvent& e : analysis.castlings) {
      if (e.ply != f.ply) continue;
      h.king_from = e.king_from;
      h.king_to = e.king_to;
      h.rook_from = e.rook_from;
      h.rook_to = e.rook_to;
    }
    if (Highlight* kept = keep(std::move(h))) keep_moves(record, *kept);
  }
}

void Highlights::merge(const Highlights& other) {
  for (const Highlight& h : other.items_) keep(h);
}

std::vector<Highlight> Highlights::sorted() const {
  std::vector<Highlight> out = items_;
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace rochade::analysis
