// The raw bytes of a file descriptor: read(2), retried on EINTR, counted for consumed().
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <memory>
#include <string>

#include "io/decoder.hpp"
#include "io/errors.hpp"

namespace rochade::io {
namespace {

class FdSource final : public detail::RawSource {
 public:
  FdSource(int fd, bool owned, std::uint64_t size) : fd_(fd), owned_(owned), size_(size) {}
  ~FdSource() override {
    if (owned_) ::close(fd_);
  }
  FdSource(const FdSource&) = delete;
  FdSource& operator=(const FdSource&) = delete;
  long read(unsigned char* dst, std::size_t n) override {
    for (;;) {  // retries on EINTR
      const ssize_t got = ::read(fd_, dst, n);
      if (got >= 0) {
        consumed_ += static_cast<std::uint64_t>(got);
        return static_cast<long>(got);
      }
      if (errno != EINTR) {
        error_ = detail::errno_text(errno);
        return -1;
      }
    }
  }
  std::string error() const override { return error_; }
  std::uint64_t consumed() const override { return consumed_; }
  std::uint64_t size() const override { return size_; }

 private:
  int fd_;
  bool owned_;
  std::uint64_t size_;
  std::uint64_t consumed_ = 0;
  std::string error_;
};

}  // namespace

std::unique_ptr<detail::RawSource> detail::fd_source(int fd, bool owned, std::uint64_t size) {
  return std::make_unique<FdSource>(fd, owned, size);
}

}  // namespace rochade::io
