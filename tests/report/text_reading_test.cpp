// One reading of tag text: clean_text (text, Markdown, HTML, CSV) reads bytes as pgn::as_utf8
// does (the JSON and the partial), so a report printed from a partial, whose text went through
// as_utf8, is the run's byte for byte.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "pgn/tokens.hpp"
#include "report/common/text.hpp"

using rochade::pgn::as_utf8;
using rochade::report::clean_text;

TEST_CASE("clean_text reads as as_utf8 reads: the same text from the bytes or from as_utf8's",
          "[report]") {
  // A C1 byte alone in UTF-8 text (fuzz regression replay/merge-html-c1-byte-in-utf8.pgn): the
  // run read it as U+FFFD, the partial's U+0082 stayed U+0082.
  CHECK(clean_text("11.\x82[Event") == "11.\xEF\xBF\xBD[Event");
  CHECK(clean_text(as_utf8("11.\x82[Event")) == "11.\xEF\xBF\xBD[Event");
  // The C1 controls are no text however they come: a Latin-1 byte or UTF-8.
  CHECK(clean_text("\xC2\x82") == "\xEF\xBF\xBD");
  CHECK(clean_text("\xC2\x9F") == "\xEF\xBF\xBD");
  CHECK(clean_text("\xC2\xA0") == "\xC2\xA0");  // U+00A0 is text
  // Every single byte, alone, between ASCII and after valid UTF-8; and runs of them.
  std::string all;
  for (int b = 0; b < 256; ++b) {
    const std::string one(1, static_cast<char>(b));
    for (const std::string& s : {one, "a" + one + "b", "\xC3\xBC" + one, one + "\xE2\x80\xA6"}) {
      INFO("byte " << b);
      CHECK(clean_text(as_utf8(s)) == clean_text(s));
    }
    all += one;
  }
  CHECK(clean_text(as_utf8(all)) == clean_text(all));
  // A sequence cut short, an overlong form, a surrogate: each byte Latin-1, both ways.
  for (const std::string s : {"\xE2\x80", "\xC0\xAF", "\xED\xA0\x80", "\xF0\x9F\x98", "x\x82\xC3"})
    CHECK(clean_text(as_utf8(s)) == clean_text(s));
}

TEST_CASE("append_clean_text: any byte at any place of plain text, and what a CSV field quotes",
          "[report]") {
  // Plain ASCII is copied eight bytes at a time (the last eight overlapping): one byte of every
  // value at every place of texts of 1 to 24 bytes reads as it reads alone, and the answer
  // "holds a comma or a quote" is the text's.
  for (std::size_t n = 1; n <= 24; ++n)
    for (std::size_t at = 0; at < n; ++at)
      for (int b = 0; b < 256; ++b) {
        const std::string one(1, static_cast<char>(b));
        const std::string s = std::string(at, 'a') + one + std::string(n - at - 1, 'a');
        const std::string expected =
            std::string(at, 'a') + clean_text(one) + std::string(n - at - 1, 'a');
        std::string out = "kept";
        const bool special = rochade::report::append_clean_text(s, out);
        INFO("length " << n << ", byte " << b << " at " << at);
        REQUIRE(out == "kept" + expected);
        REQUIRE(special == (expected.find_first_of(",\"") != std::string::npos));
      }
  std::string out;
  CHECK(rochade::report::append_clean_text("Kasparov, Garry", out));
  CHECK(!rochade::report::append_clean_text("Kasparov Garry", out));
  CHECK(rochade::report::append_clean_text("He said \"no\" twice", out));
  CHECK(out == "Kasparov, GarryKasparov GarryHe said \"no\" twice");
}

TEST_CASE("copy_printable: what it copies is the text, and it tells which bytes it holds",
          "[report]") {
  // One byte of every value at every place of texts of 0 to 24 bytes (the words of 8 and 4 bytes,
  // the last overlapping, and the short texts a byte at a time).
  for (std::size_t n = 0; n <= 24; ++n)
    for (std::size_t at = 0; at < std::max<std::size_t>(n, 1); ++at)
      for (int b = 0; b < 256; ++b) {
        std::string s = std::string(n, 'a');
        if (n > 0) s[at] = static_cast<char>(b);
        std::string to(n + 8, '#');
        const rochade::report::Printable p = rochade::report::copy_printable(s, to.data());
        INFO("length " << n << ", byte " << b << " at " << at);
        const bool printable = n == 0 || (b >= 0x20 && b < 0x7F);
        REQUIRE(p.ok == printable);
        REQUIRE(p.comma == (n > 0 && b == ','));
        REQUIRE(p.quote == (n > 0 && b == '"'));
        if (printable) REQUIRE(to.substr(0, n) == s);
        REQUIRE(to.substr(n) == std::string(8, '#'));  // nothing past the text
      }
}
