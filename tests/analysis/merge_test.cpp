// merge(partials of parts) == stats(whole), exactly: a real file split into uneven parts at game
// boundaries, each part's statistics written as JSON, read back and added up.
#include <catch2/catch.hpp>

#include "analysis/stats.hpp"
#include "report/stats/stats_json.hpp"
#include "support/data.hpp"
#include "support/replay.hpp"

using namespace rochade;

namespace {

analysis::Stats stats_of(std::string_view text, const std::vector<analysis::GroupKey>& keys) {
  analysis::Stats s;
  for (const auto& g : test::replay_text(text)) s.add(g.record, g.analysis, keys);
  return s;
}

}  // namespace

TEST_CASE("merge of partial statistics equals the statistics of the whole", "[merge][corpus]") {
  // The whole corpus: Adams's 2,000+ games; tests/data: 1,100 games of masters, the 19th and
  // early 20th century and Lichess. With the mates by castling. (Not Karpov-Miles: a group's
  // false_repetition and annotation_mismatch counts are not in the JSON of its group.)
  const bool whole_corpus = test::whole_corpus();
  std::string text;
  for (const char* f : {"masters/Anand_Kramnik.pgn", "historical/chessnostalgia-1800-1900.pgn",
                        "historical/mir_khan.pgn", "historical/chessnostalgia-1901-1920.pgn",
                        "lichess/pgn2data-lichess_manwithavan_2021-07-25.pgn",
                        "lichess/lichess-export-ChessGPT.pgn", "lichess/chesscom-export-ChessGPT.pgn"})
    if (!whole_corpus) text += test::read_file(test::data_file(f)) + "\n";
  if (whole_corpus) text = test::read_file(test::data_file("masters/Adams.pgn")) + "\n";
  text +=
      test::read_file(test::data_file("historical/castling-incidents/castling-mate-puzzles.pgn"));
  // Game starts: lines beginning with "[Event ".
  std::vector<std::size_t> starts;
  for (std::size_t p = text.find("[Event "); p != std::string::npos; p = text.find("\n[Event ", p + 1))
    starts.push_back(text[p] == '\n' ? p + 1 : p);
  REQUIRE(starts.size() > (whole_corpus ? 2000 : 1000));
  const std::vector<analysis::GroupKey> keys{analysis::GroupKey::year, analysis::GroupKey::eco,
                                             analysis::GroupKey::elo, analysis::GroupKey::result};
  const analysis::Stats whole = stats_of(text, keys);
  REQUIRE(whole.all.games == starts.size());

  // Uneven parts: 1 game, 7 games, 300 games, 1,000 games (500 in tests/data), the rest.
  const std::vector<std::size_t> cuts{1, 8, 308, whole_corpus ? 1308u : 808u};
  analysis::Stats merged;
  std::size_t from = 0;
  for (std::size_t i = 0; i <= cuts.size(); ++i) {
    const std::size_t begin = starts[from];
    const std::size_t end = i < cuts.size() ? starts[cuts[i]] : text.size();
    const analysis::Stats part = stats_of(std::string_view(text).substr(begin, end - begin), keys);
    analysis::Stats back;
    std::string error;
    REQUIRE(report::stats_from_json(report::stats_to_json(part), back, error));
    INFO(error);
    CHECK(back == part);  // the JSON carries every count
    merged += back;
    if (i < cuts.size()) from = cuts[i];
  }
  CHECK(merged.all == whole.all);
  CHECK(merged.groups == whole.groups);
  CHECK(report::stats_to_json(merged) == report::stats_to_json(whole));
  // The counts are not trivially zero.
  CHECK(whole.all.castled[0][0] > (whole_corpus ? 1000u : 300u));
  CHECK(whole.all.checkmate >= 1);
  CHECK(whole.groups.at(analysis::GroupKey::year).size() > 10);
}

TEST_CASE("merge rejects documents that are not rochade statistics", "[merge]") {
  analysis::Stats s;
  std::string error;
  CHECK_FALSE(report::stats_from_json("{\"schema\": \"other\"}", s, error));
  CHECK_THAT(error, Catch::Contains("schema"));
  CHECK_FALSE(report::stats_from_json("{\"schema\": \"rochade.stats/1\", \"games\": 3", s, error));
  CHECK_THAT(error, Catch::Contains("not JSON"));
  CHECK_FALSE(report::stats_from_json("{\"schema\": \"rochade.stats/1\"}", s, error));
  CHECK_THAT(error, Catch::Contains("missing"));
}
