// `stats --format csv`: one tidy table, one row per count, that reads back with a CSV parser.
#include <catch2/catch.hpp>

#include <map>

#include "report/stats/stats_formats.hpp"
#include "stats_fixture.hpp"

using namespace rochade;
using namespace rochade::report;
using namespace rochade::test;

namespace {

const std::vector<std::string> header{"group_key", "group_value", "metric",  "colour",
                                      "side",      "move",        "reason",  "result_pattern",
                                      "result",    "value",       "share_of"};

using Row = std::vector<std::string>;

// The value of the one row whose first nine fields are exactly `key`.
std::string value_of(const std::vector<Row>& rows, const Row& key) {
  std::string found;
  std::size_t matches = 0;
  for (const Row& r : rows) {
    if (std::equal(key.begin(), key.end(), r.begin())) {
      found = r[9];
      ++matches;
    }
  }
  INFO("key: " << Catch::Detail::stringify(key));
  CHECK(matches == 1);
  return found;
}

}  // namespace

TEST_CASE("csv: header, one row per count, fields that parse back", "[report]") {
  const std::string csv = stats_to_csv({sample_stats(), {}});
  const auto rows = parse_csv(csv);
  REQUIRE(rows.size() > 100);
  CHECK(rows.front() == header);
  for (const Row& r : rows) REQUIRE(r.size() == header.size());
  const std::vector<Row> data(rows.begin() + 1, rows.end());
  const std::vector<std::string> wholes{"",
                                        "games.total",
                                        "castling.games_analysed",
                                        "castling.both_castled",
                                        "castling.any_castled",
                                        "castling.castling_moves",
                                        "illegal_castling.total"};
  for (const Row& r : data) {  // every value is a count, a share of a whole or of nothing
    INFO(Catch::Detail::stringify(r));
    CHECK(r[9].find_first_not_of("0123456789") == std::string::npos);
    CHECK(std::find(wholes.begin(), wholes.end(), r[10]) != wholes.end());
  }
  CHECK(value_of(data, {"all", "all", "games.total", "", "", "", "", "", ""}) == "10");
  CHECK(value_of(data, {"all", "all", "games.skipped_variant", "", "", "", "", "", ""}) == "1");
  CHECK(value_of(data, {"all", "all", "castling.castled", "white", "kingside", "", "", "", ""}) ==
        "8");
  CHECK(value_of(data, {"all", "all", "castling.none", "black", "", "", "", "", ""}) == "1");
  // By the first castling, a share of the games analysed; the second castlings apart.
  CHECK(value_of(data, {"all", "all", "castling.first", "white", "kingside", "", "", "", ""}) ==
        "7");
  CHECK(value_of(data, {"all", "all", "castling.castled_again", "white", "", "", "", "", ""}) ==
        "1");
  CHECK(value_of(data, {"all", "all", "castling.games_analysed", "", "", "", "", "", ""}) == "9");
  CHECK(value_of(data, {"all", "all", "castling.by_move", "white", "queenside", "12", "", "",
                        ""}) == "2");
  CHECK(value_of(data, {"all", "all", "castling.by_move", "black", "queenside", "30", "", "",
                        ""}) == "1");
  CHECK(value_of(data, {"all", "all", "castling.king_moved_first", "black", "", "", "", "", ""}) ==
        "2");
  CHECK(value_of(data, {"all", "all", "illegal_castling.by_reason", "", "", "", "in_check", "",
                        ""}) == "1");
  CHECK(value_of(data, {"all", "all", "illegal_castling.by_reason", "", "", "", "rook_moved", "",
                        ""}) == "0");
  CHECK(value_of(data, {"all", "all", "results", "", "", "", "", "K/K", "1/2-1/2"}) == "2");
  CHECK(value_of(data, {"all", "all", "results", "", "", "", "", "-/-", "*"}) == "1");
  CHECK(value_of(data, {"all", "all", "annotation_mismatch", "", "", "", "", "", ""}) == "1");
  CHECK(value_of(data, {"all", "all", "false_repetition", "", "", "", "", "", ""}) == "1");
  CHECK(value_of(data, {"elo", "800-999", "castling.castled", "white", "kingside", "", "", "",
                        ""}) == "1");
  CHECK(value_of(data, {"input", "games/a.pgn", "input.games", "", "", "", "", "", ""}) == "10");
  // by_move: only non-zero moves; the sum equals the castling count.
  std::uint64_t white_kingside = 0;
  for (const Row& r : data)
    if (r[0] == "all" && r[2] == "castling.by_move" && r[3] == "white" && r[4] == "kingside") {
      CHECK(r[9] != "0");
      white_kingside += std::stoull(r[9]);
    }
  CHECK(white_kingside == 6);
  // Counts the JSON has only overall are not repeated per group.
  for (const Row& r : data)
    if (r[0] != "all") CHECK(r[2] != "annotation_mismatch");
}

TEST_CASE("csv: event names with commas, quotes and Latin-1 bytes", "[report]") {
  const std::string csv = stats_to_csv({sample_stats(), {}});
  CHECK(csv.find("event,\"Open, \"\"A\"\" | <b>x</b>\",games.total,") != std::string::npos);
  const auto rows = parse_csv(csv);
  const std::vector<Row> data(rows.begin() + 1, rows.end());
  CHECK(value_of(data, {"event", std::string(hostile_event), "games.total", "", "", "", "", "",
                        ""}) == "10");
  CHECK(value_of(data, {"event", "M\xc3\xbcnchen", "games.total", "", "", "", "", "", ""}) == "1");
  CHECK(valid_utf8(csv));
  CHECK(csv.substr(0, 10) == "group_key,");
  CHECK(csv.back() == '\n');
}

TEST_CASE("csv: zero games still give every count, as 0", "[report]") {
  const analysis::Stats empty;
  const auto rows = parse_csv(stats_to_csv({empty, {}}));
  REQUIRE(rows.size() > 1);
  for (std::size_t i = 1; i < rows.size(); ++i) CHECK(rows[i][9] == "0");
  std::map<std::string, int> metrics;
  for (std::size_t i = 1; i < rows.size(); ++i) ++metrics[rows[i][2]];
  CHECK(metrics["results"] == 36);  // 9 patterns x 4 results
  CHECK(metrics["illegal_castling.by_reason"] == chess::castling_reason_count);
  CHECK(metrics["castling.castled"] == 4);
  CHECK(metrics.count("castling.by_move") == 0);
}
