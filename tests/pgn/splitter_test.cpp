// The splitter and the reader agree on every game boundary: each file of the real games
// (tests/data, or the whole corpus in the tests labelled corpus; tests/support/data.hpp), cut at
// every place find_game_cut() allows and read piece by piece (with first_line, first_byte,
// first_game), gives exactly the events, positions, game numbers and raw texts of one read of the
// whole. Plain files in the default run, the .zst archives (the 529,361-game benchmark file
// among them) in the slow suite.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "pgn/splitter.hpp"
#include "support/data.hpp"
#include "support/recorder.hpp"

namespace fs = std::filesystem;
using rochade::pgn::find_game_cut;
using rochade::pgn::kNoCut;
using rochade::pgn::MemorySource;
using rochade::pgn::Reader;
using rochade::pgn::ReaderOptions;
using rochade::pgn::test::first_difference;
using rochade::pgn::test::PieceRead;
using rochade::pgn::test::read_in_pieces;
using rochade::pgn::test::read_whole;
using rochade::pgn::test::Recorder;

namespace {

const fs::path kCorpus = rochade::test::data_dir();

std::vector<fs::path> corpus_files(const std::string& ext) {
  return rochade::test::files_under(kCorpus, ext);
}

std::string decoded(const fs::path& p) {
  auto in = rochade::io::Input::open(p.string());
  std::string text;
  char buf[1 << 16];
  while (const std::size_t n = in->read(buf, sizeof buf)) text.append(buf, n);
  REQUIRE(in->ok());
  return text;
}

void check_agree(const std::string& name, std::string_view text, std::uint64_t& pieces) {
  const PieceRead a = read_whole(text);
  CHECK(a.violations == 0);
  for (std::size_t min_piece : {std::size_t{1}, std::size_t{5000}}) {
    const PieceRead b = read_in_pieces(text, min_piece);
    CHECK(b.violations == 0);
    CHECK(b.bad_cut == "");
    INFO(name << ", pieces of at least " << min_piece << " bytes: " << b.pieces << " pieces, "
              << first_difference(a.events, b.events));
    CHECK(a.games == b.games);
    CHECK(a.events == b.events);
    CHECK(a.raws == b.raws);
    if (min_piece == 1) pieces += b.pieces;
  }
}

}  // namespace

TEST_CASE("splitter: a cut is a line that starts with a tag after movetext", "[pgn][splitter]") {
  const std::string two = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
  CHECK(find_game_cut(two, 1) == two.find("[Event \"b\""));
  // tags of one game are never cut apart, with blank or '%' lines between them
  CHECK(find_game_cut("[Event \"a\"]\n[Site \"b\"]\n\n% x\n[Round \"c\"]\n1. e4 *\n", 1) == kNoCut);
  // text in a tag section that the reader skips ("<br />") does not end the section
  CHECK(find_game_cut("[Event \"a\"]\n<br />\n[Site \"b\"]\n1. e4 *\n", 1) == kNoCut);
  // a line that starts a tag section in its middle
  CHECK(find_game_cut("1. e4 *\n1-0 [Event \"x\"]\n[Site \"y\"]\n1. d4 *\n", 1) == kNoCut);
  // Lichess clocks are no tags
  const std::string clk = "1. e4 { [%clk 0:03:00] } 1-0\n\n[Event \"b\"]\n1. d4 *\n";
  CHECK(find_game_cut(clk, 1) == clk.find("[Event"));
  // a piece never ends inside a line it has not seen whole
  CHECK(find_game_cut("1. e4 *\n[Event \"b\"", 1) == kNoCut);
  // '[' not in the first column, or not a tag
  CHECK(find_game_cut("1. e4 *\n [Event \"b\"]\n", 1) == kNoCut);
  CHECK(find_game_cut("1. e4 *\n[Event b]\n", 1) == kNoCut);
}

TEST_CASE("splitter: pieces read like the whole on every plain corpus file",
          "[pgn][splitter][corpus]") {
  const auto files = corpus_files(".pgn");
  REQUIRE(files.size() > 100);
  std::uint64_t pieces = 0;
  for (const auto& f : files)
    check_agree(fs::relative(f, kCorpus).generic_string(), decoded(f), pieces);
  CHECK(pieces > (rochade::test::whole_corpus() ? 10000 : 1000));  // the splitter does cut
}

TEST_CASE("splitter: pieces read like the whole on every compressed corpus file",
          "[.slow][slow][pgn][splitter][corpus]") {
  const auto files = corpus_files(".pgn.zst");
  REQUIRE(!files.empty());
  std::uint64_t pieces = 0;
  for (const auto& f : files)
    check_agree(fs::relative(f, kCorpus).generic_string(), decoded(f), pieces);
  CHECK(pieces > 100000);
}
