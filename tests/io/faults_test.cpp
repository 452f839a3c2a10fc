// Faults are values: missing files, truncated and corrupt archives give an error with the path
// and how far into the file the fault was seen, after every good byte decoded before it.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "io_support.hpp"

using namespace rochade::io;
using namespace rochade::io::test;

namespace {

struct Outcome {
  std::string text;
  std::optional<InputError> error;
  Compression compression = Compression::plain;
};

Outcome read_outcome(const fs::path& path, std::size_t chunk) {
  auto input = Input::open(path.string());
  Outcome out;
  out.compression = input->compression();
  out.text = read_all(*input, chunk);
  char c = 0;
  CHECK(input->read(&c, 1) == 0);  // stays at the end
  out.error = input->error();
  CHECK(input->ok() == !out.error.has_value());
  return out;
}

}  // namespace

TEST_CASE("a missing file is an error at offset 0", "[io][faults]") {
  TempDir dir;
  const fs::path missing = dir / "no-such.pgn.gz";
  auto input = Input::open(missing.string());
  REQUIRE_FALSE(input->ok());
  CHECK(input->error()->path == missing.string());
  CHECK(input->error()->offset == 0);
  CHECK(input->error()->message == "no such file or directory");
  char buf[16];
  CHECK(input->read(buf, sizeof buf) == 0);
  CHECK(input->consumed() == 0);
}

TEST_CASE("a directory cannot be read as an input", "[io][faults]") {
  TempDir dir;
  auto input = Input::open(dir.path().string());
  REQUIRE_FALSE(input->ok());
  CHECK(input->error()->message == "is a directory");
  char buf[16];
  CHECK(input->read(buf, sizeof buf) == 0);
}

TEST_CASE("a path through a file is an error", "[io][faults]") {
  TempDir dir;
  write_file(dir / "file.pgn", "[Event \"?\"]\n");
  const fs::path p = dir / "file.pgn" / "inside.pgn";
  auto input = Input::open(p.string());
  REQUIRE_FALSE(input->ok());
  CHECK(input->error()->path == p.string());
  CHECK(input->error()->message == "not a directory");
}

TEST_CASE("a read error is an error, said at once when nothing was read", "[io][faults]") {
  // Reading /proc/self/mem at offset 0 (never mapped) fails with EIO.
  if (!fs::exists("/proc/self/mem")) return;
  auto input = Input::open("/proc/self/mem");
  REQUIRE_FALSE(input->ok());
  CHECK(input->error()->message == "input/output error");
  CHECK(input->error()->offset == 0);
  char buf[16];
  CHECK(input->read(buf, sizeof buf) == 0);
}

TEST_CASE("an unreadable file is an error", "[io][faults]") {
  // As an ordinary user: root reads any file.
  const std::string said = rochade::test::as_ordinary_user([] {
    TempDir dir;
    const fs::path p = dir / "secret.pgn";
    write_file(p, "[Event \"?\"]\n");
    fs::permissions(p, fs::perms::none);
    auto input = Input::open(p.string());
    return input->ok() ? std::string("read") : input->error()->message;
  });
  CHECK(said == "permission denied");
}

TEST_CASE("truncated archives are errors, after a true prefix of the text", "[io][faults]") {
  TempDir dir;
  const fs::path plain = corpus_file("historical/chessnostalgia-1800-1900.pgn");  // 250 KB
  const std::string expected = read_file(plain);
  for (Compression c : k_archive_formats) {
    // bzip2 -1: 100 kB blocks, so that a cut loses at most one block of text.
    const fs::path whole = twin(dir, plain, c, c == Compression::bzip2 ? "-1" : "");
    const std::string archive = read_file(whole);
    std::vector<std::size_t> cuts = {6, archive.size() - 1};
    for (int tenth = 1; tenth <= 9; ++tenth) cuts.push_back(archive.size() * tenth / 10);
    for (std::size_t cut : cuts) {
      INFO(compression_name(c) << " cut to " << cut << " of " << archive.size() << " bytes");
      const fs::path truncated = dir / ("cut" + suffix_of(c));
      write_file(truncated, archive.substr(0, cut));
      for (std::size_t chunk : {std::size_t{7}, std::size_t{1} << 20}) {
        const Outcome out = read_outcome(truncated, chunk);
        CHECK(out.compression == c);
        REQUIRE(out.error.has_value());
        CHECK(out.error->path == truncated.string());
        CHECK(out.error->offset == cut);  // the decoder took every byte, then wanted more
        CHECK(out.error->message.find("truncated") != std::string::npos);
        CHECK(out.error->message.find(compression_name(c)) != std::string::npos);
        CHECK(is_prefix(out.text, expected));
      }
    }
  }
}

TEST_CASE("a truncated archive delivers all it can decode before the error", "[io][faults]") {
  TempDir dir;
  const fs::path plain = big_file(dir);  // 7 MB
  const std::string expected = read_file(plain);
  for (Compression c : k_archive_formats) {
    const fs::path whole = twin(dir, plain, c, c == Compression::xz ? "-1" : "");
    const std::string archive = read_file(whole);
    for (std::size_t cut : {archive.size() * 9 / 10, archive.size() - 1}) {
      INFO(compression_name(c) << " cut to " << cut << " of " << archive.size() << " bytes");
      write_file(dir / "cut", archive.substr(0, cut));
      const Outcome out = read_outcome(dir / "cut", 65536);
      REQUIRE(out.error.has_value());
      CHECK(out.error->offset == cut);
      CHECK(is_prefix(out.text, expected));
      // All but the block the cut falls in (zstd blocks hold 128 KiB, bzip2 blocks 900 kB).
      const std::size_t lost = expected.size() - out.text.size();
      if (cut == archive.size() - 1) {
        CHECK(lost <= (c == Compression::bzip2 ? 900000 : 131072));
      } else {
        CHECK(lost <= expected.size() / 10 + (c == Compression::bzip2 ? 900000 : 131072));
      }
    }
  }
}

TEST_CASE("a truncated second member is an error after the whole first one", "[io][faults]") {
  TempDir dir;
  const fs::path a = corpus_file("historical/mir_khan.pgn");
  const fs::path b = corpus_file("historical/chessnostalgia-1901-1920.pgn");
  const std::string expected = read_file(a) + read_file(b);
  for (Compression c : k_archive_formats) {
    INFO(compression_name(c));
    compress_file(c, a, dir / "a");
    compress_file(c, b, dir / "b");
    const std::string second = read_file(dir / "b");
    const fs::path joined = dir / "joined";
    write_file(joined, read_file(dir / "a") + second.substr(0, second.size() / 2));
    const Outcome out = read_outcome(joined, 65536);
    REQUIRE(out.error.has_value());
    CHECK(out.error->offset == fs::file_size(joined));
    CHECK(is_prefix(out.text, expected));
    CHECK(out.text.size() >= fs::file_size(a));
  }
}

TEST_CASE("a flipped byte in a checksummed archive is an error past that byte", "[io][faults]") {
  TempDir dir;
  const fs::path plain = corpus_file("historical/chessnostalgia-1800-1900.pgn");
  for (Compression c : k_archive_formats) {
    // gzip CRC-32, bzip2 block CRCs, xz CRC-64, zstd XXH64
    const fs::path whole = twin(dir, plain, c);
    const std::string archive = read_file(whole);
    for (int quarter = 1; quarter <= 3; ++quarter) {
      const std::size_t at = archive.size() * quarter / 4;
      for (unsigned char mask : {0x01, 0x80, 0xff}) {
        INFO(compression_name(c) << ": byte " << at << " of " << archive.size() << " xor "
                                 << int{mask});
        std::string bad = archive;
        bad[at] = static_cast<char>(static_cast<unsigned char>(bad[at]) ^ mask);
        const fs::path corrupt = dir / ("bad" + suffix_of(c));
        write_file(corrupt, bad);
        const Outcome out = read_outcome(corrupt, 65536);
        REQUIRE(out.error.has_value());
        CHECK(out.error->path == corrupt.string());
        CHECK(out.error->offset > at);
        CHECK(out.error->offset <= archive.size());
        CHECK(out.error->message.find(compression_name(c)) != std::string::npos);
      }
    }
  }
}

TEST_CASE("garbage after the last member is an error", "[io][faults]") {
  TempDir dir;
  const fs::path plain = corpus_file("historical/mir_khan.pgn");
  for_each_twin(dir, plain, k_archive_formats, [&](Compression, const fs::path& x) {
    const std::string archive = read_file(x);
    write_file(dir / "y", archive + "[Event \"not compressed\"]\n");
    const Outcome out = read_outcome(dir / "y", 4096);
    REQUIRE(out.error.has_value());
    CHECK(out.error->offset > archive.size() - 8);
    CHECK(out.error->offset <= archive.size() + 26);
    CHECK(is_prefix(out.text, read_file(plain)));
  });
}

TEST_CASE("random damage never crashes any decoder", "[io][faults][.slow][slow]") {
  TempDir dir;
  const fs::path plain = corpus_file("historical/chessnostalgia-1800-1900.pgn");
  for (Compression c : k_archive_formats) {
    const std::string archive = read_file(twin(dir, plain, c));
    std::uint32_t state = 12345;
    for (int round = 0; round < 200; ++round) {
      std::string bad = archive;
      for (int k = 0; k < 1 + round % 4; ++k) {
        state = state * 1664525U + 1013904223U;
        bad[state % bad.size()] = static_cast<char>(state >> 24);
      }
      if (round % 3 == 0) bad.resize(state % bad.size() + 1);
      write_file(dir / "bad", bad);
      const Outcome out = read_outcome(dir / "bad", 9000);
      if (out.error) CHECK(out.error->offset <= bad.size());
    }
  }
}
