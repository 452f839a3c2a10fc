// --where (cli.md): the grammar, columns or values on either side, numbers as numbers and text as
// text, ~ ignoring letter case (Latin, Greek, Cyrillic), missing values as SQL's NULL (three-valued
// logic, is null / is not null), which expressions need the replay, and errors that name the
// place.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "analysis/where.hpp"
#include "pgn/tokens.hpp"
#include "support/replay.hpp"

using namespace rochade;
using analysis::Where;

namespace {

constexpr std::string_view games =
    "[Event \"Linares\"]\n[White \"Kasparov, Garry\"]\n[Black \"Topalov\"]\n[Result \"1-0\"]\n"
    "[Date \"1999.02.20\"]\n[WhiteElo \"2812\"]\n[BlackElo \"2700\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 1-0\n\n"
    "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Date \"12.03.1985\"]\n"
    "[UTCDate \"1970.01.01\"]\n[EventDate \"1970.01.01\"]\n"
    "[WhiteElo \"?\"]\n\n1. d4 d5 0-1\n\n"
    "[Event \"Study\"]\n[FEN \"8/8/8/N3B3/8/6NP/3P1Pk1/R3K2R w KQ - 0 1\"]\n[SetUp \"1\"]\n\n"
    "1. f3 Kxf3 2. O-O# *\n\n";

// Which of `replayed` match `expression`, read with the --tag columns `tags` (as a string of 0/1);
// the analysis is given only where the expression needs it.
std::string matching(const std::vector<test::ReplayedGame>& replayed, std::string_view expression,
                     const std::vector<std::string>& tags = {}) {
  const auto parsed = Where::parse(expression, tags);
  INFO(expression << ": " << parsed.error.message);
  REQUIRE(parsed.where.has_value());
  std::string out;
  for (const auto& g : replayed) {
    const bool tags_only = !parsed.where->needs_analysis();
    out += parsed.where->matches(g.record, tags_only ? nullptr : &g.analysis, "in.pgn") ? '1' : '0';
  }
  return out;
}

// Which of the three games match (as a string of 0/1).
std::string matches(std::string_view expression) {
  static const auto replayed = test::replay_text(games);
  return matching(replayed, expression);
}

std::size_t error_at(std::string_view expression) {
  const auto parsed = Where::parse(expression);
  REQUIRE_FALSE(parsed.where.has_value());
  CHECK_FALSE(parsed.error.message.empty());
  return parsed.error.pos;
}

}  // namespace

TEST_CASE("where: comparisons of numbers and text", "[where]") {
  CHECK(matches("year >= 1990") == "100");
  CHECK(matches("year < 1990") == "010");  // Date in dd.mm.yyyy (before UTCDate)
  CHECK(matches("year is null") == "001");  // Date, else EventDate, else UTCDate: none
  CHECK(matches("year = 1985") == "010");
  CHECK(matches("mean_elo > 2755") == "100");  // (2812 + 2700) / 2 = 2756
  CHECK(matches("mean_elo > 2756") == "000");
  CHECK(matches("white_elo >= 1") == "100");
  CHECK(matches("setup = 1") == "001");
  CHECK(matches("setup != 1") == "110");
  CHECK(matches("result = '1-0'") == "100");
  CHECK(matches("result = '0-1'") == "010");
  CHECK(matches("white ~ 'KASPAROV'") == "100");
  CHECK(matches("white ~ \"garry\"") == "100");
  CHECK(matches("event > 'Club'") == "101");  // text order: Linares, Study after Club
  CHECK(matches("input = 'in.pgn'") == "111");
  CHECK(matches("game = 2") == "010");
}

TEST_CASE("where: tags in Latin-1 compare as the UTF-8 they are written as", "[where]") {
  const auto g =
      test::replay_text("[White \"M\xfcller\"]\n[Black \"M\xc3\xbcller\"]\n\n1. e4 *\n\n");
  REQUIRE(g.size() == 1);
  for (const char* e :
       {"white = 'M\xc3\xbcller'", "black = 'M\xc3\xbcller'", "white ~ '\xc3\xbcll'"}) {
    INFO(e);
    CHECK(Where::parse(e).where->matches(g[0].record, nullptr, "in.pgn"));
  }
}

// Character by character, as the outputs write it (pgn::as_utf8): one byte that is not UTF-8 does
// not turn the valid UTF-8 beside it into Latin-1, and an overlong form is no UTF-8.
TEST_CASE("where: text mixing UTF-8 and Latin-1 compares as it is written", "[where]") {
  const auto g =
      test::replay_text("[White \"M\xc3\xbcller \xe9\"]\n[Black \"\xc0\xae\"]\n\n1. e4 *\n\n");
  REQUIRE(g.size() == 1);
  const std::string white = pgn::as_utf8(g[0].record.tag("White"));
  CHECK(white == "M\xc3\xbcller \xc3\xa9");
  for (const char* e :
       {"white = 'M\xc3\xbcller \xc3\xa9'", "white ~ '\xc3\xbcller'",
        "black = '\xc3\x80\xc2\xae'"}) {
    INFO(e);
    CHECK(Where::parse(e).where->matches(g[0].record, nullptr, "in.pgn"));
  }
  CHECK_FALSE(Where::parse("black = '.'").where->matches(g[0].record, nullptr, "in.pgn"));
}

TEST_CASE("where: a missing value is SQL's NULL", "[where]") {
  // Game 2's WhiteElo is "?", game 3 has none: both missing. A comparison with a missing value is
  // unknown, and so is its negation: the game is kept only where the whole expression is true.
  CHECK(matches("white_elo < 5000") == "100");
  CHECK(matches("white_elo != 5000") == "100");
  CHECK(matches("not white_elo < 5000") == "000");
  CHECK(matches("not (white_elo < 5000)") == "000");
  CHECK(matches("white ~ ''") == "110");
  // The same rows for != and not (=) (cli.md v3), on a castling that one game lacks.
  CHECK(matches("white_castling != 'O-O-O'") == "101");
  CHECK(matches("not (white_castling = 'O-O-O')") == "101");
  CHECK(matches("black_castling != 'O-O'") == "000");
  CHECK(matches("not black_castling = 'O-O'") == "000");
  // Unknown and false is false; unknown or true is true; unknown or false is unknown.
  CHECK(matches("white_elo > 1 and setup = 1") == "000");
  CHECK(matches("white_elo > 1 or setup = 1") == "101");
  CHECK(matches("not (white_elo > 1 or setup = 0)") == "000");
  CHECK(matches("not (white_elo > 1 and setup = 0)") == "001");  // unknown and false
  CHECK(matches("not (white_elo > 5000 and setup = 1)") == "110");
  // is null / is not null: the test for a missing value, never unknown.
  CHECK(matches("white_elo is null") == "011");
  CHECK(matches("white_elo IS NOT NULL") == "100");
  CHECK(matches("not white_elo is null") == "100");
  CHECK(matches("white_castling is null") == "010");
  CHECK(matches("black_castling is null or black_castling = 'O-O-O'") == "111");
  CHECK(matches("year is not null and year < 1990") == "010");
  CHECK(matches("mean_elo is null") == "011");
}

TEST_CASE("where: and, or, not, parentheses", "[where]") {
  CHECK(matches("year >= 1990 or setup = 1") == "101");
  CHECK(matches("year >= 1990 and setup = 1") == "000");
  CHECK(matches("not (year >= 1990 or setup = 1)") == "010");
  CHECK(matches("setup = 0 and (white ~ 'a' or black ~ 'b') and not result = '0-1'") == "100");
  CHECK(matches("YEAR >= 1990 AND Setup = 0") == "100");
}

TEST_CASE("where: columns of the replay", "[where]") {
  CHECK(Where::parse("plies > 3").where->needs_analysis());
  CHECK_FALSE(Where::parse("year > 3 and white ~ 'x'").where->needs_analysis());
  // The game's number: `stats` then numbers games before it replays them.
  CHECK(Where::parse("game > 3").where->needs_number());
  CHECK(Where::parse("year > 3 or not (game = 1)").where->needs_number());
  CHECK_FALSE(Where::parse("year > 3 and white ~ 'game'").where->needs_number());
  CHECK_FALSE(Where::parse("plies > 3").where->needs_number());
  CHECK(matches("mate_by_castling = 1") == "001");
  CHECK(matches("white_castling = 'O-O'") == "101");
  CHECK(matches("plies > 3") == "100");
  CHECK(matches("white_castling_ply <= 3") == "001");
}

TEST_CASE("where: malformed expressions name the place", "[where]") {
  CHECK(error_at("year >> 1990") == 6);
  CHECK(error_at("yeer > 1990") == 0);
  CHECK(error_at("year > abc") == 7);
  CHECK(error_at("year > 1990 and") == 15);
  CHECK(error_at("(year > 1990") == 12);
  CHECK(error_at("white = 'Kasparov") == 8);
  CHECK(error_at("white ~ 'x' y") == 12);
  CHECK(error_at("white ~") == 7);
  CHECK(error_at("year ~ 19") == 0);
  CHECK(error_at("") == 0);
  CHECK(error_at("white is") == 8);
  CHECK(error_at("white is not") == 12);
  CHECK(error_at("white is 3") == 9);
  CHECK(error_at("white is not nul") == 13);
  const std::string text = analysis::where_error_text("year >> 1990", {6, "expected a value"});
  CHECK(text.find("year >> 1990\n        ^") != std::string::npos);
}

TEST_CASE("where: the columns of --tag, as text, only when asked for", "[where]") {
  const auto g = test::replay_text(
      "[Event \"E\"]\n[WhiteFideId \"5072786\"]\n[StudyName \"Round 1\"]\n\n1. e4 *\n\n"
      "[Event \"F\"]\n[WhiteFideId \"14203987\"]\n\n1. d4 *\n\n");
  const std::vector<std::string> tags{"WhiteFideId", "StudyName"};
  const auto match = [&](std::string_view e) {
    const auto parsed = Where::parse(e, tags);
    INFO(e << ": " << parsed.error.message);
    REQUIRE(parsed.where.has_value());
    CHECK_FALSE(parsed.where->needs_analysis());
    std::string out;
    for (const auto& x : g) out += parsed.where->matches(x.record, nullptr, "in.pgn") ? '1' : '0';
    return out;
  };
  CHECK(match("white_fide_id = 5072786") == "10");
  CHECK(match("white_fide_id > 2") == "10");  // text: "5..." > "2", "1..." < "2"
  CHECK(match("study_name ~ 'round'") == "10");
  CHECK(match("study_name is null") == "01");
  CHECK(match("not study_name = 'x'") == "10");  // NULL stays unknown
  CHECK_FALSE(Where::parse("white_fide_id = 1").where.has_value());  // without --tag
  const auto bad = Where::parse("annotator = 'x'", tags);
  REQUIRE_FALSE(bad.where.has_value());
  CHECK(bad.error.message.find("white_fide_id, study_name") != std::string::npos);
}

namespace {

// Ratings on both sides, a PlyCount tag that agrees with the moves (game 1), disagrees (game 2)
// or is no number (game 3), and an ECO equal to the Event in game 1 only.
constexpr std::string_view pairs =
    "[Event \"B90\"]\n[ECO \"B90\"]\n[WhiteElo \"2500\"]\n[BlackElo \"2400\"]\n"
    "[PlyCount \"3\"]\n\n1. e4 c5 2. Nf3 *\n\n"
    "[Event \"Open\"]\n[ECO \"D02\"]\n[WhiteElo \"2400\"]\n[BlackElo \"2600\"]\n"
    "[PlyCount \"10\"]\n\n1. d4 d5 *\n\n"
    "[Event \"Blitz\"]\n[ECO \"A00\"]\n[WhiteElo \"?\"]\n[BlackElo \"2000\"]\n"
    "[PlyCount \"x\"]\n\n1. g4 *\n\n";

std::string pair_matches(std::string_view expression) {
  static const auto replayed = test::replay_text(pairs);
  return matching(replayed, expression, {"PlyCount"});
}

}  // namespace

TEST_CASE("where: a column compared with a column", "[where]") {
  CHECK(pair_matches("white_elo > black_elo") == "100");
  CHECK(pair_matches("black_elo > white_elo") == "010");
  CHECK(pair_matches("not (white_elo > black_elo)") == "010");  // game 3: unknown
  CHECK(pair_matches("white_elo = white_elo") == "110");
  CHECK(pair_matches("eco = event") == "100");
  CHECK(pair_matches("event != eco") == "011");
  CHECK(pair_matches("event > eco") == "011");  // text: "Open" > "D02", "Blitz" > "A00"
  // A --tag column (text) against a number column: as numbers, a value that is no number missing.
  CHECK(pair_matches("ply_count = plies") == "100");
  CHECK(pair_matches("plies < ply_count") == "010");  // 2 < 10 (as text "2" > "10")
  CHECK(pair_matches("ply_count < plies") == "000");
  CHECK(pair_matches("not (ply_count = plies)") == "010");
  CHECK(pair_matches("ply_count = 3") == "100");  // against a value: text, as before
  // A value on the left.
  CHECK(pair_matches("2450 < white_elo") == "100");
  CHECK(pair_matches("'2450' < white_elo") == "100");
  CHECK(pair_matches("'b90' ~ eco") == "100");  // the left side contains the right
  CHECK(pair_matches("'b9' ~ eco") == "000");
  CHECK(pair_matches("'xB90x' ~ eco") == "100");
  CHECK(pair_matches("'Open' = event or 2000 = black_elo") == "011");
  // What decides before the replay: the columns of both sides.
  CHECK(Where::parse("ply_count = plies", {"PlyCount"}).where->needs_analysis());
  CHECK(Where::parse("3 < plies").where->needs_analysis());
  CHECK(Where::parse("white_castling_clock > black_castling_clock").where->needs_clocks());
  CHECK(Where::parse("1 < black_castling_clock").where->needs_clocks());
  CHECK_FALSE(Where::parse("white_elo > black_elo").where->needs_analysis());
  CHECK(Where::parse("white_elo = game").where->needs_number());
  CHECK(Where::parse("'2' = game").where->needs_number());
}

TEST_CASE("where: a bare word is a column or a number, other text goes in quotes", "[where]") {
  CHECK(error_at("eco = B90") == 6);
  CHECK(error_at("result = 1-0") == 9);
  CHECK(error_at("white_castling = O-O") == 17);
  CHECK(error_at("B90 = eco") == 0);
  const auto bad = Where::parse("eco = event2");
  REQUIRE_FALSE(bad.where.has_value());
  CHECK(bad.error.message.find("'event2' is no column: text goes in quotes ('event2')") == 0);
  CHECK(error_at("'a' = 'b'") == 0);  // no column
  CHECK(error_at("1 < 2") == 0);
  CHECK(error_at("3 is null") == 0);
  CHECK(error_at("white ~ plies") == 8);  // ~ with a number column
  CHECK(error_at("plies ~ white") == 0);
  CHECK(error_at("white_elo > 'abc'") == 12);
  CHECK(error_at("'abc' < white_elo") == 0);
  CHECK(error_at("white_elo >") == 11);
  const auto number = Where::parse("white_elo > black");
  REQUIRE(number.where.has_value());  // a text column against a number column: as numbers
}

TEST_CASE("where: ~ ignores the case of Latin, Greek and Cyrillic letters", "[where]") {
  const auto g = test::replay_text(
      "[White \"M\xc3\x9cLLER B\"]\n[Black \"\xc3\x86r\xc3\xb8 E\"]\n"
      "[Event \"\xc5\xa0""AHOVI\xc4\x86 memorial\"]\n[Site \"\xc4\xb0STANBUL \xc4\x9e\"]\n"
      "[Round \"\xce\x9f\xce\x94\xce\xa5\xce\xa3\xce\xa3\xce\x95\xce\xa5\xce\xa3\"]\n"
      "[Annotator \"Stra\xc3\x9f""e\"]\n"
      "[WhiteTitle \"\xd0\x9a\xd0\x90\xd0\xa0\xd0\x9f\xd0\x9e\xd0\x92, \xd0\x90.\"]\n"
      "[BlackTitle \"M\xfcller \xe2\x82\"]\n\n1. e4 *\n\n");
  REQUIRE(g.size() == 1);
  const auto holds = [&](std::string_view e) {
    const auto parsed = Where::parse(e, {"Annotator"});
    INFO(e << ": " << parsed.error.message);
    REQUIRE(parsed.where.has_value());
    return parsed.where->matches(g[0].record, nullptr, "in.pgn");
  };
  CHECK(holds("white ~ 'm\xc3\xbcller'"));              // müller in MÜLLER B
  CHECK(holds("white ~ 'M\xc3\x9cLLER b'"));
  CHECK(holds("black ~ '\xc3\xa6r\xc3\xb8'"));          // ærø in Ærø E
  CHECK(holds("black ~ '\xc3\x86R\xc3\x98'"));          // ÆRØ
  CHECK(holds("event ~ '\xc5\xa1" "ahovi\xc4\x87'"));   // šahović in ŠAHOVIĆ
  CHECK(holds("site ~ '\xc4\x9f'"));                    // ğ in Ğ
  CHECK(holds("site ~ 'istanbul'"));                    // İ folds to i
  CHECK(holds("round ~ '\xce\xbf\xce\xb4\xcf\x85\xcf\x83\xcf\x83\xce\xb5\xcf\x85\xcf\x82'"));
  CHECK(holds("white_title ~ '\xd0\xba\xd0\xb0\xd1\x80\xd0\xbf\xd0\xbe\xd0\xb2'"));  // карпов
  CHECK_FALSE(holds("white ~ 'mullER'"));               // ü is no u
  CHECK_FALSE(holds("annotator ~ 'strasse'"));          // ß stays ß
  CHECK(holds("annotator ~ 'STRA\xc3\x9f'"));
  // = stays exact; bytes that are no UTF-8 (Latin-1 ü, a cut sequence) neither crash nor fold
  // wrongly: they read as the Latin-1 characters the outputs show.
  CHECK_FALSE(holds("white = 'm\xc3\xbcller b'"));
  CHECK(holds("black_title ~ 'M\xc3\x9c'"));
  CHECK(holds("black_title ~ '\xdc'"));                 // Latin-1 Ü in the expression
  CHECK(holds("black_title ~ '\xe2\x82'"));
  CHECK_FALSE(holds("black_title ~ '\xe2\x82\xac'"));
}

TEST_CASE("fold_case: one code point for one, both cases alike", "[where]") {
  using pgn::fold_case;
  CHECK(fold_case('A') == 'a');
  CHECK(fold_case(U'\u00C9') == U'\u00E9');  // É
  CHECK(fold_case(U'\u00D7') == U'\u00D7');  // × is no letter
  CHECK(fold_case(U'\u00DF') == U'\u00DF');  // ß
  CHECK(fold_case(U'\u0178') == U'\u00FF');  // Ÿ
  CHECK(fold_case(U'\u0141') == U'\u0142');  // Ł
  CHECK(fold_case(U'\u0131') == U'\u0131');  // ı stays dotless
  CHECK(fold_case(U'\u03A3') == U'\u03C3');  // Σ
  CHECK(fold_case(U'\u03C2') == U'\u03C3');  // ς
  CHECK(fold_case(U'\u0401') == U'\u0451');  // Ё
  CHECK(fold_case(U'\u04D8') == U'\u04D9');  // Ә
  CHECK(fold_case(U'\u0531') == U'\u0531');  // outside the blocks folded: itself
  for (char32_t c = 0; c < 0x530; ++c) {
    INFO(static_cast<unsigned>(c));
    CHECK(fold_case(fold_case(c)) == fold_case(c));
  }
  CHECK(pgn::contains_ignoring_case("", ""));
  CHECK_FALSE(pgn::contains_ignoring_case("", "a"));
  CHECK(pgn::contains_ignoring_case("\xff\xc3", "\xc3"));  // bytes that are no UTF-8
  CHECK_FALSE(pgn::contains_ignoring_case("\xf0\x9f", "\xf0\x9f\x98\x80"));
}
