// The printers more than one subcommand uses: the games table (find's and games' CSV, TSV and
// JSON lines) and the viewer page of `find --format html` and `audit --format html`.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "app/run_support.hpp"
#include "report/games/games_table.hpp"
#include "report/viewer/viewer_page.hpp"

namespace CLI {
class App;
}

namespace rochade::app {

inline constexpr std::uint64_t default_html_max_games = 2000;

// Declares --html-max-games N (1 or more).
void add_html_max_games(CLI::App& app, std::uint64_t& max_games);

// The games table: its header before the run; the rows are the consumers' (append_game_row).
class TablePrinter : public Printer {
 public:
  TablePrinter(report::TableFormat format, const std::vector<std::string>& tags)
      : format_(format), tags_(tags) {}
  bool begin(io::Output& out) override;

 private:
  report::TableFormat format_;
  const std::vector<std::string>& tags_;  // --tag
};

// The viewer page (report/viewer/viewer_page.hpp) as a run writes it: its head before any input is
// read, the games' objects as the run delivers them in input order (at most --html-max-games),
// its tail after the run. The consumers' report::ViewerGames are given full(): past the cap they
// build nothing, and the run goes on at the speed of counting.
class ViewerPrinter : public Printer {
 public:
  // `command`: "find" or "audit" (the page's title, its note on the games left out).
  ViewerPrinter(std::string_view command, std::uint64_t max_games) : page_(command, max_games) {}
  bool begin(io::Output& out) override;
  void games(std::string_view lines, io::Output& out) override;
  void finish(const RunResult& run, io::Output& out, io::Output* extra) override;
  const std::atomic<bool>* full() const { return &page_.full(); }

 private:
  report::ViewerPage page_;
  std::string text_;  // the games' objects of one call, reused
};

}  // namespace rochade::app
