// Bytes in: open files, directories and stdin, detect compression and containers from the first
// bytes, decode. Knows nothing of PGN or chess. Errors are values; nothing here throws to the
// caller. Containers (ZIP, 7z, tar) are in container.hpp; the decoders' table in decoder.hpp.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/names.hpp"

namespace rochade::io {

enum class Compression : std::uint8_t { plain, gzip, bzip2, xz, zstd };
std::string_view compression_name(Compression c);  // "plain", "gzip", "bzip2", "xz", "zstd"
Compression sniff_compression(std::span<const unsigned char> head);

// What the first decoded bytes of an input are.
enum class Content : std::uint8_t { text, zip, sevenzip, tar, binary };
inline constexpr base::NameTable<Content> content_names{{{Content::text, "text"},
                                                         {Content::zip, "zip"},
                                                         {Content::sevenzip, "7z"},
                                                         {Content::tar, "tar"},
                                                         {Content::binary, "binary"}}};
inline std::string_view content_name(Content c) { return content_names.name(c); }
// `head`: the first decoded bytes (up to 1 KiB, fewer only when the input is shorter). Sets
// `why` for binary content ("NUL bytes in the first KiB", "a PNG image", ...).
Content sniff_content(std::span<const unsigned char> head, std::string& why);
// What a name's ending promises, in any letter case (".gz": "gzip data", ".zip": "a ZIP
// archive"), or "" for other names. Formats are decided by the bytes, never by this: it only
// says that an empty file is not what its name promises (a failed download, mostly).
std::string_view format_named(std::string_view name);

struct InputError {
  std::string path;
  std::uint64_t offset = 0;  // bytes of the underlying file consumed when the fault was seen
  std::string message;       // what went wrong, with the decoder's own text
  std::string file;          // the file `offset` counts in when not `path` (an archive member's)

  // The message and where: "... (at byte N of the file)", or of the archive a member's offset
  // counts in.
  std::string located() const;
};

// One input as the command line names it: what to call it, how to open it, whether it is
// standard input. Members of containers are found while reading (container.hpp).
struct InputSpec {
  std::string name;         // the path as given or found, "-" for standard input
  std::string path;         // what to open ("-" = standard input)
  bool is_stdin = false;
  std::uint64_t size = 0;   // bytes of the file when known (progress), else 0
  // A regular file's device and inode, the same for every name of one file; {0, 0} for others.
  std::pair<std::uint64_t, std::uint64_t> file{0, 0};
  // Named on the command line itself, not found in a directory: an archive named so that holds
  // no PGN member is an error, as a directory with none is (one found in a directory is noted).
  bool named = false;
};

// Expands command-line inputs: a file as given, a directory recursively (*.pgn, *.pgn.gz,
// *.pgn.bz2, *.pgn.xz, *.pgn.zst and archives *.zip, *.7z, *.tar, *.tar.*, *.tgz, in any letter
// case, sorted by path; links to files and to directories are followed, a directory reached
// twice is searched once), "-" for standard input. Missing paths and unreadable directories
// become errors; the others are still listed.
struct ExpandedInputs {
  std::vector<InputSpec> specs;
  std::vector<InputError> errors;
  std::vector<std::string> paths() const;  // the specs' names
};
// Specs for files named as they are (no directory search): tests, tools.
std::vector<InputSpec> file_specs(const std::vector<std::string>& paths);
ExpandedInputs expand_inputs(const std::vector<std::string>& args);

namespace detail {
class RawSource;
}

// All of a small input's decoded bytes (a partial result), or why not: `error` when the reading
// stopped before the end (nothing of `text` is then to be trusted whole); an archive or binary
// data (`content`) is not read as text.
struct WholeInput {
  std::string text;
  Content content = Content::text;
  std::optional<InputError> error;
};
WholeInput read_whole(const std::string& path);  // "-" = stdin

// One decoded input. Reads decoded bytes until the end or the first fault; after a fault
// read() returns 0 and error() says what and where. Everything decoded before the fault is
// delivered first, except text whose checksum failed: a compressed file's member (stream,
// frame) or a ZIP member is held until its check, up to 16 MiB (hold.hpp). A binary file is an
// error at open (nothing is read from it as text); a container (content() zip, sevenzip or tar)
// is for Container::open, not for read().
class Input {
 public:
  // "-" = stdin. Never throws: a file that cannot be opened gives an Input whose error() says
  // why (offset 0) and whose read() returns 0.
  static std::unique_ptr<Input> open(const std::string& path);
  // The same over another source of raw bytes (an archive member), named `name`; its faults'
  // offsets are the source's (bytes of `file`).
  static std::unique_ptr<Input> open_source(std::string name, std::string file,
                                            std::unique_ptr<detail::RawSource> source);
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
  Content content() const { return content_; }
  // The file the bytes come from: path(), or the archive of a member. size() and consumed()
  // count its bytes (a member's are the archive's).
  const std::string& file() const { return file_.empty() ? path_ : file_; }
  std::uint64_t size() const { return size_; }  // bytes of the file, 0 if unknown (stdin, pipe)
  // The input's own bytes: size() for a file; for an archive member, its size in the archive
  // as extracted (what its header declares; else the bytes read of it, all once read to its
  // end), whatever the archive's compression.
  std::uint64_t own_size() const;
  // Bytes of the underlying file consumed so far (compressed bytes for archives). Safe to read
  // from another thread (progress bars).
  std::uint64_t consumed() const { return consumed_.load(std::memory_order_relaxed); }
  // Makes read() fail now with `message` (a container that cannot be read as such).
  void fail(std::string message);

 private:
  struct Impl;
  Input();
  void open_and_sniff();
  void sniff_head();
  bool fill_input(std::size_t most);  // reads at most `most` bytes more
  long read_raw(unsigned char* dst, std::size_t n);
  std::size_t produce(char* dst, std::size_t n);  // through the hold
  std::size_t decode(char* dst, std::size_t n);   // straight from the decoder or the file
  void settle();
  std::uint64_t declared_size() const;
  std::size_t produce_plain(char* dst, std::size_t n);
  std::size_t produce_decoded(char* dst, std::size_t n);
  void fail_now(std::uint64_t offset, std::string message);
  // At the decoder's position, once earlier bytes are out; `cut`: an early end, the text
  // before it is true (else it failed a check: held text is dropped).
  void fail_later(std::string message, bool cut);
  std::unique_ptr<Impl> impl_;
  std::string path_;
  std::string file_;  // where offsets count, when not path_
  Compression compression_ = Compression::plain;
  Content content_ = Content::text;
  std::uint64_t size_ = 0;
  std::atomic<std::uint64_t> consumed_{0};
  std::optional<InputError> error_;
};

}  // namespace rochade::io
