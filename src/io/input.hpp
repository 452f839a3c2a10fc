// Bytes in: open files, directories and stdin, detect compression from the first bytes, decode.
// Knows nothing of PGN or chess. Errors are values; nothing here throws to the caller.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rochade::io {

enum class Compression : std::uint8_t { plain, gzip, bzip2, xz, zstd };
std::string_view compression_name(Compression c);  // "plain", "gzip", "bzip2", "xz", "zstd"
Compression sniff_compression(std::span<const unsigned char> head);

struct InputError {
  std::string path;
  std::uint64_t offset = 0;  // bytes of the underlying file consumed when the fault was seen
  std::string message;       // what went wrong, with the decoder's own text
};

// Expands command-line inputs: a file as given, a directory recursively (*.pgn, *.pgn.gz,
// *.pgn.bz2, *.pgn.xz, *.pgn.zst in any letter case, sorted by path; links to files count,
// links to directories are not followed), "-" for standard input. Missing paths and
// unreadable directories become errors; the others are still listed.
struct ExpandedInputs {
  std::vector<std::string> paths;
  std::vector<InputError> errors;
};
ExpandedInputs expand_inputs(const std::vector<std::string>& args);

// One decoded input. Reads decoded bytes until the end or the first fault; after a fault
// read() returns 0 and error() says what and where. Everything decoded before the fault is
// delivered first.
class Input {
 public:
  // "-" = stdin. Never throws: a file that cannot be opened gives an Input whose error() says
  // why (offset 0) and whose read() returns 0.
  static std::unique_ptr<Input> open(const std::string& path);
  ~Input();
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  // Fills dst with n decoded bytes, fewer only when the input ends or faults first; 0 at the end
  // of input or after an error. A fault found while decoding shows in error() from the read()
  // that returns 0 (a fault at open, at once).
  std::size_t read(char* dst, std::size_t n);
  const std::optional<InputError>& error() const { return error_; }
  bool ok() const { return !error_.has_value(); }
  const std::string& path() const { return path_; }
  Compression compression() const { return compression_; }
  std::uint64_t size() const { return size_; }  // bytes of the file, 0 if unknown (stdin, pipe)
  // Bytes of the underlying file consumed so far (compressed bytes for archives). Safe to read
  // from another thread (progress bars).
  std::uint64_t consumed() const { return consumed_.load(std::memory_order_relaxed); }

 private:
  struct Impl;
  Input();
  void open_and_sniff();
  bool fill_input();
  std::size_t produce(char* dst, std::size_t n);
  std::size_t produce_plain(char* dst, std::size_t n);
  std::size_t produce_decoded(char* dst, std::size_t n);
  void fail_now(std::uint64_t offset, std::string message);
  void fail_later(std::string message);  // at the decoder's position, once earlier bytes are out
  std::unique_ptr<Impl> impl_;
  std::string path_;
  Compression compression_ = Compression::plain;
  std::uint64_t size_ = 0;
  std::atomic<std::uint64_t> consumed_{0};
  std::optional<InputError> error_;
};

}  // namespace rochade::io
