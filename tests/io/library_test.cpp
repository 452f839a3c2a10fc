// Libraries loaded when first needed (src/io/shared_library.hpp), and what the first read of an
// input costs: the parts of a run's start that decide how fast a short run is.
#include <catch2/catch.hpp>
#include <string>

#include "io/archive_api.hpp"
#include "io/input.hpp"
#include "io/shared_library.hpp"
#include "io_support.hpp"

using namespace rochade::io;
using namespace rochade::io::test;

TEST_CASE("a shared library that is not there says so, and binds nothing", "[io][library]") {
  SharedLibrary lib("librochade-no-such-library.so.7");
  CHECK_FALSE(lib.ok());
  CHECK(lib.error().find("librochade-no-such-library.so.7") != std::string::npos);
  int (*f)(int) = nullptr;
  lib.bind(f, "abs");
  CHECK(f == nullptr);
}

TEST_CASE("a missing function makes the library not ok, naming the function", "[io][library]") {
  SharedLibrary lib("libc.so.6");
  REQUIRE(lib.ok());
  int (*abs_of)(int) = nullptr;
  lib.bind(abs_of, "abs");
  REQUIRE(abs_of != nullptr);
  CHECK(abs_of(-7) == 7);
  CHECK(lib.ok());
  void (*missing)() = nullptr;
  lib.bind(missing, "rochade_no_such_function");
  CHECK(missing == nullptr);
  CHECK_FALSE(lib.ok());
  CHECK(lib.error().find("rochade_no_such_function") != std::string::npos);
}

TEST_CASE("libarchive loads, with every function rochade calls", "[io][library]") {
  std::string why;
  const ArchiveApi* api = archive_api(why);
  INFO(why);
  REQUIRE(api != nullptr);
  CHECK(why.empty());
#define ROCHADE_CHECK_BOUND(name) CHECK(api->name != nullptr);
  ROCHADE_ARCHIVE_FUNCTIONS(ROCHADE_CHECK_BOUND)
#undef ROCHADE_CHECK_BOUND
  // The library loaded is the one the headers describe (same major version).
  const std::string version = api->archive_version_string();
  CHECK(version.rfind("libarchive " + std::to_string(ARCHIVE_VERSION_NUMBER / 1000000) + ".", 0) ==
        0);
  CHECK(archive_api(why) == api);  // loaded once
}

TEST_CASE("opening a plain file reads only its head", "[io][library]") {
  // The first read(2) is for the sniffing; the rest of the text is read straight into the
  // caller's buffers, so the input's own buffer is touched (page-faulted) only that far.
  TempDir dir;
  const fs::path big = big_file(dir);
  auto in = Input::open(big.string());
  REQUIRE(in->ok());
  CHECK(in->content() == Content::text);
  CHECK(in->consumed() > 0);
  CHECK(in->consumed() <= 64 * 1024);
  CHECK(in->size() > 1024 * 1024);
  // ... and what is read after it is the file, in order.
  CHECK(read_all(*in, 64 * 1024) == read_file(big));
}
