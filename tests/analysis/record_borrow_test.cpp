// A game record that borrows its text (GameRecord::borrow, as the pipeline lends each piece of
// input to the records of its batch): tags, moves and the game's text inside it are views of it,
// the rest is copied; a copy of the record owns everything, so it outlives the text; clear() ends
// the borrowing. And the same games read with and without borrowing give the same records.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "analysis/game_record.hpp"
#include "pgn/reader.hpp"
#include "pgn/text_buffer.hpp"
#include "support/data.hpp"

using namespace rochade;

namespace {

bool inside(std::string_view view, const std::string& text) {
  const auto* begin = text.data();
  return !view.empty() && view.data() >= begin && view.data() + view.size() <= begin + text.size();
}

pgn::MoveToken move_token(std::string_view san) {
  pgn::MoveToken t;
  t.san = san;
  return t;
}

// Every tag, move and result of a record, as text.
std::vector<std::string> contents(const analysis::GameRecord& r) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < r.tag_count(); ++i)
    out.push_back(std::string(r.tag_name(i)) + "=" + std::string(r.tag_value(i)));
  for (std::size_t i = 0; i < r.move_count(); ++i) out.emplace_back(r.san(i));
  out.emplace_back(r.result());
  out.emplace_back(r.raw());
  return out;
}

// contents(), each tag as a lookup by its name finds it, each move with its printed number, its
// place and its clock, and the errors.
std::vector<std::string> all_of(const analysis::GameRecord& r) {
  std::vector<std::string> out = contents(r);
  for (std::size_t i = 0; i < r.tag_count(); ++i) {
    const std::string name(r.tag_name(i));
    out.push_back("lookup " + name + "=" + std::string(r.tag(name)) +
                  (r.has_tag(name) ? "" : " (not found)"));
  }
  for (std::size_t i = 0; i < r.move_count(); ++i) {
    const analysis::MoveEntry& m = r.move(i);
    const auto clock = r.clock(i);
    out.push_back(std::string(r.san(i)) + " #" + std::to_string(m.number) +
                  (m.number_black ? "..." : "") + " @" + std::to_string(r.move_line(i)) + ":" +
                  std::to_string(r.pos.byte + m.raw_offset) + " clk " +
                  (clock ? std::to_string(*clock) : "-"));
  }
  for (const auto& e : r.errors())
    out.push_back("error " + std::string(pgn::error_kind_name(e.kind)) + " " +
                  std::string(r.text(e.message)) + " @" + std::to_string(e.pos.line) + ":" +
                  std::to_string(e.pos.byte));
  return out;
}

// Games the test data lacks: more moves than a record first has room for (256), more tags than
// it first has room for (32) with escaped and spaced ones among them (read through tag(), not
// stored), move numbers and NAGs and clocks, variations, comments between the moves, errors in
// the movetext.
std::string long_games() {
  std::string s = "[Event \"long\"]\n";
  for (int i = 0; i < 90; ++i) {
    const std::string n = std::to_string(i);
    if (i % 13 == 5)
      s += "[Esc" + n + " \"a \\\"quoted\\\" word\"]\n";
    else if (i % 17 == 3)
      s += "[Spaced" + n + "   \"value " + n + "\" ]\n";
    else
      s += "[Tag" + n + " \"value " + n + "\"]" + (i % 4 == 0 ? " " : "\n");
  }
  s += "\n";
  const char* shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  for (int i = 0; i < 700; ++i) {
    if (i % 2 == 0) s += std::to_string(i / 2 + 1) + ". ";
    if (i % 37 == 1) s += std::to_string(i / 2 + 1) + "... ";
    s += shuffle[i % 4];
    if (i % 11 == 0) s += " $1 !?";
    if (i % 5 == 0)
      s += " { [%clk 0:0" + std::to_string(i % 10) + ":1" + std::to_string(i % 6) + "] }";
    if (i % 53 == 0) s += " (" + std::string(shuffle[(i + 1) % 4]) + " { in a variation } )";
    s += i % 9 == 0 ? "\n" : " ";
  }
  s += "1/2-1/2\n\n[Event \"errors\"]\n\n1. e4 e5 2. Nf3 ) Nc6 3. Bb5 {unclosed\n";
  s += "\n[Event \"after\"]\n\n1. d4 d5 2. c4 @@ e6 3. Nc3 1-0\n";
  return s;
}

}  // namespace

TEST_CASE("game record: borrowed text is viewed, not copied, and a copy owns its text",
          "[analysis][record]") {
  std::string text = "White Carlsen e4 Nf3 O-O-O";
  const std::string elsewhere = "Black Nakamura c5";
  const std::string_view t = text, o = elsewhere;

  analysis::GameRecord record;
  record.borrow(t);
  CHECK(record.borrows());
  record.add_tag(t.substr(0, 5), t.substr(6, 7));  // White Carlsen: in the text
  record.add_tag(o.substr(0, 5), o.substr(6, 8));  // Black Nakamura: not in it
  record.add_move(move_token(t.substr(14, 2)));    // e4
  record.add_move(move_token(o.substr(15, 2)));    // c5
  record.add_move(move_token(t.substr(17, 3)));    // Nf3
  record.add_move(move_token(t.substr(21, 5)));    // O-O-O, the text's last bytes
  record.set_result("1-0");
  record.set_raw(t);  // the game's text: all of it

  const std::vector<std::string> want = {"White=Carlsen", "Black=Nakamura", "e4",  "c5",
                                         "Nf3",           "O-O-O",          "1-0", text};
  CHECK(contents(record) == want);
  // What lies in the borrowed text is a view of it; the rest is the record's own copy.
  CHECK(inside(record.tag_name(0), text));
  CHECK(inside(record.tag("White"), text));
  CHECK(!inside(record.tag("Black"), text));
  CHECK(inside(record.san(0), text));
  CHECK(!inside(record.san(1), text));
  CHECK(inside(record.san(3), text));
  CHECK(record.tag("Black").data() != elsewhere.data() + 6);
  CHECK(record.raw().data() == text.data());

  analysis::GameRecord copy = record;
  analysis::GameRecord assigned;
  assigned = record;
  analysis::GameRecord moved_copy = analysis::GameRecord(record);
  for (const analysis::GameRecord* r : {&copy, &assigned, &moved_copy}) {
    CHECK_FALSE(r->borrows());
    CHECK(contents(*r) == want);
  }

  // The text changes (a batch's buffer refilled): the copies keep the game, the original shows
  // that it borrowed.
  for (char& c : text) c = c == ' ' ? ' ' : 'x';
  CHECK(contents(copy) == want);
  CHECK(contents(assigned) == want);
  CHECK(contents(moved_copy) == want);
  CHECK(record.tag_name(0) == "xxxxx");
  CHECK(record.tag_value(0) == "xxxxxxx");
  CHECK(record.tag("Black") == "Nakamura");
  CHECK(record.san(0) == "xx");
  CHECK(record.san(1) == "c5");
  CHECK(record.raw() == text);

  // clear() ends the borrowing: the next game copies everything.
  record.clear();
  CHECK_FALSE(record.borrows());
  record.add_move(move_token(t.substr(14, 2)));
  record.set_raw(t);
  CHECK(!inside(record.san(0), text));
  CHECK(record.san(0) == "xx");
  CHECK(!inside(record.raw(), text));
  CHECK(record.raw() == text);
}

TEST_CASE("game record: a text too long for 31-bit offsets is not borrowed", "[analysis][record]") {
  analysis::GameRecord record;
  const char c = 'e';
  record.borrow(std::string_view(&c, std::size_t{1} << 31));  // never read: only its size counts
  CHECK_FALSE(record.borrows());
}

TEST_CASE("game record: the same games, read with and without borrowing the text",
          "[analysis][record]") {
  // Every game of the test data's PGN files and of long_games(), read in place from one buffer:
  // each record borrows the buffer (as the pipeline's do; the reader then stores the moves
  // itself, RecordBuilder::move_store) or copies everything (each move through move()); both
  // give the same contents, each move's number, place and clock, and the same errors.
  std::size_t games = 0, moves = 0;
  auto files = test::files_under(ROCHADE_TEST_DATA, ".pgn");
  files.emplace_back();  // long_games()
  for (const auto& file : files) {
    const std::string pgn_text = file.empty() ? long_games() : test::read_file(file);
    pgn::TextBuffer buffer;
    buffer.assign(pgn_text);
    std::vector<std::vector<std::string>> plain;
    for (bool borrow : {false, true}) {
      struct Sink : analysis::RecordSink {
        std::vector<std::vector<std::string>> games;
        std::size_t borrowing = 0;
        void game(analysis::GameRecord& r) override {
          games.push_back(all_of(r));
          borrowing += r.borrows() ? 1 : 0;
          const analysis::GameRecord copy = r;  // owns its text: the same contents
          CHECK_FALSE(copy.borrows());
          CHECK(all_of(copy) == games.back());
        }
      };
      Sink sink;
      analysis::RecordBuilder builder(sink, analysis::RunInput{});
      builder.read_clocks(true);
      if (borrow) builder.borrow(buffer.view());
      pgn::Reader reader;
      pgn::ReaderOptions options;
      options.capture_raw = true;  // each game's text: borrowed too
      reader.restart_in_place(buffer, options);
      while (reader.read_game(builder)) {
      }
      INFO(file);
      if (!borrow) {
        plain = sink.games;
        CHECK(sink.borrowing == 0);
      } else {
        CHECK(sink.games == plain);
        CHECK(sink.borrowing == sink.games.size());
        games += sink.games.size();
        for (const auto& g : sink.games) moves += g.size();
      }
    }
  }
  CHECK(games > 100);
  CHECK(moves > 5000);
  // The long game: every move kept, past the first room.
  const std::string text = long_games();
  pgn::TextBuffer buffer;
  buffer.assign(text);
  struct Counts : analysis::RecordSink {
    std::vector<std::size_t> moves;
    void game(analysis::GameRecord& r) override { moves.push_back(r.move_count()); }
  } counts;
  analysis::RecordBuilder builder(counts, analysis::RunInput{});
  builder.borrow(buffer.view());
  pgn::Reader reader;
  reader.restart_in_place(buffer, pgn::ReaderOptions{});
  while (reader.read_game(builder)) {
  }
  REQUIRE(counts.moves.size() == 3);
  CHECK(counts.moves[0] == 700);
}

TEST_CASE("game record: the tags the reader stores are those tag() gives, in order",
          "[analysis][record]") {
  // The first game's tags, read borrowing (most stored by the reader, the escaped and spaced
  // ones through tag()) and as tag() gives each to a plain visitor.
  const std::string text = long_games();
  pgn::TextBuffer buffer;
  buffer.assign(text);
  struct Tags : pgn::Visitor {
    std::vector<std::string> tags;
    pgn::Skip tag(std::string_view n, std::string_view v) override {
      tags.push_back(std::string(n) + "=" + std::string(v));
      return pgn::Skip::no;
    }
  } given;
  pgn::Reader reader;
  reader.restart_in_place(buffer, pgn::ReaderOptions{});
  REQUIRE(reader.read_game(given));
  struct First : analysis::RecordSink {
    std::vector<std::string> tags;
    void game(analysis::GameRecord& r) override {
      if (!tags.empty() || r.tag_count() == 0) return;
      for (std::size_t i = 0; i < r.tag_count(); ++i)
        tags.push_back(std::string(r.tag_name(i)) + "=" + std::string(r.tag_value(i)));
    }
  } first;
  analysis::RecordBuilder builder(first, analysis::RunInput{});
  builder.borrow(buffer.view());
  pgn::Reader borrowing;
  borrowing.restart_in_place(buffer, pgn::ReaderOptions{});
  while (borrowing.read_game(builder)) {
  }
  REQUIRE(given.tags.size() == 91);
  CHECK(given.tags[6] == "Esc5=a \"quoted\" word");
  CHECK(first.tags == given.tags);
}
