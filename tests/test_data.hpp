// Where the tests find real games (tests/CMakeLists.txt says how the suites are registered).
//
// By default: tests/data, a 2 MB sample of the test corpus kept in the repository, in the
// corpus's own layout (historical/mir_khan.pgn, edge/python-chess/utf8-bom.pgn, ...), so that a
// fresh clone tests every layer on real data. The ctest tests labelled "corpus" run the test cases
// tagged [corpus] once more over the whole corpus, which they name in the environment variable
// ROCHADE_TEST_CORPUS (the ROCHADE_CORPUS_DIR of the build); a test case that asserts numbers of
// one or the other asks whole_corpus().
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

namespace rochade::test {

// True when the tests read the whole corpus, not the sample in tests/data.
inline bool whole_corpus() {
  const char* dir = std::getenv("ROCHADE_TEST_CORPUS");
  return dir != nullptr && *dir != '\0';
}

// The root of the real games: the whole corpus or tests/data (same layout).
inline std::filesystem::path data_dir() {
  return whole_corpus() ? std::filesystem::path(std::getenv("ROCHADE_TEST_CORPUS"))
                        : std::filesystem::path(ROCHADE_TEST_DATA);
}

// A file of the real games, e.g. data_file("historical/mir_khan.pgn").
inline std::string data_file(const std::string& relative) {
  return (data_dir() / relative).string();
}

}  // namespace rochade::test
