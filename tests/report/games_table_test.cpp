// The per-game table (games-table.md): columns in order, castling facts, CSV quoting, TSV, JSON
// lines with numbers and nulls, UTF-8 from Latin-1 tags, and the same values in every format.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "analysis/game_columns.hpp"
#include "report/games_table.hpp"
#include "stats_fixture.hpp"
#include "support/json.hpp"
#include "support/replay.hpp"

using namespace rochade;
using report::TableFormat;

namespace {

using Game = test::ReplayedGame;

// The games of `pgn`, replayed and numbered from 1 as the pipeline numbers them.
std::vector<Game> replay(std::string_view pgn) {
  std::vector<Game> games = test::replay_text(pgn);
  for (std::size_t i = 0; i < games.size(); ++i) games[i].record.number = i + 1;
  return games;
}

// The row of one game as field name -> text, from the CSV header and row.
std::map<std::string, std::string> csv_row(const Game& g, std::string_view input = "in.pgn") {
  std::string text = report::games_table_header(TableFormat::csv);
  report::append_game_row(TableFormat::csv, input, g.record, g.analysis, text);
  const auto rows = test::parse_csv(text);
  REQUIRE(rows.size() == 2);
  REQUIRE(rows[0].size() == rows[1].size());
  std::map<std::string, std::string> m;
  for (std::size_t i = 0; i < rows[0].size(); ++i) m[rows[0][i]] = rows[1][i];
  return m;
}

constexpr std::string_view italian =
    "[Event \"Open, \\\"A\\\"\"]\n[Site \"M\xfcnchen\"]\n[Date \"12.03.1995\"]\n[Round \"1\"]\n"
    "[White \"Wei\xdf\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[WhiteElo \"2400\"]\n[BlackElo "
    "\"?\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O 6. Bg5+ 1-0\n\n";

constexpr std::string_view puzzle =
    "[Event \"Puzzle\"]\n[FEN \"8/8/8/N3B3/8/6NP/3P1Pk1/R3K2R w KQ - 0 1\"]\n[SetUp \"1\"]\n\n"
    "1. f3 Kxf3 2. O-O# *\n\n";

constexpr std::string_view king_walk =
    "[Event \"K\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n\n"
    "[Event \"W\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 5. Bc4 Bc5 6. O-O O-O 7. Qxh7 "
    "*\n\n";

}  // namespace

TEST_CASE("the header names the columns of games-table.md in their order", "[games]") {
  const std::string h = report::games_table_header(TableFormat::csv);
  CHECK(h.rfind("input,game,line,event,site,date,round,white,black,result,white_elo,black_elo,"
                "eco,time_control,variant,setup,plies,white_castling,black_castling,"
                "white_castling_ply,black_castling_ply,first_castler,castling_check,"
                "mate_by_castling,illegal_castlings,illegal_reasons,annotation_mismatches,"
                "false_repetitions,error,skipped,without_moves\n",
                0) == 0);
  CHECK(report::games_table_header(TableFormat::tsv).find('\t') != std::string::npos);
  CHECK(report::games_table_header(TableFormat::jsonl).empty());
}

TEST_CASE("a row holds the tags, cleaned to UTF-8, and the castling facts", "[games]") {
  const auto games = replay(italian);
  REQUIRE(games.size() == 1);
  auto row = csv_row(games[0]);
  CHECK(row["event"] == "Open, \"A\"");  // quoted and read back by a CSV parser
  CHECK(row["site"] == "M\xc3\xbcnchen");
  CHECK(row["white"] == "Wei\xc3\x9f");
  CHECK(row["date"] == "12.03.1995");
  CHECK(row["white_elo"] == "2400");
  CHECK(row["black_elo"].empty());
  CHECK(row["plies"] == "11");
  CHECK(row["white_castling"] == "O-O");
  CHECK(row["white_castling_ply"] == "7");
  CHECK(row["black_castling"] == "O-O");
  CHECK(row["black_castling_ply"] == "10");
  CHECK(row["first_castler"] == "white");
  CHECK(row["setup"] == "0");
  CHECK(row["mate_by_castling"] == "0");
  CHECK(row["illegal_castlings"] == "0");
  CHECK(row["error"].empty());
  CHECK(row["game"] == "1");
  CHECK(row["line"] == "1");
  std::string scratch;
  const auto year =
      analysis::column_value(analysis::Column::year, games[0].record, nullptr, "", scratch);
  CHECK(year.number == 1995);  // dd.mm.yyyy
}

TEST_CASE("a mate by castling from a FEN is found from the position", "[games]") {
  const auto games = replay(puzzle);
  REQUIRE(games.size() == 1);
  auto row = csv_row(games[0]);
  CHECK(row["setup"] == "1");
  CHECK(row["mate_by_castling"] == "1");
  CHECK(row["castling_check"] == "1");
  CHECK(row["white_castling_ply"] == "3");
  CHECK(row["black_castling"].empty());
}

TEST_CASE("illegal castlings, their reasons, skipped variants", "[games]") {
  const auto games = replay(king_walk);
  REQUIRE(games.size() == 2);
  auto skipped = csv_row(games[0]);
  CHECK(skipped["skipped"] == "variant:crazyhouse");
  CHECK(skipped["plies"] == "0");
  auto walk = csv_row(games[1]);
  CHECK(walk["illegal_castlings"] == "2");
  CHECK(walk["illegal_reasons"] == "king_moved");
  CHECK(walk["error"] == "illegal_move");  // 7. Qxh7 cannot be played
}

TEST_CASE("TSV and JSON lines carry the same values", "[games]") {
  const auto games = replay(italian);
  std::string tsv, jsonl;
  report::append_game_row(TableFormat::tsv, "a\tb.pgn", games[0].record, games[0].analysis, tsv);
  report::append_game_row(TableFormat::jsonl, "a.pgn", games[0].record, games[0].analysis, jsonl);
  CHECK(tsv.rfind("a b.pgn\t1\t1\tOpen, \"A\"\t", 0) == 0);
  CHECK(std::count(tsv.begin(), tsv.end(), '\t') == analysis::table_column_count - 1);
  CHECK(test::valid_utf8(jsonl));
  REQUIRE(jsonl.back() == '\n');
  const test::Json doc = test::read_json(jsonl);
  using K = test::Json::Kind;
  REQUIRE(doc.members.size() == static_cast<std::size_t>(analysis::table_column_count));
  CHECK(doc.at("white_elo").integer() == 2400);
  CHECK(doc.at("black_elo").kind == K::null);
  CHECK(doc.at("event").s == "Open, \"A\"");
  CHECK(doc.at("site").s == "M\xc3\xbcnchen");
  CHECK(doc.at("white_castling").s == "O-O");
  CHECK(doc.at("illegal_reasons").kind == K::null);
  CHECK(doc.at("plies").is_int());
}
