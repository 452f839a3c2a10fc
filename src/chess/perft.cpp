#include "chess/perft.hpp"

#include "chess/movegen.hpp"

namespace rochade::chess {

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList list;
  generate_legal(pos, list);
  if (depth == 1) return list.size();  // bulk counting at the leaves
  std::uint64_t nodes = 0;
  for (const Move m : list) {
    Position next = pos;
    next.play(m);
    nodes += perft(next, depth - 1);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  MoveList list;
  generate_legal(pos, list);
  for (const Move m : list) {
    Position next = pos;
    next.play(m);
    out.emplace_back(m, perft(next, depth - 1));
  }
  return out;
}

}  // namespace rochade::chess
