// Each fixture under fixtures/ (a quirk of real files, or a crafted case) gives the events in its
// .events file, read with buffers of every size. PROVENANCE.md says where each one comes from.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "support/data.hpp"
#include "support/recorder.hpp"

namespace fs = std::filesystem;
using rochade::pgn::test::buffer_difference;
using rochade::pgn::test::first_difference;
using rochade::pgn::test::record;
using rochade::test::read_file;

namespace {

std::vector<fs::path> fixtures() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(rochade::test::fixtures_dir("pgn"))) {
    if (e.path().extension() == ".pgn") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("fixtures give their expected events", "[pgn][fixtures]") {
  const auto files = fixtures();
  REQUIRE(files.size() >= 30);
  for (const auto& pgn : files) {
    const fs::path expected = fs::path(pgn).replace_extension(".events");
    const std::string got = record(read_file(pgn.string()));
    if (!fs::exists(expected) && std::getenv("ROCHADE_WRITE_EVENTS") != nullptr) {
      std::ofstream(expected, std::ios::binary) << got;  // for review, then committed
    }
    INFO(pgn.filename().string());
    REQUIRE(fs::exists(expected));
    const std::string diff = first_difference(read_file(expected.string()), got);
    INFO(diff);
    CHECK(diff.empty());
    CHECK(got.find("VIOLATION") == std::string::npos);
  }
}

TEST_CASE("fixtures read the same with every buffer size", "[pgn][fixtures]") {
  for (const auto& pgn : fixtures()) {
    const std::string text = read_file(pgn.string());
    const std::string base = record(text);
    for (std::size_t size : {1, 2, 3, 4, 5, 6, 7, 8, 13, 64, 1000}) {
      const std::string diff = buffer_difference(base, text, size);
      INFO(pgn.filename().string() << " with a buffer of " << size << " bytes: " << diff);
      CHECK(diff.empty());
    }
  }
}

// Mutated fixtures (a fixed seed): whatever the bytes, the contract holds and the events do not
// depend on the buffer size.
TEST_CASE("mutated fixtures keep the contract with every buffer size", "[pgn][fixtures]") {
  static constexpr char kBytes[] = "{}()[];$%\"\\ \n\r\t.-/*!?=+#01eKNO\0\xBD\xC2\xEF\xBB\xBF<>";
  const std::string alphabet(kBytes, sizeof kBytes - 1);
  std::uint64_t seed = 12345;
  auto next = [&seed](std::uint64_t n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>((seed >> 33) % n);
  };
  const char* more = std::getenv("ROCHADE_FUZZ_ROUNDS");  // more rounds per fixture, by hand
  const int per_file = more != nullptr ? std::atoi(more) : 25;
  std::uint64_t rounds = 0;
  for (const auto& pgn : fixtures()) {
    const std::string original = read_file(pgn.string());
    if (original.size() > 4096) continue;
    for (int k = 0; k < per_file; ++k, ++rounds) {
      std::string text = original;
      for (int edits = 1 + static_cast<int>(next(8)); edits > 0 && !text.empty(); --edits) {
        const std::size_t at = next(text.size());
        const char c = alphabet[next(alphabet.size())];
        switch (next(3)) {
          case 0:
            text[at] = c;
            break;
          case 1:
            text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), c);
            break;
          default:
            text.erase(at, 1 + next(20));
            break;
        }
      }
      const std::string base = record(text);
      INFO(pgn.filename().string() << " mutation " << k);
      CHECK(base.find("VIOLATION") == std::string::npos);
      for (std::size_t size : {1, 2, 5}) {
        const std::string diff = buffer_difference(base, text, size);
        INFO("buffer " << size << ": " << diff);
        CHECK(diff.empty());
      }
    }
  }
  CHECK(rounds > 500);
}
