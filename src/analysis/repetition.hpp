// Repetition by the FIDE rules: positions are the same only when the pieces, the side to move,
// the castling rights and the en-passant possibilities are the same (Karpov–Miles, Tilburg
// 1986). Counts each position since the last capture or pawn move by two keys: the FIDE key and
// the placement key. A placement seen three times whose FIDE key was not is a false repetition.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "chess/position.hpp"

namespace rochade::analysis {

// One position: the placement key (pieces and side to move) and what else the FIDE rules count
// (castling rights, and the en-passant square only when a capture there is legal).
struct Occurrence {  // 16 bytes: one is kept per ply since the last capture or pawn move
  std::uint64_t placement = 0;
  std::uint32_t ply = 0;
  std::uint16_t rights = 0;             // castling rook squares: rank 1 low byte, rank 8 high byte
  chess::Square ep = chess::no_square;  // only when an en-passant capture is legal
  bool same_fide(const Occurrence& o) const {
    return placement == o.placement && rights == o.rights && ep == o.ep;
  }
  chess::Bitboard rights_bb() const {
    return static_cast<chess::Bitboard>(rights & 0xFFu) |
           (static_cast<chess::Bitboard>(rights >> 8) << 56);
  }
  bool ep_legal() const { return ep != chess::no_square; }
};

class RepetitionTracker {
 public:
  // The game's first position.
  void reset(const chess::Position& start);
  // A new position after ply `ply`; `irreversible` when the move was a capture or a pawn move.
  // Returns true when this position makes a false repetition, then `occurrences()` lists the
  // positions with this placement (at most once per placement and game).
  // The usual case (a placement not seen since the reset) is inline.
  bool add(const chess::Position& pos, int ply, bool irreversible) {
    if (irreversible) {
      kept_ = 0;
      seen_[0] = seen_[1] = seen_[2] = seen_[3] = 0;
    }
    if (kept_ == kKept) trim();  // keep the memory bounded too
    // Filled in place: copying a 16-byte struct just built field by field stalls on store
    // forwarding, once per ply (the replay's hottest store, found with perf).
    Occurrence& now = since_reset_[kept_++];
    fill(now, pos, ply);
    // Most positions are new: no scan when the filter has never seen this placement.
    if (!maybe_seen(now.placement)) {
      mark_seen(now.placement);
      return false;
    }
    return compare(now);
  }
  const std::vector<Occurrence>& occurrences() const { return found_; }
  // Whether a position occurred three times under the FIDE rules (a real threefold).
  bool threefold() const { return threefold_; }

 private:
  static void fill(Occurrence& o, const chess::Position& pos, int ply) {
    const bool ep_legal = pos.ep_square() != chess::no_square && pos.ep_capture_legal();
    const chess::Bitboard r = pos.castling_rights();
    o.placement = pos.placement_key();
    o.ply = static_cast<std::uint32_t>(ply);
    o.rights = static_cast<std::uint16_t>((r & 0xFF) | ((r >> 56) << 8));
    o.ep = ep_legal ? pos.ep_square() : chess::no_square;
  }
  void trim();
  bool compare(const Occurrence& now);
  bool maybe_seen(std::uint64_t placement) const {
    const unsigned b = static_cast<unsigned>(placement >> 56);
    return (seen_[b >> 6] >> (b & 63)) & 1;
  }
  void mark_seen(std::uint64_t placement) {
    const unsigned b = static_cast<unsigned>(placement >> 56);
    seen_[b >> 6] |= std::uint64_t{1} << (b & 63);
  }

  static constexpr std::size_t kWindow = 300;        // positions compared (twice the 75-move rule)
  static constexpr std::size_t kKept = 4 * kWindow;  // trimmed to the last kWindow when full
  // Fixed storage: a vector's growth, inlined into the replay's loop, cost more than the store.
  std::array<Occurrence, kKept> since_reset_;
  std::size_t kept_ = 0;        // the positions since the reset in since_reset_
  std::uint64_t seen_[4] = {};  // a 256-bit filter of the placements since the reset
  std::vector<std::uint64_t> flagged_;
  std::vector<Occurrence> found_;
  bool threefold_ = false;
};

}  // namespace rochade::analysis
