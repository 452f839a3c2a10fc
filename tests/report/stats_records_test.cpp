// The castling records in the stats document (report/stats/stats_records.hpp): written and read
// back unchanged, absent from a document before v1.5, malformed entries refused, and merged from
// partials as one run: inputs renumbered across the partials, ties to the first partial.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>

#include "analysis/records.hpp"
#include "analysis/stats.hpp"
#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_json.hpp"
#include "report/stats/stats_merge.hpp"
#include "stats_fixture.hpp"
#include "support/replay.hpp"

using namespace rochade;
using analysis::RecordKind;

namespace {

// One "run" over the games of tests/cli/records.pgn numbered `first` .. `last` (1-based), as
// the input `path`: its statistics and its records.
struct Part {
  analysis::Stats stats;
  report::StatsRun run;
};
Part part(const std::string& path, std::size_t first, std::size_t last) {
  std::ifstream in(ROCHADE_SOURCE_DIR "/tests/cli/records.pgn", std::ios::binary);
  REQUIRE(in);
  const std::string pgn{std::istreambuf_iterator<char>(in), {}};
  Part p;
  std::uint64_t n = 0;
  for (auto& g : test::replay_text(pgn)) {
    ++n;
    if (n < first || n > last) continue;
    g.record.number = n - first + 1;
    g.record.ref = {analysis::RunInput{}, n};
    p.stats.add(g.record, g.analysis, {});
    p.run.records.add(g.record, g.analysis);
  }
  p.run.records.locate([&](analysis::GameRef ref) {
    return analysis::GamePlace{0, ref.key - first + 1};
  });
  analysis::InputSummary input;
  input.path = path;
  input.games = last - first + 1;
  p.stats.inputs.push_back(input);
  return p;
}

std::string json(const Part& p) { return report::stats_to_json(p.stats, p.run); }

}  // namespace

TEST_CASE("records are read back as written", "[report][records]") {
  const Part p = part("records.pgn", 1, 9);
  const std::string doc = json(p);
  CHECK(doc.find("\"records\": {") != std::string::npos);
  analysis::Stats s;
  report::StatsRun run;
  std::string error;
  REQUIRE(report::stats_from_json(doc, s, error, &run));
  CHECK(report::stats_to_json(s, run) == doc);
  REQUIRE(run.records.get(RecordKind::shortest_mate_by_castling));
  CHECK(run.records.get(RecordKind::shortest_mate_by_castling)->number == 1);
  CHECK(run.records.get(RecordKind::shortest_mate_by_castling)->game.place.number == 3);
  // The text report from the document is the run's.
  CHECK(report::stats_to_text({s, run.highlights, run.records}) ==
        report::stats_to_text({p.stats, p.run.highlights, p.run.records}));
}

TEST_CASE("a document without records has none, a malformed one is refused", "[report][records]") {
  const Part p = part("records.pgn", 1, 9);
  std::string doc = json(p);
  const auto at = doc.find(",\n  \"records\"");
  REQUIRE(at != std::string::npos);
  std::string old = doc.substr(0, at) + "\n}\n";  // "records" is the last key
  analysis::Stats s;
  report::StatsRun run;
  std::string error;
  REQUIRE(report::stats_from_json(old, s, error, &run));
  for (int k = 0; k < analysis::record_kind_count; ++k) CHECK_FALSE(run.records.get(RecordKind(k)));
  std::string bad = doc;
  bad.replace(bad.find("\"plies\": 1,"), 11, "\"plies\": \"1\",");
  CHECK_FALSE(report::stats_from_json(bad, s, error, &run));
  CHECK(error.find("records") != std::string::npos);
}

// A listed game is read alike as a highlight and as a record: each field they share, of a type
// it cannot have, makes the entry malformed in either (and null reads as empty in both).
TEST_CASE("highlights and records read their shared fields alike", "[report][records]") {
  Part p = part("records.pgn", 1, 9);
  p.run.highlights = {test::sample_mate()};
  const std::string doc = json(p);
  const std::size_t highlights = doc.find("\"highlights\": [");
  // The first record's entry (past the colours' keys "white" and "black").
  const std::size_t records = doc.find("\"input\": ", doc.find("\"records\": {"));
  REQUIRE(highlights != std::string::npos);
  REQUIRE(records != std::string::npos);
  REQUIRE(highlights < records);
  for (const std::string_view field :
       {"side", "san", "white", "black", "event", "date", "site", "result", "variant", "moves",
        "input", "game", "ply", "move_number"}) {
    for (const std::size_t section : {highlights, records}) {
      const std::string key = "\"" + std::string(field) + "\": ";
      std::string bad = doc;
      const std::size_t at = bad.find(key, section);
      REQUIRE(at != std::string::npos);
      const std::size_t value = at + key.size();
      // A text field made a number, a number field made a text.
      const bool is_text = bad[value] == '"';
      std::size_t end = value + 1;
      if (is_text) {
        while (bad[end] != '"') end += bad[end] == '\\' ? 2 : 1;
        ++end;
      } else {
        end = bad.find_first_of(",\n}", value);
      }
      bad = bad.substr(0, value) + (is_text ? "7" : "\"7\"") + bad.substr(end);
      analysis::Stats s;
      report::StatsRun run;
      std::string error;
      INFO(field << (section == highlights ? " in highlights" : " in records"));
      CHECK_FALSE(report::stats_from_json(bad, s, error, &run));
      CHECK(error.find(section == highlights ? "highlights" : "records") != std::string::npos);
      if (is_text) {  // null: read as empty, in both
        std::string null_doc = doc;
        null_doc = null_doc.substr(0, value) + "null" + null_doc.substr(end);
        CHECK(report::stats_from_json(null_doc, s, error, &run));
      }
    }
  }
}

TEST_CASE("merged records are one run's: inputs renumbered, ties to the first partial",
          "[report][records]") {
  // Two inputs: games 1-3 (a) and 4-9 (b) of the file; a's game 3 and b's game 1 are the same
  // mate in one ply: the one of the first partial given wins.
  const Part a = part("a.pgn", 1, 3), b = part("b.pgn", 4, 9);
  for (const bool reversed : {false, true}) {
    report::StatsMerge merge(2);
    const Part& first = reversed ? b : a;
    const Part& second = reversed ? a : b;
    analysis::Stats s1, s2;
    report::StatsRun r1, r2;
    std::string error;
    REQUIRE(report::stats_from_json(json(first), s1, error, &r1));
    REQUIRE(report::stats_from_json(json(second), s2, error, &r2));
    REQUIRE(merge.add("1.json", s1, r1).empty());
    REQUIRE(merge.add("2.json", s2, r2).empty());
    const report::StatsRun run = merge.run();
    const auto& mate = run.records.get(RecordKind::shortest_mate_by_castling);
    REQUIRE(mate);
    CHECK(mate->game.place.input == 0);  // the first partial's input: its game ties the other's
    CHECK(mate->game.place.number == (reversed ? 1u : 3u));
    const auto& longest = run.records.get(RecordKind::longest_without_castling);
    REQUIRE(longest);
    CHECK(longest->game.place.input == (reversed ? 0u : 1u));  // b's game 2, in b's place
    CHECK(longest->game.place.number == 2);
  }
}
