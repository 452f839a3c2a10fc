#include "app/viewer_output.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace rochade::app {

void add_html_max_games(CLI::App& app, std::uint64_t& max_games) {
  app.add_option("--html-max-games", max_games,
                 "with --format html: the most games the page holds (the page says how many "
                 "more there were)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}))
      ->capture_default_str();
}

void use_viewer_page(Job& job, ViewerRun& run) {
  job.begin = [&run](io::Output& out) {
    run.out = &out;
    out.write(run.page.head());
    return true;
  };
  job.write_games = [&run](std::string_view lines) {
    std::string text;
    run.page.games(lines, text);
    if (run.out != nullptr && !text.empty()) run.out->write(text);
  };
  job.finish = [&run](const RunResult&, io::Output& out, io::Output*) {
    out.write(run.page.tail());
  };
}

}  // namespace rochade::app
