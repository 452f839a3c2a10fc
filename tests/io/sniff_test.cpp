// Format detection: from the first bytes only, never from the name.
#include <catch2/catch.hpp>
#include <initializer_list>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "io_support.hpp"

using namespace rochade::io;
using namespace rochade::io::test;

namespace {

Compression sniff(const std::vector<unsigned char>& bytes) { return sniff_compression(bytes); }

}  // namespace

TEST_CASE("compression names", "[io][sniff]") {
  CHECK(compression_name(Compression::plain) == "plain");
  CHECK(compression_name(Compression::gzip) == "gzip");
  CHECK(compression_name(Compression::bzip2) == "bzip2");
  CHECK(compression_name(Compression::xz) == "xz");
  CHECK(compression_name(Compression::zstd) == "zstd");
}

TEST_CASE("sniff_compression reads the magic numbers", "[io][sniff]") {
  CHECK(sniff({0x1f, 0x8b, 0x08, 0x00}) == Compression::gzip);
  CHECK(sniff({0x1f, 0x8b}) == Compression::gzip);
  CHECK(sniff({'B', 'Z', 'h', '9', '1', 'A'}) == Compression::bzip2);
  CHECK(sniff({0xfd, '7', 'z', 'X', 'Z', 0x00}) == Compression::xz);
  CHECK(sniff({0x28, 0xb5, 0x2f, 0xfd, 0x04}) == Compression::zstd);
  CHECK(sniff({0x50, 0x2a, 0x4d, 0x18, 0x04, 0x00}) == Compression::zstd);  // skippable frame
  CHECK(sniff({0x5f, 0x2a, 0x4d, 0x18}) == Compression::zstd);

  // Near misses and short heads are plain text.
  CHECK(sniff({}) == Compression::plain);
  CHECK(sniff({0x1f}) == Compression::plain);
  CHECK(sniff({0x1f, 0x8c}) == Compression::plain);
  CHECK(sniff({'B', 'Z'}) == Compression::plain);
  CHECK(sniff({'B', 'Z', 'H'}) == Compression::plain);
  CHECK(sniff({0xfd, '7', 'z', 'X', 'Z'}) == Compression::plain);
  CHECK(sniff({0xfd, '7', 'z', 'X', 'Z', 0x01}) == Compression::plain);
  CHECK(sniff({0x28, 0xb5, 0x2f}) == Compression::plain);
  CHECK(sniff({0x28, 0xb5, 0x2f, 0xfe}) == Compression::plain);
  CHECK(sniff({0x60, 0x2a, 0x4d, 0x18}) == Compression::plain);
  CHECK(sniff({'[', 'E', 'v', 'e', 'n', 't'}) == Compression::plain);
  CHECK(sniff({0xef, 0xbb, 0xbf, '[', 'E', 'v'}) == Compression::plain);  // UTF-8 BOM
}

TEST_CASE("open() detects the format of real archives whatever their names", "[io][sniff]") {
  TempDir dir;
  const fs::path plain = corpus_file("edge/python-chess/utf8-bom.pgn");
  {
    auto input = Input::open(plain.string());
    CHECK(input->compression() == Compression::plain);
  }
  for (Compression c : k_archive_formats) {
    // Misleading names: a .pgn that is compressed and a .txt that is too.
    for (const char* name : {"misnamed.pgn", "misnamed.txt", "misnamed.pgn.gz"}) {
      const fs::path out = dir / name;
      compress_file(c, plain, out);
      auto input = Input::open(out.string());
      INFO(compression_name(c) << " as " << name);
      CHECK(input->ok());
      CHECK(input->compression() == c);
      CHECK(input->path() == out.string());
      CHECK(read_all(*input, 4096) == read_file(plain));
    }
  }
}

TEST_CASE("a file shorter than any magic number is plain text", "[io][sniff]") {
  TempDir dir;
  for (const std::string& bytes : {std::string("\x1f"), std::string("BZ"),
                                   std::string("\xfd"
                                               "7zXZ"),
                                   std::string("(\xb5/")}) {
    const fs::path p = dir / "short.gz";
    write_file(p, bytes);
    auto input = Input::open(p.string());
    CHECK(input->compression() == Compression::plain);
    CHECK(read_all(*input, 1) == bytes);
    CHECK(input->ok());
  }
}

TEST_CASE("an empty file is plain and empty, unless its name says compressed or an archive",
          "[io][sniff]") {
  TempDir dir;
  for (const char* name : {"empty.pgn", "empty", "empty.txt", "gz"}) {
    INFO(name);
    const fs::path p = dir / name;
    write_file(p, "");
    auto input = Input::open(p.string());
    CHECK(input->ok());
    CHECK(input->compression() == Compression::plain);
    CHECK(input->size() == 0);
    char c = 'x';
    CHECK(input->read(&c, 1) == 0);
    CHECK(input->read(&c, 1) == 0);
    CHECK(input->ok());
    CHECK(input->consumed() == 0);
  }
  // No gzip, bzip2, xz or zstd data and no archive is 0 bytes: a failed download, mostly.
  struct Named {
    const char* name;
    const char* what;
  };
  for (const auto& [name, what] :
       {Named{"empty.pgn.gz", "gzip data"}, Named{"E.PGN.GZ", "gzip data"},
        Named{"x.tgz", "gzip data"}, Named{"x.pgn.bz2", "bzip2 data"}, Named{"x.pgn.xz", "xz data"},
        Named{"empty.zst", "zstd data"}, Named{"x.zip", "a ZIP archive"},
        Named{"x.7z", "a 7z archive"}, Named{"x.tar", "a tar archive"}}) {
    INFO(name);
    const fs::path p = dir / name;
    write_file(p, "");
    auto input = Input::open(p.string());
    REQUIRE(!input->ok());
    CHECK(input->error()->message ==
          std::string("empty file (0 bytes), but its name says ") + what);
    CHECK(input->error()->offset == 0);
    char c = 'x';
    CHECK(input->read(&c, 1) == 0);
  }
  CHECK(format_named("games.pgn").empty());
  CHECK(format_named("x.tar.zst") == "zstd data");
}
