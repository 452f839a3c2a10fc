#include "app/printers.hpp"

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

bool TablePrinter::begin(io::Output& out) {
  out.write(report::games_table_header(format_, tags_));
  return true;
}

bool ViewerPrinter::begin(io::Output& out) {
  out.write(page_.head());
  return true;
}

void ViewerPrinter::games(std::string_view lines, io::Output& out) {
  text_.clear();
  page_.games(lines, text_);
  if (!text_.empty()) out.write(text_);
}

void ViewerPrinter::finish(const RunResult& run, io::Output& out, io::Output*) {
  out.write(page_.tail(run.inputs.size()));
}

}  // namespace rochade::app
