// The shared computations of the stats reports: percentages, quartiles from histograms, scores,
// text cleaning and the order of group values.
#include <catch2/catch.hpp>

#include "report/stats/stats_summary.hpp"
#include "stats_fixture.hpp"

using namespace rochade;
using namespace rochade::report;
using rochade::test::sample_counts;

TEST_CASE("percentages are undefined on zero games and rounded to one decimal", "[report]") {
  CHECK_FALSE(percent(0, 0).has_value());
  CHECK_FALSE(percent(5, 0).has_value());
  CHECK(format_percent(percent(5, 0)) == "-");
  CHECK(format_percent(percent(2, 3)) == "66.7%");
  CHECK(format_percent(percent(0, 7)) == "0.0%");
  CHECK(format_percent(percent(7, 7)) == "100.0%");
}

TEST_CASE("thousands separators and decimals", "[report]") {
  CHECK(with_thousands(0) == "0");
  CHECK(with_thousands(999) == "999");
  CHECK(with_thousands(1000) == "1,000");
  CHECK(with_thousands(1234567) == "1,234,567");
  CHECK(format_decimal(9.0) == "9");
  CHECK(format_decimal(9.5) == "9.5");
  CHECK(format_decimal(6.25) == "6.25");
}

TEST_CASE("quantiles of a move-number histogram interpolate like numpy", "[report]") {
  // Values 5, 6, 7, 8, 9, 10.
  std::vector<std::uint64_t> hist(11, 0);
  for (std::size_t m = 5; m <= 10; ++m) hist[m] = 1;
  const MoveQuartiles q = move_quartiles(hist);
  CHECK(q.count == 6);
  CHECK(*q.q1 == Approx(6.25));
  CHECK(*q.median == Approx(7.5));
  CHECK(*q.q3 == Approx(8.75));
  // Odd count with repeated values: 3, 3, 3, 4, 20.
  std::vector<std::uint64_t> h2(21, 0);
  h2[3] = 3;
  h2[4] = 1;
  h2[20] = 1;
  CHECK(*histogram_quantile(h2, 0.5) == Approx(3));
  CHECK(*histogram_quantile(h2, 0.75) == Approx(4));
  CHECK(*histogram_quantile(h2, 1.0) == Approx(20));
  CHECK(*histogram_quantile(h2, 0.0) == Approx(3));
  // Empty: nothing, not NaN.
  CHECK_FALSE(histogram_quantile({}, 0.5).has_value());
  CHECK_FALSE(histogram_quantile(std::vector<std::uint64_t>(40, 0), 0.5).has_value());
  CHECK_FALSE(move_quartiles({}).median.has_value());
}

TEST_CASE("white's score counts draws as half and leaves unfinished games out", "[report]") {
  const analysis::Counts c = sample_counts();
  const Score kk = pattern_score(c, 0, 0);
  CHECK(kk.games() == 7);
  CHECK(kk.scored() == 6);
  CHECK(*kk.white_percent() == Approx(400.0 / 6));
  CHECK_FALSE(pattern_score(c, 2, 2).white_percent().has_value());  // only "*"
  CHECK(*pattern_score(c, 1, 0).white_percent() == Approx(100));
  const Score all = total_score(c);
  CHECK(all.games() == 9);
  CHECK(all.unfinished == 2);
  CHECK(*all.white_percent() == Approx(500.0 / 7));
  CHECK(whole_of(c, Whole::analysed) == 9);
  CHECK(whole_of(c, Whole::castling_moves) == 17);
}

TEST_CASE("text from PGN bytes becomes valid UTF-8", "[report]") {
  CHECK(clean_text("M\xfcller") == "M\xc3\xbcller");      // Latin-1
  CHECK(clean_text("M\xc3\xbcller") == "M\xc3\xbcller");  // UTF-8 kept
  CHECK(clean_text("a\tb\nc") == "a b c");
  CHECK(clean_text("\x85") == "\xEF\xBF\xBD");  // C1 control: replacement character
  CHECK(display_width("M\xc3\xbcller") == 6);
  CHECK(html_escape("<a href='x'>&\"</a>") == "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
}

TEST_CASE("long text is cut at either end with an ellipsis", "[report]") {
  CHECK(truncate_text("abcdef", 6) == "abcdef");
  CHECK(truncate_text("abcdefgh", 6) == "abcde\xE2\x80\xA6");
  CHECK(truncate_text("abcdefgh", 6, true) ==
        "\xE2\x80\xA6"
        "defgh");
  CHECK(truncate_text("\xc3\xbc\xc3\xbc\xc3\xbc\xc3\xbc", 3) == "\xc3\xbc\xc3\xbc\xE2\x80\xA6");
  CHECK(display_width(truncate_text("/very/long/path/to/a/file.pgn", 12, true)) == 12);
}

TEST_CASE("group values are ordered for reading", "[report]") {
  std::map<std::string, analysis::Counts, std::less<>> v;
  for (const char* k : {"unknown", "2200-2399", "800-999", "1000-1199"}) v[k] = {};
  CHECK(ordered_group_values(analysis::GroupKey::elo, v) ==
        std::vector<std::string>{"800-999", "1000-1199", "2200-2399", "unknown"});
  v.clear();
  for (const char* k : {"blitz", "unknown", "classical", "bullet", "correspondence", "rapid"})
    v[k] = {};
  CHECK(ordered_group_values(analysis::GroupKey::timecontrol, v) ==
        std::vector<std::string>{"bullet", "blitz", "rapid", "classical", "correspondence",
                                 "unknown"});
  v.clear();
  for (const char* k : {"*", "1/2-1/2", "0-1", "1-0"}) v[k] = {};
  CHECK(ordered_group_values(analysis::GroupKey::result, v) ==
        std::vector<std::string>{"1-0", "0-1", "1/2-1/2", "*"});
  v.clear();
  for (const char* k : {"unknown", "Zurich", "Amsterdam"}) v[k] = {};
  CHECK(ordered_group_values(analysis::GroupKey::event, v) ==
        std::vector<std::string>{"Amsterdam", "Zurich", "unknown"});
}
