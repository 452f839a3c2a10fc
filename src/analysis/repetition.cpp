#include "analysis/repetition.hpp"

#include <algorithm>
#include <span>

namespace rochade::analysis {

namespace {
Occurrence occurrence_of(const chess::Position& pos, int ply) {
  const bool ep_legal = pos.ep_square() != chess::no_square && pos.ep_capture_legal();
  const chess::Bitboard r = pos.castling_rights();
  return {pos.placement_key(), static_cast<std::uint32_t>(ply),
          static_cast<std::uint16_t>((r & 0xFF) | ((r >> 56) << 8)),
          ep_legal ? pos.ep_square() : chess::no_square};
}
}  // namespace

void RepetitionTracker::reset(const chess::Position& start) {
  since_reset_.clear();
  flagged_.clear();
  found_.clear();
  threefold_ = false;
  since_reset_.push_back(occurrence_of(start, 0));
  std::fill(std::begin(seen_), std::end(seen_), 0);
  mark_seen(start.placement_key());
}

bool RepetitionTracker::add(const chess::Position& pos, int ply, bool irreversible) {
  if (irreversible) {
    since_reset_.clear();
    std::fill(std::begin(seen_), std::end(seen_), 0);
  }
  const Occurrence now = occurrence_of(pos, ply);
  if (since_reset_.size() >= 4 * kWindow)  // keep the memory bounded too
    since_reset_.erase(since_reset_.begin(), since_reset_.end() - kWindow);
  since_reset_.push_back(now);
  // Most positions are new: skip the scan when the filter has never seen this placement.
  if (!maybe_seen(now.placement)) {
    mark_seen(now.placement);
    return false;
  }
  int same_placement = 0, same_fide = 0;
  // Only the last kWindow positions are compared: a game ends by the 75-move rule after 150
  // plies without a capture or a pawn move, and a record of a million knight moves back and
  // forth must not take quadratic time.
  const std::size_t from = since_reset_.size() > kWindow ? since_reset_.size() - kWindow : 0;
  for (const Occurrence& o : std::span(since_reset_).subspan(from)) {
    if (o.placement != now.placement) continue;
    ++same_placement;
    if (o.same_fide(now)) ++same_fide;
  }
  if (same_fide >= 3) threefold_ = true;
  if (same_placement < 3 || same_fide >= 3) return false;
  if (std::find(flagged_.begin(), flagged_.end(), now.placement) != flagged_.end()) return false;
  flagged_.push_back(now.placement);
  found_.clear();
  for (const Occurrence& o : std::span(since_reset_).subspan(from))
    if (o.placement == now.placement) found_.push_back(o);
  return true;
}

}  // namespace rochade::analysis
