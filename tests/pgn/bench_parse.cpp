// Parse-only benchmark of the PGN reader: bench_parse FILE [BUFFER_SIZE]
// Reads FILE (plain PGN) with a visitor that only counts, prints games, tokens and MB/s.
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "pgn/reader.hpp"

namespace {

class FileSource : public rochade::pgn::ByteSource {
 public:
  explicit FileSource(int fd) : fd_(fd) {}
  std::size_t read(char* dst, std::size_t n) override {
    for (;;) {
      const ssize_t k = ::read(fd_, dst, n);
      if (k >= 0) {
        bytes_ += static_cast<std::uint64_t>(k);
        return static_cast<std::size_t>(k);
      }
    }
  }
  std::uint64_t bytes() const { return bytes_; }

 private:
  int fd_;
  std::uint64_t bytes_ = 0;
};

class CountingVisitor : public rochade::pgn::Visitor {
 public:
  rochade::pgn::Skip tag(std::string_view, std::string_view) override {
    ++tokens;
    return rochade::pgn::Skip::no;
  }
  rochade::pgn::Skip move(const rochade::pgn::MoveToken&) override {
    ++tokens;
    return rochade::pgn::Skip::no;
  }
  rochade::pgn::Skip comment(std::string_view, bool) override {
    ++tokens;
    return rochade::pgn::Skip::no;
  }
  void result(std::string_view) override { ++tokens; }
  void error(const rochade::pgn::ParseError&) override { ++errors; }
  std::uint64_t tokens = 0;
  std::uint64_t errors = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_parse FILE [BUFFER_SIZE]\n");
    return 2;
  }
  const int fd = ::open(argv[1], O_RDONLY);
  if (fd < 0) {
    std::perror(argv[1]);
    return 1;
  }
  rochade::pgn::ReaderOptions opts;
  if (argc > 2) opts.buffer_size = std::strtoull(argv[2], nullptr, 10);
  FileSource src(fd);
  CountingVisitor v;
  const auto t0 = std::chrono::steady_clock::now();
  rochade::pgn::Reader reader(src, opts);
  const std::uint64_t games = reader.read_all(v);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ::close(fd);
  const double mb = static_cast<double>(src.bytes()) / 1e6;
  std::printf("games %llu tokens %llu errors %llu bytes %llu seconds %.3f MB/s %.1f games/s %.0f\n",
              static_cast<unsigned long long>(games), static_cast<unsigned long long>(v.tokens),
              static_cast<unsigned long long>(v.errors),
              static_cast<unsigned long long>(src.bytes()), s, mb / s,
              static_cast<double>(games) / s);
  return 0;
}
