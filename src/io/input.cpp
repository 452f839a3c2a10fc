// Input: a file descriptor, one big input buffer, an optional decoder and a small staging
// buffer for small reads. Large reads are decoded (or, for plain text, read) straight into the
// caller's buffer, so plain and compressed text cost no extra copy. Text that a check covers (a
// compressed file's, a ZIP member's) goes through a Hold instead, until the check (hold.hpp).
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
#include "io/hold.hpp"

namespace rochade::io {
namespace {

constexpr std::size_t k_input_buffer = std::size_t{1} << 20;  // compressed bytes per read(2)
// The first read(2), for the sniffing: small, as the buffer's pages are touched only as bytes
// arrive (a page fault costs microseconds) and plain text is read straight into the caller's
// buffer after it.
constexpr std::size_t k_first_read = std::size_t{64} << 10;
constexpr std::size_t k_staging_buffer = std::size_t{256} << 10;
constexpr std::size_t k_direct_read = std::size_t{64} << 10;  // reads this big skip staging
constexpr std::size_t k_sniff_bytes = 6;                      // the longest magic (xz)

}  // namespace

std::string_view compression_name(Compression c) {
  for (const detail::Codec& codec : detail::codecs())
    if (codec.kind == c) return codec.name;
  return "plain";
}

Compression sniff_compression(std::span<const unsigned char> head) {
  for (const detail::Codec& codec : detail::codecs()) {
    const std::string_view magic = codec.magic;
    if (head.size() < magic.size()) continue;
    bool match = true;
    for (std::size_t i = 0; i < magic.size() && match; ++i) {
      const auto mask = i < codec.mask.size() ? static_cast<unsigned char>(codec.mask[i]) : 0xff;
      match = (head[i] & mask) == static_cast<unsigned char>(magic[i]);
    }
    if (match) return codec.kind;
  }
  return Compression::plain;
}

struct Input::Impl {
  std::unique_ptr<detail::RawSource> src;
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
  bool pending_cut = false;           // the fault is an early end: the text before it is true
  // Text that a check covers (a decoder's, a ZIP member's), held until it passes (hold.hpp).
  bool held = false;
  detail::Hold hold;
};

Input::Input() : impl_(std::make_unique<Impl>()) {}
Input::~Input() = default;

namespace {
constexpr std::size_t k_content_bytes = 1024;  // decoded bytes looked at for binary content
}  // namespace

std::unique_ptr<Input> Input::open(const std::string& path) {
  std::unique_ptr<Input> input(new Input());
  input->path_ = path;
  try {
    input->open_and_sniff();
  } catch (const std::exception& e) {  // std::bad_alloc for the buffers or a decoder
    input->impl_->finished = true;
    input->error_ = InputError{path, 0, std::string("cannot open: ") + e.what(), {}};
  }
  return input;
}

std::unique_ptr<Input> Input::open_source(std::string name, std::string file,
                                          std::unique_ptr<detail::RawSource> source) {
  std::unique_ptr<Input> input(new Input());
  input->path_ = std::move(name);
  input->file_ = std::move(file);
  input->impl_->src = std::move(source);
  try {
    input->sniff_head();
  } catch (const std::exception& e) {
    input->fail(std::string("cannot open: ") + e.what());
  }
  return input;
}

void Input::open_and_sniff() {
  Impl& im = *impl_;
  int fd = STDIN_FILENO;
  if (path_ != "-") {
    fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      fail_now(0, detail::errno_text(errno));
      return;
    }
  }
  struct stat st {};
  std::uint64_t size = 0;
  if (::fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      if (path_ != "-") ::close(fd);
      fail_now(0, "is a directory");
      return;
    }
    if (S_ISREG(st.st_mode)) {
      size = static_cast<std::uint64_t>(st.st_size);
      ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    }
  }
  size_ = size;
  im.src = detail::fd_source(fd, path_ != "-", size);
  sniff_head();
}

void Input::sniff_head() {
  Impl& im = *impl_;
  size_ = im.src->size();
  // Not zeroed: pages are touched only as data arrives, so small files cost little.
  im.in = std::make_unique_for_overwrite<unsigned char[]>(k_input_buffer);
  im.staging = std::make_unique_for_overwrite<char[]>(k_staging_buffer);
  // Peek at the first bytes through our own buffer (pipes cannot seek back); they stay there
  // for the decoder or the plain reader. Pipes may deliver them a few at a time.
  while (im.in_end < k_sniff_bytes && !im.in_eof) {
    if (!fill_input(k_first_read)) {  // nothing was delivered yet: say so at once
      error_ = std::move(im.pending);
      im.pending.reset();
      return;
    }
  }
  // Empty, but named as compressed data or an archive: an error, as gzip -t and zstd -t say.
  if (const std::string_view what = format_named(path_); im.in_end == 0 && !what.empty())
    return fail_now(0, "empty file (0 bytes), but its name says " + std::string(what));
  compression_ = sniff_compression({im.in.get(), im.in_end});
  if (compression_ != Compression::plain) im.decoder = detail::make_decoder(compression_);
  // The first decoded KiB, staged for the first read(): text, binary, or a container?
  // (Decoded straight, not held: the hold starts with these bytes.)
  while (im.staged_end < k_content_bytes && !im.finished)
    im.staged_end += decode(im.staging.get() + im.staged_end, k_staging_buffer - im.staged_end);
  std::string why;
  content_ =
      sniff_content({reinterpret_cast<const unsigned char*>(im.staging.get()), im.staged_end}, why);
  if (content_ != Content::binary) {
    im.held = im.decoder != nullptr || im.src->checked();
    if (im.held) {
      for (std::size_t at = 0; at < im.staged_end;) {
        const std::span<char> room = im.hold.room();
        const std::size_t k = std::min(room.size(), im.staged_end - at);
        std::memcpy(room.data(), im.staging.get() + at, k);
        im.hold.added(k);
        at += k;
      }
      im.staged_pos = im.staged_end = 0;
      settle();
    }
    return;
  }
  if (im.decoder) {
    // Garbage out of a compressed file may be damage that its checksum shows further on (a bzip2
    // block is checked at its end): then the decoder's error is the one to report.
    std::uint64_t budget = std::uint64_t{8} << 20;
    while (!im.finished && budget > 0) {
      im.staged_pos = 0;
      im.staged_end = 0;
      budget -= std::min<std::uint64_t>(budget, decode(im.staging.get(), k_staging_buffer) + 1);
    }
    if (im.pending) {
      fail(im.pending->message);
      error_->offset = im.pending->offset;
      im.pending.reset();
      return;
    }
  }
  fail("not PGN text: " + why);
}

void Input::fail_now(std::uint64_t offset, std::string message) {
  impl_->finished = true;
  error_ = InputError{path_, offset, std::move(message), file_};
}

void Input::fail_later(std::string message, bool cut) {
  const Impl& im = *impl_;
  // Where the decoder stopped: bytes read from the file less those not yet handed to it (an
  // archive member's source counts the archive's bytes: its position as it is).
  const std::uint64_t unread = file_.empty() ? im.in_end - im.in_pos : 0;
  const std::uint64_t offset = consumed() - std::min<std::uint64_t>(unread, consumed());
  impl_->finished = true;
  impl_->pending = InputError{path_, offset, std::move(message), file_};
  impl_->pending_cut = cut;
}

void Input::fail(std::string message) {
  impl_->finished = true;
  impl_->staged_pos = impl_->staged_end = 0;
  impl_->hold.clear();
  impl_->pending.reset();
  error_ = InputError{path_, 0, std::move(message), file_};
}

long Input::read_raw(unsigned char* dst, std::size_t n) {
  const long got = impl_->src->read(dst, n);
  consumed_.store(impl_->src->consumed(), std::memory_order_relaxed);
  if (got < 0) fail_later(impl_->src->error(), impl_->src->cut());
  return got;
}

bool Input::fill_input(std::size_t most) {
  Impl& im = *impl_;
  if (im.in_pos == im.in_end) im.in_pos = im.in_end = 0;
  if (im.in_end == k_input_buffer) {  // cannot happen while decoders consume all they get
    std::memmove(im.in.get(), im.in.get() + im.in_pos, im.in_end - im.in_pos);
    im.in_end -= im.in_pos;
    im.in_pos = 0;
  }
  const long got = read_raw(im.in.get() + im.in_end, std::min(most, k_input_buffer - im.in_end));
  if (got < 0) return false;
  if (got == 0) im.in_eof = true;
  im.in_end += static_cast<std::size_t>(got);
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
  const long got = read_raw(reinterpret_cast<unsigned char*>(dst), n);
  if (got < 0) return 0;
  if (got == 0) {
    im.in_eof = true;
    im.finished = true;
    return 0;
  }
  return static_cast<std::size_t>(got);
}

std::size_t Input::produce_decoded(char* dst, std::size_t n) {
  Impl& im = *impl_;
  const std::string_view name = compression_name(compression_);
  for (;;) {
    if (im.in_pos == im.in_end && !im.in_eof && !fill_input(k_input_buffer)) return 0;
    const std::span<const unsigned char> in{im.in.get() + im.in_pos, im.in_end - im.in_pos};
    const bool was_at_boundary = im.decoder->at_boundary();
    const detail::DecodeStep step = im.decoder->decode(in, {dst, n}, im.in_eof);
    im.in_pos += step.in_used;
    if (step.failed) {
      std::string message = im.decoder->message();
      if (was_at_boundary)
        message += " (after a complete " + std::string(name) + " stream: trailing data?)";
      fail_later(std::move(message), false);
      return step.out_made;
    }
    // A member's end: what came before it is checked (the hold releases it), so the bytes of
    // the next member come in another call.
    if (step.out_made > 0 || (!was_at_boundary && im.decoder->at_boundary())) return step.out_made;
    if (step.in_used > 0) continue;
    // No progress at all: the decoder wants input it has not got.
    if (!im.in_eof && im.in_pos == im.in_end) continue;  // read more
    if (im.in_pos == im.in_end && im.decoder->at_boundary()) {
      im.finished = true;  // clean end: every member complete
      return 0;
    }
    if (im.in_pos == im.in_end) {
      // Cut, or damage that made the decoder read a whole member's trailer as data.
      fail_later("unexpected end of file: truncated " + std::string(name) + " stream",
                 !im.decoder->ends_like_whole());
    } else {
      fail_later(std::string(name) + ": decoder made no progress", false);
    }
    return 0;
  }
}

std::size_t Input::decode(char* dst, std::size_t n) {
  if (impl_->finished) return 0;
  return impl_->decoder ? produce_decoded(dst, n) : produce_plain(dst, n);
}

// Decoded text through the hold: a checked unit comes out once its check passed.
std::size_t Input::produce(char* dst, std::size_t n) {
  Impl& im = *impl_;
  if (!im.held) return decode(dst, n);
  for (;;) {
    if (const std::size_t k = im.hold.take(dst, n); k > 0) return k;
    if (im.finished) return 0;
    if (im.hold.passing()) {  // a unit longer than the bound: straight through
      const std::size_t k = decode(dst, n);
      settle();
      return k;
    }
    const std::span<char> room = im.hold.room();
    im.hold.added(decode(room.data(), room.size()));
    settle();
  }
}

// The decoded size the current checked unit declares, 0 if unknown: a plain ZIP member's entry
// size, or a frame's content size (a member's text is at least as long as one of its frames).
std::uint64_t Input::own_size() const {
  return file_.empty() || impl_->src == nullptr ? size_ : impl_->src->own_size();
}

std::uint64_t Input::declared_size() const {
  const Impl& im = *impl_;
  if (im.decoder) return im.decoder->declared_size();
  return im.src->declared_size();
}

// After decoding into the hold (or past it): releases what a passed check covers, drops what
// a failed one covers, lets a unit longer than the bound through — from its start when it
// declares that length (held, its first bound would be let through before its check all the
// same).
void Input::settle() {
  Impl& im = *impl_;
  if (im.finished && im.pending) {
    constexpr std::size_t mib = std::size_t{1} << 20;
    if (im.pending_cut) {
      im.hold.release();  // cut: what came before is a true prefix
    } else if (im.hold.passing()) {
      im.pending->message += "; the games read from it may be damaged (more than " +
                             std::to_string(im.hold.bound() / mib) +
                             " MiB of text, read before its check)";
    } else if (const std::size_t dropped = im.hold.drop(); dropped > 0) {
      im.pending->message +=
          "; the " + std::to_string(dropped) + " bytes of text this check covers are not read";
    }
    return;
  }
  const bool checked = im.finished || (!im.src->checked() && im.decoder->at_boundary());
  if (checked) {
    im.hold.release();
    im.hold.pass(false);
  } else if (im.hold.full() || declared_size() > im.hold.bound()) {
    im.hold.pass(true);
  }
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
    if (im.finished && im.hold.ready() == 0) break;
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

WholeInput read_whole(const std::string& path) {
  const std::unique_ptr<Input> in = Input::open(path);
  WholeInput out;
  out.content = in->content();
  char chunk[1 << 16];
  if (out.content == Content::text)
    while (const std::size_t n = in->read(chunk, sizeof chunk)) out.text.append(chunk, n);
  out.error = in->error();
  return out;
}

std::string InputError::located() const {
  return message + " (at byte " + std::to_string(offset) + " of " +
         (file.empty() ? std::string("the file") : file) + ")";
}

}  // namespace rochade::io
