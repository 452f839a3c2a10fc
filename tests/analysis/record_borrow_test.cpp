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
  // Every game of the test data's PGN files, read in place from one buffer: each record borrows
  // the buffer (as the pipeline's do) or copies everything; both give the same contents.
  std::size_t games = 0, moves = 0;
  for (const auto& file : test::files_under(ROCHADE_TEST_DATA, ".pgn")) {
    const std::string pgn_text = test::read_file(file);
    pgn::TextBuffer buffer;
    buffer.assign(pgn_text);
    std::vector<std::vector<std::string>> plain;
    for (bool borrow : {false, true}) {
      struct Sink : analysis::RecordSink {
        std::vector<std::vector<std::string>> games;
        std::size_t borrowing = 0;
        void game(analysis::GameRecord& r) override {
          games.push_back(contents(r));
          borrowing += r.borrows() ? 1 : 0;
        }
      };
      Sink sink;
      analysis::RecordBuilder builder(sink, analysis::RunInput{});
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
}
