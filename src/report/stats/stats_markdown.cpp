// `rochade stats --format md`: the sections of the text report (stats_sections.hpp) as
// GitHub-flavoured Markdown tables (one table per section, numbers right-aligned).
#include <fmt/core.h>

#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_records.hpp"
#include "report/stats/stats_sections.hpp"

namespace rochade::report {

namespace {

// A table cell: Markdown punctuation that could start emphasis, code, links, HTML or end the
// cell is escaped with a backslash.
std::string md_cell(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '\\':
      case '|':
      case '*':
      case '_':
      case '`':
      case '<':
      case '>':
      case '[':
      case ']':
      case '#':
      case '~':
        out += '\\';
        out += c;
        break;
      default:
        out += c;
    }
  }
  // Leading spaces (indented sub-rows in text) are trimmed from a Markdown cell, and so is an em
  // space written as itself by some renderers: the entity survives as the indent.
  std::size_t indent = 0;
  while (indent < out.size() && out[indent] == ' ') ++indent;
  if (indent > 0) out = "&emsp;" + out.substr(indent);  // a space no renderer trims
  return out.empty() ? " " : out;
}

void append_table(std::string& out, const Table& t) {
  const auto row = [&](const std::vector<std::string>& cells) {
    out += '|';
    for (std::size_t i = 0; i < t.header.size(); ++i)
      out += ' ' + md_cell(i < cells.size() ? cells[i] : "") + " |";
    out += '\n';
  };
  row(t.header);
  out += '|';
  for (std::size_t i = 0; i < t.header.size(); ++i)
    out += i < t.align.size() && t.align[i] == 'r' ? " ---: |" : " :--- |";
  out += '\n';
  for (const auto& r : t.rows) row(r);
}

}  // namespace

std::string stats_to_markdown(const StatsReport& report) {
  std::string out = "# rochade castling statistics\n";
  for (const Section& sec : report_sections(report.stats, report.highlights, report.records)) {
    out += "\n## " + md_cell(sec.title) + "\n\n";
    if (!sec.note.empty()) out += md_cell(sec.note) + "\n\n";
    append_table(out, sec.table);
  }
  return out;
}

}  // namespace rochade::report
