// `stats --format text` and `--format md`: the numbers a person reads, laid out in tables.
#include <catch2/catch.hpp>

#include <sstream>

#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_json.hpp"
#include "stats_fixture.hpp"
#include "support/data.hpp"

using namespace rochade;
using namespace rochade::report;
using namespace rochade::test;

namespace {

// The first line starting (after spaces) with `label`.
std::string line_with(const std::string& text, std::string_view label) {
  for (const std::string& line : lines(text)) {
    const std::size_t start = line.find_first_not_of(' ');
    if (start != std::string::npos && std::string_view(line).substr(start).starts_with(label))
      return line;
  }
  FAIL("no line starting with " << label << " in\n" << text);
  return {};
}

std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

TEST_CASE("text: games by each colour's first castling, shares adding up to 100%", "[report]") {
  const analysis::Stats s = sample_stats();
  const std::string text = stats_to_text({s, {}});
  CHECK(words(line_with(text, "white  ")) ==
        std::vector<std::string>{"white", "7", "77.8%", "1", "11.1%", "1", "11.1%", "1", "9"});
  CHECK(words(line_with(text, "black  ")) ==
        std::vector<std::string>{"black", "8", "88.9%", "0", "0.0%", "1", "11.1%", "0", "8"});
  CHECK(words(line_with(text, "total")) == std::vector<std::string>{"total", "10", "100.0%"});
  CHECK(words(line_with(text, "skipped (variant)")) ==
        std::vector<std::string>{"skipped", "(variant)", "1", "10.0%"});
}

TEST_CASE("text: quartiles of the castling move", "[report]") {
  const std::string text = stats_to_text({sample_stats(), {}});
  CHECK(words(line_with(text, "white O-O ")) ==
        std::vector<std::string>{"white", "O-O", "6", "6.25", "7.5", "8.75"});
  CHECK(words(line_with(text, "white O-O-O")) ==
        std::vector<std::string>{"white", "O-O-O", "2", "12", "12", "12"});
  CHECK(words(line_with(text, "black O-O ")) ==
        std::vector<std::string>{"black", "O-O", "3", "6", "8", "8.5"});
  CHECK(words(line_with(text, "black O-O-O")) ==
        std::vector<std::string>{"black", "O-O-O", "3", "15", "20", "25"});
}

TEST_CASE("text: events, illegal reasons and scores per pattern", "[report]") {
  const std::string text = stats_to_text({sample_stats(), {}});
  CHECK(words(line_with(text, "opposite sides")) ==
        std::vector<std::string>{"opposite", "sides", "1", "12.5%", "both", "castled"});
  CHECK(words(line_with(text, "mate by castling")) ==
        std::vector<std::string>{"mate", "by", "castling", "1", "5.9%", "castling", "moves"});
  CHECK(words(line_with(text, "king_moved")) ==
        std::vector<std::string>{"king_moved", "2", "100.0%"});
  CHECK(words(line_with(text, "in_check")) == std::vector<std::string>{"in_check", "1", "50.0%"});
  CHECK(text.find("rook_moved") == std::string::npos);  // zero reasons are left out
  CHECK(words(line_with(text, "K/K")) ==
        std::vector<std::string>{"K/K", "7", "3", "1", "2", "1", "66.7%"});
  CHECK(words(line_with(text, "-/-")) ==
        std::vector<std::string>{"-/-", "1", "0", "0", "0", "1", "-"});
  CHECK(text.find("Q/Q") == std::string::npos);  // empty patterns are left out
  CHECK(words(line_with(text, "all ")).back() == "71.4%");
}

TEST_CASE("text: one table per group key, values in reading order, columns aligned", "[report]") {
  const std::string text = stats_to_text({sample_stats(), {}});
  const std::size_t elo = text.find("By elo"), low = text.find("800-999", elo),
                    mid = text.find("1000-1199", elo);
  REQUIRE(elo != std::string::npos);
  CHECK(low < mid);
  CHECK(words(line_with(text, "1000-1199")) ==
        std::vector<std::string>{"1000-1199", "9", "77.8%", "11.1%", "11.1%", "88.9%", "0.0%",
                                 "11.1%", "1", "2", "71.4%"});
  // Latin-1 event names become UTF-8 and keep the columns aligned (width in code points).
  const std::string munich = line_with(text, "M\xc3\xbcnchen");
  const std::string unknown = line_with(text, "unknown");
  CHECK(munich.size() == unknown.size() + 1);  // same width, one two-byte character
  CHECK(valid_utf8(text));
}

TEST_CASE("text, md: zero games print dashes, never nan or inf", "[report]") {
  analysis::Stats empty;
  empty.groups[analysis::GroupKey::year]["unknown"] = {};
  for (const std::string& out : {stats_to_text({empty, {}}), stats_to_markdown({empty, {}}),
                                 stats_to_csv({empty, {}}), stats_to_html({empty, {}})}) {
    CHECK(out.find("nan") == std::string::npos);
    CHECK(out.find("inf") == std::string::npos);
    CHECK(out.find("NaN") == std::string::npos);
  }
  const std::string text = stats_to_text({empty, {}});
  CHECK(words(line_with(text, "white  ")) ==
        std::vector<std::string>{"white", "0", "-", "0", "-", "0", "-", "0", "0"});
  CHECK(words(line_with(text, "white O-O ")) ==
        std::vector<std::string>{"white", "O-O", "0", "-", "-", "-"});
}

TEST_CASE("md: every table row has the header's columns, cells are escaped", "[report]") {
  const std::string md = stats_to_markdown({sample_stats(), {sample_mate()}});
  const auto rows = lines(md);
  std::size_t tables = 0;
  for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
    if (!rows[i].starts_with("|") || (i > 0 && rows[i - 1].starts_with("|"))) continue;
    ++tables;  // a header row: the next row is the alignment row
    const auto cells = [](const std::string& l) {
      std::size_t n = 0;
      for (std::size_t k = 0; k < l.size(); ++k)
        if (l[k] == '|' && (k == 0 || l[k - 1] != '\\')) ++n;
      return n;
    };
    REQUIRE(rows[i + 1].find("---") != std::string::npos);
    for (std::size_t j = i + 1; j < rows.size() && rows[j].starts_with("|"); ++j)
      CHECK(cells(rows[j]) == cells(rows[i]));
  }
  CHECK(tables >= 8);
  CHECK(md.find("| :--- | ---: |") != std::string::npos);
  CHECK(md.find("## Results by castling pattern") != std::string::npos);
  CHECK(md.find("\\<script\\>") != std::string::npos);  // no raw HTML from a player name
  CHECK(md.find("<script>") == std::string::npos);
  CHECK(md.find("\\| \\<b\\>") != std::string::npos);  // the event's | does not split a cell
  CHECK(md.find("| \\* |") != std::string::npos);      // the "*" result column
  CHECK(valid_utf8(md));
}

TEST_CASE("text, csv, md: merge of the JSON gives the same report as the run", "[report]") {
  // Groups in the JSON carry no annotation_mismatch / false_repetition: the reports must not
  // show them per group, or `merge` would print other numbers than `stats`.
  const analysis::Stats s = sample_stats();
  analysis::Stats back;
  std::string error;
  REQUIRE(stats_from_json(stats_to_json(s), back, error));
  CHECK(stats_to_text({s, {}}) == stats_to_text({back, {}}));
  CHECK(stats_to_csv({s, {}}) == stats_to_csv({back, {}}));
  CHECK(stats_to_markdown({s, {}}) == stats_to_markdown({back, {}}));
  CHECK(stats_to_html({s, {}}) == stats_to_html({back, {}}));
}
