// `rochade find`'s predicates over a replayed game (docs/CLI.md). They combine with AND. With
// castled white or black, the predicates on a castling (side, mate, check, illegal) ask about that
// colour's castlings (--castled black --queenside is "black castled queenside"); otherwise about
// either colour's. The first castling of each colour decides opposite, same side, castled and
// never castled.
#pragma once

#include <cstdint>
#include <optional>

#include "analysis/replay.hpp"
#include "base/names.hpp"
#include "chess/castling.hpp"

namespace rochade::analysis {

// Which colours a predicate asks about (find's --castled, --no-castling).
enum class Who : std::uint8_t { white, black, both };
inline constexpr base::NameTable<Who> who_names{
    {{Who::white, "white"}, {Who::black, "black"}, {Who::both, "both"}}};

struct FindPredicate {
  bool mate_by_castling = false, castling_check = false, queenside = false, kingside = false;
  bool opposite = false, same_side = false;
  bool illegal_any = false;                       // an illegal castling
  std::optional<chess::CastlingReason> reason{};  // an illegal castling with this reason
  std::optional<Who> no_castling{}, castled{};    // nothing: not asked

  // Every predicate given holds. A game in a variant rochade does not replay matches none; a
  // game without moves matches no castling predicate (GameAnalysis::analysed: the games whose
  // castling the statistics count), so each predicate finds the games of its stats count.
  bool matches(const GameAnalysis& a) const;
  // Whether any predicate about castling is given.
  bool asks_castling() const;
};

}  // namespace rochade::analysis
