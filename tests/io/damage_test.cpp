// Damage never becomes text: a byte flipped in deflated data (a ZIP member made by Info-ZIP zip,
// a .gz made by gzip) is inflated into plausible text (copies of earlier lines, whole tag
// sections) until the CRC at the member's end shows it; that text is held until the check and
// dropped when it fails (src/io/hold.hpp). Flipped at many places, what is read of each member
// is always a true prefix of it (the whole member, or what came before a cut), never more games
// than it holds, and every damaged member is an error naming it.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "io/container.hpp"
#include "io/input.hpp"
#include "io_support.hpp"
#include "support/data.hpp"

using namespace rochade::io;
using namespace rochade::io::test;
using rochade::test::event_lines;

namespace {

std::string flipped(std::string bytes, std::size_t at, unsigned char mask) {
  bytes[at] = static_cast<char>(static_cast<unsigned char>(bytes[at]) ^ mask);
  return bytes;
}

// The places to flip: `n` spread over the file, and every one of its last `tail` bytes (where
// damage can make a whole member look cut).
std::vector<std::size_t> places(std::size_t size, std::size_t n, std::size_t tail) {
  std::vector<std::size_t> at;
  for (std::size_t i = 0; i < n; ++i) at.push_back(size * i / n);
  for (std::size_t i = size > tail ? size - tail : 0; i < size; ++i) at.push_back(i);
  return at;
}

const std::vector<std::pair<std::string, std::string>> k_members = {
    {"a.pgn", "historical/chessnostalgia-1800-1900.pgn"},  // 400 games
    {"folder/b.pgn", "lichess/pgn2data-lichess_manwithavan_2021-07-25.pgn"},
    {"c.pgn", "masters/Anand_Kramnik.pgn"}};

}  // namespace

TEST_CASE("a flipped byte in a deflated ZIP member never becomes text or games",
          "[io][archive][damage]") {
  TempDir tmp;
  std::vector<std::string> texts;
  std::string list;
  for (const auto& [name, corpus] : k_members) {
    texts.push_back(read_file(corpus_file(corpus)));
    fs::create_directories((tmp / "src" / name).parent_path());
    write_file(tmp / "src" / name, texts.back());
    list += " " + name;
  }
  write_file(tmp / "src" / "README.txt", "notes\n");
  run_shell("cd " + quote((tmp / "src").string()) + " && zip -q -X ../t.zip" + list +
            " README.txt");
  const std::string whole = read_file(tmp / "t.zip");
  const fs::path bad = tmp / "bad.zip";
  std::size_t damaged = 0;
  for (const std::size_t at : places(whole.size(), 400, 120)) {
    for (const unsigned char mask : {0x01, 0xff}) {
      INFO("byte " << at << " of " << whole.size() << " xor " << int{mask});
      write_file(bad, flipped(whole, at, mask));
      auto c = Container::open(Input::open(bad.string()), false);
      bool any_error = c->error().has_value();
      while (auto m = c->next_member()) {
        std::size_t k = 0;
        while (k < k_members.size() && m->path() != bad.string() + ":" + k_members[k].first) ++k;
        const std::string text = read_all(*m, 65536);
        if (k == k_members.size()) {  // a flipped name: not one of ours, so no text to compare
          CHECK((m->error() || text.empty() || event_lines(text) <= 844));
          any_error = true;
          continue;
        }
        INFO(m->path());
        CHECK(is_prefix(text, texts[k]));  // never garbage
        CHECK(event_lines(text) <= event_lines(texts[k]));
        if (text != texts[k]) {  // short: the member is an error naming it
          REQUIRE(m->error().has_value());
          CHECK(m->error()->path == m->path());
        }
        if (m->error()) any_error = true;
      }
      if (any_error) ++damaged;
    }
  }
  CHECK(damaged > 700);  // nearly every flip is seen (a few hit a date, a README, padding)
}

TEST_CASE("a flipped byte in a .gz never becomes text or games", "[io][damage]") {
  TempDir tmp;
  const fs::path plain = corpus_file(k_members[0].second);
  const std::string text = read_file(plain);
  compress_file(Compression::gzip, plain, tmp / "a.pgn.gz", "-n");
  const std::string whole = read_file(tmp / "a.pgn.gz");
  const fs::path bad = tmp / "bad.pgn.gz";
  for (const std::size_t at : places(whole.size(), 400, 120)) {
    for (const unsigned char mask : {0x01, 0xff}) {
      INFO("byte " << at << " of " << whole.size() << " xor " << int{mask});
      write_file(bad, flipped(whole, at, mask));
      auto in = Input::open(bad.string());
      const std::string got = read_all(*in, 65536);
      if (at == 0) continue;  // no longer gzip: binary, not read (archives_test.cpp)
      // Header bytes gzip ignores (the time, the OS) read true; anything else is an error
      // naming the file, with nothing of the damaged member read.
      if (in->ok()) {
        CHECK(got == text);
      } else {
        CHECK(in->error()->path == bad.string());
        CHECK(got.empty());
      }
    }
  }
}

TEST_CASE("a damaged gzip member costs its own text only", "[io][damage]") {
  TempDir tmp;
  const std::string a = read_file(corpus_file("historical/mir_khan.pgn"));
  const std::string b = read_file(corpus_file(k_members[0].second));
  write_file(tmp / "a", a);
  write_file(tmp / "b", b);
  compress_file(Compression::gzip, tmp / "a", tmp / "a.gz");
  compress_file(Compression::gzip, tmp / "b", tmp / "b.gz");
  const std::string first = read_file(tmp / "a.gz"), second = read_file(tmp / "b.gz");
  write_file(tmp / "ab.gz", first + flipped(second, second.size() / 2, 0xff));
  auto in = Input::open((tmp / "ab.gz").string());
  CHECK(read_all(*in, 4096) == a);  // the first member whole, nothing of the second
  REQUIRE(in->error().has_value());
  CHECK(in->error()->message.find("bytes of text this check covers are not read") !=
        std::string::npos);
}

TEST_CASE("a member longer than the hold streams, and its damage says games may be damaged",
          "[io][damage]") {
  TempDir tmp;
  const std::string big = read_file(big_file(tmp));  // 7 MB
  std::string text;
  while (text.size() <= std::size_t{34} << 20) text += big;
  write_file(tmp / "huge.pgn", text);
  compress_file(Compression::gzip, tmp / "huge.pgn", tmp / "huge.pgn.gz", "-1");
  const std::string whole = read_file(tmp / "huge.pgn.gz");
  write_file(tmp / "bad.pgn.gz", flipped(whole, whole.size() * 9 / 10, 0xff));
  auto in = Input::open((tmp / "bad.pgn.gz").string());
  const std::string got = read_all(*in, 1 << 20);
  REQUIRE(in->error().has_value());
  CHECK(got.size() >= std::size_t{32} << 20);  // past the bound (16 MiB, io/hold.hpp): let through
  CHECK(in->error()->message.find("may be damaged") != std::string::npos);
  // Intact, it reads whole.
  auto good = Input::open((tmp / "huge.pgn.gz").string());
  CHECK(read_all(*good, 1 << 20) == text);
  CHECK(good->ok());
}

// Held, a unit longer than the bound would let its first 16 MiB through before its check all
// the same; a zstd frame whose header declares such a size streams from its first byte instead
// (no wait for 16 MiB of text, no 16 MiB buffer). A frame without a declared size is held.
TEST_CASE("a zstd frame that declares more text than the hold's bound streams from its start",
          "[io][damage]") {
  TempDir tmp;
  const std::string big = read_file(big_file(tmp));
  std::string text;
  while (text.size() <= std::size_t{24} << 20) text += big;
  write_file(tmp / "huge.pgn", text);
  run_shell("zstd -q -1 -c " + quote((tmp / "huge.pgn").string()) + " > " +
            quote((tmp / "sized.pgn.zst").string()));
  // From standard input the zstd tool does not know the size: no size in the header.
  compress_file(Compression::zstd, tmp / "huge.pgn", tmp / "unsized.pgn.zst", "-1");
  for (const bool sized : {true, false}) {
    const fs::path path = tmp / (sized ? "sized.pgn.zst" : "unsized.pgn.zst");
    INFO(path.filename().string());
    const auto compressed = fs::file_size(path);
    auto in = Input::open(path.string());
    std::string got(std::size_t{1} << 20, '\0');
    REQUIRE(in->read(got.data(), got.size()) == got.size());
    if (sized) {
      CHECK(in->consumed() * 2 < compressed);  // about one read of compressed bytes
    } else {
      CHECK(in->consumed() * 2 > compressed);  // 16 MiB of text decoded before the first byte
    }
    CHECK(got + read_all(*in, 1 << 20) == text);
    CHECK(in->ok());
  }
}

TEST_CASE("a member whose check passed is read whole, whatever follows it", "[io][damage]") {
  TempDir tmp;
  const fs::path plain = corpus_file("historical/mir_khan.pgn");
  const std::string text = read_file(plain);
  for_each_twin(tmp, plain, k_archive_formats, [&](Compression, const fs::path& x) {
    const std::string one = read_file(x);
    write_file(tmp / "y", one + "[Event \"not compressed\"]\n");
    auto in = Input::open((tmp / "y").string());
    CHECK(read_all(*in, 4096) == text);
    CHECK(!in->ok());
  });
  // xz stream padding: NUL bytes between and after streams, four at a time, as `xz -dc` reads.
  compress_file(Compression::xz, plain, tmp / "x.xz");
  const std::string xz = read_file(tmp / "x.xz");
  write_file(tmp / "padded.xz", xz + std::string(8, '\0') + xz + std::string(4, '\0'));
  auto padded = Input::open((tmp / "padded.xz").string());
  CHECK(read_all(*padded, 4096) == text + text);
  CHECK(padded->ok());
  write_file(tmp / "odd.xz", xz + std::string(3, '\0'));
  auto odd = Input::open((tmp / "odd.xz").string());
  CHECK(read_all(*odd, 4096) == text);
  CHECK(!odd->ok());
}
