// The reader's contract on small inputs written here: events, positions, skipping, slices.
#include <catch2/catch.hpp>
#include <string>

#include "support/recorder.hpp"

using namespace rochade::pgn;
using namespace rochade::pgn::test;

namespace {

std::string events(std::string_view text) { return record(text, {}, no_positions()); }

}  // namespace

TEST_CASE("a plain game", "[pgn]") {
  const char* text =
      "[Event \"F/S Return Match\"]\n"
      "[White \"Fischer, Robert J.\"]\n"
      "\n"
      "1. e4 e5 2. Nf3 {This opening is called the Ruy Lopez.} 2... Nc6 3. Bb5 $1 a6 1/2-1/2\n";
  CHECK(record(text) ==
        "game 1 @1:0\n"
        "tag Event \"F/S Return Match\"\n"
        "tag White \"Fischer, Robert J.\"\n"
        "end_tags\n"
        "move 1. e4 @4:60\n"
        "move e5 @4:63\n"
        "move 2. Nf3 @4:69\n"
        "comment \"This opening is called the Ruy Lopez.\"\n"
        "move 2... Nc6 @4:118\n"
        "move 3. Bb5 $1 @4:125\n"
        "move a6 @4:132\n"
        "result 1/2-1/2\n"
        "end_game 1 1/2-1/2\n");
}

TEST_CASE("an empty input and whitespace are no game", "[pgn]") {
  CHECK(events("").empty());
  CHECK(events(" \n\r\n\t\n").empty());
  CHECK(events("\xEF\xBB\xBF\n").empty());
  CHECK(events("% only an escape line\n").empty());
  CHECK(events("{ a comment between games }\n; and a line comment\n").empty());
}

TEST_CASE("the skipped text between games is reported once per stretch", "[pgn]") {
  CHECK(events("<html>\n<body>\n</html>\n") ==
        "skipped bad_character text that is not PGN, skipped (not a game)\n");
  CHECK(events("<html>\n1. e4 *\n<p>\n<p>\n") ==
        "skipped bad_character text that is not PGN, skipped (not a game)\n"
        "game 1\nend_tags\nmove 1. e4\nresult *\nend_game 1 *\n"
        "skipped bad_character text that is not PGN, skipped (not a game)\n");
}

TEST_CASE("variations are skipped unless the visitor enters them", "[pgn]") {
  const char* text = "1. e4 (1. d4 d5 (1... Nf6) 2. c4) (1. c4) e5 {after} *";
  RecorderOptions skip = no_positions();
  skip.visit_variations = false;
  CHECK(record(text, {}, skip) ==
        "game 1\nend_tags\nmove 1. e4\nmove e5\ncomment \"after\"\nresult *\nend_game 1 *\n");
  CHECK(events(text) ==
        "game 1\nend_tags\nmove 1. e4\n(\nmove 1. d4\nmove d5\n(\nmove 1... Nf6\n)\nmove 2. c4\n)\n"
        "(\nmove 1. c4\n)\nmove e5\ncomment \"after\"\nresult *\nend_game 1 *\n");
}

TEST_CASE("Skip::yes at any event skips the rest of that game only", "[pgn]") {
  const char* text =
      "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 {c} (1. d4 {d} (1. c4)) e5 $1 2. Nf3 ; e\n2... Nc6 "
      "1-0\n"
      "[Event \"next\"]\n\n1. d4 { unclosed\n[Event \"third\"]\n1. c4 ( *\n[Event \"fourth\"] 1. "
      "g3 0-1\n";
  const std::string full = events(text);
  for (std::uint64_t at = 1; at <= 16; ++at) {
    RecorderOptions r = no_positions();
    r.skip_at = at;
    const std::string got = record(text, {}, r);
    INFO("skip at event " << at << "\n" << got);
    CHECK(got.find("VIOLATION") == std::string::npos);
    // the same games, each ending the same way
    std::string ends_full;
    std::string ends_got;
    for (const auto* s : {&full, &got}) {
      std::string& out = s == &full ? ends_full : ends_got;
      for (std::size_t i = s->find("end_game"); i != std::string::npos;
           i = s->find("end_game", i + 1)) {
        out.append(s->substr(i, s->find('\n', i) - i)).append("\n");
      }
    }
    CHECK(ends_got == ends_full);
  }
}

TEST_CASE("a slice reports the positions and numbers of the whole", "[pgn]") {
  ReaderOptions opts;
  opts.first_line = 100;
  opts.first_byte = 5000;
  opts.first_game = 42;
  CHECK(record("1. e4\n{x} 1-0 1. d4 *", opts) ==
        "game 42 @100:5000\nend_tags\nmove 1. e4 @100:5003\ncomment \"x\"\nresult 1-0\nend_game 42 "
        "1-0\n"
        "game 43 @101:5014\nend_tags\nmove 1. d4 @101:5017\nresult *\nend_game 43 *\n");
}

TEST_CASE("read_game reads one game at a time and counts them", "[pgn]") {
  MemorySource src("1. e4 * 1. d4 * 1. c4 *");
  Reader reader(src);
  Counter c;
  CHECK(reader.read_game(c));
  CHECK(reader.games_read() == 1);
  CHECK(reader.read_all(c) == 2);
  CHECK_FALSE(reader.read_game(c));
  CHECK(c.games == 3);
  CHECK(c.moves == 3);
}

TEST_CASE("a tag start in movetext begins the next game wherever it is", "[pgn]") {
  CHECK(events("1. e4 e5 [Event \"x\"] 1. d4 *") ==
        "game 1\nend_tags\nmove 1. e4\nmove e5\nend_game 1\n"
        "game 2\ntag Event \"x\"\nend_tags\nmove 1. d4\nresult *\nend_game 2 *\n");
  // a '[' that is no tag start is an error in the game
  CHECK(events("1. e4 [%clk 0:01:00] e5 *") ==
        "game 1\nend_tags\nmove 1. e4\n"
        "error bad_character '[' in movetext that does not start a tag pair\nmove e5\nresult "
        "*\nend_game 1 * had_errors\n");
}

TEST_CASE("a game without movetext ends where the next tag section begins", "[pgn]") {
  // A second Event tag starts a game, with or without a blank line before it.
  CHECK(events("[Event \"a\"]\n[Site \"s\"]\n[Event \"b\"]\n1. e4 *") ==
        "game 1\ntag Event \"a\"\ntag Site \"s\"\nend_tags\nend_game 1\n"
        "game 2\ntag Event \"b\"\nend_tags\nmove 1. e4\nresult *\nend_game 2 *\n");
  // After a blank line: a name the section has, or Event.
  CHECK(events("[Site \"s\"]\n[Round \"1\"]\n\n[Round \"2\"]\n*") ==
        "game 1\ntag Site \"s\"\ntag Round \"1\"\nend_tags\nend_game 1\n"
        "game 2\ntag Round \"2\"\nend_tags\nresult *\nend_game 2 *\n");
  CHECK(events("[Site \"s\"]\n\n[Event \"e\"]\n*") ==
        "game 1\ntag Site \"s\"\nend_tags\nend_game 1\n"
        "game 2\ntag Event \"e\"\nend_tags\nresult *\nend_game 2 *\n");
  // Not a new game: a repeated name without a blank line, a new name after one.
  CHECK(events("[Annotator \"a\"]\n[Annotator \"b\"]\n\n[Round \"1\"]\n*") ==
        "game 1\ntag Annotator \"a\"\ntag Annotator \"b\"\ntag Round \"1\"\nend_tags\n"
        "result *\nend_game 1 *\n");
}

TEST_CASE("errors keep the reader going", "[pgn]") {
  CHECK(events("1. e4 ) e5 ( 2. Nf3") ==
        "game 1\nend_tags\nmove 1. e4\nerror unmatched_paren ')' without '('\nmove e5\n(\nmove 2. "
        "Nf3\n"
        "error unclosed_variation '(' without ')' before the end of the game\n)\nend_game 1 "
        "had_errors\n");
  CHECK(events("[Event \"open value]\n[Site \"s\"]\n1. e4 *") ==
        "game 1\nerror bad_tag tag value without a closing quote\ntag Site \"s\"\nend_tags\nmove "
        "1. e4\n"
        "result *\nend_game 1 * had_errors\n");
  CHECK(
      events("1. e4 , e5 $ *") ==
      "game 1\nend_tags\nmove 1. e4\nerror bad_character bytes that cannot start a token\nmove e5\n"
      "error bad_character '$' without a number\nresult *\nend_game 1 * had_errors\n");
}

TEST_CASE("results", "[pgn]") {
  CHECK(events("e4 \xC2\xBD-\xC2\xBD") ==
        "game 1\nend_tags\nmove e4\nresult \\xC2\\xBD-\\xC2\\xBD\nend_game 1 "
        "\\xC2\\xBD-\\xC2\\xBD\n");
  CHECK(events("\xBD-\xBD") == "game 1\nend_tags\nresult \\xBD-\\xBD\nend_game 1 \\xBD-\\xBD\n");
  CHECK(events("0-0 0-0-0 0-1") ==
        "game 1\nend_tags\nmove 0-0\nmove 0-0-0\nresult 0-1\nend_game 1 0-1\n");
  // a result inside a variation does not end the game
  CHECK(events("1. e4 (1. d4 1-0) e5 *") ==
        "game 1\nend_tags\nmove 1. e4\n(\nmove 1. d4\n)\nmove e5\nresult *\nend_game 1 *\n");
}

namespace {
// Writes "what@byte" for each callback, with the reader's token_pos().
class PositionRecorder : public rochade::pgn::Visitor {
 public:
  const Reader* reader = nullptr;
  std::string out;
  void note(const char* what) {
    out.append(what).append("@").append(std::to_string(reader->token_pos().byte)).append(" ");
  }
  Skip begin_game(const GameStart&) override { return note("game"), Skip::no; }
  Skip tag(std::string_view, std::string_view) override { return note("tag"), Skip::no; }
  Skip end_tags() override { return note("end_tags"), Skip::no; }
  Skip move(const MoveToken&) override { return note("move"), Skip::no; }
  Skip comment(std::string_view, bool) override { return note("comment"), Skip::no; }
  bool begin_variation() override { return note("("), true; }
  void end_variation() override { note(")"); }
  void result(std::string_view) override { note("result"); }
  void error(const rochade::pgn::ParseError&) override { note("error"); }
  void end_game(const GameEnd&) override { note("end_game"); }
  void skipped(const rochade::pgn::ParseError&) override { note("skipped"); }
};
}  // namespace

TEST_CASE("token_pos says where each callback's token is", "[pgn]") {
  const std::string text =
      "<x>\n[Event \"x\"] [Site \"a\\\"b\"]\n1. e4 {c} (1. d4) e5 ; l\n) 1-0\n";
  for (std::size_t size : {1, 1 << 16}) {
    ReaderOptions opts;
    opts.buffer_size = size;
    MemorySource src(text);
    Reader reader(src, opts);
    PositionRecorder v;
    v.reader = &reader;
    reader.read_all(v);
    CHECK(v.out ==
          "skipped@0 game@4 tag@4 tag@16 end_tags@30 move@33 comment@36 (@40 move@44 )@46 "
          "move@48 comment@51 error@55 result@57 end_game@60 ");
  }
}
