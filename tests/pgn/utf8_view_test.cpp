// pgn::as_utf8(s, scratch): the text as every output writes it, as pgn::as_utf8(s) gives it,
// without a copy when the text is valid UTF-8 already. Checked on many random texts mixing ASCII,
// valid UTF-8, Latin-1 bytes, overlong forms, surrogates and cut sequences.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <string_view>

#include "pgn/tokens.hpp"

using namespace rochade;

TEST_CASE("as_utf8 view: the same text as the copy, and no copy of valid UTF-8", "[pgn][utf8]") {
  const std::string pieces[] = {"a",
                                "Z",
                                " ",
                                "\xc3\xbc" /* ü */,
                                "\xe2\x82\xac" /* € */,
                                "\xf0\x9f\x98\x80",
                                "\xfc" /* ü, Latin-1 */,
                                "\xe9",
                                "\xc0\xaf" /* overlong */,
                                "\xed\xa0\x80" /* surrogate */,
                                "\xe2\x82" /* cut */,
                                "\x80",
                                "\xff"};
  std::mt19937 rng(20261203);
  std::size_t copied = 0, viewed = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const std::size_t n = rng() % 8;
    const bool ascii_or_valid_only = rng() % 2 == 0;
    for (std::size_t i = 0; i < n; ++i) s += pieces[rng() % (ascii_or_valid_only ? 6 : 13)];
    std::string scratch = "left from before";
    const std::string_view got = pgn::as_utf8(s, scratch);
    const std::string want = pgn::as_utf8(s);
    INFO("round " << round);
    CHECK(got == want);
    if (want == s) {  // nothing to convert: a view of the text itself
      CHECK(got.data() == s.data());
      ++viewed;
    } else {
      CHECK(got.data() == scratch.data());
      ++copied;
    }
  }
  CHECK(viewed > 5000);
  CHECK(copied > 5000);
}
