// What merge needs from a partial (stats-json.md v1.1) and what the reports say about what they
// leave out: by/where/highlights survive the JSON; the lists of games say "the first N of M" (or
// "All N"); inputs are numbered, and with many of them the ones the games refer to are listed.
#include <catch2/catch.hpp>

#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_json.hpp"
#include "report/stats/stats_sections.hpp"
#include "stats_fixture.hpp"
#include "support/replay.hpp"

using namespace rochade;
using namespace rochade::test;

TEST_CASE("a partial carries --by, --where and the listed games", "[merge]") {
  analysis::Stats s = sample_stats();
  report::StatsRun run;
  run.by = {analysis::GroupKey::elo, analysis::GroupKey::event};
  run.where = "year >= 1990 and white ~ 'Müller'";
  run.highlights = {sample_mate(), sample_illegal()};
  run.highlights[1].placed_at({0, run.highlights[1].place.number});
  run.highlights[0].start_fen = "8/8/8/8/8/8/6k1/R3K3 w Q - 0 1";  // v1.3: what replays it
  run.highlights[0].variant = "Standard";
  run.highlights[0].moves = "Kg3 O-O-O#";
  run.highlights[1].moves = "e4 e5 Ke2 Nc6 Ke1 Nf6 O-O";  // the standard start: start_fen null
  const std::string json = report::stats_to_json(s, run);
  CHECK(json.find("\"start_fen\": null") != std::string::npos);
  CHECK(json.find("\"highlights\"") != std::string::npos);
  analysis::Stats back;
  report::StatsRun read;
  std::string error;
  REQUIRE(report::stats_from_json(json, back, error, &read));
  CHECK(back.all == s.all);
  CHECK(back.groups.at(analysis::GroupKey::elo) == s.groups.at(analysis::GroupKey::elo));
  CHECK(read.by == run.by);
  CHECK(read.where == run.where);
  REQUIRE(read.highlights.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& a = run.highlights[i];
    const auto& b = read.highlights[i];
    CHECK(b.kind == a.kind);
    CHECK(b.place.input == a.place.input);
    CHECK(b.place.number == a.place.number);
    CHECK(b.ref == a.ref);
    CHECK(b.ply == a.ply);
    CHECK(b.move_number == a.move_number);
    CHECK(b.side == a.side);
    CHECK(b.fen_before == a.fen_before);
    CHECK(b.king_from == a.king_from);
    CHECK(b.rook_to == a.rook_to);
    CHECK(b.message == a.message);
    CHECK(b.start_fen == a.start_fen);
    CHECK(b.variant == a.variant);
    CHECK(b.moves == a.moves);
  }
  CHECK(read.highlights[0].black == "M\xc3\xbcller");  // written as UTF-8
  // The same document written again from what was read: identical bytes (merge of merges).
  CHECK(report::stats_to_json(back, read) == json);
}

// v1.4: --dedup and --max-games travel, so merge can refuse to add such a partial to others.
TEST_CASE("a partial carries --dedup and --max-games, not used without the keys", "[merge]") {
  report::StatsRun run;
  run.dedup = true;
  run.max_games = 5000;
  const std::string json = report::stats_to_json(sample_stats(), run);
  CHECK(json.find("\"dedup\": true") != std::string::npos);
  CHECK(json.find("\"max_games\": 5000") != std::string::npos);
  analysis::Stats back;
  report::StatsRun read;
  std::string error;
  REQUIRE(report::stats_from_json(json, back, error, &read));
  CHECK(read.dedup);
  CHECK(read.max_games == 5000);
  CHECK(report::stats_to_json(back, read) == json);  // a merge of one is its run
  // Without the options: false and null, read back as "not used".
  const std::string plain = report::stats_to_json(sample_stats());
  CHECK(plain.find("\"dedup\": false") != std::string::npos);
  CHECK(plain.find("\"max_games\": null") != std::string::npos);
  REQUIRE(report::stats_from_json(plain, back, error, &read));
  CHECK(!read.dedup);
  CHECK(read.max_games == 0);
  // A document before v1.4 has neither key: read as "not used".
  std::string old = json;
  const auto at = old.find("\n  \"dedup\"");
  REQUIRE(at != std::string::npos);
  old.erase(at, old.find("\n  \"inputs\"") - at);
  REQUIRE(old.find("max_games") == std::string::npos);
  REQUIRE(report::stats_from_json(old, back, error, &read));
  CHECK(!read.dedup);
  CHECK(read.max_games == 0);
  // A value of another type is an error, never "not used".
  for (const auto& [from, to] : {std::pair{"\"dedup\": true", "\"dedup\": 1"},
                                 {"\"max_games\": 5000", "\"max_games\": \"5000\""},
                                 {"\"max_games\": 5000", "\"max_games\": -1"}}) {
    std::string bad = json;
    bad.replace(bad.find(from), std::string_view(from).size(), to);
    CHECK(!report::stats_from_json(bad, back, error, &read));
  }
}

TEST_CASE("a v1.1 or v1.2 partial's listed games, without moves, still read", "[merge]") {
  report::StatsRun run;
  run.highlights = {sample_mate()};
  std::string json = report::stats_to_json(sample_stats(), run);
  const auto at = json.find(",\n      \"start_fen\"");  // the v1.3 keys are the last three
  REQUIRE(at != std::string::npos);
  json.erase(at, json.find('}', at) - at);
  REQUIRE(json.find("\"moves\"") == std::string::npos);
  analysis::Stats back;
  report::StatsRun read;
  std::string error;
  REQUIRE(report::stats_from_json(json, back, error, &read));
  REQUIRE(read.highlights.size() == 1);
  CHECK(read.highlights[0].san == "O-O-O#");
  CHECK(!read.highlights[0].replayable());
  // A v1.3 key of the wrong type is a malformed entry.
  std::string bad = report::stats_to_json(sample_stats(), run);
  const auto moves = bad.find("\"moves\": \"\"");
  REQUIRE(moves != std::string::npos);
  bad.replace(moves, 11, "\"moves\": 12");
  CHECK(!report::stats_from_json(bad, back, error, &read));
  CHECK(error.find("highlights") != std::string::npos);
}

TEST_CASE("a v1 partial without by/where/highlights still reads", "[merge]") {
  const analysis::Stats s = sample_stats();
  std::string json = report::stats_to_json(s);
  const auto by = json.find("\"by\"");  // a v1 document: no "by", "where", "highlights"
  REQUIRE(by != std::string::npos);
  json.erase(by, json.find("\"inputs\"") - by);
  const auto hs = json.rfind(',', json.find("\"highlights\""));
  json.erase(hs, json.rfind('}') - hs);
  CHECK(json.find("\"where\"") == std::string::npos);
  CHECK(json.find("\"highlights\"") == std::string::npos);
  report::StatsRun read;
  analysis::Stats back;
  std::string error;
  REQUIRE(report::stats_from_json(json, back, error, &read));
  CHECK(read.by == std::vector<analysis::GroupKey>{analysis::GroupKey::elo, analysis::GroupKey::event});  // from its groups
  CHECK(read.where.empty());
  CHECK(read.highlights.empty());
}

TEST_CASE("the lists of games say what they leave out", "[merge]") {
  analysis::Counts all;
  all.checkmate = 120;
  all.illegal_castling = 3;
  using Kind = analysis::Highlight::Kind;
  CHECK(report::listed_note(Kind::mate_by_castling, 24, all) ==
        "The first 24 of 120 in input order — `rochade find --mate-by-castling` lists them all.");
  CHECK(report::listed_note(Kind::illegal_castling, 3, all) == "All 3, in input order.");
  analysis::Stats s = sample_stats();
  s.all.checkmate = 120;
  std::vector<analysis::Highlight> hs(24, sample_mate());
  const std::string text = report::stats_to_text({s, hs});
  CHECK(text.find("The first 24 of 120") != std::string::npos);
}

TEST_CASE("inputs are numbered, with many, the ones the games refer to are listed", "[merge]") {
  analysis::Stats s = sample_stats();
  s.inputs.clear();
  for (int i = 1; i <= 40; ++i)
    s.inputs.push_back({"part" + std::to_string(i) + ".pgn", "plain", 10, 1, analysis::InputOutcome::read, ""});
  analysis::Highlight h = sample_mate();
  h.placed_at({29, h.place.number});  // the 30th input
  const std::string text = report::stats_to_text({s, {h}});
  CHECK(text.find("30  part30.pgn") != std::string::npos);
  CHECK(text.find("part29.pgn") == std::string::npos);
  CHECK(text.find("30:3") != std::string::npos);
  CHECK(text.find("Listed: 1 of 40") != std::string::npos);
  s.inputs.resize(3);
  h.placed_at({1, h.place.number});
  const std::string few = report::stats_to_text({s, {h}});
  CHECK(few.find("1  part1.pgn") != std::string::npos);
  CHECK(few.find("3  part3.pgn") != std::string::npos);
}

// The Event group's key is the name as UTF-8 (pgn::as_utf8): the same event in Latin-1 and in
// UTF-8 is one group, and a name with bytes that are neither keeps its place among the others
// when the JSON is read back and written again (tests/fuzz/regressions/replay/
// event-invalid-utf8-group-order.pgn: keyed by the raw bytes, the order changed).
TEST_CASE("stats by event: one key per name in any encoding, the same JSON read back", "[merge]") {
  const std::string pgn =
      "[Event \"M\xfcller Open\"]\n\n1. e4 e5 1-0\n\n"
      "[Event \"M\xc3\xbcller Open\"]\n\n1. d4 d5 0-1\n\n"
      "[Event \"FIDE Women\xe2\x80\x99s Rapid\"]\n\n1. c4 *\n\n"
      "[Event \"FIDE Women\xe2\x80\xfb\x7f Rapid\"]\n\n1. Nf3 *\n\n";
  analysis::Stats s;
  const std::vector<analysis::GroupKey> by{analysis::GroupKey::event};
  for (const auto& g : test::replay_text(pgn)) s.add(g.record, g.analysis, by);
  const auto& events = s.groups.at(analysis::GroupKey::event);
  CHECK(events.size() == 3);
  REQUIRE(events.count("M\xc3\xbcller Open") == 1);
  CHECK(events.at("M\xc3\xbcller Open").games == 2);
  CHECK(events.count("FIDE Women\xc3\xa2\xc2\x80\xc3\xbb\x7f Rapid") == 1);
  const std::string json = report::stats_to_json(s);
  analysis::Stats back;
  std::string error;
  REQUIRE(report::stats_from_json(json, back, error));
  CHECK(report::stats_to_json(back) == json);
  CHECK(back.groups == s.groups);
}
