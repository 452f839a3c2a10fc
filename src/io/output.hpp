// Bytes out: the one writer behind every -o, --partial and standard output.
//
// Opened before any input is read, so that a path that cannot be written fails at once, not after
// an hour of work. Where the bytes go depends on what the path is:
//  - "" or "-": standard output, written in place;
//  - a regular file, or a name that does not exist yet: a temporary file in the same directory
//    (PATH.tmp-...), renamed over PATH by commit(); a new file gets the mode the umask gives
//    (0666 & ~umask), an existing one keeps its mode (and owner, where we may set it);
//  - anything else (a character device such as /dev/null, a FIFO, a socket): written in place,
//    never replaced;
//  - a symbolic link: what it points to, by the rules above; the link itself stays.
// A name ending in .gz or .zst is compressed (gzip, zstd) as it is written.
// Every write error is kept (with errno's words) and the output is then failed: commit() removes
// the temporary file and reports it. A closed pipe (EPIPE) is told apart: the reader went away,
// which is a normal end for `| head`. Errors are values; nothing here throws to the caller.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace rochade::io {

class Output {
 public:
  enum class State { open, broken_pipe, failed, committed, discarded };

  // Opens `path`; on failure state() is failed and error() says why (the path included).
  explicit Output(std::string path);
  ~Output();  // an output not committed is discarded (its temporary file removed)
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  void write(std::string_view bytes);  // ignored once broken or failed
  // Flushes, closes, renames the temporary file into place. True when every byte arrived
  // (state committed); false on broken_pipe or failed.
  bool commit();
  // Drops what was written: the temporary file is removed and the path is left untouched.
  void discard();

  State state() const { return state_; }
  bool ok() const { return state_ == State::open || state_ == State::committed; }
  const std::string& path() const { return path_; }  // as given ("" for standard output)
  // "standard output" or the path, for messages.
  std::string display_name() const;
  // What went wrong, e.g. "write error: No space left on device (out.txt)" or
  // "cannot write /nonexistent/x: No such file or directory". Empty while all is well.
  const std::string& error() const { return error_; }
  // The temporary file being written ("" when written in place): removed by a signal handler
  // that ends the process at once.
  const std::string& temp_path() const { return temp_; }
  // True when the bytes go through a temporary file renamed at the end (a regular file).
  bool replaces_file() const { return !temp_.empty(); }
  // For a writer of its own (SQLite) that filled temp_path() and failed: the output fails with
  // `message`, so commit() removes the temporary file and returns false.
  void fail_external(std::string message) { fail_message(std::move(message)); }

  class Compressor;  // gzip / zstd, chosen by the name (output_compress.cpp)

 private:
  void open_target();
  void put(const char* data, std::size_t n);  // to the file, through the buffer
  void flush_buffer();
  void fail(int err);
  void fail_message(std::string message);

  std::string path_;
  std::string target_;  // the file written (a symbolic link resolved)
  std::string temp_;
  int fd_ = -1;
  bool owns_fd_ = false;
  bool is_stdout_ = false;
  State state_ = State::open;
  std::string error_;
  std::string buffer_;
  std::unique_ptr<Compressor> compressor_;
};

// Whether two outputs name one file, so that the one written last would replace the other: the
// same existing regular file (by device and inode: a hard or symbolic link too), or the same path
// once normalised. Standard output ("" or "-") and an existing device or FIFO, which each writes
// into in place, never clash.
bool same_output_file(const std::string& a, const std::string& b);

}  // namespace rochade::io
