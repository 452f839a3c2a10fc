// Input: a file descriptor, one big input buffer, an optional decoder and a small staging
// buffer for small reads. Large reads are decoded (or, for plain text, read) straight into the
// caller's buffer, so plain and compressed text cost no extra copy.
#include "io/input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <initializer_list>
#include <memory>
#include <string>

#include "io/decoder.hpp"
#include "io/errors.hpp"

namespace rochade::io {
namespace {

constexpr std::size_t k_input_buffer = std::size_t{1} << 20;  // compressed bytes per read(2)
constexpr std::size_t k_staging_buffer = std::size_t{256} << 10;
constexpr std::size_t k_direct_read = std::size_t{64} << 10;  // reads this big skip staging
constexpr std::size_t k_sniff_bytes = 6;                      // the longest magic (xz)

}  // namespace

std::string_view compression_name(Compression c) {
  switch (c) {
    case Compression::plain:
      return "plain";
    case Compression::gzip:
      return "gzip";
    case Compression::bzip2:
      return "bzip2";
    case Compression::xz:
      return "xz";
    case Compression::zstd:
      return "zstd";
  }
  return "plain";
}

Compression sniff_compression(std::span<const unsigned char> head) {
  const auto starts_with = [head](std::initializer_list<unsigned char> magic) {
    return head.size() >= magic.size() && std::equal(magic.begin(), magic.end(), head.begin());
  };
  if (starts_with({0x1f, 0x8b})) return Compression::gzip;
  if (starts_with({'B', 'Z', 'h'})) return Compression::bzip2;
  if (starts_with({0xfd, '7', 'z', 'X', 'Z', 0x00})) return Compression::xz;
  if (starts_with({0x28, 0xb5, 0x2f, 0xfd})) return Compression::zstd;
  // A zstd skippable frame (magic 0x184D2A50..5F, little-endian), as pzstd writes first.
  if (head.size() >= 4 && (head[0] & 0xf0) == 0x50 && head[1] == 0x2a && head[2] == 0x4d &&
      head[3] == 0x18) {
    return Compression::zstd;
  }
  return Compression::plain;
}

struct Input::Impl {
  int fd = -1;
  bool owns_fd = false;
  std::unique_ptr<detail::Decoder> decoder;  // null for plain text
  std::unique_ptr<unsigned char[]> in;       // compressed bytes read but not yet decoded
  std::size_t in_pos = 0;
  std::size_t in_end = 0;
  bool in_eof = false;
  std::unique_ptr<char[]> staging;  // decoded bytes for small reads
  std::size_t staged_pos = 0;
  std::size_t staged_end = 0;
  bool finished = false;              // end of input or fault seen; nothing more to decode
  std::optional<InputError> pending;  // the fault, published once the bytes before it are out

  ~Impl() {
    if (owns_fd && fd >= 0) ::close(fd);
  }
};

Input::Input() : impl_(std::make_unique<Impl>()) {}
Input::~Input() = default;

namespace {

// read(2) that retries on EINTR. Returns bytes read, 0 at end of file, -1 with errno.
ssize_t read_some(int fd, void* dst, std::size_t n) {
  for (;;) {
    const ssize_t got = ::read(fd, dst, n);
    if (got >= 0 || errno != EINTR) return got;
  }
}

}  // namespace

std::unique_ptr<Input> Input::open(const std::string& path) {
  std::unique_ptr<Input> input(new Input());
  input->path_ = path;
  try {
    input->open_and_sniff();
  } catch (const std::exception& e) {  // std::bad_alloc for the buffers or a decoder
    input->impl_->finished = true;
    input->error_ = InputError{path, 0, std::string("cannot open: ") + e.what()};
  }
  return input;
}

void Input::open_and_sniff() {
  Impl& im = *impl_;
  if (path_ == "-") {
    im.fd = STDIN_FILENO;
  } else {
    im.fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (im.fd < 0) {
      fail_now(0, detail::errno_text(errno));
      return;
    }
    im.owns_fd = true;
  }
  struct stat st {};
  if (::fstat(im.fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      fail_now(0, "is a directory");
      return;
    }
    if (S_ISREG(st.st_mode)) {
      size_ = static_cast<std::uint64_t>(st.st_size);
      ::posix_fadvise(im.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    }
  }
  // Not zeroed: pages are touched only as data arrives, so small files cost little.
  im.in = std::make_unique_for_overwrite<unsigned char[]>(k_input_buffer);
  im.staging = std::make_unique_for_overwrite<char[]>(k_staging_buffer);
  // Peek at the first bytes through our own buffer (pipes cannot seek back); they stay there
  // for the decoder or the plain reader. Pipes may deliver them a few at a time.
  while (im.in_end < k_sniff_bytes && !im.in_eof) {
    if (!fill_input()) {  // nothing was delivered yet: say so at once
      error_ = std::move(im.pending);
      im.pending.reset();
      return;
    }
  }
  compression_ = sniff_compression({im.in.get(), im.in_end});
  if (compression_ != Compression::plain) im.decoder = detail::make_decoder(compression_);
}

void Input::fail_now(std::uint64_t offset, std::string message) {
  impl_->finished = true;
  error_ = InputError{path_, offset, std::move(message)};
}

void Input::fail_later(std::string message) {
  const Impl& im = *impl_;
  // Where the decoder stopped: bytes read from the file less those not yet handed to it.
  const std::uint64_t offset = consumed() - (im.in_end - im.in_pos);
  impl_->finished = true;
  impl_->pending = InputError{path_, offset, std::move(message)};
}

bool Input::fill_input() {
  Impl& im = *impl_;
  if (im.in_pos == im.in_end) im.in_pos = im.in_end = 0;
  if (im.in_end == k_input_buffer) {  // cannot happen while decoders consume all they get
    std::memmove(im.in.get(), im.in.get() + im.in_pos, im.in_end - im.in_pos);
    im.in_end -= im.in_pos;
    im.in_pos = 0;
  }
  const ssize_t got = read_some(im.fd, im.in.get() + im.in_end, k_input_buffer - im.in_end);
  if (got < 0) {
    fail_later(detail::errno_text(errno));
    return false;
  }
  if (got == 0) im.in_eof = true;
  im.in_end += static_cast<std::size_t>(got);
  consumed_.fetch_add(static_cast<std::uint64_t>(got), std::memory_order_relaxed);
  return true;
}

std::size_t Input::produce_plain(char* dst, std::size_t n) {
  Impl& im = *impl_;
  if (im.in_pos < im.in_end) {  // the sniffed head first
    const std::size_t take = std::min(n, im.in_end - im.in_pos);
    std::memcpy(dst, im.in.get() + im.in_pos, take);
    im.in_pos += take;
    return take;
  }
  if (im.in_eof) {
    im.finished = true;
    return 0;
  }
  const ssize_t got = read_some(im.fd, dst, n);
  if (got < 0) {
    fail_later(detail::errno_text(errno));
    return 0;
  }
  if (got == 0) {
    im.in_eof = true;
    im.finished = true;
    return 0;
  }
  consumed_.fetch_add(static_cast<std::uint64_t>(got), std::memory_order_relaxed);
  return static_cast<std::size_t>(got);
}

std::size_t Input::produce_decoded(char* dst, std::size_t n) {
  Impl& im = *impl_;
  const std::string_view name = compression_name(compression_);
  for (;;) {
    if (im.in_pos == im.in_end && !im.in_eof && !fill_input()) return 0;
    const std::span<const unsigned char> in{im.in.get() + im.in_pos, im.in_end - im.in_pos};
    const bool was_at_boundary = im.decoder->at_boundary();
    const detail::DecodeStep step = im.decoder->decode(in, {dst, n}, im.in_eof);
    im.in_pos += step.in_used;
    if (step.failed) {
      std::string message = im.decoder->message();
      if (was_at_boundary)
        message += " (after a complete " + std::string(name) + " stream: trailing data?)";
      fail_later(std::move(message));
      return step.out_made;
    }
    if (step.out_made > 0) return step.out_made;
    if (step.in_used > 0) continue;
    // No progress at all: the decoder wants input it has not got.
    if (!im.in_eof && im.in_pos == im.in_end) continue;  // read more
    if (im.in_pos == im.in_end && im.decoder->at_boundary()) {
      im.finished = true;  // clean end: every member complete
      return 0;
    }
    if (im.in_pos == im.in_end) {
      fail_later("unexpected end of file: truncated " + std::string(name) + " stream");
    } else {
      fail_later(std::string(name) + ": decoder made no progress");
    }
    return 0;
  }
}

std::size_t Input::produce(char* dst, std::size_t n) {
  if (impl_->finished) return 0;
  return impl_->decoder ? produce_decoded(dst, n) : produce_plain(dst, n);
}

std::size_t Input::read(char* dst, std::size_t n) {
  Impl& im = *impl_;
  std::size_t done = 0;
  while (done < n) {
    if (im.staged_pos < im.staged_end) {
      const std::size_t take = std::min(n - done, im.staged_end - im.staged_pos);
      std::memcpy(dst + done, im.staging.get() + im.staged_pos, take);
      im.staged_pos += take;
      done += take;
      continue;
    }
    if (im.finished) break;
    if (n - done >= k_direct_read) {
      done += produce(dst + done, n - done);
    } else {
      im.staged_pos = 0;
      im.staged_end = produce(im.staging.get(), k_staging_buffer);
    }
  }
  if (done == 0 && n > 0 && im.finished && im.pending) {
    error_ = std::move(im.pending);
    im.pending.reset();
  }
  return done;
}

}  // namespace rochade::io
