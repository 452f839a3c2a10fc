// Move-generator self-check: counts the leaf nodes of the legal move tree.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "chess/position.hpp"

namespace rochade::chess {

std::uint64_t perft(const Position& pos, int depth);
// Per legal move of the root: the move and the nodes below it.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth);

}  // namespace rochade::chess
