// What the first read of an input costs: the part of a run's start that decides how fast a short
// run is.
#include <catch2/catch.hpp>
#include <string>

#include "io/input.hpp"
#include "io_support.hpp"

using namespace rochade::io;
using namespace rochade::io::test;

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
