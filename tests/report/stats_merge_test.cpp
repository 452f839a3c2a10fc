// report::StatsMerge, the addition `rochade merge` does: partials add up to what one run over
// their inputs counts, the listed games keep pointing at their own inputs, and each partial that
// cannot be added is refused with the reason, naming the files. choose_format: what -o and
// --format ask for.
#include <catch2/catch.hpp>

#include "report/common/formats.hpp"
#include "report/stats/stats_merge.hpp"
#include "stats_fixture.hpp"

using namespace rochade;
using namespace rochade::test;

namespace {

// sample_stats() read from a partial whose one input is `path`.
analysis::Stats part_with_input(const std::string& path) {
  analysis::Stats s = sample_stats();
  s.inputs[0].path = path;
  return s;
}

report::StatsRun by_elo() {
  report::StatsRun run;
  run.by = {analysis::GroupKey::elo};
  return run;
}

}  // namespace

TEST_CASE("merge: partials add up, their listed games renumbered across inputs", "[merge]") {
  report::StatsMerge merge(2);
  report::StatsRun one = by_elo();
  one.highlights = {sample_mate()};  // input 0 of its partial
  report::StatsRun two = by_elo();
  two.highlights = {sample_illegal()};
  two.highlights[0].placed_at({0, two.highlights[0].place.number});
  REQUIRE(merge.add("a.json", part_with_input("a.pgn"), one) == "");
  REQUIRE(merge.add("b.json", part_with_input("b.pgn"), two) == "");
  analysis::Stats want = part_with_input("a.pgn");
  want += part_with_input("b.pgn");
  CHECK(merge.total().all == want.all);
  CHECK(merge.total().groups == want.groups);
  REQUIRE(merge.total().inputs.size() == 2);
  CHECK(merge.total().inputs[1].path == "b.pgn");
  const report::StatsRun run = merge.run();
  CHECK(run.by == one.by);
  REQUIRE(run.highlights.size() == 2);
  for (const auto& h : run.highlights)  // each still names its own partial's input
    CHECK(h.place.input == (h.kind == analysis::Highlight::Kind::mate_by_castling ? 0u : 1u));
}

TEST_CASE("merge: an input without a partial is listed in its place, unread", "[merge]") {
  report::StatsMerge merge(2);
  report::StatsRun two = by_elo();
  two.highlights = {sample_illegal()};
  two.highlights[0].placed_at({0, two.highlights[0].place.number});
  REQUIRE(merge.add("a.json", part_with_input("a.pgn"), by_elo()) == "");
  REQUIRE(merge.add_unread("lost.pgn", "its job ended without a partial result") == "");
  REQUIRE(merge.add("b.json", part_with_input("b.pgn"), two) == "");
  analysis::Stats want = part_with_input("a.pgn");
  want += part_with_input("b.pgn");
  CHECK(merge.total().all == want.all);  // it counts no game
  REQUIRE(merge.total().inputs.size() == 3);
  const analysis::InputSummary& lost = merge.total().inputs[1];
  CHECK(lost.path == "lost.pgn");
  CHECK(!lost.complete());
  CHECK(lost.outcome == analysis::InputOutcome::failed);
  CHECK(lost.error == "its job ended without a partial result");
  CHECK(lost.games == 0);
  CHECK(merge.total().inputs[2].path == "b.pgn");
  const report::StatsRun run = merge.run();
  REQUIRE(run.highlights.size() == 1);
  CHECK(run.highlights[0].place.input == 2u);  // b.pgn, after the unread input
  // An input a partial counts cannot also be without one, either way round.
  CHECK(merge.add_unread("./a.pgn", "x") == "--no-partial ./a.pgn: a.json counts a.pgn already");
  CHECK(merge.add("c.json", part_with_input("lost.pgn"), by_elo()) ==
        "c.json counts lost.pgn, which --no-partial lost.pgn says has no partial");
}

TEST_CASE("merge: what cannot be added is refused, with the reason", "[merge]") {
  SECTION("an input counted by two partials") {
    report::StatsMerge merge(2);
    REQUIRE(merge.add("a.json", part_with_input("x.pgn"), by_elo()) == "");
    CHECK(merge.add("copy.json", part_with_input("x.pgn"), by_elo()) ==
          "copy.json counts x.pgn, which a.json counts already (a partial given twice?)");
  }
  SECTION("an input counted by two partials, named two ways") {
    report::StatsMerge merge(3);
    REQUIRE(merge.add("a.json", part_with_input("games/x.pgn"), by_elo()) == "");
    CHECK(merge.add("b.json", part_with_input("./games//x.pgn"), by_elo()) ==
          "b.json counts ./games//x.pgn, which a.json counts already as games/x.pgn (one file, two "
          "names)");
    CHECK(merge.add("c.json", part_with_input("games/../games/x.pgn"), by_elo()) != "");
    CHECK(merge.add("d.json", part_with_input("games/x.pgn.gz"), by_elo()) == "");
  }
  SECTION("standard input counts as no file: two runs may each have read one") {
    report::StatsMerge merge(2);
    REQUIRE(merge.add("a.json", part_with_input("-"), by_elo()) == "");
    CHECK(merge.add("b.json", part_with_input("-"), by_elo()) == "");
  }
  SECTION("different --by or --where") {
    report::StatsMerge merge(2);
    REQUIRE(merge.add("a.json", part_with_input("a.pgn"), by_elo()) == "");
    CHECK(merge.add("b.json", part_with_input("b.pgn"), {}) ==
          "b.json was made with --by (none), a.json with --by elo: their groups cannot be added");
    report::StatsRun where = by_elo();
    where.where = "year > 2000";
    CHECK(merge.add("c.json", part_with_input("c.pgn"), where) ==
          "c.json was made with --where 'year > 2000', a.json with --where '': they count "
          "different games");
  }
  SECTION("--dedup and --max-games only alone") {
    report::StatsRun dedup = by_elo();
    dedup.dedup = true;
    CHECK(report::StatsMerge(1).add("a.json", part_with_input("a.pgn"), dedup) == "");
    CHECK(report::StatsMerge(2)
              .add("a.json", part_with_input("a.pgn"), dedup)
              .find("a.json was made with --dedup, which cannot be merged") == 0);
    report::StatsRun limited = by_elo();
    limited.max_games = 100;
    CHECK(report::StatsMerge(2)
              .add("m.json", part_with_input("m.pgn"), limited)
              .find("m.json was made with --max-games 100, which cannot be merged") == 0);
  }
  SECTION("a sum past what a partial may hold") {
    report::StatsMerge merge(2);
    analysis::Stats big = part_with_input("a.pgn");
    big.groups[analysis::GroupKey::elo]["800-999"].games = report::stats_count_max;
    REQUIRE(merge.add("a.json", big, by_elo()) == "");
    CHECK(merge.add("b.json", part_with_input("b.pgn"), by_elo())
              .find("b.json: added to the partials before it, a count exceeds") == 0);
  }
}

TEST_CASE("choose_format: -o's name and --format", "[formats]") {
  const std::vector<std::string> stats{"text", "json", "csv", "md", "html"};
  const std::vector<std::string> find{"pgn", "csv", "tsv", "jsonl", "html"};
  const auto format = [](const std::string& out, const std::string& given,
                         const std::vector<std::string>& formats, const std::string& fallback) {
    const report::FormatChoice c = report::choose_format(out, given, formats, fallback);
    return c.error.empty() ? c.format : "error: " + c.error;
  };
  CHECK(format("", "", stats, "text") == "text");
  CHECK(format("-", "json", stats, "text") == "json");
  CHECK(format("r.JSON.gz", "", stats, "text") == "json");
  CHECK(format("r.json", "json", stats, "text") == "json");
  CHECK(format("notes", "csv", stats, "text") == "csv");  // a name asking for nothing
  CHECK(format("hits.txt", "", find, "pgn") == "pgn");    // .txt asks nothing of find
  CHECK(format("x.db", "", stats, "text") ==
        "error: -o x.db names sqlite, which this command does not write; its formats: text, "
        "json, csv, md, html");
  CHECK(format("r.json", "csv", stats, "text") ==
        "error: --format csv contradicts the output name r.json (json): give one or the other");
  CHECK(format("r.json.bz2", "", stats, "text") ==
        "error: -o r.json.bz2: rochade compresses what it writes as .gz or .zst only");
}
