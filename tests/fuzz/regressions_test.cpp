// The fuzz regressions in the ordinary test suite (no Clang needed): every file under
// tests/fuzz/regressions/<target>/ (inputs that once broke rochade, and a few seeds) goes
// through fuzz_<target>(), the same function the libFuzzer target runs. A broken invariant
// throws here (instead of aborting) and fails the test with its message; a memory error fails
// it under the sanitizer build (scripts/test --sanitize).
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "targets/fuzz_targets.hpp"

namespace fs = std::filesystem;

namespace {

using Entry = int (*)(const std::uint8_t*, std::size_t);

const fs::path kRegressions = fs::path(ROCHADE_SOURCE_DIR) / "tests" / "fuzz" / "regressions";

[[noreturn]] void throw_failure(const std::string& what) { throw std::runtime_error(what); }

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void run_all(const std::string& target, Entry entry) {
  rochade::fuzz::set_failure_handler(throw_failure);
  const fs::path dir = kRegressions / target;
  REQUIRE(fs::is_directory(dir));
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE(!files.empty());
  for (const fs::path& f : files) {
    const std::string bytes = read_bytes(f);
    INFO(target << "/" << f.filename().string() << " (" << bytes.size() << " bytes)");
    int rc = -1;
    CHECK_NOTHROW(rc = entry(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
    CHECK(rc == 0);
  }
  rochade::fuzz::set_failure_handler(nullptr);
}

}  // namespace

TEST_CASE("fuzz regressions: a broken invariant fails the test", "[fuzz]") {
  rochade::fuzz::set_failure_handler(throw_failure);
  CHECK_THROWS_WITH(rochade::fuzz::check(false, "broken"), "broken");
  CHECK_NOTHROW(rochade::fuzz::check(true, "fine"));
  rochade::fuzz::set_failure_handler(nullptr);
}

TEST_CASE("fuzz regressions: reader", "[fuzz]") { run_all("reader", fuzz_reader); }
TEST_CASE("fuzz regressions: san", "[fuzz]") { run_all("san", fuzz_san); }
TEST_CASE("fuzz regressions: fen", "[fuzz]") { run_all("fen", fuzz_fen); }
TEST_CASE("fuzz regressions: decode", "[fuzz]") { run_all("decode", fuzz_decode); }
TEST_CASE("fuzz regressions: replay", "[fuzz]") { run_all("replay", fuzz_replay); }
TEST_CASE("fuzz regressions: splitter", "[fuzz]") { run_all("splitter", fuzz_splitter); }
