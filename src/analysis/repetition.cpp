#include "analysis/repetition.hpp"

#include <algorithm>
#include <span>

namespace rochade::analysis {

void RepetitionTracker::reset(const chess::Position& start) {
  kept_ = 0;
  flagged_.clear();
  found_.clear();
  threefold_ = false;
  fill(since_reset_[kept_++], start, 0);
  std::fill(std::begin(seen_), std::end(seen_), 0);
  mark_seen(start.placement_key());
}

void RepetitionTracker::trim() {
  std::copy(since_reset_.begin() + (kept_ - kWindow), since_reset_.begin() + kept_,
            since_reset_.begin());
  kept_ = kWindow;
}

// A placement the filter may have seen: count it among the last positions.
bool RepetitionTracker::compare(const Occurrence& now) {
  int same_placement = 0, same_fide = 0;
  // Only the last kWindow positions are compared: a game ends by the 75-move rule after 150
  // plies without a capture or a pawn move, and a record of a million knight moves back and
  // forth must not take quadratic time.
  const std::span<const Occurrence> kept(since_reset_.data(), kept_);
  const std::size_t from = kept_ > kWindow ? kept_ - kWindow : 0;
  for (const Occurrence& o : kept.subspan(from)) {
    if (o.placement != now.placement) continue;
    ++same_placement;
    if (o.same_fide(now)) ++same_fide;
  }
  if (same_fide >= 3) threefold_ = true;
  if (same_placement < 3 || same_fide >= 3) return false;
  if (std::find(flagged_.begin(), flagged_.end(), now.placement) != flagged_.end()) return false;
  flagged_.push_back(now.placement);
  found_.clear();
  for (const Occurrence& o : kept.subspan(from))
    if (o.placement == now.placement) found_.push_back(o);
  return true;
}

}  // namespace rochade::analysis
