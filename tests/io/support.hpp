// Helpers for the io tests: real corpus files, temporary directories, compressed twins made
// by the system tools (gzip, bzip2, xz, zstd; scripts/setup installs them).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "io/input.hpp"

namespace rochade::io::test {

namespace fs = std::filesystem;

// A file of the real games (tests/data, or the corpus; tests/test_data.hpp), e.g.
// corpus_file("historical/mir_khan.pgn").
fs::path corpus_file(const std::string& relative);

// A fresh directory under the system temporary directory, removed with everything in it.
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

// A 7 MB plain text of real games written into `dir` (once): the games of data/sample.pgn.zst and
// every plain PGN file of tests/data, twice over. More than 1 MiB compressed at every format's
// lowest level, and no format's window reaches from the second copy back to the first.
fs::path big_file(const TempDir& dir);

std::string read_bytes(const fs::path& p);
void write_bytes(const fs::path& p, const std::string& bytes);

// Runs a shell command; fails the test if it does not exit with 0.
void run_shell(const std::string& command);
std::string shell_quote(const std::string& s);

// The compressing tool's name and file suffix for a format ("gzip", ".gz", ...).
std::string tool_of(Compression c);
std::string suffix_of(Compression c);
inline constexpr Compression k_archive_formats[] = {Compression::gzip, Compression::bzip2,
                                                    Compression::xz, Compression::zstd};

// Writes `plain` compressed with the system tool into `out` (tool options in `options`).
void compress_file(Compression c, const fs::path& plain, const fs::path& out,
                   const std::string& options = "");

// Everything read() gives, asking `chunk` bytes at a time.
std::string read_all(Input& input, std::size_t chunk);

}  // namespace rochade::io::test
