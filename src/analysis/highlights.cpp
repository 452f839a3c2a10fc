#include "analysis/highlights.hpp"

#include <algorithm>

namespace rochade::analysis {

namespace {
Highlight base(const GameRecord& record) {
  Highlight h;
  h.input = record.input;
  h.game = record.number;  // 0 where the run numbers games after it: then `ref` says
  h.ref = record.ref;
  h.white = std::string(record.tag("White"));
  h.black = std::string(record.tag("Black"));
  h.event = std::string(record.tag("Event"));
  h.date = std::string(record.tag("Date"));
  h.site = std::string(record.tag("Site"));
  h.result = std::string(record.tag("Result"));
  return h;
}
}  // namespace

void Highlights::keep(Highlight h) {
  // Keep the first max_each of each kind by input order.
  std::size_t same = 0;
  auto worst = items_.end();
  for (auto it = items_.begin(); it != items_.end(); ++it) {
    if (it->kind != h.kind) continue;
    ++same;
    if (worst == items_.end() || *worst < *it) worst = it;
  }
  if (same < max_each_) {
    items_.push_back(std::move(h));
  } else if (h < *worst) {
    *worst = std::move(h);
  }
}

void Highlights::locate(const std::function<GamePlace(GameRef)>& place) {
  for (Highlight& h : items_) {
    const GamePlace p = place(h.ref);
    h.input = p.input;
    h.game = p.number;
    h.ref = {};
  }
}

void Highlights::add(const GameRecord& record, const GameAnalysis& analysis) {
  for (const CastlingEvent& e : analysis.castlings) {
    if (!e.mate) continue;
    Highlight h = base(record);
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
    keep(std::move(h));
  }
  for (const Finding& f : analysis.findings) {
    if (f.kind != FindingKind::illegal_castling) continue;
    Highlight h = base(record);
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
    keep(std::move(h));
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
