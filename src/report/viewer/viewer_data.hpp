// The data of one game for the viewer page (docs/VIEWER.md, "Data in the page"): its
// tags, start position, one SAN and one FEN per ply from rochade's own replay, its castlings, and
// the findings shown with their reasons, evidence plies and, for an illegal castling, what the
// board shows at it (the king's and the rook's paths, the attacked and blocked squares). The
// page's script draws these and holds no chess rules.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/finding.hpp"
#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"
#include "chess/position.hpp"

namespace rochade::report {

// The line ViewerGames::append writes for a game the page cannot hold (past_cap_line, then
// '\n'): ViewerPage::games counts it among the games left out.
inline constexpr std::string_view past_cap_line = ".";

// One per worker: it replays each game it is given once more, keeping the positions (the
// pipeline's replay keeps none), so only the games a page shows pay for their FENs.
class ViewerGames {
 public:
  // `page_full`: the page's ViewerPage::full() (find's and audit's page), or null (the stats
  // report's listed games).
  explicit ViewerGames(const std::atomic<bool>* page_full = nullptr);
  // Appends the game's object on one line, then '\n'. `findings`: those the page shows (audit:
  // the selected ones; find: all of the game's). Every '<' is written as \u003c, so no text of
  // the game can end the page's <script> element. Once the page is full, a game given to a
  // worker is past its cap for certain (the page is written in input order, and this game's
  // batch is not written yet): it is not replayed, only past_cap_line is written for it.
  void append(std::string_view input, const analysis::GameRecord& record,
              const std::vector<const analysis::Finding*>& findings, std::string& out);
  // The games whose object this worker built (append, append_listed).
  std::uint64_t built() const { return built_; }
  // The same for a game the stats report lists (analysis::Highlight::record()): it shows the
  // game's illegal castlings with their reasons and evidence, and opens at `open` (the listed
  // castling's ply) where the replay reaches it.
  void append_listed(std::string_view input, const analysis::GameRecord& record, int open,
                     std::string& out);

 private:
  // The object of the game just replayed into analysis_ and positions_; `open` > 0 overrides
  // the ply the page would open it at.
  void write(std::string_view input, const analysis::GameRecord& record,
             const std::vector<const analysis::Finding*>& findings, int open, std::string& out);

  const std::atomic<bool>* page_full_;
  std::uint64_t built_ = 0;
  analysis::Replayer replayer_;
  analysis::GameAnalysis analysis_;
  std::vector<chess::Position> positions_;
  std::string json_;
};

// All findings of a game, as pointers (find shows them all).
std::vector<const analysis::Finding*> all_findings(const analysis::GameAnalysis& analysis);

}  // namespace rochade::report
