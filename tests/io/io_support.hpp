// Helpers for the io tests: real corpus files, compressed twins made by the system tools (gzip,
// bzip2, xz, zstd; scripts/setup installs them), an Input read whole. Files, temporary folders
// and the shell come from tests/support.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "support/data.hpp"
#include "support/run.hpp"

namespace rochade::io::test {

namespace fs = std::filesystem;
using rochade::test::quote;
using rochade::test::read_file;
using rochade::test::run_shell;
using rochade::test::TempDir;
using rochade::test::write_file;

// A file of the real games (tests/data, or the corpus; tests/support/data.hpp), e.g.
// corpus_file("historical/mir_khan.pgn"); fails the test where there is none.
fs::path corpus_file(const std::string& relative);

// A 7 MB plain text of real games written into `dir` (once): the games of data/sample.pgn.zst and
// every plain PGN file of tests/data, twice over. More than 1 MiB compressed at every format's
// lowest level, and no format's window reaches from the second copy back to the first.
fs::path big_file(const TempDir& dir);

// The compressing tool's name and file suffix for a format ("gzip", ".gz", ...).
std::string tool_of(Compression c);
std::string suffix_of(Compression c);
inline const std::vector<Compression> k_archive_formats = {Compression::gzip, Compression::bzip2,
                                                           Compression::xz, Compression::zstd};
inline const std::vector<Compression> k_all_formats = {
    Compression::plain, Compression::gzip, Compression::bzip2, Compression::xz, Compression::zstd};

// Writes `plain` compressed with the system tool into `out` (tool options in `options`).
void compress_file(Compression c, const fs::path& plain, const fs::path& out,
                   const std::string& options = "");

// `plain` itself for Compression::plain, else its compressed twin in `dir` (NAME.gz, ...).
fs::path twin(const TempDir& dir, const fs::path& plain, Compression c,
              const std::string& options = "");

// For each of `formats` in turn: body(format, the twin of `plain` in `dir`), with the format's
// name in the INFO of every check the body makes.
void for_each_twin(const TempDir& dir, const fs::path& plain,
                   const std::vector<Compression>& formats,
                   const std::function<void(Compression, const fs::path&)>& body);

// Everything read() gives, asking `chunk` bytes at a time.
std::string read_all(Input& input, std::size_t chunk);

// Whether `part` is the start of `whole`.
bool is_prefix(const std::string& part, const std::string& whole);

}  // namespace rochade::io::test
