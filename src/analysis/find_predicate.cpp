#include "analysis/find_predicate.hpp"

#include <algorithm>

namespace rochade::analysis {

namespace {

using chess::CastlingSide;
using chess::Color;

bool holds(std::optional<Who> who, bool white, bool black) {
  if (!who) return true;
  switch (*who) {
    case Who::white:
      return white;
    case Who::black:
      return black;
    case Who::both:
      return white && black;
  }
  return true;
}

}  // namespace

bool FindPredicate::asks_castling() const {
  return mate_by_castling || castling_check || queenside || kingside || opposite || same_side ||
         illegal_any || reason || no_castling || castled;
}

bool FindPredicate::matches(const GameAnalysis& a) const {
  if (a.status == GameStatus::skipped_variant || a.status == GameStatus::cut_off) return false;
  if (asks_castling() && !a.analysed()) return false;
  const std::optional<Color> colour = castled == Who::white   ? std::optional(Color::white)
                                      : castled == Who::black ? std::optional(Color::black)
                                                              : std::nullopt;
  const auto mine = [&](Color c) { return !colour || c == *colour; };
  const auto any = [&](auto pred) {
    return std::any_of(a.castlings.begin(), a.castlings.end(),
                       [&](const CastlingEvent& e) { return mine(e.color) && pred(e); });
  };
  if (mate_by_castling && !any([](const CastlingEvent& e) { return e.mate; })) return false;
  if (castling_check && !any([](const CastlingEvent& e) { return e.check; })) return false;
  if (queenside && !any([](const CastlingEvent& e) { return e.side == CastlingSide::queen; }))
    return false;
  if (kingside && !any([](const CastlingEvent& e) { return e.side == CastlingSide::king; }))
    return false;
  if (illegal_any && !std::any_of(a.findings.begin(), a.findings.end(), [&](const auto& f) {
        return f.kind == FindingKind::illegal_castling && mine(f.side) &&
               (!reason || f.castling_reasons.has(*reason));
      }))
    return false;
  const CastlingEvent* w = a.first_castling(Color::white);
  const CastlingEvent* b = a.first_castling(Color::black);
  if (opposite && !(w && b && w->side != b->side)) return false;
  if (same_side && !(w && b && w->side == b->side)) return false;
  if (!holds(no_castling, !w, !b)) return false;
  return holds(castled, w != nullptr, b != nullptr);
}

}  // namespace rochade::analysis
