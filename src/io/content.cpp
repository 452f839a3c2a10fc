// sniff_content: what the first decoded bytes of an input are; format_named: what a name
// promises, for an empty file only. Containers rochade opens (ZIP,
// 7z, tar) by their magic numbers; other formats that are certainly not PGN by theirs; anything
// else with a NUL byte in its first KiB is binary. Text is what is left: PGN is bytes, in any
// encoding, and the reader judges it.
#include <algorithm>
#include <cstring>
#include <string_view>

#include "io/input.hpp"

namespace rochade::io {
namespace {

bool starts_with(std::span<const unsigned char> head, std::string_view magic) {
  return head.size() >= magic.size() &&
         std::memcmp(head.data(), magic.data(), magic.size()) == 0;
}

struct Known {
  std::string_view magic;
  std::string_view what;
};

// Formats that are not PGN and not read: the error names them.
constexpr Known k_not_pgn[] = {
    {"%PDF-", "a PDF document"},
    {"\x89PNG\r\n\x1a\n", "a PNG image"},
    {"\xff\xd8\xff", "a JPEG image"},
    {"GIF87a", "a GIF image"},
    {"GIF89a", "a GIF image"},
    {"Rar!\x1a\x07", "a RAR archive (rochade reads ZIP, 7z and tar archives)"},
    {"MSCF", "a CAB archive (rochade reads ZIP, 7z and tar archives)"},
    {"\x1f\x9d", "a compress (.Z) file (rochade reads gzip, bzip2, xz and zstd)"},
    {"\x04\x22\x4d\x18", "an LZ4 file (rochade reads gzip, bzip2, xz and zstd)"},
    {"LZIP", "an lzip file (rochade reads gzip, bzip2, xz and zstd)"},
    {"\x7f" "ELF", "an executable"},
    {"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an Office document"},
};

}  // namespace

Content sniff_content(std::span<const unsigned char> head, std::string& why) {
  // ZIP: a local file header, an empty archive's end record, or a spanned archive's marker.
  if (starts_with(head, "PK\x03\x04") || starts_with(head, "PK\x05\x06") ||
      starts_with(head, "PK\x07\x08"))
    return Content::zip;
  if (starts_with(head, std::string_view("7z\xbc\xaf\x27\x1c", 6))) return Content::sevenzip;
  // tar: "ustar" at byte 257 of the first header (POSIX "ustar\0", GNU "ustar  \0").
  constexpr std::size_t k_tar_magic = 257;
  if (head.size() >= k_tar_magic + 5 &&
      std::memcmp(head.data() + k_tar_magic, "ustar", 5) == 0)
    return Content::tar;
  for (const Known& k : k_not_pgn) {
    if (starts_with(head, k.magic)) {
      why = std::string(k.what);
      return Content::binary;
    }
  }
  const std::size_t look = std::min<std::size_t>(head.size(), 1024);
  if (std::find(head.begin(), head.begin() + static_cast<std::ptrdiff_t>(look), 0) !=
      head.begin() + static_cast<std::ptrdiff_t>(look)) {
    why = "binary data (NUL bytes in the first KiB)";
    return Content::binary;
  }
  return Content::text;
}

std::string_view format_named(std::string_view name) {
  static constexpr Known k_named[] = {
      {".gz", "gzip data"},    {".tgz", "gzip data"},     {".bz2", "bzip2 data"},
      {".xz", "xz data"},      {".zst", "zstd data"},     {".zip", "a ZIP archive"},
      {".7z", "a 7z archive"}, {".tar", "a tar archive"},
  };
  for (const Known& k : k_named) {
    const std::string_view ending = k.magic;
    if (name.size() <= ending.size()) continue;
    const std::string_view tail = name.substr(name.size() - ending.size());
    if (std::equal(tail.begin(), tail.end(), ending.begin(), [](char a, char b) {
          return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
        }))
      return k.what;
  }
  return {};
}

}  // namespace rochade::io
