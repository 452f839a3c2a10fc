#include "app/version.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <string>

#include <archive.h>
#include "io/input.hpp"
#include "rochade_build_info.hpp"  // generated: ROCHADE_GIT_COMMIT ("" outside git)

namespace rochade::app {

namespace {

// The library that decodes a format and its version, as the library reports it at run time.
std::string decoder_of(io::Compression c) {
  switch (c) {
    case io::Compression::plain:
      return "";
    case io::Compression::gzip:
      return std::string("zlib ") + zlibVersion();
    case io::Compression::bzip2: {
      // "1.0.8, 13-Jul-2019": the version is what comes before the comma
      std::string v = BZ2_bzlibVersion();
      return "libbz2 " + v.substr(0, v.find(','));
    }
    case io::Compression::xz:
      return std::string("liblzma ") + lzma_version_string();
    case io::Compression::zstd:
      return std::string("libzstd ") + ZSTD_versionString();
  }
  return "";
}

}  // namespace

std::string version_text(std::string_view program) {
  std::string out(program);
  out += " ";
  out += ROCHADE_VERSION;
  const std::string commit = ROCHADE_GIT_COMMIT;
  if (!commit.empty()) out += " (git " + commit + ")";
  out += "\nreads:";
  const char* sep = " ";
  for (io::Compression c : {io::Compression::plain, io::Compression::gzip, io::Compression::bzip2,
                            io::Compression::xz, io::Compression::zstd}) {
    out += sep;
    out += io::compression_name(c);
    const std::string lib = decoder_of(c);
    if (!lib.empty()) out += " (" + lib + ")";
    sep = ", ";
  }
  // Containers (src/io/container.hpp): their members are read as the formats above.
  out += "; archives: zip, 7z, tar (";
  out += archive_version_string();
  out += ")";
  return out;
}

}  // namespace rochade::app
