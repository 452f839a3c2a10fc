#include "support/data.hpp"

#include <stdlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "support/run.hpp"

namespace rochade::test {

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  INFO("reading " << p);
  REQUIRE(in);
  std::ostringstream all;
  all << in.rdbuf();
  return all.str();
}

void write_file(const fs::path& p, std::string_view bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  INFO("writing " << p);
  REQUIRE(out);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out);
}

std::vector<fs::path> files_under(const fs::path& dir, const std::string& ext) {
  std::vector<fs::path> out;
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file() && name.size() > ext.size() && name.ends_with(ext))
      out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TempDir::TempDir() {
  std::string pattern = (fs::temp_directory_path() / "rochade-test-XXXXXX").string();
  REQUIRE(::mkdtemp(pattern.data()) != nullptr);
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(path_, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_directory(ec) && !it->is_symlink(ec)) {
      fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
  }
  fs::remove_all(path_, ec);
}

bool whole_corpus() {
  const char* dir = std::getenv("ROCHADE_TEST_CORPUS");
  return dir != nullptr && *dir != '\0';
}

std::uint64_t whole_or_sample(std::uint64_t whole, std::uint64_t sample) {
  return whole_corpus() ? whole : sample;
}

fs::path data_dir() {
  return whole_corpus() ? fs::path(std::getenv("ROCHADE_TEST_CORPUS"))
                        : fs::path(ROCHADE_TEST_DATA);
}

std::string data_file(const std::string& relative) { return (data_dir() / relative).string(); }

std::string fixtures_dir(const std::string& layer) {
  return std::string(ROCHADE_SOURCE_DIR) + "/tests/" + layer + "/fixtures";
}

std::string fixture_file(const std::string& layer, const std::string& name) {
  return fixtures_dir(layer) + "/" + name;
}

std::string read_fixture(const std::string& layer, const std::string& name) {
  return read_file(fixture_file(layer, name));
}

std::string read_decompressed(const fs::path& p) {
  const std::string ext = p.extension().string();
  if (ext != ".zst" && ext != ".gz") return read_file(p);
  const Run r = shell((ext == ".zst" ? "zstd -dc -q " : "gzip -dc ") + quote(p.string()));
  INFO(p << ": " << r.err);
  REQUIRE(r.status == 0);
  return r.out;
}

std::uint64_t event_lines(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::uint64_t n = text.starts_with("[Event ") ? 1 : 0;
  for (std::size_t i = text.find("\n[Event "); i != std::string_view::npos;
       i = text.find("\n[Event ", i + 1))
    ++n;
  return n;
}

void make_test_archives(const TempDir& dir) {
  const fs::path data(ROCHADE_TEST_DATA);
  const std::string src = quote((dir / "src").string());
  run_shell(
      "mkdir -p " + src + "/folder && cp " +
      quote((data / "masters" / "Anand_Kramnik.pgn").string()) + " " + src + "/a.pgn && cp " + src +
      "/a.pgn " + src + "/folder/copy.pgn && cp " +
      quote((data / "historical" / "castling-incidents" / "castling-mate-puzzles.pgn").string()) +
      " " + src + "/folder/p.pgn && echo notes > " + src + "/README");
  run_shell("cd " + src + " && zip -q -X ../t.zip a.pgn README folder/copy.pgn folder/p.pgn && " +
            "tar --zstd -cf ../t.tar.zst a.pgn README folder/copy.pgn folder/p.pgn");
}

}  // namespace rochade::test
