// The progress bar's byte count: files one after the other, and the members of an archive,
// which are inputs of their own read from one file (their size and consumed bytes are the
// archive's): the archive counts once, in full, and the count never goes back.
#include <catch2/catch.hpp>

#include "run/progress.hpp"

using rochade::run::ReadBytes;

TEST_CASE("progress: an archive's members count the archive's bytes once", "[run][progress]") {
  ReadBytes r;
  r.opened("a.pgn", 100);
  CHECK(r.at(60) == 60);
  CHECK(r.at(100) == 100);
  // t.zip, 1000 bytes, three members: consumed() is the archive's bytes read so far.
  r.opened("t.zip", 1000);
  CHECK(r.at(300) == 400);
  r.opened("t.zip", 1000);
  CHECK(r.at(650) == 750);
  r.opened("t.zip", 1000);
  CHECK(r.at(990) == 1090);
  // The next file: after the whole archive (its end record read or not).
  r.opened("b.pgn.gz", 50);
  CHECK(r.at(0) == 1100);
  CHECK(r.at(50) == 1150);
}

TEST_CASE("progress: a file of unknown size counts what was read of it", "[run][progress]") {
  ReadBytes r;
  r.opened("-", 0);  // a ZIP on standard input: members of "-"
  CHECK(r.at(70) == 70);
  r.opened("-", 0);
  CHECK(r.at(120) == 120);
  r.opened("c.pgn", 10);
  CHECK(r.at(10) == 130);
  // The same file named again later (a.pgn given twice) counts again.
  r.opened("a.pgn", 5);
  r.opened("c.pgn", 10);
  CHECK(r.at(3) == 138);  // 130 + 5 + 3
}
