// The reader over every file of the real games (tests/data by default, the whole corpus in the
// tests labelled corpus; tests/support/data.hpp): no game lost, the same events whatever the buffer
// size, raw capture that gives the input back. The .zst archives are in the slow suite.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "support/data.hpp"
#include "support/recorder.hpp"

namespace fs = std::filesystem;
using rochade::pgn::GameEnd;
using rochade::pgn::GameStart;
using rochade::pgn::MemorySource;
using rochade::pgn::Reader;
using rochade::pgn::ReaderOptions;
using rochade::pgn::Skip;
using rochade::pgn::test::buffer_difference;
using rochade::pgn::test::Counter;
using rochade::pgn::test::first_difference;
using rochade::pgn::test::record;
using rochade::pgn::test::Recorder;
using rochade::test::event_lines;
using rochade::test::read_file;

namespace {

const fs::path kCorpus = rochade::test::data_dir();

std::vector<fs::path> corpus_files(const std::string& ext, const fs::path& under = kCorpus) {
  return rochade::test::files_under(under, ext);
}

std::string corpus_name(const fs::path& p) { return fs::relative(p, kCorpus).generic_string(); }

// `f` (its text) keeps the visitor contract, and gives the same events with a buffer of each of
// `sizes` bytes as with the default one.
void check_buffer_sizes(const fs::path& f, std::string_view text,
                        std::initializer_list<std::size_t> sizes) {
  const std::string base = record(text);
  CHECK(base.find("VIOLATION") == std::string::npos);
  for (const std::size_t size : sizes) {
    const std::string diff = buffer_difference(base, text, size);
    INFO(corpus_name(f) << " with a buffer of " << size << ": " << diff);
    CHECK(diff.empty());
  }
}

// Files where the games are not the [Event lines, with their games counted by hand
// (docs/PGN-READER.md says why for each).
const std::map<std::string, std::uint64_t>& expected_games() {
  static const std::map<std::string, std::uint64_t> kExpected = {
      {"edge/chessops/headers-and-moves-on-the-same-line.pgn", 3},
      {"edge/chessops/leading-whitespace.pgn", 3},
      {"edge/chessops/pathological-headers.pgn", 1},
      {"edge/dhtmlchess/1001bwtc-autoparsed.pgn", 2},
      {"edge/dhtmlchess/pgn-with-arrows.pgn", 1},
      {"edge/dhtmlchess/polgar-parsed.pgn", 2715},
      {"edge/dhtmlchess/test2.pgn", 541},
      {"edge/dhtmlchess/tata-2017.pgn", 91},
      {"edge/disservin-chess-library/no_moves_but_comment_followed_by_termination_marker.pgn", 2},
      {"edge/disservin-chess-library/no_moves_but_game_termination_multiple_2.pgn", 3},
      {"edge/disservin-chess-library/threefold_repetition.pgn", 1},
      {"edge/fastchess/dfrc.pgn", 4},
      {"edge/fastchess/test.pgn", 6},
      {"edge/fastchess/test_invalid.pgn", 2},
      {"edge/mliebelt-pgn-parser/doc/sampleGameThrow.pgn", 1},
      {"edge/notnil-chess/0008.pgn", 1},
      {"edge/notnil-chess/0009.pgn", 1},
      {"edge/notnil-chess/0010.pgn", 1},
      {"edge/notnil-chess/0015.pgn", 1},
      {"edge/pgn-extract/nested-comment.pgn", 1},
      {"edge/pgn-extract/test-fuzzydepth.pgn", 4},
      {"edge/pgn-extract/test-nagcomments.pgn", 1},
      {"edge/pgn-extract/test-nobadresults.pgn", 9},
      {"edge/pgn-extract/test-promotion-in.pgn", 8},
      {"edge/pgn2data/reported_issue_02.pgn", 1},
      {"edge/pychess/badpgn.pgn", 1},
      {"edge/python-chess/antichess-programfox.pgn", 2},
      {"edge/shakmaty/antichess-programfox.pgn", 2},
      {"edge/python-chess/utf8-bom.pgn", 2},
      {"edge/scalachess/uzchesscup.pgn", 45},
      {"lichess/scalachess-uzchesscup.pgn", 45},
  };
  return kExpected;
}

void check_game_count(const std::string& name, std::string_view text) {
  MemorySource src(text);
  Reader reader(src);
  Counter c;
  const std::uint64_t games = reader.read_all(c);
  const auto it = expected_games().find(name);
  const std::uint64_t expected = it != expected_games().end() ? it->second : event_lines(text);
  INFO(name << ": " << games << " games, expected " << expected << ", [Event lines "
            << event_lines(text));
  CHECK(games == expected);
  CHECK(c.ended == games);
}

// Records (start byte, raw) of each game.
class RawCollector : public rochade::pgn::Visitor {
 public:
  Skip begin_game(const GameStart& g) override {
    starts.push_back(g.pos.byte);
    return Skip::no;
  }
  void end_game(const GameEnd& g) override {
    raws.emplace_back(g.raw);
    truncated += g.raw_truncated ? 1 : 0;
  }
  std::vector<std::uint64_t> starts;
  std::vector<std::string> raws;
  int truncated = 0;
};

void check_raw(const std::string& name, std::string_view text, std::size_t buffer_size) {
  ReaderOptions opts;
  opts.capture_raw = true;
  opts.buffer_size = buffer_size;
  MemorySource src(text);
  Reader reader(src, opts);
  RawCollector raw;
  reader.read_all(raw);
  INFO(name << " with a buffer of " << buffer_size);
  REQUIRE(raw.starts.size() == raw.raws.size());
  CHECK(raw.truncated == 0);
  std::uint64_t at = 0;
  std::string between;  // the text of no game
  for (std::size_t i = 0; i < raw.raws.size(); ++i) {
    REQUIRE(raw.starts[i] >= at);
    between.append(text.substr(at, raw.starts[i] - at));
    REQUIRE(text.substr(raw.starts[i], raw.raws[i].size()) == raw.raws[i]);
    at = raw.starts[i] + raw.raws[i].size();
  }
  between.append(text.substr(at));
  // What lies between the games holds no game.
  MemorySource rest(between);
  Reader again(rest);
  Counter c;
  CHECK(again.read_all(c) == 0);
}

}  // namespace

TEST_CASE("no game lost: game count equals the Event lines on every plain corpus file",
          "[pgn][corpus]") {
  const auto files = corpus_files(".pgn");
  REQUIRE(files.size() > 150);
  for (const auto& f : files) check_game_count(corpus_name(f), read_file(f.string()));
}

TEST_CASE("no game lost: game count equals the Event lines on every compressed corpus file",
          "[.slow][slow][pgn][corpus]") {
  const auto files = corpus_files(".pgn.zst");
  REQUIRE(!files.empty());
  for (const auto& f : files) {
    const std::string text = rochade::test::read_decompressed(f);
    REQUIRE(!text.empty());
    check_game_count(corpus_name(f), text);
  }
}

TEST_CASE("edge files read the same with every buffer size", "[pgn][corpus]") {
  for (const auto& f : corpus_files(".pgn", kCorpus / "edge")) {
    const std::string text = read_file(f.string());
    if (text.size() > 64 * 1024) continue;  // the big ones are in the slow suite
    check_buffer_sizes(f, text, {1, 2, 3, 4, 5, 6, 7, 8});
  }
}

TEST_CASE("all edge files read the same with every buffer size", "[.slow][slow][pgn][corpus]") {
  for (const auto& f : corpus_files(".pgn", kCorpus / "edge")) {
    const std::string text = read_file(f.string());
    check_buffer_sizes(f, text, {1, 2, 3, 4, 5, 6, 7, 8});
  }
}

TEST_CASE("the other corpus files read the same with small buffers", "[.slow][slow][pgn][corpus]") {
  for (const auto& f : corpus_files(".pgn")) {
    if (corpus_name(f).starts_with("edge/")) continue;
    const std::string text = read_file(f.string());
    check_buffer_sizes(f, text, {1, 3, 61, 4096});
  }
}

TEST_CASE("raw capture gives the input back", "[pgn][corpus]") {
  for (const auto& f : corpus_files(".pgn")) {
    const std::string text = read_file(f.string());
    check_raw(corpus_name(f), text, ReaderOptions{}.buffer_size);
    if (text.size() <= 16 * 1024) check_raw(corpus_name(f), text, 3);
  }
}

TEST_CASE("each game's raw text read alone gives the same events", "[pgn][corpus]") {
  for (const auto& f : corpus_files(".pgn", kCorpus / "edge")) {
    const std::string text = read_file(f.string());
    if (text.size() > 256 * 1024) continue;
    ReaderOptions opts;
    opts.capture_raw = true;
    MemorySource src(text);
    Reader reader(src, opts);
    Recorder whole;
    reader.read_all(whole);
    // split the events of the whole read per game
    std::vector<std::string> per_game;
    for (const auto& line : whole.lines) {
      if (line.starts_with("game ")) per_game.emplace_back();
      if (line.starts_with("skipped ")) continue;
      if (!per_game.empty()) per_game.back().append(line).append("\n");
    }
    REQUIRE(per_game.size() == whole.raws.size());
    for (std::size_t i = 0; i < per_game.size(); ++i) {
      // where the game starts: from its "game N @line:byte" line
      const std::string& first = per_game[i];
      const std::size_t at = first.find('@');
      const std::size_t colon = first.find(':', at);
      ReaderOptions alone;
      alone.first_game = i + 1;
      alone.first_line = std::stoull(first.substr(at + 1, colon - at - 1));
      alone.first_byte = std::stoull(first.substr(colon + 1));
      const std::string again = record(whole.raws[i], alone);
      const std::string diff = first_difference(per_game[i], again);
      INFO(corpus_name(f) << " game " << i + 1 << ": " << diff);
      CHECK(diff.empty());
    }
  }
}
