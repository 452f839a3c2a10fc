// Where the tests find their games (tests/CMakeLists.txt says how the suites are registered).
//
// Real games: by default tests/data, a 2 MB sample of the test corpus kept in the repository, in
// the corpus's own layout (historical/mir_khan.pgn, edge/python-chess/utf8-bom.pgn, ...), so that
// a fresh clone tests every layer on real data. The ctest tests labelled "corpus" run the test
// cases tagged [corpus] once more over the whole corpus, which they name in the environment
// variable ROCHADE_TEST_CORPUS (the ROCHADE_CORPUS_DIR of the build); a test case that asserts
// numbers of one or the other asks whole_corpus().
//
// Fixtures: small constructed files in tests/LAYER/fixtures. And files in general: read and
// written whole, found under a folder, split into lines; a temporary folder.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace rochade::test {

namespace fs = std::filesystem;

// The bytes of a file; fails the test if it cannot be read.
std::string read_file(const fs::path& p);
// Writes `bytes` into a file (replacing it); fails the test if it cannot be written.
void write_file(const fs::path& p, std::string_view bytes);

// The regular files under `dir` (recursively) whose names end with `ext` (and are longer), sorted;
// none if `dir` does not exist.
std::vector<fs::path> files_under(const fs::path& dir, const std::string& ext);

// The lines of a text, without their '\n' (a last line without one counts).
std::vector<std::string> lines(const std::string& text);

// A fresh folder under the system temporary folder, removed with everything in it (permissions a
// test took away restored first).
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

// True when the tests read the whole corpus, not the sample in tests/data.
bool whole_corpus();

// A number of the whole corpus, or of the sample in tests/data.
std::uint64_t whole_or_sample(std::uint64_t whole, std::uint64_t sample);

// The root of the real games: the whole corpus or tests/data (same layout).
fs::path data_dir();

// A file or folder of the real games, e.g. data_file("historical/mir_khan.pgn").
std::string data_file(const std::string& relative);

// tests/LAYER/fixtures, e.g. fixtures_dir("analysis").
std::string fixtures_dir(const std::string& layer);
// A fixture, e.g. fixture_file("analysis", "lookalikes.pgn"); read_fixture(): its text.
std::string fixture_file(const std::string& layer, const std::string& name);
std::string read_fixture(const std::string& layer, const std::string& name);

// The text of a file as `zstd -dc` (.zst) or `gzip -dc` (.gz) gives it, else its bytes.
std::string read_decompressed(const fs::path& p);

// The lines that start with "[Event " (a UTF-8 BOM before the first one does not count): the
// corpus's own way of counting games.
std::uint64_t event_lines(std::string_view text);

// Archives made by the real tools in `dir`: t.zip and t.tar.zst, each with a.pgn (the 155 games of
// masters/Anand_Kramnik.pgn of tests/data), README, folder/copy.pgn (a copy of a.pgn) and
// folder/p.pgn (the 3 games of historical/castling-incidents/castling-mate-puzzles.pgn), in that
// order; the files themselves under dir/src.
void make_test_archives(const TempDir& dir);

}  // namespace rochade::test
