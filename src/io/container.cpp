// Container over libarchive: the archive's bytes come from the Input that found it (ZIP, tar:
// streamed) or from its path (7z: seeking); members are read with archive_read_data into the
// member's own Input, which decodes a compressed member like any file.
#include "io/container.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <string>

#include <archive.h>
#include <archive_entry.h>

#include "io/decoder.hpp"

namespace rochade::io {

struct Container::State {
  archive* a = nullptr;
  std::unique_ptr<Input> raw;  // null for 7z (libarchive reads the file itself)
  std::unique_ptr<unsigned char[]> block;
  std::string tail;     // the last bytes of the stream read so far (its end record)
  bool failed = false;  // a fault: no member after it
  Content content = Content::zip;
  std::uint64_t size = 0;  // of the archive file, 0 when unknown
  bool checked = false;    // members' data carry a CRC (ZIP, 7z), not a tar's
  bool raw_ended = false;  // the stream's end (or its fault) was read
  ~State() {
    if (a != nullptr) archive_read_free(a);
  }
  // Where in the archive file the reading is: the raw input's bytes for a stream (its decoder's,
  // for a compressed tar), libarchive's own count for a file it reads.
  std::uint64_t consumed() const {
    if (a == nullptr) return 0;
    // A plain stream: where libarchive's reading is, exactly (not how far ahead we read).
    if (raw != nullptr && raw->compression() != Compression::plain) return raw->consumed();
    const la_int64_t at = archive_filter_bytes(a, raw != nullptr ? 0 : -1);
    return at > 0 ? static_cast<std::uint64_t>(at) : 0;
  }
  std::string error_text() const {
    if (raw != nullptr && raw->error()) return raw->error()->message;
    const char* e = a != nullptr ? archive_error_string(a) : nullptr;
    const std::string text = e != nullptr ? std::string(e) : std::string("damaged archive");
    // zlib's codes, as libarchive passes them on, in words.
    if (text == "ZIP decompression failed (-5)")
      return "ZIP: the deflate data ends early (truncated?)";
    if (text == "ZIP decompression failed (-3)") return "ZIP: corrupt deflate data";
    return text;
  }
};

namespace {

constexpr std::size_t k_block = std::size_t{1} << 20;

// The end of a stream, kept to check that the archive ends where its format says it ends: a
// ZIP's end record (22 bytes, a comment of up to 64 KiB), a tar's two zero blocks.
constexpr std::size_t k_tail = 70 * 1024;

void keep_tail(Container::State& s, std::size_t n) {
  const char* bytes = reinterpret_cast<const char*>(s.block.get());
  if (n >= k_tail) {
    s.tail.assign(bytes + n - k_tail, k_tail);
    return;
  }
  s.tail.append(bytes, n);
  if (s.tail.size() > k_tail) s.tail.erase(0, s.tail.size() - k_tail);
}

// Whether `tail` (the last bytes of the stream) holds the end of a complete archive.
bool ends_whole(Content c, const std::string& tail) {
  if (c == Content::tar) {  // the end-of-archive marker (zero blocks), then zero padding
    const std::size_t data_end = tail.find_last_not_of('\0');
    return tail.size() >= 1024 && (data_end == std::string::npos || data_end < tail.size() - 1024);
  }
  // ZIP: an end-of-central-directory record whose comment reaches exactly to the end.
  for (std::size_t at = tail.rfind("PK\x05\x06"); at != std::string::npos && at + 22 <= tail.size();
       at = at == 0 ? std::string::npos : tail.rfind("PK\x05\x06", at - 1)) {
    const auto comment = static_cast<std::size_t>(static_cast<unsigned char>(tail[at + 20])) |
                         static_cast<std::size_t>(static_cast<unsigned char>(tail[at + 21])) << 8;
    if (at + 22 + comment == tail.size()) return true;
  }
  return false;
}

la_ssize_t read_raw(archive* a, void* client, const void** buffer) {
  auto* s = static_cast<Container::State*>(client);
  const std::size_t n = s->raw->read(reinterpret_cast<char*>(s->block.get()), k_block);
  *buffer = s->block.get();
  if (n == 0) s->raw_ended = true;
  if (n == 0 && s->raw->error()) {
    archive_set_error(a, EIO, "%s", s->raw->error()->message.c_str());
    return ARCHIVE_FATAL;
  }
  keep_tail(*s, n);
  return static_cast<la_ssize_t>(n);
}

// A member's bytes, as libarchive decompresses them, block by block. (Not archive_read_data:
// when a block fails it returns the error and drops the bytes it had copied in the same call,
// up to a whole buffer of good text before the damage.)
class MemberSource final : public detail::RawSource {
 public:
  MemberSource(std::shared_ptr<Container::State> s, std::uint64_t declared)
      : s_(std::move(s)), declared_(declared) {}
  long read(unsigned char* dst, std::size_t n) override {
    while (at_ == size_) {
      if (ended_) return 0;
      if (s_->failed || warned_) {
        if (warned_) s_->failed = true;
        return -1;
      }
      const void* block = nullptr;
      la_int64_t offset = 0;
      const int rc = archive_read_data_block(s_->a, &block, &size_, &offset);
      at_ = 0;
      if (rc == ARCHIVE_EOF) {
        size_ = 0;
        ended_ = true;
        return 0;
      }
      if (rc < ARCHIVE_WARN) {
        size_ = 0;
        s_->failed = true;
        error_ = s_->error_text();
        // Cut when the stream ended without its end record; else damage inside the archive.
        cut_ = s_->raw == nullptr ? false : s_->raw_ended && !ends_whole(s_->content, s_->tail);
        return -1;
      }
      // ARCHIVE_WARN on data: a member whose CRC does not match (ZIP). Its bytes so far are
      // out; the fault comes next.
      if (rc == ARCHIVE_WARN) {
        warned_ = true;
        error_ = s_->error_text();
      }
      block_ = static_cast<const unsigned char*>(block);
    }
    const std::size_t k = std::min(n, size_ - at_);
    std::memcpy(dst, block_ + at_, k);
    at_ += k;
    delivered_ += k;
    return static_cast<long>(k);
  }
  std::string error() const override { return error_; }
  std::uint64_t consumed() const override { return s_->consumed(); }
  std::uint64_t size() const override { return s_->size; }  // the archive's (progress)
  bool checked() const override { return s_->checked; }
  std::uint64_t declared_size() const override { return declared_; }
  std::uint64_t own_size() const override { return declared_ != 0 ? declared_ : delivered_; }
  bool cut() const override { return cut_; }

 private:
  std::shared_ptr<Container::State> s_;
  std::uint64_t declared_;  // the entry's size in its header, 0 if not given
  std::uint64_t delivered_ = 0;  // bytes of the member read so far
  bool cut_ = false;
  const unsigned char* block_ = nullptr;
  std::size_t size_ = 0, at_ = 0;
  bool ended_ = false;
  bool warned_ = false;
  std::string error_;
};

// A member that cannot be read at all (encrypted): its input fails at once with `message`.
class FailedSource final : public detail::RawSource {
 public:
  FailedSource(std::string message, std::uint64_t at) : message_(std::move(message)), at_(at) {}
  long read(unsigned char*, std::size_t) override { return -1; }
  std::string error() const override { return message_; }
  std::uint64_t consumed() const override { return at_; }

 private:
  std::string message_;
  std::uint64_t at_;
};

std::string base_name(std::string_view path) {
  const auto slash = path.find_last_of('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

}  // namespace

std::unique_ptr<Container> Container::open(std::unique_ptr<Input> raw, bool is_stdin) {
  std::unique_ptr<Container> c(new Container());
  c->name_ = raw->path();
  c->content_ = raw->content();
  c->compression_ = raw->compression();
  c->size_ = raw->size();
  c->state_ = std::make_shared<State>();
  State& s = *c->state_;
  s.content = c->content_;
  s.size = c->size_;
  s.checked = c->content_ != Content::tar;
  s.a = archive_read_new();
  if (s.a == nullptr) {
    c->fail("cannot start libarchive");
    return c;
  }
  int rc = ARCHIVE_OK;
  if (c->content_ == Content::sevenzip) {
    if (is_stdin || c->compression_ != Compression::plain) {
      c->fail(is_stdin ? "a 7z archive cannot be read from standard input (7z needs seeking): "
                         "name the file instead"
                       : "a 7z archive inside " + std::string(compression_name(c->compression_)) +
                             " cannot be read (7z needs seeking): decompress it first");
      return c;
    }
    archive_read_support_format_7zip(s.a);
    const std::string path = c->name_;
    raw.reset();  // libarchive opens the file itself
    rc = archive_read_open_filename(s.a, path.c_str(), k_block);
  } else {
    if (c->content_ == Content::zip) {
      archive_read_support_format_zip_streamable(s.a);
    } else {
      archive_read_support_format_tar(s.a);
      archive_read_support_format_gnutar(s.a);
    }
    try {
      s.block = std::make_unique_for_overwrite<unsigned char[]>(k_block);
    } catch (const std::exception& e) {
      c->fail(std::string("cannot open: ") + e.what());
      return c;
    }
    s.raw = std::move(raw);
    rc = archive_read_open(s.a, &s, nullptr, read_raw, nullptr);
  }
  if (rc != ARCHIVE_OK) c->fail(s.error_text());
  return c;
}

Container::~Container() = default;

std::uint64_t Container::consumed() const { return state_ ? state_->consumed() : 0; }

std::string Container::format_name() const {
  std::string name(content_name(content_));
  if (compression_ != Compression::plain) {
    name.push_back('+');
    name += compression_name(compression_);
  }
  return name;
}

// A streamed archive whose format says it is over: the rest of the stream is read (a ZIP's
// central directory, a tar's padding) and its end checked, so that an archive cut between two
// members is not taken for a whole one.
void Container::check_end() {
  State& s = *state_;
  if (s.raw == nullptr) return;  // 7z: libarchive checked its end header first
  const void* ignored = nullptr;
  while (read_raw(s.a, &s, &ignored) > 0) {
  }
  if (s.raw->error()) {
    fail(s.raw->error()->message);
  } else if (!ends_whole(content_, s.tail)) {
    fail(content_ == Content::zip ? "unexpected end of file: no ZIP end record (truncated?)"
                                  : "unexpected end of file: no tar end marker (truncated?)");
  }
}

void Container::fail(std::string message) {
  if (state_) state_->failed = true;
  if (!last_member_.empty()) message = "after member " + last_member_ + ": " + message;
  error_ = InputError{name_, state_ ? state_->consumed() : 0, std::move(message), {}};
}

std::vector<std::string> Container::rest() {
  std::vector<std::string> names;
  State& s = *state_;
  if (ended_ || error_ || s.failed) return names;
  ended_ = true;
  archive_entry* entry = nullptr;
  while (archive_read_next_header(s.a, &entry) >= ARCHIVE_WARN) {
    const char* p = archive_entry_pathname(entry);
    const std::string member = p != nullptr ? p : "?";
    if (archive_entry_filetype(entry) == AE_IFREG && is_pgn_name(base_name(member)))
      names.push_back(name_ + ":" + member);
  }
  return names;
}

std::unique_ptr<Input> Container::next_member() {
  State& s = *state_;
  if (ended_ || error_ || s.failed) return nullptr;
  for (;;) {
    archive_entry* entry = nullptr;
    const int rc = archive_read_next_header(s.a, &entry);
    if (rc == ARCHIVE_EOF) {
      ended_ = true;
      check_end();
      return nullptr;
    }
    if (rc < ARCHIVE_WARN) {  // ARCHIVE_WARN: the header was read (an odd field); go on
      fail(s.error_text());
      return nullptr;
    }
    const char* p = archive_entry_pathname(entry);
    const std::string member = p != nullptr ? p : "?";
    if (archive_entry_filetype(entry) == AE_IFDIR) continue;
    const std::string base = base_name(member);
    if (!is_pgn_name(base) || archive_entry_filetype(entry) != AE_IFREG) {
      (is_archive_name(base) ? nested_ : skipped_).push_back(member);
      continue;
    }
    last_member_ = member;
    const std::string display = name_ + ":" + member;
    if (archive_entry_is_encrypted(entry) != 0) {
      return Input::open_source(
          display, name_,
          std::make_unique<FailedSource>("encrypted: rochade cannot read encrypted members",
                                         s.consumed()));
    }
    const std::uint64_t size =
        archive_entry_size_is_set(entry) != 0 && archive_entry_size(entry) > 0
            ? static_cast<std::uint64_t>(archive_entry_size(entry))
            : 0;
    auto in = Input::open_source(display, name_, std::make_unique<MemberSource>(state_, size));
    if (in->ok() && in->content() != Content::text) {
      in->fail("a " + std::string(content_name(in->content())) +
               " archive inside an archive is not read (one level of containers)");
    }
    return in;
  }
}

std::vector<std::string> Container::notes() const {
  const auto some = [](const std::vector<std::string>& names) {  // "a, b, c and 4 more"
    constexpr std::size_t k_shown = 3;
    std::string text;
    for (std::size_t i = 0; i < names.size() && i < k_shown; ++i)
      text += (i > 0 ? ", " : "") + names[i];
    if (names.size() > k_shown) text += " and " + std::to_string(names.size() - k_shown) + " more";
    return text;
  };
  std::vector<std::string> out;
  if (!skipped_.empty())
    out.push_back(std::to_string(skipped_.size()) +
                  " member(s) not named *.pgn skipped: " + some(skipped_));
  if (!nested_.empty())
    out.push_back("archives inside an archive are not read (one level of containers): " +
                  some(nested_));
  return out;
}

}  // namespace rochade::io
