// `rochade stats --format text`: the report's sections (stats_sections.hpp, shared with Markdown
// and HTML) as aligned tables for a terminal.
#include <fmt/core.h>

#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_records.hpp"
#include "report/stats/stats_sections.hpp"

namespace rochade::report {

namespace {

std::string pad(const std::string& cell, std::size_t width, char align) {
  const std::size_t w = display_width(cell);
  const std::string fill(width > w ? width - w : 0, ' ');
  return align == 'r' ? fill + cell : cell + fill;
}

// Words of `text` in lines of at most `width` columns, each line starting with `indent`.
std::string wrap(const std::string& text, std::size_t width, const std::string& indent) {
  std::string out, line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && display_width(line) + 1 + display_width(word) > width) {
      out += indent + line + '\n';
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) out += indent + line + '\n';
  return out;
}

}  // namespace

std::string stats_to_text(const StatsReport& report) {
  std::string out = "rochade castling statistics\n";
  for (const Section& sec : report_sections(report.stats, report.highlights, report.records)) {
    out += '\n';
    out += sec.title;
    out += '\n';
    if (!sec.note.empty()) out += wrap("(" + sec.note + ")", 96, "  ");
    const Table& t = sec.table;
    std::vector<std::size_t> widths(t.header.size(), 0);
    const auto measure = [&](const std::vector<std::string>& row) {
      for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
        widths[i] = std::max(widths[i], display_width(row[i]));
    };
    measure(t.header);
    for (const auto& row : t.rows) measure(row);
    const auto line = [&](const std::vector<std::string>& row) {
      std::string text = " ";
      for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
        text += ' ' + pad(row[i], widths[i], t.align[i]) + (i + 1 < row.size() ? " " : "");
      while (!text.empty() && text.back() == ' ') text.pop_back();
      return text + '\n';
    };
    out += line(t.header);
    for (const auto& row : t.rows) out += line(row);
  }
  return out;
}

}  // namespace rochade::report
