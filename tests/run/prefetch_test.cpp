// Decoding ahead (run/prefetch.hpp): the bytes a Prefetch gives are exactly the input's, in
// order, whether its own thread decodes them or, after hand_over(), the reader and any number of
// helpers at once; a damaged input ends where a plain read of it ends, with the same error.
#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "io/input.hpp"
#include "run/prefetch.hpp"

namespace fs = std::filesystem;
using namespace rochade;

namespace {

struct Read {
  std::string bytes;
  std::string error;  // io::Input's, after the end
};

Read plain(const std::string& path) {
  Read r;
  auto in = io::Input::open(path);
  std::vector<char> buf(7777);
  while (const std::size_t n = in->read(buf.data(), buf.size())) r.bytes.append(buf.data(), n);
  if (in->error()) r.error = in->error()->message;
  return r;
}

// Reads in pieces of random sizes; hands over after `before` bytes (never: npos), with `helpers`
// threads calling help() all along from then on.
Read prefetched(const std::string& path, std::size_t blocks, std::size_t block_size,
                std::size_t before, int helpers, unsigned seed) {
  Read r;
  run::Prefetch p(io::Input::open(path), blocks, block_size);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::size_t> size(1, 3 * block_size);
  std::atomic<bool> done{false};
  std::vector<std::thread> threads;
  std::vector<char> buf(3 * block_size);
  for (;;) {
    if (r.bytes.size() >= before && threads.empty() && before != std::string::npos) {
      p.hand_over();
      for (int i = 0; i < helpers; ++i)
        threads.emplace_back([&] {
          while (!done.load()) p.help();
        });
    }
    const std::size_t n = p.read(buf.data(), size(rng));
    if (n == 0) break;
    r.bytes.append(buf.data(), n);
  }
  done.store(true);
  for (auto& t : threads) t.join();
  if (p.input().error()) r.error = p.input().error()->message;
  return r;
}

}  // namespace

TEST_CASE("prefetch: the same bytes from its thread, from the reader, and from helpers",
          "[run][prefetch]") {
  const std::string sample = std::string(ROCHADE_SOURCE_DIR) + "/data/sample.pgn.zst";
  const fs::path dir =
      fs::temp_directory_path() / ("rochade-prefetch-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string cut = (dir / "cut.pgn.zst").string();
  fs::copy_file(sample, cut, fs::copy_options::overwrite_existing);
  fs::resize_file(cut, fs::file_size(cut) / 2);

  for (const std::string& path : {sample, cut}) {
    const Read want = plain(path);
    REQUIRE(want.bytes.size() > 100000);
    CHECK((path == cut) == !want.error.empty());
    unsigned seed = 1;
    for (std::size_t block_size : {std::size_t{1000}, std::size_t{64} << 10}) {
      for (std::size_t blocks : {std::size_t{1}, std::size_t{4}, std::size_t{16}}) {
        for (std::size_t before : {std::size_t{0}, std::size_t{50000}, std::string::npos}) {
          for (int helpers : {0, 1, 3}) {
            if (before == std::string::npos && helpers > 0) continue;
            INFO(path << ": blocks of " << block_size << " x" << blocks << ", hand over after "
                      << before << ", " << helpers << " helpers");
            const Read got = prefetched(path, blocks, block_size, before, helpers, seed++);
            CHECK(got.bytes.size() == want.bytes.size());
            CHECK(got.bytes == want.bytes);
            CHECK(got.error == want.error);
          }
        }
      }
    }
  }
  fs::remove_all(dir);
}

TEST_CASE("prefetch: stopped halfway, the thread and the helpers end", "[run][prefetch]") {
  const std::string sample = std::string(ROCHADE_SOURCE_DIR) + "/data/sample.pgn.zst";
  for (bool handed_over : {false, true}) {
    run::Prefetch p(io::Input::open(sample), 4, 1000);
    std::vector<char> buf(5000);
    REQUIRE(p.read(buf.data(), buf.size()) == buf.size());
    std::atomic<bool> done{false};
    std::thread helper;
    if (handed_over) {
      p.hand_over();
      helper = std::thread([&] {
        while (!done.load()) p.help();
      });
    }
    p.stop();
    const std::uint64_t consumed = p.input().consumed();
    for (int i = 0; i < 100; ++i) p.help();  // nothing more is decoded after stop()
    CHECK(p.input().consumed() == consumed);
    done.store(true);
    if (helper.joinable()) helper.join();
    CHECK_FALSE(p.input().error());
  }
}
