#include "io/output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "io/errors.hpp"
#include "io/output_compress.hpp"

namespace rochade::io {
namespace {

constexpr std::size_t k_buffer = std::size_t{256} << 10;
constexpr int k_max_links = 40;  // as the kernel's ELOOP limit

// The path a chain of symbolic links ends at (which may not exist yet); `err` set on a loop or
// a link that cannot be read.
std::string resolve_links(std::string path, int& err) {
  for (int i = 0; i < k_max_links; ++i) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
    std::string link(PATH_MAX, '\0');
    const ssize_t n = ::readlink(path.c_str(), link.data(), link.size());
    if (n < 0) {
      err = errno;
      return path;
    }
    link.resize(static_cast<std::size_t>(n));
    if (!link.empty() && link[0] != '/') {
      const auto slash = path.rfind('/');
      if (slash != std::string::npos) link = path.substr(0, slash + 1) + link;
    }
    path = std::move(link);
  }
  err = ELOOP;
  return path;
}

ssize_t write_some(int fd, const char* p, std::size_t n) {
  for (;;) {
    const ssize_t w = ::write(fd, p, n);
    if (w >= 0 || errno != EINTR) return w;
  }
}

}  // namespace

Output::Output(std::string path) : path_(std::move(path)) {
  if (path_ == "-") path_.clear();
  buffer_.reserve(k_buffer);
  open_target();
}

Output::~Output() { discard(); }

std::string Output::display_name() const { return is_stdout_ ? "standard output" : path_; }

void Output::fail_message(std::string message) {
  if (state_ == State::failed) return;
  state_ = State::failed;
  error_ = std::move(message);
}

void Output::fail(int err) {
  if (err == EPIPE) {
    if (state_ == State::open) state_ = State::broken_pipe;
    return;
  }
  fail_message(fmt_write_error(std::strerror(err), display_name()));
}

void Output::open_target() {
  if (path_.empty()) {
    is_stdout_ = true;
    fd_ = STDOUT_FILENO;
    return;
  }
  compressor_ = make_compressor(path_);
  // What the name leads to, links followed by the kernel: /dev/stdout's link ends in a pipe's
  // "pipe:[N]", which names no file, but opens as the pipe.
  struct stat st {};
  const bool exists = ::stat(path_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    fail_message("cannot write " + path_ + ": is a directory");
    return;
  }
  if (exists && !S_ISREG(st.st_mode)) {
    // A device, a FIFO, a socket, a pipe: written in place (a FIFO's reader sees our bytes).
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd_ < 0) {
      fail_message("cannot write " + path_ + ": " + detail::errno_text(errno));
      return;
    }
    owns_fd_ = true;
    return;
  }
  // A regular file or a new name, at the end of any chain of links (the links are kept): a
  // temporary file beside it, renamed at the end.
  int err = 0;
  target_ = resolve_links(path_, err);
  if (err != 0) {
    fail_message("cannot write " + path_ + ": " + detail::errno_text(err));
    return;
  }
  // O_EXCL with mode 0666 lets the umask decide a new file's mode, as for any other new file.
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = target_ + ".tmp-" + std::to_string(::getpid()) + "-" +
                       std::to_string(attempt);
    fd_ = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ >= 0) {
      temp_ = std::move(name);
      break;
    }
    if (errno != EEXIST) break;
  }
  if (fd_ < 0) {
    fail_message("cannot write " + path_ + ": " + detail::errno_text(errno));
    return;
  }
  owns_fd_ = true;
  if (exists) {  // keep the file's mode and, where allowed, its owner
    (void)::fchmod(fd_, st.st_mode & 07777);
    if (::geteuid() == 0) (void)::fchown(fd_, st.st_uid, st.st_gid);
  }
}

void Output::write(std::string_view bytes) {
  if (state_ != State::open || bytes.empty()) return;
  if (compressor_) {
    std::string& out = compressor_->scratch();
    out.clear();
    if (!compressor_->compress(bytes, false, out)) {
      fail_message(fmt_write_error(compressor_->message(), display_name()));
      return;
    }
    put(out.data(), out.size());
  } else {
    put(bytes.data(), bytes.size());
  }
}

void Output::put(const char* data, std::size_t n) {
  if (buffer_.size() + n > k_buffer) flush_buffer();
  if (state_ != State::open) return;
  if (n >= k_buffer) {  // big pieces go straight out
    while (n > 0 && state_ == State::open) {
      const ssize_t w = write_some(fd_, data, n);
      if (w < 0) return fail(errno);
      data += w;
      n -= static_cast<std::size_t>(w);
    }
    return;
  }
  buffer_.append(data, n);
}

void Output::flush_buffer() {
  const char* p = buffer_.data();
  std::size_t n = buffer_.size();
  while (n > 0 && state_ == State::open) {
    const ssize_t w = write_some(fd_, p, n);
    if (w < 0) {
      fail(errno);
      break;
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  buffer_.clear();
}

bool Output::commit() {
  if (state_ == State::committed) return true;
  if (state_ == State::open && compressor_) {
    std::string& out = compressor_->scratch();
    out.clear();
    if (compressor_->compress({}, true, out))
      put(out.data(), out.size());
    else
      fail_message(fmt_write_error(compressor_->message(), display_name()));
  }
  if (state_ == State::open) flush_buffer();
  if (owns_fd_) {
    // A regular file's data can fail to reach the disk only now (NFS, quotas): fsync says so.
    if (state_ == State::open && !temp_.empty() && ::fsync(fd_) != 0 && errno != EINVAL)
      fail(errno);
    if (::close(fd_) != 0 && state_ == State::open) fail(errno);
    owns_fd_ = false;
    fd_ = -1;
  }
  if (state_ == State::open && !temp_.empty()) {
    if (::rename(temp_.c_str(), target_.c_str()) != 0)
      fail_message("cannot write " + path_ + ": " + detail::errno_text(errno));
    else
      temp_.clear();
  }
  if (state_ != State::open) {
    discard();
    return false;
  }
  state_ = State::committed;
  return true;
}

void Output::discard() {
  if (owns_fd_) {
    ::close(fd_);
    owns_fd_ = false;
    fd_ = -1;
  }
  if (!temp_.empty()) {
    ::unlink(temp_.c_str());
    temp_.clear();
  }
  buffer_.clear();
  if (state_ == State::open) state_ = State::discarded;
}

bool same_output_file(const std::string& a_path, const std::string& b_path) {
  if (a_path.empty() || a_path == "-" || b_path.empty() || b_path == "-") return false;
  struct stat a {};
  struct stat b {};
  const bool a_exists = ::stat(a_path.c_str(), &a) == 0;
  const bool b_exists = ::stat(b_path.c_str(), &b) == 0;
  if (a_exists && b_exists)
    return S_ISREG(a.st_mode) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
  std::error_code ec;
  const auto x = std::filesystem::weakly_canonical(a_path, ec);
  if (ec) return false;
  const auto y = std::filesystem::weakly_canonical(b_path, ec);
  return !ec && x == y;
}

}  // namespace rochade::io
