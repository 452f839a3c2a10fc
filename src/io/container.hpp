// Containers: ZIP (stored or deflated, ZIP64), 7z and tar (plain or inside gzip, bzip2, xz or
// zstd), read through libarchive. Each member whose name ends in .pgn (any letter case,
// optionally .gz/.bz2/.xz/.zst, decoded by our own decoders) is an input of its own named
// ARCHIVE:MEMBER, in the archive's order; the others are listed as skipped. One level only: an
// archive inside an archive is listed, never read.
//
// ZIP and tar are read as a stream (through the Input that found them, so standard input works
// and a compressed tar is decoded by src/io's decoders); 7z needs seeking and is opened again by
// its path (not from standard input).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/input.hpp"

namespace rochade::io {

// True for the names a directory search or an archive reads as PGN (*.pgn, *.pgn.gz, ...), and
// for the names of archives a directory search opens (*.zip, *.7z, *.tar, *.tar.*, *.tgz).
bool is_pgn_name(std::string_view name);
bool is_archive_name(std::string_view name);

class Container {
 public:
  // `raw`: an input whose content() is zip, sevenzip or tar, nothing read from it yet. Never
  // throws: a container that cannot be opened has error() set and no members.
  static std::unique_ptr<Container> open(std::unique_ptr<Input> raw, bool is_stdin);
  ~Container();
  Container(const Container&) = delete;
  Container& operator=(const Container&) = delete;

  // The next PGN member as an input of its own, or null at the end of the archive or at a fault
  // (error() then says what, after which member, and where). The previous member's input must
  // not be read any more. An encrypted member, or an archive inside this one named .pgn, is an
  // input whose error() says so.
  std::unique_ptr<Input> next_member();

  const std::optional<InputError>& error() const { return error_; }
  const std::string& name() const { return name_; }
  std::string format_name() const;  // "zip", "7z", "tar", "tar+gzip", ...
  std::uint64_t size() const { return size_; }
  std::uint64_t consumed() const;  // bytes of the archive file read so far
  // Members not read, in order: not PGN by name (folders aside), and archives inside it.
  const std::vector<std::string>& skipped() const { return skipped_; }
  const std::vector<std::string>& nested() const { return nested_; }
  // What to tell the user of those (one line each, naming a few): not errors.
  std::vector<std::string> notes() const;

  // The PGN members not given yet, as ARCHIVE:MEMBER, found by reading the rest of the
  // archive's headers (their data skipped, not decoded): to list what a run that stopped inside
  // the archive (--max-games) did not read. Stops quietly at the end or at a fault (damage past
  // where the run stopped is not its business); no member comes after it.
  std::vector<std::string> rest();

  struct State;  // shared with the members' sources

 private:
  Container() = default;
  void fail(std::string message);
  void check_end();

  std::shared_ptr<State> state_;
  std::string name_;
  Content content_ = Content::zip;
  Compression compression_ = Compression::plain;
  std::uint64_t size_ = 0;
  std::string last_member_;
  bool ended_ = false;
  std::optional<InputError> error_;
  std::vector<std::string> skipped_, nested_;
};

}  // namespace rochade::io
