#include "support.hpp"

#include <stdlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include "test_data.hpp"

namespace rochade::io::test {

fs::path corpus_file(const std::string& relative) {
  fs::path p = rochade::test::data_dir() / relative;
  INFO("corpus file " << p);
  REQUIRE(fs::is_regular_file(p));
  return p;
}

fs::path big_file(const TempDir& dir) {
  const fs::path out = dir / "big.pgn";
  if (fs::exists(out)) return out;
  const fs::path sample = dir / "sample.pgn";
  run_shell("zstd -q -d -c " + shell_quote(ROCHADE_SOURCE_DIR "/data/sample.pgn.zst") + " > " +
            shell_quote(sample.string()));
  std::string text = read_bytes(sample);
  fs::remove(sample);
  std::vector<fs::path> plain;
  for (const auto& e : fs::recursive_directory_iterator(ROCHADE_TEST_DATA))
    if (e.is_regular_file() && e.path().extension() == ".pgn") plain.push_back(e.path());
  std::sort(plain.begin(), plain.end());
  for (const fs::path& p : plain) text += read_bytes(p);
  REQUIRE(text.size() > 3'000'000);
  write_bytes(out, text + text);
  return out;
}

TempDir::TempDir() {
  std::string pattern = (fs::temp_directory_path() / "rochade-io-test-XXXXXX").string();
  REQUIRE(::mkdtemp(pattern.data()) != nullptr);
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;
  // Restore permissions a test may have taken away, then remove everything.
  for (auto it = fs::recursive_directory_iterator(path_, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_directory(ec) && !it->is_symlink(ec)) {
      fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
  }
  fs::remove_all(path_, ec);
}

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  REQUIRE(in);
  std::ostringstream all;
  all << in.rdbuf();
  return all.str();
}

void write_bytes(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  REQUIRE(out);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out);
}

std::string shell_quote(const std::string& s) {
  std::string quoted = "'";
  for (char c : s) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

void run_shell(const std::string& command) {
  INFO("command: " << command);
  REQUIRE(std::system(command.c_str()) == 0);
}

std::string tool_of(Compression c) {
  switch (c) {
    case Compression::gzip:
      return "gzip";
    case Compression::bzip2:
      return "bzip2";
    case Compression::xz:
      return "xz";
    case Compression::zstd:
      return "zstd";
    case Compression::plain:
      break;
  }
  return "cat";
}

std::string suffix_of(Compression c) {
  switch (c) {
    case Compression::gzip:
      return ".gz";
    case Compression::bzip2:
      return ".bz2";
    case Compression::xz:
      return ".xz";
    case Compression::zstd:
      return ".zst";
    case Compression::plain:
      break;
  }
  return "";
}

void compress_file(Compression c, const fs::path& plain, const fs::path& out,
                   const std::string& options) {
  const std::string quiet = c == Compression::zstd ? " -q" : "";
  run_shell(tool_of(c) + quiet + " -c " + options + " < " + shell_quote(plain.string()) + " > " +
            shell_quote(out.string()));
}

std::string read_all(Input& input, std::size_t chunk) {
  std::string all;
  std::vector<char> buf(chunk);
  for (;;) {
    const std::size_t got = input.read(buf.data(), buf.size());
    REQUIRE(got <= chunk);
    if (got == 0) break;
    all.append(buf.data(), got);
  }
  return all;
}

}  // namespace rochade::io::test
