// Fuzz target "decode": io::Input on bytes that claim to be gzip, bzip2, xz or zstd.
//
// Input: one option byte, then the payload. The option picks the format whose magic bytes are
// put in front of the payload (gzip, bzip2, xz, zstd, or none: the bytes as they are, so that
// sniffing and plain text are fuzzed too). The file (one per process in the temporary
// directory) is opened with io::Input::open and read twice: in large reads (the direct path)
// and in small reads of 1 to 97 bytes (the staging path), each up to 1 MiB of decoded text (a
// small input can be a bomb). It must end (no hang), report either the end or an error with an
// offset inside the file, keep returning 0 after the end, deliver the same bytes both ways, and
// fail or succeed both ways. Plain text comes back as it is; binary content (NUL bytes or a
// known binary format in the first KiB) is an error with no text.
#include <array>
#include <string>
#include <vector>

#include "fuzz_targets.hpp"
#include "io/input.hpp"

using rochade::fuzz::check;
using rochade::fuzz::fail;
namespace io = rochade::io;

namespace {

constexpr std::size_t kCap = std::size_t{1} << 20;

struct Magic {
  io::Compression format;
  std::string_view bytes;
};
constexpr std::array<Magic, 4> kMagics{{
    {io::Compression::gzip, std::string_view("\x1f\x8b", 2)},
    {io::Compression::bzip2, "BZh"},
    {io::Compression::xz, std::string_view("\xfd"
                                           "7zXZ\0",
                                           6)},
    {io::Compression::zstd, std::string_view("\x28\xb5\x2f\xfd", 4)},
}};

struct Read {
  std::string text;
  bool capped = false;
  bool ok = true;
  io::Content content = io::Content::text;
};

Read read_all(const std::string& path, std::size_t file_size, bool small, io::Compression want) {
  const auto input = io::Input::open(path);
  if (want != io::Compression::plain && input->ok())
    check(input->compression() == want, "the magic bytes are not sniffed as their format");
  Read r;
  r.content = input->content();
  static std::vector<char> buf(std::size_t{256} << 10);
  std::size_t step = 0;
  for (;;) {
    const std::size_t n = small ? 1 + (step++ * 37) % 97 : buf.size();
    const std::size_t got = input->read(buf.data(), n);
    check(got <= n, "read() returned more than asked");
    if (got == 0) break;
    r.text.append(buf.data(), got);
    if (r.text.size() >= kCap) {
      r.capped = true;
      return r;
    }
  }
  check(input->read(buf.data(), buf.size()) == 0, "read() gives bytes after the end");
  check(input->consumed() <= file_size, "consumed() is past the end of the file");
  if (const auto& err = input->error()) {
    r.ok = false;
    check(err->path == path, "the error names another file");
    check(!err->message.empty(), "an error without a message");
    check(err->offset <= file_size, "an error offset past the end of the file");
  } else {
    check(input->consumed() == file_size, "a clean end before the end of the file");
  }
  return r;
}

}  // namespace

int fuzz_decode(const std::uint8_t* data, std::size_t size) {
  if (size > (std::size_t{1} << 20)) return 0;
  rochade::fuzz::Bytes in(data, size);
  const std::uint8_t opt = in.take();
  const std::string_view payload = in.rest();
  std::string file;
  io::Compression want = io::Compression::plain;
  if (opt % 5 < kMagics.size()) {
    const Magic& m = kMagics[opt % 5];
    want = m.format;
    if (!payload.starts_with(m.bytes)) file = m.bytes;
  }
  file += payload;
  if (want == io::Compression::plain)
    want =
        io::sniff_compression({reinterpret_cast<const unsigned char*>(file.data()), file.size()});
  const std::string& path = rochade::fuzz::temp_file("decode");
  rochade::fuzz::write_file(path, file);
  const Read big = read_all(path, file.size(), false, want);
  const Read small = read_all(path, file.size(), true, want);
  check(big.content == small.content, "large and small reads sniff different content");
  if (big.content == io::Content::binary) {
    // Binary content is an error at open: no text from it.
    check(big.text.empty() && small.text.empty(), "text read from a binary file");
    check(!big.ok && !small.ok, "a binary file read without an error");
  } else if (big.content == io::Content::text && want == io::Compression::plain) {
    check(big.text == file && small.text == file, "plain text not given back as it is");
  }
  if (big.capped || small.capped) {
    const std::size_t n = std::min(big.text.size(), small.text.size());
    check(big.text.compare(0, n, small.text, 0, n) == 0, "large and small reads differ");
    return 0;
  }
  if (big.ok != small.ok) fail("large and small reads end differently");
  if (big.text != small.text) {
    fail("large and small reads give different text (" + std::to_string(big.text.size()) + " and " +
         std::to_string(small.text.size()) + " bytes)");
  }
  return 0;
}
