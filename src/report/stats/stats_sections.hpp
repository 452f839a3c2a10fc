// The stats report as a list of titled tables (the table model): built once from the statistics
// (stats_sections.cpp) and laid out by each format in its own way: aligned text, Markdown
// tables, HTML tables. The games listed one by one (mates by castling, illegal castlings) are
// sections too.
#pragma once

#include <string>
#include <vector>

#include "analysis/highlights.hpp"
#include "analysis/stats.hpp"
#include "report/stats/stats_summary.hpp"

namespace rochade::report {

struct Table {
  std::vector<std::string> header;
  std::string align;  // one 'l' or 'r' per column
  std::vector<std::vector<std::string>> rows;
};

struct Section {
  std::string title;
  std::string note;  // a sentence under the title, may be empty
  Table table;
};

// Every section of the text and Markdown reports, in order (all text already cleaned). The
// inputs are numbered; with many, those `highlights` refer to are listed.
std::vector<Section> summary_sections(const analysis::Stats& stats,
                                      const std::vector<analysis::Highlight>& highlights);
// The highlighted games as tables (mates by castling, illegal castlings); none when empty.
std::vector<Section> highlight_sections(const analysis::Stats& stats,
                                        const std::vector<analysis::Highlight>& highlights);
// A section as an HTML <h3>, note and <table> (escaped): the HTML report's "All numbers".
std::string section_to_html(const Section& sec);
// "The first 24 of 120 in input order — `rochade find --mate-by-castling` lists them all." (or
// "All 3, in input order."): what a list of `shown` highlighted games of a kind leaves out.
std::string listed_note(analysis::Highlight::Kind kind, std::size_t shown,
                        const analysis::Counts& all);
// "12. O-O-O" or "12... O-O" for a highlighted castling (cleaned text).
std::string highlight_move(const analysis::Highlight& h);
// "game 5:7 (game 7 of input 5, input.pgn)" (the file name without its folder) where the input
// is known.
std::string highlight_source(const analysis::Stats& stats, const analysis::Highlight& h);

}  // namespace rochade::report
