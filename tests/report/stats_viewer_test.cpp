// The listed games of the stats report in its viewer (stats-json.md v1.3, viewer.md): a listed
// game keeps its start position and moves, the stats document carries them, and the HTML report
// printed from the document read back (merge) is the run's byte for byte, its viewer showing
// rochade's replay of each game, opened at its castling.
#include <catch2/catch.hpp>

#include "analysis/highlights.hpp"
#include "chess/fen.hpp"
#include "report/common/json_value.hpp"
#include "report/stats/stats_formats.hpp"
#include "report/stats/stats_json.hpp"
#include "stats_fixture.hpp"
#include "support/replay.hpp"

using namespace rochade;
using namespace rochade::test;
using analysis::Highlight;

namespace {

// A mate by castling from a FEN (a puzzle of tests/data), a Chess960 illegal castling from its
// FEN (tests/analysis/fixtures/chess960_illegal.pgn), and an illegal castling from the standard
// start by players whose names would end a script element and are Latin-1.
constexpr std::string_view kGames =
    "[Event \"Puzzle\"]\n[White \"</script><script>alert(1)</script>\"]\n[Black \"?\"]\n"
    "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/N3B3/8/6NP/3P1Pk1/R3K2R w KQ - 0 1\"]\n\n"
    "1. f3! Kxf3 2. O-O# *\n\n"
    "[Event \"960/king_moved\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
    "[FEN \"nrbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKRQN w KQkq - 0 1\"]\n[Result \"*\"]\n\n"
    "1. d3 d6 2. Kd2 Kd7 3. Ke1 Ke8 4. h3 h6 5. Qh2 Qh7 6. O-O O-O 7. a3 a6 *\n\n"
    "[Event \"M\xfcnchen\"]\n[White \"M\xfcller\"]\n[Black \"<b>x</b>\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke2 Nf6 5. Ke1 d6 6. O-O O-O 7. c3 1-0\n\n";

struct Run {
  analysis::Stats stats;
  analysis::Highlights highlights;
};

Run run_of(std::string_view pgn) {
  Run r;
  std::uint64_t number = 0;
  for (auto& g : replay_text(pgn)) {
    g.record.number = ++number;
    g.record.ref = {analysis::RunInput{}, number};
    r.stats.add(g.record, g.analysis, {});
    r.highlights.add(g.record, g.analysis);
  }
  r.highlights.locate([](analysis::GameRef ref) { return analysis::GamePlace{0, ref.key}; });
  r.stats.inputs.push_back(
      {"games/listed.pgn", "plain", pgn.size(), number, analysis::InputOutcome::read, ""});
  return r;
}

// The array of the page's <script type="application/json" id="rochade-games">.
report::JsonValue viewer_games(const std::string& html) {
  const std::string open = R"(<script type="application/json" id="rochade-games">)";
  const std::size_t at = html.find(open);
  REQUIRE(at != std::string::npos);
  const std::size_t end = html.find("</script>", at);
  const report::JsonParseResult parsed =
      report::parse_json(html.substr(at + open.size(), end - at - open.size()));
  REQUIRE(parsed.value);
  return *parsed.value;
}

}  // namespace

TEST_CASE("a listed game keeps its start position, variant and moves, and replays from them",
          "[report][viewer]") {
  const Run r = run_of(kGames);
  const std::vector<Highlight> hs = r.highlights.sorted();
  REQUIRE(hs.size() == 4);  // the mate, two Chess960 illegal castlings, one standard
  CHECK(hs[0].kind == Highlight::Kind::mate_by_castling);
  CHECK(hs[0].start_fen == "8/8/8/N3B3/8/6NP/3P1Pk1/R3K2R w KQ - 0 1");
  CHECK(hs[0].variant.empty());
  CHECK(hs[0].moves == "f3! Kxf3 O-O#");  // as written
  CHECK(hs[1].variant == "Chess960");
  CHECK(hs[1].moves.starts_with("d3 d6 Kd2 Kd7"));
  CHECK(hs[3].start_fen.empty());  // the standard start
  CHECK(hs[3].white == "M\xfcller");
  // Each replays to the castling it lists, from the position it lists.
  analysis::Replayer replayer;
  for (const Highlight& h : hs) {
    REQUIRE(h.replayable());
    const analysis::GameRecord record = h.record();
    CHECK(record.number == h.place.number);
    analysis::GameAnalysis a;
    replayer.run(record, a);
    bool found = false;
    for (const analysis::CastlingEvent& e : a.castlings)
      found =
          found || (e.ply == h.ply && e.king_from == h.king_from && e.rook_from == h.rook_from &&
                    (h.kind == Highlight::Kind::illegal_castling || e.mate));
    CHECK(found);
    if (h.kind == Highlight::Kind::illegal_castling) {
      bool same = false;
      for (const analysis::Finding& f : a.findings)
        same = same || (f.ply == h.ply && f.message == h.message && f.fen_before == h.fen_before);
      CHECK(same);
    }
  }
}

TEST_CASE("a listed game keeps at most 20,000 moves", "[report][viewer]") {
  std::string pgn = "[FEN \"8/8/8/N3B3/8/6NP/3P1Pk1/R3K2R w KQ - 0 1\"]\n\n1. f3 Kxf3 2. O-O#";
  for (int i = 0; i < 20'010; ++i) pgn += " Nb3";  // not played: the game is over
  pgn += " *\n";
  const std::vector<Highlight> hs = run_of(pgn).highlights.sorted();
  REQUIRE(hs.size() == 1);
  CHECK(hs[0].record().move_count() == Highlight::kMostMoves);
}

TEST_CASE("stats json v1.3: the listed games' moves survive a partial, the HTML report with them",
          "[report][viewer][merge]") {
  const Run r = run_of(kGames);
  report::StatsRun run;
  run.highlights = r.highlights.sorted();
  const std::string json = report::stats_to_json(r.stats, run);
  CHECK(json.find("\"moves\": \"f3! Kxf3 O-O#\"") != std::string::npos);
  CHECK(json.find("\"start_fen\": null") != std::string::npos);  // the standard start
  CHECK(json.find("\"variant\": \"Chess960\"") != std::string::npos);
  analysis::Stats back;
  report::StatsRun read;
  std::string error;
  REQUIRE(report::stats_from_json(json, back, error, &read));
  REQUIRE(read.highlights.size() == run.highlights.size());
  for (std::size_t i = 0; i < run.highlights.size(); ++i) {
    CHECK(read.highlights[i].start_fen == run.highlights[i].start_fen);
    CHECK(read.highlights[i].variant == run.highlights[i].variant);
    CHECK(read.highlights[i].moves == run.highlights[i].moves);
  }
  CHECK(report::stats_to_json(back, read) == json);  // a merge of merges
  // The report printed from the document (merge) is the run's, byte for byte.
  const std::string html = report::stats_to_html({r.stats, run.highlights});
  CHECK(report::stats_to_html({back, read.highlights}) == html);
  CHECK(report::stats_to_text({back, read.highlights}) ==
        report::stats_to_text({r.stats, run.highlights}));

  // One viewer game a listed game, in the boards' order, each with its link.
  const report::JsonValue games = viewer_games(html);
  REQUIRE(games.array().size() == 4);
  CHECK(count_of(html, "data-game-index=") == 4);
  CHECK(count_of(html, "<figure>") == 4);
  CHECK(count_of(html, "<script") == 3);  // the games' data, the page's facts, the viewer
  CHECK(count_of(html, "</script>") == 3);
  CHECK(html.find("<script>alert") == std::string::npos);  // a name is text, in the data too
  CHECK(html.find("\\u003c/script>\\u003cscript>alert(1)") != std::string::npos);
  CHECK(valid_utf8(html));
  CHECK(html.find("M\xc3\xbcller") != std::string::npos);
  CHECK(html.find("src=") == std::string::npos);
  CHECK(html.find("url(") == std::string::npos);
  CHECK(count_of(html, "http") == count_of(html, "http://www.w3.org/2000/svg"));  // no address
  CHECK(html.find("@media print{.viewer-section,a.open-game{display:none}}") != std::string::npos);
  // The mate opens at the mating move, on rochade's replay of its FEN and moves.
  const report::JsonValue& mate = games.array()[0];
  CHECK(mate.find("start_fen")->string() == "8/8/8/N3B3/8/6NP/3P1Pk1/R3K2R w KQ - 0 1");
  REQUIRE(mate.find("plies")->array().size() == 3);
  CHECK(mate.find("open")->integer() == 3);
  CHECK(mate.find("plies")->array()[2].find("san")->string() == "O-O#");
  CHECK(mate.find("plies")->array()[2].find("fen")->string() ==
        "8/8/8/N3B3/8/5kNP/3P4/R4RK1 b - - 1 2");
  CHECK(mate.find("findings")->array().empty());
  CHECK(mate.find("input")->string() == "games/listed.pgn");
  // An illegal castling opens at the castling, its reasons and the board's marks with it.
  for (std::size_t i = 1; i < 4; ++i) {
    const report::JsonValue& g = games.array()[i];
    const Highlight& h = run.highlights[i];
    CHECK(g.find("open")->integer() == h.ply);
    bool shown = false;
    for (const report::JsonValue& f : g.find("findings")->array())
      shown =
          shown || (f.find("ply")->integer() == h.ply && f.find("message")->string() == h.message &&
                    f.find("board") != nullptr && !f.find("reasons")->array().empty());
    CHECK(shown);
    CHECK(g.find("plies")->array()[static_cast<std::size_t>(h.ply - 1)].find("san")->string() ==
          "O-O");
  }
  CHECK(games.array()[1].find("start_fen")->string().starts_with("nrbbkrqn/"));
}

TEST_CASE("html: listed games without moves (a document before v1.3) get no viewer",
          "[report][viewer]") {
  const Run r = run_of(kGames);
  std::vector<Highlight> hs = r.highlights.sorted();
  for (Highlight& h : hs) h.start_fen.clear(), h.variant.clear(), h.moves.clear();
  const std::string html = report::stats_to_html({r.stats, hs});
  CHECK(count_of(html, "<figure>") == 4);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("data-game-index") == std::string::npos);
  hs[2] = r.highlights.sorted()[2];  // one of them with its moves: it alone
  const std::string one = report::stats_to_html({r.stats, hs});
  CHECK(count_of(one, "data-game-index=\"0\"") == 1);
  CHECK(viewer_games(one).array().size() == 1);
}
