// `stats --format html` and the SVG boards: one self-contained, escaped, valid UTF-8 page.
#include <catch2/catch.hpp>

#include <map>
#include <regex>

#include "chess/fen.hpp"
#include "report/common/svg_board.hpp"
#include "report/stats/stats_formats.hpp"
#include "stats_fixture.hpp"

using namespace rochade;
using namespace rochade::report;
using namespace rochade::test;

TEST_CASE("html: a board per highlight, escaped names, nothing fetched", "[report]") {
  const analysis::Stats s = sample_stats();
  const std::string html = stats_to_html({s, {sample_mate(), sample_illegal()}});
  CHECK(html.starts_with("<!DOCTYPE html>"));
  CHECK(count_of(html, "<svg class=\"board\"") == 2);
  CHECK(count_of(html, "<svg") == count_of(html, "</svg>"));
  CHECK(count_of(html, "<figure>") == 2);
  CHECK(count_of(html, "<figure>") == count_of(html, "</figure>"));
  CHECK(count_of(html, "<table>") == count_of(html, "</table>"));
  CHECK(html.find("</body></html>") != std::string::npos);
  // The player named "<script>..." is text, not a script.
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(html.find("&lt;b&gt;x&lt;/b&gt;") != std::string::npos);
  CHECK(html.find("<b>x</b>") == std::string::npos);
  CHECK(html.find("Ke8-d8 on move 12) &amp; back") != std::string::npos);  // the finding
  // Self-contained: nothing to fetch.
  CHECK(html.find("http") == std::string::npos);
  CHECK(html.find("src=") == std::string::npos);
  CHECK(html.find("href=") == std::string::npos);
  CHECK(html.find("url(") == std::string::npos);
  // The Latin-1 player name is UTF-8 in the page.
  CHECK(valid_utf8(html));
  CHECK(html.find("M\xc3\xbcller") != std::string::npos);
  CHECK(html.find("M\xc3\xbcnchen") != std::string::npos);
  // Charts: castling per colour, a histogram per colour, results, the elo trend, the events.
  CHECK(count_of(html, "<svg class=\"chart\"") == 6);
  CHECK(html.find("Trend by elo") != std::string::npos);
  CHECK(html.find("Castling by event") != std::string::npos);
}

TEST_CASE("html: zero games render without NaN and without boards", "[report]") {
  const analysis::Stats empty;
  const std::string html = stats_to_html({empty, {}});
  CHECK(html.find("nan") == std::string::npos);
  CHECK(html.find("inf") == std::string::npos);
  CHECK(count_of(html, "<svg class=\"board\"") == 0);
  CHECK(html.find("no games") != std::string::npos);
  const std::regex number_attr(R"re((x|y|width|height)="(-?[0-9.]+)")re");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), number_attr);
       it != std::sregex_iterator(); ++it)
    CHECK(std::stod((*it)[2].str()) >= 0);
}

TEST_CASE("board: a1 is a dark square at the bottom left, pieces where the FEN puts them",
          "[report]") {
  const std::string svg = svg_board("8/8/8/8/8/8/8/R3K1k1 w Q - 0 2", {4, 2, 0, 3}, "t<", 40);
  // Margins: 20 px on the left (ranks), 4 px on top; a1 is at (20, 4 + 7 * 40).
  CHECK(svg.find(R"(<rect x="20" y="284" width="40" height="40" fill="#b58863"/>)") !=
        std::string::npos);
  CHECK(svg.find(R"(<rect x="300" y="284" width="40" height="40" fill="#f0d9b5"/>)") !=
        std::string::npos);  // h1 light
  CHECK(svg.find(R"(<rect x="20" y="4" width="40" height="40" fill="#f0d9b5"/>)") !=
        std::string::npos);  // a8 light
  // The white king (outline glyph U+2654) in the middle of e1, the black king (U+265A) on g1.
  CHECK(svg.find("x=\"200.0\" y=\"306.0\" dominant-baseline=\"central\" fill=\"#111\">\u2654") !=
        std::string::npos);
  CHECK(svg.find("x=\"280.0\" y=\"306.0\" dominant-baseline=\"central\" fill=\"#111\">\u265A") !=
        std::string::npos);
  // The castling: king from/to and rook from/to squares are marked, two arrows.
  CHECK(count_of(svg, "fill=\"rgba(255,200,0,0.65)\"") == 2);
  CHECK(count_of(svg, "fill=\"rgba(40,120,230,0.55)\"") == 2);
  CHECK(count_of(svg, "<polygon") == 2);
  CHECK(svg.find("<title>t&lt;</title>") != std::string::npos);
  CHECK(svg.find(">a</text>") != std::string::npos);
  CHECK(svg.find(">8</text>") != std::string::npos);
}

TEST_CASE("board: an unreadable FEN gives no board, missing squares no marks", "[report]") {
  CHECK(svg_board("", {}, "x").empty());
  CHECK(svg_board("not a fen", {}, "x").empty());
  const std::string svg = svg_board(std::string(chess::startpos_fen), {}, "x");
  CHECK(count_of(svg, "<polygon") == 0);
  CHECK(count_of(svg, "rgba(") == 0);
  CHECK(count_of(svg, "<text") == 16 + 32 + 16);  // coordinates, pieces, white outlines
}

TEST_CASE("html: an unreadable highlight FEN still lists the game", "[report]") {
  analysis::Highlight h = sample_mate();
  h.fen_before = "garbage";
  const std::string html = stats_to_html({sample_stats(), {h}});
  CHECK(count_of(html, "<svg class=\"board\"") == 0);
  CHECK(html.find("position unavailable") != std::string::npos);
  CHECK(html.find("O-O-O#") != std::string::npos);
}

// The histograms of "When they castle" on large data: the figures line (counts, median,
// quartiles: as wide as the chart with six-digit counts) has a row of its own, below the title
// and the legend, and the move numbers under the bars never touch (the last one, 46, comes
// after 40 rather than beside 45).
TEST_CASE("html: the histograms' figures and move labels do not overlap", "[report]") {
  analysis::Stats s;
  for (int side = 0; side < 2; ++side)
    for (std::size_t move = 3; move <= 46; ++move)
      for (int col = 0; col < 2; ++col) {
        s.all.add_by_move(chess::Color(col), chess::CastlingSide(side), move, 423779 / move);
        s.all.castled[static_cast<std::size_t>(col)][static_cast<std::size_t>(side)] += 423779 / move;
      }
  const std::string html = stats_to_html({s, {}});
  const std::regex text_re(R"re(<text x="([0-9.]+)" y="([0-9.]+)"[^>]*>([^<]*)</text>)re");
  std::size_t start = 0;
  int charts = 0;
  while ((start = html.find("castlings by move number", start)) != std::string::npos) {
    const std::size_t end = html.find("</svg>", start);
    REQUIRE(end != std::string::npos);
    const std::string svg = html.substr(start, end - start);
    start = end;
    ++charts;
    double title_y = -1, figures_y = -1;
    std::vector<std::pair<double, std::string>> labels;  // the move numbers under the bars
    double label_y = 0;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text_re); it != std::sregex_iterator();
         ++it) {
      const double x = std::stod((*it)[1]), y = std::stod((*it)[2]);
      const std::string t = (*it)[3];
      if (t.find("castlings by move number") != std::string::npos) title_y = y;
      if (t.find("median") != std::string::npos) figures_y = y;
      if (!t.empty() && std::isdigit(static_cast<unsigned char>(t[0])) && t.find('%') == std::string::npos &&
          t.find(' ') == std::string::npos) {
        if (y > label_y + 1) labels.clear(), label_y = y;  // the lowest row of numbers
        if (y > label_y - 1) labels.emplace_back(x, t);
      }
    }
    INFO(svg.substr(0, 600));
    CHECK(title_y > 0);
    CHECK(figures_y > title_y + 10);  // a row of its own under the title and the legend
    REQUIRE(labels.size() >= 5);
    CHECK(labels.back().second == "46");
    for (std::size_t i = 1; i < labels.size(); ++i) {
      INFO(labels[i - 1].second << " at " << labels[i - 1].first << ", " << labels[i].second
                                << " at " << labels[i].first);
      CHECK(labels[i].first - labels[i - 1].first >= 30);  // room for "46+" in 12 px type
    }
  }
  CHECK(charts == 2);
}

// "When they castle": one scale for every bar of both histograms, each a share of its colour's
// castlings (kingside and queenside together), which the section says. White castles O-O 900
// times and O-O-O 100 times, Black 50 and 50: White's O-O bar is 9 times its O-O-O bar, Black's
// two are equal, and White's O-O bar (90 %) is 1.8 times Black's (50 %).
TEST_CASE("html: the histograms' bars share one scale", "[report]") {
  analysis::Stats s;
  const auto add = [&s](int col, int side, std::size_t move, std::uint64_t n) {
    s.all.add_by_move(chess::Color(col), chess::CastlingSide(side), move, n);
    s.all.castled[static_cast<std::size_t>(col)][static_cast<std::size_t>(side)] += n;
  };
  add(0, 0, 10, 900);
  add(0, 1, 12, 100);
  add(1, 0, 10, 50);
  add(1, 1, 12, 50);
  const std::string html = stats_to_html({s, {}});
  CHECK(html.find("Each bar is a share of the colour's castlings, kingside and queenside "
                  "together: one scale for both sides and both colours.") != std::string::npos);
  const std::regex bar_re(
      R"re(height="([0-9.]+)" fill="[^"]+"><title>move (\d+): (O-O(?:-O)?) ([0-9,]+) \(([0-9.]+)% of (white|black)'s castlings\)</title>)re");
  std::map<std::string, double> height;  // "white O-O" → the bar's height
  for (auto it = std::sregex_iterator(html.begin(), html.end(), bar_re);
       it != std::sregex_iterator(); ++it)
    height[(*it)[6].str() + " " + (*it)[3].str()] = std::stod((*it)[1]);
  INFO(html.substr(html.find("When they castle"), 3000));
  REQUIRE(height.size() == 4);
  CHECK(height["white O-O"] == Approx(9 * height["white O-O-O"]).epsilon(0.01));
  CHECK(height["black O-O"] == Approx(height["black O-O-O"]).epsilon(0.01));
  CHECK(height["white O-O"] == Approx(1.8 * height["black O-O"]).epsilon(0.01));
}
