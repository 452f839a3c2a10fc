#include "report/games/game_pgn.hpp"

namespace rochade::report {

void append_game_pgn(const analysis::GameRecord& record, std::string& out) {
  std::string_view raw = record.raw();
  while (!raw.empty() && (raw.back() == '\n' || raw.back() == '\r')) raw.remove_suffix(1);
  out.append(raw);
  out += "\n\n";
}

}  // namespace rochade::report
