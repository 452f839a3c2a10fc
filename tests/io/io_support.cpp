#include "io_support.hpp"

#include <catch2/catch.hpp>

#include "support/data.hpp"

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
  std::string text = rochade::test::read_decompressed(ROCHADE_SOURCE_DIR "/data/sample.pgn.zst");
  for (const fs::path& p : rochade::test::files_under(ROCHADE_TEST_DATA, ".pgn"))
    text += read_file(p);
  REQUIRE(text.size() > 3'000'000);
  write_file(out, text + text);
  return out;
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
  run_shell(tool_of(c) + quiet + " -c " + options + " < " + quote(plain.string()) + " > " +
            quote(out.string()));
}

fs::path twin(const TempDir& dir, const fs::path& plain, Compression c,
              const std::string& options) {
  if (c == Compression::plain) return plain;
  fs::path out = dir / (plain.filename().string() + suffix_of(c));
  compress_file(c, plain, out, options);
  return out;
}

void for_each_twin(const TempDir& dir, const fs::path& plain,
                   const std::vector<Compression>& formats,
                   const std::function<void(Compression, const fs::path&)>& body) {
  for (Compression c : formats) {
    INFO(compression_name(c));
    body(c, twin(dir, plain, c));
  }
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

bool is_prefix(const std::string& part, const std::string& whole) {
  return part.size() <= whole.size() && whole.compare(0, part.size(), part) == 0;
}

}  // namespace rochade::io::test
