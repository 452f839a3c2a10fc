// Internal to src/io: one streaming decoder per compression format, behind one small interface
// that Input drives. Not part of the io contract (input.hpp is).
//
// Why the C libraries (zlib, libbzip2, liblzma, libzstd) and not Boost.Iostreams' filters:
// measured with Boost 1.74 (Debian 12),
//  - zstd_decompressor treats a truncated .zst file as a clean end of file: no error at all;
//  - when a filter throws (corrupt or truncated gzip/bzip2/xz), symmetric_filter::read()
//    discards everything it had already decoded into the caller's buffer during that call, so
//    up to a whole read() of good text before the fault is lost;
//  - the exceptions say only "gzip error: iostream error", never where or what;
//  - the filter chain adds a copy of every decoded byte and cannot tell how far into the file
//    the decoder got.
// The C APIs give all of that directly and take about as much code as the Boost chain would
// with its workarounds.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "io/input.hpp"

namespace rochade::io::detail {

struct DecodeStep {
  std::size_t in_used = 0;   // bytes of the given input the decoder consumed (on failure: read)
  std::size_t out_made = 0;  // bytes it wrote to the given output
  bool failed = false;       // corrupt data or a library failure; see Decoder::message()
};

// Decodes one compressed file: every member, stream or frame of it, one after the other.
class Decoder {
 public:
  virtual ~Decoder() = default;

  // Consumes some of `in`, writes some of `out`. `input_ends` says no byte follows `in`.
  // A call that uses no input and makes no output means the decoder needs more input
  // (or, with input_ends, that it has nothing more to give).
  virtual DecodeStep decode(std::span<const unsigned char> in, std::span<char> out,
                            bool input_ends) = 0;

  // True when the bytes consumed so far form complete members/streams/frames: a clean place
  // for the file to end. False in the middle of one (a file that ends there is truncated).
  virtual bool at_boundary() const = 0;

  // What went wrong, with the library's own words, after a failed step or a failed make.
  virtual const std::string& message() const = 0;

  // When the input ended inside a member: true when its last bytes look like the member's own
  // trailer (a gzip member's length), so that the member is whole and damaged, not cut.
  virtual bool ends_like_whole() const { return false; }

  // The decoded size the current member declares in its header (a zstd frame's content size),
  // 0 when it declares none or is not started. A member declared longer than the hold's bound
  // is let through from its start (hold.hpp): holding its first part would check nothing.
  virtual std::uint64_t declared_size() const { return 0; }
};

// The decoders, one row each: the first bytes that announce the format (`mask`, when not
// empty, is ANDed to the bytes before comparing), its name, and how to make a decoder for it.
// sniff_compression, compression_name and make_decoder all read this one table.
struct Codec {
  Compression kind;
  std::string_view name;
  std::string_view magic;
  std::string_view mask;
  std::unique_ptr<Decoder> (*make)();
};
std::span<const Codec> codecs();

// A decoder for `c` (not Compression::plain). Library initialisation failures show up as a
// decoder whose first step fails, with the reason in message().
std::unique_ptr<Decoder> make_decoder(Compression c);

// Where an Input's raw bytes come from: a file descriptor, or an archive member.
class RawSource {
 public:
  virtual ~RawSource() = default;
  // Up to n bytes; 0 at the end; -1 on a fault, with error() saying what.
  virtual long read(unsigned char* dst, std::size_t n) = 0;
  virtual std::string error() const = 0;
  // Bytes of the underlying file consumed so far (an archive's, for a member).
  virtual std::uint64_t consumed() const = 0;
  // Size of the underlying file when known (progress), else 0.
  virtual std::uint64_t size() const { return 0; }
  // True when a check at the end covers all the bytes (a ZIP member's CRC-32): they are held
  // until then (hold.hpp).
  virtual bool checked() const { return false; }
  // Bytes the member declares (a ZIP entry's size), 0 if unknown: as Decoder::declared_size.
  virtual std::uint64_t declared_size() const { return 0; }
  // The source's own size: a file's size() (0 if unknown); an archive member's declared size,
  // else the bytes read of it so far (all of them once read to its end).
  virtual std::uint64_t own_size() const { return size(); }
  // After a fault: true when the bytes ended early (a cut file, a read error), so that those
  // before it are true; false when the check failed or the data is corrupt.
  virtual bool cut() const { return true; }
};

// The source of a file descriptor (owned unless it is standard input); `size` when known.
std::unique_ptr<RawSource> fd_source(int fd, bool owned, std::uint64_t size);

}  // namespace rochade::io::detail
