// The fuzz targets: one entry function per target, shared by the libFuzzer wrappers
// (tests/fuzz/fuzz_<name>.cpp, built with -DROCHADE_FUZZ=ON and Clang) and by the ordinary test
// tests/fuzz/regressions_test.cpp, which feeds every file of tests/fuzz/regressions/<name>/
// through the same function in every build.
//
// Each entry takes any bytes and returns 0. A broken invariant (pieces that read unlike the
// whole, a FEN that does not survive to_fen, ...) calls fail(): by default a message on stderr
// and abort(), which libFuzzer records as a crash; the regression test installs a handler that
// throws instead. Memory errors and undefined behaviour are the sanitizers' to find.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

int fuzz_reader(const std::uint8_t* data, std::size_t size);    // pgn::Reader, all options
int fuzz_san(const std::uint8_t* data, std::size_t size);       // parse_san, resolve, to_san
int fuzz_fen(const std::uint8_t* data, std::size_t size);       // parse_fen, to_fen, movegen
int fuzz_decode(const std::uint8_t* data, std::size_t size);    // io::Input on gz/bz2/xz/zst
int fuzz_replay(const std::uint8_t* data, std::size_t size);    // replay, stats, reports
int fuzz_splitter(const std::uint8_t* data, std::size_t size);  // find_game_cut vs the reader

namespace rochade::fuzz {

// Called with what broke; must not return normally (abort, or throw).
using FailureHandler = void (*)(const std::string& what);
void set_failure_handler(FailureHandler handler);  // nullptr: the default (stderr, abort)
[[noreturn]] void fail(const std::string& what);
inline void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

// A file of this process for `name` under the temporary directory (one per name and process,
// rewritten by each call, removed at exit).
const std::string& temp_file(std::string_view name);
void write_file(const std::string& path, std::string_view bytes);

// The input as option bytes followed by text: take() gives the next byte (0 once used up).
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t take() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::string_view rest() const {
    return {reinterpret_cast<const char*>(data_) + pos_, size_ - pos_};
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace rochade::fuzz
