// The per-game table (games-table.md): columns in order, castling facts, CSV quoting, TSV, JSON
// lines with numbers and nulls, UTF-8 from Latin-1 tags, and the same values in every format.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "analysis/game_columns.hpp"
#include "pgn/reader.hpp"
#include "report/common/text.hpp"
#include "report/games/games_table.hpp"
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
                "false_repetitions,error,skipped,year,utc_date,utc_time,white_title,black_title,"
                "white_rating_diff,black_rating_diff,opening,termination,moves,"
                "white_castling_move,black_castling_move,white_castling_clock,"
                "black_castling_clock,white_illegal_castlings,"
                "black_illegal_castlings,without_moves\n",
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

namespace {

// Lichess's tags (a real game's, shortened: lichess-export-ChessGPT.pgn), the Date unknown.
constexpr std::string_view lichess_tags =
    "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abc\"]\n[Date \"????.??.??\"]\n"
    "[EventDate \"2019.01.01\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n"
    "[UTCDate \"2021.07.25\"]\n[UTCTime \"10:23:47\"]\n[WhiteElo \"1500\"]\n[BlackElo \"1600\"]\n"
    "[WhiteRatingDiff \"-6\"]\n[BlackRatingDiff \"+5\"]\n[WhiteTitle \"BOT\"]\n"
    "[BlackTitle \"GM\"]\n[Opening \"Italian Game: Giuoco Piano, Main Line\"]\n"
    "[Termination \"Time forfeit\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d3 O-O 6. O-O d6 0-1\n\n";

// Black to move at move 30: 30... O-O is black's castling at move 30, then white's at 31.
constexpr std::string_view from_fen =
    "[Event \"F\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 4 30\"]\n[SetUp \"1\"]\n\n"
    "30... O-O 31. O-O-O Kg7 *\n\n";

}  // namespace

TEST_CASE("v2 columns: the tags Lichess adds, the year, rating diffs signed", "[games]") {
  const auto games = replay(lichess_tags);
  REQUIRE(games.size() == 1);
  auto row = csv_row(games[0]);
  // Date has no year: EventDate's, before UTCDate's (the one year of games-table.md, which
  // stats --by year reads too).
  CHECK(row["year"] == "2019");
  CHECK(row["utc_date"] == "2021.07.25");
  CHECK(row["utc_time"] == "10:23:47");
  CHECK(row["white_title"] == "BOT");
  CHECK(row["black_title"] == "GM");
  CHECK(row["white_rating_diff"] == "-6");
  CHECK(row["black_rating_diff"] == "5");
  CHECK(row["opening"] == "Italian Game: Giuoco Piano, Main Line");
  CHECK(row["termination"] == "Time forfeit");
  CHECK(row["moves"] == "6");
  CHECK(row["white_castling_move"] == "6");
  CHECK(row["black_castling_move"] == "5");
  CHECK(row["white_illegal_castlings"] == "0");
  CHECK(row["black_illegal_castlings"] == "0");
  std::string jsonl;
  report::append_game_row(TableFormat::jsonl, "a.pgn", games[0].record, games[0].analysis, jsonl);
  const test::Json doc = test::read_json(jsonl);
  CHECK(doc.at("year").integer() == 2019);
  CHECK(doc.at("white_rating_diff").integer() == -6);
  CHECK(doc.at("moves").integer() == 6);
  CHECK(doc.at("white_castling_move").integer() == 6);
  // --where's year is the column's.
  std::string scratch;
  CHECK(analysis::column_value(analysis::Column::year, games[0].record, nullptr, "", scratch)
            .number == 2019);
  CHECK(analysis::group_value(analysis::GroupKey::year, games[0].record) == "2019");
}

TEST_CASE("v2 columns: absent tags are empty, the Italian's year from dd.mm.yyyy", "[games]") {
  auto row = csv_row(replay(italian)[0]);
  CHECK(row["year"] == "1995");
  for (const char* c : {"utc_date", "utc_time", "white_title", "black_title", "white_rating_diff",
                        "black_rating_diff", "opening", "termination"})
    CHECK(row[c].empty());
  CHECK(row["moves"] == "6");  // 6. Bg5+ is the last move
  CHECK(row["white_castling_move"] == "4");
  CHECK(row["black_castling_move"] == "5");
}

TEST_CASE("v2 columns: a game from a FEN counts from the FEN's move number", "[games]") {
  const auto games = replay(from_fen);
  REQUIRE(games.size() == 1);
  auto row = csv_row(games[0]);
  CHECK(row["plies"] == "3");
  CHECK(row["moves"] == "31");
  CHECK(row["black_castling_move"] == "30");
  CHECK(row["white_castling_move"] == "31");
  CHECK(row["black_castling_ply"] == "1");
  CHECK(row["year"].empty());
}

TEST_CASE("v2 columns: illegal castlings by colour add up", "[games]") {
  const auto games = replay(king_walk);
  auto skipped = csv_row(games[0]);
  CHECK(skipped["moves"] == "0");
  CHECK(skipped["white_illegal_castlings"] == "0");
  auto walk = csv_row(games[1]);
  CHECK(walk["white_illegal_castlings"] == "1");
  CHECK(walk["black_illegal_castlings"] == "1");
  CHECK(walk["moves"] == "6");  // 7. Qxh7 is not played
  CHECK(walk["without_moves"] == "0");
  const auto one_sided = replay(
      "[Event \"W\"]\n\n1. e4 e5 2. Ke2 Nf6 3. Ke1 Nc6 4. Nf3 Bc5 5. Bc4 O-O 6. O-O *\n\n");
  auto w = csv_row(one_sided[0]);
  CHECK(w["white_illegal_castlings"] == "1");
  CHECK(w["black_illegal_castlings"] == "0");
  CHECK(w["illegal_castlings"] == "1");
  CHECK(w["black_castling_move"] == "5");
}

TEST_CASE("tag columns (--tag): snake_case names, the tag's text, after all the others", "[games]") {
  CHECK(analysis::tag_column_name("WhiteFideId") == "white_fide_id");
  CHECK(analysis::tag_column_name("UTCDate") == "utc_date");
  CHECK(analysis::tag_column_name("PlyCount") == "ply_count");
  CHECK(analysis::tag_column_name("FEN") == "fen");
  CHECK(analysis::tag_column_name("Black2Elo") == "black2_elo");
  CHECK(analysis::tag_column_name("Game-Id") == "game_id");
  CHECK(analysis::check_tag_columns({"WhiteFideId", "StudyName"}).empty());
  CHECK(!analysis::check_tag_columns({"Opening"}).empty());  // already a column
  CHECK(!analysis::check_tag_columns({"WhiteFideId", "whiteFideID"}).empty());  // twice
  CHECK(!analysis::check_tag_columns({"--"}).empty());
  const std::vector<std::string> tags{"WhiteFideId", "Annotator"};
  const auto games = replay(
      "[Event \"E\"]\n[WhiteFideId \"5072786\"]\n[White \"A, B\"]\n\n1. e4 *\n\n");
  std::string csv = report::games_table_header(TableFormat::csv, tags);
  report::append_game_row(TableFormat::csv, "in.pgn", games[0].record, games[0].analysis, csv, tags);
  const auto rows = test::parse_csv(csv);
  REQUIRE(rows.size() == 2);
  REQUIRE(rows[0].size() == static_cast<std::size_t>(analysis::table_column_count) + 2);
  CHECK(rows[0][rows[0].size() - 2] == "white_fide_id");
  CHECK(rows[0].back() == "annotator");
  CHECK(rows[1][rows[1].size() - 2] == "5072786");
  CHECK(rows[1].back().empty());
  std::string jsonl;
  report::append_game_row(TableFormat::jsonl, "in.pgn", games[0].record, games[0].analysis, jsonl,
                          tags);
  const test::Json doc = test::read_json(jsonl);
  CHECK(doc.at("white_fide_id").s == "5072786");  // text, as the tag is
  CHECK(doc.at("annotator").kind == test::Json::Kind::null);
}

TEST_CASE("text cells: cleaned, quoted where CSV needs it, in the columns and in --tag's",
          "[games]") {
  // Printable ASCII of every length about the words the cells are copied by, with a comma or a
  // quote at the start, in the middle, at the end; text that is not ASCII, with and without a
  // comma; a control character.
  std::vector<std::string> values{",",
                                  "\"",
                                  "x",
                                  "ab",
                                  "a,b",
                                  "a\"b",
                                  "\",x",
                                  "x\"",
                                  "Carlsen, Magnus",
                                  "He said \"no\", twice",
                                  "Wei\xdf, A",
                                  "M\xc3\xbcnchen",
                                  "tab\there",
                                  "line\x01end"};
  for (std::size_t n : {3, 4, 5, 7, 8, 9, 15, 16, 17, 31}) {
    values.push_back(std::string(n, 'k'));
    values.push_back("," + std::string(n - 1, 'k'));
    values.push_back(std::string(n - 1, 'k') + ",");
    values.push_back(std::string(n / 2, 'k') + "\"" + std::string(n - n / 2 - 1, 'k'));
  }
  const std::vector<std::string> tags{"Annotator"};
  for (const std::string& v : values) {
    std::string escaped;  // as a PGN tag's string
    for (const char c : v) {
      if (c == '"' || c == '\\') escaped += '\\';
      escaped += c;
    }
    const auto games =
        replay("[White \"" + escaped + "\"]\n[Annotator \"" + escaped + "\"]\n\n1. e4 *\n\n");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].record.tag("White") == v);
    const std::string clean = report::clean_text(v);
    std::string quoted = clean;
    if (clean.find_first_of(",\"") != std::string::npos) {
      quoted = "\"";
      for (const char c : clean) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
      quoted += '"';
    }
    INFO("the tag " << v);
    std::string csv, tsv;
    report::append_game_row(TableFormat::csv, "in.pgn", games[0].record, games[0].analysis, csv,
                            tags);
    report::append_game_row(TableFormat::tsv, "in.pgn", games[0].record, games[0].analysis, tsv,
                            tags);
    const auto rows = test::parse_csv(report::games_table_header(TableFormat::csv, tags) + csv);
    REQUIRE(rows.size() == 2);
    CHECK(rows[1][7] == clean);  // white
    CHECK(rows[1].back() == clean);
    CHECK(csv.find("," + quoted + ",") != std::string::npos);
    CHECK(csv.substr(csv.size() - quoted.size() - 2) == "," + quoted + "\n");
    CHECK(tsv.find("\t" + clean + "\t") != std::string::npos);
    CHECK(tsv.substr(tsv.size() - clean.size() - 2) == "\t" + clean + "\n");
  }
}

namespace {

// The games of `pgn` read as `games` reads them: with each move's [%clk] kept.
std::vector<Game> replay_with_clocks(std::string_view pgn) {
  struct Sink : analysis::RecordSink {
    std::vector<Game> games;
    analysis::Replayer replayer;
    void game(analysis::GameRecord& record) override {
      Game g;
      g.record = record;
      g.record.number = games.size() + 1;
      replayer.run(g.record, g.analysis);
      games.push_back(std::move(g));
    }
  } sink;
  pgn::MemorySource src(pgn);
  pgn::Reader reader(src);
  analysis::RecordBuilder builder(sink, analysis::RunInput{});
  builder.read_clocks(true);
  reader.read_all(builder);
  return std::move(sink.games);
}

}  // namespace

TEST_CASE("clock columns: seconds after each colour's first castling, in every format", "[games]") {
  // 5. O-O at 0:02:47.8 and 6... O-O at 1:05:00; 9.05 seconds with an [%eval] before it; black's
  // castling without a clock; none read without read_clocks.
  const auto games = replay_with_clocks(
      "[Event \"A\"]\n\n1. e4 {[%clk 0:03:00]} e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 Nf6 "
      "5. O-O {[%clk 0:02:47.8]} d6 6. Re1 O-O {[%clk 1:05:00]} 7. Rf1 Re8 8. Re1 Rf8 *\n\n"
      "[Event \"B\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O {[%eval 0.2] [%clk 0:00:09.05]} "
      "O-O {[%eval 0.1]} *\n\n");
  REQUIRE(games.size() == 2);
  const auto a = csv_row(games[0]);
  CHECK(a.at("white_castling_clock") == "167.8");
  CHECK(a.at("black_castling_clock") == "3900");
  const auto b = csv_row(games[1]);
  CHECK(b.at("white_castling_clock") == "9.05");
  CHECK(b.at("black_castling_clock").empty());
  std::string jsonl;
  report::append_game_row(TableFormat::jsonl, "a.pgn", games[0].record, games[0].analysis, jsonl);
  const test::Json doc = test::read_json(jsonl);
  CHECK(doc.at("white_castling_clock").kind == test::Json::Kind::number);
  CHECK(doc.at("white_castling_clock").s == "167.8");
  CHECK(doc.at("black_castling_clock").s == "3900");
  CHECK(csv_row(replay(
                    "[Event \"C\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O {[%clk 0:01:00]} *\n\n")[0])
            .at("white_castling_clock")
            .empty());
  CHECK(analysis::column_type(analysis::Column::white_castling_clock) == analysis::ColumnType::real);
  CHECK(analysis::column_needs_clocks(analysis::Column::black_castling_clock));
  CHECK(!analysis::column_needs_clocks(analysis::Column::white_castling_move));
}
