// Internal to src/io: compressing an output as it is written (FILE.gz, FILE.zst), with the
// libraries' own C APIs like the decoders (decoder.hpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "io/output.hpp"

namespace rochade::io {

class Output::Compressor {
 public:
  virtual ~Compressor() = default;
  // Appends the compressed form of `in` to `out`; with `finish`, also the end of the stream.
  // False on a library failure (message() says what).
  virtual bool compress(std::string_view in, bool finish, std::string& out) = 0;
  const std::string& message() const { return message_; }
  std::string& scratch() { return scratch_; }  // reused between calls: no allocation per write

 protected:
  std::string message_;
  std::string scratch_;
};

// The compressor a name asks for (".gz": gzip, ".zst": zstd, any letter case), else null.
std::unique_ptr<Output::Compressor> make_compressor(std::string_view path);

// "write error: REASON (WHERE)": one wording for every failed write.
std::string fmt_write_error(const std::string& reason, const std::string& where);

}  // namespace rochade::io
