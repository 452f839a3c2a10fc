// `find --format html` and `audit --format html`: the viewer page (report/viewer_page.hpp) as a
// run writes it: its head before any input is read, the games' objects as the run delivers them
// in input order (at most --html-max-games), its tail after the run.
#pragma once

#include <cstdint>

#include "app/run_support.hpp"
#include "report/viewer_page.hpp"

namespace CLI {
class App;
}

namespace rochade::app {

inline constexpr std::uint64_t default_html_max_games = 2000;

// Declares --html-max-games N (1 or more).
void add_html_max_games(CLI::App& app, std::uint64_t& max_games);

// The page of one run and the output it goes to (known once the run has opened it).
struct ViewerRun {
  report::ViewerPage page;
  io::Output* out = nullptr;
};

// Sets the job's begin, write_games and finish to write `run`'s page; `run` outlives the job.
void use_viewer_page(Job& job, ViewerRun& run);

}  // namespace rochade::app
